package series

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"move/domain"
)

const zone = "Europe/Amsterdam"

var amsterdam, _ = time.LoadLocation(zone)

const seriesID = "6f1c1e4e-8f43-4e2c-9d1a-2b7a0c3d4e5f"

// planned is when the tests' series are created: their dates lie in its calendar window.
var planned = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

func weekly(date, until string, days ...string) Schedule {
	return Schedule{Session: Session{Date: date, StartTime: "19:00", EndTime: "20:00", Spots: 10},
		Repetition: &Repetition{Type: Weeks, Every: 1, Days: days, Until: until}}
}

func created(t *testing.T, sc Schedule) *Series {
	t.Helper()
	s := New(seriesID)
	events, err := s.Create("app", "org", "act", zone, sc, "", planned)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	for _, e := range events {
		s.Apply(e)
	}
	return s
}

func fieldKeys(t *testing.T, err error) map[string]string {
	t.Helper()
	var v *domain.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("want a validation error, got %v", err)
	}
	out := map[string]string{}
	for _, f := range v.Fields {
		out[f.Field] = f.Key
	}
	return out
}

func conflictKey(err error) string {
	var c *domain.ConflictError
	if errors.As(err, &c) {
		return c.Key
	}
	return ""
}

func TestRepetitionRulesEachHaveTheirOwnMessage(t *testing.T) {
	cases := []struct {
		name  string
		rep   *Repetition
		field string
		key   string
	}{
		{"every zero", &Repetition{Type: Weeks, Every: 0, Days: []string{"monday"}, Until: "2027-06-01"}, "repetition.every", "repetition.every"},
		{"every negative", &Repetition{Type: Months, Every: -2, Until: "2027-06-01"}, "repetition.every", "repetition.every"},
		{"unknown type", &Repetition{Type: "days", Every: 1, Until: "2027-06-01"}, "repetition.type", "repetition.type"},
		{"weeks without a day", &Repetition{Type: Weeks, Every: 1, Until: "2027-06-01"}, "repetition.days", "repetition.days_required"},
		{"unknown day", &Repetition{Type: Weeks, Every: 1, Days: []string{"funday"}, Until: "2027-06-01"}, "repetition.days", "repetition.day"},
		{"no until", &Repetition{Type: Years, Every: 1}, "repetition.until", "repetition.until_required"},
		{"until not a date", &Repetition{Type: Years, Every: 1, Until: "next year"}, "repetition.until", "validation.date"},
		{"until before the first date", &Repetition{Type: Weeks, Every: 1, Days: []string{"monday"}, Until: "2027-01-03"}, "repetition.until", "repetition.until_before_date"},
		{"until too far", &Repetition{Type: Months, Every: 1, Until: "2031-01-01"}, "repetition.until", "repetition.until_too_far"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := Schedule{Session: Session{Date: "2027-01-04", StartTime: "19:00", EndTime: "20:00", Spots: 5}, Repetition: c.rep}
			_, err := New(seriesID).Create("app", "org", "act", zone, sc, "", planned)
			if got := fieldKeys(t, err)[c.field]; got != c.key {
				t.Fatalf("field %s: got %q, want %q (%v)", c.field, got, c.key, err)
			}
		})
	}
}

func TestNoTypeIsASingleSession(t *testing.T) {
	sc := Schedule{Session: Session{Date: "2027-01-04", StartTime: "19:00", EndTime: "20:00", Spots: 5},
		Repetition: &Repetition{Type: "", Every: -1}}
	s := created(t, sc)
	if s.Schedule.Repetition != nil || len(s.Occurrences()) != 1 {
		t.Fatalf("want one session without repetition, got %+v", s.Occurrences())
	}
}

// A session's date and subscribe instants lie in the calendar window (package bounds):
// year 0 froze the activities read model of every application (issue 21).
func TestSessionDatesLieInTheCalendarWindow(t *testing.T) {
	ancient, far := time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
	minutes := MaxMinutesBefore + 1
	for _, tc := range []struct {
		name  string
		sc    Schedule
		field string
	}{
		{"year 0", Schedule{Session: Session{Date: "0000-01-01", StartTime: "10:00", EndTime: "11:00", Spots: 1}}, "date"},
		{"year 1900", Schedule{Session: Session{Date: "1900-01-01", StartTime: "10:00", EndTime: "11:00", Spots: 1}}, "date"},
		{"year 9999", Schedule{Session: Session{Date: "9999-12-31", StartTime: "10:00", EndTime: "11:00", Spots: 1}}, "date"},
		{"a day before the window", Schedule{Session: Session{Date: "2021-11-30", StartTime: "10:00", EndTime: "11:00", Spots: 1}}, "date"},
		{"a day after the window", Schedule{Session: Session{Date: "2036-12-02", StartTime: "10:00", EndTime: "11:00", Spots: 1}}, "date"},
		{"subscribe from year 1", Schedule{Session: Session{Date: "2027-01-04", StartTime: "10:00", EndTime: "11:00", Spots: 1, SubscribeFrom: Bound{At: &ancient}}}, "subscribe_from"},
		{"subscribe until 9999", Schedule{Session: Session{Date: "2027-01-04", StartTime: "10:00", EndTime: "11:00", Spots: 1, SubscribeUntil: Bound{At: &far}}}, "subscribe_until"},
		{"minutes beyond a year", Schedule{Session: Session{Date: "2027-01-04", StartTime: "10:00", EndTime: "11:00", Spots: 1, SubscribeUntil: Bound{MinutesBefore: &minutes}}}, "subscribe_until"},
	} {
		_, err := New(seriesID).Create("app", "org", "act", zone, tc.sc, "", planned)
		if got := fieldKeys(t, err); got[tc.field] != "validation.between" {
			t.Errorf("%s: %v", tc.name, got)
		}
	}
	for _, date := range []string{"2021-12-01", "2036-12-01"} { // the window's ends
		sc := Schedule{Session: Session{Date: date, StartTime: "10:00", EndTime: "11:00", Spots: 1}}
		if _, err := New(seriesID).Create("app", "org", "act", zone, sc, "", planned); err != nil {
			t.Errorf("%s: %v", date, err)
		}
	}
	s := created(t, weekly("2027-01-04", "2027-03-01", "monday"))
	next := s.Occurrences()[1].Session
	next.Date = "0000-01-01"
	if _, err := s.ChangeOne("app", s.Occurrences()[1].ID, next, planned); fieldKeys(t, err)["date"] != "validation.between" {
		t.Errorf("an exception in year 0: %v", err)
	}
}

func TestSessionFieldsAreChecked(t *testing.T) {
	sc := Schedule{Session: Session{Date: "2027-02-30", StartTime: "25:00", EndTime: "7pm", Spots: 0}}
	got := fieldKeys(t, func() error { _, err := New(seriesID).Create("app", "org", "act", zone, sc, "", planned); return err }())
	want := map[string]string{"date": "validation.date", "start_time": "validation.time", "end_time": "validation.time", "spots": "session.spots"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	sc = Schedule{Session: Session{Date: "2027-02-03", StartTime: "20:00", EndTime: "19:30", Spots: 1}}
	_, err := New(seriesID).Create("app", "org", "act", zone, sc, "", planned)
	if fieldKeys(t, err)["end_time"] != "session.end_before_start" {
		t.Fatalf("end before start: %v", err)
	}
}

func TestWeeklySessionStaysAtItsLocalTimeAcrossSummerTime(t *testing.T) {
	// Summer time starts 2027-03-28 and ends 2027-10-31 in Amsterdam.
	s := created(t, weekly("2027-03-20", "2027-11-07", "saturday", "monday"))
	seen := map[time.Duration]bool{}
	for _, o := range s.Occurrences() {
		local := o.Start.In(amsterdam)
		if local.Hour() != 19 || local.Minute() != 0 {
			t.Fatalf("%s starts at %s local", o.Session.Date, local)
		}
		_, offset := local.Zone()
		seen[time.Duration(offset)*time.Second] = true
		if o.End.Sub(o.Start) != time.Hour {
			t.Fatalf("%s lasts %s", o.Session.Date, o.End.Sub(o.Start))
		}
	}
	if !seen[time.Hour] || !seen[2*time.Hour] {
		t.Fatalf("the series should cross both offsets, saw %v", seen)
	}
	// The Saturday before and the Monday after the switch: 18:00 and 17:00 UTC.
	first, _ := s.Find("2027-03-27")
	after, _ := s.Find("2027-03-29")
	if first.Start.Hour() != 18 || after.Start.Hour() != 17 {
		t.Fatalf("UTC starts %s and %s", first.Start, after.Start)
	}
}

func TestSkippedLocalTimeMovesForward(t *testing.T) {
	sc := Schedule{Session: Session{Date: "2027-03-28", StartTime: "02:30", EndTime: "03:30", Spots: 3}}
	s := created(t, sc)
	o := s.Occurrences()[0]
	if got := o.Start.In(amsterdam).Format("15:04"); got != "03:30" {
		t.Fatalf("02:30 does not exist that night; got %s", got)
	}
}

func dates(s *Series) []string {
	var out []string
	for _, o := range s.Occurrences() {
		out = append(out, o.Session.Date)
	}
	return out
}

func TestMonthlyOnThe31stSkipsShortMonths(t *testing.T) {
	s := created(t, Schedule{Session: Session{Date: "2027-01-31", StartTime: "10:00", EndTime: "11:00", Spots: 2},
		Repetition: &Repetition{Type: Months, Every: 1, Until: "2027-08-31"}})
	want := []string{"2027-01-31", "2027-03-31", "2027-05-31", "2027-07-31", "2027-08-31"}
	if got := dates(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestYearlyOn29FebruaryOnlyInLeapYears(t *testing.T) {
	s := created(t, Schedule{Session: Session{Date: "2028-02-29", StartTime: "10:00", EndTime: "11:00", Spots: 2},
		Repetition: &Repetition{Type: Years, Every: 1, Until: "2031-03-01"}})
	if got := dates(s); !reflect.DeepEqual(got, []string{"2028-02-29"}) {
		t.Fatalf("got %v", got)
	}
}

func TestWeeklyEveryTwoWeeksOnNamedDays(t *testing.T) {
	// 2027-01-06 is a Wednesday: the rule starts on the first named day from then.
	s := created(t, Schedule{Session: Session{Date: "2027-01-06", StartTime: "10:00", EndTime: "11:00", Spots: 2},
		Repetition: &Repetition{Type: Weeks, Every: 2, Days: []string{"Friday", "monday"}, Until: "2027-01-25"}})
	want := []string{"2027-01-08", "2027-01-18", "2027-01-22"}
	if got := dates(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	if !reflect.DeepEqual(s.Schedule.Repetition.Days, []string{"monday", "friday"}) {
		t.Fatalf("days are stored Monday first, lower case: %v", s.Schedule.Repetition.Days)
	}
}

func TestRuleThatMakesNoDateIsRefused(t *testing.T) {
	// Monday 2027-01-04 to Wednesday 2027-01-06 has no Friday.
	_, err := New(seriesID).Create("app", "org", "act", zone, weekly("2027-01-04", "2027-01-06", "friday"), "", planned)
	if fieldKeys(t, err)["repetition.days"] != "repetition.no_dates" {
		t.Fatalf("got %v", err)
	}
}

func TestSubscribeBounds(t *testing.T) {
	for _, raw := range []string{`null`, `"null"`, `""`, ``} {
		if b, ok := ParseBound(json.RawMessage(raw)); !ok || b.IsSet() {
			t.Fatalf("%q: want no bound, got %+v %v", raw, b, ok)
		}
	}
	if b, ok := ParseBound(json.RawMessage(`90`)); !ok || *b.MinutesBefore != 90 {
		t.Fatalf("minutes: %+v %v", b, ok)
	}
	if b, ok := ParseBound(json.RawMessage(`"2027-01-01T10:00:00+01:00"`)); !ok || !b.At.Equal(time.Date(2027, 1, 1, 9, 0, 0, 0, time.UTC)) {
		t.Fatalf("instant: %+v %v", b, ok)
	}
	for _, raw := range []string{`-5`, `1.5`, `"tomorrow"`, `{}`, `true`} {
		if _, ok := ParseBound(json.RawMessage(raw)); ok {
			t.Fatalf("%q should be refused", raw)
		}
	}
}

func TestSubscribeFromMustBeBeforeUntil(t *testing.T) {
	sixty, thirty := 60, 30
	sc := weekly("2027-01-04", "2027-02-01", "monday")
	sc.SubscribeFrom, sc.SubscribeUntil = Bound{MinutesBefore: &thirty}, Bound{MinutesBefore: &sixty}
	_, err := New(seriesID).Create("app", "org", "act", zone, sc, "", planned)
	if fieldKeys(t, err)["subscribe_from"] != "session.subscribe_order" {
		t.Fatalf("got %v", err)
	}
	sc.SubscribeFrom, sc.SubscribeUntil = Bound{MinutesBefore: &sixty}, Bound{MinutesBefore: &thirty}
	created(t, sc)
	// Only one end: nothing to compare.
	sc.SubscribeFrom = Bound{}
	created(t, sc)
	// A fixed instant after a later session's relative end fails on that session.
	at := time.Date(2027, 1, 20, 0, 0, 0, 0, time.UTC)
	sc.SubscribeFrom = Bound{At: &at}
	if _, err := New(seriesID).Create("app", "org", "act", zone, sc, "", planned); fieldKeys(t, err)["subscribe_from"] != "session.subscribe_order" {
		t.Fatalf("got %v", err)
	}
}

func TestOnlyThisOne(t *testing.T) {
	s := created(t, weekly("2027-01-04", "2027-02-01", "monday"))
	now := time.Date(2027, 1, 10, 12, 0, 0, 0, time.UTC)
	next := s.Schedule.Session
	next.Date, next.StartTime, next.EndTime = "2027-01-12", "18:00", "19:30"
	events, err := s.ChangeOne("app", "2027-01-11", next, now)
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(events[0])
	got := dates(s)
	if want := []string{"2027-01-04", "2027-01-12", "2027-01-18", "2027-01-25", "2027-02-01"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v", got)
	}
	moved, _ := s.Find(SessionID(seriesID, "2027-01-11"))
	if moved.Session.Date != "2027-01-12" || !moved.Changed {
		t.Fatalf("the session keeps its identity when it moves: %+v", moved)
	}
	if _, err := s.ChangeOne("app", "2027-01-04", next, now); conflictKey(err) != "session.past_unchanged" {
		t.Fatalf("the past never changes: %v", err)
	}
	past := next
	past.Date = "2027-01-05"
	if _, err := s.ChangeOne("app", "2027-01-18", past, now); fieldKeys(t, err)["date"] != "session.in_past" {
		t.Fatalf("no moving into the past: %v", err)
	}
	if _, err := s.ChangeOne("other-app", "2027-01-18", next, now); !isNotFound(err) {
		t.Fatalf("another application's series is not found: %v", err)
	}
	if events, err := s.ChangeOne("app", "2027-01-11", next, now); err != nil || len(events) != 0 {
		t.Fatalf("unchanged values decide nothing: %v %v", events, err)
	}
}

func isNotFound(err error) bool {
	var nf *domain.NotFoundError
	return errors.As(err, &nf)
}

func TestDeletingSessions(t *testing.T) {
	s := created(t, weekly("2027-01-04", "2027-02-01", "monday"))
	now := time.Date(2027, 1, 11, 18, 30, 0, 0, time.UTC) // after the 11th's start
	if _, err := s.CancelOne("app", "2027-01-11", now); conflictKey(err) != "session.past_not_deletable" {
		t.Fatalf("deleting a past session: %v", err)
	}
	if _, err := s.CancelFollowing("app", "2027-01-04", now); conflictKey(err) != "session.past_not_deletable" {
		t.Fatalf("ending at a past session: %v", err)
	}
	events, err := s.CancelOne("app", "2027-01-18", now)
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(events[0])
	if _, err := s.CancelOne("app", "2027-01-18", now); !isNotFound(err) {
		t.Fatalf("a cancelled session is gone: %v", err)
	}
	events, err = s.CancelFollowing("app", "2027-01-25", now)
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(events[0])
	if got := dates(s); !reflect.DeepEqual(got, []string{"2027-01-04", "2027-01-11"}) {
		t.Fatalf("got %v", got)
	}
}

func TestThisAndAllLater(t *testing.T) {
	s := created(t, weekly("2027-01-04", "2027-02-01", "monday"))
	now := time.Date(2027, 1, 10, 12, 0, 0, 0, time.UTC)
	// An exception later on is replaced by the new rule.
	moved := s.Schedule.Session
	moved.Date = "2027-01-26"
	ev, err := s.ChangeOne("app", "2027-01-25", moved, now)
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(ev[0])

	sc := weekly("2027-01-18", "2027-02-08", "monday")
	sc.StartTime, sc.EndTime = "20:00", "21:00"
	before := From(s.Occurrences(), "2027-01-18")
	nextID := "0b7e5f1a-3c2d-4e6f-8a9b-1c2d3e4f5a6b"
	this, next, err := s.ChangeFollowing("app", "2027-01-18", sc, nextID, now)
	if err != nil {
		t.Fatal(err)
	}
	successor := New(nextID)
	successor.Apply(next[0])
	impact := ImpactOf(before, successor.Occurrences())
	// Before: 18 Jan, 26 Jan (moved by hand), 1 Feb. After: 18 Jan, 25 Jan, 1 Feb, 8 Feb at 20:00.
	// The sessions in each group are today's (the read side counts their participants).
	want := Impact{Moved: 2, Removed: 1, Added: 2, Sessions: ImpactSessions{
		Moved:   []string{SessionID(seriesID, "2027-01-18"), SessionID(seriesID, "2027-02-01")},
		Removed: []string{SessionID(seriesID, "2027-01-25")}}}
	if !reflect.DeepEqual(impact, want) {
		t.Fatalf("impact %+v, want %+v", impact, want)
	}
	s.Apply(this[0])
	if got := dates(s); !reflect.DeepEqual(got, []string{"2027-01-04", "2027-01-11"}) {
		t.Fatalf("the old series ends before the session: %v", got)
	}
	if got := dates(successor); !reflect.DeepEqual(got, []string{"2027-01-18", "2027-01-25", "2027-02-01", "2027-02-08"}) {
		t.Fatalf("the new series: %v", got)
	}
	if c, _ := next[0].(Created); c.Previous != seriesID {
		t.Fatalf("the new series names the one it continues: %+v", next[0])
	}
	if _, _, err := s.ChangeFollowing("app", "2027-01-04", sc, nextID, now); conflictKey(err) != "session.past_unchanged" {
		t.Fatalf("the past never changes: %v", err)
	}
	s2 := created(t, weekly("2027-01-04", "2027-02-01", "monday"))
	if _, _, err := s2.ChangeFollowing("app", "2027-01-18", weekly("2027-01-04", "2027-02-08", "monday"), nextID, now); fieldKeys(t, err)["date"] != "session.in_past" {
		t.Fatalf("the new rule may not start in the past: %v", err)
	}
}

func TestSessionIDsArePermanentAndDistinct(t *testing.T) {
	a, b := SessionID(seriesID, "2027-01-04"), SessionID(seriesID, "2027-01-11")
	if a == b || a != SessionID(seriesID, "2027-01-04") {
		t.Fatalf("ids %s %s", a, b)
	}
	if SessionStream(a) != "session-"+a {
		t.Fatal(SessionStream(a))
	}
}

// Find materialises one occurrence by itself; it must answer exactly what the series'
// list of occurrences holds, by rule date and by session id, after changes,
// cancellations and an end — and nothing for what the list does not hold.
func TestFindAnswersWhatTheOccurrencesHold(t *testing.T) {
	s := created(t, weekly("2027-01-04", "2027-03-29", "monday", "thursday"))
	now := time.Date(2027, 1, 1, 12, 0, 0, 0, time.UTC)
	moved := s.Schedule.Session
	moved.Date, moved.StartTime = "2027-01-12", "07:00"
	for _, decide := range []func() ([]domain.Event, error){
		func() ([]domain.Event, error) { return s.ChangeOne("app", "2027-01-11", moved, now) },
		func() ([]domain.Event, error) { return s.CancelOne("app", "2027-01-14", now) },
		func() ([]domain.Event, error) { return s.CancelFollowing("app", "2027-03-01", now) },
	} {
		events, err := decide()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range events {
			s.Apply(e)
		}
	}
	listed := map[string]Occurrence{}
	for _, o := range s.Occurrences() {
		listed[o.Occurrence] = o
		for _, key := range []string{o.Occurrence, o.ID} {
			if got, ok := s.Find(key); !ok || !reflect.DeepEqual(got, o) {
				t.Fatalf("Find(%s) = %+v, %v; the list holds %+v", key, got, ok, o)
			}
		}
	}
	for _, d := range RuleDates(s.Schedule) {
		if _, ok := listed[d]; ok {
			continue
		}
		if o, ok := s.Find(d); ok {
			t.Fatalf("Find(%s) answers %+v, which the list does not hold", d, o)
		}
		if o, ok := s.Find(SessionID(seriesID, d)); ok {
			t.Fatalf("Find(id of %s) answers %+v, which the list does not hold", d, o)
		}
	}
	if _, ok := s.Find("2027-01-05"); ok {
		t.Fatal("a date the rule does not make is no session")
	}
	if len(listed) != 15 { // Mondays and Thursdays from 4 January to 25 February, less the 14th
		t.Fatalf("the series lists %d sessions, want 15", len(listed))
	}
}
