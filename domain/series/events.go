// Package series is an activity's sessions: one aggregate per series with its
// repetition rule, the defaults of its sessions (times, spots, subscribe window) and its
// exceptions (one occurrence changed or cancelled). A single session is a series without
// repetition. The rule lives in the application's time zone; instants are derived.
// "This and all later" ends a series at an occurrence and starts a new one; the past is
// never rewritten (docs/decisions/0700-session-series.md).
package series

import (
	"github.com/google/uuid"

	"move/domain"
	"move/domain/bounds"
)

// Created: a new series of an activity, in the time zone its rule lives in. Previous
// names the series it continues after a "this and all later" change.
type Created struct {
	ApplicationID  string   `json:"application_id"`
	OrganizationID string   `json:"organization_id"`
	ActivityID     string   `json:"activity_id"`
	TimeZone       string   `json:"time_zone"`
	Schedule       Schedule `json:"schedule"`
	Previous       string   `json:"previous,omitempty"`
}

// OccurrenceChanged: one occurrence (named by its rule date) takes other values.
type OccurrenceChanged struct {
	Occurrence string  `json:"occurrence"`
	Session    Session `json:"session"`
}

// OccurrenceCancelled: one occurrence no longer takes place.
type OccurrenceCancelled struct {
	Occurrence string `json:"occurrence"`
}

// Ended: the series has no occurrences from From (a rule date) on; Next, when set, is
// the series that takes over.
type Ended struct {
	From string `json:"from"`
	Next string `json:"next,omitempty"`
}

func (Created) EventType() string             { return "series.created.v1" }
func (OccurrenceChanged) EventType() string   { return "series.occurrence_changed.v1" }
func (OccurrenceCancelled) EventType() string { return "series.occurrence_cancelled.v1" }
func (Ended) EventType() string               { return "series.ended.v1" }

// Register adds the series events to a registry, with the repairs of events accepted
// before the calendar window (decision 1320): a date before 1900 (year 0, which no read
// model holds) is read as 1 January 1900 — a session in the past, shown but never
// bookable or changeable, that an operator recognises as a placeholder.
func Register(r *domain.Registry) {
	r.Register(Created{}, OccurrenceChanged{}, OccurrenceCancelled{}, Ended{})
	r.RegisterUpcaster(Created{}.EventType(), domain.Repair(func(e *Created) bool {
		mended := mendSession(&e.Schedule.Session)
		if e.Schedule.Repetition != nil {
			mended = bounds.MendDate(&e.Schedule.Repetition.Until) || mended
		}
		return mended
	}))
	r.RegisterUpcaster(OccurrenceChanged{}.EventType(), domain.Repair(func(e *OccurrenceChanged) bool {
		mended := bounds.MendDate(&e.Occurrence)
		return mendSession(&e.Session) || mended
	}))
	r.RegisterUpcaster(OccurrenceCancelled{}.EventType(), domain.Repair(func(e *OccurrenceCancelled) bool {
		return bounds.MendDate(&e.Occurrence)
	}))
	r.RegisterUpcaster(Ended{}.EventType(), domain.Repair(func(e *Ended) bool { return bounds.MendDate(&e.From) }))
}

// mendSession mends a session's date and subscribe instants.
func mendSession(s *Session) bool {
	mended := bounds.MendDate(&s.Date)
	mended = bounds.MendInstant(s.SubscribeFrom.At) || mended
	return bounds.MendInstant(s.SubscribeUntil.At) || mended
}

// EventTypes lists every series event type.
func EventTypes() []string {
	return []string{Created{}.EventType(), OccurrenceChanged{}.EventType(), OccurrenceCancelled{}.EventType(), Ended{}.EventType()}
}

// StreamPrefix names every series stream; the name is permanent.
const StreamPrefix = "series-"

// Stream is the series' event stream.
func Stream(id string) string { return StreamPrefix + id }

// SessionStreamPrefix names the streams of single sessions: bookings of a session are
// appended there at its version, so they never contend with another session's or with
// the series' own stream.
const SessionStreamPrefix = "session-"

// SessionStream is a session's own stream.
func SessionStream(sessionID string) string { return SessionStreamPrefix + sessionID }

// SessionID is the permanent identity of a series' occurrence: derived from the series
// and the occurrence's rule date, so the projection, the API and a booking agree on it
// without storing a table of ids in the stream.
func SessionID(seriesID, occurrence string) string {
	return uuid.NewSHA1(uuid.MustParse(seriesID), []byte(occurrence)).String()
}
