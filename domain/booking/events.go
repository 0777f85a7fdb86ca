// Package booking is who takes part in a session: bookings, the waiting list and
// attendance. Every event of a session's bookings lands in the session's own stream
// (session-{id}, decision 0701), appended at the version that was read: capacity is
// decided there, so two bookings of the last spot cannot both succeed, and the waiting
// list is ordered by arrival in that stream (docs/decisions/0800-bookings.md).
//
// A booking's life: held (a payment step may sit here) → confirmed; or waitlisted →
// promoted (held or confirmed); then cancelled (with its refund percentage), removed by
// staff, or moved to another session; attendance is marked on a live booking.
package booking

import (
	"encoding/json"
	"time"

	"move/domain"
)

// Booking statuses.
const (
	StatusHeld       = "held"
	StatusConfirmed  = "confirmed"
	StatusWaitlisted = "waitlisted"
	StatusCancelled  = "cancelled"
	StatusRemoved    = "removed"
	StatusMoved      = "moved"
)

// Attendance values (spec §3); none is not marked yet.
const (
	AttendanceNone      = "none"
	AttendancePresent   = "present"
	AttendanceAbsent    = "absent"
	AttendanceSignedOut = "signed_out"
)

// Attendances are the values staff may mark.
var Attendances = []string{AttendanceNone, AttendancePresent, AttendanceAbsent, AttendanceSignedOut}

// Ways attendance is marked.
const (
	ViaStaff = "staff"
	ViaQR    = "qr"
	// ViaCode: staff typed the booking's short check-in code (decision 1620).
	ViaCode = "code"
)

// Participant is the person who takes part: personal data, sealed with the booking's
// own key (Booked.Subject) so one participant can be erased alone.
type Participant struct {
	FirstName   string `json:"first_name" personal:""`
	LastName    string `json:"last_name" personal:""`
	Email       string `json:"email" personal:""`
	DateOfBirth string `json:"date_of_birth,omitempty" personal:""` // YYYY-MM-DD
	Gender      string `json:"gender,omitempty" personal:""`
	Notes       string `json:"notes,omitempty" personal:""`
}

// Answer is one answer to one of the activity's questions; a multi_select question has
// one answer per chosen option. The value may say something about the person: sealed.
type Answer struct {
	QuestionID string `json:"question_id"`
	Value      string `json:"value" personal:""`
}

// Booked: a booking entered the session — a spot (held or confirmed) or the waiting
// list. MovedFrom names the session a moved booking came from.
type Booked struct {
	BookingID      string `json:"booking_id"`
	Subject        string `json:"subject" personal:"subject"`
	ApplicationID  string `json:"application_id"`
	OrganizationID string `json:"organization_id"`
	ActivityID     string `json:"activity_id"`
	SessionID      string `json:"session_id"`
	// CustomerID is the customer who booked; empty for a participant staff added.
	CustomerID  string      `json:"customer_id,omitempty"`
	Participant Participant `json:"participant"`
	Answers     []Answer    `json:"answers"`
	Status      string      `json:"status"` // held, confirmed or waitlisted
	ByStaff     bool        `json:"by_staff"`
	MovedFrom   string      `json:"moved_from,omitempty"`
	// Language is the language the customer booked in ("nl", "en"; empty for a participant
	// staff added, and in v1): their mails are written in it (decision 1711).
	Language string `json:"language,omitempty"`
}

// Confirmed: a held spot is the participant's (paid, or nothing to pay).
type Confirmed struct {
	BookingID string `json:"booking_id"`
}

// Promoted: the first of the waiting list got a spot that freed.
type Promoted struct {
	BookingID string `json:"booking_id"`
	Status    string `json:"status"` // held or confirmed
}

// Cancelled: the participant (or staff for them) cancelled. RefundPercent is the
// cancellation term's percentage at the moment of cancelling, for the orders to pay back.
type Cancelled struct {
	BookingID     string    `json:"booking_id"`
	FromStatus    string    `json:"from_status"` // held, confirmed or waitlisted
	RefundPercent int       `json:"refund_percent"`
	MinutesBefore int       `json:"minutes_before"`
	ByStaff       bool      `json:"by_staff"`
	At            time.Time `json:"at"`
}

// Removed: staff took the participant off the session.
type Removed struct {
	BookingID  string `json:"booking_id"`
	FromStatus string `json:"from_status"`
}

// MovedOut: staff moved the booking to another session (where it is Booked with MovedFrom).
type MovedOut struct {
	BookingID  string `json:"booking_id"`
	FromStatus string `json:"from_status"`
	ToSession  string `json:"to_session"`
}

// Notified: the participant was told of their promotion (by mail, through the mail
// port); the waitlist process does not tell them again.
type Notified struct {
	BookingID string `json:"booking_id"`
	Reason    string `json:"reason"` // promoted, or closed (a closure cancelled the session)
}

// Reasons of Notified.
const (
	NotifiedPromoted = "promoted"
	NotifiedClosed   = "closed"
)

// AttendanceMarked: staff marked attendance, or a QR code was scanned at the door.
type AttendanceMarked struct {
	BookingID  string    `json:"booking_id"`
	Attendance string    `json:"attendance"`
	Via        string    `json:"via"`
	At         time.Time `json:"at"`
}

func (Booked) EventType() string           { return "booking.booked.v2" }
func (Confirmed) EventType() string        { return "booking.confirmed.v1" }
func (Promoted) EventType() string         { return "booking.promoted.v1" }
func (Cancelled) EventType() string        { return "booking.cancelled.v1" }
func (Removed) EventType() string          { return "booking.removed.v1" }
func (MovedOut) EventType() string         { return "booking.moved_out.v1" }
func (AttendanceMarked) EventType() string { return "booking.attendance_marked.v1" }
func (Notified) EventType() string         { return "booking.notified.v1" }

// BookedV1 is booking.booked.v1: the same shape without the booker's language. It reads
// as v2 with no language, so its participant is written to in Dutch (decision 1711).
const BookedV1 = "booking.booked.v1"

// Register adds the booking events to a registry.
func Register(r *domain.Registry) {
	r.Register(Booked{}, Confirmed{}, Promoted{}, Cancelled{}, Removed{}, MovedOut{}, AttendanceMarked{}, Notified{})
	r.RegisterUpcaster(BookedV1, func(data json.RawMessage) (string, json.RawMessage, error) {
		return Booked{}.EventType(), data, nil
	})
}

// EventTypes lists every booking event type.
func EventTypes() []string {
	return []string{BookedV1, Booked{}.EventType(), Confirmed{}.EventType(), Promoted{}.EventType(), Cancelled{}.EventType(),
		Removed{}.EventType(), MovedOut{}.EventType(), AttendanceMarked{}.EventType(), Notified{}.EventType()}
}

// StreamPrefix names a session's stream (the same as series.SessionStreamPrefix: the
// session's bookings are its stream's only events).
const StreamPrefix = "session-"

// Stream is the stream of a session's bookings.
func Stream(sessionID string) string { return StreamPrefix + sessionID }

// Subject is the personal-data subject of one booking's participant.
func Subject(bookingID string) string { return "booking-" + bookingID }
