package processes

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/order"
	"move/domain/product"
	"move/projections"
)

// HoldsName is the hold process's to-do projector's permanent name.
const HoldsName = "holds_process"

// PendingHolds lists the held spots whose payment has not started at the provider
// (decision 0907): the worker releases those held longer than the hold time.
const PendingHolds = "pending_holds"

// DefaultHoldTime is how long a spot stays held without a started payment (decision 0907).
const DefaultHoldTime = 15 * time.Minute

// HoldsProjector keeps the hold process's to-do list: one row per held booking, with
// the moment it was held (or its order placed) — in the table, so a restart keeps every
// deadline. A row leaves when the booking is confirmed, cancelled, removed or moved.
// While its order's payment is at the provider the row waits (at_provider: the
// provider's end decides); a failed, canceled or expired payment starts the hold time
// again, for the customer to pay once more (decision 0909).
func HoldsProjector() projections.Projector { return holdsProjector{} }

type holdsProjector struct{}

func (holdsProjector) Name() string     { return HoldsName }
func (holdsProjector) Version() int     { return 3 } // 2: at_provider, and a payment's unpaid end (0909); 3: products' purchases (1003)
func (holdsProjector) Tables() []string { return []string{PendingHolds} }
func (holdsProjector) EventTypes() []string {
	return []string{booking.BookedV1, booking.Booked{}.EventType(), booking.Promoted{}.EventType(), booking.Confirmed{}.EventType(),
		booking.Cancelled{}.EventType(), booking.Removed{}.EventType(), booking.MovedOut{}.EventType(),
		order.PaymentStarted{}.EventType(), order.PaymentCreated{}.EventType(), order.PaymentStatusChanged{}.EventType(),
		bundle.BookedV1, bundle.Booked{}.EventType(), bundle.Promoted{}.EventType(),
		bundle.BookingConfirmed{}.EventType(), bundle.BookingCancelled{}.EventType(), bundle.Deleted{}.EventType(),
		product.PurchaseHeld{}.EventType(), product.PurchaseConfirmed{}.EventType(), product.PurchaseCancelled{}.EventType()}
}

// ReadsNoPersonalValues: a hold is its booking's id, session and time (SealedReader).
func (holdsProjector) ReadsNoPersonalValues() {}

func (holdsProjector) Schema() string {
	return `
CREATE TABLE pending_holds (
    booking_id     uuid        PRIMARY KEY,
    order_id       uuid        NOT NULL,
    session_id     uuid,
    bundle_id      uuid,
    product_id     uuid,
    application_id uuid        NOT NULL,
    held_at        timestamptz NOT NULL,
    at_provider    boolean     NOT NULL DEFAULT false
);
CREATE INDEX pending_holds_by_age ON pending_holds (held_at) WHERE NOT at_provider;
CREATE INDEX pending_holds_by_order ON pending_holds (order_id);
` + projections.InternalRLS(PendingHolds)
}

func (holdsProjector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	c := holdChangeOf(e)
	if c == nil {
		return nil
	}
	sql, args := c.statement()
	return w.Exec(ctx, sql, args...)
}

// holdChangeOf is what an event does to the hold process's to-do list, nil for
// nothing: the one place the process's events are told apart, for both the live
// statements (Apply) and a rebuild's fold in memory (ApplyBulk). Pure: what it needs of
// the event (stream, application, time) goes into the change.
func holdChangeOf(e projections.Event) holdChange {
	held := func(bookingID string, of holdOf, prefix string) holdChange {
		return holdAdded{booking: bookingID, order: order.ID(bookingID), of: of, id: strings.TrimPrefix(e.Stream, prefix),
			application: e.Metadata.ApplicationID, heldAt: e.RecordedAt}
	}
	orderID := strings.TrimPrefix(e.Stream, order.StreamPrefix)
	switch p := e.Payload.(type) {
	case booking.Booked:
		if p.Status == booking.StatusHeld {
			return held(p.BookingID, ofSession, booking.StreamPrefix)
		}
	case booking.Promoted:
		if p.Status == booking.StatusHeld { // the hold time runs from the promotion
			return held(p.BookingID, ofSession, booking.StreamPrefix)
		}
	case booking.Confirmed:
		return holdEnded{p.BookingID}
	case booking.Cancelled:
		return holdEnded{p.BookingID}
	case booking.Removed:
		return holdEnded{p.BookingID}
	case booking.MovedOut:
		return holdEnded{p.BookingID}
	case bundle.Booked:
		if p.Status == booking.StatusHeld {
			return held(p.BookingID, ofBundle, bundle.StreamPrefix)
		}
	case bundle.Promoted:
		if p.Status == booking.StatusHeld {
			return held(p.BookingID, ofBundle, bundle.StreamPrefix)
		}
	case bundle.BookingConfirmed:
		return holdEnded{p.BookingID}
	case bundle.BookingCancelled:
		return holdEnded{p.BookingID}
	case bundle.Deleted: // its bookings stay as they are (0810)
		return bundleHoldsEnded{strings.TrimPrefix(e.Stream, bundle.StreamPrefix)}
	case product.PurchaseHeld: // a free one's confirmation follows in the same append
		return held(p.PurchaseID, ofProduct, product.StreamPrefix)
	case product.PurchaseConfirmed:
		return holdEnded{p.PurchaseID}
	case product.PurchaseCancelled:
		return holdEnded{p.PurchaseID}
	case order.PaymentStarted:
		// The hold time starts again when the order is placed: a payment on its way to
		// the provider is not released under it; one the provider never gets is.
		return holdsRestarted{orderID, e.RecordedAt}
	case order.PaymentCreated:
		// At the provider: its payment's end decides (paid confirms; an unpaid end
		// below starts the hold time again).
		return holdsAtProvider{orderID}
	case order.PaymentStatusChanged:
		// Failed, canceled or expired: the spot stays held for another payment of the
		// same order for one hold time from now (decision 0909); paid: the booking's
		// confirmation in the same append ends the row.
		if order.PaymentFinal(p.Status) && p.Status != order.PaymentPaid {
			return holdsUnpaid{orderID, e.RecordedAt}
		}
	}
	return nil
}

// holdChange is one change to pending_holds (holdChangeOf). Each kind says its live
// statement here and its fold in memory in holds_bulk.go, so a new kind lacking either
// does not compile.
type holdChange interface {
	// statement is the live path's SQL for the change.
	statement() (sql string, args []any)
	// touches adds the ids a rebuild reads the rows the change may touch by.
	touches(*holdKeys)
	// fold applies the change to a rebuild's rows in memory as statement would to the table.
	fold(*holdRows) error
}

// holdOf is what a hold is of: a session's spot, a bundle's or a product's purchase
// (its booking is the purchase).
type holdOf int

const (
	ofSession holdOf = iota
	ofBundle
	ofProduct
)

// column is the column of pending_holds that holds the session, bundle or product.
func (o holdOf) column() string { return [...]string{"session_id", "bundle_id", "product_id"}[o] }

// holdAdded: a spot held from heldAt, of the session, bundle or product id. A row
// already there stays as it is.
type holdAdded struct {
	booking, order, id, application string
	of                              holdOf
	heldAt                          time.Time
}

// holdEnded: the booking's hold ended (confirmed, cancelled, removed, moved).
type holdEnded struct{ booking string }

// bundleHoldsEnded: the bundle's holds ended (the bundle deleted).
type bundleHoldsEnded struct{ bundle string }

// holdsRestarted: the order's holds run their hold time again from at (its payment started).
type holdsRestarted struct {
	order string
	at    time.Time
}

// holdsAtProvider: the order's holds wait for their payment at the provider.
type holdsAtProvider struct{ order string }

// holdsUnpaid: the order's payment ended unpaid; its holds run their hold time again
// from at, no longer waiting for the provider.
type holdsUnpaid struct {
	order string
	at    time.Time
}

func (c holdAdded) statement() (string, []any) {
	return `INSERT INTO pending_holds (booking_id, order_id, ` + c.of.column() + `, application_id, held_at)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (booking_id) DO NOTHING`, []any{c.booking, c.order, c.id, c.application, c.heldAt}
}

func (c holdEnded) statement() (string, []any) {
	return `DELETE FROM pending_holds WHERE booking_id = $1`, []any{c.booking}
}

func (c bundleHoldsEnded) statement() (string, []any) {
	return `DELETE FROM pending_holds WHERE bundle_id = $1`, []any{c.bundle}
}

func (c holdsRestarted) statement() (string, []any) {
	return `UPDATE pending_holds SET held_at = $2 WHERE order_id = $1`, []any{c.order, c.at}
}

func (c holdsAtProvider) statement() (string, []any) {
	return `UPDATE pending_holds SET at_provider = true WHERE order_id = $1`, []any{c.order}
}

func (c holdsUnpaid) statement() (string, []any) {
	return `UPDATE pending_holds SET at_provider = false, held_at = $2 WHERE order_id = $1`, []any{c.order, c.at}
}

// dueHold is a session's held spot (session, series), a bundle's (bundle) or a
// product's held purchase (product; booking is the purchase).
type dueHold struct{ application, session, series, bundle, product, booking string }

// dueHolds reads the holds older than the hold time (as the tables' owner, like due).
func (w *Worker) dueHolds(ctx context.Context) ([]dueHold, error) {
	var holds []dueHold
	err := pgx.BeginFunc(ctx, w.DB, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_projector`); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT h.application_id::text, coalesce(h.session_id::text, ''), coalesce(s.series_id::text, ''),
			coalesce(h.bundle_id::text, ''), coalesce(h.product_id::text, ''), h.booking_id::text
			FROM readmodel.pending_holds h LEFT JOIN readmodel.sessions s ON s.id = h.session_id
			WHERE h.held_at < $1 AND NOT h.at_provider AND (h.bundle_id IS NOT NULL OR h.product_id IS NOT NULL OR s.id IS NOT NULL) ORDER BY h.held_at LIMIT 100`, w.Now().Add(-w.holdTime()))
		if err != nil {
			return err
		}
		holds, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (dueHold, error) {
			var d dueHold
			return d, r.Scan(&d.application, &d.session, &d.series, &d.bundle, &d.product, &d.booking)
		})
		return err
	})
	return holds, err
}

func (w *Worker) holdTime() time.Duration {
	if w.HoldTime > 0 {
		return w.HoldTime
	}
	return DefaultHoldTime
}

// releaseHolds releases the due holds by the idempotent ReleaseHold command, which
// decides again at the session's version (a payment started meanwhile keeps the spot).
func (w *Worker) releaseHolds(ctx context.Context, holds []dueHold) (int, error) {
	done := 0
	for _, h := range holds {
		var released bool
		var err error
		switch {
		case h.product != "":
			released, err = w.App.ReleaseProductHold(ctx, h.application, h.product, h.booking)
		case h.bundle != "":
			released, err = w.App.ReleaseBundleHold(ctx, h.application, h.bundle, h.booking)
		default:
			released, err = w.App.ReleaseHold(ctx, h.application, commands.SessionRef{SeriesID: h.series, SessionID: h.session}, h.booking)
		}
		if err != nil {
			return done, err
		}
		if released {
			w.Log.Info("released a held spot whose payment did not start in time", "booking_id", h.booking, "session_id", h.session, "bundle_id", h.bundle, "product_id", h.product)
			w.resumed.WithLabelValues("hold-release").Inc()
			done++
		}
	}
	return done, nil
}
