// Package closures is the read model of the planned closures (decision 1660): one row
// per closure with its range, reason and progress, for the organisation's and the
// location's list. Tenant-owned, forced RLS (0102).
package closures

import (
	"context"
	"strings"

	"move/domain/closure"
	"move/projections"
)

// Name is the projector's permanent name and its table.
const Name = "closures"

// Projector builds the closures table.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string         { return Name }
func (projector) Version() int         { return 1 }
func (projector) Tables() []string     { return []string{Name} }
func (projector) EventTypes() []string { return closure.EventTypes() }

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
    planned_by         text        NOT NULL,
    planned_at         timestamptz NOT NULL
);
CREATE INDEX closures_by_organization ON closures (application_id, organization_id, from_date DESC, id);
CREATE INDEX closures_by_location ON closures (application_id, location_id, from_date DESC, id);` + projections.TenantRLS(Name)
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
		return w.Exec(ctx, `UPDATE closures SET sessions_closed = sessions_closed + $2, sessions_skipped = sessions_skipped + $3,
			bookings_cancelled = bookings_cancelled + $4 WHERE id = $1`, id, closed, skipped, len(p.Bookings))
	}
	return nil
}
