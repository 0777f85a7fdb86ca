package commands

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain/booking"
	"move/domain/series"
	"move/eventstore"
	"move/internal/testdb"
)

// fakeAppender answers AppendMultiWith with refuse (nil: every append lands), and
// records each call's streams. The first call waits for release.
type fakeAppender struct {
	mu      sync.Mutex
	calls   [][]string
	release chan struct{}
	refuse  func(streams []string) error
}

func (f *fakeAppender) AppendMultiWith(_ context.Context, _ []eventstore.StreamVersion, _ []eventstore.Statement, appends ...eventstore.StreamAppend) ([]eventstore.AppendResult, error) {
	var streams []string
	for _, a := range appends {
		streams = append(streams, a.Stream)
	}
	f.mu.Lock()
	f.calls = append(f.calls, streams)
	call := len(f.calls)
	f.mu.Unlock()
	first := call == 1
	if first && f.release != nil {
		<-f.release
	}
	if f.refuse != nil {
		if err := f.refuse(streams); err != nil {
			return nil, err
		}
	}
	results := make([]eventstore.AppendResult, len(appends))
	for i, a := range appends {
		results[i] = eventstore.AppendResult{NextVersion: uint64(len(a.Events)), Position: eventstore.Position{Commit: uint64(call), Prepare: uint64(i)}}
	}
	return results, nil
}

func appendTo(stream string) *groupedAppend {
	return &groupedAppend{appends: []eventstore.StreamAppend{{Stream: stream, Expected: eventstore.NoStream, Events: []eventstore.EventData{{Type: "test.noted.v1"}}}}}
}

// groupOf queues appends to streams behind a first one held in its transaction, then
// lets it go: what queued meanwhile is the next group. It answers each append's
// results and error, in the order of streams.
func groupOf(t *testing.T, g *groupCommit, f *fakeAppender, streams ...string) ([][]eventstore.AppendResult, []error) {
	t.Helper()
	f.release = make(chan struct{})
	results, errs := make([][]eventstore.AppendResult, len(streams)), make([]error, len(streams))
	var wg sync.WaitGroup
	run := func(i int) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = g.append(context.Background(), f, appendTo(streams[i]))
		}()
	}
	run(0)
	waitFor(t, func() bool { f.mu.Lock(); defer f.mu.Unlock(); return len(f.calls) == 1 })
	for i := 1; i < len(streams); i++ {
		run(i)
	}
	waitFor(t, func() bool { g.mu.Lock(); defer g.mu.Unlock(); return len(g.pending) == len(streams)-1 })
	close(f.release)
	wg.Wait()
	return results, errs
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatal("gave up waiting")
		}
		time.Sleep(time.Millisecond)
	}
}

// Appends that become ready while a group's transaction is under way are the next
// group: one call for all of them, each answered its own result.
func TestAppendsReadyTogetherAreOneTransaction(t *testing.T) {
	var g groupCommit
	f := &fakeAppender{}
	results, errs := groupOf(t, &g, f, "a", "b", "c", "d")
	if len(f.calls) != 2 || len(f.calls[1]) != 3 {
		t.Fatalf("calls %v, want [a] then [b c d]", f.calls)
	}
	for i, r := range results {
		if errs[i] != nil || len(r) != 1 {
			t.Fatalf("append %d: %v, %v", i, r, errs[i])
		}
	}
	// The fake numbers a call's results by place: each append gets the one at its place
	// in the group, whatever order the three queued in.
	streams := []string{"a", "b", "c", "d"}
	for place, stream := range f.calls[1] {
		i := slices.Index(streams, stream)
		if got := results[i][0].Position.Prepare; got != uint64(place) {
			t.Errorf("%s was %d in its group, its result is the %d's", stream, place, got)
		}
	}
	waitFor(t, func() bool { g.mu.Lock(); defer g.mu.Unlock(); return !g.leading && len(g.pending) == 0 })
}

// A group refused for what one of its appends expected is appended again one by one:
// the others land, the one refused gets its own refusal.
func TestARefusedGroupIsAppendedAgainOneByOne(t *testing.T) {
	for _, refusal := range []error{&eventstore.WrongExpectedVersionError{Stream: "c"}, eventstore.ErrStreamsMoved, eventstore.ErrNotWrittenWith} {
		var g groupCommit
		f := &fakeAppender{refuse: func(streams []string) error {
			for _, s := range streams {
				if s == "c" {
					return refusal
				}
			}
			return nil
		}}
		_, errs := groupOf(t, &g, f, "a", "b", "c", "d")
		if len(f.calls) != 5 { // a; b c d together; then b, c, d alone
			t.Fatalf("%v: calls %v, want a, the group, then each alone", refusal, f.calls)
		}
		for i, err := range errs {
			if want := i == 2; (err != nil) != want || want && !errors.Is(err, refusal) && !eventstore.IsWrongExpectedVersion(err) {
				t.Errorf("%v: append %d answered %v", refusal, i, err)
			}
		}
	}
}

// A group whose outcome is not known (the connection failed) is not appended again:
// each of its appends answers that error, as one alone would.
func TestAGroupOfUnknownOutcomeAnswersEachItsError(t *testing.T) {
	var g groupCommit
	lost := errors.New("connection lost")
	f := &fakeAppender{refuse: func(streams []string) error {
		if len(streams) > 1 {
			return lost
		}
		return nil
	}}
	_, errs := groupOf(t, &g, f, "a", "b", "c")
	if len(f.calls) != 2 {
		t.Fatalf("calls %v, want a and the group, nothing again", f.calls)
	}
	if errs[0] != nil || !errors.Is(errs[1], lost) || !errors.Is(errs[2], lost) {
		t.Errorf("answers %v, want a landed and b, c the lost connection", errs)
	}
}

// A panic while appending a group answers each of its appends with an error, and the
// next append is not left queued behind a lead that never ended.
func TestAPanicInAGroupAnswersItsAppends(t *testing.T) {
	var g groupCommit
	f := &fakeAppender{refuse: func(streams []string) error {
		if len(streams) > 1 {
			panic("the store broke")
		}
		return nil
	}}
	_, errs := groupOf(t, &g, f, "a", "b", "c")
	if errs[0] != nil || errs[1] == nil || errs[2] == nil {
		t.Fatalf("answers %v, want a landed and b, c an error", errs)
	}
	if _, err := g.append(context.Background(), f, appendTo("d")); err != nil {
		t.Fatalf("an append after the panic: %v", err)
	}
}

// Two appends to one stream, or one appending to what another checked unmoved, are not
// grouped: they are appended one by one.
func TestAGroupKeepsDecisionsOnOneStreamApart(t *testing.T) {
	checked := func(stream, unmoved string) *groupedAppend {
		a := appendTo(stream)
		a.unmoved = []eventstore.StreamVersion{{Stream: unmoved, Version: 3}}
		return a
	}
	for _, c := range []struct {
		name  string
		group []*groupedAppend
		want  bool
	}{
		{"distinct streams, a stream both checked", []*groupedAppend{checked("a", "series"), checked("b", "series")}, true},
		{"one stream twice", []*groupedAppend{appendTo("a"), appendTo("a")}, false},
		{"each checked what the other appends to", []*groupedAppend{checked("a", "b"), checked("b", "a")}, false},
		{"one checked what another appends to", []*groupedAppend{checked("a", "c"), appendTo("c")}, false},
		{"one checked what it appends to itself", []*groupedAppend{checked("a", "a"), appendTo("b")}, true},
	} {
		if got := distinctStreams(c.group); got != c.want {
			t.Errorf("%s: grouped %v, want %v", c.name, got, c.want)
		}
	}
}

// Bookings of distinct sessions ready while another booking's transaction is under way
// land in one transaction (one commit key), each confirmed on its own session. One of
// them is of a session another server booked, which this server took to be new: its
// refusal sends the group one by one, and every booking still lands once.
func TestBookingsOfDistinctSessionsReadyTogetherShareATransaction(t *testing.T) {
	ctx := context.Background()
	dsn := testdb.New(t)
	db := testdb.Pool(t, dsn)
	a, meta, activityID, _ := studioApp(t, db)
	seriesID, dates := dailyFor(t, a, meta, activityID, 10)
	ids := customers(t, a, meta.ApplicationID, 2)
	// Ten sessions of distinct lock stripes: two sessions sharing one wait for each other
	// by design (bookingLocks), and a booking waiting there never queues for the group.
	var sessions []string
	taken := map[uint32]bool{}
	for _, date := range dates {
		id := series.SessionID(seriesID, date)
		if stripe := a.bookings.stripe(id); !taken[stripe] && len(sessions) < 10 {
			taken[stripe] = true
			sessions = append(sessions, id)
		}
	}
	if len(sessions) < 10 {
		t.Fatalf("%d sessions of distinct lock stripes among %d, want 10", len(sessions), len(dates))
	}
	ref := func(i int) SessionRef {
		return SessionRef{SeriesID: seriesID, SessionID: sessions[i], ActivityID: activityID}
	}
	book := func(app *App, i int) (Booked, error) {
		customer := ids[0]
		if app != a {
			customer = ids[1]
		}
		return app.BookSession(ctx, meta, Booking{Session: ref(i), CustomerID: customer,
			Participant: booking.Participant{FirstName: "Klant", LastName: "Nummer", Email: "klant@example.test"}})
	}
	if _, err := book(a, 0); err != nil { // the server comes to know the offer and the customer
		t.Fatal(err)
	}
	commitsOf := func(from, to int) map[int64]int {
		t.Helper()
		sessions := []string{}
		for i := from; i < to; i++ {
			sessions = append(sessions, booking.StreamPrefix+ref(i).SessionID)
		}
		rows, err := db.Query(ctx, `SELECT commit_key FROM eventstore_events WHERE stream = ANY($1) AND type = $2`, sessions, booking.Booked{}.EventType())
		if err != nil {
			t.Fatal(err)
		}
		keys, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			t.Fatal(err)
		}
		commits := map[int64]int{}
		for _, c := range keys {
			commits[c]++
		}
		return commits
	}

	round := func(first, n int) {
		t.Helper()
		// The first booking's append waits behind a lock on the log; the others queue.
		lock, err := db.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// Released however the round ends: an append waiting behind it holds a
		// transaction id, and with it the horizon of every database in the cluster.
		defer func() { _ = lock.Rollback(context.WithoutCancel(ctx)) }()
		if _, err := lock.Exec(ctx, `LOCK TABLE eventstore_events IN EXCLUSIVE MODE`); err != nil {
			t.Fatal(err)
		}
		out := make([]Booked, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		start := func(i int) {
			wg.Add(1)
			go func() { defer wg.Done(); out[i], errs[i] = book(a, first+i) }()
		}
		start(0)
		waitFor(t, func() bool { a.run.group.mu.Lock(); defer a.run.group.mu.Unlock(); return a.run.group.leading })
		for i := 1; i < n; i++ {
			start(i)
		}
		waitFor(t, func() bool {
			a.run.group.mu.Lock()
			defer a.run.group.mu.Unlock()
			return len(a.run.group.pending) == n-1
		})
		if err := lock.Rollback(ctx); err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("booking %d: %v", first+i, err)
			}
			if out[i].Status != booking.StatusConfirmed {
				t.Errorf("booking %d: %s, want %s", first+i, out[i].Status, booking.StatusConfirmed)
			}
		}
	}

	round(1, 5)
	commits := commitsOf(1, 6)
	if len(commits) != 2 {
		t.Errorf("five bookings in %d transactions (%v), want 2: the first alone, then the four that queued", len(commits), commits)
	}

	// Another server books session 8 first; this server, which knows nothing of it,
	// takes it to be new. The group holding it is refused and appended one by one.
	other, _ := serverApp(t, db)
	if _, err := book(other, 8); err != nil {
		t.Fatal(err)
	}
	round(6, 4)
	for i := 6; i < 10; i++ {
		n := 0
		for _, c := range commitsOf(i, i+1) {
			n += c
		}
		if want := map[bool]int{true: 2, false: 1}[i == 8]; n != want {
			t.Errorf("session %d holds %d bookings, want %d", i, n, want)
		}
	}
	if len(commitsOf(7, 10)) != 4 { // 7, 9, and session 8's two, each a transaction of its own
		t.Errorf("the refused group's bookings share transactions: %v", commitsOf(7, 10))
	}
}
