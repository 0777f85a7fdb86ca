package readapi_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	"move/domain/activity"
	domainidentity "move/domain/identity"
	domainorg "move/domain/organization"
	"move/domain/rate"
	"move/domain/series"
	"move/identity"
	"move/internal/testenv"
	"move/payments"
	"move/payments/providertest"
	"move/processes"
	"move/projections"
	"move/readapi"
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
		if _, err := s.env.App.ApproveOrganization(ctx, meta, org); err != nil { // customers book only what the offer shows
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

// participantStatus answers the booking's status in the participants list, once it is
// want (or after 5 s, whatever it is then): the read model follows the log.
func participantStatus(t *testing.T, s *shop, session, bookingID, want string) string {
	t.Helper()
	got := ""
	for deadline := time.Now().Add(5 * time.Second); got != want && time.Now().Before(deadline); {
		s.settle()
		got = ""
		res := s.as(s.admin, s.appA).want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 200)
		for _, key := range []string{"participants", "waiting_list", "cancelled"} {
			list, _ := dig(res.Body, "data", key).([]any)
			for _, p := range list {
				if dig(p, "booking_id") == bookingID {
					got = dig(p, "status").(string)
				}
			}
		}
	}
	return got
}

// A paid session: the spot is held while the payment is open and confirmed when the
// provider says paid. Webhooks repeat, come late and out of order, or are forged:
// nothing changes twice and nothing the provider did not say.
func TestPayingAtTheProviderAndItsWebhooks(t *testing.T) {
	s := newShop(t)
	customer := s.customer("Carla", "Klant", s.appA)
	session := s.pricedSession(s.appA, s.orgA, 5, 1250, 50)
	bookingID, orderID, checkout := s.bookAndOrder(customer, s.appA, session)
	if !strings.HasPrefix(checkout, s.provider.URL+"/checkout/") {
		t.Fatalf("checkout URL %q", checkout)
	}
	o := s.order(orderID)
	if dig(o.Body, "data", "status") != "open" || dig(o.Body, "data", "total") != 1250.0 || dig(o.Body, "data", "vat") != 103.0 ||
		dig(o.Body, "data", "transaction_fee") != 50.0 || dig(o.Body, "data", "payout_month") != time.Now().In(amsterdam(t)).Format("2006-01") {
		t.Fatalf("order: %s", o.Raw)
	}
	if got := participantStatus(t, s, session, bookingID, "held"); got != "held" {
		t.Fatalf("while the payment is open the spot is %s", got)
	}
	pay := s.providerPayment(orderID)

	// Forged: a wrong signature, or none, finds no order.
	forged := s.base + "/v1/payments/webhook/" + orderID + "?signature=AAAA"
	if res, err := http.PostForm(forged, url.Values{"id": {pay}}); err != nil || res.StatusCode != 404 {
		t.Fatalf("forged webhook: %v %v", res.StatusCode, err)
	}
	// Out of order: pending, then paid, then a stale "open" and a repeated "paid".
	s.provider.Settle(pay, "pending")
	s.notify(pay, 200)
	s.provider.Settle(pay, "paid")
	s.notify(pay, 200)
	s.notify(pay, 200)
	s.provider.Settle(pay, "open")
	s.notify(pay, 200)
	s.provider.Settle(pay, "paid")
	var wg sync.WaitGroup
	for range 5 {
		wg.Add(1)
		go func() { defer wg.Done(); _, _ = s.provider.Notify(pay) }()
	}
	wg.Wait()
	if n := s.events("order.payment_status_changed.v1"); n != 2 { // open → pending → paid
		t.Fatalf("%d payment status changes", n)
	}
	if n := s.events("booking.confirmed.v1"); n != 1 {
		t.Fatalf("%d confirmations", n)
	}
	if got := participantStatus(t, s, session, bookingID, "confirmed"); got != "confirmed" {
		t.Fatalf("paid, the spot is %s", got)
	}
	if got := dig(s.order(orderID).Body, "data", "status"); got != "paid" {
		t.Fatalf("order %v", got)
	}
	// Placing again answers the same order.
	again := s.as(customer, s.appA).want("POST", "/v1/sessions/"+session+"/bookings/"+bookingID+"/order", map[string]any{"payment_type": "euros"}, 201)
	if data(again, "order_id") != orderID || data(again, "status") != "paid" {
		t.Fatalf("placed again: %s", again.Raw)
	}
	if created, _ := s.provider.Created(); created != 1 {
		t.Fatalf("%d payments at the provider", created)
	}
}

// orderStatus answers the order's status once it is want (or after 5 s, whatever it
// is then): a webhook's or process's append has no position the test saw.
func orderStatus(s *shop, orderID, want string) any {
	s.t.Helper()
	got := dig(s.order(orderID).Body, "data", "status")
	for deadline := time.Now().Add(5 * time.Second); got != want && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		got = dig(s.order(orderID).Body, "data", "status")
	}
	return got
}

// checkoutChoice is the customer's choice on the provider's checkout page (Pay, Fail,
// Cancel, Expire): the provider calls the webhook and redirects back to our page
// (which this SPA-less server answers 404: fine).
func checkoutChoice(t *testing.T, checkout, status string) {
	t.Helper()
	res, err := http.PostForm(checkout, url.Values{"status": {status}})
	if err != nil || (res.StatusCode != 200 && res.StatusCode != 404) {
		t.Fatalf("checkout %s: %v %v", status, res, err)
	}
	res.Body.Close()
}

// A payment that fails keeps the spot held (nobody else gets it), and the customer pays
// the same order again: a new payment at the provider, which confirms the spot
// (decision 0909). Placing it again then changes nothing.
func TestAFailedPaymentIsPaidAgain(t *testing.T) {
	s := newShop(t)
	first, second := s.customer("Anna", "Een", s.appA), s.customer("Bram", "Twee", s.appA)
	session := s.pricedSession(s.appA, s.orgA, 1, 1000, 0)
	bookingID, orderID, checkout := s.bookAndOrder(first, s.appA, session)
	s.as(second, s.appA).want("POST", "/v1/sessions/"+session+"/bookings", person("Bram"), 409)
	checkoutChoice(t, checkout, "failed")
	if got := orderStatus(s, orderID, "failed"); got != "failed" {
		t.Fatalf("order %v", got)
	}
	if got := participantStatus(t, s, session, bookingID, "held"); got != "held" {
		t.Fatalf("after the failed payment the spot is %s", got)
	}
	s.as(second, s.appA).want("POST", "/v1/sessions/"+session+"/bookings", person("Bram"), 409)

	// Paying again: the same order, a new payment with its own checkout.
	customer := s.as(first, s.appA)
	path := "/v1/sessions/" + session + "/bookings/" + bookingID + "/order"
	customer.want("POST", path, map[string]any{"payment_type": "moves"}, 409) // a euro order is paid again in euros
	again := customer.want("POST", path, map[string]any{"payment_type": "euros"}, 201)
	second2, _ := data(again, "checkout_url").(string)
	if data(again, "order_id") != orderID || data(again, "status") != "open" || second2 == "" || second2 == checkout {
		t.Fatalf("paying again: %s", again.Raw)
	}
	// A repeat while that payment is open answers it as it stands: no third payment.
	if repeat := customer.want("POST", path, map[string]any{"payment_type": "euros"}, 201); data(repeat, "checkout_url") != second2 {
		t.Fatalf("repeat: %s", repeat.Raw)
	}
	if created, _ := s.provider.Created(); created != 2 {
		t.Fatalf("%d payments at the provider, want 2", created)
	}
	checkoutChoice(t, second2, "paid")
	if got := participantStatus(t, s, session, bookingID, "confirmed"); got != "confirmed" {
		t.Fatalf("paid the second time, the spot is %s", got)
	}
	orderStatus(s, orderID, "paid")
	o := s.order(orderID)
	pays := dig(o.Body, "data", "payments").([]any)
	if dig(o.Body, "data", "status") != "paid" || dig(o.Body, "data", "paid_cents") != 1000.0 || len(pays) != 2 ||
		dig(pays[0], "status") != "failed" || dig(pays[1], "status") != "paid" {
		t.Fatalf("order %s", o.Raw)
	}
	if paid := customer.want("POST", path, map[string]any{"payment_type": "euros"}, 201); data(paid, "status") != "paid" {
		t.Fatalf("placed once more: %s", paid.Raw)
	}
	if created, _ := s.provider.Created(); created != 2 {
		t.Fatalf("%d payments at the provider after paying, want 2", created)
	}
}

// A spot held after an expired payment is released a hold time later (the hold
// process), its order cancelled; paying again is then refused with why, and the spot
// is anyone's (booking again checks it anew).
func TestAHoldEndsAHoldTimeAfterAnUnpaidPayment(t *testing.T) {
	s := newShop(t)
	first, second := s.customer("Anna", "Een", s.appA), s.customer("Bram", "Twee", s.appA)
	session := s.pricedSession(s.appA, s.orgA, 1, 1000, 0)
	bookingID, orderID, checkout := s.bookAndOrder(first, s.appA, session)
	checkoutChoice(t, checkout, "expired")
	s.settle()
	if _, err := s.worker.Pass(context.Background()); err != nil { // within the hold time: kept
		t.Fatal(err)
	}
	if got := participantStatus(t, s, session, bookingID, "held"); got != "held" {
		t.Fatalf("within the hold time the spot is %s", got)
	}
	s.worker.Now = func() time.Time { return time.Now().Add(processes.DefaultHoldTime + time.Second) }
	for deadline := time.Now().Add(10 * time.Second); participantStatus(t, s, session, bookingID, "cancelled") != "cancelled"; {
		if time.Now().After(deadline) {
			t.Fatal("the hold was not released")
		}
		if _, err := s.worker.Pass(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if got := orderStatus(s, orderID, "canceled"); got != "canceled" {
		t.Fatalf("order %v", got)
	}
	refused := s.as(first, s.appA).want("POST", "/v1/sessions/"+session+"/bookings/"+bookingID+"/order",
		map[string]any{"payment_type": "euros"}, 409)
	if !strings.Contains(refused.Raw, "vrijgegeven") {
		t.Fatalf("refusal: %s", refused.Raw)
	}
	if created, _ := s.provider.Created(); created != 1 {
		t.Fatalf("%d payments at the provider, want 1", created)
	}
	s.as(second, s.appA).want("POST", "/v1/sessions/"+session+"/bookings", person("Bram"), 201)
}

// A booking cancelled while its payment is open at the provider cancels that payment
// there (decision 0910): it cannot be paid any more. A payment the provider will not
// cancel and that is paid after all is refunded in full at once (0911).
func TestCancellingCancelsTheOpenPaymentOrRefundsALatePayment(t *testing.T) {
	s := newShop(t)
	customer := s.customer("Carla", "Klant", s.appA)
	session := s.pricedSession(s.appA, s.orgA, 5, 1000, 100)
	bookingID, orderID, checkout := s.bookAndOrder(customer, s.appA, session)
	pay := s.providerPayment(orderID)
	s.as(customer, s.appA).want("DELETE", "/v1/sessions/"+session+"/bookings/"+bookingID, nil, 200)
	if got := s.provider.Status(pay); got != "canceled" || s.provider.Canceled() != 1 {
		t.Fatalf("at the provider the payment is %s (%d cancelled)", got, s.provider.Canceled())
	}
	if res, err := http.Get(checkout); err != nil || res.StatusCode != 404 {
		t.Fatalf("the checkout of a cancelled payment: %v %v", res, err)
	}
	// The cancellation at the provider is appended after the request's own position: the
	// read model follows the log.
	o := s.order(orderID)
	paymentStatus := func(o response) any { return dig(dig(o.Body, "data", "payments").([]any)[0], "status") }
	for deadline := time.Now().Add(5 * time.Second); paymentStatus(o) != "canceled" && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		o = s.order(orderID)
	}
	if dig(o.Body, "data", "status") != "canceled" || paymentStatus(o) != "canceled" {
		t.Fatalf("order %s", o.Raw)
	}

	// Not cancelable (the customer is paying already): the cancellation stands, the
	// payment lands, and all of it goes back.
	bookingID, orderID, checkout = s.bookAndOrder(customer, s.appA, session)
	pay = s.providerPayment(orderID)
	s.provider.NotCancelable(pay)
	s.as(customer, s.appA).want("DELETE", "/v1/sessions/"+session+"/bookings/"+bookingID, nil, 200)
	if got := s.provider.Status(pay); got != "open" {
		t.Fatalf("a payment not cancelable is %s", got)
	}
	checkoutChoice(t, checkout, "paid")
	refunds := s.provider.Refunds(pay)
	if len(refunds) != 1 {
		t.Fatalf("%d refunds at the provider of the late payment", len(refunds))
	}
	s.provider.SettleRefund(refunds[0], "refunded")
	s.notify(pay, 200)
	o = s.order(orderID)
	for deadline := time.Now().Add(5 * time.Second); dig(o.Body, "data", "status") != "refunded" && time.Now().Before(deadline); {
		o = s.order(orderID)
	}
	rs := dig(o.Body, "data", "refunds").([]any)
	if dig(o.Body, "data", "status") != "refunded" || dig(o.Body, "data", "paid_after_close") != true || len(rs) != 1 ||
		dig(rs[0], "amount_cents") != 1000.0 || dig(rs[0], "origin") != "after_close" {
		t.Fatalf("the late payment's order: %s", o.Raw)
	}
	if got := participantStatus(t, s, session, bookingID, "cancelled"); got != "cancelled" {
		t.Fatalf("the cancelled booking is %s", got)
	}
	if s.provider.RefundedCents(pay) != 1000 {
		t.Fatalf("refunded %d at the provider", s.provider.RefundedCents(pay))
	}
}

// 50 refunds of one order at once never return more than was paid: 4 of € 3 fit in
// € 12.50, the other 46 are refused with what is left.
func TestFiftyConcurrentRefundsNeverRefundMoreThanPaid(t *testing.T) {
	s := newShop(t)
	s.provider.AutoRefund = true
	customer := s.customer("Carla", "Klant", s.appA)
	session := s.pricedSession(s.appA, s.orgA, 5, 1250, 0)
	_, orderID, _ := s.bookAndOrder(customer, s.appA, session)
	pay := s.providerPayment(orderID)
	s.provider.Settle(pay, "paid")
	s.notify(pay, 200)
	s.settle()
	statuses := make([]int, 50)
	callers := make([]*caller, len(statuses)) // made before: the world's caller list is not shared safely
	for i := range callers {
		callers[i] = s.as(s.admin, s.appA)
	}
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := callers[i].do("POST", "/v1/admin/application/orders/"+orderID+"/refunds",
				map[string]any{"amount_cents": 300, "reason": "Les gaat niet door"})
			statuses[i] = res.Status
		}()
	}
	wg.Wait()
	count := map[int]int{}
	for _, st := range statuses {
		count[st]++
	}
	if count[201] != 4 || count[409] != 46 {
		t.Fatalf("answers %v", count)
	}
	if n := s.events("order.refund_requested.v1"); n != 4 {
		t.Fatalf("%d refunds requested", n)
	}
	if got := s.provider.RefundedCents(pay); got != 1200 {
		t.Fatalf("the provider refunded %d cents", got)
	}
	// The provider's webhooks (AutoRefund) settle them; the worker too, whichever first.
	deadline := time.Now().Add(10 * time.Second)
	for dig(s.order(orderID).Body, "data", "refunded_cents") != 1200.0 && time.Now().Before(deadline) {
		if _, err := s.worker.Pass(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	o := s.order(orderID)
	if dig(o.Body, "data", "status") != "partly_refunded" || dig(o.Body, "data", "refundable_cents") != 50.0 {
		t.Fatalf("order after the refunds: %s", o.Raw)
	}
	over := s.as(s.admin, s.appA).en().want("POST", "/v1/admin/application/orders/"+orderID+"/refunds",
		map[string]any{"amount_cents": 51, "reason": "x"}, 409)
	if message(over) != "At most 50 cents can still be refunded" {
		t.Fatalf("message %q", message(over))
	}
	// No reason, both amount and lines, another application's admin: refused, nothing written.
	s.as(s.admin, s.appA).want("POST", "/v1/admin/application/orders/"+orderID+"/refunds", map[string]any{"amount_cents": 10}, 422)
	s.as(s.admin, s.appA).want("POST", "/v1/admin/application/orders/"+orderID+"/refunds",
		map[string]any{"amount_cents": 10, "reason": "  "}, 422)
	s.as(s.adminB, s.appB).want("POST", "/v1/admin/application/orders/"+orderID+"/refunds", map[string]any{"amount_cents": 10, "reason": "x"}, 404)
	s.as(s.adminB, s.appB).want("GET", "/v1/admin/application/orders/"+orderID, nil, 404)
	s.as(s.adminB, s.appA).want("GET", "/v1/admin/application/orders/"+orderID, nil, 403)
	if n := s.events("order.refund_requested.v1"); n != 4 {
		t.Fatalf("%d refunds requested", n)
	}
}

// The provider down during checkout and during a refund: the order stays open (the
// refund queued), nothing is lost, and the payment process completes both when the
// provider is back — once.
func TestProviderDownDuringCheckoutAndRefund(t *testing.T) {
	s := newShop(t)
	customer := s.customer("Carla", "Klant", s.appA)
	session := s.pricedSession(s.appA, s.orgA, 5, 2000, 0)
	s.provider.Down(true)
	_, orderID, checkout := s.bookAndOrder(customer, s.appA, session)
	if checkout != "" || dig(s.order(orderID).Body, "data", "status") != "open" {
		t.Fatalf("with the provider down: checkout %q", checkout)
	}
	if _, err := s.worker.Pass(context.Background()); err != nil { // still down: nothing, no error
		t.Fatal(err)
	}
	s.provider.Down(false)
	s.worker = processes.NewWorker(s.env.App, s.env.DB, projections.NewLocks(s.env.DB.Config().ConnConfig),
		testenv.Logger(t), prometheus.NewRegistry()) // a new worker: no backoff left
	s.worker.Grace = 0
	s.settle()
	if n, err := s.worker.Pass(context.Background()); n != 1 || err != nil {
		t.Fatalf("the process settled %d orders (%v)", n, err)
	}
	// The process appended the payment; the read model follows the log (no position to wait for).
	pay := s.providerPayment(orderID)
	for deadline := time.Now().Add(5 * time.Second); pay == "" && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		pay = s.providerPayment(orderID)
	}
	if pay == "" {
		t.Fatal("the process did not create the payment")
	}
	s.provider.Settle(pay, "paid")
	s.notify(pay, 200)
	s.settle()

	s.provider.Down(true)
	res := s.as(s.admin, s.appA).want("POST", "/v1/admin/application/orders/"+orderID+"/refunds",
		map[string]any{"amount_cents": 1000, "reason": "Half terug"}, 201)
	if data(res, "status") != "queued" {
		t.Fatalf("refund with the provider down: %s", res.Raw)
	}
	// The webhook with the provider down answers 503 (the provider retries).
	s.provider.Down(false)
	s.notify(pay, 200)
	s.settle()
	refunds := s.provider.Refunds(pay)
	if len(refunds) != 1 {
		t.Fatalf("%d refunds at the provider", len(refunds))
	}
	s.provider.SettleRefund(refunds[0], "refunded")
	s.notify(pay, 200)
	s.notify(pay, 200)
	o := s.order(orderID)
	for deadline := time.Now().Add(5 * time.Second); dig(o.Body, "data", "status") != "partly_refunded" && time.Now().Before(deadline); {
		o = s.order(orderID)
	}
	if dig(o.Body, "data", "status") != "partly_refunded" || dig(o.Body, "data", "refunded_cents") != 1000.0 {
		t.Fatalf("order %s", o.Raw)
	}
	if created, refunded := s.provider.Created(); created != 1 || refunded != 1 {
		t.Fatalf("provider: %d payments, %d refunds", created, refunded)
	}
}

// A participant's cancellation refunds the cancellation term's percentage through the
// refund decision, by the participant; the export shows exactly the filtered orders with
// a total row, and the same position gives the same file after later changes.
func TestCancellationRefundAndPinnedExport(t *testing.T) {
	s := newShop(t)
	s.provider.AutoRefund = true
	customer := s.customer("Carla", "Klant", s.appA)
	session := s.pricedSession(s.appA, s.orgA, 5, 1000, 50)
	bookingID, orderID, _ := s.bookAndOrder(customer, s.appA, session)
	pay := s.providerPayment(orderID)
	s.provider.Settle(pay, "paid")
	s.notify(pay, 200)
	s.as(customer, s.appA).want("DELETE", "/v1/sessions/"+session+"/bookings/"+bookingID, nil, 200)
	deadline := time.Now().Add(10 * time.Second)
	for dig(s.order(orderID).Body, "data", "status") != "partly_refunded" && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	o := s.order(orderID)
	refunds := dig(o.Body, "data", "refunds").([]any)
	if len(refunds) != 1 || dig(refunds[0], "amount_cents") != 500.0 || dig(refunds[0], "origin") != "cancellation" ||
		dig(refunds[0], "actor_id") != customer {
		t.Fatalf("cancellation refund: %s", o.Raw)
	}
	if h := dig(o.Body, "data", "history").([]any); len(h) < 5 {
		t.Fatalf("history: %v", h)
	}
	admin := s.as(s.admin, s.appA)
	export := admin.want("GET", "/v1/admin/application/orders/export?format=csv&status=partly_refunded", nil, 200)
	position := export.Header.Get("X-Event-Position")
	lines := strings.Split(strings.TrimSpace(export.Raw), "\n")
	if len(lines) != 3 || !strings.Contains(lines[1], orderID) || !strings.Contains(lines[1], "Deels terugbetaald") ||
		!strings.HasPrefix(lines[2], "Totaal,") || !strings.HasSuffix(lines[2], ",10.00,5.00") {
		t.Fatalf("export:\n%s", export.Raw)
	}
	// The rest is refunded: now the order is refunded, and the filter shows nothing…
	admin.want("POST", "/v1/admin/application/orders/"+orderID+"/refunds", map[string]any{"amount_cents": 500, "reason": "De rest"}, 201)
	for dig(s.order(orderID).Body, "data", "status") != "refunded" && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	now := admin.want("GET", "/v1/admin/application/orders/export?format=csv&status=partly_refunded", nil, 200)
	if n := len(strings.Split(strings.TrimSpace(now.Raw), "\n")); n != 2 {
		t.Fatalf("export now:\n%s", now.Raw)
	}
	// …but the pinned export is the same file.
	pinned := admin.want("GET", "/v1/admin/application/orders/export?format=csv&status=partly_refunded&position="+position, nil, 200)
	if pinned.Raw != export.Raw {
		t.Fatalf("pinned export differs:\n%s\n---\n%s", export.Raw, pinned.Raw)
	}
	xlsx := admin.want("GET", "/v1/admin/application/orders/export?position="+position, nil, 200)
	if xlsx.Header.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Fatal(xlsx.Header)
	}
	admin.want("GET", "/v1/admin/application/orders/export?position=nonsense", nil, 400)
	// The overview: filters and the superadmin's view of every application.
	list := admin.want("GET", "/v1/admin/application/orders?status=refunded&payment_type=euros&search=yoga", nil, 200)
	if len(rows(list)) != 1 {
		t.Fatalf("overview: %s", list.Raw)
	}
	// Search (decision 0912): a piece of the title in any case, a piece of the id; what
	// matches neither finds nothing; an export searches the same way.
	for search, want := range map[string]int{"YOG": 1, "og": 1, orderID[:8]: 1, orderID[9:23]: 1, "pilates": 0, "1234567": 0, "%": 0} {
		if got := len(rows(admin.want("GET", "/v1/admin/application/orders?search="+url.QueryEscape(search), nil, 200))); got != want {
			t.Errorf("search %q: %d orders, want %d", search, got, want)
		}
	}
	searched := admin.want("GET", "/v1/admin/application/orders/export?format=csv&search="+orderID[:8], nil, 200)
	if n := len(strings.Split(strings.TrimSpace(searched.Raw), "\n")); n != 3 || !strings.Contains(searched.Raw, orderID) {
		t.Fatalf("searched export:\n%s", searched.Raw)
	}
	admin.want("GET", "/v1/admin/application/orders?status=nonsense", nil, 400)
	admin.want("GET", "/v1/admin/orders", nil, 403) // an application's admin: not every application
	// This world's test login carries no superadmin flag: the platform view is tried by
	// an admin granted view-orders (the superadmin's permission, decision 0906).
	res, err := s.env.App.GrantPermission(context.Background(), commands.Meta{},
		domainidentity.Rule{Role: domainidentity.RoleAdmin, Permission: readapi.PermViewOrders})
	if err != nil {
		t.Fatal(err)
	}
	s.saw(res.Position)
	root := s.as(s.admin, s.appA)
	s.settle()
	all := root.want("GET", "/v1/admin/orders?search=yoga&application_id="+s.appA, nil, 200)
	if len(rows(all)) != 1 || dig(rows(all)[0], "id") != orderID {
		t.Fatalf("every application's orders: %s", all.Raw)
	}
	if got := root.want("GET", "/v1/admin/orders?search="+orderID[:8], nil, 200); len(rows(got)) != 1 {
		t.Fatalf("every application's orders by id: %s", got.Raw)
	}
	if len(rows(root.want("GET", "/v1/admin/orders?application_id="+s.appB, nil, 200))) != 0 {
		t.Fatal("application B has no orders")
	}
	root.want("GET", "/v1/admin/orders/"+orderID, nil, 200)
}

// Paying in moves: the wallet is debited exactly once and the booking confirmed in the
// same append; a balance too low is refused clearly; a refund is credited at once.
func TestPayingWithMoves(t *testing.T) {
	s := newShop(t)
	carla := s.customer("Carla", "Klant", s.appA)
	admin := s.as(s.admin, s.appA)
	walletID := admin.newWallet("Sportpas", "sportpas", nil)
	_, codes := admin.generate(walletID, map[string]any{"quantity": 2, "value_moves": 1000, "enabled": true})
	admin.want("POST", "/v1/admin/wallets/"+walletID+"/coupons/redeem", map[string]any{"customer_id": carla, "code": codes[0]}, 200)
	session := s.pricedSession(s.appA, s.orgA, 5, 1250, 0)
	c := s.as(carla, s.appA)
	b := c.want("POST", "/v1/sessions/"+session+"/bookings", person("Carla"), 201)
	bookingID := data(b, "booking_id").(string)
	order := "/v1/sessions/" + session + "/bookings/" + bookingID + "/order"
	low := c.en().want("POST", order, map[string]any{"payment_type": "moves", "wallet_id": walletID}, 409)
	if message(low) != "Your balance is too low: you have 1000 moves and this costs 1250 moves" {
		t.Fatalf("message %q", message(low))
	}
	c.want("POST", order, map[string]any{"payment_type": "moves", "wallet_id": s.appB}, 422) // no wallet of this application
	admin.want("POST", "/v1/admin/wallets/"+walletID+"/coupons/redeem", map[string]any{"customer_id": carla, "code": codes[1]}, 200)
	var wg sync.WaitGroup
	clicks := []*caller{s.as(carla, s.appA), s.as(carla, s.appA), s.as(carla, s.appA), s.as(carla, s.appA), s.as(carla, s.appA)}
	for _, click := range clicks { // a double click, and then some
		wg.Add(1)
		go func() {
			defer wg.Done()
			click.want("POST", order, map[string]any{"payment_type": "moves", "wallet_id": walletID}, 201)
		}()
	}
	wg.Wait()
	if n := s.events("wallet.debited.v1"); n != 1 {
		t.Fatalf("debited %d times", n)
	}
	if got := participantStatus(t, s, session, bookingID, "confirmed"); got != "confirmed" {
		t.Fatalf("paid in moves, the spot is %s", got)
	}
	balance := func() any {
		s.settle()
		res := s.as(carla, s.appA).want("GET", "/v1/wallets", nil, 200)
		return dig(rows(res)[0], "balance")
	}
	if got := balance(); got != 750.0 {
		t.Fatalf("balance %v", got)
	}
	orderID := data(s.as(carla, s.appA).want("POST", order, map[string]any{"payment_type": "moves", "wallet_id": walletID}, 201), "order_id").(string)
	if got := dig(s.order(orderID).Body, "data", "status"); got != "complete" {
		t.Fatalf("order %v", got)
	}
	refund := admin.want("POST", "/v1/admin/application/orders/"+orderID+"/refunds", map[string]any{"amount_cents": 250, "reason": "Te laat begonnen"}, 201)
	if data(refund, "status") != "refunded" {
		t.Fatalf("moves refund %s", refund.Raw)
	}
	if got := balance(); got != 1000.0 {
		t.Fatalf("balance after the refund %v", got)
	}
	if got := dig(s.order(orderID).Body, "data", "status"); got != "partly_refunded" {
		t.Fatalf("order %v", got)
	}
}
