package organizations_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/activity"
	"move/domain/series"
	"move/identity"
	"move/readapi/readapitest"
)

// The organisation dashboard counts from the read models: tomorrow's session with its
// spots taken and waiting list, today's bookings and cancellations, yesterday's
// no-shows and the latest bookings — of the organisation only.
func TestOrganizationDashboard(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	later := w.Bookable(w.AppA, w.OrgA, 4, activity.Settings{HasWaitlist: true}, nil)
	elsewhere := w.Bookable(w.AppA, uuid.NewString(), 4, activity.Settings{}, nil)
	customers := make([]string, 6)
	for i := range customers {
		customers[i] = w.Customer("Klant", "Dashboard", w.AppA)
	}
	w.Settle()
	org := w.As(w.Users["organization"], w.AppA)
	act := readapitest.SessionActivity(t, org, later)
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: w.AppA}
	amsterdam := readapitest.Amsterdam(t)
	sessionOn := func(day time.Time) string {
		t.Helper()
		date := day.In(amsterdam).Format(time.DateOnly)
		res, err := w.Env.App.CreateSeries(ctx, meta, act, "Europe/Amsterdam", series.Schedule{Session: series.Session{
			Date: date, StartTime: "19:00", EndTime: "20:00", Spots: 4}})
		if err != nil {
			t.Fatal(err)
		}
		w.Saw(res.Position)
		return series.SessionID(res.ID, date)
	}
	tomorrow, yesterday := sessionOn(time.Now().AddDate(0, 0, 1)), sessionOn(time.Now().AddDate(0, 0, -1))
	w.Settle()

	var first string
	for i, c := range customers {
		r := w.As(c, w.AppA).Want("POST", "/v1/sessions/"+tomorrow+"/bookings", readapitest.Person("Klant"), 201)
		if i == 0 {
			first = readapitest.Data(r, "booking_id").(string)
		}
	}
	w.As(customers[0], w.AppA).Want("DELETE", "/v1/sessions/"+tomorrow+"/bookings/"+first, nil, 200)
	w.As(customers[0], w.AppA).Want("POST", "/v1/sessions/"+elsewhere+"/bookings", readapitest.Person("Klant"), 201) // another organisation's
	past := "/v1/admin/sessions/" + yesterday + "/participants"
	absent := readapitest.Data(org.Want("POST", past, map[string]any{"participant": map[string]any{"first_name": "Nora", "last_name": "Niet"}}, 201), "booking_id").(string)
	present := readapitest.Data(org.Want("POST", past, map[string]any{"participant": map[string]any{"first_name": "Paul", "last_name": "Wel"}}, 201), "booking_id").(string)
	org.Want("PUT", past+"/"+absent+"/attendance", map[string]any{"attendance": "absent"}, 200)
	org.Want("PUT", past+"/"+present+"/attendance", map[string]any{"attendance": "present"}, 200)
	w.Settle()

	got := org.Want("GET", "/v1/admin/organizations/"+w.OrgA+"/dashboard", nil, 200)
	upcoming := readapitest.List(got, "upcoming")
	if len(upcoming) != 1 || upcoming[0]["session_id"] != tomorrow || upcoming[0]["taken"] != 4.0 || upcoming[0]["waiting"] != 1.0 {
		t.Fatalf("upcoming (next week's session is beyond the 7 days): %v", upcoming)
	}
	occupancy := readapitest.Data(got, "occupancy").(map[string]any)
	if occupancy["sessions"] != 1.0 || occupancy["spots"] != 4.0 || occupancy["taken"] != 4.0 || occupancy["percent"] != 100.0 || occupancy["waiting"] != 1.0 {
		t.Fatalf("occupancy: %v", occupancy)
	}
	days := readapitest.Data(got, "days").([]any)
	today := days[len(days)-1].(map[string]any)
	if len(days) != 30 || today["date"] != time.Now().In(amsterdam).Format(time.DateOnly) || today["bookings"] != 8.0 || today["cancellations"] != 1.0 {
		t.Fatalf("days: %d, today %v", len(days), today)
	}
	noShows := readapitest.Data(got, "no_shows").(map[string]any)
	if noShows["present"] != 1.0 || noShows["absent"] != 1.0 || noShows["percent"] != 50.0 {
		t.Fatalf("no-shows: %v", noShows)
	}
	recent := readapitest.List(got, "recent_bookings")
	if len(recent) != 8 || recent[0]["booking_id"] != present {
		t.Fatalf("recent bookings: %v", recent)
	}
	if readapitest.Data(got, "state") == "" || readapitest.Data(got, "name") == "" {
		t.Fatalf("organisation: %s", got.Raw)
	}

	// The activity's participants overview: by default from today, session by session.
	overview := readapitest.Rows(org.Want("GET", "/v1/admin/activities/"+act+"/participants", nil, 200))
	if len(overview) != 2 || readapitest.Dig(overview[0], "session_id") != tomorrow || readapitest.Dig(overview[0], "taken") != 4.0 || readapitest.Dig(overview[0], "waiting") != 1.0 || readapitest.Dig(overview[1], "session_id") != later || readapitest.Dig(overview[1], "taken") != 0.0 {
		t.Fatalf("overview: %v", overview)
	}
	// Each session with its times: a bulk move names its targets "di 1 dec 2026 · 19:00–20:00".
	if st, et := readapitest.Dig(overview[0], "start_time").(string), readapitest.Dig(overview[0], "end_time").(string); len(st) != 5 || len(et) != 5 || et <= st {
		t.Fatalf("overview times: %v", overview[0])
	}
	since := time.Now().AddDate(0, 0, -2).In(amsterdam).Format(time.DateOnly)
	overview = readapitest.Rows(org.Want("GET", "/v1/admin/activities/"+act+"/participants?from="+since, nil, 200))
	if len(overview) != 3 || readapitest.Dig(overview[0], "session_id") != yesterday || readapitest.Dig(overview[0], "present") != 1.0 || readapitest.Dig(overview[0], "absent") != 1.0 {
		t.Fatalf("overview since %s: %v", since, overview)
	}
	org.Want("GET", "/v1/admin/activities/"+act+"/participants?from=gisteren", nil, 400)
	w.As(w.AdminB, w.AppB).Want("GET", "/v1/admin/activities/"+act+"/participants", nil, 404)

	// The trainer sees it; a customer may not; another organisation's and another
	// application's staff find nothing.
	w.As(w.Users["trainer"], w.AppA).Want("GET", "/v1/admin/organizations/"+w.OrgA+"/dashboard", nil, 200)
	w.As(w.Users["customer"], w.AppA).Want("GET", "/v1/admin/organizations/"+w.OrgA+"/dashboard", nil, 403)
	w.As(w.AdminB, w.AppB).Want("GET", "/v1/admin/organizations/"+w.OrgA+"/dashboard", nil, 404)
}
