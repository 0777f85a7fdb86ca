package orders_test

import (
	"context"
	"encoding/csv"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	domainidentity "move/domain/identity"
	"move/internal/testenv"
	"move/processes"
	"move/projections"
	"move/readapi/orders"
	"move/readapi/readapitest"
)

// participantStatus answers the booking's status in the participants list, once it is
// Want (or after 5 s, whatever it is then): the read model follows the log.
func participantStatus(t *testing.T, s *readapitest.Shop, session, bookingID, want string) string {
	t.Helper()
	got := ""
	for deadline := time.Now().Add(5 * time.Second); got != want && time.Now().Before(deadline); {
		s.Settle()
		got = ""
		res := s.As(s.Admin, s.AppA).Want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 200)
		for _, key := range []string{"participants", "waiting_list", "cancelled"} {
			list, _ := readapitest.Dig(res.Body, "data", key).([]any)
			for _, p := range list {
				if readapitest.Dig(p, "booking_id") == bookingID {
					got = readapitest.Dig(p, "status").(string)
				}
			}
		}
	}
	return got
}

// A paid session: the spot is held while the payment is open and confirmed when the
// Provider says paid. Webhooks repeat, come late and out of order, or are forged:
// nothing changes twice and nothing the provider did not say.
func TestPayingAtTheProviderAndItsWebhooks(t *testing.T) {
	s := readapitest.NewShop(t)
	customer := s.Customer("Carla", "Klant", s.AppA)
	session := s.PricedSession(s.AppA, s.OrgA, 5, 1250, 50)
	bookingID, orderID, checkout := s.BookAndOrder(customer, s.AppA, session)
	if !strings.HasPrefix(checkout, s.Provider.URL+"/checkout/") {
		t.Fatalf("checkout URL %q", checkout)
	}
	o := s.Order(orderID)
	if readapitest.Dig(o.Body, "data", "status") != "open" || readapitest.Dig(o.Body, "data", "total") != 1250.0 || readapitest.Dig(o.Body, "data", "vat") != 103.0 || readapitest.Dig(o.Body, "data", "transaction_fee") != 50.0 || readapitest.Dig(o.Body, "data", "payout_month") != time.Now().In(readapitest.Amsterdam(t)).Format("2006-01") {
		t.Fatalf("order: %s", o.Raw)
	}
	if got := participantStatus(t, s, session, bookingID, "held"); got != "held" {
		t.Fatalf("while the payment is open the spot is %s", got)
	}
	pay := s.ProviderPayment(orderID)

	// Forged: a wrong signature, or none, finds no order.
	forged := s.Base + "/v1/payments/webhook/" + orderID + "?signature=AAAA"
	if res, err := http.PostForm(forged, url.Values{"id": {pay}}); err != nil || res.StatusCode != 404 {
		t.Fatalf("forged webhook: %v %v", res.StatusCode, err)
	}
	// Out of order: pending, then paid, then a stale "open" and a repeated "paid".
	s.Provider.Settle(pay, "pending")
	s.Notify(pay, 200)
	s.Provider.Settle(pay, "paid")
	s.Notify(pay, 200)
	s.Notify(pay, 200)
	s.Provider.Settle(pay, "open")
	s.Notify(pay, 200)
	s.Provider.Settle(pay, "paid")
	var wg sync.WaitGroup
	for range 5 {
		wg.Add(1)
		go func() { defer wg.Done(); _, _ = s.Provider.Notify(pay) }()
	}
	wg.Wait()
	if n := s.Events("order.payment_status_changed.v1"); n != 2 { // open → pending → paid
		t.Fatalf("%d payment status changes", n)
	}
	if n := s.Events("booking.confirmed.v1"); n != 1 {
		t.Fatalf("%d confirmations", n)
	}
	if got := participantStatus(t, s, session, bookingID, "confirmed"); got != "confirmed" {
		t.Fatalf("paid, the spot is %s", got)
	}
	if got := readapitest.Dig(s.Order(orderID).Body, "data", "status"); got != "paid" {
		t.Fatalf("order %v", got)
	}
	// Placing again answers the same order.
	again := s.As(customer, s.AppA).Want("POST", "/v1/sessions/"+session+"/bookings/"+bookingID+"/order", map[string]any{"payment_type": "euros"}, 201)
	if readapitest.Data(again, "order_id") != orderID || readapitest.Data(again, "status") != "paid" {
		t.Fatalf("placed again: %s", again.Raw)
	}
	if created, _ := s.Provider.Created(); created != 1 {
		t.Fatalf("%d payments at the provider", created)
	}
}

// orderStatus answers the order's status once it is want (or after 5 s, whatever it
// is then): a webhook's or process's append has no position the test saw.
func orderStatus(s *readapitest.Shop, orderID, want string) any {
	s.T.Helper()
	got := readapitest.Dig(s.Order(orderID).Body, "data", "status")
	for deadline := time.Now().Add(5 * time.Second); got != want && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		got = readapitest.Dig(s.Order(orderID).Body, "data", "status")
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
	s := readapitest.NewShop(t)
	first, second := s.Customer("Anna", "Een", s.AppA), s.Customer("Bram", "Twee", s.AppA)
	session := s.PricedSession(s.AppA, s.OrgA, 1, 1000, 0)
	bookingID, orderID, checkout := s.BookAndOrder(first, s.AppA, session)
	s.As(second, s.AppA).Want("POST", "/v1/sessions/"+session+"/bookings", readapitest.Person("Bram"), 409)
	checkoutChoice(t, checkout, "failed")
	if got := orderStatus(s, orderID, "failed"); got != "failed" {
		t.Fatalf("order %v", got)
	}
	if got := participantStatus(t, s, session, bookingID, "held"); got != "held" {
		t.Fatalf("after the failed payment the spot is %s", got)
	}
	s.As(second, s.AppA).Want("POST", "/v1/sessions/"+session+"/bookings", readapitest.Person("Bram"), 409)

	// Paying again: the same order, a new payment with its own checkout.
	customer := s.As(first, s.AppA)
	path := "/v1/sessions/" + session + "/bookings/" + bookingID + "/order"
	customer.Want("POST", path, map[string]any{"payment_type": "moves"}, 409) // a euro order is paid again in euros
	again := customer.Want("POST", path, map[string]any{"payment_type": "euros"}, 201)
	second2, _ := readapitest.Data(again, "checkout_url").(string)
	if readapitest.Data(again, "order_id") != orderID || readapitest.Data(again, "status") != "open" || second2 == "" || second2 == checkout {
		t.Fatalf("paying again: %s", again.Raw)
	}
	// A repeat while that payment is open answers it as it stands: no third payment.
	if repeat := customer.Want("POST", path, map[string]any{"payment_type": "euros"}, 201); readapitest.Data(repeat, "checkout_url") != second2 {
		t.Fatalf("repeat: %s", repeat.Raw)
	}
	if created, _ := s.Provider.Created(); created != 2 {
		t.Fatalf("%d payments at the provider, want 2", created)
	}
	checkoutChoice(t, second2, "paid")
	if got := participantStatus(t, s, session, bookingID, "confirmed"); got != "confirmed" {
		t.Fatalf("paid the second time, the spot is %s", got)
	}
	orderStatus(s, orderID, "paid")
	o := s.Order(orderID)
	pays := readapitest.Dig(o.Body, "data", "payments").([]any)
	if readapitest.Dig(o.Body, "data", "status") != "paid" || readapitest.Dig(o.Body, "data", "paid_cents") != 1000.0 || len(pays) != 2 || readapitest.Dig(pays[0], "status") != "failed" || readapitest.Dig(pays[1], "status") != "paid" {
		t.Fatalf("order %s", o.Raw)
	}
	if paid := customer.Want("POST", path, map[string]any{"payment_type": "euros"}, 201); readapitest.Data(paid, "status") != "paid" {
		t.Fatalf("placed once more: %s", paid.Raw)
	}
	if created, _ := s.Provider.Created(); created != 2 {
		t.Fatalf("%d payments at the provider after paying, want 2", created)
	}
}

// A spot held after an expired payment is released a hold time later (the hold
// process), its order cancelled; paying again is then refused with why, and the spot
// is anyone's (booking again checks it anew).
func TestAHoldEndsAHoldTimeAfterAnUnpaidPayment(t *testing.T) {
	s := readapitest.NewShop(t)
	first, second := s.Customer("Anna", "Een", s.AppA), s.Customer("Bram", "Twee", s.AppA)
	session := s.PricedSession(s.AppA, s.OrgA, 1, 1000, 0)
	bookingID, orderID, checkout := s.BookAndOrder(first, s.AppA, session)
	checkoutChoice(t, checkout, "expired")
	s.Settle()
	if _, err := s.Worker.Pass(context.Background()); err != nil { // within the hold time: kept
		t.Fatal(err)
	}
	if got := participantStatus(t, s, session, bookingID, "held"); got != "held" {
		t.Fatalf("within the hold time the spot is %s", got)
	}
	s.Worker.Now = func() time.Time { return time.Now().Add(processes.DefaultHoldTime + time.Second) }
	for deadline := time.Now().Add(10 * time.Second); participantStatus(t, s, session, bookingID, "cancelled") != "cancelled"; {
		if time.Now().After(deadline) {
			t.Fatal("the hold was not released")
		}
		if _, err := s.Worker.Pass(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if got := orderStatus(s, orderID, "canceled"); got != "canceled" {
		t.Fatalf("order %v", got)
	}
	refused := s.As(first, s.AppA).Want("POST", "/v1/sessions/"+session+"/bookings/"+bookingID+"/order",
		map[string]any{"payment_type": "euros"}, 409)
	if !strings.Contains(refused.Raw, "vrijgegeven") {
		t.Fatalf("refusal: %s", refused.Raw)
	}
	if created, _ := s.Provider.Created(); created != 1 {
		t.Fatalf("%d payments at the provider, want 1", created)
	}
	s.As(second, s.AppA).Want("POST", "/v1/sessions/"+session+"/bookings", readapitest.Person("Bram"), 201)
}

// A booking cancelled while its payment is open at the provider cancels that payment
// there (decision 0910): it cannot be paid any more. A payment the provider will not
// cancel and that is paid after all is refunded in full at once (0911).
func TestCancellingCancelsTheOpenPaymentOrRefundsALatePayment(t *testing.T) {
	s := readapitest.NewShop(t)
	customer := s.Customer("Carla", "Klant", s.AppA)
	session := s.PricedSession(s.AppA, s.OrgA, 5, 1000, 100)
	bookingID, orderID, checkout := s.BookAndOrder(customer, s.AppA, session)
	pay := s.ProviderPayment(orderID)
	s.As(customer, s.AppA).Want("DELETE", "/v1/sessions/"+session+"/bookings/"+bookingID, nil, 200)
	if got := s.Provider.Status(pay); got != "canceled" || s.Provider.Canceled() != 1 {
		t.Fatalf("at the provider the payment is %s (%d cancelled)", got, s.Provider.Canceled())
	}
	if res, err := http.Get(checkout); err != nil || res.StatusCode != 404 {
		t.Fatalf("the checkout of a cancelled payment: %v %v", res, err)
	}
	// The cancellation at the provider is appended after the request's own position: the
	// read model follows the log.
	o := s.Order(orderID)
	paymentStatus := func(o readapitest.Response) any {
		return readapitest.Dig(readapitest.Dig(o.Body, "data", "payments").([]any)[0], "status")
	}
	for deadline := time.Now().Add(5 * time.Second); paymentStatus(o) != "canceled" && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		o = s.Order(orderID)
	}
	if readapitest.Dig(o.Body, "data", "status") != "canceled" || paymentStatus(o) != "canceled" {
		t.Fatalf("order %s", o.Raw)
	}

	// Not cancelable (the customer is paying already): the cancellation stands, the
	// payment lands, and all of it goes back.
	bookingID, orderID, checkout = s.BookAndOrder(customer, s.AppA, session)
	pay = s.ProviderPayment(orderID)
	s.Provider.NotCancelable(pay)
	s.As(customer, s.AppA).Want("DELETE", "/v1/sessions/"+session+"/bookings/"+bookingID, nil, 200)
	if got := s.Provider.Status(pay); got != "open" {
		t.Fatalf("a payment not cancelable is %s", got)
	}
	checkoutChoice(t, checkout, "paid")
	refunds := s.Provider.Refunds(pay)
	if len(refunds) != 1 {
		t.Fatalf("%d refunds at the provider of the late payment", len(refunds))
	}
	s.Provider.SettleRefund(refunds[0], "refunded")
	s.Notify(pay, 200)
	o = s.Order(orderID)
	for deadline := time.Now().Add(5 * time.Second); readapitest.Dig(o.Body, "data", "status") != "refunded" && time.Now().Before(deadline); {
		o = s.Order(orderID)
	}
	rs := readapitest.Dig(o.Body, "data", "refunds").([]any)
	if readapitest.Dig(o.Body, "data", "status") != "refunded" || readapitest.Dig(o.Body, "data", "paid_after_close") != true || len(rs) != 1 || readapitest.Dig(rs[0], "amount_cents") != 1000.0 || readapitest.Dig(rs[0], "origin") != "after_close" {
		t.Fatalf("the late payment's order: %s", o.Raw)
	}
	if got := participantStatus(t, s, session, bookingID, "cancelled"); got != "cancelled" {
		t.Fatalf("the cancelled booking is %s", got)
	}
	if s.Provider.RefundedCents(pay) != 1000 {
		t.Fatalf("refunded %d at the provider", s.Provider.RefundedCents(pay))
	}
}

// 50 refunds of one order at once never return more than was paid: 4 of € 3 fit in
// € 12.50, the other 46 are refused with what is left.
func TestFiftyConcurrentRefundsNeverRefundMoreThanPaid(t *testing.T) {
	s := readapitest.NewShop(t)
	s.Provider.AutoRefund = true
	customer := s.Customer("Carla", "Klant", s.AppA)
	session := s.PricedSession(s.AppA, s.OrgA, 5, 1250, 0)
	_, orderID, _ := s.BookAndOrder(customer, s.AppA, session)
	pay := s.ProviderPayment(orderID)
	s.Provider.Settle(pay, "paid")
	s.Notify(pay, 200)
	s.Settle()
	statuses := make([]int, 50)
	callers := make([]*readapitest.Caller, len(statuses)) // made before: the world's caller list is not shared safely
	for i := range callers {
		callers[i] = s.As(s.Admin, s.AppA)
	}
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := callers[i].Do("POST", "/v1/admin/application/orders/"+orderID+"/refunds",
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
	if n := s.Events("order.refund_requested.v1"); n != 4 {
		t.Fatalf("%d refunds requested", n)
	}
	if got := s.Provider.RefundedCents(pay); got != 1200 {
		t.Fatalf("the provider refunded %d cents", got)
	}
	// The provider's webhooks (AutoRefund) settle them; the worker too, whichever first.
	deadline := time.Now().Add(10 * time.Second)
	for readapitest.Dig(s.Order(orderID).Body, "data", "refunded_cents") != 1200.0 && time.Now().Before(deadline) {
		if _, err := s.Worker.Pass(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	o := s.Order(orderID)
	if readapitest.Dig(o.Body, "data", "status") != "partly_refunded" || readapitest.Dig(o.Body, "data", "refundable_cents") != 50.0 {
		t.Fatalf("order after the refunds: %s", o.Raw)
	}
	over := s.As(s.Admin, s.AppA).En().Want("POST", "/v1/admin/application/orders/"+orderID+"/refunds",
		map[string]any{"amount_cents": 51, "reason": "x"}, 409)
	if readapitest.Message(over) != "At most 50 cents can still be refunded" {
		t.Fatalf("message %q", readapitest.Message(over))
	}
	// No reason, both amount and lines, another application's admin: refused, nothing written.
	s.As(s.Admin, s.AppA).Want("POST", "/v1/admin/application/orders/"+orderID+"/refunds", map[string]any{"amount_cents": 10}, 422)
	s.As(s.Admin, s.AppA).Want("POST", "/v1/admin/application/orders/"+orderID+"/refunds",
		map[string]any{"amount_cents": 10, "reason": "  "}, 422)
	s.As(s.AdminB, s.AppB).Want("POST", "/v1/admin/application/orders/"+orderID+"/refunds", map[string]any{"amount_cents": 10, "reason": "x"}, 404)
	s.As(s.AdminB, s.AppB).Want("GET", "/v1/admin/application/orders/"+orderID, nil, 404)
	s.As(s.AdminB, s.AppA).Want("GET", "/v1/admin/application/orders/"+orderID, nil, 403)
	if n := s.Events("order.refund_requested.v1"); n != 4 {
		t.Fatalf("%d refunds requested", n)
	}
}

// The provider down during checkout and during a refund: the order stays open (the
// refund queued), nothing is lost, and the payment process completes both when the
// Provider is back — once.
func TestProviderDownDuringCheckoutAndRefund(t *testing.T) {
	s := readapitest.NewShop(t)
	customer := s.Customer("Carla", "Klant", s.AppA)
	session := s.PricedSession(s.AppA, s.OrgA, 5, 2000, 0)
	s.Provider.Down(true)
	_, orderID, checkout := s.BookAndOrder(customer, s.AppA, session)
	if checkout != "" || readapitest.Dig(s.Order(orderID).Body, "data", "status") != "open" {
		t.Fatalf("with the provider down: checkout %q", checkout)
	}
	if _, err := s.Worker.Pass(context.Background()); err != nil { // still down: nothing, no error
		t.Fatal(err)
	}
	s.Provider.Down(false)
	s.Worker = processes.NewWorker(s.Env.App, s.Env.DB, projections.NewLocks(s.Env.DB.Config().ConnConfig),
		testenv.Logger(t), prometheus.NewRegistry()) // a new worker: no backoff left
	s.Worker.Grace = 0
	s.Settle()
	if n, err := s.Worker.Pass(context.Background()); n != 1 || err != nil {
		t.Fatalf("the process settled %d orders (%v)", n, err)
	}
	// The process appended the payment; the read model follows the log (no position to wait for).
	pay := s.ProviderPayment(orderID)
	for deadline := time.Now().Add(5 * time.Second); pay == "" && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		pay = s.ProviderPayment(orderID)
	}
	if pay == "" {
		t.Fatal("the process did not create the payment")
	}
	s.Provider.Settle(pay, "paid")
	s.Notify(pay, 200)
	s.Settle()

	s.Provider.Down(true)
	res := s.As(s.Admin, s.AppA).Want("POST", "/v1/admin/application/orders/"+orderID+"/refunds",
		map[string]any{"amount_cents": 1000, "reason": "Half terug"}, 201)
	if readapitest.Data(res, "status") != "queued" {
		t.Fatalf("refund with the provider down: %s", res.Raw)
	}
	// The webhook with the provider down answers 503 (the provider retries).
	s.Provider.Down(false)
	s.Notify(pay, 200)
	s.Settle()
	refunds := s.Provider.Refunds(pay)
	if len(refunds) != 1 {
		t.Fatalf("%d refunds at the provider", len(refunds))
	}
	s.Provider.SettleRefund(refunds[0], "refunded")
	s.Notify(pay, 200)
	s.Notify(pay, 200)
	o := s.Order(orderID)
	for deadline := time.Now().Add(5 * time.Second); readapitest.Dig(o.Body, "data", "status") != "partly_refunded" && time.Now().Before(deadline); {
		o = s.Order(orderID)
	}
	if readapitest.Dig(o.Body, "data", "status") != "partly_refunded" || readapitest.Dig(o.Body, "data", "refunded_cents") != 1000.0 {
		t.Fatalf("order %s", o.Raw)
	}
	if created, refunded := s.Provider.Created(); created != 1 || refunded != 1 {
		t.Fatalf("provider: %d payments, %d refunds", created, refunded)
	}
}

// A participant's cancellation refunds the cancellation term's percentage through the
// refund decision, by the participant; the export shows exactly the filtered orders with
// a total row, and the same position gives the same file after later changes.
func TestCancellationRefundAndPinnedExport(t *testing.T) {
	s := readapitest.NewShop(t)
	s.Provider.AutoRefund = true
	customer := s.Customer("Carla", "Klant", s.AppA)
	session := s.PricedSession(s.AppA, s.OrgA, 5, 1000, 50)
	bookingID, orderID, _ := s.BookAndOrder(customer, s.AppA, session)
	pay := s.ProviderPayment(orderID)
	s.Provider.Settle(pay, "paid")
	s.Notify(pay, 200)
	s.As(customer, s.AppA).Want("DELETE", "/v1/sessions/"+session+"/bookings/"+bookingID, nil, 200)
	deadline := time.Now().Add(10 * time.Second)
	for readapitest.Dig(s.Order(orderID).Body, "data", "status") != "partly_refunded" && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	o := s.Order(orderID)
	refunds := readapitest.Dig(o.Body, "data", "refunds").([]any)
	if len(refunds) != 1 || readapitest.Dig(refunds[0], "amount_cents") != 500.0 || readapitest.Dig(refunds[0], "origin") != "cancellation" || readapitest.Dig(refunds[0], "actor_id") != customer {
		t.Fatalf("cancellation refund: %s", o.Raw)
	}
	if h := readapitest.Dig(o.Body, "data", "history").([]any); len(h) < 5 {
		t.Fatalf("history: %v", h)
	}
	admin := s.As(s.Admin, s.AppA)
	export := admin.Want("GET", "/v1/admin/application/orders/export?format=csv&status=partly_refunded", nil, 200)
	position := export.Header.Get("X-Event-Position")
	lines := strings.Split(strings.TrimSpace(export.Raw), "\n")
	if len(lines) != 3 || !strings.Contains(lines[1], orderID) || !strings.Contains(lines[1], "Deels terugbetaald") ||
		!strings.HasPrefix(lines[2], "Totaal,") || !strings.HasSuffix(lines[2], ",10.00,5.00") {
		t.Fatalf("export:\n%s", export.Raw)
	}
	// The rest is refunded: now the order is refunded, and the filter shows nothing…
	admin.Want("POST", "/v1/admin/application/orders/"+orderID+"/refunds", map[string]any{"amount_cents": 500, "reason": "De rest"}, 201)
	for readapitest.Dig(s.Order(orderID).Body, "data", "status") != "refunded" && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	now := admin.Want("GET", "/v1/admin/application/orders/export?format=csv&status=partly_refunded", nil, 200)
	if n := len(strings.Split(strings.TrimSpace(now.Raw), "\n")); n != 2 {
		t.Fatalf("export now:\n%s", now.Raw)
	}
	// …but the pinned export is the same file.
	pinned := admin.Want("GET", "/v1/admin/application/orders/export?format=csv&status=partly_refunded&position="+position, nil, 200)
	if pinned.Raw != export.Raw {
		t.Fatalf("pinned export differs:\n%s\n---\n%s", export.Raw, pinned.Raw)
	}
	xlsx := admin.Want("GET", "/v1/admin/application/orders/export?position="+position, nil, 200)
	if xlsx.Header.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Fatal(xlsx.Header)
	}
	admin.Want("GET", "/v1/admin/application/orders/export?position=nonsense", nil, 400)
	// The overview: filters and the superadmin's view of every application.
	list := admin.Want("GET", "/v1/admin/application/orders?status=refunded&payment_type=euros&search=yoga", nil, 200)
	if len(readapitest.Rows(list)) != 1 {
		t.Fatalf("overview: %s", list.Raw)
	}
	// Search (decision 0912): a piece of the title in any case, a piece of the id; what
	// matches neither finds nothing; an export searches the same way.
	for search, want := range map[string]int{"YOG": 1, "og": 1, orderID[:8]: 1, orderID[9:23]: 1, "pilates": 0, "1234567": 0, "%": 0} {
		if got := len(readapitest.Rows(admin.Want("GET", "/v1/admin/application/orders?search="+url.QueryEscape(search), nil, 200))); got != want {
			t.Errorf("search %q: %d orders, want %d", search, got, want)
		}
	}
	searched := admin.Want("GET", "/v1/admin/application/orders/export?format=csv&search="+orderID[:8], nil, 200)
	if n := len(strings.Split(strings.TrimSpace(searched.Raw), "\n")); n != 3 || !strings.Contains(searched.Raw, orderID) {
		t.Fatalf("searched export:\n%s", searched.Raw)
	}
	admin.Want("GET", "/v1/admin/application/orders?status=nonsense", nil, 400)
	admin.Want("GET", "/v1/admin/orders", nil, 403) // an application's admin: not every application
	// This world's test login carries no superadmin flag: the platform view is tried by
	// an admin granted view-orders (the superadmin's permission, decision 0906).
	res, err := s.Env.App.GrantPermission(context.Background(), commands.Meta{},
		domainidentity.Rule{Role: domainidentity.RoleAdmin, Permission: orders.PermViewOrders})
	if err != nil {
		t.Fatal(err)
	}
	s.Saw(res.Position)
	root := s.As(s.Admin, s.AppA)
	s.Settle()
	all := root.Want("GET", "/v1/admin/orders?search=yoga&application_id="+s.AppA, nil, 200)
	if len(readapitest.Rows(all)) != 1 || readapitest.Dig(readapitest.Rows(all)[0], "id") != orderID {
		t.Fatalf("every application's orders: %s", all.Raw)
	}
	if got := root.Want("GET", "/v1/admin/orders?search="+orderID[:8], nil, 200); len(readapitest.Rows(got)) != 1 {
		t.Fatalf("every application's orders by id: %s", got.Raw)
	}
	if len(readapitest.Rows(root.Want("GET", "/v1/admin/orders?application_id="+s.AppB, nil, 200))) != 0 {
		t.Fatal("application B has no orders")
	}
	root.Want("GET", "/v1/admin/orders/"+orderID, nil, 200)
	// The platform's export: the order, its customer's columns blank (the platform's role
	// reads no personal data), as the platform's overview.
	platform, err := csv.NewReader(strings.NewReader(root.Want("GET", "/v1/admin/orders/export?format=csv&application_id="+s.AppA, nil, 200).Raw)).ReadAll()
	if err != nil || len(platform) != 3 || platform[1][0] != orderID || platform[1][3] != "" || platform[1][4] != "" || platform[2][0] != "Totaal" {
		t.Fatalf("every application's export: %v %v", platform, err)
	}
}

// Paying in moves: the wallet is debited exactly once and the booking confirmed in the
// same append; a balance too low is refused clearly; a refund is credited at once.
func TestPayingWithMoves(t *testing.T) {
	s := readapitest.NewShop(t)
	carla := s.Customer("Carla", "Klant", s.AppA)
	admin := s.As(s.Admin, s.AppA)
	walletID := admin.NewWallet("Sportpas", "sportpas", nil)
	_, codes := admin.Generate(walletID, map[string]any{"quantity": 2, "value_moves": 1000, "enabled": true})
	admin.Want("POST", "/v1/admin/wallets/"+walletID+"/coupons/redeem", map[string]any{"customer_id": carla, "code": codes[0]}, 200)
	session := s.PricedSession(s.AppA, s.OrgA, 5, 1250, 0)
	c := s.As(carla, s.AppA)
	b := c.Want("POST", "/v1/sessions/"+session+"/bookings", readapitest.Person("Carla"), 201)
	bookingID := readapitest.Data(b, "booking_id").(string)
	order := "/v1/sessions/" + session + "/bookings/" + bookingID + "/order"
	low := c.En().Want("POST", order, map[string]any{"payment_type": "moves", "wallet_id": walletID}, 409)
	if readapitest.Message(low) != "Your balance is too low: you have 1000 moves and this costs 1250 moves" {
		t.Fatalf("message %q", readapitest.Message(low))
	}
	c.Want("POST", order, map[string]any{"payment_type": "moves", "wallet_id": s.AppB}, 422) // no wallet of this application
	admin.Want("POST", "/v1/admin/wallets/"+walletID+"/coupons/redeem", map[string]any{"customer_id": carla, "code": codes[1]}, 200)
	var wg sync.WaitGroup
	clicks := []*readapitest.Caller{s.As(carla, s.AppA), s.As(carla, s.AppA), s.As(carla, s.AppA), s.As(carla, s.AppA), s.As(carla, s.AppA)}
	for _, click := range clicks { // a double click, and then some
		wg.Add(1)
		go func() {
			defer wg.Done()
			click.Want("POST", order, map[string]any{"payment_type": "moves", "wallet_id": walletID}, 201)
		}()
	}
	wg.Wait()
	if n := s.Events("wallet.debited.v1"); n != 1 {
		t.Fatalf("debited %d times", n)
	}
	if got := participantStatus(t, s, session, bookingID, "confirmed"); got != "confirmed" {
		t.Fatalf("paid in moves, the spot is %s", got)
	}
	balance := func() any {
		s.Settle()
		res := s.As(carla, s.AppA).Want("GET", "/v1/wallets", nil, 200)
		return readapitest.Dig(readapitest.Rows(res)[0], "balance")
	}
	if got := balance(); got != 750.0 {
		t.Fatalf("balance %v", got)
	}
	orderID := readapitest.Data(s.As(carla, s.AppA).Want("POST", order, map[string]any{"payment_type": "moves", "wallet_id": walletID}, 201), "order_id").(string)
	if got := readapitest.Dig(s.Order(orderID).Body, "data", "status"); got != "complete" {
		t.Fatalf("order %v", got)
	}
	refund := admin.Want("POST", "/v1/admin/application/orders/"+orderID+"/refunds", map[string]any{"amount_cents": 250, "reason": "Te laat begonnen"}, 201)
	if readapitest.Data(refund, "status") != "refunded" {
		t.Fatalf("moves refund %s", refund.Raw)
	}
	if got := balance(); got != 1000.0 {
		t.Fatalf("balance after the refund %v", got)
	}
	if got := readapitest.Dig(s.Order(orderID).Body, "data", "status"); got != "partly_refunded" {
		t.Fatalf("order %v", got)
	}
}

// The support line (issue 23, decision 1630): an order is found by its customer's name
// or e-mail address as well as by title and id; the overview and the dialog name the
// customer. Another application's customer of the same name never matches, and only
// the roles that see the application's orders may search them.
func TestFindAnOrderByItsCustomer(t *testing.T) {
	s := readapitest.NewShop(t)
	carla := s.Customer("Carla", "Klantje", s.AppA)
	dirk := s.Customer("Dirk", "Dekker", s.AppA)
	twin := s.Customer("Carla", "Klantje", s.AppB) // the same name in application B
	_, orderA, _ := s.BookAndOrder(carla, s.AppA, s.PricedSession(s.AppA, s.OrgA, 5, 1000, 0))
	_, orderD, _ := s.BookAndOrder(dirk, s.AppA, s.PricedSession(s.AppA, s.OrgA, 5, 1000, 0))
	orgB := uuid.NewString()
	_, orderB, _ := s.BookAndOrder(twin, s.AppB, s.PricedSession(s.AppB, orgB, 5, 1000, 0))
	s.Settle()
	var carlaEmail string
	if err := s.Env.DB.QueryRow(context.Background(), `SELECT email FROM identity_personal_data WHERE subject_id = $1`, carla).Scan(&carlaEmail); err != nil {
		t.Fatal(err)
	}
	admin := s.As(s.Admin, s.AppA)
	ids := func(res readapitest.Response) []string {
		var out []string
		for _, row := range readapitest.Rows(res) {
			out = append(out, readapitest.Dig(row, "id").(string))
		}
		return out
	}
	for search, want := range map[string][]string{
		"klantje":                   {orderA},
		"CARLA KLANT":               {orderA},
		"dekker":                    {orderD},
		carlaEmail[:12]:             {orderA},
		strings.ToUpper(carlaEmail): {orderA},
		"example.test":              {orderD, orderA}, // every customer of A, newest first
		"kl":                        nil,              // two characters: names are not searched
		"nobody-by-this-name":       nil,
	} {
		got := ids(admin.Want("GET", "/v1/admin/application/orders?search="+url.QueryEscape(search), nil, 200))
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("search %q: %v, want %v", search, got, want)
		}
	}
	// The overview's row and the dialog name the customer.
	row := readapitest.Rows(admin.Want("GET", "/v1/admin/application/orders?search=klantje", nil, 200))[0]
	if readapitest.Dig(row, "customer_name") != "Carla Klantje" || readapitest.Dig(row, "customer_email") != carlaEmail || readapitest.Dig(row, "customer_id") != carla {
		t.Fatalf("row: %v", row)
	}
	if o := s.Order(orderA); readapitest.Dig(o.Body, "data", "customer_name") != "Carla Klantje" {
		t.Fatalf("dialog: %s", o.Raw)
	}
	// Tenant isolation: B's admin finds B's Carla only; A's admin never B's.
	if got := ids(s.As(s.AdminB, s.AppB).Want("GET", "/v1/admin/application/orders?search=carla", nil, 200)); strings.Join(got, ",") != orderB {
		t.Fatalf("application B's search: %v", got)
	}
	if got := ids(admin.Want("GET", "/v1/admin/application/orders?search=carla", nil, 200)); strings.Join(got, ",") != orderA {
		t.Fatalf("application A's search: %v", got)
	}
	s.As(s.AdminB, s.AppB).Want("GET", "/v1/admin/application/orders/"+orderA, nil, 404)
	// The roles that do not see the application's orders cannot search them.
	for _, role := range []string{"organization", "trainer"} {
		s.As(s.Users[role], s.AppA).Want("GET", "/v1/admin/application/orders?search=carla", nil, 403)
	}
	s.As(carla, s.AppA).Want("GET", "/v1/admin/application/orders?search=carla", nil, 403)
	// The export names the customer in its own columns, in the user's language.
	export := admin.Want("GET", "/v1/admin/application/orders/export?format=csv&search=klantje", nil, 200)
	lines := strings.Split(strings.TrimSpace(export.Raw), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "Klant,E-mailadres klant") || !strings.Contains(lines[1], "Carla Klantje,"+carlaEmail) ||
		!strings.Contains(lines[1], "Euro's") {
		t.Fatalf("export:\n%s", export.Raw)
	}
	en := admin.En().Want("GET", "/v1/admin/application/orders/export?format=csv&search=klantje", nil, 200)
	if !strings.Contains(en.Raw, "Customer,Customer's e-mail address") {
		t.Fatalf("English export:\n%s", en.Raw)
	}
	// The platform's view searches customers of every application.
	res, err := s.Env.App.GrantPermission(context.Background(), commands.Meta{},
		domainidentity.Rule{Role: domainidentity.RoleAdmin, Permission: orders.PermViewOrders})
	if err != nil {
		t.Fatal(err)
	}
	s.Saw(res.Position)
	s.Settle()
	root := s.As(s.Admin, s.AppA)
	if got := ids(root.Want("GET", "/v1/admin/orders?search=klantje&application_id="+s.AppB, nil, 200)); strings.Join(got, ",") != orderB {
		t.Fatalf("application B's orders by customer, platform view: %v", got)
	}
	rows := readapitest.Rows(root.Want("GET", "/v1/admin/orders?search="+orderB[:8], nil, 200))
	if len(rows) != 1 || readapitest.Dig(rows[0], "customer_name") != "Carla Klantje" {
		t.Fatalf("platform view names the customer: %v", rows)
	}
}
