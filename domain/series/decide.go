package series

import (
	"regexp"
	"slices"
	"strings"
	"time"

	"move/domain"
	"move/domain/bounds"
)

var timePattern = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

// CleanSession validates one session's values at now, each failure under its field:
// its date and subscribe instants within the calendar window (package bounds).
func CleanSession(s Session, now time.Time, v *domain.ValidationError) Session {
	s.Date, s.StartTime, s.EndTime = strings.TrimSpace(s.Date), strings.TrimSpace(s.StartTime), strings.TrimSpace(s.EndTime)
	if d, err := time.Parse(time.DateOnly, s.Date); err != nil {
		v.Add("date", "validation.date", nil)
	} else {
		bounds.Date(v, "date", d, now)
	}
	cleanBound(s.SubscribeFrom, "subscribe_from", now, v)
	cleanBound(s.SubscribeUntil, "subscribe_until", now, v)
	startOK, endOK := timePattern.MatchString(s.StartTime), timePattern.MatchString(s.EndTime)
	if !startOK {
		v.Add("start_time", "validation.time", nil)
	}
	if !endOK {
		v.Add("end_time", "validation.time", nil)
	}
	if startOK && endOK && s.EndTime <= s.StartTime {
		v.Add("end_time", "session.end_before_start", nil)
	}
	if s.Spots < 1 || s.Spots > MaxSpots {
		v.Add("spots", "session.spots", map[string]any{"max": MaxSpots})
	}
	return s
}

// cleanBound refuses a subscribe bound the read models cannot hold: an instant outside
// the calendar window, minutes outside 0 to MaxMinutesBefore.
func cleanBound(b Bound, field string, now time.Time, v *domain.ValidationError) {
	if b.At != nil {
		bounds.Instant(v, field, *b.At, now)
	}
	if b.MinutesBefore != nil && (*b.MinutesBefore < 0 || *b.MinutesBefore > MaxMinutesBefore) {
		v.Add(field, "validation.between", map[string]any{"min": 0, "max": MaxMinutesBefore})
	}
}

// checkWindow refuses a subscribe window whose start is not before its end (spec §5).
func checkWindow(s Session, start time.Time, v *domain.ValidationError) {
	from, okFrom := s.SubscribeFrom.instant(start)
	until, okUntil := s.SubscribeUntil.instant(start)
	if okFrom && okUntil && !from.Before(until) {
		v.Add("subscribe_from", "session.subscribe_order", nil)
	}
}

// CleanRepetition validates a rule against its first date (spec §5), each failure with
// its own message. No type is no repetition.
func CleanRepetition(r *Repetition, first string, v *domain.ValidationError) *Repetition {
	if r == nil || strings.TrimSpace(r.Type) == "" {
		return nil
	}
	c := Repetition{Type: strings.TrimSpace(r.Type), Every: r.Every, Until: strings.TrimSpace(r.Until)}
	if c.Type != Weeks && c.Type != Months && c.Type != Years {
		v.Add("repetition.type", "repetition.type", nil)
	}
	if c.Every < 1 || c.Every > MaxEvery {
		v.Add("repetition.every", "repetition.every", map[string]any{"max": MaxEvery})
	}
	if c.Type == Weeks {
		for _, d := range Days { // Monday first, each once
			if slices.ContainsFunc(r.Days, func(x string) bool { return strings.EqualFold(strings.TrimSpace(x), d) }) {
				c.Days = append(c.Days, d)
			}
		}
		for _, d := range r.Days {
			if !slices.Contains(Days, strings.ToLower(strings.TrimSpace(d))) {
				v.Add("repetition.days", "repetition.day", map[string]any{"day": d})
			}
		}
		if len(r.Days) == 0 {
			v.Add("repetition.days", "repetition.days_required", nil)
		}
	}
	until, err := time.Parse(time.DateOnly, c.Until)
	start, startErr := time.Parse(time.DateOnly, first)
	switch {
	case c.Until == "":
		v.Add("repetition.until", "repetition.until_required", nil)
	case err != nil:
		v.Add("repetition.until", "validation.date", nil)
	case startErr != nil:
	case until.Before(start):
		v.Add("repetition.until", "repetition.until_before_date", nil)
	case until.After(start.AddDate(MaxYears, 0, 0)):
		v.Add("repetition.until", "repetition.until_too_far", map[string]any{"years": MaxYears})
	}
	return &c
}

// CleanSchedule validates a schedule: its first session, its rule, and the subscribe
// window of every session it makes; a rule that makes no date is refused.
func CleanSchedule(sc Schedule, loc *time.Location, now time.Time) (Schedule, error) {
	var v domain.ValidationError
	sc.Session = CleanSession(sc.Session, now, &v)
	sc.Repetition = CleanRepetition(sc.Repetition, sc.Date, &v)
	if err := v.OrNil(); err != nil {
		return sc, err
	}
	dates := RuleDates(sc)
	if len(dates) == 0 {
		v.Add("repetition.days", "repetition.no_dates", nil)
	}
	for _, d := range dates {
		s := sc.Session
		s.Date = d
		start, _ := Instants(s, loc)
		if checkWindow(s, start, &v); len(v.Fields) > 0 {
			break
		}
	}
	return sc, v.OrNil()
}

func (s *Series) mustExist(applicationID string) error {
	if !s.Exists || s.ApplicationID != applicationID {
		return &domain.NotFoundError{Kind: "series", ID: s.ID}
	}
	return nil
}

// current finds a session of the series that has not started at now: the past never
// changes (pastKey names the refusal).
func (s *Series) current(applicationID, key string, now time.Time, pastKey string) (Occurrence, error) {
	if err := s.mustExist(applicationID); err != nil {
		return Occurrence{}, err
	}
	o, ok := s.Find(key)
	if !ok {
		return o, &domain.NotFoundError{Kind: "session", ID: key}
	}
	if !o.Start.After(now) {
		return o, &domain.ConflictError{Key: pastKey}
	}
	return o, nil
}

func notInPast(start, now time.Time, v *domain.ValidationError) {
	if !start.After(now) {
		v.Add("date", "session.in_past", nil)
	}
}

// ChangeOne decides new values for one future session only ("only this one").
func (s *Series) ChangeOne(applicationID, key string, next Session, now time.Time) ([]domain.Event, error) {
	o, err := s.current(applicationID, key, now, "session.past_unchanged")
	if err != nil {
		return nil, err
	}
	var v domain.ValidationError
	next = CleanSession(next, now, &v)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	start, _ := Instants(next, s.Location())
	notInPast(start, now, &v)
	checkWindow(next, start, &v)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if next.Equal(o.Session) {
		return nil, nil
	}
	return []domain.Event{OccurrenceChanged{Occurrence: o.Occurrence, Session: next}}, nil
}

// CancelOne decides that one future session no longer takes place. A session in the
// past is not deleted (spec §4); its participants are not touched either way.
func (s *Series) CancelOne(applicationID, key string, now time.Time) ([]domain.Event, error) {
	o, err := s.current(applicationID, key, now, "session.past_not_deletable")
	if err != nil {
		return nil, err
	}
	return []domain.Event{OccurrenceCancelled{Occurrence: o.Occurrence}}, nil
}

// CancelFollowing ends the series at a future session: it and every later one go.
func (s *Series) CancelFollowing(applicationID, key string, now time.Time) ([]domain.Event, error) {
	o, err := s.current(applicationID, key, now, "session.past_not_deletable")
	if err != nil {
		return nil, err
	}
	return []domain.Event{Ended{From: o.Occurrence}}, nil
}

// ChangeFollowing decides "this and all later": the series ends at the session and a new
// series, nextID, takes over with the schedule sc, whose first date is not in the past.
// It answers this series' events and the new one's.
func (s *Series) ChangeFollowing(applicationID, key string, sc Schedule, nextID string, now time.Time) (this, next []domain.Event, err error) {
	o, err := s.current(applicationID, key, now, "session.past_unchanged")
	if err != nil {
		return nil, nil, err
	}
	successor := New(nextID)
	next, err = successor.Create(s.ApplicationID, s.OrganizationID, s.ActivityID, s.TimeZone, sc, s.ID, now)
	if err != nil {
		return nil, nil, err
	}
	successor.Apply(next[0])
	if first := successor.Occurrences(); len(first) > 0 {
		var v domain.ValidationError
		if notInPast(first[0].Start, now, &v); v.OrNil() != nil {
			return nil, nil, v.OrNil()
		}
	}
	return []domain.Event{Ended{From: o.Occurrence, Next: nextID}}, next, nil
}

// Impact is what a change to a series does to its future sessions, counted before it
// is applied: sessions whose day stays and whose times change (moved) or whose other
// values change (changed), sessions that go (removed) and new ones (added).
type Impact struct {
	Changed   int `json:"changed"`
	Moved     int `json:"moved"`
	Removed   int `json:"removed"`
	Added     int `json:"added"`
	Unchanged int `json:"unchanged"`
	// Sessions are the ids of today's sessions in each group (added ones have none
	// yet): the read side counts the participants they hold.
	Sessions ImpactSessions `json:"-"`
}

// ImpactSessions are session ids by what a change does to them.
type ImpactSessions struct {
	Changed, Moved, Removed, Unchanged []string
}

// ImpactOf compares the sessions before and after a change, matched by local date.
func ImpactOf(before, after []Occurrence) Impact {
	var im Impact
	byDate := make(map[string]Occurrence, len(after))
	for _, o := range after {
		byDate[o.Session.Date] = o
	}
	for _, b := range before {
		a, ok := byDate[b.Session.Date]
		switch {
		case !ok:
			im.Removed++
			im.Sessions.Removed = append(im.Sessions.Removed, b.ID)
			continue
		case !a.Start.Equal(b.Start) || !a.End.Equal(b.End):
			im.Moved++
			im.Sessions.Moved = append(im.Sessions.Moved, b.ID)
		case !a.Session.Equal(b.Session):
			im.Changed++
			im.Sessions.Changed = append(im.Sessions.Changed, b.ID)
		default:
			im.Unchanged++
			im.Sessions.Unchanged = append(im.Sessions.Unchanged, b.ID)
		}
		delete(byDate, b.Session.Date)
	}
	im.Added = len(byDate)
	return im
}

// From answers the occurrences starting with the one named by key (in start order).
func From(all []Occurrence, key string) []Occurrence {
	for i, o := range all {
		if o.Occurrence == key || o.ID == key {
			return all[i:]
		}
	}
	return nil
}
