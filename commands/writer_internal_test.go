package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"move/domain/activity"
	"move/domain/booking"
	"move/domain/identity"
	"move/domain/organization"
	"move/domain/registry"
	"move/domain/series"
	"move/eventstore"
	"move/eventstore/postgres"
	"move/internal/testdb"
	"move/personal"
)

// queuedSession is a session of spots with a waiting list, on an app of its own.
func queuedSession(t *testing.T, spots int) (*App, Meta, SessionRef, *postgres.Store) {
	t.Helper()
	ctx := context.Background()
	a, meta, activityID, store := studioApp(t, testdb.Pool(t, testdb.New(t)))
	day := time.Now().AddDate(0, 0, 7).Format(time.DateOnly)
	res, err := a.CreateSeries(ctx, meta, activityID, "Europe/Amsterdam", series.Schedule{Session: series.Session{Date: day, StartTime: "19:00", EndTime: "20:00", Spots: spots}})
	if err != nil {
		t.Fatal(err)
	}
	return a, meta, SessionRef{SeriesID: res.ID, SessionID: series.SessionID(res.ID, day)}, store
}

// studioApp is an App over db (this test lives inside the package: internal/testenv
// imports it) with an application, an approved organisation and a session activity
// with a waiting list; it answers the app, the application's meta, the activity and
// the store.
func studioApp(t *testing.T, db *pgxpool.Pool) (*App, Meta, string, *postgres.Store) {
	t.Helper()
	ctx := context.Background()
	a, store := serverApp(t, db)
	app, err := a.CreateApplication(ctx, Meta{ActorID: "test"}, identity.ApplicationSettings{Name: "App", Slug: "app"})
	if err != nil {
		t.Fatal(err)
	}
	meta := Meta{ActorID: "test", ApplicationID: app.ID}
	org, err := a.CreateOrganization(ctx, meta, organization.Profile{Name: "Studio"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.ApproveOrganization(ctx, meta, org.ID); err != nil { // customers book only what the offer shows
		t.Fatal(err)
	}
	act, err := a.CreateActivity(ctx, meta, org.ID, activity.TypeSession, activity.Details{Name: "Yoga"}, activity.Settings{HasWaitlist: true})
	if err != nil {
		t.Fatal(err)
	}
	return a, meta, act.ID, store
}

// serverApp is one server's App on db: its own store, vault and cache of streams (a
// second call on the same database is another server).
func serverApp(t *testing.T, db *pgxpool.Pool) (*App, *postgres.Store) {
	t.Helper()
	store, err := postgres.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	secret, err := personal.NewSecret(personal.DevelopmentSecret)
	if err != nil {
		t.Fatal(err)
	}
	vault, err := personal.NewVault(db, secret)
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(store, registry.All(), vault, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	return a, store
}

// waitQueued waits until the session's queue is busy with n requests waiting.
func waitQueued(t *testing.T, a *App, meta Meta, ref SessionRef, n int) {
	t.Helper()
	key := sessionContention(meta.ApplicationID, ref).key
	deadline := time.Now().Add(10 * time.Second)
	for {
		a.sessions.mu.Lock()
		q := a.sessions.queues[key]
		queued := -1
		if q != nil {
			queued = len(q.pending)
		}
		a.sessions.mu.Unlock()
		if queued == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d requests queued, want %d", queued, n)
		}
		time.Sleep(time.Millisecond)
	}
}

type booked struct {
	Booked
	err error
}

// Requests that arrive while a cycle runs are decided together, in the order they
// arrived: the waiting list is the arrival order, and the whole queue lands in one
// append. A caller who gives up while queued is answered its context's end, and its
// booking is never made.
func TestQueuedBookingsAreDecidedTogetherInArrivalOrder(t *testing.T) {
	const spots, queued = 3, 12
	a, meta, ref, store := queuedSession(t, spots)
	ctx := context.Background()
	book := func(ctx context.Context, i int) <-chan booked {
		out := make(chan booked, 1)
		go func() {
			res, err := a.BookSession(ctx, meta, Booking{Session: ref, ByStaff: true,
				Participant: booking.Participant{FirstName: "Deelnemer", LastName: fmt.Sprint(i), Email: fmt.Sprintf("d%d@example.test", i)}})
			out <- booked{res, err}
		}()
		return out
	}
	// The session's other commands hold its stripe: the first request's cycle waits.
	unlock := a.bookings.lock(ref.SessionID)
	leader := book(ctx, 0)
	waitQueued(t, a, meta, ref, 0) // taken from the queue by its cycle
	var answers []<-chan booked
	gone, giveUp := context.WithCancel(ctx)
	for i := 1; i <= queued; i++ {
		c := ctx
		if i == 5 {
			c = gone
		}
		answers = append(answers, book(c, i))
		waitQueued(t, a, meta, ref, i)
	}
	giveUp()
	if got := <-answers[4]; !errors.Is(got.err, context.Canceled) {
		t.Fatalf("the caller who gave up: %+v", got)
	}
	unlock()

	first := <-leader
	if first.err != nil || first.Status != booking.StatusConfirmed {
		t.Fatalf("the first booking: %+v", first)
	}
	var want []string // booking ids in arrival order, without the one given up
	for i, answer := range answers {
		if i == 4 { // answered already
			continue
		}
		got := <-answer
		if got.err != nil {
			t.Fatalf("booking %d: %v", i+1, got.err)
		}
		status := booking.StatusConfirmed
		if i+1 >= spots {
			status = booking.StatusWaitlisted
		}
		if got.Status != status {
			t.Fatalf("booking %d (arrival %d) answered %s, want %s", i+1, i+1, got.Status, status)
		}
		want = append(want, got.BookingID)
	}
	events, err := store.ReadStream(ctx, booking.Stream(ref.SessionID), eventstore.Forwards, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	appends := map[uint64]bool{}
	var order []string
	for _, e := range events {
		var booked struct {
			BookingID string `json:"booking_id"`
		}
		if err := json.Unmarshal(e.Data, &booked); err != nil {
			t.Fatal(err)
		}
		order = append(order, booked.BookingID)
		appends[e.Position.Commit] = true
	}
	if len(order) != queued || order[0] != first.BookingID || !slices.Equal(order[1:], want) {
		t.Fatalf("the stream's bookings %v, want the first %s then the arrival order %v", order, first.BookingID, want)
	}
	if len(appends) != 2 {
		t.Fatalf("%d appends, want 2: the first request's, then one for the whole queue", len(appends))
	}
}
