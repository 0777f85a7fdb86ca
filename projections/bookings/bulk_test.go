package bookings_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/booking"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	rm "move/projections/bookings"
)

// The participants and their history built live equal their rebuild, in which a
// participant booked in the batch is decided in memory and copied (ApplyBulk): over
// bookings held, confirmed and waitlisted, promotions, cancellations with a refund,
// attendance and check-ins, a removal, a move to another session and one back again
// (a second booking of the same participant, which goes through the statements).
func TestRebuildEqualsLive(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	runner := env.Runner(t, rm.Projector())
	env.RunProjections(t, runner)

	app, org, activity := uuid.NewString(), uuid.NewString(), uuid.NewString()
	start := time.Now().Add(48 * time.Hour)
	offer := func(id string) booking.Offer {
		return booking.Offer{ApplicationID: app, OrganizationID: org, ActivityID: activity, SessionID: id, Exists: true,
			Date: start.Format(time.DateOnly), Start: start, Spots: 3, HasWaitlist: true, PaymentRequired: true}
	}
	a, b := booking.New(uuid.NewString()), booking.New(uuid.NewString())
	var last eventstore.Position
	var appendTo func(*booking.Session, []domain.Event, error)
	// write(s)(events, err) applies a decision's events to s and appends them.
	write := func(s *booking.Session) func([]domain.Event, error) {
		return func(events []domain.Event, err error) { appendTo(s, events, err) }
	}
	appendTo = func(s *booking.Session, events []domain.Event, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if len(events) == 0 {
			return
		}
		streams := make([]string, len(events))
		for i, e := range events {
			s.Apply(e)
			streams[i] = booking.Stream(s.ID)
		}
		sealed, err := env.Vault.SealAll(ctx, streams, events)
		if err != nil {
			t.Fatal(err)
		}
		data := make([]eventstore.EventData, len(sealed))
		for i, e := range sealed {
			typ, payload, err := env.Registry.Encode(e)
			if err != nil {
				t.Fatal(err)
			}
			data[i] = eventstore.EventData{ID: uuid.New(), Type: typ, Data: payload, Metadata: eventstore.Metadata{ApplicationID: app, ActorID: "test"}}
		}
		res, err := env.Store.AppendMulti(ctx, eventstore.StreamAppend{Stream: booking.Stream(s.ID), Expected: eventstore.Any, Events: data})
		if err != nil {
			t.Fatal(err)
		}
		last = res[0].Position
	}
	ids := make([]string, 6)
	for i := range ids {
		ids[i] = uuid.NewString()
		customer := ""
		if i%2 == 0 {
			customer = uuid.NewString()
		}
		write(a)(a.Book(offer(a.ID), booking.Request{BookingID: ids[i], CustomerID: customer, ByStaff: customer == "",
			Participant: booking.Participant{FirstName: "Deelnemer", LastName: fmt.Sprint(i), Email: fmt.Sprintf("d%d@example.test", i)}}, time.Now()))
	}
	write(a)(a.Confirm(ids[0]))
	write(a)(a.Cancel(ids[1], func(int) int { return 50 }, start, time.Now(), false))
	appendTo(a, a.PromoteWaiting(offer(a.ID)), nil)
	write(a)(a.MarkAttendance(ids[0], "present", time.Now()))
	write(a)(a.CheckIn(ids[2], "qr", time.Now()))
	write(a)(a.Remove(ids[4]))
	out, in, err := a.MoveTo(ids[5], b, offer(b.ID))
	appendTo(a, out, err)
	appendTo(b, in, nil)
	back, again, err := b.MoveTo(ids[5], a, offer(a.ID))
	appendTo(b, back, err)
	appendTo(a, again, nil)
	appendTo(a, a.Notify(ids[3]), nil)

	wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := projections.WaitFor(wctx, env.DB, []string{rm.Name}, last); err != nil {
		t.Fatal(err)
	}
	env.RebuildEqualsLive(t, runner)
	var kinds string
	if err := env.DB.QueryRow(ctx, `SELECT string_agg(DISTINCT event, ' ' ORDER BY event) FROM readmodel.booking_history`).Scan(&kinds); err != nil {
		t.Fatal(err)
	}
	if want := "attendance_marked booked cancelled confirmed moved_out notified promoted removed"; kinds != want {
		t.Errorf("the history covers %q, want %q", kinds, want)
	}
}
