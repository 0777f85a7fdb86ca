package readapitest

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

// Shop is a wallet world with a payment provider (the local one) and the payment
// process's worker (run by hand: Grace 0).
type Shop struct {
	*WalletWorld
	Provider *providertest.Server
	Worker   *processes.Worker
}

func NewShop(t *testing.T) *Shop {
	t.Helper()
	w := NewWalletWorld(t, identity.Limit{})
	provider := providertest.New("test_key")
	t.Cleanup(provider.Close)
	w.Env.App.UsePayments(commands.PaymentSetup{
		Provider: payments.NewClient(provider.URL, "test_key"),
		WebhookURL: func(orderID string) string {
			return w.Base + "/v1/payments/webhook/" + orderID + "?signature=" + url.QueryEscape(payments.WebhookSignature(testWebhookSecret, orderID))
		},
		RedirectURL: func(orderID string) string { return w.Base + "/orders/" + orderID },
	})
	worker := processes.NewWorker(w.Env.App, w.Env.DB, projections.NewLocks(w.Env.DB.Config().ConnConfig),
		testenv.Logger(t), prometheus.NewRegistry())
	worker.Grace = 0
	return &Shop{WalletWorld: w, Provider: provider, Worker: worker}
}

// PricedSession makes an organisation of app, a rate of priceCents (low VAT) with a
// cancellation term refunding termPercent, an activity paid by the rate and one session
// next week; it answers the session's id.
func (s *Shop) PricedSession(app, org string, spots int, priceCents int64, termPercent int) string {
	s.T.Helper()
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: app, OrganizationID: org}
	if _, made := Organizations.LoadOrStore(app+"/"+org, true); !made {
		if _, err := s.Env.App.CreateOrganization(ctx, meta, domainorg.Profile{Name: "Studio " + org[:6]}); err != nil {
			s.T.Fatal(err)
		}
		if _, err := s.Env.App.ApproveOrganization(ctx, meta, org); err != nil { // customers book only what the offer shows
			s.T.Fatal(err)
		}
	}
	meta.OrganizationID = ""
	term, err := s.Env.App.CreateCancellationTerm(ctx, meta, org, rate.TermFields{Name: "Half", Periods: []rate.Period{{RefundPercent: termPercent}}})
	if err != nil {
		s.T.Fatal(err)
	}
	r, err := s.Env.App.CreateRate(ctx, meta, org, rate.Fields{Name: "Adult", PriceCents: priceCents, VATTier: rate.VATLow, CancellationTermID: &term.ID})
	if err != nil {
		s.T.Fatal(err)
	}
	act, err := s.Env.App.CreateActivity(ctx, meta, org, activity.TypeSession,
		activity.Details{Name: "Yoga", RateID: &r.ID, PriceDisplayMode: "both"}, activity.Settings{})
	if err != nil {
		s.T.Fatal(err)
	}
	day := time.Now().AddDate(0, 0, 7).Format(time.DateOnly)
	res, err := s.Env.App.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: day, StartTime: "19:00", EndTime: "20:00", Spots: spots}})
	if err != nil {
		s.T.Fatal(err)
	}
	s.Saw(res.Position)
	s.Settle()
	return series.SessionID(res.ID, day)
}

// BookAndOrder books the session as the customer and orders it in euros; it answers
// the booking, the order and its checkout URL.
func (s *Shop) BookAndOrder(customer, app, session string) (bookingID, orderID, checkout string) {
	s.T.Helper()
	c := s.As(customer, app)
	b := c.Want("POST", "/v1/sessions/"+session+"/bookings", Person("Carla"), 201)
	if got := Data(b, "status"); got != "held" {
		s.T.Fatalf("a priced booking is %v", got)
	}
	bookingID = Data(b, "booking_id").(string)
	o := c.Want("POST", "/v1/sessions/"+session+"/bookings/"+bookingID+"/order", map[string]any{"payment_type": "euros"}, 201)
	orderID = Data(o, "order_id").(string)
	checkout, _ = Data(o, "checkout_url").(string)
	return bookingID, orderID, checkout
}

// ProviderPayment is the provider's id of the order's payment (from the order dialog).
func (s *Shop) Order(orderID string) Response {
	s.T.Helper()
	s.Settle()
	return s.As(s.Admin, s.AppA).Want("GET", "/v1/admin/application/orders/"+orderID, nil, 200)
}

func (s *Shop) ProviderPayment(orderID string) string {
	s.T.Helper()
	pays := Dig(s.Order(orderID).Body, "data", "payments").([]any)
	id, _ := Dig(pays[0], "provider_payment_id").(string)
	return id
}

func (s *Shop) Events(typ string) int {
	s.T.Helper()
	var n int
	if err := s.Env.DB.QueryRow(context.Background(), `SELECT count(*) FROM eventstore_events WHERE type = $1`, typ).Scan(&n); err != nil {
		s.T.Fatal(err)
	}
	return n
}

func (s *Shop) Notify(paymentID string, want int) {
	s.T.Helper()
	status, err := s.Provider.Notify(paymentID)
	if err != nil || status != want {
		s.T.Fatalf("webhook answered %d (%v), want %d", status, err, want)
	}
}
