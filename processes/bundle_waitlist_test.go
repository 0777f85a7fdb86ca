package processes_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	"move/domain/booking"
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
	b := f.newBundle(t, bundleSpec{spots: 1, waitlist: true})
	startDay := b.start
	b.session(t, f, startDay.Format(time.DateOnly))
	first := b.book(t, f, "anna", "")
	waiting := b.book(t, f, "bram", "")
	if waiting.Status != booking.StatusWaitlisted {
		t.Fatalf("second booking: %s", waiting.Status)
	}
	if _, err := f.env.App.CancelBundleBooking(ctx, b.meta, b.id, first.BookingID, ""); err != nil {
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
	if _, err := f.env.App.NotifyBundlePromotion(ctx, f.app, b.id, waiting.BookingID, func(commands.BundlePromotion) error {
		t.Fatal("a recorded notification is told again")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n := f.typesIn(t, "bundle.notified.v1"); n != 1 {
		t.Fatalf("%d notified events", n)
	}
}
