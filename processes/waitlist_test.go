package processes_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/organization"
	"move/domain/series"
	"move/identity"
)

type mailbox struct {
	mu   sync.Mutex
	sent []identity.Mail
}

func (m *mailbox) Send(_ context.Context, mail identity.Mail) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, mail)
	return nil
}

func (m *mailbox) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.sent)
}

// A process that stops between a cancellation and the promotion from the waiting list
// leaves a free spot and someone waiting; the worker promotes them, once however often it
// passes, and tells them by mail, once.
func TestWorkerPromotesFromTheWaitingListAfterAStop(t *testing.T) {
	ctx := context.Background()
	f := setup(t)
	mails := &mailbox{}
	f.worker.Mail = mails
	org := uuid.NewString()
	meta := commands.Meta{ActorID: "admin", ApplicationID: f.app, OrganizationID: org}
	if _, err := f.env.App.CreateOrganization(ctx, meta, organization.Profile{Name: "Studio"}); err != nil {
		t.Fatal(err)
	}
	meta.OrganizationID = ""
	act, err := f.env.App.CreateActivity(ctx, meta, org, activity.TypeSession, activity.Details{Name: "Yoga"}, activity.Settings{HasWaitlist: true})
	if err != nil {
		t.Fatal(err)
	}
	day := time.Now().AddDate(0, 0, 3).Format(time.DateOnly)
	s, err := f.env.App.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{Date: day, StartTime: "10:00", EndTime: "11:00", Spots: 1}})
	if err != nil {
		t.Fatal(err)
	}
	ref := commands.SessionRef{SeriesID: s.ID, SessionID: series.SessionID(s.ID, day)}
	add := func(name string) commands.Booked {
		b, err := f.env.App.BookSession(ctx, meta, commands.Booking{Session: ref, ByStaff: true,
			Participant: booking.Participant{FirstName: name, LastName: "Jansen", Email: name + "@example.test"}})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	first := add("anna")
	waiting := add("bram")
	if waiting.Status != booking.StatusWaitlisted {
		t.Fatalf("second booking: %s", waiting.Status)
	}

	f.env.App.AfterSpotFreed(func() { panic("stopped") })
	func() {
		defer func() { _ = recover() }()
		_, _ = f.env.App.CancelBooking(ctx, meta, ref, first.BookingID, "")
		t.Fatal("the failpoint stops the cancellation")
	}()
	f.env.App.AfterSpotFreed(nil)
	if f.typesIn(t, "booking.cancelled.v1") != 1 || f.typesIn(t, "booking.promoted.v1") != 0 {
		t.Fatal("the stop left a cancellation without a promotion")
	}
	f.caughtUp(t)
	f.untilIdle(t)
	if _, err := f.worker.Pass(ctx); err != nil { // once more: nothing more to promote
		t.Fatal(err)
	}
	if got := f.typesIn(t, "booking.promoted.v1"); got != 1 {
		t.Fatalf("promoted %d times", got)
	}
	// The cancelling request retried: nothing more.
	if _, _, err := f.env.App.PromoteWaiting(ctx, f.app, "", ref); err != nil {
		t.Fatal(err)
	}
	if got := f.typesIn(t, "booking.promoted.v1"); got != 1 {
		t.Fatalf("promoted %d times", got)
	}
	deadline := time.Now().Add(10 * time.Second)
	for f.typesIn(t, "booking.notified.v1") == 0 && time.Now().Before(deadline) {
		if _, err := f.worker.Pass(ctx); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, err := f.worker.Pass(ctx); err != nil {
		t.Fatal(err)
	}
	if n := mails.count(); n != 1 || f.typesIn(t, "booking.notified.v1") != 1 {
		t.Fatalf("told %d times (%d notified events)", n, f.typesIn(t, "booking.notified.v1"))
	}
	if mails.sent[0].To != "bram@example.test" {
		t.Fatalf("mail: %+v", mails.sent[0])
	}
}
