package readapi_test

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
)

// The impact of a change or a deletion of a series counts the participants of the
// sessions it touches: booked (held or confirmed) by group, and those waiting (issue 13).
func TestSeriesImpactCountsParticipants(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{})
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: w.appA}
	if _, err := w.env.App.CreateOrganization(ctx, commands.Meta{ActorID: "test", ApplicationID: w.appA, OrganizationID: w.orgA},
		domainorg.Profile{Name: "Studio impact"}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.env.App.ApproveOrganization(ctx, meta, w.orgA); err != nil { // customers book only what the offer shows
		t.Fatal(err)
	}
	act, err := w.env.App.CreateActivity(ctx, meta, w.orgA, activity.TypeSession, activity.Details{Name: "Yoga"}, activity.Settings{HasWaitlist: true})
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
	made, err := w.env.App.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", series.Schedule{
		Session:    series.Session{Date: dates[0], StartTime: "19:00", EndTime: "20:00", Spots: 1},
		Repetition: &series.Repetition{Type: "weeks", Every: 1, Days: []string{weekday}, Until: dates[5]}})
	if err != nil {
		t.Fatal(err)
	}
	w.saw(made.Position)
	session := func(i int) string { return series.SessionID(made.ID, dates[i]) }
	w.settle()
	// Session 0: one booked (before the change: not counted). Session 2: one booked and one
	// waiting. Session 4: one booked. A cancelled booking in session 3 does not count.
	book := func(i int, name string) string {
		c := w.customer(name, "Klant", w.appA)
		w.settle()
		res := w.as(c, w.appA).want("POST", "/v1/sessions/"+session(i)+"/bookings", person(name), 201)
		return dig(res.Body, "data", "booking_id").(string)
	}
	book(0, "Anna")
	book(2, "Bram")
	book(2, "Cor")
	book(4, "Dirk")
	gone := w.customer("Eva", "Klant", w.appA)
	w.settle()
	eva := w.as(gone, w.appA)
	id := dig(eva.want("POST", "/v1/sessions/"+session(3)+"/bookings", person("Eva"), 201).Body, "data", "booking_id").(string)
	eva.want("DELETE", "/v1/sessions/"+session(3)+"/bookings/"+id, nil, 200)
	w.settle()

	admin := w.as(w.users["organization"], w.appA).en() // edit-activity in its organisation
	// This and all later from session 1: an hour later, ending after session 3 (4 and 5 go).
	change := map[string]any{"date": dates[1], "start_time": "20:00", "end_time": "21:00", "spots": 1,
		"repetition": map[string]any{"type": "weeks", "every": 1, "days": []string{weekday}, "until": dates[3]}}
	impact := admin.want("POST", "/v1/admin/sessions/"+session(1)+"/impact", change, 200)
	for path, want := range map[string]float64{"moved": 3, "removed": 2, "participants.moved": 1, "participants.removed": 1,
		"participants.changed": 0, "participants.unchanged": 0, "participants.waiting": 1} {
		if got := dig(impact.Body, append([]string{"data"}, strings.Split(path, ".")...)...); got != want {
			t.Errorf("impact %s: %v, want %v (%s)", path, got, want, impact.Raw)
		}
	}
	// Only the spots change from session 1 on: every later session stays where it is, and
	// its participants are counted as unchanged sessions' (they get a new series).
	same := map[string]any{"date": dates[1], "start_time": "19:00", "end_time": "20:00", "spots": 1,
		"repetition": map[string]any{"type": "weeks", "every": 1, "days": []string{weekday}, "until": dates[5]}}
	unchanged := admin.want("POST", "/v1/admin/sessions/"+session(1)+"/impact", same, 200)
	if dig(unchanged.Body, "data", "participants", "unchanged") != 2.0 || dig(unchanged.Body, "data", "participants", "waiting") != 1.0 {
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
		r := admin.want("GET", "/v1/admin/sessions/"+c.session+"/delete-impact?repetitionOccurrence="+c.occurrence, nil, 200)
		if data(r, "removed") != c.removed || data(r, "participants") != c.booked || data(r, "waiting") != c.queue {
			t.Errorf("delete %s %s: %s", c.session, c.occurrence, r.Raw)
		}
	}
	admin.want("GET", "/v1/admin/sessions/"+session(2)+"/delete-impact?repetitionOccurrence=all", nil, 422)
	// Nothing was deleted or changed by asking.
	w.settle()
	if n := total(admin.want("GET", "/v1/admin/activities/"+act.ID+"/sessions", nil, 200)); n != 6 {
		t.Fatalf("the previews changed the series: %d sessions", n)
	}
	// Nor can a trainer (no edit-activity) or the application's admin (none by default).
	for _, user := range []string{w.users["trainer"], w.admin} {
		w.as(user, w.appA).want("GET", "/v1/admin/sessions/"+session(2)+"/delete-impact", nil, 403)
		w.as(user, w.appA).want("POST", "/v1/admin/sessions/"+session(2)+"/impact", change, 403)
	}
}
