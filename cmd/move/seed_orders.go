package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"move/domain/activity"
	"move/domain/rate"
	"move/domain/series"
)

// seedOrders gives the demo organisation something to pay for: a rate of € 12.50 (low
// VAT) whose cancellation term refunds half, and "Yoga in het park" at that rate with
// one session two weeks after seeding. The demo customers book and pay for it (in euros
// through the payment provider, or in moves from the Sportpas).
func seedOrders(ctx context.Context, b *backend, log *slog.Logger) error {
	app := uuid.NewSHA1(seedMeta("application/move-demo").CommandID, []byte("application")).String()
	org := demoOrganization("move-demo")
	m := seedMeta("orders/term")
	m.ApplicationID = app
	term, err := b.app.CreateCancellationTerm(ctx, m, org, rate.TermFields{Name: "Half terug", Periods: []rate.Period{{RefundPercent: 50}}})
	if err != nil {
		return fmt.Errorf("seed cancellation term: %w", err)
	}
	m = seedMeta("orders/rate")
	m.ApplicationID = app
	r, err := b.app.CreateRate(ctx, m, org, rate.Fields{Name: "Losse les", PriceCents: 1250, VATTier: rate.VATLow, CancellationTermID: &term.ID})
	if err != nil {
		return fmt.Errorf("seed rate: %w", err)
	}
	m = seedMeta("orders/activity")
	m.ApplicationID = app
	act, err := b.app.CreateActivity(ctx, m, org, activity.TypeSession,
		activity.Details{Name: "Yoga in het park", RateID: &r.ID, PriceDisplayMode: "both"}, activity.Settings{})
	if err != nil {
		return fmt.Errorf("seed paid activity: %w", err)
	}
	m = seedMeta("orders/series")
	m.ApplicationID = app
	day := time.Now().AddDate(0, 0, 14).Format(time.DateOnly)
	if _, err := b.app.CreateSeries(ctx, m, act.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: day, StartTime: "19:00", EndTime: "20:00", Spots: 20}}); err != nil {
		return fmt.Errorf("seed paid session: %w", err)
	}
	log.Info("seeded a paid activity", "activity", "Yoga in het park", "price_cents", 1250)
	return nil
}
