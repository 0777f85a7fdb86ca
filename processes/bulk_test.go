package processes_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/booking"
	"move/domain/order"
	"move/eventstore"
	"move/internal/testenv"
	"move/processes"
	"move/projections"
)

// The hold and payment processes' to-do lists built live equal their rebuild, in
// which each batch is applied to the rows it touches in memory (ApplyBulk), over
// generated courses in any order — held, promoted, confirmed and cancelled bookings;
// euro and moves payments started, at the provider, failing and paid; refunds
// requested and settled — interleaved across bookings and cut into batches of seven
// events, so that a row begun in one batch changes or leaves in a later one.
func TestToDoListsRebuildEqualsLive(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	runner := env.Runner(t, processes.HoldsProjector(), processes.PaymentsProjector())
	runner.RebuildBatch = 7
	env.RunProjections(t, runner)
	app := uuid.NewString()
	rng := rand.New(rand.NewPCG(25, 1780))
	sessions := []string{uuid.NewString(), uuid.NewString(), uuid.NewString()}
	paymentStatuses := []string{order.PaymentOpen, order.PaymentPending, order.PaymentPaid, order.PaymentCanceled, order.PaymentExpired, order.PaymentFailed}
	refundStatuses := []string{order.RefundPending, order.RefundRefunded, order.RefundFailed}
	type course struct {
		stream string
		events []domain.Event
	}
	var courses [][]course // each booking's events, by stream, in order
	for range 150 {
		b, session := uuid.NewString(), sessions[rng.IntN(len(sessions))]
		o := order.ID(b)
		status := []string{booking.StatusHeld, booking.StatusHeld, booking.StatusConfirmed, booking.StatusWaitlisted}[rng.IntN(4)]
		steps := []course{{booking.Stream(session), []domain.Event{booking.Booked{BookingID: b, ApplicationID: app, SessionID: session, Status: status}}}}
		payments, refunds := 0, []string{}
		for range rng.IntN(7) {
			at := time.Now()
			var step course
			switch rng.IntN(8) {
			case 0:
				payments++
				method := []string{order.PaymentEuros, order.PaymentEuros, order.PaymentMoves}[rng.IntN(3)]
				step = course{order.Stream(o), []domain.Event{order.PaymentStarted{PaymentID: order.PaymentID(o, payments), Method: method, AmountCents: 750, At: at}}}
			case 1:
				step = course{order.Stream(o), []domain.Event{order.PaymentCreated{PaymentID: order.PaymentID(o, max(payments, 1)), ProviderPaymentID: "tr_x", At: at}}}
			case 2, 3:
				step = course{order.Stream(o), []domain.Event{order.PaymentStatusChanged{PaymentID: order.PaymentID(o, max(payments, 1)),
					Status: paymentStatuses[rng.IntN(len(paymentStatuses))], At: at}}}
			case 4:
				refunds = append(refunds, uuid.NewString())
				step = course{order.Stream(o), []domain.Event{order.RefundRequested{RefundID: refunds[len(refunds)-1], PaymentID: order.PaymentID(o, 1),
					Method: order.PaymentEuros, AmountCents: 100, At: at}}}
			case 5:
				if len(refunds) > 0 {
					step = course{order.Stream(o), []domain.Event{order.RefundStatusChanged{RefundID: refunds[rng.IntN(len(refunds))],
						Status: refundStatuses[rng.IntN(len(refundStatuses))], At: at}}}
				}
			case 6:
				step = course{booking.Stream(session), []domain.Event{[]domain.Event{booking.Confirmed{BookingID: b},
					booking.Promoted{BookingID: b, Status: booking.StatusHeld}}[rng.IntN(2)]}}
			case 7:
				step = course{booking.Stream(session), []domain.Event{booking.Cancelled{BookingID: b, FromStatus: status, At: at}}}
			}
			if step.stream != "" {
				steps = append(steps, step)
			}
		}
		courses = append(courses, steps)
	}
	// Interleaved: each step of a random booking in turn, each booking's in order.
	var last eventstore.Position
	kinds := map[string]bool{}
	for len(courses) > 0 {
		i := rng.IntN(len(courses))
		step := courses[i][0]
		if courses[i] = courses[i][1:]; len(courses[i]) == 0 {
			courses = append(courses[:i], courses[i+1:]...)
		}
		sealed, err := env.Vault.SealAll(ctx, []string{step.stream}, step.events)
		if err != nil {
			t.Fatal(err)
		}
		typ, payload, err := env.Registry.Encode(sealed[0])
		if err != nil {
			t.Fatal(err)
		}
		kinds[typ] = true
		res, err := env.Store.AppendMulti(ctx, eventstore.StreamAppend{Stream: step.stream, Expected: eventstore.Any, Events: []eventstore.EventData{{
			ID: uuid.New(), Type: typ, Data: payload, Metadata: eventstore.Metadata{ApplicationID: app, ActorID: "test"}}}})
		if err != nil {
			t.Fatal(err)
		}
		last = res[0].Position
	}
	wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := projections.WaitFor(wctx, env.DB, []string{processes.HoldsName, processes.PaymentsName}, last); err != nil {
		t.Fatal(err)
	}
	var holds, atProvider, items int
	if err := env.DB.QueryRow(ctx, `SELECT (SELECT count(*) FROM readmodel.pending_holds), (SELECT count(*) FROM readmodel.pending_holds WHERE at_provider),
		(SELECT count(*) FROM readmodel.pending_order_items)`).Scan(&holds, &atProvider, &items); err != nil {
		t.Fatal(err)
	}
	if holds == 0 || atProvider == 0 || items == 0 || len(kinds) < 9 {
		t.Fatalf("the generated log leaves %d holds (%d at the provider), %d payments and refunds to settle, of %d event types: it covers too little",
			holds, atProvider, items, len(kinds))
	}
	env.RebuildEqualsLive(t, runner)
}
