package commands

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/domain/activity"
	"move/domain/booking"
	"move/domain/identity"
	"move/domain/organization"
	"move/domain/registry"
	"move/domain/series"
	"move/eventstore/postgres"
	"move/internal/testdb"
	"move/personal"
)

// statementCounter counts the statements (and batches, one round trip each) a pool runs.
type statementCounter struct {
	mu     sync.Mutex
	counts map[string]int
}

func (c *statementCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts[strings.Join(strings.Fields(data.SQL), " ")]++
	return ctx
}

func (c *statementCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (c *statementCounter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceBatchStartData) context.Context {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts[fmt.Sprintf("batch of %d", data.Batch.Len())]++
	return ctx
}

func (c *statementCounter) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (c *statementCounter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}

func (c *statementCounter) reset() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.counts
	c.counts = map[string]int{}
	return out
}

// A booking of an offer this server has seen costs two round trips (decision 1720):
// one read — of the session's stream or the customer's, and of only what is newer in
// the others — and one write, the participant's key with the booking. When the server
// keeps every stream the booking reads, it is one round trip: the write, which checks
// that none of them moved. The first booking of the offer reads what it names besides
// (the organisation) on its own.
func TestABookingOfAKnownOfferTakesTwoRoundTrips(t *testing.T) {
	ctx := context.Background()
	counter := &statementCounter{counts: map[string]int{}}
	cfg, err := pgxpool.ParseConfig(testdb.New(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.Tracer = counter
	db, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	store, err := postgres.Open(ctx, db)
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
	app, err := a.CreateApplication(ctx, Meta{ActorID: "test"}, identity.ApplicationSettings{Name: "App", Slug: "app"})
	if err != nil {
		t.Fatal(err)
	}
	meta := Meta{ActorID: "test", ApplicationID: app.ID}
	org, err := a.CreateOrganization(ctx, meta, organization.Profile{Name: "Studio"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.ApproveOrganization(ctx, meta, org.ID); err != nil {
		t.Fatal(err)
	}
	act, err := a.CreateActivity(ctx, meta, org.ID, activity.TypeSession, activity.Details{Name: "Yoga"}, activity.Settings{HasWaitlist: true})
	if err != nil {
		t.Fatal(err)
	}
	first := time.Now().AddDate(0, 0, 1)
	daily := series.Schedule{Session: series.Session{Date: first.Format(time.DateOnly), StartTime: "19:00", EndTime: "20:00", Spots: 100},
		Repetition: &series.Repetition{Type: series.Weeks, Every: 1, Until: first.AddDate(0, 1, 0).Format(time.DateOnly), Days: series.Days}}
	res, err := a.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", daily)
	if err != nil {
		t.Fatal(err)
	}
	var customers []string
	for i := range 2 {
		id := fmt.Sprintf("00000000-0000-4000-8000-%012d", i+1)
		if _, err := a.RegisterUser(ctx, Meta{ActorID: "test"}, id, id+"@example.test"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.GrantRole(ctx, Meta{ActorID: "test"}, id, identity.Grant{Role: identity.RoleCustomer, ApplicationID: app.ID}); err != nil {
			t.Fatal(err)
		}
		customers = append(customers, id)
	}
	dates := series.RuleDates(daily)
	for i := range 6 { // three sessions, each booked by both customers: new and booked sessions alike
		counter.reset()
		ref := SessionRef{SeriesID: res.ID, SessionID: series.SessionID(res.ID, dates[i%3]), ActivityID: act.ID}
		if _, err := a.BookSession(ctx, meta, Booking{Session: ref, CustomerID: customers[i/3],
			Participant: booking.Participant{FirstName: "Klant", LastName: "Nummer", Email: "klant@example.test"}}); err != nil {
			t.Fatal(err)
		}
		counts := counter.reset()
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
