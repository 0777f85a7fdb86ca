package finance

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"

	"move/domain/order"
	"move/projections"
)

// ApplyBulk applies a rebuild's batch (decision 1730). An order placed in the batch is
// decided in memory across all its events of the batch — its row, payments and refunds
// — and copied once; what it adds to the payouts is summed per organisation and month
// and added in one statement (sums: the order of the additions does not matter). The
// events of an order placed in an earlier batch, or of one whose course is not the
// ordinary (a second placing, a payment or refund not its own), and the finance events
// (transfers, invoices, erasures: other tables) go through Apply's statements, in
// order. A payment or refund id written both ways fails the pass.
func (p projector) ApplyBulk(ctx context.Context, tx pgx.Tx, w projections.Writer, events []projections.Event) error {
	byOrder := map[string][]projections.Event{}
	var ids []string
	for _, e := range events {
		if !isOrderEvent(e) {
			continue
		}
		id := strings.TrimPrefix(e.Stream, order.StreamPrefix)
		if _, seen := byOrder[id]; !seen {
			ids = append(ids, id)
		}
		byOrder[id] = append(byOrder[id], e)
	}
	folded := map[string]*financeOrder{}
	var placed []string
	payouts := map[payoutKey]*payout{}
	copiedKeys, statementKeys := map[string]bool{}, map[string]bool{}
	for _, id := range ids {
		f, ok := foldOrder(id, byOrder[id], payouts)
		if !ok {
			for _, e := range byOrder[id] {
				if k := keyOf(e); k != "" {
					statementKeys[k] = true
				}
			}
			continue
		}
		folded[id] = f
		placed = append(placed, id)
		for _, k := range f.keys {
			copiedKeys[k] = true
		}
	}
	for k := range copiedKeys {
		if statementKeys[k] {
			return errors.New("finance: a payment or refund of a copied order is also written by a statement")
		}
	}
	for _, e := range events {
		if isOrderEvent(e) && folded[strings.TrimPrefix(e.Stream, order.StreamPrefix)] != nil {
			continue
		}
		if err := p.Apply(ctx, w, e); err != nil {
			return err
		}
	}
	if err := copyOrders(ctx, tx, folded, placed); err != nil {
		return err
	}
	return addPayouts(ctx, w, payouts)
}

func isOrderEvent(e projections.Event) bool {
	switch e.Payload.(type) {
	case order.Placed, order.PaymentStarted, order.PaymentStatusChanged, order.PaymentAfterClose, order.RefundRequested,
		order.RefundStatusChanged, order.Canceled:
		return true
	}
	return false
}

// keyOf answers the payment or refund id an order event writes or reads.
func keyOf(e projections.Event) string {
	switch p := e.Payload.(type) {
	case order.PaymentStarted:
		return "p" + p.PaymentID
	case order.PaymentStatusChanged:
		return "p" + p.PaymentID
	case order.PaymentAfterClose:
		return "p" + p.PaymentID
	case order.RefundRequested:
		return "r" + p.RefundID
	case order.RefundStatusChanged:
		return "r" + p.RefundID
	}
	return ""
}

type payoutKey struct{ application, organization, month string }

type payout struct{ paid, refunded, fee, orders int64 }

type financeOrder struct {
	placed         order.Placed
	paid, refunded int64
	feeCharged     bool
	canceled       bool
	payments       []*financePayment
	refunds        []*financeRefund
	keys           []string
}

type financePayment struct {
	id     string
	amount int64
	paid   bool
}

type financeRefund struct {
	id     string
	amount int64
	month  string
	done   bool
}

// foldOrder decides an order's events as Apply's statements would, adding to payouts;
// false (payouts untouched) when they are not an order placed here followed by its own
// ordinary course.
func foldOrder(id string, events []projections.Event, payouts map[payoutKey]*payout) (*financeOrder, bool) {
	placed, ok := events[0].Payload.(order.Placed)
	if !ok {
		return nil, false
	}
	f := &financeOrder{placed: placed}
	adds := map[payoutKey]*payout{}
	add := func(month string) *payout {
		k := payoutKey{placed.ApplicationID, placed.OrganizationID, month}
		if adds[k] == nil {
			adds[k] = &payout{}
		}
		return adds[k]
	}
	pay := func(paymentID string) bool {
		var p *financePayment
		for _, x := range f.payments {
			if x.id == paymentID {
				p = x
			}
		}
		if p == nil {
			return false
		}
		if !p.paid {
			p.paid = true
			f.paid += p.amount
			add(placed.PayoutMonth).paid += p.amount
		}
		return true
	}
	for i, e := range events {
		switch p := e.Payload.(type) {
		case order.Placed:
			if i > 0 {
				return nil, false
			}
		case order.PaymentStarted:
			for _, x := range f.payments {
				if x.id == p.PaymentID {
					return nil, false
				}
			}
			f.payments = append(f.payments, &financePayment{id: p.PaymentID, amount: p.AmountCents})
			f.keys = append(f.keys, "p"+p.PaymentID)
		case order.PaymentStatusChanged:
			if p.Status != order.PaymentPaid {
				continue
			}
			if !pay(p.PaymentID) {
				return nil, false
			}
			if !f.feeCharged && !f.canceled {
				f.feeCharged = true
				a := add(placed.PayoutMonth)
				a.fee += placed.TransactionFeeCents
				a.orders++
			}
		case order.PaymentAfterClose:
			if !pay(p.PaymentID) {
				return nil, false
			}
		case order.Canceled:
			f.canceled = true
		case order.RefundRequested:
			for _, x := range f.refunds {
				if x.id == p.RefundID {
					return nil, false
				}
			}
			f.refunds = append(f.refunds, &financeRefund{id: p.RefundID, amount: p.AmountCents, month: p.PayoutMonth})
			f.keys = append(f.keys, "r"+p.RefundID)
		case order.RefundStatusChanged:
			if p.Status != order.RefundRefunded {
				continue
			}
			var r *financeRefund
			for _, x := range f.refunds {
				if x.id == p.RefundID {
					r = x
				}
			}
			if r == nil {
				return nil, false
			}
			if !r.done {
				r.done = true
				f.refunded += r.amount
				add(r.month).refunded += r.amount
			}
		}
	}
	for k, a := range adds {
		if payouts[k] == nil {
			payouts[k] = &payout{}
		}
		t := payouts[k]
		t.paid, t.refunded, t.fee, t.orders = t.paid+a.paid, t.refunded+a.refunded, t.fee+a.fee, t.orders+a.orders
	}
	return f, true
}

// copyOrders copies the folded orders' rows, table by table.
func copyOrders(ctx context.Context, tx pgx.Tx, folded map[string]*financeOrder, ids []string) error {
	var orders, payments, refunds [][]any
	for _, id := range ids {
		f := folded[id]
		orderID, err := projections.CopyUUID(id)
		if err != nil {
			return err
		}
		app, err := projections.CopyUUID(f.placed.ApplicationID)
		if err != nil {
			return err
		}
		org, err := projections.CopyUUID(f.placed.OrganizationID)
		if err != nil {
			return err
		}
		p := f.placed
		orders = append(orders, []any{orderID, app, org, p.PayoutMonth, p.PaymentType, p.TotalCents, p.TransactionFeeCents, f.paid, f.refunded,
			f.feeCharged, f.canceled, p.PlacedAt})
		for _, x := range f.payments {
			payments = append(payments, []any{x.id, app, orderID, x.amount, x.paid})
		}
		for _, r := range f.refunds {
			refunds = append(refunds, []any{r.id, app, orderID, r.amount, r.month, r.done})
		}
	}
	for _, c := range []struct {
		table   string
		columns []string
		rows    [][]any
	}{
		{"finance_orders", []string{"id", "application_id", "organization_id", "payout_month", "payment_type", "total_cents", "fee_cents",
			"paid_cents", "refunded_cents", "fee_charged", "canceled", "placed_at"}, orders},
		{"finance_payments", []string{"id", "application_id", "order_id", "amount_cents", "paid"}, payments},
		{"finance_refunds", []string{"id", "application_id", "order_id", "amount_cents", "payout_month", "refunded"}, refunds},
	} {
		if len(c.rows) == 0 {
			continue
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{c.table}, c.columns, pgx.CopyFromRows(c.rows)); err != nil {
			return err
		}
	}
	return nil
}

// addPayouts adds the folded orders' sums to the payouts, as addToPayouts does per event.
func addPayouts(ctx context.Context, w projections.Writer, payouts map[payoutKey]*payout) error {
	if len(payouts) == 0 {
		return nil
	}
	var apps, orgs, months []string
	var paid, refunded, fee, orders []int64
	for k, p := range payouts {
		apps, orgs, months = append(apps, k.application), append(orgs, k.organization), append(months, k.month)
		paid, refunded, fee, orders = append(paid, p.paid), append(refunded, p.refunded), append(fee, p.fee), append(orders, p.orders)
	}
	return w.Exec(ctx, `WITH moved AS (
		SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[])
		    AS m (application_id, organization_id, month, paid, refunded, fee, orders))`+addToPayouts,
		apps, orgs, months, paid, refunded, fee, orders)
}
