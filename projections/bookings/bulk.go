package bookings

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain/booking"
	"move/personal"
	"move/projections"
)

// ApplyBulk applies a rebuild's batch (decision 1730). A participant booked in the batch
// is decided in memory across all its events of the batch and copied once with its
// history; the events of a participant booked in an earlier batch, or booked twice in
// the batch (moved back), go through Apply's statements, in order. Participants share no
// rows, so the copies and the statements may go in either order. A batch with an
// erasure (which blanks a booking in every session) goes through the statements whole.
func (p projector) ApplyBulk(ctx context.Context, tx pgx.Tx, w projections.Writer, events []projections.Event) error {
	for _, e := range events {
		if _, erased := e.Payload.(personal.Erased); erased {
			for _, e := range events {
				if err := p.Apply(ctx, w, e); err != nil {
					return err
				}
			}
			return nil
		}
	}
	type key struct{ session, booking string }
	byKey := map[key][]projections.Event{}
	var keys []key
	for _, e := range events {
		id := bookingOf(e)
		if id == "" {
			continue // Apply writes nothing for it
		}
		k := key{strings.TrimPrefix(e.Stream, booking.StreamPrefix), id}
		if _, seen := byKey[k]; !seen {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], e)
	}
	var participants, history [][]any
	for _, k := range keys {
		row, rows, ok := fold(k.session, byKey[k])
		if !ok {
			for _, e := range byKey[k] {
				if err := p.Apply(ctx, w, e); err != nil {
					return err
				}
			}
			continue
		}
		participants = append(participants, row)
		history = append(history, rows...)
	}
	if len(participants) == 0 {
		return nil
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{Participants}, []string{"session_id", "booking_id", "application_id", "organization_id",
		"activity_id", "customer_id", "first_name", "last_name", "email", "date_of_birth", "gender", "notes", "answers", "status", "arrival",
		"by_staff", "moved_from", "moved_to", "attendance", "checked_in_at", "refund_percent", "booked_at", "changed_at"},
		pgx.CopyFromRows(participants)); err != nil {
		return err
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{History}, []string{"booking_id", "version", "session_id", "application_id", "event", "actor_id",
		"at", "detail"}, pgx.CopyFromRows(history))
	return err
}

// bookingOf answers the booking an event of a session's stream is about, "" for an
// event Apply writes nothing for.
func bookingOf(e projections.Event) string {
	switch p := e.Payload.(type) {
	case booking.Booked:
		return p.BookingID
	case booking.Confirmed:
		return p.BookingID
	case booking.Promoted:
		return p.BookingID
	case booking.Cancelled:
		return p.BookingID
	case booking.Removed:
		return p.BookingID
	case booking.MovedOut:
		return p.BookingID
	case booking.AttendanceMarked:
		return p.BookingID
	case booking.Notified:
		return p.BookingID
	}
	return ""
}

// fold decides a participant booked by the first of events in memory, as Apply's
// statements would leave its row, and its history rows; false when the first event is
// not its booking or it is booked again.
func fold(session string, events []projections.Event) ([]any, [][]any, bool) {
	booked, ok := events[0].Payload.(booking.Booked)
	if !ok {
		return nil, nil, false
	}
	sessionID, err := projections.CopyUUID(session)
	if err != nil {
		return nil, nil, false
	}
	bookingID, err := projections.CopyUUID(booked.BookingID)
	if err != nil {
		return nil, nil, false
	}
	ids := map[string]*[16]byte{}
	for name, s := range map[string]string{"application": booked.ApplicationID, "organization": booked.OrganizationID,
		"activity": booked.ActivityID, "customer": booked.CustomerID, "moved_from": booked.MovedFrom} {
		if s == "" {
			continue
		}
		u, err := projections.CopyUUID(s)
		if err != nil {
			return nil, nil, false
		}
		ids[name] = &u
	}
	if ids["application"] == nil || ids["organization"] == nil || ids["activity"] == nil {
		return nil, nil, false
	}
	answers, err := json.Marshal(nonNil(booked.Answers))
	if err != nil {
		return nil, nil, false
	}
	status, attendance := booked.Status, "none"
	var movedTo *[16]byte
	var checkedIn *time.Time
	var refundPercent *int
	changed := events[0].RecordedAt
	var history [][]any
	for i, e := range events {
		switch p := e.Payload.(type) {
		case booking.Booked:
			if i > 0 {
				return nil, nil, false
			}
		case booking.Confirmed:
			status, changed = booking.StatusConfirmed, e.RecordedAt
		case booking.Promoted:
			status, changed = p.Status, e.RecordedAt
		case booking.Cancelled:
			percent := p.RefundPercent
			status, refundPercent, changed = "cancelled", &percent, e.RecordedAt
		case booking.Removed:
			status, changed = booking.StatusRemoved, e.RecordedAt
		case booking.MovedOut:
			to, err := projections.CopyUUID(p.ToSession)
			if err != nil {
				return nil, nil, false
			}
			status, movedTo, changed = "moved", &to, e.RecordedAt
		case booking.AttendanceMarked:
			attendance, checkedIn, changed = p.Attendance, nil, p.At
			if p.Attendance == "present" {
				at := p.At
				checkedIn = &at
			}
		}
		app, err := projections.CopyUUID(e.Metadata.ApplicationID)
		if err != nil {
			return nil, nil, false
		}
		detail, err := json.Marshal(detailOf(e))
		if err != nil {
			return nil, nil, false
		}
		history = append(history, []any{bookingID, int64(e.Version), sessionID, app, historyEvent(e), e.Metadata.ActorID, e.RecordedAt, detail})
	}
	pp := booked.Participant
	row := []any{sessionID, bookingID, ids["application"], ids["organization"], ids["activity"], ids["customer"], pp.FirstName, pp.LastName,
		pp.Email, pp.DateOfBirth, pp.Gender, pp.Notes, answers, status, int64(events[0].Version), booked.ByStaff, ids["moved_from"], movedTo,
		attendance, checkedIn, refundPercent, events[0].RecordedAt, changed}
	return row, history, true
}
