package commands_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/catalog"
	"move/domain/identity"
	"move/domain/organization"
	"move/domain/product"
	"move/domain/series"
	"move/internal/testenv"
)

// crowd is an application with customers, an approved organisation and an activity of
// each kind with a waiting list.
type crowd struct {
	env       *testenv.Env
	meta      commands.Meta
	org       string
	customers []string
}

func newCrowd(t *testing.T, customers int) crowd {
	t.Helper()
	ctx := context.Background()
	env := testenv.New(t)
	c := crowd{env: env, meta: inApplication(t, env, "app")}
	org, err := env.App.CreateOrganization(ctx, c.meta, organization.Profile{Name: "Studio"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.ApproveOrganization(ctx, c.meta, org.ID); err != nil {
		t.Fatal(err)
	}
	c.org = org.ID
	for range customers {
		id := uuid.NewString()
		if _, err := env.App.RegisterUser(ctx, commands.Meta{ActorID: "test"}, id, id+"@example.test"); err != nil {
			t.Fatal(err)
		}
		if _, err := env.App.GrantRole(ctx, commands.Meta{ActorID: "test"}, id, identity.Grant{Role: identity.RoleCustomer, ApplicationID: c.meta.ApplicationID}); err != nil {
			t.Fatal(err)
		}
		c.customers = append(c.customers, id)
	}
	return c
}

// session is a session of spots with a waiting list.
func (c crowd) session(t *testing.T, spots int) commands.SessionRef {
	t.Helper()
	ctx := context.Background()
	act, err := c.env.App.CreateActivity(ctx, c.meta, c.org, activity.TypeSession, activity.Details{Name: "Yoga"}, activity.Settings{HasWaitlist: true})
	if err != nil {
		t.Fatal(err)
	}
	day := time.Now().AddDate(0, 0, 7).Format(time.DateOnly)
	res, err := c.env.App.CreateSeries(ctx, c.meta, act.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: day, StartTime: "19:00", EndTime: "20:00", Spots: spots}})
	if err != nil {
		t.Fatal(err)
	}
	return commands.SessionRef{SeriesID: res.ID, SessionID: series.SessionID(res.ID, day), ActivityID: act.ID}
}

func participant(i int) booking.Participant {
	return booking.Participant{FirstName: "Klant", LastName: fmt.Sprintf("Nummer %d", i), Email: fmt.Sprintf("klant%d@example.test", i)}
}

// all runs f for every i at the same moment and waits for every answer.
func all(n int, f func(i int)) {
	release := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-release
			f(i)
		}()
	}
	close(release)
	wg.Wait()
}

// streamEvents answers a stream's events: type, the booking or purchase id they name,
// and their version, in stream order.
func streamEvents(t *testing.T, env *testenv.Env, stream string) (types, ids []string, versions []uint64) {
	t.Helper()
	rows, err := env.DB.Query(context.Background(), `SELECT type, coalesce(data->>'booking_id', data->>'purchase_id', ''), version
		FROM eventstore_events WHERE stream = $1 ORDER BY version`, stream)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var typ, id string
		var v uint64
		if err := rows.Scan(&typ, &id, &v); err != nil {
			t.Fatal(err)
		}
		types, ids, versions = append(types, typ), append(ids, id), append(versions, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return types, ids, versions
}

// 200 customers book one session of 20 spots at the same moment: none gets an error,
// exactly 20 are confirmed and 180 wait, each caller is answered its own booking's
// status and its own event's version, and the stream holds each booking once, the
// confirmed ones first (the waiting list is the stream's order).
func TestACrowdBookingOneSessionIsAnsweredWithoutErrors(t *testing.T) {
	const clients, spots = 200, 20
	c := newCrowd(t, clients)
	ref := c.session(t, spots)
	answers := make([]commands.Booked, clients)
	errs := make([]error, clients)
	all(clients, func(i int) {
		answers[i], errs[i] = c.env.App.BookSession(context.Background(), c.meta, commands.Booking{Session: ref,
			CustomerID: c.customers[i], Participant: participant(i)})
	})
	statuses := map[string]int{}
	byBooking := map[string]commands.Booked{}
	for i, err := range errs {
		if err != nil {
			t.Fatalf("booking %d: %v", i, err)
		}
		statuses[answers[i].Status]++
		byBooking[answers[i].BookingID] = answers[i]
	}
	if statuses[booking.StatusConfirmed] != spots || statuses[booking.StatusWaitlisted] != clients-spots {
		t.Fatalf("outcomes %v, want %d confirmed and %d waitlisted", statuses, spots, clients-spots)
	}
	types, ids, versions := streamEvents(t, c.env, booking.Stream(ref.SessionID))
	if len(ids) != clients || len(byBooking) != clients {
		t.Fatalf("the stream holds %d events for %d distinct answers, want %d", len(ids), len(byBooking), clients)
	}
	for k, id := range ids {
		a, ok := byBooking[id]
		if !ok || types[k] != "booking.booked.v2" {
			t.Fatalf("event %d (%s %s) answers no caller", k, types[k], id)
		}
		if a.Version != versions[k] {
			t.Fatalf("booking %s answered version %d, its event is at %d", id, a.Version, versions[k])
		}
		want := booking.StatusConfirmed
		if k >= spots {
			want = booking.StatusWaitlisted
		}
		if a.Status != want {
			t.Fatalf("the %d-th booking in the stream was answered %s, want %s", k+1, a.Status, want)
		}
	}
}

// 200 customers book one bundle of 20 spots at the same moment: 20 confirmed, 180 wait.
func TestACrowdBookingOneBundleIsAnsweredWithoutErrors(t *testing.T) {
	const clients, spots = 200, 20
	c := newCrowd(t, clients)
	ctx := context.Background()
	act, err := c.env.App.CreateActivity(ctx, c.meta, c.org, activity.TypeBundle, activity.Details{Name: "Cursus"}, activity.Settings{HasWaitlist: true})
	if err != nil {
		t.Fatal(err)
	}
	bun, err := c.env.App.CreateBundle(ctx, c.meta, act.ID, bundle.Fields{Name: "Voorjaar", Spots: spots, StartDate: time.Now().AddDate(0, 0, 7).Format(time.DateOnly)})
	if err != nil {
		t.Fatal(err)
	}
	statuses := make([]string, clients)
	errs := make([]error, clients)
	all(clients, func(i int) {
		res, err := c.env.App.BookBundle(ctx, c.meta, commands.BundleBooking{BundleID: bun.ID, CustomerID: c.customers[i], Participant: participant(i), Zone: time.UTC})
		statuses[i], errs[i] = res.Status, err
	})
	counts := map[string]int{}
	for i, err := range errs {
		if err != nil {
			t.Fatalf("bundle booking %d: %v", i, err)
		}
		counts[statuses[i]]++
	}
	if counts[booking.StatusConfirmed] != spots || counts[booking.StatusWaitlisted] != clients-spots {
		t.Fatalf("outcomes %v, want %d confirmed and %d waitlisted", counts, spots, clients-spots)
	}
}

// 200 customers buy the 20 of a product at the same moment: 20 bought, and every other
// caller is answered its own refusal (sold out), not an error of the crowd.
func TestACrowdBuyingOneProductGetsItsOwnRefusals(t *testing.T) {
	const clients, spots = 200, 20
	c := newCrowd(t, clients)
	ctx := context.Background()
	typ, err := c.env.App.CreateCatalogItem(ctx, commands.Meta{ActorID: "test"}, catalog.ProductType, catalog.Fields{Name: "Shirt"})
	if err != nil {
		t.Fatal(err)
	}
	n := spots
	shirt, err := c.env.App.CreateProduct(ctx, c.meta, c.org, product.Details{Name: "Clubshirt", ProductTypeID: typ.ID, PriceDisplayMode: "eur", Spots: &n})
	if err != nil {
		t.Fatal(err)
	}
	statuses := make([]string, clients)
	errs := make([]error, clients)
	all(clients, func(i int) {
		res, err := c.env.App.BuyProduct(ctx, c.meta, commands.ProductPurchase{ProductID: shirt.ID, CustomerID: c.customers[i], Buyer: participant(i)})
		statuses[i], errs[i] = res.Status, err
	})
	bought := 0
	for i, err := range errs {
		var full *domain.ConflictError
		switch {
		case err == nil && statuses[i] == product.StatusConfirmed:
			bought++
		case errors.As(err, &full) && full.Key == "product.full":
		default:
			t.Fatalf("purchase %d: %q %v", i, statuses[i], err)
		}
	}
	if bought != spots {
		t.Fatalf("%d bought, want %d", bought, spots)
	}
	_, ids, _ := streamEvents(t, c.env, product.Stream(shirt.ID))
	held := map[string]bool{}
	for _, id := range ids {
		if id != "" {
			held[id] = true
		}
	}
	if len(held) != spots {
		t.Fatalf("the product's stream names %d purchases, want %d", len(held), spots)
	}
}

// Three servers (three apps on one store) take a crowd for one session together: the
// stream's version decides between them (a conflict decides a batch again), so still
// exactly the spots are confirmed and nobody gets an error.
func TestThreeServersShareACrowd(t *testing.T) {
	const clients, spots = 150, 20
	c := newCrowd(t, clients)
	ref := c.session(t, spots)
	var servers []*commands.App
	for range 3 {
		app, err := commands.New(c.env.Store, c.env.Registry, c.env.Vault, time.Now)
		if err != nil {
			t.Fatal(err)
		}
		servers = append(servers, app)
	}
	statuses := make([]string, clients)
	errs := make([]error, clients)
	all(clients, func(i int) {
		res, err := servers[i%3].BookSession(context.Background(), c.meta, commands.Booking{Session: ref, CustomerID: c.customers[i], Participant: participant(i)})
		statuses[i], errs[i] = res.Status, err
	})
	counts := map[string]int{}
	for i, err := range errs {
		if err != nil {
			t.Fatalf("booking %d through server %d: %v", i, i%3, err)
		}
		counts[statuses[i]]++
	}
	if counts[booking.StatusConfirmed] != spots || counts[booking.StatusWaitlisted] != clients-spots {
		t.Fatalf("outcomes %v, want %d confirmed and %d waitlisted", counts, spots, clients-spots)
	}
	if _, ids, _ := streamEvents(t, c.env, booking.Stream(ref.SessionID)); len(ids) != clients {
		t.Fatalf("the stream holds %d bookings, want %d", len(ids), clients)
	}
}

// Commands retried while a crowd books (the same command ids again) are answered their
// first booking, status and version from the batch's one read, and write nothing twice;
// a caller's own refusal (a customer already booked) stays its own.
func TestRetriedBookingsInACrowdAreAnsweredOnce(t *testing.T) {
	const firsts, newcomers, spots = 10, 40, 20
	c := newCrowd(t, firsts+newcomers)
	ref := c.session(t, spots)
	ctx := context.Background()
	metas := make([]commands.Meta, firsts)
	first := make([]commands.Booked, firsts)
	for i := range firsts {
		metas[i] = c.meta
		metas[i].CommandID = uuid.New()
		var err error
		if first[i], err = c.env.App.BookSession(ctx, metas[i], commands.Booking{Session: ref, CustomerID: c.customers[i], Participant: participant(i)}); err != nil {
			t.Fatal(err)
		}
	}
	again := make([]commands.Booked, firsts+newcomers+1)
	errs := make([]error, firsts+newcomers+1)
	twice := c.meta // the last newcomer's command sent twice at once
	twice.CommandID = uuid.New()
	all(firsts+newcomers+1, func(i int) {
		in := commands.Booking{Session: ref, CustomerID: c.customers[min(i, firsts+newcomers-1)], Participant: participant(i)}
		switch {
		case i < firsts:
			again[i], errs[i] = c.env.App.BookSession(ctx, metas[i], in)
		case i >= firsts+newcomers-1:
			again[i], errs[i] = c.env.App.BookSession(ctx, twice, in)
		default:
			again[i], errs[i] = c.env.App.BookSession(ctx, c.meta, in)
		}
	})
	a, b := again[firsts+newcomers-1], again[firsts+newcomers]
	if errs[firsts+newcomers] != nil || a.BookingID != b.BookingID || a.Status != b.Status || a.Version != b.Version {
		t.Fatalf("one command sent twice at once answered %+v and %+v (%v)", a, b, errs[firsts+newcomers])
	}
	for i := range firsts {
		if errs[i] != nil || again[i] != first[i] {
			t.Fatalf("retry %d answered %+v %v, first %+v", i, again[i], errs[i], first[i])
		}
	}
	for i := firsts; i < firsts+newcomers; i++ {
		if errs[i] != nil {
			t.Fatalf("newcomer %d: %v", i, errs[i])
		}
	}
	if _, ids, _ := streamEvents(t, c.env, booking.Stream(ref.SessionID)); len(ids) != firsts+newcomers {
		t.Fatalf("the stream holds %d bookings, want %d", len(ids), firsts+newcomers)
	}
	// The same customer again, under a new command: refused alone.
	_, err := c.env.App.BookSession(ctx, c.meta, commands.Booking{Session: ref, CustomerID: c.customers[0], Participant: participant(0)})
	var booked *domain.ConflictError
	if !errors.As(err, &booked) || booked.Key != "booking.already_booked" {
		t.Fatalf("a second booking of a customer: %v", err)
	}
}
