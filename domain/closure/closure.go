package closure

import (
	"strings"
	"time"
	"unicode/utf8"

	"move/domain"
	"move/domain/bounds"
)

// Bounds of a closure: its range is at most MaxDays days long (a summer closes for
// weeks, not for years: a longer range is a mistake, and its preview would be huge),
// its reason at most MaxReason characters, and it closes at most MaxSessions sessions.
const (
	MaxDays     = 366
	MaxReason   = 200
	MaxSessions = 5000
)

// Skip reasons of SessionClosed: the session began before its turn came, or it was
// deleted meanwhile.
const (
	SkippedStarted = "started"
	SkippedGone    = "gone"
)

// Closure is one planned closure and how far it got.
type Closure struct {
	ID     string
	Exists bool
	Planned
	// Closed are the sessions done (closed or skipped), by session id.
	Closed map[string]bool
	// The outcome so far: sessions closed, sessions skipped, bookings cancelled, bundle
	// bookings that held a closed session (kept, decision 1711).
	ClosedCount, SkippedCount, BookingCount, BundleBookingCount int
	// BundleSeats are the bundle bookings of each closed session; Told the ones whose
	// participant was told or skipped (settled: never told later), by toldKey.
	BundleSeats map[string][]BundleSeat
	Told        map[string]bool
}

func toldKey(sessionID, bookingID string) string { return sessionID + "/" + bookingID }

// New is the closure with id, before its events are applied.
func New(id string) *Closure {
	return &Closure{ID: id, Closed: map[string]bool{}, BundleSeats: map[string][]BundleSeat{}, Told: map[string]bool{}}
}

// Apply implements domain.Aggregate.
func (c *Closure) Apply(e domain.Event) {
	switch e := e.(type) {
	case Planned:
		c.Exists, c.Planned = true, e
	case SessionClosed:
		c.Closed[e.SessionID] = true
		if e.Skipped != "" {
			c.SkippedCount++
		} else {
			c.ClosedCount++
		}
		c.BookingCount += len(e.Bookings)
		c.BundleBookingCount += len(e.BundleBookings)
		c.BundleSeats[e.SessionID] = e.BundleBookings
	case BundleHolderNotified:
		c.Told[toldKey(e.SessionID, e.BookingID)] = true
	case BundleHolderSkipped:
		c.Told[toldKey(e.SessionID, e.BookingID)] = true
	}
}

// VisibleIn tells whether the closure exists in the application.
func (c *Closure) VisibleIn(applicationID string) bool {
	return c.Exists && c.ApplicationID == applicationID
}

// Open answers the closure's sessions not yet done, in their order.
func (c *Closure) Open() []SessionRef {
	var out []SessionRef
	for _, s := range c.Sessions {
		if !c.Closed[s.SessionID] {
			out = append(out, s)
		}
	}
	return out
}

// Range is a closure's days and reason as asked for.
type Range struct {
	From, Until, Reason string
}

// Clean validates a range at now in the application's zone loc, each failure under its
// field: both days are dates within the calendar window (package bounds), the last is
// not before the first nor before today, the range is at most MaxDays days, and the
// reason is given and at most MaxReason characters.
func Clean(in Range, loc *time.Location, now time.Time) (Range, error) {
	var v domain.ValidationError
	in.From, in.Until, in.Reason = strings.TrimSpace(in.From), strings.TrimSpace(in.Until), strings.TrimSpace(in.Reason)
	from, errFrom := time.Parse(time.DateOnly, in.From)
	until, errUntil := time.Parse(time.DateOnly, in.Until)
	if errFrom != nil {
		v.Add("from", "validation.date", nil)
	} else {
		bounds.Date(&v, "from", from, now)
	}
	if errUntil != nil {
		v.Add("until", "validation.date", nil)
	} else {
		bounds.Date(&v, "until", until, now)
	}
	if errFrom == nil && errUntil == nil && len(v.Fields) == 0 {
		today, _ := time.Parse(time.DateOnly, now.In(loc).Format(time.DateOnly))
		switch {
		case until.Before(from):
			v.Add("until", "closure.until_before_from", nil)
		case until.Before(today):
			v.Add("until", "closure.in_past", nil)
		case until.Sub(from) >= MaxDays*24*time.Hour:
			v.Add("until", "closure.too_long", map[string]any{"max": MaxDays})
		}
	}
	switch n := utf8.RuneCountInString(in.Reason); {
	case n == 0:
		v.Add("reason", "validation.required", nil)
	case n > MaxReason:
		v.Add("reason", "validation.max_length", map[string]any{"max": MaxReason})
	}
	return in, v.OrNil()
}

// Plan decides a new closure of the range in (cleaned by Clean) for the organisation
// (and location, when set) with the sessions found in it. A closure plans once: its id
// derives from the command, so a retry finds it planned and decides nothing.
func (c *Closure) Plan(applicationID, organizationID, locationID string, in Range, sessions []SessionRef) ([]domain.Event, error) {
	if c.Exists {
		return nil, nil
	}
	if len(sessions) > MaxSessions {
		var v domain.ValidationError
		v.Add("until", "closure.too_many_sessions", map[string]any{"max": MaxSessions})
		return nil, v.OrNil()
	}
	if sessions == nil {
		sessions = []SessionRef{}
	}
	return []domain.Event{Planned{ApplicationID: applicationID, OrganizationID: organizationID, LocationID: locationID,
		From: in.From, Until: in.Until, Reason: in.Reason, Sessions: sessions}}, nil
}

// CloseSession decides that one of the closure's sessions is done: closed with the
// bookings it cancelled and the bundle bookings that held it, or skipped with why.
// Nothing for a session done already or not the closure's.
func (c *Closure) CloseSession(ref SessionRef, bookings []string, bundles []BundleSeat, skipped string) []domain.Event {
	if !c.Exists || c.Closed[ref.SessionID] || !c.holds(ref.SessionID) {
		return nil
	}
	if bookings == nil {
		bookings = []string{}
	}
	if bundles == nil {
		bundles = []BundleSeat{}
	}
	return []domain.Event{SessionClosed{SeriesID: ref.SeriesID, SessionID: ref.SessionID, Bookings: bookings, BundleBookings: bundles, Skipped: skipped}}
}

// NotifyBundleHolder decides that the participant of a bundle booking that held one of
// the closure's closed sessions was told. Nothing when they were (or were skipped), or
// when the booking is not one the closure recorded for that session: a holder is told
// once per session.
func (c *Closure) NotifyBundleHolder(sessionID, bookingID string) []domain.Event {
	seat, pending := c.PendingBundleSeat(sessionID, bookingID)
	if !pending {
		return nil
	}
	return []domain.Event{BundleHolderNotified{SessionID: sessionID, BundleID: seat.BundleID, BookingID: bookingID}}
}

// SkipBundleHolder decides that the participant of a recorded bundle booking is not
// told, their bundle booking having ended before their turn: nothing when the notice
// is settled already or not the closure's (decision 1820).
func (c *Closure) SkipBundleHolder(sessionID, bookingID string) []domain.Event {
	seat, pending := c.PendingBundleSeat(sessionID, bookingID)
	if !pending {
		return nil
	}
	return []domain.Event{BundleHolderSkipped{SessionID: sessionID, BundleID: seat.BundleID, BookingID: bookingID}}
}

// PendingBundleSeat answers the bundle booking the closure recorded with a closed
// session whose participant is neither told nor skipped yet.
func (c *Closure) PendingBundleSeat(sessionID, bookingID string) (BundleSeat, bool) {
	if !c.Exists || c.Told[toldKey(sessionID, bookingID)] {
		return BundleSeat{}, false
	}
	for _, seat := range c.BundleSeats[sessionID] {
		if seat.BookingID == bookingID {
			return seat, true
		}
	}
	return BundleSeat{}, false
}

func (c *Closure) holds(sessionID string) bool {
	for _, s := range c.Sessions {
		if s.SessionID == sessionID {
			return true
		}
	}
	return false
}

// InRange tells whether a session's local date (YYYY-MM-DD) is in the closure's days.
func (c *Closure) InRange(date string) bool {
	return date >= c.From && date <= c.Until
}
