package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"move/commands"
	"move/domain"
	"move/domain/catalog"
	"move/migrations"
)

// seedNamespace makes the demo data's command ids: seeding twice writes nothing twice.
var seedNamespace = uuid.MustParse("6f1d7c52-0a53-4f4e-9a44-3f1f0f7c2b10")

// errSeedInProduction keeps the demo users, with their published password, out of a
// production install (README: First run in production).
var errSeedInProduction = errors.New("MOVE_ENV=production: move seed writes demo data with a published password and is refused; see the README's \"First run in production\"")

func seedCmd(ctx context.Context, cfg config, log *slog.Logger) error {
	if cfg.Production {
		return errSeedInProduction
	}
	if err := migrations.Up(cfg.DatabaseURL); err != nil {
		return err
	}
	b, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer b.close()
	n, err := seedCatalog(ctx, b.app)
	if err != nil {
		return err
	}
	log.Info("seeded", "catalogue_items", n)
	if err := seedIdentity(ctx, cfg, b, log); err != nil {
		return err
	}
	if err := seedOrganizations(ctx, b, log); err != nil {
		return err
	}
	if err := seedWallets(ctx, b, log); err != nil {
		return err
	}
	if err := seedCampaigns(ctx, b, log); err != nil {
		return err
	}
	if err := seedOrders(ctx, b, log); err != nil {
		return err
	}
	return seedProducts(ctx, b, log)
}

func seedMeta(key string) commands.Meta {
	return commands.Meta{CommandID: uuid.NewSHA1(seedNamespace, []byte(key)), ActorID: "seed"}
}

func seedCatalog(ctx context.Context, app *commands.App) (int, error) {
	yes := true
	items := []struct {
		kind   catalog.Kind
		fields catalog.Fields
	}{
		{catalog.Sport, catalog.Fields{Name: "Voetbal", Highlighted: &yes}},
		{catalog.Sport, catalog.Fields{Name: "Tennis", Highlighted: &yes}},
		{catalog.Sport, catalog.Fields{Name: "Hockey"}},
		{catalog.Sport, catalog.Fields{Name: "Padel"}},
		{catalog.Sport, catalog.Fields{Name: "Zwemmen"}},
		{catalog.Sport, catalog.Fields{Name: "Yoga"}},
		{catalog.Sport, catalog.Fields{Name: "Hardlopen"}},
		{catalog.Sport, catalog.Fields{Name: "Fitness"}},
		{catalog.LocationType, catalog.Fields{Name: "Sporthal"}},
		{catalog.LocationType, catalog.Fields{Name: "Sportpark"}},
		{catalog.LocationType, catalog.Fields{Name: "Zwembad"}},
		{catalog.LocationType, catalog.Fields{Name: "Buitenlocatie"}},
		{catalog.ProductType, catalog.Fields{Name: "Materiaal"}},
		{catalog.ProductType, catalog.Fields{Name: "Kleding"}},
		{catalog.ProductType, catalog.Fields{Name: "Strippenkaart"}},
	}
	for _, it := range items {
		_, err := app.CreateCatalogItem(ctx, seedMeta(it.kind.Name+"/"+it.fields.Name), it.kind, it.fields)
		var v *domain.ValidationError
		if err != nil && !errors.As(err, &v) { // a name taken by hand before seeding is fine
			return 0, fmt.Errorf("seed %s %s: %w", it.kind.Name, it.fields.Name, err)
		}
	}
	return len(items), nil
}
