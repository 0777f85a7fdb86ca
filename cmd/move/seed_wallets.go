package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"move/domain/wallet"
)

// seedWallets gives the demo application two wallets, each with a batch of coupons:
// a sport pass that can be topped up again and again, and a welcome bonus that can be
// topped up once.
func seedWallets(ctx context.Context, b *backend, log *slog.Logger) error {
	app := uuid.NewSHA1(seedMeta("application/move-demo").CommandID, []byte("application")).String()
	expires := time.Date(time.Now().Year()+1, 12, 31, 23, 0, 0, 0, time.UTC)
	demos := []struct {
		settings wallet.Settings
		batch    wallet.BatchSpec
	}{
		{wallet.Settings{Name: "Sportpas", Slug: "sportpas", PriceDisplayMode: wallet.DisplayBoth, CanTopUp: true},
			wallet.BatchSpec{Quantity: 25, ValueMoves: 10, Prefix: "PAS", ExpiresAt: &expires, Enabled: true}},
		{wallet.Settings{Name: "Welkomstbonus", Slug: "welkomstbonus", PriceDisplayMode: wallet.DisplayMoves, CanTopUp: true, CanTopUpOnce: true},
			wallet.BatchSpec{Quantity: 10, ValueMoves: 50, Prefix: "WELKOM", Enabled: true}},
	}
	for _, d := range demos {
		m := seedMeta("wallet/" + d.settings.Slug)
		m.ApplicationID = app
		res, err := b.app.CreateWallet(ctx, m, d.settings)
		if err != nil {
			return fmt.Errorf("seed wallet %s: %w", d.settings.Slug, err)
		}
		bm := seedMeta("wallet/" + d.settings.Slug + "/batch")
		bm.ApplicationID = app
		if _, err := b.app.GenerateCoupons(ctx, bm, res.ID, d.batch); err != nil {
			return fmt.Errorf("seed coupons of %s: %w", d.settings.Slug, err)
		}
	}
	log.Info("seeded wallets", "wallets", len(demos))
	return nil
}
