package processes

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"move/projections"
)

// holdRow is a row of pending_holds in memory (nil ids are NULL).
type holdRow struct {
	booking, order             [16]byte
	session, bundle, product   *[16]byte
	application                [16]byte
	heldAt                     time.Time
	atProvider, loaded, edited bool
}

// holdKeys are the ids a batch's changes find rows by.
type holdKeys struct{ bookings, orders, bundles []string }

// holdRows are the rows of pending_holds a batch's changes may touch, in memory.
type holdRows struct {
	table   map[[16]byte]*holdRow // by booking: the rows there now
	byOrder map[[16]byte][]*holdRow
	added   []*holdRow
}

// ApplyBulk applies a rebuild's batch (decision 1780). A to-do list is short — a held
// spot leaves it when its payment ends, mostly a few events later — so the rows the
// batch's changes can touch (by booking, order or bundle) are read once, the changes
// (holdChangeOf, as Apply's) are applied to them in memory one after another as Apply's
// statements would, and what changed is written back: the rows gone deleted, the rows
// new or changed copied.
func (holdsProjector) ApplyBulk(ctx context.Context, tx pgx.Tx, _ projections.Writer, events []projections.Event) error {
	changes := make([]holdChange, 0, len(events))
	var keys holdKeys
	for _, e := range events {
		if c := holdChangeOf(e); c != nil {
			c.touches(&keys)
			changes = append(changes, c)
		}
	}
	rows, err := tx.Query(ctx, `SELECT booking_id, order_id, session_id, bundle_id, product_id, application_id, held_at, at_provider
		FROM pending_holds WHERE booking_id = ANY($1::uuid[]) OR order_id = ANY($2::uuid[]) OR bundle_id = ANY($3::uuid[])`,
		keys.bookings, keys.orders, keys.bundles)
	if err != nil {
		return err
	}
	in := holdRows{table: map[[16]byte]*holdRow{}, byOrder: map[[16]byte][]*holdRow{}}
	var loaded []*holdRow
	for rows.Next() {
		r := &holdRow{loaded: true}
		if err := rows.Scan(&r.booking, &r.order, &r.session, &r.bundle, &r.product, &r.application, &r.heldAt, &r.atProvider); err != nil {
			rows.Close()
			return err
		}
		in.table[r.booking] = r
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
	// Written back: every loaded row gone or changed is deleted, every row there now
	// and new or changed is copied.
	var gone [][16]byte
	for _, r := range loaded {
		if in.table[r.booking] != r || r.edited {
			gone = append(gone, r.booking)
		}
	}
	if len(gone) > 0 {
		if _, err := tx.Exec(ctx, `DELETE FROM pending_holds WHERE booking_id = ANY($1)`, gone); err != nil {
			return err
		}
	}
	var out [][]any
	for _, r := range append(loaded, in.added...) {
		if in.table[r.booking] == r && (!r.loaded || r.edited) {
			out = append(out, []any{r.booking, r.order, r.session, r.bundle, r.product, r.application, r.heldAt, r.atProvider})
		}
	}
	if len(out) == 0 {
		return nil
	}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{PendingHolds}, []string{"booking_id", "order_id", "session_id", "bundle_id", "product_id",
		"application_id", "held_at", "at_provider"}, pgx.CopyFromRows(out))
	return err
}

func (c holdAdded) touches(k *holdKeys)        { k.bookings = append(k.bookings, c.booking) }
func (c holdEnded) touches(k *holdKeys)        { k.bookings = append(k.bookings, c.booking) }
func (c bundleHoldsEnded) touches(k *holdKeys) { k.bundles = append(k.bundles, c.bundle) }
func (c holdsRestarted) touches(k *holdKeys)   { k.orders = append(k.orders, c.order) }
func (c holdsAtProvider) touches(k *holdKeys)  { k.orders = append(k.orders, c.order) }
func (c holdsUnpaid) touches(k *holdKeys)      { k.orders = append(k.orders, c.order) }

func (c holdAdded) fold(in *holdRows) error { // INSERT … ON CONFLICT DO NOTHING
	b, err := projections.CopyUUID(c.booking)
	if err != nil {
		return err
	}
	if in.table[b] != nil {
		return nil
	}
	o, err := projections.CopyUUID(c.order)
	if err != nil {
		return err
	}
	of, err := projections.CopyUUID(c.id)
	if err != nil {
		return err
	}
	app, err := projections.CopyUUID(c.application)
	if err != nil {
		return err
	}
	r := &holdRow{booking: b, order: o, application: app, heldAt: c.heldAt}
	switch c.of {
	case ofSession:
		r.session = &of
	case ofBundle:
		r.bundle = &of
	case ofProduct:
		r.product = &of
	}
	in.table[b] = r
	in.byOrder[o] = append(in.byOrder[o], r)
	in.added = append(in.added, r)
	return nil
}

func (c holdEnded) fold(in *holdRows) error { // DELETE … WHERE booking_id
	b, err := projections.CopyUUID(c.booking)
	if err != nil {
		return err
	}
	delete(in.table, b)
	return nil
}

func (c bundleHoldsEnded) fold(in *holdRows) error { // DELETE … WHERE bundle_id
	id, err := projections.CopyUUID(c.bundle)
	if err != nil {
		return err
	}
	for b, r := range in.table {
		if r.bundle != nil && *r.bundle == id {
			delete(in.table, b)
		}
	}
	return nil
}

func (c holdsRestarted) fold(in *holdRows) error {
	return in.ofOrder(c.order, func(r *holdRow) { r.heldAt = c.at })
}

func (c holdsAtProvider) fold(in *holdRows) error {
	return in.ofOrder(c.order, func(r *holdRow) { r.atProvider = true })
}

func (c holdsUnpaid) fold(in *holdRows) error {
	return in.ofOrder(c.order, func(r *holdRow) { r.atProvider, r.heldAt = false, c.at })
}

// ofOrder updates the order's rows there now (UPDATE … WHERE order_id).
func (in *holdRows) ofOrder(orderID string, update func(*holdRow)) error {
	o, err := projections.CopyUUID(orderID)
	if err != nil {
		return err
	}
	for _, r := range in.byOrder[o] {
		if in.table[r.booking] == r {
			update(r)
			r.edited = r.loaded
		}
	}
	return nil
}
