// Package closure is a planned closure of an organisation or of one of its locations:
// a date range (a holiday, a closed pool) in which every session is cancelled, its
// participants' bookings cancelled with a full refund and told by mail. A closure is an
// aggregate with its own stream, so it can be listed and audited: who closed what, when
// and why, and which sessions it took (docs/decisions/1660-closures.md).
package closure

import (
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
type SessionClosed struct {
	SeriesID  string   `json:"series_id"`
	SessionID string   `json:"session_id"`
	Bookings  []string `json:"bookings"`
	Skipped   string   `json:"skipped,omitempty"`
}

func (Planned) EventType() string       { return "closure.planned.v1" }
func (SessionClosed) EventType() string { return "closure.session_closed.v1" }

// Register adds the closure events to a registry, with the repair of the dates
// (decision 1320).
func Register(r *domain.Registry) {
	r.Register(Planned{}, SessionClosed{})
	r.RegisterUpcaster(Planned{}.EventType(), domain.Repair(func(e *Planned) bool {
		mended := bounds.MendDate(&e.From)
		return bounds.MendDate(&e.Until) || mended
	}))
}

// EventTypes lists every closure event type.
func EventTypes() []string {
	return []string{Planned{}.EventType(), SessionClosed{}.EventType()}
}

// StreamPrefix names every closure stream; the name is permanent.
const StreamPrefix = "closure-"

// Stream is the closure's event stream.
func Stream(id string) string { return StreamPrefix + id }
