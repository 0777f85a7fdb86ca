package readapi_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/activity"
	"move/domain/series"
	"move/identity"
)

// The organisation dashboard counts from the read models: tomorrow's session with its
// spots taken and waiting list, today's bookings and cancellations, yesterday's
// no-shows and the latest bookings — of the organisation only.
func TestOrganizationDashboard(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{})
	later := w.bookable(w.appA, w.orgA, 4, activity.Settings{HasWaitlist: true}, nil)
	elsewhere := w.bookable(w.appA, uuid.NewString(), 4, activity.Settings{}, nil)
	customers := make([]string, 6)
	for i := range customers {
		customers[i] = w.customer("Klant", "Dashboard", w.appA)
	}
	w.settle()
	org := w.as(w.users["organization"], w.appA)
	act := sessionActivity(t, org, later)
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: w.appA}
	amsterdam := amsterdam(t)
	sessionOn := func(day time.Time) string {
		t.Helper()
		date := day.In(amsterdam).Format(time.DateOnly)
		res, err := w.env.App.CreateSeries(ctx, meta, act, "Europe/Amsterdam", series.Schedule{Session: series.Session{
			Date: date, StartTime: "19:00", EndTime: "20:00", Spots: 4}})
		if err != nil {
			t.Fatal(err)
		}
		w.saw(res.Position)
		return series.SessionID(res.ID, date)
	}
	tomorrow, yesterday := sessionOn(time.Now().AddDate(0, 0, 1)), sessionOn(time.Now().AddDate(0, 0, -1))
	w.settle()

	var first string
	for i, c := range customers {
		r := w.as(c, w.appA).want("POST", "/v1/sessions/"+tomorrow+"/bookings", person("Klant"), 201)
		if i == 0 {
			first = data(r, "booking_id").(string)
		}
	}
	w.as(customers[0], w.appA).want("DELETE", "/v1/sessions/"+tomorrow+"/bookings/"+first, nil, 200)
	w.as(customers[0], w.appA).want("POST", "/v1/sessions/"+elsewhere+"/bookings", person("Klant"), 201) // another organisation's
	past := "/v1/admin/sessions/" + yesterday + "/participants"
	absent := data(org.want("POST", past, map[string]any{"participant": map[string]any{"first_name": "Nora", "last_name": "Niet"}}, 201), "booking_id").(string)
	present := data(org.want("POST", past, map[string]any{"participant": map[string]any{"first_name": "Paul", "last_name": "Wel"}}, 201), "booking_id").(string)
	org.want("PUT", past+"/"+absent+"/attendance", map[string]any{"attendance": "absent"}, 200)
	org.want("PUT", past+"/"+present+"/attendance", map[string]any{"attendance": "present"}, 200)
	w.settle()

	got := org.want("GET", "/v1/admin/organizations/"+w.orgA+"/dashboard", nil, 200)
	upcoming := list(got, "upcoming")
	if len(upcoming) != 1 || upcoming[0]["session_id"] != tomorrow || upcoming[0]["taken"] != 4.0 || upcoming[0]["waiting"] != 1.0 {
		t.Fatalf("upcoming (next week's session is beyond the 7 days): %v", upcoming)
	}
	occupancy := data(got, "occupancy").(map[string]any)
	if occupancy["sessions"] != 1.0 || occupancy["spots"] != 4.0 || occupancy["taken"] != 4.0 || occupancy["percent"] != 100.0 || occupancy["waiting"] != 1.0 {
		t.Fatalf("occupancy: %v", occupancy)
	}
	days := data(got, "days").([]any)
	today := days[len(days)-1].(map[string]any)
	if len(days) != 30 || today["date"] != time.Now().In(amsterdam).Format(time.DateOnly) || today["bookings"] != 8.0 || today["cancellations"] != 1.0 {
		t.Fatalf("days: %d, today %v", len(days), today)
	}
	noShows := data(got, "no_shows").(map[string]any)
	if noShows["present"] != 1.0 || noShows["absent"] != 1.0 || noShows["percent"] != 50.0 {
		t.Fatalf("no-shows: %v", noShows)
	}
	recent := list(got, "recent_bookings")
	if len(recent) != 8 || recent[0]["booking_id"] != present {
		t.Fatalf("recent bookings: %v", recent)
	}
	if data(got, "state") == "" || data(got, "name") == "" {
		t.Fatalf("organisation: %s", got.Raw)
	}

	// The activity's participants overview: by default from today, session by session.
	overview := rows(org.want("GET", "/v1/admin/activities/"+act+"/participants", nil, 200))
	if len(overview) != 2 || dig(overview[0], "session_id") != tomorrow || dig(overview[0], "taken") != 4.0 ||
		dig(overview[0], "waiting") != 1.0 || dig(overview[1], "session_id") != later || dig(overview[1], "taken") != 0.0 {
		t.Fatalf("overview: %v", overview)
	}
	since := time.Now().AddDate(0, 0, -2).In(amsterdam).Format(time.DateOnly)
	overview = rows(org.want("GET", "/v1/admin/activities/"+act+"/participants?from="+since, nil, 200))
	if len(overview) != 3 || dig(overview[0], "session_id") != yesterday || dig(overview[0], "present") != 1.0 || dig(overview[0], "absent") != 1.0 {
		t.Fatalf("overview since %s: %v", since, overview)
	}
	org.want("GET", "/v1/admin/activities/"+act+"/participants?from=gisteren", nil, 400)
	w.as(w.adminB, w.appB).want("GET", "/v1/admin/activities/"+act+"/participants", nil, 404)

	// The trainer sees it; a customer may not; another organisation's and another
	// application's staff find nothing.
	w.as(w.users["trainer"], w.appA).want("GET", "/v1/admin/organizations/"+w.orgA+"/dashboard", nil, 200)
	w.as(w.users["customer"], w.appA).want("GET", "/v1/admin/organizations/"+w.orgA+"/dashboard", nil, 403)
	w.as(w.adminB, w.appB).want("GET", "/v1/admin/organizations/"+w.orgA+"/dashboard", nil, 404)
}
