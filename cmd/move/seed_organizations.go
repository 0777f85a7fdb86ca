package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"move/domain/organization"
)

// seedOrganizations gives each demo application 3 approved organisations and 1 pending
// one. The first approved one has the fixed id the demo organization and trainer users
// belong to (docs/decisions/0105-demo-organisations.md).
func seedOrganizations(ctx context.Context, b *backend, log *slog.Logger) error {
	type demo struct {
		profile organization.Profile
		approve bool
	}
	n := 0
	for _, slug := range []string{"move-demo", "sportief-utrecht"} {
		app := uuid.NewSHA1(seedMeta("application/"+slug).CommandID, []byte("application")).String()
		orgs := []demo{
			{organization.Profile{Name: "Sportclub Centrum", Type: "vereniging", KVK: "12345678", Email: "info@sportclub-centrum.test",
				Website: "https://sportclub-centrum.test", Address: organization.Address{Street: "Stadionplein", HouseNumber: "1", Zipcode: "3511 AB", City: "Utrecht", Country: "nl"}}, true},
			{organization.Profile{Name: "Tennisvereniging De Lob", Type: "vereniging", Email: "bestuur@delob.test",
				Address: organization.Address{Street: "Parkweg", HouseNumber: "12", Zipcode: "3581 KL", City: "Utrecht", Country: "nl"}}, true},
			{organization.Profile{Name: "Zwemschool Golfslag", Type: "bedrijf", Phone: "+31 30 123 4567",
				Address: organization.Address{Street: "Badweg", HouseNumber: "3a", Zipcode: "1011 AA", City: "Amsterdam", Country: "nl"}}, true},
			{organization.Profile{Name: "Yoga aan de Gracht", Type: "bedrijf", Notes: "Wacht op KvK-uittreksel",
				Address: organization.Address{Street: "Oudegracht", HouseNumber: "200", Zipcode: "3511 NR", City: "Utrecht", Country: "nl"}}, false},
		}
		for i, o := range orgs {
			key := fmt.Sprintf("organization/%s/%d", slug, i)
			m := seedMeta(key)
			m.ApplicationID, m.ActorID = app, "seed"
			if i == 0 {
				m.OrganizationID = demoOrganization(slug)
			}
			res, err := b.app.CreateOrganization(ctx, m, o.profile)
			if err != nil {
				return fmt.Errorf("seed organisation %s: %w", o.profile.Name, err)
			}
			if o.approve {
				am := seedMeta(key + "/approve")
				am.ApplicationID = app
				if _, err := b.app.ApproveOrganization(ctx, am, res.ID); err != nil {
					return fmt.Errorf("seed organisation %s: approve: %w", o.profile.Name, err)
				}
				if err := seedFinanceHistory(ctx, b, app, res.ID, key, i); err != nil {
					return fmt.Errorf("seed organisation %s: %w", o.profile.Name, err)
				}
			}
			n++
		}
	}
	log.Info("seeded organisations", "organizations", n)
	return nil
}
