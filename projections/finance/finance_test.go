package finance_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/finance"
	"move/domain/order"
	"move/eventstore"
	"move/identity"
	"move/internal/testenv"
	"move/projections"
	rmfinance "move/projections/finance"
)

type key struct {
	app, org string
	month    string
}

// TestPayoutsOverManyOrders generates orders with payments and refunds — failed ones,
// duplicate and late provider reports included — and checks that every organisation's
// payout of every month is paid − refunded − fees, live and after a rebuild, and that
// the rebuild's tables equal the live ones.
func TestPayoutsOverManyOrders(t *testing.T) {
	env := testenv.New(t)
	runner := env.Runner(t, rmfinance.Projector())
	env.RunProjections(t, runner)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 15))

	apps := []string{uuid.NewString(), uuid.NewString()}
	orgs := map[string][]string{}
	for _, a := range apps {
		for range 4 {
			orgs[a] = append(orgs[a], uuid.NewString())
		}
	}
	months := []string{"2026-08", "2026-09", "2026-10", "2026-11"}
	want := map[key]finance.Totals{}
	// last is where the last order landed: the read model is waited for up to there
	// (the store's Head stops at the read horizon, which other transactions on the
	// cluster can hold back).
	var last eventstore.Position
	add := func(k key, t finance.Totals) { want[k] = want[k].Add(t) }

	for i := range 400 {
		app := apps[rng.IntN(len(apps))]
		org := orgs[app][rng.IntN(4)]
		month := months[rng.IntN(len(months))]
		id := uuid.NewString()
		total := int64(rng.IntN(20_000))
		method := []string{order.PaymentEuros, order.PaymentMoves}[rng.IntN(2)]
		fee := order.TransactionFee(method, total)
		events := []domain.Event{order.Placed{ApplicationID: app, OrganizationID: org, TotalCents: total, TransactionFeeCents: fee,
			PaymentType: method, PayoutMonth: month, PlacedAt: time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)}}
		// One or two payment attempts; only a paid one counts, however often reported.
		// Some orders are cancelled first and paid afterwards: paid, without a fee.
		var paidCents int64
		canceled := rng.IntN(10) == 0
		if canceled {
			events = append(events, order.Canceled{Reason: "booking cancelled"})
			fee = 0
		}
		for attempt := range 1 + rng.IntN(2) {
			pid := fmt.Sprintf("%s-p%d", id, attempt)
			events = append(events, order.PaymentStarted{PaymentID: pid, Method: method, AmountCents: total})
			status := []string{order.PaymentPaid, order.PaymentFailed, order.PaymentExpired}[rng.IntN(3)]
			if paidCents > 0 {
				status = order.PaymentCanceled
			}
			events = append(events, order.PaymentStatusChanged{PaymentID: pid, From: order.PaymentOpen, Status: status})
			if status == order.PaymentPaid {
				paidCents = total
				if canceled {
					events = append(events, order.PaymentAfterClose{PaymentID: pid})
				}
				events = append(events, order.PaymentStatusChanged{PaymentID: pid, From: order.PaymentOpen, Status: order.PaymentPaid}) // a duplicate webhook
			}
		}
		if paidCents > 0 {
			add(key{app, org, month}, finance.Totals{PaidCents: paidCents, FeeCents: fee})
			// Up to three refunds, each in its own month; only refunded ones count.
			left := paidCents
			for r := range rng.IntN(4) {
				amount := int64(rng.IntN(int(left) + 1))
				left -= amount
				rid := fmt.Sprintf("%s-r%d", id, r)
				refundMonth := months[rng.IntN(len(months))]
				events = append(events, order.RefundRequested{RefundID: rid, PaymentID: id + "-p0", Method: method, AmountCents: amount, PayoutMonth: refundMonth})
				if rng.IntN(5) == 0 {
					events = append(events, order.RefundStatusChanged{RefundID: rid, From: order.RefundPending, Status: order.RefundFailed})
					left += amount
					continue
				}
				events = append(events, order.RefundStatusChanged{RefundID: rid, From: order.RefundPending, Status: order.RefundRefunded},
					order.RefundStatusChanged{RefundID: rid, From: order.RefundPending, Status: order.RefundRefunded})
				add(key{app, org, refundMonth}, finance.Totals{RefundedCents: amount})
			}
		}
		if p := appendEvents(t, env, order.Stream(id), app, events); last.Less(p) {
			last = p
		}
		if i%100 == 0 {
			t.Logf("%d orders", i)
		}
	}

	check := func(when string) {
		wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		defer cancel()
		if err := projections.WaitFor(wctx, env.DB, []string{rmfinance.Name}, last); err != nil {
			t.Fatal(err)
		}
		got := map[key]finance.Totals{}
		err := identity.ReadAcrossTenants(ctx, env.DB, func(tx pgx.Tx) error {
			var orders, payments int
			if err := tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM readmodel.finance_orders), (SELECT count(*) FROM readmodel.finance_payments)`).Scan(&orders, &payments); err != nil {
				return err
			}
			if orders != 400 {
				t.Errorf("%s: %d orders projected, %d payments", when, orders, payments)
			}
			rows, err := tx.Query(ctx, `SELECT application_id::text, organization_id::text, month, paid_cents, refunded_cents, fee_cents FROM readmodel.finance_payouts`)
			if err != nil {
				return err
			}
			for rows.Next() {
				var k key
				var v finance.Totals
				if err := rows.Scan(&k.app, &k.org, &k.month, &v.PaidCents, &v.RefundedCents, &v.FeeCents); err != nil {
					return err
				}
				got[k] = v
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		for k, w := range want {
			if got[k] != w {
				t.Errorf("%s: %s %s: got %+v (payout %d), want %+v (payout %d)", when, k.org, k.month, got[k], got[k].PayoutCents(), w, w.PayoutCents())
			}
		}
		for k, g := range got {
			if _, ok := want[k]; !ok && g != (finance.Totals{}) {
				t.Errorf("%s: unexpected payout row %v %+v", when, k, g)
			}
		}
	}
	check("live")
	env.RebuildEqualsLive(t, runner)
	check("rebuilt")
}

func appendEvents(t *testing.T, env *testenv.Env, stream, app string, events []domain.Event) eventstore.Position {
	t.Helper()
	data := make([]eventstore.EventData, len(events))
	for i, e := range events {
		typ, payload, err := env.Registry.Encode(e)
		if err != nil {
			t.Fatal(err)
		}
		data[i] = eventstore.EventData{ID: uuid.New(), Type: typ, Data: payload, Metadata: eventstore.Metadata{ApplicationID: app}}
	}
	res, err := env.Store.Append(context.Background(), stream, eventstore.NoStream, data...)
	if err != nil {
		t.Fatal(err)
	}
	return res.Position
}
