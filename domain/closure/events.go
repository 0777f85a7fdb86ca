// Package closure is a planned closure of an organisation or of one of its locations:
// a date range (a holiday, a closed pool) in which every session is cancelled, its
// participants' bookings cancelled with a full refund and told by mail. A closure is an
// aggregate with its own stream, so it can be listed and audited: who closed what, when
// and why, and which sessions it took (docs/decisions/1660-closures.md).
package closure

import (
	"encoding/json"

	"move/domain"
	"move/domain/bounds"
)

// SessionRef names one session of a series.
type SessionRef struct {
	SeriesID  string `json:"series_id"`
	SessionID string `json:"session_id"`
}

// Planned: the closure was confirmed. Sessions are the sessions of the range it closes,
// fixed at this moment: a session added to the range later is not closed by it.
type Planned struct {
	ApplicationID  string       `json:"application_id"`
	OrganizationID string       `json:"organization_id"`
	LocationID     string       `json:"location_id,omitempty"`
	From           string       `json:"from"`  // first day, YYYY-MM-DD, in the application's zone
	Until          string       `json:"until"` // last day, inclusive
	Reason         string       `json:"reason"`
	Sessions       []SessionRef `json:"sessions"`
}

// SessionClosed: one session of the closure is cancelled, with the bookings it
// cancelled (spots and waiting list). Skipped, when set, says why the session was left
// as it was instead ("started": it began before its turn came).
//
// BundleBookings (v2) are the bookings of bundles that hold the session (the bundle's
// series is the session's) with a spot when it closed. They are kept: the bundle goes on
// without this session and nothing of it is refunded (decision 1711); their participants
// are told, each once (BundleHolderNotified; decision 1770). A v1 event reads as v2
// without them: closures before v2 told no bundle holder.
type SessionClosed struct {
	SeriesID       string       `json:"series_id"`
	SessionID      string       `json:"session_id"`
	Bookings       []string     `json:"bookings"`
	BundleBookings []BundleSeat `json:"bundle_bookings"`
	Skipped        string       `json:"skipped,omitempty"`
}

// BundleSeat is one booking of a bundle.
type BundleSeat struct {
	BundleID  string `json:"bundle_id"`
	BookingID string `json:"booking_id"`
}

// BundleHolderNotified: the participant of a bundle booking was told (by mail, through
// the mail port) that the closure took one session of their bundle. Recorded on the
// closure's stream, not the bundle's: the bundle is unchanged, and the closure knows
// which of its sessions' holders are told (decision 1770).
type BundleHolderNotified struct {
	SessionID string `json:"session_id"`
	BundleID  string `json:"bundle_id"`
	BookingID string `json:"booking_id"`
}

// BundleHolderSkipped: the participant of a bundle booking recorded with a closed
// session was not told, because the bundle booking no longer held a spot when its turn
// came (cancelled, or a held spot released): there is nothing of theirs left to close.
// It settles the holder's notice as BundleHolderNotified does (decision 1820).
type BundleHolderSkipped struct {
	SessionID string `json:"session_id"`
	BundleID  string `json:"bundle_id"`
	BookingID string `json:"booking_id"`
}

// SessionClosedV1 is closure.session_closed.v1: the same shape without the bundle
// bookings. It reads as v2 with none.
const SessionClosedV1 = "closure.session_closed.v1"

func (Planned) EventType() string       { return "closure.planned.v1" }
func (SessionClosed) EventType() string { return "closure.session_closed.v2" }
func (BundleHolderNotified) EventType() string {
	return "closure.bundle_holder_notified.v1"
}
func (BundleHolderSkipped) EventType() string { return "closure.bundle_holder_skipped.v1" }

// Register adds the closure events to a registry, with the repair of the dates
// (decision 1320).
func Register(r *domain.Registry) {
	r.Register(Planned{}, SessionClosed{}, BundleHolderNotified{}, BundleHolderSkipped{})
	r.RegisterUpcaster(SessionClosedV1, upcastSessionClosedV1)
	r.RegisterUpcaster(Planned{}.EventType(), domain.Repair(func(e *Planned) bool {
		mended := bounds.MendDate(&e.From)
		return bounds.MendDate(&e.Until) || mended
	}))
}

// EventTypes lists every closure event type.
func EventTypes() []string {
	return []string{Planned{}.EventType(), SessionClosedV1, SessionClosed{}.EventType(), BundleHolderNotified{}.EventType(),
		BundleHolderSkipped{}.EventType()}
}

// upcastSessionClosedV1 reads a v1 session_closed as v2 with no bundle bookings (an
// empty list, not null: the readers range over it).
func upcastSessionClosedV1(data json.RawMessage) (string, json.RawMessage, error) {
	var e SessionClosed
	if err := json.Unmarshal(data, &e); err != nil {
		return "", nil, err
	}
	if e.Bookings == nil {
		e.Bookings = []string{}
	}
	e.BundleBookings = []BundleSeat{}
	out, err := json.Marshal(e)
	return SessionClosed{}.EventType(), out, err
}

// StreamPrefix names every closure stream; the name is permanent.
const StreamPrefix = "closure-"

// Stream is the closure's event stream.
func Stream(id string) string { return StreamPrefix + id }
