package offer_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/activity"
	domainidentity "move/domain/identity"
	domainorg "move/domain/organization"
	"move/identity"
	"move/readapi/readapitest"
)

// bundleActivity makes (once) the organisation org of app and a bundle activity of it
// with settings; it answers the activity's id.
func bundleActivity(w *readapitest.WalletWorld, app, org string, settings activity.Settings) string {
	w.T.Helper()
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: app, OrganizationID: org}
	if _, made := readapitest.Organizations.LoadOrStore(app+"/"+org, true); !made {
		if _, err := w.Env.App.CreateOrganization(ctx, meta, domainorg.Profile{Name: "Studio " + org[:6]}); err != nil {
			w.T.Fatal(err)
		}
		if _, err := w.Env.App.ApproveOrganization(ctx, meta, org); err != nil { // customers book only what the offer shows
			w.T.Fatal(err)
		}
	}
	meta.OrganizationID = ""
	act, err := w.Env.App.CreateActivity(ctx, meta, org, activity.TypeBundle, activity.Details{Name: "Ten-week course"}, settings)
	if err != nil {
		w.T.Fatal(err)
	}
	w.Saw(act.Position)
	return act.ID
}

func bundleBody(name string, spots int) map[string]any {
	return map[string]any{"name": name, "spots": spots, "start_date": time.Now().AddDate(0, 0, 7).Format(time.DateOnly), "price_cents": 0}
}

// confirmedOrRefused counts a crowd's answers by status, failing on any that is not a
// confirmed 201 or a 409 saying refusal: the crowd of a free offer with too few spots.
func confirmedOrRefused(t *testing.T, answers []readapitest.Response, refusal string) map[int]int {
	t.Helper()
	counts := map[int]int{}
	for _, a := range answers {
		counts[a.Status]++
		switch {
		case a.Status == 201 && readapitest.Dig(a.Body, "data", "status") != "confirmed":
			t.Fatalf("a free offer's spot is confirmed: %s", a.Raw)
		case a.Status == 409 && !strings.Contains(a.Raw, refusal):
			t.Fatalf("refusal: %s", a.Raw)
		case a.Status != 201 && a.Status != 409:
			t.Fatalf("unexpected answer: %d %s", a.Status, a.Raw)
		}
	}
	return counts
}

// 120 customers book the 10 spots of a bundle without a waiting list at the same
// moment: exactly 10 get a spot, the other 110 are told it is full; nothing is lost.
func TestConcurrentBundleBookingsNeverOveruseIt(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	act := bundleActivity(w, w.AppA, w.OrgA, activity.Settings{})
	w.Settle()
	org := w.As(w.Users["organization"], w.AppA)
	bundle := readapitest.Data(org.Want("POST", "/v1/admin/activities/"+act+"/bundles", bundleBody("Voorjaar", 10), 201), "id").(string)
	customers := make([]string, 120)
	for i := range customers {
		customers[i] = w.Customer("Klant", "Bundel", w.AppA)
	}
	w.Settle()

	counts := confirmedOrRefused(t, w.AtOnce(w.AppA, "POST", "/v1/bundles/"+bundle+"/bookings", customers,
		func(int) any { return readapitest.Person("Bea") }), "Deze bundel is vol")
	if counts[201] != 10 || counts[409] != 110 {
		t.Fatalf("answers %v, want 10 × 201 and 110 × 409", counts)
	}
	w.Settle()
	got := org.Want("GET", "/v1/admin/bundles/"+bundle+"/participants", nil, 200)
	if readapitest.Data(got, "taken") != 10.0 || readapitest.Data(got, "left") != 0.0 || len(readapitest.List(got, "participants")) != 10 || len(readapitest.List(got, "waiting_list")) != 0 {
		t.Fatalf("participants: %s", got.Raw)
	}
}

// A bundle from form to door: created on a bundle activity only, its sessions added,
// booked by a customer and by staff, its waiting list promoted by a cancellation,
// checked in once per session with its own code, in reach of its organisation only.
func TestBundleLifecycle(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	act := bundleActivity(w, w.AppA, w.OrgA, activity.Settings{HasWaitlist: true})
	session := w.Bookable(w.AppA, w.OrgA, 5, activity.Settings{}, nil)
	customerB, dirk := w.Customer("Bo", "Buitenland", w.AppB), w.Customer("Dirk", "Sessie", w.AppA)
	otherOrg := w.User("Otto", "Ander", &domainidentity.Grant{Role: domainidentity.RoleOrganization, ApplicationID: w.AppA, OrganizationID: uuid.NewString()})
	w.Settle()
	org := w.As(w.Users["organization"], w.AppA)
	trainer := w.As(w.Users["trainer"], w.AppA)
	customer := w.As(w.Users["customer"], w.AppA)

	if r := org.Want("POST", "/v1/admin/activities/"+readapitest.SessionActivity(t, org, session)+"/bundles", bundleBody("Nee", 2), 409); readapitest.Message(r) != "Deze activiteit is geen bundel" {
		t.Fatalf("a bundle of a session activity: %s", r.Raw)
	}
	bad := bundleBody(" ", 0)
	bad["start_date"] = "volgende week"
	if r := org.Want("POST", "/v1/admin/activities/"+act+"/bundles", bad, 422); readapitest.Field(r, "name") == "" || readapitest.Field(r, "spots") == "" || readapitest.Field(r, "start_date") == "" {
		t.Fatalf("bad bundle: %s", r.Raw)
	}
	bundle := readapitest.Data(org.Want("POST", "/v1/admin/activities/"+act+"/bundles", bundleBody("Voorjaar", 1), 201), "id").(string)
	next := time.Now().AddDate(0, 0, 8)
	day := next.Format(time.DateOnly)
	org.Want("POST", "/v1/admin/bundles/"+bundle+"/sessions", map[string]any{"date": day, "start_time": "19:00", "end_time": "20:00", "spots": 12,
		"repetition": map[string]any{"type": "weeks", "every": 1, "days": []string{strings.ToLower(next.Weekday().String())}, "until": time.Now().AddDate(0, 0, 22).Format(time.DateOnly)}}, 201)
	sessions := readapitest.Rows(org.Want("GET", "/v1/admin/bundles/"+bundle+"/sessions", nil, 200))
	if len(sessions) != 3 {
		t.Fatalf("bundle sessions: %v", sessions)
	}
	first := readapitest.Dig(sessions[0], "id").(string)
	bundles := readapitest.Rows(org.Want("GET", "/v1/admin/activities/"+act+"/bundles", nil, 200))
	if len(bundles) != 1 || readapitest.Dig(bundles[0], "name") != "Voorjaar" || len(readapitest.Dig(bundles[0], "series_ids").([]any)) != 1 {
		t.Fatalf("bundles: %v", bundles)
	}

	if r := customer.Want("POST", "/v1/sessions/"+first+"/bookings", readapitest.Person("Carla"), 409); readapitest.Message(r) != "Deze sessie hoort bij een bundel: schrijf je in voor de bundel" {
		t.Fatalf("a bundle's session booked alone: %s", r.Raw)
	}
	carla := customer.Want("POST", "/v1/bundles/"+bundle+"/bookings", readapitest.Person("Carla"), 201)
	code := readapitest.Data(carla, "qr_code").(string)
	customer.Want("POST", "/v1/bundles/"+bundle+"/bookings", readapitest.Person("Carla"), 409) // already booked
	piet := org.Want("POST", "/v1/admin/bundles/"+bundle+"/participants", map[string]any{"participant": map[string]any{"first_name": "Piet", "last_name": "Hand"}}, 201)
	if readapitest.Data(piet, "status") != "waitlisted" {
		t.Fatalf("the second of one spot waits: %s", piet.Raw)
	}
	// At the door: the bundle's code checks in at each of its sessions once.
	path := "/v1/admin/bundles/" + bundle + "/sessions/" + first + "/check-in"
	if r := trainer.Want("POST", path, map[string]any{"code": code}, 200); readapitest.Data(r, "first_name") != "Carla" {
		t.Fatalf("check-in: %s", r.Raw)
	}
	if r := trainer.Want("POST", path, map[string]any{"code": code}, 409); !strings.HasPrefix(readapitest.Message(r), "Al ingecheckt om ") {
		t.Fatalf("second scan: %s", r.Raw)
	}
	// At the next session the short code, typed loosely, does the same (decision 1620).
	second := "/v1/admin/bundles/" + bundle + "/sessions/" + readapitest.Dig(sessions[1], "id").(string) + "/check-in"
	short := readapitest.Data(carla, "check_in_code").(string)
	unknown := "ZZZZZZ"
	if short == unknown {
		unknown = "YYYYYY"
	}
	if r := trainer.Want("POST", second, map[string]any{"code": unknown}, 404); readapitest.Message(r) != "Geen inschrijving met code "+unknown+" in deze bundel" {
		t.Fatalf("unknown short code: %s", r.Raw)
	}
	if r := trainer.Want("POST", second, map[string]any{"code": strings.ToLower(short)}, 200); readapitest.Data(r, "first_name") != "Carla" {
		t.Fatalf("short code: %s", r.Raw)
	}
	trainer.Want("POST", "/v1/admin/bundles/"+bundle+"/sessions/"+session+"/check-in", map[string]any{"code": code}, 404) // not the bundle's session
	trainer.Want("POST", "/v1/admin/sessions/"+session+"/check-in", map[string]any{"code": code}, 409)                    // a bundle's code at a session
	sessionCodeBooking := w.As(dirk, w.AppA).Want("POST", "/v1/sessions/"+session+"/bookings", readapitest.Person("Dirk"), 201)
	sessionCode := readapitest.Data(sessionCodeBooking, "qr_code")
	if r := trainer.Want("POST", path, map[string]any{"code": sessionCode}, 409); readapitest.Message(r) != "Deze QR-code hoort bij een andere sessie" {
		t.Fatalf("a session's code at the bundle: %s", r.Raw)
	}
	if r := trainer.Want("POST", path, map[string]any{"code": code + "x"}, 422); readapitest.Field(r, "code") == "" {
		t.Fatalf("tampered: %s", r.Raw)
	}

	// Carla cancels: Piet gets the spot in the same append.
	customer.Want("DELETE", "/v1/bundles/"+bundle+"/bookings/"+readapitest.Data(carla, "booking_id").(string), nil, 200)
	w.Settle()
	got := org.Want("GET", "/v1/admin/bundles/"+bundle+"/participants", nil, 200)
	taking := readapitest.List(got, "participants")
	if len(taking) != 1 || taking[0]["first_name"] != "Piet" || len(readapitest.List(got, "cancelled")) != 1 {
		t.Fatalf("after the cancellation: %s", got.Raw)
	}
	if checked := readapitest.List(got, "cancelled")[0]["checked_in"].(map[string]any); len(checked) != 2 || checked[first] == nil {
		t.Fatalf("check-ins per session: %v", checked)
	}
	// Each booking's history names who did what, as a session booking's: Carla booked,
	// was checked in twice and cancelled; Piet was added by Olga and promoted by the
	// waiting list.
	steps := func(booking string) string {
		var out []string
		for _, h := range readapitest.Rows(org.Want("GET", "/v1/admin/bundles/"+bundle+"/participants/"+booking+"/history", nil, 200)) {
			who, _ := readapitest.Dig(h, "actor", "name").(string)
			if who == "" {
				who, _ = readapitest.Dig(h, "system").(string)
			}
			out = append(out, readapitest.Dig(h, "event").(string)+" by "+who)
		}
		return strings.Join(out, ", ")
	}
	if got, want := steps(readapitest.Data(carla, "booking_id").(string)), "booked by Carla Klant, checked_in by Tom Trainer, checked_in by Tom Trainer, cancelled by Carla Klant"; got != want {
		t.Fatalf("Carla's history: %s, want %s", got, want)
	}
	if got, want := steps(readapitest.Data(piet, "booking_id").(string)), "booked by Olga Org, promoted by process:waitlist-promotion"; got != want {
		t.Fatalf("Piet's history: %s, want %s", got, want)
	}
	org.Want("GET", "/v1/admin/bundles/"+bundle+"/participants/"+uuid.NewString()+"/history", nil, 404)
	org.Want("GET", "/v1/admin/bundles/"+bundle+"/participants/"+readapitest.Data(sessionCodeBooking, "booking_id").(string)+"/history", nil, 404) // a session's booking
	w.As(otherOrg, w.AppA).Want("GET", "/v1/admin/bundles/"+bundle+"/participants/"+readapitest.Data(piet, "booking_id").(string)+"/history", nil, 404)
	customer.Want("GET", "/v1/admin/bundles/"+bundle+"/participants/"+readapitest.Data(piet, "booking_id").(string)+"/history", nil, 403)

	// Reach: the trainer views but does not edit; another organisation and another
	// application find nothing.
	trainer.Want("GET", "/v1/admin/bundles/"+bundle, nil, 200)
	trainer.Want("PUT", "/v1/admin/bundles/"+bundle, bundleBody("Zomer", 3), 403)
	w.As(otherOrg, w.AppA).Want("GET", "/v1/admin/bundles/"+bundle, nil, 404)
	w.As(otherOrg, w.AppA).Want("GET", "/v1/admin/bundles/"+bundle+"/participants", nil, 404)
	w.As(customerB, w.AppB).Want("POST", "/v1/bundles/"+bundle+"/bookings", readapitest.Person("Bo"), 404)
	customer.Want("GET", "/v1/admin/bundles/"+bundle+"/participants", nil, 403)
	org.Want("GET", "/v1/admin/bundles/"+uuid.NewString(), nil, 404)

	org.Want("PUT", "/v1/admin/bundles/"+bundle, bundleBody("Zomer", 3), 200)
	if r := org.Want("GET", "/v1/admin/bundles/"+bundle, nil, 200); readapitest.Data(r, "name") != "Zomer" || readapitest.Data(r, "spots") != 3.0 {
		t.Fatalf("changed: %s", r.Raw)
	}
	org.Want("DELETE", "/v1/admin/bundles/"+bundle, nil, 200)
	org.Want("GET", "/v1/admin/bundles/"+bundle, nil, 404)
	customer.Want("POST", "/v1/bundles/"+bundle+"/bookings", readapitest.Person("Late"), 404)
}
