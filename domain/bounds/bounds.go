// Package bounds is the one place where the dates and instants a command accepts are
// bounded to what every read model and every outside format can hold (decision 1320):
// Postgres has no year 0, an xlsx cell no date before 1900, a SEPA file no date past
// 9999. Numbers keep their bounds beside their concept (series.MaxSpots,
// rate.MaxPriceCents, wallet.MaxValueMoves, …); the decision lists each with the
// column it must fit.
//
// A refusal is a domain.ValidationError naming the field with "validation.between"
// and the window's ends as dates, so every language says which dates are allowed.
package bounds

import (
	"time"

	"move/domain"
)

// The calendar window: what the offer is planned in (sessions, series and their
// exceptions, bundles, subscribe windows), when notifications are sent, when coupons
// expire. It moves with the clock: a club plans a few
// years ahead and looks back over a few, never into year 0 or 9999.
const (
	YearsBack  = 5
	YearsAhead = 10
)

// Earliest is the first date any stored value may be: a date of birth is not before
// it, and the repair upcasters move an unstorable date of an old event to it. It is
// also the first date an xlsx cell holds.
var Earliest = time.Date(1900, time.January, 1, 0, 0, 0, 0, time.UTC)

// Window is the calendar window at now: its first and last day, as UTC midnights.
func Window(now time.Time) (first, last time.Time) {
	today := day(now)
	return today.AddDate(-YearsBack, 0, 0), today.AddDate(YearsAhead, 0, 0)
}

// Date records under field a day outside the calendar window at now.
func Date(v *domain.ValidationError, field string, d, now time.Time) {
	first, last := Window(now)
	between(v, field, day(d), first, last)
}

// Instant records under field an instant outside the calendar window at now (its
// first day's start to its last day's end, in UTC).
func Instant(v *domain.ValidationError, field string, t, now time.Time) {
	first, last := Window(now)
	if t.Before(first) || !t.Before(last.AddDate(0, 0, 1)) {
		add(v, field, first, last)
	}
}

// BirthDate records under field a date of birth before Earliest or after today (today
// anywhere on earth: a day ahead of UTC at most).
func BirthDate(v *domain.ValidationError, field string, d, now time.Time) {
	between(v, field, day(d), Earliest, day(now).AddDate(0, 0, 1))
}

// MendDate is the repairs' rule for a stored "YYYY-MM-DD" (decision 1320): a date
// before Earliest (year 0, which no read model holds) becomes Earliest. It answers
// whether it changed the date; any other text is left as it is.
func MendDate(s *string) bool {
	d, err := time.Parse(time.DateOnly, *s)
	if err != nil || !d.Before(Earliest) {
		return false
	}
	*s = Earliest.Format(time.DateOnly)
	return true
}

// MendInstant is MendDate for an instant (nil is left alone).
func MendInstant(t *time.Time) bool {
	if t == nil || !t.Before(Earliest) {
		return false
	}
	*t = Earliest
	return true
}

func between(v *domain.ValidationError, field string, d, first, last time.Time) {
	if d.Before(first) || d.After(last) {
		add(v, field, first, last)
	}
}

func add(v *domain.ValidationError, field string, first, last time.Time) {
	v.Add(field, "validation.between", map[string]any{"min": first.Format(time.DateOnly), "max": last.Format(time.DateOnly)})
}

func day(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}
