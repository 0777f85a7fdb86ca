package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"move/domain/catalog"
	"move/domain/product"
)

// seedProducts gives the demo organisation a published product, "Clubshirt" of the
// product type Kleding with 25 spots, so the product screens have a record to show.
func seedProducts(ctx context.Context, b *backend, log *slog.Logger) error {
	app := uuid.NewSHA1(seedMeta("application/move-demo").CommandID, []byte("application")).String()
	org := demoOrganization("move-demo")
	clothing := uuid.NewSHA1(seedMeta(catalog.ProductType.Name+"/Kleding").CommandID, []byte(catalog.ProductType.Name)).String()
	spots := 25
	m := seedMeta("products/clubshirt")
	m.ApplicationID = app
	if _, err := b.app.CreateProduct(ctx, m, org, product.Details{Name: "Clubshirt", ProductTypeID: clothing,
		Description: "Het shirt van de club, in elke maat.", PriceDisplayMode: "eur", Spots: &spots}); err != nil {
		return fmt.Errorf("seed product: %w", err)
	}
	log.Info("seeded a product", "product", "Clubshirt")
	return nil
}
