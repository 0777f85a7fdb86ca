package readapi_test

import (
	"context"
	"move/commands"
	"move/domain/activity"
	domainorg "move/domain/organization"
	"move/domain/rate"
	"move/domain/series"
	"move/identity"
	"move/internal/testenv"
	"move/payments"
	"move/payments/providertest"
	"move/processes"
	"move/projections"
	"net/url"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

var testWebhookSecret = []byte("a test key for payment webhooks, 32 bytes")

// shop is a wallet world with a payment provider (the local one) and the payment
// process's worker (run by hand: Grace 0).
type shop struct {
	*walletWorld
	provider *providertest.Server
	worker   *processes.Worker
}

func newShop(t *testing.T) *shop {
	t.Helper()
	w := newWalletWorld(t, identity.Limit{})
	provider := providertest.New("test_key")
	t.Cleanup(provider.Close)
	w.env.App.UsePayments(commands.PaymentSetup{
		Provider: payments.NewClient(provider.URL, "test_key"),
		WebhookURL: func(orderID string) string {
			return w.base + "/v1/payments/webhook/" + orderID + "?signature=" + url.QueryEscape(payments.WebhookSignature(testWebhookSecret, orderID))
		},
		RedirectURL: func(orderID string) string { return w.base + "/orders/" + orderID },
	})
	worker := processes.NewWorker(w.env.App, w.env.DB, projections.NewLocks(w.env.DB.Config().ConnConfig),
		testenv.Logger(t), prometheus.NewRegistry())
	worker.Grace = 0
	return &shop{walletWorld: w, provider: provider, worker: worker}
}

// pricedSession makes an organisation of app, a rate of priceCents (low VAT) with a
// cancellation term refunding termPercent, an activity paid by the rate and one session
// next week; it answers the session's id.
func (s *shop) pricedSession(app, org string, spots int, priceCents int64, termPercent int) string {
	s.t.Helper()
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: app, OrganizationID: org}
	if _, made := organizations.LoadOrStore(app+"/"+org, true); !made {
		if _, err := s.env.App.CreateOrganization(ctx, meta, domainorg.Profile{Name: "Studio " + org[:6]}); err != nil {
			s.t.Fatal(err)
		}
	}
	meta.OrganizationID = ""
	term, err := s.env.App.CreateCancellationTerm(ctx, meta, org, rate.TermFields{Name: "Half", Periods: []rate.Period{{RefundPercent: termPercent}}})
	if err != nil {
		s.t.Fatal(err)
	}
	r, err := s.env.App.CreateRate(ctx, meta, org, rate.Fields{Name: "Adult", PriceCents: priceCents, VATTier: rate.VATLow, CancellationTermID: &term.ID})
	if err != nil {
		s.t.Fatal(err)
	}
	act, err := s.env.App.CreateActivity(ctx, meta, org, activity.TypeSession,
		activity.Details{Name: "Yoga", RateID: &r.ID, PriceDisplayMode: "both"}, activity.Settings{})
	if err != nil {
		s.t.Fatal(err)
	}
	day := time.Now().AddDate(0, 0, 7).Format(time.DateOnly)
	res, err := s.env.App.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: day, StartTime: "19:00", EndTime: "20:00", Spots: spots}})
	if err != nil {
		s.t.Fatal(err)
	}
	s.saw(res.Position)
	s.settle()
	return series.SessionID(res.ID, day)
}

// bookAndOrder books the session as the customer and orders it in euros; it answers
// the booking, the order and its checkout URL.
func (s *shop) bookAndOrder(customer, app, session string) (bookingID, orderID, checkout string) {
	s.t.Helper()
	c := s.as(customer, app)
	b := c.want("POST", "/v1/sessions/"+session+"/bookings", person("Carla"), 201)
	if got := data(b, "status"); got != "held" {
		s.t.Fatalf("a priced booking is %v", got)
	}
	bookingID = data(b, "booking_id").(string)
	o := c.want("POST", "/v1/sessions/"+session+"/bookings/"+bookingID+"/order", map[string]any{"payment_type": "euros"}, 201)
	orderID = data(o, "order_id").(string)
	checkout, _ = data(o, "checkout_url").(string)
	return bookingID, orderID, checkout
}

// providerPayment is the provider's id of the order's payment (from the order dialog).
func (s *shop) order(orderID string) response {
	s.t.Helper()
	s.settle()
	return s.as(s.admin, s.appA).want("GET", "/v1/admin/application/orders/"+orderID, nil, 200)
}

func (s *shop) providerPayment(orderID string) string {
	s.t.Helper()
	pays := dig(s.order(orderID).Body, "data", "payments").([]any)
	id, _ := dig(pays[0], "provider_payment_id").(string)
	return id
}

func (s *shop) events(typ string) int {
	s.t.Helper()
	var n int
	if err := s.env.DB.QueryRow(context.Background(), `SELECT count(*) FROM eventstore_events WHERE type = $1`, typ).Scan(&n); err != nil {
		s.t.Fatal(err)
	}
	return n
}

func (s *shop) notify(paymentID string, want int) {
	s.t.Helper()
	status, err := s.provider.Notify(paymentID)
	if err != nil || status != want {
		s.t.Fatalf("webhook answered %d (%v), want %d", status, err, want)
	}
}
