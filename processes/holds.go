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
	held := func(bookingID string) error {
		return w.Exec(ctx, `INSERT INTO pending_holds (booking_id, order_id, session_id, application_id, held_at)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (booking_id) DO NOTHING`, bookingID, order.ID(bookingID),
			strings.TrimPrefix(e.Stream, booking.StreamPrefix), e.Metadata.ApplicationID, e.RecordedAt)
	}
	bundleHeld := func(bookingID string) error {
		return w.Exec(ctx, `INSERT INTO pending_holds (booking_id, order_id, bundle_id, application_id, held_at)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (booking_id) DO NOTHING`, bookingID, order.ID(bookingID),
			strings.TrimPrefix(e.Stream, bundle.StreamPrefix), e.Metadata.ApplicationID, e.RecordedAt)
	}
	productHeld := func(purchaseID string) error {
		return w.Exec(ctx, `INSERT INTO pending_holds (booking_id, order_id, product_id, application_id, held_at)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (booking_id) DO NOTHING`, purchaseID, order.ID(purchaseID),
			strings.TrimPrefix(e.Stream, product.StreamPrefix), e.Metadata.ApplicationID, e.RecordedAt)
	}
	ended := func(bookingID string) error {
		return w.Exec(ctx, `DELETE FROM pending_holds WHERE booking_id = $1`, bookingID)
	}
	switch p := e.Payload.(type) {
	case booking.Booked:
		if p.Status == booking.StatusHeld {
			return held(p.BookingID)
		}
	case booking.Promoted:
		if p.Status == booking.StatusHeld { // the hold time runs from the promotion
			return held(p.BookingID)
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
			return bundleHeld(p.BookingID)
		}
	case bundle.Promoted:
		if p.Status == booking.StatusHeld {
			return bundleHeld(p.BookingID)
		}
	case bundle.BookingConfirmed:
		return ended(p.BookingID)
	case bundle.BookingCancelled:
		return ended(p.BookingID)
	case bundle.Deleted: // its bookings stay as they are (0810)
		return w.Exec(ctx, `DELETE FROM pending_holds WHERE bundle_id = $1`, strings.TrimPrefix(e.Stream, bundle.StreamPrefix))
	case product.PurchaseHeld: // a free one's confirmation follows in the same append
		return productHeld(p.PurchaseID)
	case product.PurchaseConfirmed:
		return ended(p.PurchaseID)
	case product.PurchaseCancelled:
		return ended(p.PurchaseID)
	case order.PaymentStarted:
		// The hold time starts again when the order is placed: a payment on its way to
		// the provider is not released under it; one the provider never gets is.
		return w.Exec(ctx, `UPDATE pending_holds SET held_at = $2 WHERE order_id = $1`,
			strings.TrimPrefix(e.Stream, order.StreamPrefix), e.RecordedAt)
	case order.PaymentCreated:
		// At the provider: its payment's end decides (paid confirms; an unpaid end
		// below starts the hold time again).
		return w.Exec(ctx, `UPDATE pending_holds SET at_provider = true WHERE order_id = $1`, strings.TrimPrefix(e.Stream, order.StreamPrefix))
	case order.PaymentStatusChanged:
		// Failed, canceled or expired: the spot stays held for another payment of the
		// same order for one hold time from now (decision 0909); paid: the booking's
		// confirmation in the same append ends the row.
		if order.PaymentFinal(p.Status) && p.Status != order.PaymentPaid {
			return w.Exec(ctx, `UPDATE pending_holds SET at_provider = false, held_at = $2 WHERE order_id = $1`,
				strings.TrimPrefix(e.Stream, order.StreamPrefix), e.RecordedAt)
		}
	}
	return nil
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
