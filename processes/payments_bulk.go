package processes

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain/order"
	"move/projections"
)

// itemRow is a row of pending_order_items in memory.
type itemRow struct {
	item, order, application [16]byte
	changedAt                time.Time
	loaded, edited           bool
}

// ApplyBulk applies a rebuild's batch (decision 1780) as the holds process's does: the
// rows the batch's events can touch (by item or order) are read once, the batch is
// applied to them in memory as Apply's statements would, and what changed is written
// back.
func (paymentsProjector) ApplyBulk(ctx context.Context, tx pgx.Tx, _ projections.Writer, events []projections.Event) error {
	// Every id an event finds rows by: the rows it may touch.
	var orders, items []string
	for _, e := range events {
		orders = append(orders, strings.TrimPrefix(e.Stream, order.StreamPrefix))
		switch p := e.Payload.(type) {
		case order.PaymentStarted:
			items = append(items, p.PaymentID)
		case order.RefundRequested:
			items = append(items, p.RefundID)
		case order.PaymentStatusChanged:
			items = append(items, p.PaymentID)
		case order.RefundStatusChanged:
			items = append(items, p.RefundID)
		}
	}
	rows, err := tx.Query(ctx, `SELECT item_id, order_id, application_id, changed_at FROM pending_order_items
		WHERE order_id = ANY($1::uuid[]) OR item_id = ANY($2::uuid[])`, orders, items)
	if err != nil {
		return err
	}
	table := map[[16]byte]*itemRow{} // by item
	byOrder := map[[16]byte][]*itemRow{}
	var loaded []*itemRow
	for rows.Next() {
		r := &itemRow{loaded: true}
		if err := rows.Scan(&r.item, &r.order, &r.application, &r.changedAt); err != nil {
			rows.Close()
			return err
		}
		table[r.item] = r
		byOrder[r.order] = append(byOrder[r.order], r)
		loaded = append(loaded, r)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	var added []*itemRow
	for _, e := range events {
		if err := foldItem(e, table, byOrder, &added); err != nil {
			return err
		}
	}
	var gone [][16]byte
	for _, r := range loaded {
		if table[r.item] != r || r.edited {
			gone = append(gone, r.item)
		}
	}
	if len(gone) > 0 {
		if _, err := tx.Exec(ctx, `DELETE FROM pending_order_items WHERE item_id = ANY($1)`, gone); err != nil {
			return err
		}
	}
	var out [][]any
	for _, r := range append(loaded, added...) {
		if table[r.item] == r && (!r.loaded || r.edited) {
			out = append(out, []any{r.item, r.order, r.application, r.changedAt})
		}
	}
	if len(out) == 0 {
		return nil
	}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{PendingPayments}, []string{"item_id", "order_id", "application_id", "changed_at"}, pgx.CopyFromRows(out))
	return err
}

// foldItem applies one event to the rows in memory as paymentsProjector.Apply's
// statements would to the table.
func foldItem(e projections.Event, table map[[16]byte]*itemRow, byOrder map[[16]byte][]*itemRow, added *[]*itemRow) error {
	o, err := projections.CopyUUID(strings.TrimPrefix(e.Stream, order.StreamPrefix))
	if err != nil {
		return err
	}
	add := func(item string) error { // INSERT … ON CONFLICT (item_id) DO NOTHING
		id, err := projections.CopyUUID(item)
		if err != nil {
			return err
		}
		if table[id] != nil {
			return nil
		}
		app, err := projections.CopyUUID(e.Metadata.ApplicationID)
		if err != nil {
			return err
		}
		r := &itemRow{item: id, order: o, application: app, changedAt: e.RecordedAt}
		table[id] = r
		byOrder[o] = append(byOrder[o], r)
		*added = append(*added, r)
		return nil
	}
	done := func(item string) error { // DELETE … WHERE item_id
		id, err := projections.CopyUUID(item)
		if err != nil {
			return err
		}
		delete(table, id)
		return nil
	}
	changed := func() error { // UPDATE … SET changed_at WHERE order_id
		for _, r := range byOrder[o] {
			if table[r.item] == r {
				r.changedAt, r.edited = e.RecordedAt, r.loaded
			}
		}
		return nil
	}
	switch p := e.Payload.(type) {
	case order.PaymentStarted:
		if p.Method == order.PaymentEuros {
			return add(p.PaymentID)
		}
	case order.RefundRequested:
		if p.Method == order.PaymentEuros {
			return add(p.RefundID)
		}
	case order.PaymentStatusChanged:
		if order.PaymentFinal(p.Status) {
			return done(p.PaymentID)
		}
		return changed()
	case order.RefundStatusChanged:
		if order.RefundFinal(p.Status) {
			return done(p.RefundID)
		}
		return changed()
	case order.PaymentCreated:
		return changed()
	}
	return nil
}
