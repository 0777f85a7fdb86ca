package orders_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/order"
	"move/domain/rate"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	rm "move/projections/orders"
)

// The read model's status, paid and refunded (SQL, a generated column) equal the
// aggregate's (Go) over many generated orders: random placings, payment reports in any
// order, refunds by amount, refund reports, cancellations — every decision the
// aggregate's own, as the commands make them. Rebuilt, it equals itself built live.
func TestReadModelStatusEqualsTheAggregates(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	runner := env.Runner(t, rm.Projector())
	env.RunProjections(t, runner)
	app := uuid.NewString()
	rng := rand.New(rand.NewPCG(7, 8))
	paymentStatuses := []string{order.PaymentOpen, order.PaymentPending, order.PaymentAuthorized, order.PaymentPaid,
		order.PaymentCanceled, order.PaymentExpired, order.PaymentFailed}
	refundStatuses := []string{order.RefundPending, order.RefundProcessing, order.RefundRefunded, order.RefundFailed}
	want := map[string]*order.Order{}
	var last eventstore.Position
	for n := range 300 {
		id := uuid.NewString()
		o := order.New(id)
		var events []domain.Event
		decide := func(es []domain.Event, err error) {
			if err != nil {
				return // refused: nothing happens, as in a command
			}
			for _, e := range es {
				o.Apply(e)
			}
			events = append(events, es...)
		}
		typ := []string{order.PaymentEuros, order.PaymentMoves, order.PaymentExternal}[rng.IntN(3)]
		price := int64(rng.IntN(3)) * 750 // some free
		decide(o.Place(order.Placing{ApplicationID: app, OrganizationID: app, Lines: []order.Line{{Title: "Yoga",
			Quantity: 1, UnitPriceCents: price, VATTier: rate.VATLow}}, PaymentType: typ, PayoutMonth: "2026-11", At: time.Now()}))
		for step := range rng.IntN(8) {
			switch rng.IntN(5) {
			case 0, 1:
				if len(o.Payments) > 0 {
					decide(o.PaymentStatus(o.Payments[0].ID, paymentStatuses[rng.IntN(len(paymentStatuses))], time.Now()))
				}
			case 2:
				if r := o.RefundableCents(); r > 0 {
					decide(o.Refund(order.Refunding{RefundID: fmt.Sprint(n, "/", step), AmountCents: 1 + rng.Int64N(r), Reason: "r", ActorID: "a"}))
				}
			case 3:
				if len(o.Refunds) > 0 {
					r := o.Refunds[rng.IntN(len(o.Refunds))]
					decide(o.RefundStatus(r.RefundID, "re_"+r.RefundID, refundStatuses[rng.IntN(len(refundStatuses))], time.Now()))
				}
			case 4:
				decide(o.Cancel("booking cancelled", time.Now()), nil)
			}
		}
		// Refund ids are uuids in the read model.
		data := make([]eventstore.EventData, len(events))
		for i, e := range events {
			e = uuidRefunds(e)
			typ, payload, err := env.Registry.Encode(e)
			if err != nil {
				t.Fatal(err)
			}
			data[i] = eventstore.EventData{ID: uuid.New(), Type: typ, Data: payload, Metadata: eventstore.Metadata{ApplicationID: app, ActorID: "test"}}
		}
		res, err := env.Store.AppendMulti(ctx, eventstore.StreamAppend{Stream: order.Stream(id), Expected: eventstore.NoStream, Events: data})
		if err != nil {
			t.Fatal(err)
		}
		last = res[0].Position
		want[id] = o
	}
	wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := projections.WaitFor(wctx, env.DB, []string{rm.Name}, last); err != nil {
		t.Fatal(err)
	}
	rows, err := env.DB.Query(ctx, `SELECT id::text, status, paid_cents, refunded_cents FROM readmodel.orders`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	seen := 0
	statuses := map[string]int{}
	for rows.Next() {
		var id, status string
		var paid, refunded int64
		if err := rows.Scan(&id, &status, &paid, &refunded); err != nil {
			t.Fatal(err)
		}
		o := want[id]
		if status != o.Status() || paid != o.PaidCents() || refunded != o.RefundedCents() {
			t.Errorf("order %s: read model %s %d %d, aggregate %s %d %d", id, status, paid, refunded, o.Status(), o.PaidCents(), o.RefundedCents())
		}
		statuses[status]++
		seen++
	}
	if seen != len(want) {
		t.Fatalf("%d of %d orders in the read model", seen, len(want))
	}
	if len(statuses) < 8 {
		t.Errorf("the generated orders cover only %v", statuses)
	}

	// Rebuilt, the orders are decided in memory and copied (ApplyBulk): every table
	// equals the one built live, statement by statement.
	env.RebuildEqualsLive(t, runner)
}

// uuidRefunds gives the generated refund ids the uuid shape the commands give them.
func uuidRefunds(e domain.Event) domain.Event {
	ns := uuid.MustParse("00000000-0000-0000-0000-000000000001")
	switch x := e.(type) {
	case order.RefundRequested:
		x.RefundID = uuid.NewSHA1(ns, []byte(x.RefundID)).String()
		return x
	case order.RefundStatusChanged:
		x.RefundID = uuid.NewSHA1(ns, []byte(x.RefundID)).String()
		return x
	}
	return e
}
