package processes

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/order"
	"move/domain/product"
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

// ApplyBulk applies a rebuild's batch (decision 1780). A to-do list is short — a held
// spot leaves it when its payment ends, mostly a few events later — so the rows the
// batch's events can touch (by booking, order or bundle) are read once, the batch is
// applied to them in memory, event after event as Apply's statements would, and what
// changed is written back: the rows gone deleted, the rows new or changed copied.
func (holdsProjector) ApplyBulk(ctx context.Context, tx pgx.Tx, _ projections.Writer, events []projections.Event) error {
	// Every id an event finds rows by: the rows it may touch.
	var bookings, orders, bundles []string
	for _, e := range events {
		switch p := e.Payload.(type) {
		case booking.Booked:
			bookings = append(bookings, p.BookingID)
		case booking.Promoted:
			bookings = append(bookings, p.BookingID)
		case bundle.Booked:
			bookings = append(bookings, p.BookingID)
		case bundle.Promoted:
			bookings = append(bookings, p.BookingID)
		case product.PurchaseHeld:
			bookings = append(bookings, p.PurchaseID)
		case booking.Confirmed:
			bookings = append(bookings, p.BookingID)
		case booking.Cancelled:
			bookings = append(bookings, p.BookingID)
		case booking.Removed:
			bookings = append(bookings, p.BookingID)
		case booking.MovedOut:
			bookings = append(bookings, p.BookingID)
		case bundle.BookingConfirmed:
			bookings = append(bookings, p.BookingID)
		case bundle.BookingCancelled:
			bookings = append(bookings, p.BookingID)
		case product.PurchaseConfirmed:
			bookings = append(bookings, p.PurchaseID)
		case product.PurchaseCancelled:
			bookings = append(bookings, p.PurchaseID)
		case bundle.Deleted:
			bundles = append(bundles, strings.TrimPrefix(e.Stream, bundle.StreamPrefix))
		case order.PaymentStarted, order.PaymentCreated, order.PaymentStatusChanged:
			orders = append(orders, strings.TrimPrefix(e.Stream, order.StreamPrefix))
		}
	}
	rows, err := tx.Query(ctx, `SELECT booking_id, order_id, session_id, bundle_id, product_id, application_id, held_at, at_provider
		FROM pending_holds WHERE booking_id = ANY($1::uuid[]) OR order_id = ANY($2::uuid[]) OR bundle_id = ANY($3::uuid[])`, bookings, orders, bundles)
	if err != nil {
		return err
	}
	table := map[[16]byte]*holdRow{} // by booking
	byOrder := map[[16]byte][]*holdRow{}
	var loaded []*holdRow
	for rows.Next() {
		r := &holdRow{loaded: true}
		if err := rows.Scan(&r.booking, &r.order, &r.session, &r.bundle, &r.product, &r.application, &r.heldAt, &r.atProvider); err != nil {
			rows.Close()
			return err
		}
		table[r.booking] = r
		byOrder[r.order] = append(byOrder[r.order], r)
		loaded = append(loaded, r)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	var added []*holdRow
	for _, e := range events {
		if err := foldHold(e, table, byOrder, &added); err != nil {
			return err
		}
	}
	// Written back: every loaded row gone or changed is deleted, every row there now
	// and new or changed is copied.
	var gone [][16]byte
	for _, r := range loaded {
		if table[r.booking] != r || r.edited {
			gone = append(gone, r.booking)
		}
	}
	if len(gone) > 0 {
		if _, err := tx.Exec(ctx, `DELETE FROM pending_holds WHERE booking_id = ANY($1)`, gone); err != nil {
			return err
		}
	}
	var out [][]any
	for _, r := range append(loaded, added...) {
		if table[r.booking] == r && (!r.loaded || r.edited) {
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

// foldHold applies one event to the rows in memory as holdsProjector.Apply's statements
// would to the table.
func foldHold(e projections.Event, table map[[16]byte]*holdRow, byOrder map[[16]byte][]*holdRow, added *[]*holdRow) error {
	held := func(bookingID, stream, prefix string, column func(*holdRow) **[16]byte) error { // INSERT … ON CONFLICT DO NOTHING
		b, err := projections.CopyUUID(bookingID)
		if err != nil {
			return err
		}
		if table[b] != nil {
			return nil
		}
		o, err := projections.CopyUUID(order.ID(bookingID))
		if err != nil {
			return err
		}
		of, err := projections.CopyUUID(strings.TrimPrefix(stream, prefix))
		if err != nil {
			return err
		}
		app, err := projections.CopyUUID(e.Metadata.ApplicationID)
		if err != nil {
			return err
		}
		r := &holdRow{booking: b, order: o, application: app, heldAt: e.RecordedAt}
		*column(r) = &of
		table[b] = r
		byOrder[o] = append(byOrder[o], r)
		*added = append(*added, r)
		return nil
	}
	session := func(r *holdRow) **[16]byte { return &r.session }
	ofBundle := func(r *holdRow) **[16]byte { return &r.bundle }
	ofProduct := func(r *holdRow) **[16]byte { return &r.product }
	ended := func(bookingID string) error { // DELETE … WHERE booking_id
		b, err := projections.CopyUUID(bookingID)
		if err != nil {
			return err
		}
		delete(table, b)
		return nil
	}
	ofOrder := func(update func(*holdRow)) error { // UPDATE … WHERE order_id
		o, err := projections.CopyUUID(strings.TrimPrefix(e.Stream, order.StreamPrefix))
		if err != nil {
			return err
		}
		for _, r := range byOrder[o] {
			if table[r.booking] == r {
				update(r)
				r.edited = r.loaded
			}
		}
		return nil
	}
	switch p := e.Payload.(type) {
	case booking.Booked:
		if p.Status == booking.StatusHeld {
			return held(p.BookingID, e.Stream, booking.StreamPrefix, session)
		}
	case booking.Promoted:
		if p.Status == booking.StatusHeld {
			return held(p.BookingID, e.Stream, booking.StreamPrefix, session)
		}
	case booking.Confirmed:
		return ended(p.BookingID)
	case booking.Cancelled:
		return ended(p.BookingID)
	case booking.Removed:
		return ended(p.BookingID)
	case booking.MovedOut:
		return ended(p.BookingID)
	case bundle.Booked:
		if p.Status == booking.StatusHeld {
			return held(p.BookingID, e.Stream, bundle.StreamPrefix, ofBundle)
		}
	case bundle.Promoted:
		if p.Status == booking.StatusHeld {
			return held(p.BookingID, e.Stream, bundle.StreamPrefix, ofBundle)
		}
	case bundle.BookingConfirmed:
		return ended(p.BookingID)
	case bundle.BookingCancelled:
		return ended(p.BookingID)
	case bundle.Deleted:
		id, err := projections.CopyUUID(strings.TrimPrefix(e.Stream, bundle.StreamPrefix))
		if err != nil {
			return err
		}
		for b, r := range table {
			if r.bundle != nil && *r.bundle == id {
				delete(table, b)
			}
		}
	case product.PurchaseHeld:
		return held(p.PurchaseID, e.Stream, product.StreamPrefix, ofProduct)
	case product.PurchaseConfirmed:
		return ended(p.PurchaseID)
	case product.PurchaseCancelled:
		return ended(p.PurchaseID)
	case order.PaymentStarted:
		return ofOrder(func(r *holdRow) { r.heldAt = e.RecordedAt })
	case order.PaymentCreated:
		return ofOrder(func(r *holdRow) { r.atProvider = true })
	case order.PaymentStatusChanged:
		if order.PaymentFinal(p.Status) && p.Status != order.PaymentPaid {
			return ofOrder(func(r *holdRow) { r.atProvider, r.heldAt = false, e.RecordedAt })
		}
	}
	return nil
}
