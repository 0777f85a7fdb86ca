package processes_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/booking"
	"move/domain/closure"
	"move/eventstore"
)

// A closure records the bundle bookings that held a closed session with it
// (closure.session_closed.v2); the worker mails each of their participants once, in the
// language they booked in, saying the bundle stays and nothing is refunded — however
// often it passes and after the to-do list is rebuilt from the log. A waiting-list
// bundle booking holds no session and is not told; the bundle bookings stay as they
// were (decisions 1711, 1770).
func TestTheWorkerMailsTheBundleHoldersOfAClosedSessionOnce(t *testing.T) {
	ctx := context.Background()
	f := setup(t)
	b := f.newBundle(t, bundleSpec{spots: 2, waitlist: true})
	meta := b.meta
	day := b.start.AddDate(0, 0, 3).Format(time.DateOnly)
	ref := b.session(t, f, day)
	held := map[string]string{} // booking → the language it was booked in
	for _, p := range []struct{ name, language string }{{"emma", "en"}, {"daan", ""}, {"wim", "nl"}} {
		x := b.book(t, f, p.name, p.language)
		if p.name == "wim" {
			if x.Status != booking.StatusWaitlisted {
				t.Fatalf("wim is %s", x.Status)
			}
			continue
		}
		held[x.BookingID] = p.language
	}

	// The request names the bundles the read model holds for the series, and one that is
	// no bundle at all: the command keeps the bundle whose stream holds the series.
	closed, err := f.env.App.PlanClosure(ctx, meta, commands.ClosureRequest{OrganizationID: b.org, Zone: "Europe/Amsterdam",
		Range: closure.Range{From: day, Until: day, Reason: "Onderhoud"}, Candidates: []closure.SessionRef{ref},
		Bundles: commands.BundleIndex{ref.SeriesID: {b.id, uuid.NewString()}}})
	if err != nil || closed.Sessions != 1 || closed.Bookings != 0 || closed.BundleBookings != 2 {
		t.Fatalf("closure: %+v %v", closed, err)
	}
	if n := f.typesIn(t, "closure.session_closed.v2"); n != 1 {
		t.Fatalf("%d session_closed.v2", n)
	}
	if n := f.typesIn(t, "bundle.booking_cancelled.v1"); n != 0 {
		t.Fatalf("the closure cancelled %d bundle bookings", n)
	}

	mails := &mailbox{}
	f.worker.Mail = mails
	f.untilIdle(t)
	f.caughtUp(t)
	if _, err := f.worker.Pass(ctx); err != nil {
		t.Fatal(err)
	}
	if n := mails.count(); n != 2 || f.typesIn(t, "closure.bundle_holder_notified.v1") != 2 {
		t.Fatalf("told %d times (%d notified events): %+v", n, f.typesIn(t, "closure.bundle_holder_notified.v1"), mails.sent)
	}
	when := map[string]string{"en": mustDate(t, day).Format("2 January 2006"), "": mustDate(t, day).Format("02-01-2006")}
	for _, m := range mails.sent {
		switch m.To {
		case "emma@example.test": // booked in English
			if m.Subject != "Cancelled: Zwemcursus on "+when["en"] || !strings.Contains(m.Body, "Hello emma,") ||
				!strings.Contains(m.Body, "does not take place: Onderhoud") || !strings.Contains(m.Body, "Your bundle Voorjaar stays valid") ||
				strings.Contains(m.Body, "everything you paid") {
				t.Fatalf("mail: %+v", m)
			}
		case "daan@example.test": // no language: Dutch
			if m.Subject != "Gaat niet door: Zwemcursus op "+when[""] || !strings.Contains(m.Body, "Je bundel Voorjaar blijft geldig") ||
				strings.Contains(m.Body, "volledig terug") {
				t.Fatalf("mail: %+v", m)
			}
		default:
			t.Fatalf("mailed %s", m.To)
		}
	}

	// The command asked again (a worker that read the to-do list before the record): no
	// second mail.
	for id := range held {
		if _, err := f.env.App.NotifyBundleClosure(ctx, f.app, closed.ID, ref, id, func(commands.ClosureNotice) error {
			t.Fatal("a recorded notice is told again")
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	// The to-do list rebuilt from the log (a replay) lists nobody: the notices are in it.
	f.env.Rebuild(t, f.runner)
	f.caughtUp(t)
	for range 2 {
		if _, err := f.worker.Pass(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := mails.count(); n != 2 || f.typesIn(t, "closure.bundle_holder_notified.v1") != 2 {
		t.Fatalf("after the replay: told %d times", n)
	}
}

func mustDate(t *testing.T, day string) time.Time {
	t.Helper()
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// A closure whose request stopped after its plan is closed by the worker, which finds
// the bundles of the sessions left in the read model: their holders are recorded and
// mailed as on the fast path. A closure.session_closed.v1 stored before v2 reads as v2
// without bundle bookings: the closure counts it closed, closes nothing again and tells
// no bundle holder (decision 1770).
func TestTheWorkerClosesWhatAStoppedClosureLeftWithItsBundleHolders(t *testing.T) {
	ctx := context.Background()
	f := setup(t)
	b := f.newBundle(t, bundleSpec{spots: 5})
	meta, org, start := b.meta, b.org, b.start
	var refs []closure.SessionRef
	for _, d := range []int{2, 3} {
		refs = append(refs, b.session(t, f, start.AddDate(0, 0, d).Format(time.DateOnly)))
	}
	b.book(t, f, "emma", "en")
	old, stopped := uuid.NewString(), uuid.NewString()
	plan := func(id string, ref closure.SessionRef) eventstore.EventData {
		data, _ := json.Marshal(closure.Planned{ApplicationID: f.app, OrganizationID: org, From: start.Format(time.DateOnly),
			Until: start.AddDate(0, 0, 5).Format(time.DateOnly), Reason: "Onderhoud", Sessions: []closure.SessionRef{ref}})
		return eventstore.EventData{ID: uuid.New(), Type: "closure.planned.v1", Data: data,
			Metadata: eventstore.Metadata{ApplicationID: f.app, OrganizationID: org, ActorID: "admin"}}
	}
	// Before v2: the first session's closure as v1 recorded it, without bundle bookings.
	v1, _ := json.Marshal(map[string]any{"series_id": refs[0].SeriesID, "session_id": refs[0].SessionID, "bookings": []string{}})
	if _, err := f.env.Store.Append(ctx, closure.Stream(old), eventstore.NoStream, plan(old, refs[0]), eventstore.EventData{ID: uuid.New(),
		Type: closure.SessionClosedV1, Data: v1, Metadata: eventstore.Metadata{ApplicationID: f.app, OrganizationID: org, ActorID: "admin"}}); err != nil {
		t.Fatal(err)
	}
	// A request that stopped after planning the second session's closure.
	if _, err := f.env.Store.Append(ctx, closure.Stream(stopped), eventstore.NoStream, plan(stopped, refs[1])); err != nil {
		t.Fatal(err)
	}

	mails := &mailbox{}
	f.worker.Mail = mails
	for i := range 6 { // close the stopped closure's session, then tell its holder, then nothing
		f.caughtUp(t)
		done, err := f.worker.Pass(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("pass %d: %d steps, %d mails", i, done, mails.count())
	}
	if n := mails.count(); n != 1 || mails.sent[0].To != "emma@example.test" || !strings.Contains(mails.sent[0].Body, "Your bundle Voorjaar stays valid") {
		t.Fatalf("told %d: %+v", n, mails.sent)
	}
	if n := f.typesIn(t, "closure.session_closed.v2"); n != 1 {
		t.Fatalf("%d session_closed.v2: the v1 closure closed again, or the stopped one not", n)
	}
	again, err := f.env.App.CloseSessions(ctx, meta, old, nil)
	if err != nil || again.Sessions != 1 || again.BundleBookings != 0 {
		t.Fatalf("the v1 closure: %+v %v", again, err)
	}
	done, err := f.env.App.CloseSessions(ctx, meta, stopped, nil)
	if err != nil || done.Sessions != 1 || done.BundleBookings != 1 {
		t.Fatalf("the stopped closure: %+v %v", done, err)
	}
}

// A bundle holder whose bundle booking ends after the closure recorded it, before the
// worker told them (they cancel), is not mailed that their bundle stays: the to-do list
// lets go of them with the cancellation, and the command, asked anyway (a worker that
// read the list before the cancellation), reads the bundle's stream and records the
// notice skipped instead, once. A closure's record that lands after the cancellation
// (the two raced) lists the holder again; the worker's pass skips them the same way
// and the list lets go (decision 1820).
func TestTheWorkerDoesNotTellAHolderWhoseBundleBookingEnded(t *testing.T) {
	ctx := context.Background()
	f := setup(t)
	b := f.newBundle(t, bundleSpec{spots: 2})
	day := b.start.AddDate(0, 0, 3).Format(time.DateOnly)
	ref := b.session(t, f, day)
	b.book(t, f, "emma", "en")
	leaves := b.book(t, f, "daan", "").BookingID
	closed, err := f.env.App.PlanClosure(ctx, b.meta, commands.ClosureRequest{OrganizationID: b.org, Zone: "Europe/Amsterdam",
		Range: closure.Range{From: day, Until: day, Reason: "Onderhoud"}, Candidates: []closure.SessionRef{ref},
		Bundles: commands.BundleIndex{ref.SeriesID: {b.id}}})
	if err != nil || closed.BundleBookings != 2 {
		t.Fatalf("closure: %+v %v", closed, err)
	}
	listed := func() int { // daan's notices on the to-do list
		t.Helper()
		f.caughtUp(t)
		var n int
		if err := f.env.DB.QueryRow(ctx, `SELECT count(*) FROM readmodel.pending_closure_bundle_notices WHERE booking_id = $1`, leaves).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := listed(); n != 1 {
		t.Fatalf("daan listed %d times before he cancels", n)
	}
	if _, err := f.env.App.CancelBundleBooking(ctx, b.meta, b.id, leaves, ""); err != nil {
		t.Fatal(err)
	}
	if n := listed(); n != 0 {
		t.Fatalf("daan listed %d times after he cancelled", n)
	}

	mails := &mailbox{}
	f.worker.Mail = mails
	f.untilIdle(t)
	if n := mails.count(); n != 1 || mails.sent[0].To != "emma@example.test" {
		t.Fatalf("told %d: %+v", n, mails.sent)
	}
	if n := f.typesIn(t, "closure.bundle_holder_skipped.v1"); n != 0 {
		t.Fatalf("%d skipped: the worker asked for a holder the list let go of", n)
	}
	for range 2 { // a worker that read the list before the cancellation
		if _, err := f.env.App.NotifyBundleClosure(ctx, f.app, closed.ID, ref, leaves, func(commands.ClosureNotice) error {
			t.Fatal("a holder whose bundle booking ended is told")
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	if n := f.typesIn(t, "closure.bundle_holder_skipped.v1"); n != 1 {
		t.Fatalf("%d skipped, want 1", n)
	}

	// A closure whose record of the session lands after the cancellation in the log.
	late := uuid.NewString()
	md := eventstore.Metadata{ApplicationID: f.app, OrganizationID: b.org, ActorID: "admin"}
	planned, _ := json.Marshal(closure.Planned{ApplicationID: f.app, OrganizationID: b.org, From: day, Until: day, Reason: "Onderhoud",
		Sessions: []closure.SessionRef{ref}})
	record, _ := json.Marshal(closure.SessionClosed{SeriesID: ref.SeriesID, SessionID: ref.SessionID, Bookings: []string{},
		BundleBookings: []closure.BundleSeat{{BundleID: b.id, BookingID: leaves}}})
	if _, err := f.env.Store.Append(ctx, closure.Stream(late), eventstore.NoStream,
		eventstore.EventData{ID: uuid.New(), Type: closure.Planned{}.EventType(), Data: planned, Metadata: md},
		eventstore.EventData{ID: uuid.New(), Type: closure.SessionClosed{}.EventType(), Data: record, Metadata: md}); err != nil {
		t.Fatal(err)
	}
	if n := listed(); n != 1 {
		t.Fatalf("the late record lists daan %d times", n)
	}
	f.untilIdle(t)
	if n := listed(); n != 0 || mails.count() != 1 || f.typesIn(t, "closure.bundle_holder_skipped.v1") != 2 {
		t.Fatalf("after the late record: listed %d, told %d, %d skipped", n, mails.count(), f.typesIn(t, "closure.bundle_holder_skipped.v1"))
	}
	if done, err := f.worker.Pass(ctx); err != nil || done != 0 {
		t.Fatalf("a pass after: %d steps, %v", done, err)
	}
}
