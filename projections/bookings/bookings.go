// Package bookings is the participants read model: one row per booking per session it
// was in (a moved booking keeps its row in the session it left, status moved), and the
// history of each booking from the log (who did what, when).
package bookings

import (
	"context"
	"encoding/json"
	"strings"

	"move/domain/booking"
	"move/personal"
	"move/projections"
)

// Name is the projector's permanent name.
const Name = "bookings"

// Tables.
const (
	Participants = "session_participants"
	History      = "booking_history"
)

// Projector builds the participants and the bookings' history.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string     { return Name }
func (projector) Version() int     { return 3 } // 3: by customer (a customer's page, 1710)
func (projector) Tables() []string { return []string{Participants, History} }

// ReadIndexes: the participant lists' index is built after a rebuild's load; the one
// by booking stays, an erasure finds its rows through it.
func (projector) ReadIndexes() []string { return []string{"session_participants_by_session"} }

func (projector) EventTypes() []string {
	return append(booking.EventTypes(), personal.Erased{}.EventType())
}

// Schema. arrival is the booking's version in the session's stream: the waiting list's
// order. Personal fields hold what the event carried, opened (blank once erased).
func (projector) Schema() string {
	return `
CREATE TABLE session_participants (
    session_id      uuid        NOT NULL,
    booking_id      uuid        NOT NULL,
    application_id  uuid        NOT NULL,
    organization_id uuid        NOT NULL,
    activity_id     uuid        NOT NULL,
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
    moved_from      uuid,
    moved_to        uuid,
    attendance      text        NOT NULL DEFAULT 'none',
    checked_in_at   timestamptz,
    refund_percent  integer,
    booked_at       timestamptz NOT NULL,
    changed_at      timestamptz NOT NULL,
    PRIMARY KEY (session_id, booking_id)
);
CREATE INDEX session_participants_by_session ON session_participants (application_id, session_id, arrival);
CREATE INDEX session_participants_by_booking ON session_participants (booking_id);
CREATE INDEX session_participants_by_customer ON session_participants (application_id, customer_id, booked_at) WHERE customer_id IS NOT NULL;
` + projections.TenantRLS(Participants) + `

CREATE TABLE booking_history (
    booking_id     uuid        NOT NULL,
    version        bigint      NOT NULL,
    session_id     uuid        NOT NULL,
    application_id uuid        NOT NULL,
    event          text        NOT NULL,
    actor_id       text        NOT NULL,
    at             timestamptz NOT NULL,
    detail         jsonb       NOT NULL,
    PRIMARY KEY (booking_id, session_id, version)
);
` + projections.TenantRLS(History)
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	if p, ok := e.Payload.(personal.Erased); ok {
		id, ok := strings.CutPrefix(p.Subject, "booking-")
		if !ok {
			return nil
		}
		return w.Exec(ctx, `UPDATE session_participants SET first_name = '', last_name = '', email = '', date_of_birth = '',
			gender = '', notes = '', answers = '[]' WHERE booking_id = $1`, id)
	}
	session := strings.TrimPrefix(e.Stream, booking.StreamPrefix)
	var id string
	switch p := e.Payload.(type) {
	case booking.Booked:
		id = p.BookingID
		answers, err := json.Marshal(nonNil(p.Answers))
		if err != nil {
			return err
		}
		if err := w.Exec(ctx, `INSERT INTO session_participants (session_id, booking_id, application_id, organization_id, activity_id,
			customer_id, first_name, last_name, email, date_of_birth, gender, notes, answers, status, arrival, by_staff, moved_from,
			booked_at, changed_at)
			VALUES ($1, $2, $3, $4, $5, nullif($6, '')::uuid, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, nullif($17, '')::uuid, $18, $18)
			ON CONFLICT (session_id, booking_id) DO UPDATE SET status = EXCLUDED.status, arrival = EXCLUDED.arrival,
				moved_from = EXCLUDED.moved_from, moved_to = NULL, attendance = 'none', checked_in_at = NULL,
				refund_percent = NULL, changed_at = EXCLUDED.changed_at`,
			session, p.BookingID, p.ApplicationID, p.OrganizationID, p.ActivityID, p.CustomerID, p.Participant.FirstName,
			p.Participant.LastName, p.Participant.Email, p.Participant.DateOfBirth, p.Participant.Gender, p.Participant.Notes,
			answers, p.Status, e.Version, p.ByStaff, p.MovedFrom, e.RecordedAt); err != nil {
			return err
		}
	case booking.Confirmed:
		id = p.BookingID
		if err := setStatus(ctx, w, e, session, id, booking.StatusConfirmed); err != nil {
			return err
		}
	case booking.Promoted:
		id = p.BookingID
		if err := setStatus(ctx, w, e, session, id, p.Status); err != nil {
			return err
		}
	case booking.Cancelled:
		id = p.BookingID
		if err := w.Exec(ctx, `UPDATE session_participants SET status = 'cancelled', refund_percent = $3, changed_at = $4
			WHERE session_id = $1 AND booking_id = $2`, session, id, p.RefundPercent, e.RecordedAt); err != nil {
			return err
		}
	case booking.Removed:
		id = p.BookingID
		if err := setStatus(ctx, w, e, session, id, booking.StatusRemoved); err != nil {
			return err
		}
	case booking.MovedOut:
		id = p.BookingID
		if err := w.Exec(ctx, `UPDATE session_participants SET status = 'moved', moved_to = $3, changed_at = $4
			WHERE session_id = $1 AND booking_id = $2`, session, id, p.ToSession, e.RecordedAt); err != nil {
			return err
		}
	case booking.AttendanceMarked:
		id = p.BookingID
		if err := w.Exec(ctx, `UPDATE session_participants SET attendance = $3,
			checked_in_at = CASE WHEN $3 = 'present' THEN $4::timestamptz END, changed_at = $4
			WHERE session_id = $1 AND booking_id = $2`, session, id, p.Attendance, p.At); err != nil {
			return err
		}
	case booking.Notified:
		id = p.BookingID
	default:
		return nil
	}
	return w.Exec(ctx, `INSERT INTO booking_history (booking_id, version, session_id, application_id, event, actor_id, at, detail)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
		id, e.Version, session, e.Metadata.ApplicationID, historyEvent(e), e.Metadata.ActorID, e.RecordedAt, detailOf(e))
}

// historyEvent is the history's word for an event: "booking.booked.v2" is "booked",
// whatever its version (booking.booked.v1 reads as v2, decision 1711).
func historyEvent(e projections.Event) string {
	kind := strings.TrimPrefix(e.Type, "booking.")
	if i := strings.LastIndex(kind, ".v"); i >= 0 {
		kind = kind[:i]
	}
	return kind
}

// detailOf is what a booking's history keeps of an event.
func detailOf(e projections.Event) any {
	switch p := e.Payload.(type) {
	case booking.Booked:
		return map[string]any{"status": p.Status, "by_staff": p.ByStaff, "moved_from": p.MovedFrom}
	case booking.Promoted:
		return map[string]any{"status": p.Status}
	case booking.Cancelled:
		return map[string]any{"refund_percent": p.RefundPercent, "minutes_before": p.MinutesBefore, "by_staff": p.ByStaff}
	case booking.MovedOut:
		return map[string]any{"to_session": p.ToSession}
	case booking.AttendanceMarked:
		return map[string]any{"attendance": p.Attendance, "via": p.Via}
	case booking.Notified:
		return map[string]any{"reason": p.Reason}
	}
	return struct{}{}
}

func setStatus(ctx context.Context, w projections.Writer, e projections.Event, session, id, status string) error {
	return w.Exec(ctx, `UPDATE session_participants SET status = $3, changed_at = $4 WHERE session_id = $1 AND booking_id = $2`,
		session, id, status, e.RecordedAt)
}

func nonNil(a []booking.Answer) []booking.Answer {
	if a == nil {
		return []booking.Answer{}
	}
	return a
}
