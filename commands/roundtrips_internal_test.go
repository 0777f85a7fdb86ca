package commands

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"move/domain/booking"
	"move/domain/identity"
	"move/domain/series"
	"move/internal/testdb"
)

// bookedTrips books ref for customer and answers the booking's status and its round
// trips (what counter saw), listed.
func bookedTrips(t *testing.T, a *App, meta Meta, ref SessionRef, customer string, counter *testdb.Trips) (string, int, string) {
	t.Helper()
	counter.Reset()
	res, err := a.BookSession(context.Background(), meta, Booking{Session: ref, CustomerID: customer,
		Participant: booking.Participant{FirstName: "Klant", LastName: "Nummer", Email: "klant@example.test"}})
	if err != nil {
		t.Fatal(err)
	}
	counts := counter.Reset()
	delete(counts, "SELECT pg_notify('eventstore_appended', '')") // the readers' wake-up, sent apart and coalesced
	var statements []string
	total := 0
	for q, n := range counts {
		total += n
		statements = append(statements, fmt.Sprintf("%d× %.100s", n, q))
	}
	sort.Strings(statements)
	return res.Status, total, strings.Join(statements, "\n")
}

// customers registers n customers of the application and answers their ids.
func customers(t *testing.T, a *App, applicationID string, n int) []string {
	t.Helper()
	var ids []string
	for i := range n {
		id := fmt.Sprintf("00000000-0000-4000-8000-%012d", i+1)
		if _, err := a.RegisterUser(context.Background(), Meta{ActorID: "test"}, id, id+"@example.test"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.GrantRole(context.Background(), Meta{ActorID: "test"}, id, identity.Grant{Role: identity.RoleCustomer, ApplicationID: applicationID}); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

// dailyFor creates a daily series of a month (spots a session) and answers it and its dates.
func dailyFor(t *testing.T, a *App, meta Meta, activityID string, spots int) (string, []string) {
	t.Helper()
	first := time.Now().AddDate(0, 0, 1)
	daily := series.Schedule{Session: series.Session{Date: first.Format(time.DateOnly), StartTime: "19:00", EndTime: "20:00", Spots: spots},
		Repetition: &series.Repetition{Type: series.Weeks, Every: 1, Until: first.AddDate(0, 1, 0).Format(time.DateOnly), Days: series.Days}}
	res, err := a.CreateSeries(context.Background(), meta, activityID, "Europe/Amsterdam", daily)
	if err != nil {
		t.Fatal(err)
	}
	return res.ID, series.RuleDates(daily)
}

// A booking of an offer this server has seen costs one round trip when the server
// keeps every stream it reads (decisions 1720, 1880): the write, which checks that none
// of them moved. A session the server knows nothing of is taken to be new, so its
// first booking is that one round trip too. A customer the server has not seen yet is
// read first: two. The first booking of the offer reads what it names besides (the
// organisation) on its own.
func TestABookingOfAKnownOfferTakesOneRoundTrip(t *testing.T) {
	db, counter := testdb.CountingPool(t, testdb.New(t))
	a, meta, activityID, _ := studioApp(t, db)
	seriesID, dates := dailyFor(t, a, meta, activityID, 100)
	ids := customers(t, a, meta.ApplicationID, 2)
	for i := range 6 { // three sessions, each booked by both customers: new and booked sessions alike
		ref := SessionRef{SeriesID: seriesID, SessionID: series.SessionID(seriesID, dates[i%3]), ActivityID: activityID}
		_, trips, statements := bookedTrips(t, a, meta, ref, ids[i/3], counter)
		// Booking 3 reads the second customer; 1, 2 book new sessions, 4 and 5 booked
		// ones, of a customer the server keeps.
		if want := map[bool]int{true: 2, false: 1}[i == 3]; i > 0 && trips != want {
			t.Errorf("booking %d took %d round trips, want %d:\n%s", i, trips, want, statements)
		}
	}
}

// A session another server booked is, to a server that knows nothing of it, new: the
// append's refusal brings the other's bookings, read in its round trip, and the
// booking is decided again on them — two round trips, as a read and a write were, and
// the spot the other server gave is not given twice (decision 1880).
func TestASessionTakenToBeNewIsDecidedOnWhatTheRefusalBrings(t *testing.T) {
	dsn := testdb.New(t)
	plain, _ := testdb.CountingPool(t, dsn)
	first, meta, activityID, _ := studioApp(t, plain)
	seriesID, dates := dailyFor(t, first, meta, activityID, 1)
	ids := customers(t, first, meta.ApplicationID, 3)

	counted, counter := testdb.CountingPool(t, dsn)
	second, _ := serverApp(t, counted)
	ref := func(i int) SessionRef {
		return SessionRef{SeriesID: seriesID, SessionID: series.SessionID(seriesID, dates[i]), ActivityID: activityID}
	}
	// The second server comes to know the offer and the second customer.
	if status, _, _ := bookedTrips(t, second, meta, ref(1), ids[1], counter); status != booking.StatusConfirmed {
		t.Fatalf("the second server's first booking: %s", status)
	}
	if status, _, _ := bookedTrips(t, first, meta, ref(0), ids[0], counter); status != booking.StatusConfirmed {
		t.Fatalf("the first server's booking: %s", status)
	}
	status, trips, statements := bookedTrips(t, second, meta, ref(0), ids[1], counter)
	if status != booking.StatusWaitlisted {
		t.Errorf("the second server's booking of the session the first filled: %s, want %s", status, booking.StatusWaitlisted)
	}
	if trips != 2 {
		t.Errorf("the second server's booking took %d round trips, want 2:\n%s", trips, statements)
	}
	// Now it keeps the session: the next booking there is one round trip again.
	more := ids[2]
	if _, trips, _ := bookedTrips(t, second, meta, ref(1), more, counter); trips != 2 { // a customer new to it: read
		t.Errorf("a new customer's booking took %d round trips, want 2", trips)
	}
	if status, trips, statements := bookedTrips(t, second, meta, ref(0), more, counter); status != booking.StatusWaitlisted || trips != 1 {
		t.Errorf("a booking of the session it now keeps: %s in %d round trips, want %s in 1:\n%s", status, trips, booking.StatusWaitlisted, statements)
	}
}
