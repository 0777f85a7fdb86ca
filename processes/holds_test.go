package processes_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/identity"
	"move/domain/order"
	"move/domain/organization"
	"move/domain/rate"
	"move/domain/series"
	"move/internal/testenv"
	"move/payments"
	"move/payments/providertest"
	"move/processes"
	"move/projections"
)

// Held spots whose payment never starts are released after the hold time by a worker
// that did not exist when they were held (the deadline lives in the to-do table, not
// in memory): the spot without an order and the one whose order never reached the
// provider are cancelled (that order with it), the waiting list moves up, and the spot
// whose payment is at the provider stays held. Passing again changes nothing.
func TestWorkerReleasesHoldsWhosePaymentNeverStarted(t *testing.T) {
	ctx := context.Background()
	f := setup(t)
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
	act, err := f.env.App.CreateActivity(ctx, meta, org, activity.TypeSession,
		activity.Details{Name: "Spinning", RateID: &r.ID, PriceDisplayMode: "eur"}, activity.Settings{HasWaitlist: true})
	if err != nil {
		t.Fatal(err)
	}
	day := time.Now().AddDate(0, 0, 3).Format(time.DateOnly)
	s, err := f.env.App.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{Date: day, StartTime: "10:00", EndTime: "11:00", Spots: 3}})
	if err != nil {
		t.Fatal(err)
	}
	ref := commands.SessionRef{SeriesID: s.ID, SessionID: series.SessionID(s.ID, day)}
	customer := func() string {
		id := uuid.NewString()
		if _, err := f.env.App.RegisterUser(ctx, commands.Meta{ActorID: "test"}, id, id+"@move.test"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.env.App.GrantRole(ctx, commands.Meta{ActorID: "test"}, id, identity.Grant{Role: identity.RoleCustomer, ApplicationID: f.app}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	hold := func(customerID string) string {
		b, err := f.env.App.BookSession(ctx, commands.Meta{ActorID: customerID, ApplicationID: f.app}, commands.Booking{Session: ref, CustomerID: customerID,
			Participant: booking.Participant{FirstName: "Carla", LastName: "Klant", Email: "carla@example.test"}})
		if err != nil || b.Status != booking.StatusHeld {
			t.Fatalf("booking %+v %v", b, err)
		}
		return b.BookingID
	}
	place := func(customerID, bookingID string) commands.PlacedOrder {
		placed, err := f.env.App.PlaceOrder(ctx, commands.Meta{ActorID: customerID, ApplicationID: f.app},
			commands.OrderPlacing{Session: ref, BookingID: bookingID, CustomerID: customerID, PaymentType: order.PaymentEuros})
		if err != nil {
			t.Fatal(err)
		}
		return placed
	}

	provider := providertest.New("key")
	t.Cleanup(provider.Close)
	f.env.App.UsePayments(commands.PaymentSetup{Provider: payments.NewClient(provider.URL, "key")})
	noOrder := hold(f.customer)
	paying := customer()
	started := hold(paying)
	if placed := place(paying, started); placed.CheckoutURL == "" {
		t.Fatalf("order %+v", placed)
	}
	// The provider is down from here on: this order's payment never starts.
	provider.Down(true)
	neverStarted := customer()
	unstarted := hold(neverStarted)
	unstartedOrder := place(neverStarted, unstarted)
	waiting, err := f.env.App.BookSession(ctx, meta, commands.Booking{Session: ref, ByStaff: true,
		Participant: booking.Participant{FirstName: "Wim", LastName: "Wacht", Email: "wim@example.test"}})
	if err != nil || waiting.Status != booking.StatusWaitlisted {
		t.Fatalf("waiting %+v %v", waiting, err)
	}

	f.caughtUp(t)
	// Within the hold time nothing is released.
	for range 2 {
		if _, err := f.worker.Pass(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := f.typesIn(t, "booking.cancelled.v1"); n != 0 {
		t.Fatalf("%d holds released before their time", n)
	}

	// A new worker (a restarted server) after the hold time.
	later := processes.NewWorker(f.env.App, f.env.DB, projections.NewLocks(f.env.DB.Config().ConnConfig), testenv.Logger(t), prometheus.NewRegistry())
	later.Grace = 0
	// A fixed clock just past the hold time of the spots held above (a spot held from
	// the waiting list later has its own hold time still to run).
	releaseAt := time.Now().Add(processes.DefaultHoldTime + time.Millisecond)
	later.Now = func() time.Time { return releaseAt }
	f.worker = later
	f.untilIdle(t)
	for range 2 {
		if _, err := later.Pass(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := f.typesIn(t, "booking.cancelled.v1"); n != 2 {
		t.Fatalf("%d holds released, want 2", n)
	}
	if n := f.typesIn(t, "booking.promoted.v1"); n != 1 {
		t.Fatalf("%d promoted, want 1", n)
	}
	// The last event of each booking, from the log.
	status := func(id string) string {
		var typ string
		if err := f.env.DB.QueryRow(ctx, `SELECT type FROM eventstore_events WHERE data->>'booking_id' = $1
			AND type LIKE 'booking.%' ORDER BY position DESC LIMIT 1`, id).Scan(&typ); err != nil {
			t.Fatal(err)
		}
		if typ == "booking.notified.v1" { // told of the promotion: still promoted and held
			typ = "booking.promoted.v1"
		}
		return typ
	}
	for id, want := range map[string]string{noOrder: "booking.cancelled.v1", unstarted: "booking.cancelled.v1",
		started: "booking.booked.v2", waiting.BookingID: "booking.promoted.v1"} {
		if got := status(id); got != want {
			t.Errorf("booking %s: last %s, want %s", id, got, want)
		}
	}
	ord, err := f.env.App.Order(ctx, f.app, unstartedOrder.OrderID)
	if err != nil || !ord.Canceled {
		t.Fatalf("the unstarted order: canceled %v %v", ord.Canceled, err)
	}
	if created, _ := provider.Created(); created != 1 {
		t.Fatalf("%d payments at the provider, want 1", created)
	}
}

// A held bundle spot without an order is released after the hold time like a
// session's, and the bundle's waiting list moves up in the same append (0810).
func TestWorkerReleasesABundleHold(t *testing.T) {
	ctx := context.Background()
	f := setup(t)
	b := f.newBundle(t, bundleSpec{spots: 1, priceCents: 9000, waitlist: true, approved: true})
	held, err := f.env.App.BookBundle(ctx, commands.Meta{ActorID: f.customer, ApplicationID: f.app}, commands.BundleBooking{BundleID: b.id,
		CustomerID: f.customer, Participant: booking.Participant{FirstName: "Carla", LastName: "Klant", Email: "carla@example.test"}})
	if err != nil || held.Status != booking.StatusHeld {
		t.Fatalf("held %+v %v", held, err)
	}
	if waiting := b.book(t, f, "wim", ""); waiting.Status != booking.StatusWaitlisted {
		t.Fatalf("waiting %+v", waiting)
	}
	f.caughtUp(t)
	if _, err := f.worker.Pass(ctx); err != nil {
		t.Fatal(err)
	}
	if n := f.typesIn(t, "bundle.booking_cancelled.v1"); n != 0 {
		t.Fatal("released before its time")
	}
	releaseAt := time.Now().Add(processes.DefaultHoldTime + time.Millisecond)
	f.worker.Now = func() time.Time { return releaseAt }
	f.untilIdle(t)
	if _, err := f.worker.Pass(ctx); err != nil {
		t.Fatal(err)
	}
	if c, p := f.typesIn(t, "bundle.booking_cancelled.v1"), f.typesIn(t, "bundle.promoted.v1"); c != 1 || p != 1 {
		t.Fatalf("%d released, %d promoted; want 1 and 1", c, p)
	}
}
