package order_test

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"move/domain"
	"move/domain/order"
	"move/domain/rate"
)

var at = time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)

func placed(t *testing.T, typ string, lines ...order.Line) *order.Order {
	t.Helper()
	o := order.New(order.ID("b1"))
	events, err := o.Place(order.Placing{ApplicationID: "app", OrganizationID: "org", Lines: lines, PaymentType: typ,
		WalletID: "w", PayoutMonth: "2026-11", At: at})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		o.Apply(e)
	}
	return o
}

func apply(t *testing.T, o *order.Order, events []domain.Event, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		o.Apply(e)
	}
}

func TestPlaceComputesTotalsVATAndFee(t *testing.T) {
	o := placed(t, order.PaymentEuros,
		order.Line{Title: "Yoga", Quantity: 2, UnitPriceCents: 1250, VATTier: rate.VATLow},
		order.Line{Title: "Mat", Quantity: 1, UnitPriceCents: 1000, VATTier: rate.VATHigh})
	p := o.Placed
	if p.TotalCents != 3500 || p.Lines[0].TotalCents != 2500 || p.Lines[0].VATPercent != 9 {
		t.Fatalf("placed %+v", p)
	}
	// 2500·9/109 = 206.42 → 206; 1000·21/121 = 173.55 → 174
	if len(p.VAT) != 2 || p.VAT[0].VATCents != 206 || p.VAT[1].VATCents != 174 || p.VATCents != 380 || p.SubtotalCents != 3120 {
		t.Fatalf("VAT %+v, %d, subtotal %d", p.VAT, p.VATCents, p.SubtotalCents)
	}
	if p.TransactionFeeCents != 95 || o.Status() != "open" || len(o.Payments) != 1 {
		t.Fatalf("fee %d status %s", p.TransactionFeeCents, o.Status())
	}
	if free := placed(t, order.PaymentEuros, order.Line{Title: "x", Quantity: 1, VATTier: rate.VATZero}); free.Status() != "free" {
		t.Fatalf("a zero total is %s", free.Status())
	}
	if moves := placed(t, order.PaymentMoves, order.Line{Title: "x", Quantity: 1, UnitPriceCents: 500, VATTier: rate.VATZero}); moves.Status() != "complete" || moves.PaidCents() != 500 {
		t.Fatalf("moves: %s", moves.Status())
	}
}

func TestPaymentStatusMovesForwardOnly(t *testing.T) {
	o := placed(t, order.PaymentEuros, order.Line{Title: "x", Quantity: 1, UnitPriceCents: 1000, VATTier: rate.VATHigh})
	pay := o.Payments[0].ID
	for _, step := range []struct {
		status  string
		changes bool
		after   string
	}{
		{order.PaymentPending, true, "open"},
		{order.PaymentOpen, false, "open"}, // late
		{order.PaymentPaid, true, "paid"},
		{order.PaymentPaid, false, "paid"},   // twice
		{order.PaymentFailed, false, "paid"}, // final stays
	} {
		events, err := o.PaymentStatus(pay, step.status, at)
		apply(t, o, events, err)
		if (len(events) > 0) != step.changes || o.Status() != step.after {
			t.Fatalf("%s: %d events, status %s", step.status, len(events), o.Status())
		}
	}
}

func TestPaymentAfterCancelIsACaseForAPerson(t *testing.T) {
	o := placed(t, order.PaymentEuros, order.Line{Title: "x", Quantity: 1, UnitPriceCents: 1000, VATTier: rate.VATHigh})
	apply(t, o, o.Cancel("booking cancelled", at), nil)
	if o.Status() != "canceled" {
		t.Fatal(o.Status())
	}
	events, err := o.PaymentStatus(o.Payments[0].ID, order.PaymentPaid, at)
	apply(t, o, events, err)
	if !o.AfterClose || o.Status() != "paid" || o.RefundableCents() != 1000 {
		t.Fatalf("after close %v, %s", o.AfterClose, o.Status())
	}
}

func TestRefundsNeverExceedWhatWasPaid(t *testing.T) {
	o := placed(t, order.PaymentEuros,
		order.Line{Title: "a", Quantity: 1, UnitPriceCents: 1000, VATTier: rate.VATHigh},
		order.Line{Title: "b", Quantity: 1, UnitPriceCents: 500, VATTier: rate.VATLow})
	if _, err := o.Refund(order.Refunding{RefundID: "r0", AmountCents: 100, Reason: "x"}); !isConflict(err, "order.not_paid") {
		t.Fatalf("unpaid: %v", err)
	}
	events, err := o.PaymentStatus(o.Payments[0].ID, order.PaymentPaid, at)
	apply(t, o, events, err)
	var v *domain.ValidationError
	if _, err := o.Refund(order.Refunding{RefundID: "r1", AmountCents: 100}); !errors.As(err, &v) || v.Fields[0].Field != "reason" {
		t.Fatalf("no reason: %v", err)
	}
	events, err = o.Refund(order.Refunding{RefundID: "r1", AmountCents: 750, Reason: "half"})
	apply(t, o, events, err)
	r := o.RefundByID("r1")
	if r.Lines[0].AmountCents != 500 || r.Lines[1].AmountCents != 250 || r.Status != order.RefundQueued {
		t.Fatalf("spread %+v", r.Lines)
	}
	if o.Status() != "paid" { // not back yet
		t.Fatal(o.Status())
	}
	if _, err := o.Refund(order.Refunding{RefundID: "r2", AmountCents: 751, Reason: "x"}); !isConflict(err, "order.refund_too_much") {
		t.Fatalf("too much: %v", err)
	}
	if _, err := o.Refund(order.Refunding{RefundID: "r2", Reason: "x", Lines: []order.RefundLine{{LineID: o.Placed.Lines[1].LineID, AmountCents: 251}}}); !errors.As(err, &v) {
		t.Fatalf("too much of a line: %v", err)
	}
	events, err = o.RefundStatus("r1", "re_1", order.RefundRefunded, at)
	apply(t, o, events, err)
	if o.Status() != "partly_refunded" || o.RefundedCents() != 750 {
		t.Fatal(o.Status())
	}
	events, err = o.Refund(order.Refunding{RefundID: "r3", AmountCents: 750, Reason: "rest"})
	apply(t, o, events, err)
	events, err = o.RefundStatus("r3", "re_3", order.RefundFailed, at)
	apply(t, o, events, err)
	if o.RefundableCents() != 750 { // a failed refund gives its amount back to refund
		t.Fatal(o.RefundableCents())
	}
	events, err = o.Refund(order.Refunding{RefundID: "r4", AmountCents: 750, Reason: "rest"})
	apply(t, o, events, err)
	events, err = o.RefundStatus("r4", "", order.RefundRefunded, at)
	apply(t, o, events, err)
	if o.Status() != "refunded" || o.RefundableCents() != 0 {
		t.Fatal(o.Status())
	}
}

func TestMovesRefundIsRefundedAtOnce(t *testing.T) {
	o := placed(t, order.PaymentMoves, order.Line{Title: "x", Quantity: 1, UnitPriceCents: 800, VATTier: rate.VATLow})
	events, err := o.Refund(order.Refunding{RefundID: "r", AmountCents: 400, Reason: "half", Origin: order.RefundByStaff})
	apply(t, o, events, err)
	if o.Status() != "partly_refunded" || events[0].(order.RefundRequested).Moves != 400 {
		t.Fatal(o.Status())
	}
}

// Refunds spread by amount over generated orders: parts sum to the amount, no line gets
// more than is left of it, VAT per tier is the rule's.
func TestSpreadRefundsOverGeneratedOrders(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tiers := []string{rate.VATZero, rate.VATLow, rate.VATHigh}
	for n := range 2000 {
		var lines []order.Line
		for range 1 + rng.IntN(5) {
			lines = append(lines, order.Line{Title: "l", Quantity: 1 + rng.Int64N(3), UnitPriceCents: 1 + rng.Int64N(20000), VATTier: tiers[rng.IntN(3)]})
		}
		o := placed(t, order.PaymentMoves, lines...)
		for i := 0; o.RefundableCents() > 0 && i < 4; i++ {
			amount := 1 + rng.Int64N(o.RefundableCents())
			events, err := o.Refund(order.Refunding{RefundID: string(rune('a' + i)), AmountCents: amount, Reason: "r"})
			apply(t, o, events, err)
			req := events[0].(order.RefundRequested)
			var sum int64
			for _, l := range req.Lines {
				sum += l.AmountCents
			}
			var gross int64
			for _, v := range req.VAT {
				gross += v.GrossCents
				if v.VATCents != order.VATIncluded(v.GrossCents, v.VATPercent) {
					t.Fatalf("order %d: VAT %+v", n, v)
				}
			}
			if sum != amount || gross != amount {
				t.Fatalf("order %d: lines %d, VAT gross %d, amount %d", n, sum, gross, amount)
			}
		}
		left := map[string]int64{}
		for _, l := range o.Placed.Lines {
			left[l.LineID] = l.TotalCents
		}
		for _, r := range o.Refunds {
			for _, l := range r.Lines {
				left[l.LineID] -= l.AmountCents
				if left[l.LineID] < 0 {
					t.Fatalf("order %d: line %s refunded beyond its total", n, l.LineID)
				}
			}
		}
	}
}

func isConflict(err error, key string) bool {
	var c *domain.ConflictError
	return errors.As(err, &c) && c.Key == key
}

// A failed (or expired, canceled) euro payment may be followed by another of the same
// order; an open, paid or cancelled order decides nothing; moves cannot pay again.
func TestPayAgainAfterAnUnpaidEnd(t *testing.T) {
	o := placed(t, order.PaymentEuros, order.Line{Title: "Yoga", Quantity: 1, UnitPriceCents: 1250, VATTier: rate.VATLow})
	first := o.Payments[0].ID
	if events, err := o.PayAgain(at); err != nil || events != nil || o.CanPayAgain() {
		t.Fatalf("an open payment: %v %v", events, err)
	}
	apply(t, o, o.PaymentCreatedAt(first, "tr_1", "https://pay/1", at), nil)
	events, err := o.PaymentStatus(first, order.PaymentFailed, at)
	apply(t, o, events, err)
	if o.Status() != "failed" || !o.CanPayAgain() {
		t.Fatalf("failed: %s", o.Status())
	}
	events, err = o.PayAgain(at)
	apply(t, o, events, err)
	second := o.Payments[1]
	if len(o.Payments) != 2 || second.ID != order.PaymentID(o.ID, 2) || second.AmountCents != 1250 || second.Method != order.PaymentEuros ||
		o.Status() != "open" {
		t.Fatalf("again: %+v %s", second, o.Status())
	}
	if events, _ := o.PayAgain(at); events != nil {
		t.Fatal("a second open payment")
	}
	events, err = o.PaymentStatus(second.ID, order.PaymentPaid, at)
	apply(t, o, events, err)
	if o.Status() != "paid" || o.PaidCents() != 1250 || o.CanPayAgain() {
		t.Fatalf("paid the second time: %s %d", o.Status(), o.PaidCents())
	}
	if events, _ := o.PayAgain(at); events != nil {
		t.Fatal("paid, yet again")
	}

	cancelled := placed(t, order.PaymentEuros, order.Line{Title: "Yoga", Quantity: 1, UnitPriceCents: 1250, VATTier: rate.VATLow})
	events, err = cancelled.PaymentStatus(cancelled.Payments[0].ID, order.PaymentExpired, at)
	apply(t, cancelled, events, err)
	apply(t, cancelled, cancelled.Cancel("booking cancelled", at), nil)
	if events, _ := cancelled.PayAgain(at); events != nil || cancelled.CanPayAgain() {
		t.Fatal("a cancelled order paid again")
	}
	moves := placed(t, order.PaymentMoves, order.Line{Title: "x", Quantity: 1, UnitPriceCents: 500, VATTier: rate.VATZero})
	var conflict *domain.ConflictError
	if _, err := moves.PayAgain(at); !errors.As(err, &conflict) || conflict.Key != "order.pay_again_euros_only" {
		t.Fatalf("moves: %v", err)
	}
}

func TestPlacedV1ReadsAsV2(t *testing.T) {
	r := domain.NewRegistry()
	order.Register(r)
	e, err := r.Decode(order.PlacedV1, []byte(`{"application_id":"a","lines":[{"title":"x","bundle_id":"b"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	p, ok := e.(order.Placed)
	if !ok || p.ApplicationID != "a" || p.Lines[0].BundleID != "b" || p.Lines[0].ProductID != "" {
		t.Fatalf("v1 read as %#v", e)
	}
}
