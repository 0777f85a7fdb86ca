package offer_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/domain/activity"
	domainidentity "move/domain/identity"
	"move/identity"
	"move/readapi/readapitest"
)

const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// otherCode is a well-formed code that is not code.
func otherCode(code string) string {
	if code == "ZZZZZZ" {
		return "YYYYYY"
	}
	return "ZZZZZZ"
}

// The short code: every booking has one (in the booking's answer and the participants
// list), staff type it in any case and with dashes; a second check-in says when, an
// unknown code is a 404 and a malformed one a 422 in the user's language, another
// session's code is unknown here; the door finds a code among the day's sessions.
func TestShortCodeCheckIn(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	day := time.Now().AddDate(0, 0, 3).Format(time.DateOnly)
	session := w.BookableOn(day, w.AppA, w.OrgA, 5, activity.Settings{HasWaitlist: true}, nil)
	later := w.BookableOn(day, w.AppA, w.OrgA, 5, activity.Settings{}, nil)
	otherDay := w.BookableOn(time.Now().AddDate(0, 0, 4).Format(time.DateOnly), w.AppA, w.OrgA, 5, activity.Settings{}, nil)
	foreign := w.BookableOn(day, w.AppB, uuid.NewString(), 5, activity.Settings{}, nil)
	w.Settle()

	org := w.As(w.Users["organization"], w.AppA)
	trainer := w.As(w.Users["trainer"], w.AppA)
	customer := w.As(w.Users["customer"], w.AppA)
	booked := customer.Want("POST", "/v1/sessions/"+session+"/bookings", readapitest.Person("Carla"), 201)
	code := readapitest.Data(booked, "check_in_code").(string)
	if len(code) != 6 || strings.Trim(code, crockford) != "" {
		t.Fatalf("code %q: want 6 characters of %s", code, crockford)
	}
	w.Settle()
	list := org.Want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 200)
	if p := readapitest.List(list, "participants"); len(p) != 1 || p[0]["check_in_code"] != code {
		t.Fatalf("participants: %s", list.Raw)
	}
	piet := org.Want("POST", "/v1/admin/sessions/"+later+"/participants", map[string]any{"participant": map[string]any{"first_name": "Piet", "last_name": "Hand"}}, 201)
	pietCode := readapitest.Data(piet, "check_in_code").(string)
	nextDay := readapitest.Data(org.Want("POST", "/v1/admin/sessions/"+otherDay+"/participants", map[string]any{"participant": map[string]any{"first_name": "Noor", "last_name": "Morgen"}}, 201), "check_in_code").(string)
	customerB := w.Customer("Bo", "Buitenland", w.AppB)
	w.Settle()
	abroad := readapitest.Data(w.As(customerB, w.AppB).Want("POST", "/v1/sessions/"+foreign+"/bookings", readapitest.Person("Bo"), 201), "check_in_code").(string)

	w.Settle()
	path := "/v1/admin/sessions/" + session + "/check-in"
	if r := trainer.Want("POST", path, map[string]any{"code": "hallo!"}, 422); readapitest.Field(r, "code") != "Scan de QR-code of typ de code van 6 tekens" {
		t.Fatalf("malformed: %s", r.Raw)
	}
	if r := trainer.Want("POST", path, map[string]any{"code": otherCode(code)}, 404); readapitest.Message(r) != "Geen inschrijving met code "+otherCode(code)+" in deze sessie" {
		t.Fatalf("unknown: %s", r.Raw)
	}
	if r := w.As(w.Users["trainer"], w.AppA).En().Want("POST", path, map[string]any{"code": pietCode}, 404); readapitest.Message(r) != "No booking with code "+pietCode+" in this session" {
		t.Fatalf("another session's code: %s", r.Raw)
	}
	typed := strings.ToLower(code[:3]) + "-" + code[3:]
	first := trainer.Want("POST", path, map[string]any{"code": typed}, 200)
	if readapitest.Data(first, "first_name") != "Carla" || readapitest.Data(first, "session_id") != session {
		t.Fatalf("check-in: %s", first.Raw)
	}
	at, _ := time.Parse(time.RFC3339, readapitest.Data(first, "checked_in_at").(string))
	if r := trainer.Want("POST", path, map[string]any{"code": code}, 409); readapitest.Message(r) != "Al ingecheckt om "+at.In(readapitest.Amsterdam(t)).Format("15:04") {
		t.Fatalf("second check-in: %s", r.Raw)
	}
	bookingID := readapitest.Data(booked, "booking_id").(string)
	history := org.Want("GET", "/v1/admin/sessions/"+session+"/participants/"+bookingID+"/history", nil, 200)
	if !strings.Contains(history.Raw, `"via":"code"`) {
		t.Fatalf("history says how: %s", history.Raw)
	}

	// The door: the day's sessions with counts; a code checks in wherever it is that day.
	w.Settle()
	door := "/v1/admin/organizations/" + w.OrgA + "/door?date=" + day
	sessions := readapitest.Dig(org.Want("GET", door, nil, 200).Body, "data", "sessions").([]any)
	if len(sessions) != 2 {
		t.Fatalf("door sessions: %v", sessions)
	}
	var first0 map[string]any
	for _, x := range sessions {
		if x.(map[string]any)["session_id"] == session {
			first0 = x.(map[string]any)
		}
	}
	if first0["booked"] != 1.0 || first0["present"] != 1.0 || first0["waiting"] != 0.0 || first0["spots"] != 5.0 || first0["start_time"] != "19:00" {
		t.Fatalf("door counts: %v", first0)
	}
	checkIn := "/v1/admin/organizations/" + w.OrgA + "/door/check-in?date=" + day
	if r := trainer.Want("POST", checkIn, map[string]any{"code": pietCode}, 200); readapitest.Data(r, "session_id") != later || readapitest.Data(r, "first_name") != "Piet" {
		t.Fatalf("door check-in: %s", r.Raw)
	}
	for _, c := range []string{nextDay, abroad, otherCode(pietCode)} {
		if c == code || c == pietCode {
			continue
		}
		if r := trainer.Want("POST", checkIn, map[string]any{"code": c}, 404); readapitest.Message(r) != "Geen inschrijving met code "+c+" bij de sessies van deze dag" {
			t.Fatalf("door, %s: %s", c, r.Raw)
		}
	}
	qr := readapitest.Data(booked, "qr_code").(string)
	if r := trainer.Want("POST", "/v1/admin/organizations/"+w.OrgA+"/door/check-in?date="+time.Now().AddDate(0, 0, 4).Format(time.DateOnly), map[string]any{"code": qr}, 409); readapitest.Message(r) != "Deze QR-code hoort niet bij een sessie van deze dag" {
		t.Fatalf("door, another day's QR: %s", r.Raw)
	}
	org.Want("GET", "/v1/admin/organizations/"+w.OrgA+"/door?date=tomorrow", nil, 400)
	org.Want("GET", "/v1/admin/organizations/"+w.OrgA+"/door", nil, 200) // today by default

	// Roles and tenants: the application's admin sees the door but does not check in;
	// another organisation's staff, another application's admin and a customer do not
	// reach it.
	admin := w.As(w.Admin, w.AppA)
	admin.Want("GET", door, nil, 200)
	admin.Want("POST", checkIn, map[string]any{"code": pietCode}, 403)
	trainer.Want("GET", door, nil, 200)
	stranger := w.As(w.User("Sam", "Elders", &domainidentity.Grant{Role: domainidentity.RoleOrganization, ApplicationID: w.AppA, OrganizationID: uuid.NewString()}), w.AppA)
	w.Settle()
	stranger.Want("GET", door, nil, 404)
	stranger.Want("POST", checkIn, map[string]any{"code": pietCode}, 404)
	stranger.Want("POST", path, map[string]any{"code": code}, 404)
	w.As(w.AdminB, w.AppB).Want("GET", door, nil, 404)
	w.As(w.AdminB, w.AppB).Want("POST", path, map[string]any{"code": code}, 403) // the admin does not check in
	w.As(w.AdminB, w.AppB).Want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 404)
	customer.Want("GET", door, nil, 403)
	customer.Want("POST", checkIn, map[string]any{"code": pietCode}, 403)
}

// The undo of a (bulk) move moves the booking back: in the session it left it is live
// again, unmarked, as the session's aggregate has it (the read model once kept the old
// "moved" row).
func TestParticipantMovedBackIsLiveAgain(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	a := w.Bookable(w.AppA, w.OrgA, 3, activity.Settings{}, nil)
	b := w.Bookable(w.AppA, w.OrgA, 3, activity.Settings{}, nil)
	w.Settle()
	org := w.As(w.Users["organization"], w.AppA)
	piet := readapitest.Data(org.Want("POST", "/v1/admin/sessions/"+a+"/participants", map[string]any{"participant": map[string]any{"first_name": "Piet", "last_name": "Heen"}}, 201), "booking_id").(string)
	org.Want("PUT", "/v1/admin/sessions/"+a+"/participants/"+piet+"/attendance", map[string]any{"attendance": "present"}, 200)
	org.Want("POST", "/v1/admin/sessions/"+a+"/participants/"+piet+"/move", map[string]any{"session_id": b}, 200)
	org.Want("POST", "/v1/admin/sessions/"+b+"/participants/"+piet+"/move", map[string]any{"session_id": a}, 200)
	back := org.Want("GET", "/v1/admin/sessions/"+a+"/participants", nil, 200)
	p := readapitest.List(back, "participants")
	if len(p) != 1 || p[0]["booking_id"] != piet || p[0]["status"] != "confirmed" || p[0]["attendance"] != "none" || p[0]["moved_from"] != b || p[0]["moved_to"] != nil {
		t.Fatalf("moved back: %s", back.Raw)
	}
	if gone := readapitest.List(back, "cancelled"); len(gone) != 0 {
		t.Fatalf("moved back, still gone: %s", back.Raw)
	}
	there := org.Want("GET", "/v1/admin/sessions/"+b+"/participants", nil, 200)
	if g := readapitest.List(there, "cancelled"); len(g) != 1 || g[0]["status"] != "moved" || g[0]["moved_to"] != a {
		t.Fatalf("the session it left: %s", there.Raw)
	}
	// And again: the booking can go back and forth.
	org.Want("POST", "/v1/admin/sessions/"+a+"/participants/"+piet+"/move", map[string]any{"session_id": b}, 200)
	if p := readapitest.List(org.Want("GET", "/v1/admin/sessions/"+b+"/participants", nil, 200), "participants"); len(p) != 1 || p[0]["moved_from"] != a {
		t.Fatalf("moved again: %v", p)
	}
}

// Bundle bookings at the door (decision 1700): a bundle's session counts the bundle's
// people, names the bundle with its part, and the door's code form checks a bundle
// booking in at the bundle's session of the day, by short code or QR code, once.
func TestBundleBookingsAtTheDoor(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	act := bundleActivity(w, w.AppA, w.OrgA, activity.Settings{HasWaitlist: true})
	w.Settle()
	org := w.As(w.Users["organization"], w.AppA)
	trainer := w.As(w.Users["trainer"], w.AppA)
	customer := w.As(w.Users["customer"], w.AppA)
	bundle := readapitest.Data(org.Want("POST", "/v1/admin/activities/"+act+"/bundles", bundleBody("Voorjaar", 2), 201), "id").(string)
	next := time.Now().AddDate(0, 0, 8)
	day := next.Format(time.DateOnly)
	org.Want("POST", "/v1/admin/bundles/"+bundle+"/sessions", map[string]any{"date": day, "start_time": "19:00", "end_time": "20:00", "spots": 12,
		"repetition": map[string]any{"type": "weeks", "every": 1, "days": []string{strings.ToLower(next.Weekday().String())}, "until": time.Now().AddDate(0, 0, 16).Format(time.DateOnly)}}, 201)
	sessions := readapitest.Rows(org.Want("GET", "/v1/admin/bundles/"+bundle+"/sessions", nil, 200))
	if len(sessions) != 2 {
		t.Fatalf("bundle sessions: %v", sessions)
	}
	first, second := readapitest.Dig(sessions[0], "id").(string), readapitest.Dig(sessions[1], "id").(string)
	carla := customer.Want("POST", "/v1/bundles/"+bundle+"/bookings", readapitest.Person("Carla"), 201)
	piet := org.Want("POST", "/v1/admin/bundles/"+bundle+"/participants", map[string]any{"participant": map[string]any{"first_name": "Piet", "last_name": "Bundel"}}, 201)
	noor := org.Want("POST", "/v1/admin/bundles/"+bundle+"/participants", map[string]any{"participant": map[string]any{"first_name": "Noor", "last_name": "Wacht"}}, 201)
	if readapitest.Data(noor, "status") != "waitlisted" {
		t.Fatalf("the third of two spots waits: %s", noor.Raw)
	}
	w.Settle()

	doorOn := func(date string) map[string]any {
		t.Helper()
		for _, x := range readapitest.Dig(trainer.Want("GET", "/v1/admin/organizations/"+w.OrgA+"/door?date="+date, nil, 200).Body, "data", "sessions").([]any) {
			if x.(map[string]any)["activity_id"] == act {
				return x.(map[string]any)
			}
		}
		t.Fatalf("the door of %s has no session of the bundle", date)
		return nil
	}
	s := doorOn(day)
	bundles := s["bundles"].([]any)
	if s["session_id"] != first || s["booked"] != 2.0 || s["present"] != 0.0 || s["waiting"] != 1.0 || len(bundles) != 1 {
		t.Fatalf("the bundle's session at the door: %v", s)
	}
	if b := bundles[0].(map[string]any); b["bundle_id"] != bundle || b["name"] != "Voorjaar" || b["booked"] != 2.0 || b["waiting"] != 1.0 {
		t.Fatalf("the bundle named at the door: %v", b)
	}

	checkIn := "/v1/admin/organizations/" + w.OrgA + "/door/check-in?date=" + day
	short := readapitest.Data(carla, "check_in_code").(string)
	if r := trainer.Want("POST", checkIn, map[string]any{"code": strings.ToLower(short)}, 200); readapitest.Data(r, "first_name") != "Carla" || readapitest.Data(r, "session_id") != first {
		t.Fatalf("a bundle's short code at the door: %s", r.Raw)
	}
	if r := trainer.Want("POST", checkIn, map[string]any{"code": short}, 409); !strings.HasPrefix(readapitest.Message(r), "Al ingecheckt om ") {
		t.Fatalf("twice at the door: %s", r.Raw)
	}
	if r := trainer.Want("POST", checkIn, map[string]any{"code": readapitest.Data(piet, "qr_code")}, 200); readapitest.Data(r, "first_name") != "Piet" {
		t.Fatalf("a bundle's QR code at the door: %s", r.Raw)
	}
	w.Settle()
	if s := doorOn(day); s["present"] != 2.0 || s["bundles"].([]any)[0].(map[string]any)["present"] != 2.0 {
		t.Fatalf("after two check-ins: %v", s)
	}
	// The bundle's participants say at which sessions they came (what the door's list shows).
	got := trainer.Want("GET", "/v1/admin/bundles/"+bundle+"/participants", nil, 200)
	for _, p := range readapitest.List(got, "participants") {
		if p["checked_in"].(map[string]any)[first] == nil {
			t.Fatalf("checked in at the first session: %v", p)
		}
	}

	// A week later the same code checks in at that week's session; on a day without the
	// bundle it is unknown, and the waiting one is not checked in.
	nextWeek := next.AddDate(0, 0, 7).Format(time.DateOnly)
	if r := trainer.Want("POST", "/v1/admin/organizations/"+w.OrgA+"/door/check-in?date="+nextWeek, map[string]any{"code": short}, 200); readapitest.Data(r, "session_id") != second {
		t.Fatalf("the next week: %s", r.Raw)
	}
	if r := trainer.Want("POST", "/v1/admin/organizations/"+w.OrgA+"/door/check-in?date="+next.AddDate(0, 0, 1).Format(time.DateOnly), map[string]any{"code": short}, 404); readapitest.Message(r) != "Geen inschrijving met code "+short+" bij de sessies van deze dag" {
		t.Fatalf("a day without the bundle: %s", r.Raw)
	}
	trainer.Want("POST", checkIn, map[string]any{"code": readapitest.Data(noor, "check_in_code")}, 409)
	// Another application's staff reach neither the door nor the code.
	w.As(w.AdminB, w.AppB).Want("GET", "/v1/admin/organizations/"+w.OrgA+"/door?date="+day, nil, 404)
}
