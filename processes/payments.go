package processes

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain/order"
	"move/projections"
)

// PaymentsName is the payment process's to-do projector's permanent name.
const PaymentsName = "payments_process"

// PendingPayments lists the euro payments and refunds the provider has not settled
// yet: created or not, confirmed or not (decision 0903).
const PendingPayments = "pending_order_items"

// PaymentsProjector keeps the payment process's to-do list: one row per euro payment or
// refund that is not final, with the time its order last changed. A row leaves when its
// payment or refund is final (paid, failed, canceled, expired; refunded, failed).
func PaymentsProjector() projections.Projector { return paymentsProjector{} }

type paymentsProjector struct{}

func (paymentsProjector) Name() string     { return PaymentsName }
func (paymentsProjector) Version() int     { return 1 }
func (paymentsProjector) Tables() []string { return []string{PendingPayments} }
func (paymentsProjector) EventTypes() []string {
	return []string{order.PaymentStarted{}.EventType(), order.PaymentCreated{}.EventType(),
		order.PaymentStatusChanged{}.EventType(), order.RefundRequested{}.EventType(), order.RefundStatusChanged{}.EventType()}
}

func (paymentsProjector) Schema() string {
	return `
CREATE TABLE pending_order_items (
    item_id        uuid        PRIMARY KEY,
    order_id       uuid        NOT NULL,
    application_id uuid        NOT NULL,
    changed_at     timestamptz NOT NULL
);
CREATE INDEX pending_order_items_by_age ON pending_order_items (changed_at);
` + projections.InternalRLS(PendingPayments)
}

func (paymentsProjector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	c := itemChangeOf(e)
	if c == nil {
		return nil
	}
	sql, args := c.statement()
	return w.Exec(ctx, sql, args...)
}

// itemChangeOf is what an event does to the payment process's to-do list, nil for
// nothing: the one place the process's events are told apart, for both the live
// statements (Apply) and a rebuild's fold in memory (ApplyBulk). Pure: what it needs of
// the event (order, application, time) goes into the change.
func itemChangeOf(e projections.Event) itemChange {
	orderID := strings.TrimPrefix(e.Stream, order.StreamPrefix)
	added := func(item string) itemChange {
		return itemAdded{item: item, order: orderID, application: e.Metadata.ApplicationID, changedAt: e.RecordedAt}
	}
	switch p := e.Payload.(type) {
	case order.PaymentStarted:
		if p.Method == order.PaymentEuros {
			return added(p.PaymentID)
		}
	case order.RefundRequested:
		if p.Method == order.PaymentEuros {
			return added(p.RefundID)
		}
	case order.PaymentStatusChanged:
		if order.PaymentFinal(p.Status) {
			return itemSettled{p.PaymentID}
		}
		return itemsChanged{orderID, e.RecordedAt}
	case order.RefundStatusChanged:
		if order.RefundFinal(p.Status) {
			return itemSettled{p.RefundID}
		}
		return itemsChanged{orderID, e.RecordedAt}
	case order.PaymentCreated:
		return itemsChanged{orderID, e.RecordedAt}
	}
	return nil
}

// itemChange is one change to pending_order_items (itemChangeOf). Each kind says its
// live statement here and its fold in memory in payments_bulk.go, so a new kind lacking
// either does not compile.
type itemChange interface {
	// statement is the live path's SQL for the change.
	statement() (sql string, args []any)
	// touches adds the ids a rebuild reads the rows the change may touch by.
	touches(*itemKeys)
	// fold applies the change to a rebuild's rows in memory as statement would to the table.
	fold(*itemRows) error
}

// itemAdded: a euro payment or refund of the order to settle. A row already there
// stays as it is.
type itemAdded struct {
	item, order, application string
	changedAt                time.Time
}

// itemSettled: the payment or refund is final.
type itemSettled struct{ item string }

// itemsChanged: a payment or refund of the order moved on without settling; the
// order's items count as changed at at (the worker's grace period runs from then).
type itemsChanged struct {
	order string
	at    time.Time
}

func (c itemAdded) statement() (string, []any) {
	return `INSERT INTO pending_order_items (item_id, order_id, application_id, changed_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (item_id) DO NOTHING`, []any{c.item, c.order, c.application, c.changedAt}
}

func (c itemSettled) statement() (string, []any) {
	return `DELETE FROM pending_order_items WHERE item_id = $1`, []any{c.item}
}

func (c itemsChanged) statement() (string, []any) {
	return `UPDATE pending_order_items SET changed_at = $2 WHERE order_id = $1`, []any{c.order, c.at}
}

// paymentBackoff spaces the worker's visits to one order the provider has not settled:
// a customer who never pays must not cost a provider call every second until the
// payment expires. Doubling from the interval up to maxPaymentBackoff; in memory, so a
// new worker starts again at once (harmless: every visit is idempotent).
type paymentBackoff struct {
	mu   sync.Mutex
	next map[string]time.Time
	wait map[string]time.Duration
}

const maxPaymentBackoff = 5 * time.Minute

func (b *paymentBackoff) due(orderID string, now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return !now.Before(b.next[orderID])
}

func (b *paymentBackoff) visited(orderID string, now time.Time, base time.Duration) {
	b.visitedUpTo(orderID, now, base, maxPaymentBackoff)
}

// visitedUpTo doubles the wait before the next visit to id, from base up to limit.
func (b *paymentBackoff) visitedUpTo(orderID string, now time.Time, base, limit time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.next == nil {
		b.next, b.wait = map[string]time.Time{}, map[string]time.Duration{}
	}
	d := min(max(base, 2*b.wait[orderID]), limit)
	b.wait[orderID], b.next[orderID] = d, now.Add(d)
}

// syncPayments visits the orders with unsettled euro payments or refunds that waited
// longer than the grace period: SyncOrder creates what the provider has not got yet
// and records what it settled. A provider that is down leaves them for the next pass.
func (w *Worker) syncPayments(ctx context.Context, tx pgx.Tx, before time.Time) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT DISTINCT order_id::text FROM readmodel.pending_order_items WHERE changed_at < $1 LIMIT 200`, before)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func (w *Worker) settlePayments(ctx context.Context, orders []string) int {
	done := 0
	now := w.Now()
	for _, id := range orders {
		if !w.backoff.due(id, now) {
			continue
		}
		w.backoff.visited(id, now, w.Interval)
		if err := w.App.SyncOrder(ctx, id); err != nil {
			w.Log.Warn("payment process: the provider's side of an order is not settled yet", "order_id", id, "error", err)
			continue
		}
		w.resumed.WithLabelValues("payments").Inc()
		done++
	}
	return done
}
