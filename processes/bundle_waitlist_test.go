package processes_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/organization"
	"move/domain/series"
	"move/identity"
	"move/internal/testenv"
	"move/processes"
	"move/projections"
)

// crashingMail is a mail port whose server stops as it is about to send.
type crashingMail struct{}

func (crashingMail) Send(context.Context, identity.Mail) error { panic("stopped") }

// A bundle promotes in the cancellation's own append; the participant is told by the
// worker. A server that stops between the promotion and the mail tells them after the
// restart, once; a recorded notification is never sent again (decision 0810).
func TestWorkerTellsAPromotedBundleParticipantOnceAfterAStop(t *testing.T) {
	ctx := context.Background()
	f := setup(t)
	org := uuid.NewString()
	meta := commands.Meta{ActorID: "admin", ApplicationID: f.app, OrganizationID: org}
	if _, err := f.env.App.CreateOrganization(ctx, meta, organization.Profile{Name: "Studio"}); err != nil {
		t.Fatal(err)
	}
	meta.OrganizationID = ""
	act, err := f.env.App.CreateActivity(ctx, meta, org, activity.TypeBundle, activity.Details{Name: "Zwemcursus"}, activity.Settings{HasWaitlist: true})
	if err != nil {
		t.Fatal(err)
	}
	startDay := time.Now().AddDate(0, 0, 7)
	b, err := f.env.App.CreateBundle(ctx, meta, act.ID, bundle.Fields{Name: "Voorjaar", Spots: 1, StartDate: startDay.Format(time.DateOnly)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.env.App.CreateBundleSeries(ctx, meta, b.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: startDay.Format(time.DateOnly), StartTime: "10:00", EndTime: "11:00", Spots: 1}}); err != nil {
		t.Fatal(err)
	}
	add := func(name string) commands.Booked {
		x, err := f.env.App.BookBundle(ctx, meta, commands.BundleBooking{BundleID: b.ID, ByStaff: true,
			Participant: booking.Participant{FirstName: name, LastName: "Jansen", Email: name + "@example.test"}})
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	first := add("anna")
	waiting := add("bram")
	if waiting.Status != booking.StatusWaitlisted {
		t.Fatalf("second booking: %s", waiting.Status)
	}
	if _, err := f.env.App.CancelBundleBooking(ctx, meta, b.ID, first.BookingID, ""); err != nil {
		t.Fatal(err)
	}
	if f.typesIn(t, "bundle.promoted.v1") != 1 {
		t.Fatal("the cancellation did not promote")
	}

	// The server stops as its worker is about to mail: nothing is sent or recorded.
	f.worker.Mail = crashingMail{}
	f.caughtUp(t)
	func() {
		defer func() { _ = recover() }()
		_, _ = f.worker.Pass(ctx)
		t.Fatal("the mail port stops the worker")
	}()
	if f.typesIn(t, "bundle.notified.v1") != 0 {
		t.Fatal("recorded as told without a mail")
	}

	// After the restart a new worker tells them, once however often it passes.
	mails := &mailbox{}
	f.worker = processes.NewWorker(f.env.App, f.env.DB, projections.NewLocks(f.env.DB.Config().ConnConfig), testenv.Logger(t), prometheus.NewRegistry())
	f.worker.Grace, f.worker.Mail = 0, mails
	f.untilIdle(t)
	f.caughtUp(t)
	if _, err := f.worker.Pass(ctx); err != nil {
		t.Fatal(err)
	}
	if n := mails.count(); n != 1 || f.typesIn(t, "bundle.notified.v1") != 1 {
		t.Fatalf("told %d times (%d notified events)", n, f.typesIn(t, "bundle.notified.v1"))
	}
	m := mails.sent[0]
	if m.To != "bram@example.test" || m.Subject != "Je hebt een plek: Zwemcursus (Voorjaar)" ||
		!strings.Contains(m.Body, "Hallo bram,") || !strings.Contains(m.Body, "vanaf "+startDay.Format("02-01-2006")) {
		t.Fatalf("mail: %+v", m)
	}
	// The command asked again (a worker that read the to-do list before the record): no
	// second mail.
	if _, err := f.env.App.NotifyBundlePromotion(ctx, f.app, b.ID, waiting.BookingID, func(commands.BundlePromotion) error {
		t.Fatal("a recorded notification is told again")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n := f.typesIn(t, "bundle.notified.v1"); n != 1 {
		t.Fatalf("%d notified events", n)
	}
}
