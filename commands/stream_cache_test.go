package commands_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain"
	"move/domain/booking"
	"move/eventstore"
)

// secondServer is another server's command app on the same store: its own single
// writers and its own cache of streams (decision 1720).
func secondServer(t *testing.T, c crowd) *commands.App {
	t.Helper()
	app, err := commands.New(c.env.Store, c.env.Registry, c.env.Vault, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	return app
}

// A server keeps the session it booked; another server's bookings since make that
// stale. The next booking reads only what is newer and decides on it: the session
// fills, the later booking waits. When the other server appends between a batch's read
// and its append, the append's expected version refuses it and the batch is decided
// again on the stream as it now stands.
func TestAStaleKeptSessionIsDecidedAgainOnWhatAnotherServerAppended(t *testing.T) {
	const spots = 4
	c := newCrowd(t, 5)
	ref := c.session(t, spots)
	ctx := context.Background()
	a, b := c.env.App, secondServer(t, c)
	book := func(app *commands.App, i int) commands.Booked {
		t.Helper()
		res, err := app.BookSession(ctx, c.meta, commands.Booking{Session: ref, CustomerID: c.customers[i], Participant: participant(i)})
		if err != nil {
			t.Fatalf("booking %d: %v", i, err)
		}
		return res
	}
	if got := book(a, 0); got.Status != booking.StatusConfirmed || got.Version != 0 {
		t.Fatalf("first booking: %+v", got)
	}
	if got := book(b, 1); got.Status != booking.StatusConfirmed || got.Version != 1 {
		t.Fatalf("the other server's booking: %+v", got)
	}
	// a keeps the stream at version 0; it reads version 1 before deciding.
	if got := book(a, 2); got.Status != booking.StatusConfirmed || got.Version != 2 {
		t.Fatalf("a booking on a kept session another server appended to: %+v", got)
	}
	// Another server books the last spot while a's batch is between its read and its
	// append: a's append is refused, and a decides again — the waiting list.
	raced := false
	a.BeforeBatchAppend(func([]uuid.UUID) {
		if !raced {
			raced = true
			book(b, 3)
		}
	})
	got := book(a, 4)
	a.BeforeBatchAppend(nil)
	if !raced || got.Status != booking.StatusWaitlisted || got.Version != 4 {
		t.Fatalf("a booking that lost the race for the last spot: %+v (raced %v)", got, raced)
	}
	types, ids, versions := streamEvents(t, c.env, booking.Stream(ref.SessionID))
	if len(ids) != 5 || versions[4] != 4 {
		t.Fatalf("the stream holds %v %v %v, want the five bookings once each", types, ids, versions)
	}
}

// What a server keeps of a session's offer is never booked on once another server
// changed it: a session another server deleted is refused, though this server had its
// series, its session and the customer kept (the booking's one write finds the series
// moved, and the booking is read and decided again).
func TestAKeptOfferIsReadAgainWhenAnotherServerChangedIt(t *testing.T) {
	c := newCrowd(t, 2)
	ref, other := c.session(t, 5), c.session(t, 5)
	ctx := context.Background()
	a, b := c.env.App, secondServer(t, c)
	// a keeps the second customer (booking another session) and the session (booked).
	if _, err := a.BookSession(ctx, c.meta, commands.Booking{Session: other, CustomerID: c.customers[1], Participant: participant(1)}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.BookSession(ctx, c.meta, commands.Booking{Session: ref, CustomerID: c.customers[0], Participant: participant(0)}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.DeleteSession(ctx, c.meta, ref.SeriesID, ref.SessionID, false); err != nil {
		t.Fatal(err)
	}
	_, err := a.BookSession(ctx, c.meta, commands.Booking{Session: ref, CustomerID: c.customers[1], Participant: participant(1)})
	var gone *domain.NotFoundError
	if !errors.As(err, &gone) {
		t.Fatalf("a booking of a session another server deleted: %v", err)
	}
	if _, ids, _ := streamEvents(t, c.env, booking.Stream(ref.SessionID)); len(ids) != 1 {
		t.Fatalf("the deleted session's stream holds %d bookings, want the one before", len(ids))
	}
	// A refusal decided on what a keeps is read again too: the customer whom b's
	// cancellation freed books again.
	first, err := a.BookSession(ctx, c.meta, commands.Booking{Session: other, CustomerID: c.customers[0], Participant: participant(0)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.CancelBooking(ctx, c.meta, other, first.BookingID, c.customers[0]); err != nil {
		t.Fatal(err)
	}
	if again, err := a.BookSession(ctx, c.meta, commands.Booking{Session: other, CustomerID: c.customers[0], Participant: participant(0)}); err != nil || again.Status != booking.StatusConfirmed {
		t.Fatalf("booking again after another server cancelled: %+v %v", again, err)
	}
}

// A booking's participant key is written with its append, in one round trip; when the
// key exists already (a first attempt stopped after writing it), the booking is still
// made once, sealed with that key, and its participant opens.
func TestABookingWhoseKeyExistsIsSealedWithIt(t *testing.T) {
	c := newCrowd(t, 1)
	ref := c.session(t, 5)
	ctx := context.Background()
	meta := c.meta
	meta.CommandID = uuid.New()
	bookingID := uuid.NewSHA1(meta.CommandID, []byte("booking")).String()
	// The key of the booking's subject, as an earlier attempt left it.
	if _, err := c.env.Vault.SealAll(ctx, []string{booking.Stream(ref.SessionID)},
		[]domain.Event{booking.Booked{BookingID: bookingID, Subject: booking.Subject(bookingID), Participant: participant(9)}}); err != nil {
		t.Fatal(err)
	}
	in := commands.Booking{Session: ref, CustomerID: c.customers[0], Participant: participant(0)}
	first, err := c.env.App.BookSession(ctx, meta, in)
	if err != nil || first.BookingID != bookingID || first.Status != booking.StatusConfirmed {
		t.Fatalf("booking with a key already there: %+v %v", first, err)
	}
	again, err := c.env.App.BookSession(ctx, meta, in)
	if err != nil || again != first {
		t.Fatalf("the retried command answered %+v %v, first %+v", again, err, first)
	}
	events, err := c.env.Store.ReadStream(ctx, booking.Stream(ref.SessionID), eventstore.Forwards, 0, 10)
	if err != nil || len(events) != 1 {
		t.Fatalf("the session's stream: %d events, %v", len(events), err)
	}
	decoded, err := c.env.Registry.Decode(events[0].Type, events[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	if decoded.(booking.Booked).Participant.LastName == participant(0).LastName {
		t.Fatal("the participant is stored unsealed")
	}
	opened, err := c.env.Vault.OpenAll(ctx, []domain.Event{decoded})
	if err != nil {
		t.Fatal(err)
	}
	if got := opened[0].(booking.Booked).Participant; got != participant(0) {
		t.Fatalf("the participant opens as %+v, want %+v", got, participant(0))
	}
}
