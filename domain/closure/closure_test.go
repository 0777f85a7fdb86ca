package closure_test

import (
	"errors"
	"testing"
	"time"

	"move/domain"
	"move/domain/closure"
)

var (
	now = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	ams = mustZone("Europe/Amsterdam")
)

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

func fields(err error) map[string]string {
	var v *domain.ValidationError
	if !errors.As(err, &v) {
		return nil
	}
	out := map[string]string{}
	for _, f := range v.Fields {
		out[f.Field] = f.Key
	}
	return out
}

// A range is refused field by field: dates that are none or outside the calendar
// window, an end before the start or before today, a range longer than a year, a
// reason missing or too long.
func TestCleanRefusesBadRanges(t *testing.T) {
	long := make([]rune, closure.MaxReason+1)
	for i := range long {
		long[i] = 'x'
	}
	cases := []struct {
		name  string
		in    closure.Range
		field string
		key   string
	}{
		{"no date", closure.Range{From: "morgen", Until: "2026-12-24", Reason: "Kerst"}, "from", "validation.date"},
		{"year 0", closure.Range{From: "0000-01-01", Until: "2026-12-24", Reason: "Kerst"}, "from", "validation.between"},
		{"far future", closure.Range{From: "2026-12-20", Until: "9999-12-31", Reason: "Kerst"}, "until", "validation.between"},
		{"end before start", closure.Range{From: "2026-12-24", Until: "2026-12-20", Reason: "Kerst"}, "until", "closure.until_before_from"},
		{"in the past", closure.Range{From: "2026-11-01", Until: "2026-11-30", Reason: "Kerst"}, "until", "closure.in_past"},
		{"too long", closure.Range{From: "2026-12-01", Until: "2027-12-02", Reason: "Kerst"}, "until", "closure.too_long"},
		{"no reason", closure.Range{From: "2026-12-20", Until: "2026-12-24", Reason: "  "}, "reason", "validation.required"},
		{"long reason", closure.Range{From: "2026-12-20", Until: "2026-12-24", Reason: string(long)}, "reason", "validation.max_length"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := closure.Clean(c.in, ams, now)
			if got := fields(err); got[c.field] != c.key {
				t.Fatalf("want %s on %s, got %v (%v)", c.key, c.field, got, err)
			}
		})
	}
	got, err := closure.Clean(closure.Range{From: " 2026-12-01 ", Until: "2026-12-01", Reason: " Zwembad dicht "}, ams, now)
	if err != nil || got.From != "2026-12-01" || got.Reason != "Zwembad dicht" {
		t.Fatalf("one day today: %+v %v", got, err)
	}
	// MaxDays days, both ends counted, is the longest range.
	if _, err := closure.Clean(closure.Range{From: "2026-12-01", Until: "2027-12-01", Reason: "x"}, ams, now); err != nil {
		t.Fatalf("366 days refused: %v", err)
	}
}

// A closure plans once and closes each of its sessions once; a session that is not
// its own is never recorded.
func TestPlanAndCloseAreIdempotent(t *testing.T) {
	c := closure.New("c1")
	a := closure.SessionRef{SeriesID: "s1", SessionID: "a"}
	b := closure.SessionRef{SeriesID: "s1", SessionID: "b"}
	rng := closure.Range{From: "2026-12-20", Until: "2026-12-24", Reason: "Kerst"}
	if ev := c.CloseSession(a, nil, nil, ""); ev != nil {
		t.Fatalf("closed before planned: %v", ev)
	}
	ev, err := c.Plan("app", "org", "", rng, []closure.SessionRef{a, b})
	if err != nil || len(ev) != 1 {
		t.Fatalf("plan: %v %v", ev, err)
	}
	c.Apply(ev[0])
	if again, err := c.Plan("app", "org", "", rng, nil); err != nil || again != nil {
		t.Fatalf("planned twice: %v %v", again, err)
	}
	if !c.VisibleIn("app") || c.VisibleIn("other") {
		t.Fatal("tenant")
	}
	closed := c.CloseSession(a, []string{"bk1", "bk2"}, []closure.BundleSeat{{BundleID: "bu1", BookingID: "bb1"}}, "")
	if len(closed) != 1 {
		t.Fatalf("close: %v", closed)
	}
	c.Apply(closed[0])
	if again := c.CloseSession(a, []string{"bk1"}, nil, ""); again != nil {
		t.Fatalf("closed twice: %v", again)
	}
	if foreign := c.CloseSession(closure.SessionRef{SeriesID: "s1", SessionID: "z"}, nil, nil, ""); foreign != nil {
		t.Fatalf("closed a session not its own: %v", foreign)
	}
	skipped := c.CloseSession(b, nil, nil, closure.SkippedStarted)
	c.Apply(skipped[0])
	if c.ClosedCount != 1 || c.SkippedCount != 1 || c.BookingCount != 2 || c.BundleBookingCount != 1 || len(c.Open()) != 0 {
		t.Fatalf("outcome: %+v", c)
	}

	// A bundle holder of a closed session is told once; one the closure did not record
	// for that session never (decision 1770).
	if none := c.NotifyBundleHolder("b", "bb1"); none != nil {
		t.Fatalf("told a holder of a skipped session: %v", none)
	}
	if none := c.NotifyBundleHolder("a", "bk1"); none != nil {
		t.Fatalf("told a session booking as a bundle holder: %v", none)
	}
	told := c.NotifyBundleHolder("a", "bb1")
	if len(told) != 1 || told[0] != (closure.BundleHolderNotified{SessionID: "a", BundleID: "bu1", BookingID: "bb1"}) {
		t.Fatalf("told: %v", told)
	}
	c.Apply(told[0])
	if again := c.NotifyBundleHolder("a", "bb1"); again != nil {
		t.Fatalf("told twice: %v", again)
	}
}

// A closure.session_closed.v1 reads as v2 with no bundle bookings (an empty list).
func TestSessionClosedV1ReadsAsV2(t *testing.T) {
	r := domain.NewRegistry(closure.Register)
	e, err := r.Decode(closure.SessionClosedV1, []byte(`{"series_id":"s1","session_id":"a","bookings":["bk1"]}`))
	if err != nil {
		t.Fatal(err)
	}
	got, ok := e.(closure.SessionClosed)
	if !ok || got.EventType() != "closure.session_closed.v2" || got.SessionID != "a" || len(got.Bookings) != 1 ||
		got.BundleBookings == nil || len(got.BundleBookings) != 0 {
		t.Fatalf("got %#v", e)
	}
}

func TestPlanRefusesTooManySessions(t *testing.T) {
	refs := make([]closure.SessionRef, closure.MaxSessions+1)
	_, err := closure.New("c").Plan("app", "org", "", closure.Range{From: "2026-12-20", Until: "2026-12-24", Reason: "x"}, refs)
	if fields(err)["until"] != "closure.too_many_sessions" {
		t.Fatalf("got %v", err)
	}
}
