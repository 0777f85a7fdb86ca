// Package bundles is the bundles read model: one row per bundle (with the series whose
// sessions it takes part in), one per bundle booking (its waiting list in arrival
// order), one per check-in at a session of the bundle, and each booking's history (who
// did what when, as a session booking's).
package bundles

import (
	"context"
	"encoding/json"
	"strings"

	"move/domain/booking"
	"move/domain/bundle"
	"move/personal"
	"move/projections"
)

// Name is the projector's permanent name.
const Name = "bundles"

// Tables.
const (
	Bundles      = "bundles"
	Participants = "bundle_participants"
	Attendance   = "bundle_attendance"
	History      = "bundle_booking_history"
)

// Projector builds the bundles, their participants and check-ins.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string     { return Name }
func (projector) Version() int     { return 3 } // 3: by customer (a customer's page, 1710)
func (projector) Tables() []string { return []string{Bundles, Participants, Attendance, History} }
func (projector) EventTypes() []string {
	return append(bundle.EventTypes(), personal.Erased{}.EventType())
}

// Schema. arrival is the booking's version in the bundle's stream: the waiting list's
// order. Personal fields hold what the event carried, opened (blank once erased).
func (projector) Schema() string {
	return `
CREATE TABLE bundles (
    id              uuid        PRIMARY KEY,
    application_id  uuid        NOT NULL,
    organization_id uuid        NOT NULL,
    activity_id     uuid        NOT NULL,
    name            text        NOT NULL,
    rate_id         uuid,
    spots           integer     NOT NULL,
    start_date      date        NOT NULL,
    price_cents     bigint      NOT NULL,
    series_ids      uuid[]      NOT NULL DEFAULT '{}',
    version         bigint      NOT NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX bundles_by_activity ON bundles (application_id, activity_id, start_date, id);
` + projections.TenantRLS(Bundles) + `

CREATE TABLE bundle_participants (
    bundle_id       uuid        NOT NULL,
    booking_id      uuid        NOT NULL,
    application_id  uuid        NOT NULL,
    organization_id uuid        NOT NULL,
    customer_id     uuid,
    first_name      text        NOT NULL,
    last_name       text        NOT NULL,
    email           text        NOT NULL,
    date_of_birth   text        NOT NULL,
    gender          text        NOT NULL,
    notes           text        NOT NULL,
    answers         jsonb       NOT NULL,
    status          text        NOT NULL,
    arrival         bigint      NOT NULL,
    by_staff        boolean     NOT NULL,
    booked_at       timestamptz NOT NULL,
    changed_at      timestamptz NOT NULL,
    PRIMARY KEY (bundle_id, booking_id)
);
CREATE INDEX bundle_participants_by_bundle ON bundle_participants (application_id, bundle_id, arrival);
CREATE INDEX bundle_participants_by_customer ON bundle_participants (application_id, customer_id, booked_at) WHERE customer_id IS NOT NULL;
` + projections.TenantRLS(Participants) + `

CREATE TABLE bundle_attendance (
    bundle_id      uuid        NOT NULL,
    booking_id     uuid        NOT NULL,
    session_id     uuid        NOT NULL,
    application_id uuid        NOT NULL,
    checked_in_at  timestamptz NOT NULL,
    PRIMARY KEY (bundle_id, session_id, booking_id)
);
` + projections.TenantRLS(Attendance) + `

CREATE TABLE bundle_booking_history (
    booking_id     uuid        NOT NULL,
    version        bigint      NOT NULL,
    bundle_id      uuid        NOT NULL,
    application_id uuid        NOT NULL,
    event          text        NOT NULL,
    actor_id       text        NOT NULL,
    at             timestamptz NOT NULL,
    detail         jsonb       NOT NULL,
    PRIMARY KEY (booking_id, version)
);
` + projections.TenantRLS(History)
}

// promotionActor is the actor of a promotion from a waiting list (commands.PromotionActor).
const promotionActor = "process:waitlist-promotion"

// historyOf is a bundle booking event's line in its history: the event named as a
// session booking's (booked, confirmed, promoted, cancelled, checked_in, notified) and
// what it adds; ok is false for an event of the bundle itself.
func historyOf(payload any) (id, event string, detail map[string]any, ok bool) {
	switch p := payload.(type) {
	case bundle.Booked:
		return p.BookingID, "booked", map[string]any{"status": p.Status, "by_staff": p.ByStaff}, true
	case bundle.BookingConfirmed:
		return p.BookingID, "confirmed", map[string]any{}, true
	case bundle.Promoted:
		return p.BookingID, "promoted", map[string]any{"status": p.Status}, true
	case bundle.BookingCancelled:
		return p.BookingID, "cancelled", map[string]any{"by_staff": p.ByStaff, "from_status": p.FromStatus}, true
	case bundle.CheckedIn:
		return p.BookingID, "checked_in", map[string]any{"session_id": p.SessionID}, true
	case bundle.Notified:
		return p.BookingID, "notified", map[string]any{"reason": p.Reason}, true
	}
	return "", "", nil, false
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	id := strings.TrimPrefix(e.Stream, bundle.StreamPrefix)
	if bookingID, event, detail, ok := historyOf(e.Payload); ok {
		raw, err := json.Marshal(detail)
		if err != nil {
			return err
		}
		actor := e.Metadata.ActorID
		if event == "promoted" {
			// Appended with the cancellation that freed the spot, by its actor; the
			// history names the waiting list, as a session's promotion
			// (commands.PromotionActor).
			actor = promotionActor
		}
		if err := w.Exec(ctx, `INSERT INTO bundle_booking_history (booking_id, version, bundle_id, application_id, event, actor_id, at, detail)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
			bookingID, e.Version, id, e.Metadata.ApplicationID, event, actor, e.RecordedAt, raw); err != nil {
			return err
		}
	}
	switch p := e.Payload.(type) {
	case personal.Erased:
		booking, ok := strings.CutPrefix(p.Subject, "booking-")
		if !ok {
			return nil
		}
		return w.Exec(ctx, `UPDATE bundle_participants SET first_name = '', last_name = '', email = '', date_of_birth = '',
			gender = '', notes = '', answers = '[]' WHERE booking_id = $1`, booking)
	case bundle.Created:
		return w.Exec(ctx, `INSERT INTO bundles (id, application_id, organization_id, activity_id, name, rate_id, spots, start_date,
			price_cents, version, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
			ON CONFLICT (id) DO NOTHING`,
			id, p.ApplicationID, p.OrganizationID, p.ActivityID, p.Name, p.RateID, p.Spots, p.StartDate, p.PriceCents, e.Version, e.RecordedAt)
	case bundle.Changed:
		return w.Exec(ctx, `UPDATE bundles SET name = $2, rate_id = $3, spots = $4, start_date = $5, price_cents = $6, version = $7,
			updated_at = $8 WHERE id = $1`, id, p.Name, p.RateID, p.Spots, p.StartDate, p.PriceCents, e.Version, e.RecordedAt)
	case bundle.Deleted:
		return w.Exec(ctx, `DELETE FROM bundles WHERE id = $1`, id)
	case bundle.SeriesAdded:
		return w.Exec(ctx, `UPDATE bundles SET series_ids = array_append(series_ids, $2::uuid), version = $3, updated_at = $4
			WHERE id = $1 AND NOT $2::uuid = ANY(series_ids)`, id, p.SeriesID, e.Version, e.RecordedAt)
	case bundle.Booked:
		answers := p.Answers
		if answers == nil {
			answers = []booking.Answer{}
		}
		raw, err := json.Marshal(answers)
		if err != nil {
			return err
		}
		return w.Exec(ctx, `INSERT INTO bundle_participants (bundle_id, booking_id, application_id, organization_id, customer_id,
			first_name, last_name, email, date_of_birth, gender, notes, answers, status, arrival, by_staff, booked_at, changed_at)
			VALUES ($1, $2, $3, $4, nullif($5, '')::uuid, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)
			ON CONFLICT (bundle_id, booking_id) DO NOTHING`,
			id, p.BookingID, p.ApplicationID, p.OrganizationID, p.CustomerID, p.Participant.FirstName, p.Participant.LastName,
			p.Participant.Email, p.Participant.DateOfBirth, p.Participant.Gender, p.Participant.Notes, raw, p.Status, e.Version,
			p.ByStaff, e.RecordedAt)
	case bundle.BookingCancelled:
		return setStatus(ctx, w, e, id, p.BookingID, booking.StatusCancelled)
	case bundle.Promoted:
		return setStatus(ctx, w, e, id, p.BookingID, p.Status)
	case bundle.BookingConfirmed:
		return setStatus(ctx, w, e, id, p.BookingID, booking.StatusConfirmed)
	case bundle.CheckedIn:
		return w.Exec(ctx, `INSERT INTO bundle_attendance (bundle_id, booking_id, session_id, application_id, checked_in_at)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, id, p.BookingID, p.SessionID, e.Metadata.ApplicationID, p.At)
	}
	return nil
}

func setStatus(ctx context.Context, w projections.Writer, e projections.Event, bundleID, bookingID, status string) error {
	return w.Exec(ctx, `UPDATE bundle_participants SET status = $3, changed_at = $4 WHERE bundle_id = $1 AND booking_id = $2`,
		bundleID, bookingID, status, e.RecordedAt)
}
