package commands_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/organization"
	"move/domain/series"
	"move/internal/testenv"
)

// A booking reads its session's streams ahead in one round trip (prefetch), the
// activity named by the reference among them. The reference's activity is only a hint:
// the decision follows the series' own activity whatever the caller named, and a
// retried command still answers its first booking, once.
func TestABookingDecidesOnItsSeriesOwnActivity(t *testing.T) {
	ctx := context.Background()
	env := testenv.New(t)
	meta := inApplication(t, env, "app")
	org, err := env.App.CreateOrganization(ctx, meta, organization.Profile{Name: "Studio"})
	if err != nil {
		t.Fatal(err)
	}
	bookable, err := env.App.CreateActivity(ctx, meta, org.ID, activity.TypeSession, activity.Details{Name: "Yoga"}, activity.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	walkIn, err := env.App.CreateActivity(ctx, meta, org.ID, activity.TypeSession, activity.Details{Name: "Inloop"}, activity.Settings{NoSignupRequired: true})
	if err != nil {
		t.Fatal(err)
	}
	day := time.Now().AddDate(0, 0, 7).Format(time.DateOnly)
	session := func(activityID string) (string, string) {
		res, err := env.App.CreateSeries(ctx, meta, activityID, "Europe/Amsterdam",
			series.Schedule{Session: series.Session{Date: day, StartTime: "19:00", EndTime: "20:00", Spots: 5}})
		if err != nil {
			t.Fatal(err)
		}
		return res.ID, series.SessionID(res.ID, day)
	}
	person := booking.Participant{FirstName: "Ann", LastName: "de Vries", Email: "ann@example.test"}

	// The walk-in activity named as the hint of a bookable session: booked.
	seriesID, sessionID := session(bookable.ID)
	retried := meta
	retried.CommandID = uuid.New()
	in := commands.Booking{Session: commands.SessionRef{SeriesID: seriesID, SessionID: sessionID, ActivityID: walkIn.ID}, Participant: person, ByStaff: true}
	first, err := env.App.BookSession(ctx, retried, in)
	if err != nil || first.Status != booking.StatusConfirmed {
		t.Fatalf("booking with another activity as the hint: %+v %v", first, err)
	}
	again, err := env.App.BookSession(ctx, retried, in)
	if err != nil || again.BookingID != first.BookingID || again.Status != booking.StatusConfirmed {
		t.Fatalf("the retried command answers its first booking: %+v %v", again, err)
	}
	var events int
	if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM eventstore_events WHERE stream = $1`, booking.Stream(sessionID)).Scan(&events); err != nil {
		t.Fatal(err)
	}
	if events != 1 {
		t.Fatalf("the session's stream holds %d events, want the one booking", events)
	}

	// The bookable activity named as the hint of a walk-in session: still refused.
	seriesID, sessionID = session(walkIn.ID)
	_, err = env.App.BookSession(ctx, meta, commands.Booking{Session: commands.SessionRef{SeriesID: seriesID, SessionID: sessionID, ActivityID: bookable.ID},
		Participant: person, ByStaff: true})
	var c *domain.ConflictError
	if !errors.As(err, &c) || c.Key != "booking.no_signup_required" {
		t.Fatalf("a walk-in session booked through a hint: %v", err)
	}
}

// A retried bundle booking answers its first booking and its status, once.
func TestARetriedBundleBookingAnswersItsFirstBooking(t *testing.T) {
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
	bun, err := env.App.CreateBundle(ctx, meta, act.ID, bundle.Fields{Name: "Voorjaar", Spots: 3, StartDate: time.Now().AddDate(0, 0, 7).Format(time.DateOnly)})
	if err != nil {
		t.Fatal(err)
	}
	retried := meta
	retried.CommandID = uuid.New()
	in := commands.BundleBooking{BundleID: bun.ID, Participant: booking.Participant{FirstName: "Ann", LastName: "de Vries", Email: "ann@example.test"},
		ByStaff: true, Zone: time.UTC}
	first, err := env.App.BookBundle(ctx, retried, in)
	if err != nil || first.Status != booking.StatusConfirmed {
		t.Fatalf("first: %+v %v", first, err)
	}
	again, err := env.App.BookBundle(ctx, retried, in)
	if err != nil || again.BookingID != first.BookingID || again.Status != booking.StatusConfirmed {
		t.Fatalf("the retried command answers its first booking: %+v %v", again, err)
	}
}
