// Package bundle is a bundle of sessions sold as one (spec §3 Bundle: rate, spots,
// sessions, start date, price): its definition and its bookings share the bundle's
// stream (bundle-{id}), so capacity is decided at the version read, like a session's
// (decision 0800), and a bundle is never over-used. Its participants take part in every
// session of the bundle's series; attendance is per session
// (docs/decisions/0810-bundles.md).
package bundle

import (
	"encoding/json"
	"time"

	"move/domain"
	"move/domain/booking"
	"move/domain/bounds"
)

// Fields are what the bundle form edits. PriceCents includes VAT; StartDate is the
// local date (YYYY-MM-DD) the bundle starts, after which it takes no customers.
type Fields struct {
	Name       string  `json:"name"`
	RateID     *string `json:"rate_id,omitempty"`
	Spots      int     `json:"spots"`
	StartDate  string  `json:"start_date"`
	PriceCents int64   `json:"price_cents"`
}

// Created: a new bundle of a bundle activity.
type Created struct {
	ApplicationID  string `json:"application_id"`
	OrganizationID string `json:"organization_id"`
	ActivityID     string `json:"activity_id"`
	Fields
}

// Changed: the bundle's fields, whole.
type Changed struct{ Fields }

// Deleted: the bundle is gone; its bookings are not touched (as sessions, spec §4).
type Deleted struct{}

// SeriesAdded: a series of sessions of the bundle's activity is part of the bundle
// (appended with the series' creation, at once).
type SeriesAdded struct {
	SeriesID string `json:"series_id"`
}

// Booked: a booking of the bundle — a spot (held or confirmed) or its waiting list.
// Participant and answers are sealed with the booking's own subject (decision 0510).
type Booked struct {
	BookingID      string              `json:"booking_id"`
	Subject        string              `json:"subject" personal:"subject"`
	ApplicationID  string              `json:"application_id"`
	OrganizationID string              `json:"organization_id"`
	ActivityID     string              `json:"activity_id"`
	CustomerID     string              `json:"customer_id,omitempty"`
	Participant    booking.Participant `json:"participant"`
	Answers        []booking.Answer    `json:"answers"`
	Status         string              `json:"status"` // held, confirmed or waitlisted
	ByStaff        bool                `json:"by_staff"`
	// Language is the language the customer booked in ("nl", "en"; empty for a participant
	// staff added by hand): their mails' (v2, as booking.booked.v2; decisions 1711, 1770).
	Language string `json:"language,omitempty"`
}

// BookedV1 is bundle.booked.v1: the same shape without the booker's language. It reads
// as v2 with no language, so its participant is written to in Dutch.
const BookedV1 = "bundle.booked.v1"

// BookingCancelled: the participant (or staff for them) cancelled the bundle booking.
type BookingCancelled struct {
	BookingID  string    `json:"booking_id"`
	FromStatus string    `json:"from_status"`
	ByStaff    bool      `json:"by_staff"`
	At         time.Time `json:"at"`
}

// Promoted: the first of the bundle's waiting list got the spot that freed; appended
// with the cancellation that freed it, so a promotion cannot be lost in a crash.
type Promoted struct {
	BookingID string `json:"booking_id"`
	Status    string `json:"status"` // held or confirmed
}

// BookingConfirmed: a held bundle spot became the participant's: its order was paid
// (decision 0908).
type BookingConfirmed struct {
	BookingID string `json:"booking_id"`
}

// CheckedIn: a bundle participant's QR code was scanned at one of the bundle's sessions.
type CheckedIn struct {
	BookingID string    `json:"booking_id"`
	SessionID string    `json:"session_id"`
	At        time.Time `json:"at"`
}

// Notified: the promoted participant was told of their spot (by mail, through the mail
// port); the waitlist process does not tell them again (as booking.notified.v1).
type Notified struct {
	BookingID string `json:"booking_id"`
	Reason    string `json:"reason"` // promoted
}

func (Created) EventType() string          { return "bundle.created.v1" }
func (Changed) EventType() string          { return "bundle.changed.v1" }
func (Deleted) EventType() string          { return "bundle.deleted.v1" }
func (SeriesAdded) EventType() string      { return "bundle.series_added.v1" }
func (Booked) EventType() string           { return "bundle.booked.v2" }
func (BookingCancelled) EventType() string { return "bundle.booking_cancelled.v1" }
func (Promoted) EventType() string         { return "bundle.promoted.v1" }
func (CheckedIn) EventType() string        { return "bundle.checked_in.v1" }
func (BookingConfirmed) EventType() string { return "bundle.booking_confirmed.v1" }
func (Notified) EventType() string         { return "bundle.notified.v1" }

// Register adds the bundle events to a registry, with the repairs of a start date no
// read model holds (year 0), read as 1 January 1900 (decision 1320; as a session's).
func Register(r *domain.Registry) {
	r.Register(Created{}, Changed{}, Deleted{}, SeriesAdded{}, Booked{}, BookingCancelled{}, Promoted{}, CheckedIn{}, BookingConfirmed{}, Notified{})
	r.RegisterUpcaster(Created{}.EventType(), domain.Repair(func(e *Created) bool { return bounds.MendDate(&e.StartDate) }))
	r.RegisterUpcaster(BookedV1, func(data json.RawMessage) (string, json.RawMessage, error) {
		return Booked{}.EventType(), data, nil
	})
	r.RegisterUpcaster(Changed{}.EventType(), domain.Repair(func(e *Changed) bool { return bounds.MendDate(&e.StartDate) }))
}

// EventTypes lists every bundle event type.
func EventTypes() []string {
	return []string{Created{}.EventType(), Changed{}.EventType(), Deleted{}.EventType(), SeriesAdded{}.EventType(),
		BookedV1, Booked{}.EventType(), BookingCancelled{}.EventType(), Promoted{}.EventType(), CheckedIn{}.EventType(), BookingConfirmed{}.EventType(),
		Notified{}.EventType()}
}

// StreamPrefix names a bundle's stream; permanent.
const StreamPrefix = "bundle-"

// Stream is the stream of a bundle: its definition and its bookings.
func Stream(id string) string { return StreamPrefix + id }
