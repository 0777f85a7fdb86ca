package bundle

import (
	"errors"
	"testing"
	"time"

	"move/domain"
	"move/domain/booking"
)

var (
	now   = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	start = time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)
)

const app = "app"

func created(t *testing.T, spots int) *Bundle {
	t.Helper()
	b := New("b")
	events, err := b.Create(app, "org", "act", Fields{Name: " Ten weeks ", Spots: spots, StartDate: "2026-03-10", PriceCents: 0}, now)
	if err != nil {
		t.Fatal(err)
	}
	apply(b, events)
	if b.Fields.Name != "Ten weeks" {
		t.Fatalf("name not cleaned: %q", b.Fields.Name)
	}
	return b
}

func apply(b *Bundle, events []domain.Event) {
	for _, e := range events {
		b.Apply(e)
	}
}

func offer(b *Bundle, waitlist bool) booking.Offer {
	return b.Offer(booking.Offer{HasWaitlist: waitlist}, start)
}

func request(id, customer string) booking.Request {
	return booking.Request{BookingID: id, CustomerID: customer,
		Participant: booking.Participant{FirstName: "Anna", LastName: "Jansen", Email: "anna@example.org"}}
}

func book(t *testing.T, b *Bundle, o booking.Offer, in booking.Request) Booked {
	t.Helper()
	events, err := b.Book(o, in, now)
	if err != nil {
		t.Fatal(err)
	}
	apply(b, events)
	return events[0].(Booked)
}

func conflictKey(err error) string {
	var c *domain.ConflictError
	if errors.As(err, &c) {
		return c.Key
	}
	return ""
}

// The start date lies in the calendar window (package bounds); a bundle whose start left
// the window keeps it through a change of name.
func TestStartDateLiesInTheCalendarWindow(t *testing.T) {
	for _, date := range []string{"0000-01-01", "1900-01-01", "9999-12-31", "2021-02-28", "2036-03-02"} {
		_, err := New("b").Create(app, "org", "act", Fields{Name: "Ten weeks", Spots: 1, StartDate: date}, now)
		var v *domain.ValidationError
		if !errors.As(err, &v) || len(v.Fields) != 1 || v.Fields[0].Field != "start_date" || v.Fields[0].Key != "validation.between" {
			t.Errorf("%s: %v", date, err)
		}
	}
	b := New("b")
	events, err := b.Create(app, "org", "act", Fields{Name: "Ten weeks", Spots: 1, StartDate: "2021-03-01"}, now)
	if err != nil {
		t.Fatal(err)
	}
	b.Apply(events[0])
	later := now.AddDate(1, 0, 0)
	if _, err := b.Change(app, Fields{Name: "Eleven weeks", Spots: 1, StartDate: "2021-03-01"}, booking.Offer{}, later); err != nil {
		t.Fatalf("an old start kept: %v", err)
	}
	if _, err := b.Change(app, Fields{Name: "Eleven weeks", Spots: 1, StartDate: "2021-03-02"}, booking.Offer{}, later); err == nil {
		t.Fatal("an old start moved outside the window was accepted")
	}
}

func TestCreateRefusesBadFields(t *testing.T) {
	_, err := New("b").Create(app, "org", "act", Fields{Name: " ", Spots: 0, StartDate: "10-03-2026", PriceCents: -1, RateID: ptr("x")}, now)
	var v *domain.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("want a validation error, got %v", err)
	}
	got := map[string]string{}
	for _, f := range v.Fields {
		got[f.Field] = f.Key
	}
	want := map[string]string{"name": "validation.required", "spots": "session.spots", "start_date": "validation.date",
		"price_cents": "rate.price_range", "rate_id": "validation.invalid"}
	for field, key := range want {
		if got[field] != key {
			t.Errorf("%s: %q, want %q", field, got[field], key)
		}
	}
}

func ptr(s string) *string { return &s }

func TestBookFillsTheSpotsThenTheWaitingListAndACancellationPromotesInTheSameAppend(t *testing.T) {
	b := created(t, 2)
	o := offer(b, true)
	book(t, b, o, request("b1", "c1"))
	book(t, b, o, request("b2", "c2"))
	if x := book(t, b, o, request("b3", "c3")); x.Status != booking.StatusWaitlisted {
		t.Fatalf("third of two spots: %s, want waitlisted", x.Status)
	}
	if x := book(t, b, o, request("b4", "c4")); x.Status != booking.StatusWaitlisted {
		t.Fatalf("fourth: %s", x.Status)
	}
	if _, err := b.Book(o, request("b5", "c1"), now); conflictKey(err) != "booking.already_booked" {
		t.Fatalf("a customer twice: %v", err)
	}
	events, err := b.Cancel("b1", o, false, now)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 2 || events[1].(Promoted).BookingID != "b3" {
		t.Fatalf("cancel then promote the first waiting: %#v", events)
	}
	apply(b, events)
	if b.Taken() != 2 || len(b.Waiting) != 1 || b.Waiting[0] != "b4" {
		t.Fatalf("taken %d waiting %v", b.Taken(), b.Waiting)
	}
	if _, err := b.Cancel("b1", o, false, now); conflictKey(err) != "booking.cancelled" {
		t.Fatalf("cancel twice: %v", err)
	}
	// More spots: the waiting list moves up in the change's own append.
	events, err = b.Change(app, Fields{Name: "Ten weeks", Spots: 3, StartDate: "2026-03-10"}, o, now)
	if err != nil || len(events) != 2 || events[1].(Promoted).BookingID != "b4" {
		t.Fatalf("more spots: %#v %v", events, err)
	}
}

func TestBookRefusals(t *testing.T) {
	b := created(t, 1)
	book(t, b, offer(b, false), request("b1", "c1"))
	if _, err := b.Book(offer(b, false), request("b2", "c2"), now); conflictKey(err) != "bundle.full" {
		t.Fatalf("full without waiting list: %v", err)
	}
	if _, err := b.Book(offer(b, true), request("b3", "c3"), start.Add(time.Minute)); conflictKey(err) != "bundle.started" {
		t.Fatalf("after the start: %v", err)
	}
	staff := request("b4", "")
	staff.ByStaff = true
	if _, err := b.Book(offer(b, true), staff, start.Add(time.Hour)); err != nil {
		t.Fatalf("staff add after the start: %v", err)
	}
	gone := offer(b, true)
	apply(b, []domain.Event{Deleted{}})
	gone.Exists = false
	var nf *domain.NotFoundError
	if _, err := b.Book(gone, request("b5", "c5"), now); !errors.As(err, &nf) {
		t.Fatalf("deleted bundle: %v", err)
	}
}

func TestCheckInOncePerSessionOfTheBundle(t *testing.T) {
	b := created(t, 1)
	events, _ := b.AddSeries(app, "s1")
	apply(b, events)
	book(t, b, offer(b, true), request("b1", "c1"))
	book(t, b, offer(b, true), request("b2", "c2"))
	events, err := b.CheckIn(app, "b1", "s1", "session-1", now)
	if err != nil {
		t.Fatal(err)
	}
	apply(b, events)
	if _, err := b.CheckIn(app, "b1", "s1", "session-1", now.Add(time.Minute)); conflictKey(err) != "booking.already_checked_in" {
		t.Fatalf("second scan: %v", err)
	}
	if _, err := b.CheckIn(app, "b1", "s1", "session-2", now); err != nil {
		t.Fatalf("the next session of the bundle: %v", err)
	}
	var nf *domain.NotFoundError
	if _, err := b.CheckIn(app, "b1", "other-series", "session-9", now); !errors.As(err, &nf) {
		t.Fatalf("a session outside the bundle: %v", err)
	}
	if _, err := b.CheckIn(app, "b2", "s1", "session-1", now); conflictKey(err) != "booking.waitlisted" {
		t.Fatalf("waiting participant: %v", err)
	}
	if _, err := b.CheckIn("other-app", "b1", "s1", "session-1", now); !errors.As(err, &nf) {
		t.Fatalf("another application: %v", err)
	}
}

// A priced bundle holds the spot; Confirm makes it the participant's once, refuses a
// place on the waiting list and a cancelled booking (decision 0908).
func TestConfirmAHeldSpot(t *testing.T) {
	b := created(t, 1)
	o := offer(b, true)
	o.PaymentRequired = true
	held := book(t, b, o, request("one", "c1"))
	waiting := book(t, b, o, request("two", "c2"))
	if held.Status != booking.StatusHeld || waiting.Status != booking.StatusWaitlisted {
		t.Fatalf("%s, %s", held.Status, waiting.Status)
	}
	events, err := b.Confirm("one")
	if err != nil || len(events) != 1 {
		t.Fatalf("%v %v", events, err)
	}
	apply(b, events)
	if b.Bookings["one"].Status != booking.StatusConfirmed || b.Taken() != 1 {
		t.Fatalf("after confirm: %s", b.Bookings["one"].Status)
	}
	if again, err := b.Confirm("one"); err != nil || len(again) != 0 {
		t.Fatalf("confirmed twice: %v %v", again, err)
	}
	if _, err := b.Confirm("two"); conflictKey(err) != "booking.waitlisted" {
		t.Fatalf("a waiting place: %v", err)
	}
	cancelled, err := b.Cancel("one", o, false, now)
	if err != nil {
		t.Fatal(err)
	}
	apply(b, cancelled)
	if _, err := b.Confirm("one"); conflictKey(err) != "booking.cancelled" {
		t.Fatalf("a cancelled booking: %v", err)
	}
}

// A promoted participant is told once; a booking that never waited, or that lost its
// spot again, has nothing to tell.
func TestNotifyOnlyAPromotedParticipantOnce(t *testing.T) {
	b := created(t, 1)
	o := offer(b, true)
	book(t, b, o, request("b1", "c1"))
	book(t, b, o, request("b2", "c2"))
	book(t, b, o, request("b3", "c3"))
	if n := b.Notify("b1"); n != nil {
		t.Fatalf("never waited: %#v", n)
	}
	if n := b.Notify("b2"); n != nil {
		t.Fatalf("still waiting: %#v", n)
	}
	events, err := b.Cancel("b1", o, false, now)
	if err != nil {
		t.Fatal(err)
	}
	apply(b, events)
	n := b.Notify("b2")
	if len(n) != 1 || n[0].(Notified).BookingID != "b2" {
		t.Fatalf("promoted: %#v", n)
	}
	apply(b, n)
	if n := b.Notify("b2"); n != nil {
		t.Fatalf("told twice: %#v", n)
	}
	// Promoted, then cancelled before being told: nothing to tell.
	events, err = b.Cancel("b2", o, true, now)
	if err != nil {
		t.Fatal(err)
	}
	apply(b, events)
	if n := b.Notify("b2"); n != nil {
		t.Fatalf("cancelled: %#v", n)
	}
	if b.Bookings["b3"].Status != booking.StatusConfirmed {
		t.Fatalf("b3: %s", b.Bookings["b3"].Status)
	}
	events, err = b.Cancel("b3", o, true, now)
	if err != nil {
		t.Fatal(err)
	}
	apply(b, events)
	if n := b.Notify("b3"); n != nil {
		t.Fatalf("promoted then cancelled: %#v", n)
	}
}
