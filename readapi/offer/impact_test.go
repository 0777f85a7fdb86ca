package offer_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"move/commands"
	"move/domain/activity"
	domainorg "move/domain/organization"
	"move/domain/series"
	"move/identity"
	"move/readapi/readapitest"
)

// The impact of a change or a deletion of a series counts the participants of the
// sessions it touches: booked (held or confirmed) by group, and those waiting (issue 13).
func TestSeriesImpactCountsParticipants(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: w.AppA}
	if _, err := w.Env.App.CreateOrganization(ctx, commands.Meta{ActorID: "test", ApplicationID: w.AppA, OrganizationID: w.OrgA},
		domainorg.Profile{Name: "Studio impact"}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Env.App.ApproveOrganization(ctx, meta, w.OrgA); err != nil { // customers book only what the offer shows
		t.Fatal(err)
	}
	act, err := w.Env.App.CreateActivity(ctx, meta, w.OrgA, activity.TypeSession, activity.Details{Name: "Yoga"}, activity.Settings{HasWaitlist: true})
	if err != nil {
		t.Fatal(err)
	}
	// Six weekly sessions of one spot each, from next week on.
	first := time.Now().AddDate(0, 0, 7)
	var dates []string
	for i := range 6 {
		dates = append(dates, first.AddDate(0, 0, 7*i).Format(time.DateOnly))
	}
	weekday := strings.ToLower(first.Weekday().String())
	made, err := w.Env.App.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", series.Schedule{
		Session:    series.Session{Date: dates[0], StartTime: "19:00", EndTime: "20:00", Spots: 1},
		Repetition: &series.Repetition{Type: "weeks", Every: 1, Days: []string{weekday}, Until: dates[5]}})
	if err != nil {
		t.Fatal(err)
	}
	w.Saw(made.Position)
	session := func(i int) string { return series.SessionID(made.ID, dates[i]) }
	w.Settle()
	// Session 0: one booked (before the change: not counted). Session 2: one booked and one
	// waiting. Session 4: one booked. A cancelled booking in session 3 does not count.
	book := func(i int, name string) string {
		c := w.Customer(name, "Klant", w.AppA)
		w.Settle()
		res := w.As(c, w.AppA).Want("POST", "/v1/sessions/"+session(i)+"/bookings", readapitest.Person(name), 201)
		return readapitest.Dig(res.Body, "data", "booking_id").(string)
	}
	book(0, "Anna")
	book(2, "Bram")
	book(2, "Cor")
	book(4, "Dirk")
	gone := w.Customer("Eva", "Klant", w.AppA)
	w.Settle()
	eva := w.As(gone, w.AppA)
	id := readapitest.Dig(eva.Want("POST", "/v1/sessions/"+session(3)+"/bookings", readapitest.Person("Eva"), 201).Body, "data", "booking_id").(string)
	eva.Want("DELETE", "/v1/sessions/"+session(3)+"/bookings/"+id, nil, 200)
	w.Settle()

	admin := w.As(w.Users["organization"], w.AppA).En() // edit-activity in its organisation
	// This and all later from session 1: an hour later, ending after session 3 (4 and 5 go).
	change := map[string]any{"date": dates[1], "start_time": "20:00", "end_time": "21:00", "spots": 1,
		"repetition": map[string]any{"type": "weeks", "every": 1, "days": []string{weekday}, "until": dates[3]}}
	impact := admin.Want("POST", "/v1/admin/sessions/"+session(1)+"/impact", change, 200)
	for path, want := range map[string]float64{"moved": 3, "removed": 2, "participants.moved": 1, "participants.removed": 1,
		"participants.changed": 0, "participants.unchanged": 0, "participants.waiting": 1} {
		if got := readapitest.Dig(impact.Body, append([]string{"data"}, strings.Split(path, ".")...)...); got != want {
			t.Errorf("impact %s: %v, want %v (%s)", path, got, want, impact.Raw)
		}
	}
	// Only the spots change from session 1 on: every later session stays where it is, and
	// its participants are counted as unchanged sessions' (they get a new series).
	same := map[string]any{"date": dates[1], "start_time": "19:00", "end_time": "20:00", "spots": 1,
		"repetition": map[string]any{"type": "weeks", "every": 1, "days": []string{weekday}, "until": dates[5]}}
	unchanged := admin.Want("POST", "/v1/admin/sessions/"+session(1)+"/impact", same, 200)
	if readapitest.Dig(unchanged.Body, "data", "participants", "unchanged") != 2.0 || readapitest.Dig(unchanged.Body, "data", "participants", "waiting") != 1.0 {
		t.Errorf("unchanged: %s", unchanged.Raw)
	}

	// Deleting: this one, or it and all later ones.
	for _, c := range []struct {
		session, occurrence    string
		removed, booked, queue float64
	}{
		{session(4), "this", 1, 1, 0},
		{session(2), "following", 4, 2, 1},
		{session(3), "", 1, 0, 0},
		{session(0), "following", 6, 3, 1},
	} {
		r := admin.Want("GET", "/v1/admin/sessions/"+c.session+"/delete-impact?repetitionOccurrence="+c.occurrence, nil, 200)
		if readapitest.Data(r, "removed") != c.removed || readapitest.Data(r, "participants") != c.booked || readapitest.Data(r, "waiting") != c.queue {
			t.Errorf("delete %s %s: %s", c.session, c.occurrence, r.Raw)
		}
	}
	admin.Want("GET", "/v1/admin/sessions/"+session(2)+"/delete-impact?repetitionOccurrence=all", nil, 422)
	// Nothing was deleted or changed by asking.
	w.Settle()
	if n := readapitest.Total(admin.Want("GET", "/v1/admin/activities/"+act.ID+"/sessions", nil, 200)); n != 6 {
		t.Fatalf("the previews changed the series: %d sessions", n)
	}
	// Nor can a trainer (no edit-activity) or the application's admin (none by default).
	for _, user := range []string{w.Users["trainer"], w.Admin} {
		w.As(user, w.AppA).Want("GET", "/v1/admin/sessions/"+session(2)+"/delete-impact", nil, 403)
		w.As(user, w.AppA).Want("POST", "/v1/admin/sessions/"+session(2)+"/impact", change, 403)
	}
}
