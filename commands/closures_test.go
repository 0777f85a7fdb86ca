package commands_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/closure"
	"move/domain/identity"
	"move/domain/location"
	"move/domain/organization"
	"move/domain/series"
	"move/internal/testenv"
)

// A closure of one location closes only the sessions of activities there; a closure of
// the whole organisation closes the rest, the waiting list with the spots (nobody is
// promoted into a closed session). Candidates of another organisation are dropped; a
// retry writes nothing; another application finds nothing; a bad range writes nothing.
func TestAClosureClosesTheSessionsOfItsScopeOnce(t *testing.T) {
	ctx := context.Background()
	env := testenv.New(t)
	meta := inApplication(t, env, "app")
	org, err := env.App.CreateOrganization(ctx, meta, organization.Profile{Name: "Studio"})
	if err != nil {
		t.Fatal(err)
	}
	other, err := env.App.CreateOrganization(ctx, meta, organization.Profile{Name: "Elders"})
	if err != nil {
		t.Fatal(err)
	}
	pool, err := env.App.CreateLocation(ctx, meta, org.ID, location.Fields{Name: "Zwembad", LocationTypes: []string{}, Sports: []string{}, Contacts: []string{}, OpeningHours: []location.Day{}})
	if err != nil {
		t.Fatal(err)
	}
	day := time.Now().AddDate(0, 0, 10).Format(time.DateOnly)
	session := func(orgID string, settings activity.Settings, at *string) closure.SessionRef {
		x, err := env.App.CreateActivity(ctx, meta, orgID, activity.TypeSession, activity.Details{Name: "Les"}, settings)
		if err != nil {
			t.Fatal(err)
		}
		if at != nil {
			if _, err := env.App.SetActivityLocation(ctx, meta, x.ID, at); err != nil {
				t.Fatal(err)
			}
		}
		res, err := env.App.CreateSeries(ctx, meta, x.ID, "Europe/Amsterdam",
			series.Schedule{Session: series.Session{Date: day, StartTime: "09:00", EndTime: "10:00", Spots: 1}})
		if err != nil {
			t.Fatal(err)
		}
		return closure.SessionRef{SeriesID: res.ID, SessionID: series.SessionID(res.ID, day)}
	}
	swim := session(org.ID, activity.Settings{}, &pool.ID)
	yoga := session(org.ID, activity.Settings{HasWaitlist: true}, nil)
	elsewhere := session(other.ID, activity.Settings{}, nil)
	for _, who := range []string{"Ann", "Bob"} {
		b, err := env.App.BookSession(ctx, meta, commands.Booking{Session: commands.SessionRef{SeriesID: yoga.SeriesID, SessionID: yoga.SessionID},
			Participant: booking.Participant{FirstName: who, LastName: "Lid", Email: who + "@example.test"}, ByStaff: true})
		if err != nil {
			t.Fatal(err)
		}
		if who == "Bob" && b.Status != booking.StatusWaitlisted {
			t.Fatalf("Bob is %s", b.Status)
		}
	}
	count := func(typ string) int {
		var n int
		if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM eventstore_events WHERE type = $1`, typ).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	rng := closure.Range{From: day, Until: day, Reason: "Onderhoud"}
	all := []closure.SessionRef{swim, yoga, elsewhere}

	// Bad input writes nothing.
	_, err = env.App.PlanClosure(ctx, meta, commands.ClosureRequest{OrganizationID: org.ID, Range: closure.Range{From: day, Until: "2000-01-01", Reason: "x"}, Zone: "Europe/Amsterdam", Candidates: all})
	var invalid *domain.ValidationError
	if !errors.As(err, &invalid) {
		t.Fatalf("bad range: %v", err)
	}
	foreign := meta
	foreign.ApplicationID = uuid.NewString()
	_, err = env.App.PlanClosure(ctx, foreign, commands.ClosureRequest{OrganizationID: org.ID, Range: rng, Zone: "Europe/Amsterdam", Candidates: all})
	var missing *domain.NotFoundError
	if !errors.As(err, &missing) {
		t.Fatalf("another application: %v", err)
	}
	if n := count("closure.planned.v1"); n != 0 {
		t.Fatalf("%d closures after refusals", n)
	}

	// The pool only.
	poolMeta := meta
	poolMeta.CommandID = uuid.New()
	first, err := env.App.PlanClosure(ctx, poolMeta, commands.ClosureRequest{OrganizationID: org.ID, LocationID: pool.ID, Range: rng, Zone: "Europe/Amsterdam", Candidates: all})
	if err != nil || first.Sessions != 1 || first.Bookings != 0 {
		t.Fatalf("pool closure: %+v %v", first, err)
	}
	again, err := env.App.PlanClosure(ctx, poolMeta, commands.ClosureRequest{OrganizationID: org.ID, LocationID: pool.ID, Range: rng, Zone: "Europe/Amsterdam", Candidates: all})
	if err != nil || again.ID != first.ID || again.Sessions != 1 {
		t.Fatalf("retry: %+v %v", again, err)
	}
	if n := count("series.occurrence_cancelled.v1"); n != 1 {
		t.Fatalf("%d sessions cancelled after the pool's closure and its retry", n)
	}

	// The whole organisation: the yoga session with its spot and its waiting list.
	whole, err := env.App.PlanClosure(ctx, meta, commands.ClosureRequest{OrganizationID: org.ID, Range: rng, Zone: "Europe/Amsterdam", Candidates: all})
	if err != nil || whole.Sessions != 1 || whole.Bookings != 2 {
		t.Fatalf("organisation closure: %+v %v", whole, err)
	}
	if n := count("booking.cancelled.v1"); n != 2 {
		t.Fatalf("%d bookings cancelled", n)
	}
	if n := count("booking.promoted.v1"); n != 0 {
		t.Fatalf("%d promoted into a closed session", n)
	}
	if n := count("series.occurrence_cancelled.v1"); n != 2 {
		t.Fatalf("%d sessions cancelled; the other organisation's must stay", n)
	}
	// Both participants are told once.
	told := 0
	var bookings []string
	rows, err := env.DB.Query(ctx, `SELECT data->>'booking_id' FROM eventstore_events WHERE type = 'booking.cancelled.v1'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		bookings = append(bookings, id)
	}
	rows.Close()
	for range 2 {
		for _, id := range bookings {
			if _, err := env.App.NotifyClosure(ctx, meta.ApplicationID, whole.ID, yoga, id, func(n commands.ClosureNotice) error {
				if n.Reason != "Onderhoud" || n.ActivityName != "Les" || n.Date != day || n.StartTime != "09:00" || n.Participant.Email == "" {
					t.Fatalf("notice: %+v", n)
				}
				told++
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if told != 2 {
		t.Fatalf("told %d times, want each of the two once", told)
	}
}

// Each participant of a closed session is told in the language they booked in (decision
// 1711): a customer who booked in English gets "en", one in Dutch "nl"; a participant
// staff added (no language known) gets none, which the mail reads as Dutch. A booking
// moved to the closed session keeps its language.
func TestAClosureNoticeCarriesTheLanguageTheParticipantBookedIn(t *testing.T) {
	ctx := context.Background()
	env := testenv.New(t)
	meta := inApplication(t, env, "app")
	org, err := env.App.CreateOrganization(ctx, meta, organization.Profile{Name: "Studio"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.ApproveOrganization(ctx, meta, org.ID); err != nil { // customers book only what the offer shows
		t.Fatal(err)
	}
	x, err := env.App.CreateActivity(ctx, meta, org.ID, activity.TypeSession, activity.Details{Name: "Les"}, activity.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	day := time.Now().AddDate(0, 0, 10).Format(time.DateOnly)
	res, err := env.App.CreateSeries(ctx, meta, x.ID, "Europe/Amsterdam",
		series.Schedule{Session: series.Session{Date: day, StartTime: "09:00", EndTime: "10:00", Spots: 10}})
	if err != nil {
		t.Fatal(err)
	}
	ref := closure.SessionRef{SeriesID: res.ID, SessionID: series.SessionID(res.ID, day)}
	want := map[string]string{}
	for who, language := range map[string]string{"Emma": "en", "Daan": "nl", "Staff": ""} {
		customer := ""
		if language != "" { // a customer of the application books for themself
			customer = uuid.NewString()
			if _, err := env.App.RegisterUser(ctx, commands.Meta{ActorID: "test"}, customer, strings.ToLower(who)+"@move.test"); err != nil {
				t.Fatal(err)
			}
			if _, err := env.App.GrantRole(ctx, commands.Meta{ActorID: "test"}, customer, identity.Grant{Role: identity.RoleCustomer, ApplicationID: meta.ApplicationID}); err != nil {
				t.Fatal(err)
			}
		}
		b, err := env.App.BookSession(ctx, meta, commands.Booking{Session: commands.SessionRef{SeriesID: ref.SeriesID, SessionID: ref.SessionID},
			CustomerID: customer, Language: language, ByStaff: language == "",
			Participant: booking.Participant{FirstName: who, LastName: "Lid", Email: who + "@example.test"}})
		if err != nil {
			t.Fatal(err)
		}
		want[b.BookingID] = language
	}
	closed, err := env.App.PlanClosure(ctx, meta, commands.ClosureRequest{OrganizationID: org.ID, Range: closure.Range{From: day, Until: day, Reason: "Onderhoud"},
		Zone: "Europe/Amsterdam", Candidates: []closure.SessionRef{ref}})
	if err != nil || closed.Bookings != 3 {
		t.Fatalf("closure: %+v %v", closed, err)
	}
	for id, language := range want {
		var got *commands.ClosureNotice
		if _, err := env.App.NotifyClosure(ctx, meta.ApplicationID, closed.ID, ref, id, func(n commands.ClosureNotice) error {
			got = &n
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if got == nil || got.Language != language || got.BookingID != id || got.ActivityName != "Les" || got.Date != day ||
			got.StartTime != "09:00" || got.Reason != "Onderhoud" || got.BundleName != "" {
			t.Fatalf("booking %s: notice %+v, want language %q", id, got, language)
		}
	}
}

// A closed session's bundle holders are recorded with it (closure.session_closed.v2):
// the bookings with a spot of the named bundles whose own stream holds the series, in
// the closure's organisation — not a waiting-list booking, not another organisation's
// bundle named by a stale or forged index. The bundle bookings stay; a retry records
// nothing twice; a holder is told once, in the language they booked in (decision 1770).
func TestAClosureRecordsTheBundleHoldersOfItsSessions(t *testing.T) {
	ctx := context.Background()
	env := testenv.New(t)
	meta := inApplication(t, env, "app")
	start := time.Now().AddDate(0, 0, 7)
	day := start.AddDate(0, 0, 2).Format(time.DateOnly)
	newBundle := func(name string) (string, string) { // an organisation's bundle of one session on day: bundle and series
		org, err := env.App.CreateOrganization(ctx, meta, organization.Profile{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		act, err := env.App.CreateActivity(ctx, meta, org.ID, activity.TypeBundle, activity.Details{Name: "Cursus " + name}, activity.Settings{HasWaitlist: true})
		if err != nil {
			t.Fatal(err)
		}
		b, err := env.App.CreateBundle(ctx, meta, act.ID, bundle.Fields{Name: "Voorjaar", Spots: 1, StartDate: start.Format(time.DateOnly)})
		if err != nil {
			t.Fatal(err)
		}
		s, err := env.App.CreateBundleSeries(ctx, meta, b.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{
			Date: day, StartTime: "10:00", EndTime: "11:00", Spots: 1}})
		if err != nil {
			t.Fatal(err)
		}
		return b.ID, s.ID
	}
	ours, seriesID := newBundle("Studio")
	theirs, _ := newBundle("Elders")
	var org string
	if err := env.DB.QueryRow(ctx, `SELECT metadata->>'organization_id' FROM eventstore_events WHERE stream = $1 LIMIT 1`, "bundle-"+ours).Scan(&org); err != nil {
		t.Fatal(err)
	}
	var holder string
	for _, who := range []string{"emma", "wim"} {
		x, err := env.App.BookBundle(ctx, meta, commands.BundleBooking{BundleID: ours, Language: "en",
			Participant: booking.Participant{FirstName: who, LastName: "Jansen", Email: who + "@example.test"}, ByStaff: true})
		if err != nil {
			t.Fatal(err)
		}
		if who == "emma" {
			holder = x.BookingID
		} else if x.Status != booking.StatusWaitlisted {
			t.Fatalf("wim is %s", x.Status)
		}
	}
	if _, err := env.App.BookBundle(ctx, meta, commands.BundleBooking{BundleID: theirs, ByStaff: true,
		Participant: booking.Participant{FirstName: "olga", LastName: "Elders", Email: "olga@example.test"}}); err != nil {
		t.Fatal(err)
	}
	ref := closure.SessionRef{SeriesID: seriesID, SessionID: series.SessionID(seriesID, day)}
	request := commands.ClosureRequest{OrganizationID: org, Range: closure.Range{From: day, Until: day, Reason: "Onderhoud"}, Zone: "Europe/Amsterdam",
		Candidates: []closure.SessionRef{ref}, Bundles: commands.BundleIndex{seriesID: {theirs, ours, "not-an-id"}}}
	meta.CommandID = uuid.New()
	closed, err := env.App.PlanClosure(ctx, meta, request)
	if err != nil || closed.Sessions != 1 || closed.BundleBookings != 1 {
		t.Fatalf("closure: %+v %v", closed, err)
	}
	again, err := env.App.PlanClosure(ctx, meta, request)
	if err != nil || again.ID != closed.ID || again.BundleBookings != 1 {
		t.Fatalf("retry: %+v %v", again, err)
	}
	var recorded []byte
	if err := env.DB.QueryRow(ctx, `SELECT data->'bundle_bookings' FROM eventstore_events WHERE type = 'closure.session_closed.v2'`).Scan(&recorded); err != nil {
		t.Fatal(err)
	}
	if want := `[{"bundle_id": "` + ours + `", "booking_id": "` + holder + `"}]`; string(recorded) != want {
		t.Fatalf("recorded %s, want %s", recorded, want)
	}
	var cancelled int
	if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM eventstore_events WHERE type = 'bundle.booking_cancelled.v1'`).Scan(&cancelled); err != nil || cancelled != 0 {
		t.Fatalf("%d bundle bookings cancelled (%v)", cancelled, err)
	}

	told := 0
	tell := func(n commands.ClosureNotice) error {
		told++
		if n.Language != "en" || n.BundleName != "Voorjaar" || n.Participant.FirstName != "emma" || n.ActivityName != "Cursus Studio" || n.Date != day {
			t.Fatalf("notice: %+v", n)
		}
		return nil
	}
	for range 2 {
		if _, err := env.App.NotifyBundleClosure(ctx, meta.ApplicationID, closed.ID, ref, holder, tell); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := env.App.NotifyBundleClosure(ctx, "another-application", closed.ID, ref, holder, tell); err != nil {
		t.Fatal(err)
	}
	if told != 1 {
		t.Fatalf("told %d times", told)
	}
}

// A bundle holder whose bundle booking ended after the closure recorded it (cancelled
// before the process told them) is not told that their bundle stays, however the
// process and the cancellation raced: the command reads the bundle's stream, tells
// nobody and records the notice skipped, once; a holder whose booking lasts is told
// once, the session's activity, day, start time and the closure's reason in the notice
// (decision 1820).
func TestAClosureDoesNotTellAHolderWhoseBundleBookingEnded(t *testing.T) {
	ctx := context.Background()
	env := testenv.New(t)
	meta := inApplication(t, env, "app")
	org, err := env.App.CreateOrganization(ctx, meta, organization.Profile{Name: "Studio"})
	if err != nil {
		t.Fatal(err)
	}
	act, err := env.App.CreateActivity(ctx, meta, org.ID, activity.TypeBundle, activity.Details{Name: "Zwemcursus"}, activity.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now().AddDate(0, 0, 7)
	day := start.AddDate(0, 0, 2).Format(time.DateOnly)
	b, err := env.App.CreateBundle(ctx, meta, act.ID, bundle.Fields{Name: "Voorjaar", Spots: 2, StartDate: start.Format(time.DateOnly)})
	if err != nil {
		t.Fatal(err)
	}
	s, err := env.App.CreateBundleSeries(ctx, meta, b.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: day, StartTime: "10:00", EndTime: "11:00", Spots: 2}})
	if err != nil {
		t.Fatal(err)
	}
	holders := map[string]string{} // name → bundle booking
	for _, who := range []string{"emma", "daan"} {
		x, err := env.App.BookBundle(ctx, meta, commands.BundleBooking{BundleID: b.ID, ByStaff: true,
			Participant: booking.Participant{FirstName: who, LastName: "Jansen", Email: who + "@example.test"}})
		if err != nil {
			t.Fatal(err)
		}
		holders[who] = x.BookingID
	}
	ref := closure.SessionRef{SeriesID: s.ID, SessionID: series.SessionID(s.ID, day)}
	closed, err := env.App.PlanClosure(ctx, meta, commands.ClosureRequest{OrganizationID: org.ID, Range: closure.Range{From: day, Until: day, Reason: "Onderhoud"},
		Zone: "Europe/Amsterdam", Candidates: []closure.SessionRef{ref}, Bundles: commands.BundleIndex{s.ID: {b.ID}}})
	if err != nil || closed.BundleBookings != 2 {
		t.Fatalf("closure: %+v %v", closed, err)
	}
	if _, err := env.App.CancelBundleBooking(ctx, meta, b.ID, holders["daan"], ""); err != nil {
		t.Fatal(err)
	}

	told := map[string]int{}
	tell := func(n commands.ClosureNotice) error {
		told[n.Participant.FirstName]++
		if n.BookingID != holders["emma"] || n.ActivityName != "Zwemcursus" || n.Date != day || n.StartTime != "10:00" ||
			n.Reason != "Onderhoud" || n.BundleName != "Voorjaar" {
			t.Fatalf("notice: %+v", n)
		}
		return nil
	}
	for range 2 {
		for _, who := range []string{"daan", "emma"} {
			if _, err := env.App.NotifyBundleClosure(ctx, meta.ApplicationID, closed.ID, ref, holders[who], tell); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(told) != 1 || told["emma"] != 1 {
		t.Fatalf("told %v, want emma once", told)
	}
	var notified, skipped int
	if err := env.DB.QueryRow(ctx, `SELECT count(*) FILTER (WHERE type = 'closure.bundle_holder_notified.v1'),
		count(*) FILTER (WHERE type = 'closure.bundle_holder_skipped.v1' AND data->>'booking_id' = $1) FROM eventstore_events`,
		holders["daan"]).Scan(&notified, &skipped); err != nil {
		t.Fatal(err)
	}
	if notified != 1 || skipped != 1 {
		t.Fatalf("%d notified, %d skipped; want 1 and 1", notified, skipped)
	}
}
