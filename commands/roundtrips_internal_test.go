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

// A booking of an offer this server has seen costs two round trips (decision 1720):
// one read — of the session's stream or the customer's, and of only what is newer in
// the others — and one write, the participant's key with the booking. When the server
// keeps every stream the booking reads, it is one round trip: the write, which checks
// that none of them moved. The first booking of the offer reads what it names besides
// (the organisation) on its own.
func TestABookingOfAKnownOfferTakesTwoRoundTrips(t *testing.T) {
	ctx := context.Background()
	db, counter := testdb.CountingPool(t, testdb.New(t))
	a, meta, activityID, _ := studioApp(t, db)
	first := time.Now().AddDate(0, 0, 1)
	daily := series.Schedule{Session: series.Session{Date: first.Format(time.DateOnly), StartTime: "19:00", EndTime: "20:00", Spots: 100},
		Repetition: &series.Repetition{Type: series.Weeks, Every: 1, Until: first.AddDate(0, 1, 0).Format(time.DateOnly), Days: series.Days}}
	res, err := a.CreateSeries(ctx, meta, activityID, "Europe/Amsterdam", daily)
	if err != nil {
		t.Fatal(err)
	}
	var customers []string
	for i := range 2 {
		id := fmt.Sprintf("00000000-0000-4000-8000-%012d", i+1)
		if _, err := a.RegisterUser(ctx, Meta{ActorID: "test"}, id, id+"@example.test"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.GrantRole(ctx, Meta{ActorID: "test"}, id, identity.Grant{Role: identity.RoleCustomer, ApplicationID: meta.ApplicationID}); err != nil {
			t.Fatal(err)
		}
		customers = append(customers, id)
	}
	dates := series.RuleDates(daily)
	for i := range 6 { // three sessions, each booked by both customers: new and booked sessions alike
		counter.Reset()
		ref := SessionRef{SeriesID: res.ID, SessionID: series.SessionID(res.ID, dates[i%3]), ActivityID: activityID}
		if _, err := a.BookSession(ctx, meta, Booking{Session: ref, CustomerID: customers[i/3],
			Participant: booking.Participant{FirstName: "Klant", LastName: "Nummer", Email: "klant@example.test"}}); err != nil {
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
		// Bookings 1–3 read a session or a customer for the first time; 4 and 5 book
		// sessions and a customer the server keeps.
		if want := map[bool]int{true: 2, false: 1}[i <= 3]; i > 0 && total != want {
			t.Errorf("booking %d took %d round trips, want %d:\n%s", i, total, want, strings.Join(statements, "\n"))
		}
	}
}
