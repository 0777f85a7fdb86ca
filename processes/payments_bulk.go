package processes

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"move/projections"
)

// itemRow is a row of pending_order_items in memory.
type itemRow struct {
	item, order, application [16]byte
	changedAt                time.Time
	loaded, edited           bool
}

// itemKeys are the ids a batch's changes find rows by.
type itemKeys struct{ items, orders []string }

// itemRows are the rows of pending_order_items a batch's changes may touch, in memory.
type itemRows struct {
	table   map[[16]byte]*itemRow // by item: the rows there now
	byOrder map[[16]byte][]*itemRow
	added   []*itemRow
}

// ApplyBulk applies a rebuild's batch (decision 1780) as the holds process's does: the
// rows the batch's changes can touch (by item or order) are read once, the changes
// (itemChangeOf, as Apply's) are applied to them in memory as Apply's statements would,
// and what changed is written back.
func (paymentsProjector) ApplyBulk(ctx context.Context, tx pgx.Tx, _ projections.Writer, events []projections.Event) error {
	changes := make([]itemChange, 0, len(events))
	var keys itemKeys
	for _, e := range events {
		if c := itemChangeOf(e); c != nil {
			c.touches(&keys)
			changes = append(changes, c)
		}
	}
	rows, err := tx.Query(ctx, `SELECT item_id, order_id, application_id, changed_at FROM pending_order_items
		WHERE order_id = ANY($1::uuid[]) OR item_id = ANY($2::uuid[])`, keys.orders, keys.items)
	if err != nil {
		return err
	}
	in := itemRows{table: map[[16]byte]*itemRow{}, byOrder: map[[16]byte][]*itemRow{}}
	var loaded []*itemRow
	for rows.Next() {
		r := &itemRow{loaded: true}
		if err := rows.Scan(&r.item, &r.order, &r.application, &r.changedAt); err != nil {
			rows.Close()
			return err
		}
		in.table[r.item] = r
		in.byOrder[r.order] = append(in.byOrder[r.order], r)
		loaded = append(loaded, r)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, c := range changes {
		if err := c.fold(&in); err != nil {
			return err
		}
	}
	var gone [][16]byte
	for _, r := range loaded {
		if in.table[r.item] != r || r.edited {
			gone = append(gone, r.item)
		}
	}
	if len(gone) > 0 {
		if _, err := tx.Exec(ctx, `DELETE FROM pending_order_items WHERE item_id = ANY($1)`, gone); err != nil {
			return err
		}
	}
	var out [][]any
	for _, r := range append(loaded, in.added...) {
		if in.table[r.item] == r && (!r.loaded || r.edited) {
			out = append(out, []any{r.item, r.order, r.application, r.changedAt})
		}
	}
	if len(out) == 0 {
		return nil
	}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{PendingPayments}, []string{"item_id", "order_id", "application_id", "changed_at"}, pgx.CopyFromRows(out))
	return err
}

func (c itemAdded) touches(k *itemKeys)    { k.items = append(k.items, c.item) }
func (c itemSettled) touches(k *itemKeys)  { k.items = append(k.items, c.item) }
func (c itemsChanged) touches(k *itemKeys) { k.orders = append(k.orders, c.order) }

func (c itemAdded) fold(in *itemRows) error { // INSERT … ON CONFLICT (item_id) DO NOTHING
	id, err := projections.CopyUUID(c.item)
	if err != nil {
		return err
	}
	if in.table[id] != nil {
		return nil
	}
	o, err := projections.CopyUUID(c.order)
	if err != nil {
		return err
	}
	app, err := projections.CopyUUID(c.application)
	if err != nil {
		return err
	}
	r := &itemRow{item: id, order: o, application: app, changedAt: c.changedAt}
	in.table[id] = r
	in.byOrder[o] = append(in.byOrder[o], r)
	in.added = append(in.added, r)
	return nil
}

func (c itemSettled) fold(in *itemRows) error { // DELETE … WHERE item_id
	id, err := projections.CopyUUID(c.item)
	if err != nil {
		return err
	}
	delete(in.table, id)
	return nil
}

func (c itemsChanged) fold(in *itemRows) error { // UPDATE … SET changed_at WHERE order_id
	o, err := projections.CopyUUID(c.order)
	if err != nil {
		return err
	}
	for _, r := range in.byOrder[o] {
		if in.table[r.item] == r {
			r.changedAt, r.edited = c.at, r.loaded
		}
	}
	return nil
}
