// Package closures is the read model of the planned closures (decision 1660): one row
// per closure with its range, reason and progress, for the organisation's and the
// location's list. Tenant-owned, forced RLS (0102).
//
// Its bundle_holders count the bundle bookings recorded with its closed sessions (one
// per session and booking, as the mails) whose participant is told or still to be
// told: one whose bundle booking ended before being told leaves the count (decision
// 1820). The notices not told yet are kept in closure_untold_bundle_holders for that,
// internal (the API does not read it).
package closures

import (
	"context"
	"strings"

	"move/domain/bundle"
	"move/domain/closure"
	"move/projections"
)

// Name is the projector's permanent name and its table.
const Name = "closures"

// Untold lists the bundle holders recorded with a closed session and not told yet.
const Untold = "closure_untold_bundle_holders"

// Projector builds the closures table.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string     { return Name }
func (projector) Version() int     { return 2 }
func (projector) Tables() []string { return []string{Name, Untold} }
func (projector) EventTypes() []string {
	return append(closure.EventTypes(), bundle.BookingCancelled{}.EventType())
}

func (projector) Schema() string {
	return `
CREATE TABLE closures (
    id                 uuid        PRIMARY KEY,
    application_id     uuid        NOT NULL,
    organization_id    uuid        NOT NULL,
    location_id        uuid,
    from_date          date        NOT NULL,
    until_date         date        NOT NULL,
    reason             text        NOT NULL,
    sessions_planned   integer     NOT NULL,
    sessions_closed    integer     NOT NULL DEFAULT 0,
    sessions_skipped   integer     NOT NULL DEFAULT 0,
    bookings_cancelled integer     NOT NULL DEFAULT 0,
    bundle_holders     integer     NOT NULL DEFAULT 0,
    planned_by         text        NOT NULL,
    planned_at         timestamptz NOT NULL
);
CREATE INDEX closures_by_organization ON closures (application_id, organization_id, from_date DESC, id);
CREATE INDEX closures_by_location ON closures (application_id, location_id, from_date DESC, id);` + projections.TenantRLS(Name) + `

CREATE TABLE closure_untold_bundle_holders (
    closure_id     uuid NOT NULL,
    session_id     uuid NOT NULL,
    booking_id     uuid NOT NULL,
    application_id uuid NOT NULL,
    PRIMARY KEY (closure_id, session_id, booking_id)
);
CREATE INDEX closure_untold_bundle_holders_by_booking ON closure_untold_bundle_holders (booking_id);` + projections.InternalRLS(Untold)
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	id := strings.TrimPrefix(e.Stream, closure.StreamPrefix)
	switch p := e.Payload.(type) {
	case closure.Planned:
		var loc *string
		if p.LocationID != "" {
			loc = &p.LocationID
		}
		return w.Exec(ctx, `INSERT INTO closures (id, application_id, organization_id, location_id, from_date, until_date, reason,
			sessions_planned, planned_by, planned_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
			id, p.ApplicationID, p.OrganizationID, loc, p.From, p.Until, p.Reason, len(p.Sessions), e.Metadata.ActorID, e.RecordedAt)
	case closure.SessionClosed:
		closed, skipped := 1, 0
		if p.Skipped != "" {
			closed, skipped = 0, 1
		}
		if err := w.Exec(ctx, `UPDATE closures SET sessions_closed = sessions_closed + $2, sessions_skipped = sessions_skipped + $3,
			bookings_cancelled = bookings_cancelled + $4, bundle_holders = bundle_holders + $5 WHERE id = $1`,
			id, closed, skipped, len(p.Bookings), len(p.BundleBookings)); err != nil {
			return err
		}
		for _, b := range p.BundleBookings {
			if err := w.Exec(ctx, `INSERT INTO closure_untold_bundle_holders (closure_id, session_id, booking_id, application_id)
				VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, id, p.SessionID, b.BookingID, e.Metadata.ApplicationID); err != nil {
				return err
			}
		}
	case closure.BundleHolderNotified:
		// Told: counted for good — again, when the bundle booking's end came first in the
		// log (its holder was mailed as it ended) and took them out of the count.
		return w.Exec(ctx, `WITH told AS (DELETE FROM closure_untold_bundle_holders WHERE closure_id = $1 AND session_id = $2 AND booking_id = $3
			RETURNING 1) UPDATE closures SET bundle_holders = bundle_holders + 1 WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM told)`,
			id, p.SessionID, p.BookingID)
	case closure.BundleHolderSkipped:
		return w.Exec(ctx, `WITH gone AS (DELETE FROM closure_untold_bundle_holders WHERE closure_id = $1 AND session_id = $2 AND booking_id = $3
			RETURNING closure_id) `+forgetUntold, id, p.SessionID, p.BookingID)
	case bundle.BookingCancelled: // its holder is told nothing more (the closures process drops them too)
		return w.Exec(ctx, `WITH gone AS (DELETE FROM closure_untold_bundle_holders WHERE booking_id = $1 RETURNING closure_id) `+forgetUntold,
			p.BookingID)
	}
	return nil
}

// forgetUntold takes the untold bundle holders deleted (gone) out of their closures'
// counts: a notice already gone (told, or its booking ended earlier) counts nothing.
const forgetUntold = `UPDATE closures c SET bundle_holders = c.bundle_holders - g.n
	FROM (SELECT closure_id, count(*) AS n FROM gone GROUP BY closure_id) g WHERE c.id = g.closure_id`
