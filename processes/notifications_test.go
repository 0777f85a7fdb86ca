package processes_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	"move/domain/identity"
	"move/domain/notification"
	"move/internal/testenv"
	"move/processes"
	"move/projections"
	"move/push"
	"move/push/pushtest"
)

// notificationFixture: the process fixture's application with two more customers
// (three in all) and a staff member (no recipient), a local push service, and a
// notification scheduled an hour from now.
func notificationFixture(t *testing.T) (fixture, *pushtest.Server, string, time.Time) {
	t.Helper()
	ctx := context.Background()
	f := setup(t)
	for _, name := range [][2]string{{"Anna", "Jansen"}, {"Bram", "de Vries"}} {
		id := uuid.NewString()
		if _, err := f.env.App.RegisterUser(ctx, commands.Meta{ActorID: "test"}, id, id+"@move.test"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.env.DB.Exec(ctx, `INSERT INTO identity_personal_data (subject_id, email, email_key, first_name, last_name, is_user)
			VALUES ($1, $2, $2, $3, $4, true) ON CONFLICT (subject_id) DO UPDATE SET first_name = $3, last_name = $4`, id, id+"@move.test", name[0], name[1]); err != nil {
			t.Fatal(err)
		}
		if _, err := f.env.App.GrantRole(ctx, commands.Meta{ActorID: "test"}, id, identity.Grant{Role: identity.RoleCustomer, ApplicationID: f.app}); err != nil {
			t.Fatal(err)
		}
	}
	staff := uuid.NewString()
	if _, err := f.env.App.RegisterUser(ctx, commands.Meta{ActorID: "test"}, staff, staff+"@move.test"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.env.App.GrantRole(ctx, commands.Meta{ActorID: "test"}, staff, identity.Grant{Role: identity.RoleAdmin, ApplicationID: f.app}); err != nil {
		t.Fatal(err)
	}
	service := pushtest.New("key")
	t.Cleanup(service.Close)
	f.worker.Push = push.NewClient(service.URL, "key")
	zone, _ := time.LoadLocation("Europe/Amsterdam")
	at := time.Now().In(zone).Add(time.Hour).Truncate(time.Minute)
	res, err := f.env.App.ScheduleNotification(ctx, f.meta(), notification.Fields{Title: "Nieuw in {app_name}",
		Contents: "Hallo {first_name} {last_name}!", SendOn: at.Format(notification.LocalTimeLayout), Zone: "Europe/Amsterdam"})
	if err != nil {
		t.Fatal(err)
	}
	return f, service, res.ID, at
}

// The worker's clock decides: before the notification's moment nothing is sent, however
// often it passes; at the moment (a worker that did not exist when it was scheduled) it
// goes to every customer of the application, staff not, each text filled for its
// recipient, and is recorded sent with their number; later passes send nothing more. A
// moment moved later by an edit is kept.
func TestWorkerSendsANotificationAtItsMoment(t *testing.T) {
	ctx := context.Background()
	f, service, id, at := notificationFixture(t)
	var clock time.Time
	f.worker.Now = func() time.Time { return clock }
	clock = at.Add(-time.Second)
	f.caughtUp(t)
	for range 2 {
		if _, err := f.worker.Pass(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if service.Calls() != 0 || f.typesIn(t, "notification.sent.v1") != 0 {
		t.Fatal("sent before its moment")
	}
	// Moved ten minutes later: the old moment sends nothing.
	if _, err := f.env.App.UpdateNotification(ctx, f.meta(), id, nil, notification.Fields{Title: "Nieuw in {app_name}",
		Contents: "Hallo {first_name} {last_name}!", SendOn: at.Add(10 * time.Minute).Format(notification.LocalTimeLayout), Zone: "Europe/Amsterdam"}); err != nil {
		t.Fatal(err)
	}
	f.caughtUp(t)
	clock = at.Add(time.Minute)
	if _, err := f.worker.Pass(ctx); err != nil {
		t.Fatal(err)
	}
	if service.Calls() != 0 {
		t.Fatal("sent at the moment it was moved from")
	}

	later := processes.NewWorker(f.env.App, f.env.DB, projections.NewLocks(f.env.DB.Config().ConnConfig), testenv.Logger(t), prometheus.NewRegistry())
	later.Grace, later.Push = 0, f.worker.Push
	later.Now = func() time.Time { return at.Add(10 * time.Minute) }
	f.worker = later
	if n := f.untilIdle(t); n != 1 {
		t.Fatalf("%d steps, want 1", n)
	}
	for range 2 {
		if _, err := later.Pass(ctx); err != nil {
			t.Fatal(err)
		}
	}
	msgs := service.Messages()
	var bodies []string
	for _, m := range msgs {
		bodies = append(bodies, m.Title+" / "+m.Body)
	}
	slices.Sort(bodies)
	if !slices.Equal(bodies, []string{"Nieuw in Demo / Hallo !", "Nieuw in Demo / Hallo Anna Jansen!", "Nieuw in Demo / Hallo Bram de Vries!"}) || service.Calls() != 3 {
		t.Fatalf("pushed %d calls: %q", service.Calls(), bodies)
	}
	if f.typesIn(t, "notification.sent.v1") != 1 {
		t.Fatal("not recorded once")
	}
	var status string
	var recipients int
	f.caughtUp(t)
	if err := f.env.DB.QueryRow(ctx, `SELECT status, recipients FROM readmodel.notifications WHERE id = $1`, id).Scan(&status, &recipients); err != nil || status != "sent" || recipients != 3 {
		t.Fatalf("read model: %s %d %v", status, recipients, err)
	}
	// Sent: no edit, no cancel.
	if _, err := f.env.App.CancelNotification(ctx, f.meta(), id, nil); err == nil {
		t.Fatal("a sent notification was cancelled")
	}
}

// A process that stops between the pushes and their record has sent the notification
// without recording it: the next pass sends it again (at least once; the service drops
// the repeated keys, so nobody gets it twice) and records it; once recorded it is never
// sent again. The push service being down sends nothing and records nothing; it is sent
// when the service is back.
func TestWorkerSendsANotificationAStoppedProcessLeft(t *testing.T) {
	ctx := context.Background()
	f, service, _, at := notificationFixture(t)
	f.worker.Now = func() time.Time { return at }
	f.caughtUp(t)

	service.Down(true)
	if _, err := f.worker.Pass(ctx); err != nil {
		t.Fatal(err)
	}
	if len(service.Messages()) != 0 || f.typesIn(t, "notification.sent.v1") != 0 {
		t.Fatal("a failed push was recorded")
	}
	service.Down(false)

	f.env.App.AfterPushed(func() { panic("stopped") })
	func() {
		defer func() { _ = recover() }()
		_, _ = f.worker.Pass(ctx)
		t.Fatal("the failpoint stops the process")
	}()
	f.env.App.AfterPushed(nil)
	if len(service.Messages()) != 3 || f.typesIn(t, "notification.sent.v1") != 0 {
		t.Fatalf("the stop left %d pushes, %d records", len(service.Messages()), f.typesIn(t, "notification.sent.v1"))
	}
	calls := service.Calls()
	f.untilIdle(t)
	for range 3 {
		if _, err := f.worker.Pass(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if f.typesIn(t, "notification.sent.v1") != 1 {
		t.Fatalf("recorded %d times", f.typesIn(t, "notification.sent.v1"))
	}
	// Sent again once after the stop (3 more calls), never after the record.
	if got := service.Calls(); got != calls+3 || len(service.Messages()) != 3 {
		t.Fatalf("%d calls after the stop's %d, %d messages", got, calls, len(service.Messages()))
	}
}
