package series

import (
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/teambition/rrule-go"

	"move/domain"
)

// Limits of a series: the projection materialises every occurrence, so a repeating
// series must end (MaxYears after its first date at most) and be of a bounded size.
const (
	MaxYears = 3
	MaxEvery = 99
	MaxSpots = 100_000
	// MaxMinutesBefore bounds a subscribe window given in minutes before the start (a year).
	MaxMinutesBefore = 366 * 24 * 60
)

// Repetition types (spec §5); none is a single session.
const (
	Weeks  = "weeks"
	Months = "months"
	Years  = "years"
)

// Days are the weekdays a weekly rule may name, Monday first (spec §9: weeks start Monday).
var Days = []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}

var rruleDays = []rrule.Weekday{rrule.MO, rrule.TU, rrule.WE, rrule.TH, rrule.FR, rrule.SA, rrule.SU}

// Repetition is the rule of a series: every Every weeks (on Days), months (on the first
// date's day of the month) or years (on its day and month), up to and including Until.
type Repetition struct {
	Type  string   `json:"type"`
	Every int      `json:"every"`
	Days  []string `json:"days,omitempty"`
	Until string   `json:"until"`
}

// Bound is one end of the subscribe window: an instant, or minutes before the session's
// start; neither is no bound.
type Bound struct {
	At            *time.Time `json:"at,omitempty"`
	MinutesBefore *int       `json:"minutes_before,omitempty"`
}

// IsSet tells whether the bound limits anything.
func (b Bound) IsSet() bool { return b.At != nil || b.MinutesBefore != nil }

// instant is the bound for a session starting at start; ok is false without a bound.
func (b Bound) instant(start time.Time) (time.Time, bool) {
	switch {
	case b.At != nil:
		return b.At.UTC(), true
	case b.MinutesBefore != nil:
		return start.Add(-time.Duration(*b.MinutesBefore) * time.Minute).UTC(), true
	}
	return time.Time{}, false
}

// ParseBound reads a subscribe bound as the API sends it: null, "", or the text 'null'
// (no bound, spec §5), a whole number of minutes before the start, or an RFC 3339
// instant. ok is false for anything else.
func ParseBound(raw json.RawMessage) (b Bound, ok bool) {
	text := strings.TrimSpace(string(raw))
	if text == "" || text == "null" {
		return Bound{}, true
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		s = strings.TrimSpace(s)
		if s == "" || s == "null" {
			return Bound{}, true
		}
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			t = t.UTC()
			return Bound{At: &t}, true
		}
		text = s
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 || n > MaxMinutesBefore {
		return Bound{}, false
	}
	return Bound{MinutesBefore: &n}, true
}

// Equal tells whether two bounds limit the same way.
func (b Bound) Equal(o Bound) bool {
	return equalPointers(b.MinutesBefore, o.MinutesBefore, func(x, y int) bool { return x == y }) &&
		equalPointers(b.At, o.At, time.Time.Equal)
}

func equalPointers[T any](a, b *T, eq func(T, T) bool) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return eq(*a, *b)
}

// Equal tells whether two sessions have the same values.
func (s Session) Equal(o Session) bool {
	return s.Date == o.Date && s.StartTime == o.StartTime && s.EndTime == o.EndTime && s.Spots == o.Spots &&
		s.SubscribeFrom.Equal(o.SubscribeFrom) && s.SubscribeUntil.Equal(o.SubscribeUntil)
}

// Session is what one occurrence is: its local date and times, spots and subscribe window.
type Session struct {
	Date           string `json:"date"`       // YYYY-MM-DD in the series' time zone
	StartTime      string `json:"start_time"` // HH:MM
	EndTime        string `json:"end_time"`   // HH:MM, after the start, the same day
	Spots          int    `json:"spots"`
	SubscribeFrom  Bound  `json:"subscribe_from"`
	SubscribeUntil Bound  `json:"subscribe_until"`
}

// Schedule is how a series is made: its first session (the defaults of every other) and
// its repetition, if any.
type Schedule struct {
	Session
	Repetition *Repetition `json:"repetition,omitempty"`
}

// Occurrence is one materialised session of a series.
type Occurrence struct {
	ID         string
	Occurrence string // the rule date that names it, even when it moved
	Session    Session
	Start, End time.Time
	// SubscribeFrom and SubscribeUntil are the window's instants, nil where open.
	SubscribeFrom, SubscribeUntil *time.Time
	Changed                       bool // an exception of the series
}

// Series is one series of sessions.
type Series struct {
	ID             string
	ApplicationID  string
	OrganizationID string
	ActivityID     string
	TimeZone       string
	Exists         bool
	Schedule       Schedule
	// EndedFrom, when set, is the first rule date the series no longer has.
	EndedFrom string
	Changed   map[string]Session
	Cancelled map[string]bool
	location  *time.Location
}

// New is the series with id, before its events are applied.
func New(id string) *Series {
	return &Series{ID: id, Changed: map[string]Session{}, Cancelled: map[string]bool{}}
}

// Apply implements domain.Aggregate.
func (s *Series) Apply(e domain.Event) {
	switch e := e.(type) {
	case Created:
		s.Exists, s.ApplicationID, s.OrganizationID, s.ActivityID = true, e.ApplicationID, e.OrganizationID, e.ActivityID
		s.TimeZone, s.Schedule = e.TimeZone, e.Schedule
		s.location = location(e.TimeZone)
	case OccurrenceChanged:
		s.Changed[e.Occurrence] = e.Session
	case OccurrenceCancelled:
		s.Cancelled[e.Occurrence] = true
	case Ended:
		if s.EndedFrom == "" || e.From < s.EndedFrom {
			s.EndedFrom = e.From
		}
	}
}

// locations are the time zones series were loaded in: time.LoadLocation reads and
// parses the zone's file on every call, and every booking loads its series.
var locations sync.Map

// location is the named zone (nil when unknown, as a failed time.LoadLocation leaves it).
func location(name string) *time.Location {
	if loc, ok := locations.Load(name); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil
	}
	locations.Store(name, loc)
	return loc
}

// Create decides a new series of an activity in the time zone zone at now.
func (s *Series) Create(applicationID, organizationID, activityID, zone string, sc Schedule, previous string, now time.Time) ([]domain.Event, error) {
	if s.Exists {
		return nil, &domain.ConflictError{Key: "series.exists"}
	}
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" {
		return nil, &domain.ConflictError{Key: "series.time_zone", Params: map[string]any{"zone": zone}}
	}
	sc, err = CleanSchedule(sc, loc, now)
	if err != nil {
		return nil, err
	}
	return []domain.Event{Created{ApplicationID: applicationID, OrganizationID: organizationID, ActivityID: activityID,
		TimeZone: zone, Schedule: sc, Previous: previous}}, nil
}

// Location is the time zone the series' rule lives in.
func (s *Series) Location() *time.Location {
	if s.location == nil {
		return time.UTC
	}
	return s.location
}

// Occurrences answers the series' sessions in start order: the rule's dates before its
// end, without the cancelled ones, with the changed ones' values.
func (s *Series) Occurrences() []Occurrence {
	if !s.Exists {
		return nil
	}
	loc := s.Location()
	var out []Occurrence
	for _, d := range indexOf(s.ID, s.Schedule).dates {
		if s.EndedFrom != "" && d >= s.EndedFrom {
			break
		}
		if s.Cancelled[d] {
			continue
		}
		session, changed := s.Changed[d]
		if !changed {
			session = s.Schedule.Session
			session.Date = d
		}
		out = append(out, occurrence(s.ID, d, session, loc, changed))
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
	return out
}

// Occurrence answers the values of the occurrence named by the rule date or the session
// id as they were last, cancelled or ended or not: what its participants booked.
func (s *Series) Occurrence(key string) (Session, bool) {
	if !s.Exists {
		return Session{}, false
	}
	d, known := indexOf(s.ID, s.Schedule).dateOf[key]
	if !known {
		return Session{}, false
	}
	session, changed := s.Changed[d]
	if !changed {
		session = s.Schedule.Session
		session.Date = d
	}
	return session, true
}

// Find answers the current occurrence named by the rule date, or the session id. It
// materialises that one occurrence only: every booking asks for one session, and
// expanding a long series for it was most of a booking's own CPU (docs/benchmarks.md).
func (s *Series) Find(key string) (Occurrence, bool) {
	if !s.Exists {
		return Occurrence{}, false
	}
	d, known := indexOf(s.ID, s.Schedule).dateOf[key]
	if !known || (s.EndedFrom != "" && d >= s.EndedFrom) || s.Cancelled[d] {
		return Occurrence{}, false
	}
	session, changed := s.Changed[d]
	if !changed {
		session = s.Schedule.Session
		session.Date = d
	}
	return occurrence(s.ID, d, session, s.Location(), changed), true
}

func occurrence(seriesID, rule string, session Session, loc *time.Location, changed bool) Occurrence {
	start, end := Instants(session, loc)
	o := Occurrence{ID: SessionID(seriesID, rule), Occurrence: rule, Session: session, Start: start, End: end, Changed: changed}
	if t, ok := session.SubscribeFrom.instant(start); ok {
		o.SubscribeFrom = &t
	}
	if t, ok := session.SubscribeUntil.instant(start); ok {
		o.SubscribeUntil = &t
	}
	return o
}

// Instants are a session's start and end: its local date and times in loc, as UTC
// instants. A local time that a switch to summer time skips moves forward by the gap.
func Instants(session Session, loc *time.Location) (time.Time, time.Time) {
	d, _ := time.Parse(time.DateOnly, session.Date)
	return wallClock(d, session.StartTime, loc).UTC(), wallClock(d, session.EndTime, loc).UTC()
}

func wallClock(day time.Time, hhmm string, loc *time.Location) time.Time {
	t, _ := time.Parse("15:04", hhmm)
	return time.Date(day.Year(), day.Month(), day.Day(), t.Hour(), t.Minute(), 0, 0, loc)
}

// RuleDates are the local dates a schedule makes, first to last (RFC 5545 through
// rrule-go, computed on calendar dates so a wall-clock time never shifts with summer
// time): a monthly rule on the 31st skips the months without one, a yearly rule on
// 29 February the years without one, and a weekly rule starts on the first named day on
// or after the first date.
func RuleDates(sc Schedule) []string {
	first, err := time.Parse(time.DateOnly, sc.Date)
	if err != nil {
		return nil
	}
	if sc.Repetition == nil {
		return []string{sc.Date}
	}
	rule, err := rrule.NewRRule(ruleOption(first, *sc.Repetition))
	if err != nil {
		return nil
	}
	dates := rule.All()
	out := make([]string, len(dates))
	for i, d := range dates {
		out[i] = d.Format(time.DateOnly)
	}
	return out
}

func ruleOption(first time.Time, r Repetition) rrule.ROption {
	until, _ := time.Parse(time.DateOnly, r.Until)
	opt := rrule.ROption{Dtstart: first, Interval: r.Every, Until: until, Wkst: rrule.MO}
	switch r.Type {
	case Weeks:
		opt.Freq = rrule.WEEKLY
		for i, d := range Days {
			if slices.Contains(r.Days, d) {
				opt.Byweekday = append(opt.Byweekday, rruleDays[i])
			}
		}
	case Months:
		opt.Freq = rrule.MONTHLY
	default:
		opt.Freq = rrule.YEARLY
	}
	return opt
}
