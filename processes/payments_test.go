package processes_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/order"
	"move/domain/organization"
	"move/domain/rate"
	"move/domain/series"
	"move/payments"
	"move/payments/providertest"
)

// A process that stops between the provider's "paid" and the order's update leaves a
// payment the customer made and an order still open, the spot still held; the payment
// process asks the provider and records it — the order paid, the spot confirmed —
// once, however often it passes.
func TestWorkerSettlesAPaymentAStoppedWebhookLeft(t *testing.T) {
	ctx := context.Background()
	f := setup(t)
	provider := providertest.New("key")
	t.Cleanup(provider.Close)
	f.env.App.UsePayments(commands.PaymentSetup{Provider: payments.NewClient(provider.URL, "key")})
	org := uuid.NewString()
	meta := commands.Meta{ActorID: "admin", ApplicationID: f.app, OrganizationID: org}
	if _, err := f.env.App.CreateOrganization(ctx, meta, organization.Profile{Name: "Studio"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.env.App.ApproveOrganization(ctx, meta, org); err != nil { // customers book only what the offer shows
		t.Fatal(err)
	}
	meta.OrganizationID = ""
	r, err := f.env.App.CreateRate(ctx, meta, org, rate.Fields{Name: "Adult", PriceCents: 1500, VATTier: rate.VATHigh})
	if err != nil {
		t.Fatal(err)
	}
	act, err := f.env.App.CreateActivity(ctx, meta, org, activity.TypeSession, activity.Details{Name: "Spinning", RateID: &r.ID, PriceDisplayMode: "eur"}, activity.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	day := time.Now().AddDate(0, 0, 3).Format(time.DateOnly)
	s, err := f.env.App.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{Date: day, StartTime: "10:00", EndTime: "11:00", Spots: 3}})
	if err != nil {
		t.Fatal(err)
	}
	ref := commands.SessionRef{SeriesID: s.ID, SessionID: series.SessionID(s.ID, day)}
	customer := commands.Meta{ActorID: f.customer, ApplicationID: f.app}
	b, err := f.env.App.BookSession(ctx, customer, commands.Booking{Session: ref, CustomerID: f.customer,
		Participant: booking.Participant{FirstName: "Carla", LastName: "Klant", Email: "carla@example.test"}})
	if err != nil || b.Status != booking.StatusHeld {
		t.Fatalf("booking %+v %v", b, err)
	}
	placed, err := f.env.App.PlaceOrder(ctx, customer, commands.OrderPlacing{Session: ref, BookingID: b.BookingID, CustomerID: f.customer, PaymentType: order.PaymentEuros})
	if err != nil || placed.CheckoutURL == "" {
		t.Fatalf("order %+v %v", placed, err)
	}
	ord, err := f.env.App.Order(ctx, f.app, placed.OrderID)
	if err != nil {
		t.Fatal(err)
	}
	provider.Settle(ord.Payments[0].ProviderID, order.PaymentPaid)

	// The webhook's process stops right after the provider said "paid".
	f.env.App.AfterProviderPaid(func() { panic("stopped") })
	func() {
		defer func() { _ = recover() }()
		_ = f.env.App.SyncOrder(ctx, placed.OrderID)
		t.Fatal("the failpoint stops the webhook")
	}()
	f.env.App.AfterProviderPaid(nil)
	if f.typesIn(t, "order.payment_status_changed.v1") != 0 || f.typesIn(t, "booking.confirmed.v1") != 0 {
		t.Fatal("the stop recorded the payment")
	}
	f.caughtUp(t)
	f.untilIdle(t)
	for range 3 {
		if _, err := f.worker.Pass(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if f.typesIn(t, "order.payment_status_changed.v1") != 1 || f.typesIn(t, "booking.confirmed.v1") != 1 {
		t.Fatalf("recorded %d payment changes, %d confirmations", f.typesIn(t, "order.payment_status_changed.v1"), f.typesIn(t, "booking.confirmed.v1"))
	}
	ord, err = f.env.App.Order(ctx, f.app, placed.OrderID)
	if err != nil || ord.Status() != "paid" {
		t.Fatalf("order %s %v", ord.Status(), err)
	}
	if created, _ := provider.Created(); created != 1 {
		t.Fatalf("%d payments at the provider", created)
	}
}
