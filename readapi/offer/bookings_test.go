package offer_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"move/domain/activity"
	"move/domain/booking"
	"move/eventstore"
	"move/identity"
	"move/readapi/readapitest"
)

// 200 customers book the 20 spots of one session at the same moment: exactly 20 get a
// spot, the other 180 wait, in the order their bookings landed in the session's stream;
// a cancellation gives the first of them the spot.
func TestConcurrentBookingsOfTheLastSpots(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	session := w.Bookable(w.AppA, w.OrgA, 20, activity.Settings{HasWaitlist: true}, nil)
	customers := make([]string, 200)
	for i := range customers {
		customers[i] = w.Customer("Klant", "Nummer", w.AppA)
	}
	w.Settle()

	began := time.Now()
	answers := w.AtOnce(w.AppA, "POST", "/v1/sessions/"+session+"/bookings", customers, func(i int) any {
		return readapitest.Person("P" + string(rune('a'+i%26)))
	})
	t.Logf("200 bookings of one session answered in %s", time.Since(began))
	type outcome struct{ customer, booking, state string }
	counts := map[string]int{}
	byBooking := map[string]outcome{}
	for i, a := range answers {
		if a.Status != 201 {
			t.Fatalf("a booking was not taken: %d %s", a.Status, a.Raw)
		}
		o := outcome{customer: customers[i]}
		o.booking, _ = readapitest.Dig(a.Body, "data", "booking_id").(string)
		o.state, _ = readapitest.Dig(a.Body, "data", "status").(string)
		counts[o.state]++
		byBooking[o.booking] = o
	}
	if counts[booking.StatusConfirmed] != 20 || counts[booking.StatusWaitlisted] != 180 || len(byBooking) != 200 {
		t.Fatalf("outcomes %v over %d bookings, want 20 confirmed and 180 waitlisted", counts, len(byBooking))
	}

	// The waiting list is the stream's order of arrival.
	ctx := context.Background()
	var arrival []string
	events, err := w.Env.Store.ReadStream(ctx, booking.Stream(session), eventstore.Forwards, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		var b booking.Booked
		if e.Type == (booking.Booked{}).EventType() && json.Unmarshal(e.Data, &b) == nil && b.Status == booking.StatusWaitlisted {
			arrival = append(arrival, b.BookingID)
		}
	}
	org := w.As(w.Users["organization"], w.AppA)
	w.Settle()
	got := org.Want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 200)
	if readapitest.Data(got, "taken") != 20.0 || readapitest.Data(got, "left") != 0.0 || len(readapitest.List(got, "participants")) != 20 {
		t.Fatalf("participants: taken %v left %v", readapitest.Data(got, "taken"), readapitest.Data(got, "left"))
	}
	waiting := readapitest.List(got, "waiting_list")
	if len(waiting) != 180 || len(arrival) != 180 {
		t.Fatalf("waiting list %d, arrivals %d", len(waiting), len(arrival))
	}
	for i, p := range waiting {
		if p["booking_id"] != arrival[i] {
			t.Fatalf("waiting list position %d: %v, the stream says %s", i, p["booking_id"], arrival[i])
		}
	}

	// A customer cancels: the first waiting gets the spot, once.
	var leaver outcome
	for _, o := range byBooking {
		if o.state == booking.StatusConfirmed {
			leaver = o
			break
		}
	}
	w.As(leaver.customer, w.AppA).Want("DELETE", "/v1/sessions/"+session+"/bookings/"+leaver.booking, nil, 200)
	// Another customer cannot cancel someone else's booking.
	w.As(byBooking[arrival[5]].customer, w.AppA).Want("DELETE", "/v1/sessions/"+session+"/bookings/"+arrival[6], nil, 404)
	w.Settle()
	got = org.Want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 200)
	if readapitest.Data(got, "taken") != 20.0 || readapitest.List(got, "waiting_list")[0]["booking_id"] != arrival[1] {
		t.Fatalf("after a cancellation: taken %v, first waiting %v", readapitest.Data(got, "taken"), readapitest.List(got, "waiting_list")[0]["booking_id"])
	}
	promoted := false
	for _, p := range readapitest.List(got, "participants") {
		promoted = promoted || p["booking_id"] == arrival[0]
	}
	if !promoted {
		t.Fatal("the first of the waiting list did not get the freed spot")
	}
	cancelled := readapitest.List(got, "cancelled")
	if len(cancelled) != 1 || cancelled[0]["refund_percent"] != 0.0 {
		t.Fatalf("cancelled: %v", cancelled)
	}
	history := org.Want("GET", "/v1/admin/sessions/"+session+"/participants/"+arrival[0]+"/history", nil, 200)
	var kinds []string
	for _, h := range readapitest.Rows(history) {
		who, _ := readapitest.Dig(h, "actor", "name").(string)
		if who == "" {
			who, _ = readapitest.Dig(h, "system").(string)
		}
		kinds = append(kinds, readapitest.Dig(h, "event").(string)+" by "+who)
	}
	// Who: the customer booked (her account's name), the waiting list promoted.
	if strings.Join(kinds, ",") != "booked by Klant Nummer,promoted by process:waitlist-promotion" {
		t.Fatalf("history: %v", kinds)
	}
}

// QR codes: a good one checks in once; a second scan says when; a tampered code, a
// code of another session or application, and a cancelled booking are refused.
func TestQRCheckIn(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	session := w.Bookable(w.AppA, w.OrgA, 5, activity.Settings{}, nil)
	other := w.Bookable(w.AppA, uuid.NewString(), 5, activity.Settings{}, nil)
	orgB := uuid.NewString()
	foreign := w.Bookable(w.AppB, orgB, 5, activity.Settings{}, nil)
	customerB := w.Customer("Bo", "Buitenland", w.AppB)
	w.Settle()
	customer := w.As(w.Users["customer"], w.AppA)
	booked := customer.Want("POST", "/v1/sessions/"+session+"/bookings", readapitest.Person("Carla"), 201)
	code := readapitest.Data(booked, "qr_code").(string)
	elsewhere := readapitest.Data(customer.Want("POST", "/v1/sessions/"+other+"/bookings", readapitest.Person("Carla"), 201), "qr_code").(string)
	abroad := readapitest.Data(w.As(customerB, w.AppB).Want("POST", "/v1/sessions/"+foreign+"/bookings", readapitest.Person("Bo"), 201), "qr_code").(string)
	if strings.Contains(code, "Carla") || strings.Contains(code, w.Users["customer"]) {
		t.Fatalf("the code names the person: %s", code)
	}

	trainer := w.As(w.Users["trainer"], w.AppA)
	path := "/v1/admin/sessions/" + session + "/check-in"
	tampered := []byte(code)
	tampered[5] ^= 1
	if r := trainer.Want("POST", path, map[string]any{"code": string(tampered)}, 422); readapitest.Field(r, "code") != "Deze QR-code is niet geldig" {
		t.Fatalf("tampered: %s", r.Raw)
	}
	for _, foreignCode := range []string{elsewhere, abroad} {
		if r := trainer.Want("POST", path, map[string]any{"code": foreignCode}, 409); readapitest.Message(r) != "Deze QR-code hoort bij een andere sessie" {
			t.Fatalf("foreign: %s", r.Raw)
		}
	}
	first := trainer.Want("POST", path, map[string]any{"code": code}, 200)
	if readapitest.Data(first, "first_name") != "Carla" {
		t.Fatalf("check-in: %s", first.Raw)
	}
	at, _ := time.Parse(time.RFC3339, readapitest.Data(first, "checked_in_at").(string))
	again := trainer.Want("POST", path, map[string]any{"code": code}, 409)
	if want := "Al ingecheckt om " + at.In(readapitest.Amsterdam(t)).Format("15:04"); readapitest.Message(again) != want {
		t.Fatalf("second scan: %q, want %q", readapitest.Message(again), want)
	}
	// A cancelled booking does not check in.
	second := customer.Want("POST", "/v1/sessions/"+other+"/bookings", readapitest.Person("Carla"), 409) // already booked there
	_ = second
	otherCustomer := w.As(w.Customer("Dirk", "Dubbel", w.AppA), w.AppA)
	w.Settle()
	late := otherCustomer.Want("POST", "/v1/sessions/"+session+"/bookings", readapitest.Person("Dirk"), 201)
	otherCustomer.Want("DELETE", "/v1/sessions/"+session+"/bookings/"+readapitest.Data(late, "booking_id").(string), nil, 200)
	if r := trainer.Want("POST", path, map[string]any{"code": readapitest.Data(late, "qr_code")}, 409); readapitest.Message(r) != "Deze inschrijving is geannuleerd" {
		t.Fatalf("cancelled: %s", r.Raw)
	}
	// The trainer checks in but cannot add participants; the admin of the application
	// views but does not check in; another application's admin finds nothing.
	trainer.Want("POST", "/v1/admin/sessions/"+session+"/participants", readapitest.Person("Eva"), 403)
	admin := w.As(w.Admin, w.AppA)
	admin.Want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 200)
	admin.Want("POST", path, map[string]any{"code": code}, 403)
	w.As(w.AdminB, w.AppB).Want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 404)
	customer.Want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 403)
	// A customer of B cannot book A's session through B.
	w.As(customerB, w.AppB).Want("POST", "/v1/sessions/"+session+"/bookings", readapitest.Person("Bo"), 404)
}

// Staff add a participant by hand, mark attendance, move them, mail the participants
// and export the list with the answers; each refusal in the user's language.
func TestParticipantsByStaff(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	questions := []activity.Question{{Title: "T-shirt size", Type: "single_select", Required: true, Options: []string{"S", "M", "L"}}}
	session := w.Bookable(w.AppA, w.OrgA, 2, activity.Settings{HasWaitlist: true}, questions)
	w.Settle()
	org := w.As(w.Users["organization"], w.AppA)
	base := "/v1/admin/sessions/" + session + "/participants"
	detail := org.Want("GET", "/v1/admin/activities/"+readapitest.SessionActivity(t, org, session)+"/questions", nil, 200)
	questionID := readapitest.Dig(detail.Body, "data", "questions").([]any)[0].(map[string]any)["id"].(string)

	customer := w.As(w.Users["customer"], w.AppA)
	if r := customer.Want("POST", "/v1/sessions/"+session+"/bookings", readapitest.Person("Carla"), 422); readapitest.Field(r, "answers."+questionID) != "Beantwoord deze vraag" {
		t.Fatalf("unanswered: %s", r.Raw)
	}
	body := readapitest.Person("Carla")
	body["answers"] = []map[string]any{{"question_id": questionID, "value": "XL"}}
	if r := customer.En().Want("POST", "/v1/sessions/"+session+"/bookings", body, 422); readapitest.Field(r, "answers."+questionID) != "Choose one of: S, M, L" {
		t.Fatalf("option: %s", r.Raw)
	}
	body["answers"] = []map[string]any{{"question_id": questionID, "value": "M"}}
	carla := readapitest.Data(customer.Want("POST", "/v1/sessions/"+session+"/bookings", body, 201), "booking_id").(string)

	if r := org.Want("POST", base, map[string]any{"participant": map[string]any{"first_name": "", "last_name": "X"}}, 422); readapitest.Field(r, "participant.first_name") != "Het veld voornaam is verplicht" {
		t.Fatalf("add without a name: %s", r.Raw)
	}
	piet := readapitest.Data(org.Want("POST", base, map[string]any{"participant": map[string]any{"first_name": "Piet", "last_name": "Hand",
		"date_of_birth": "1990-02-03", "gender": "male", "notes": "=knee"}}, 201), "booking_id").(string)
	org.Want("PUT", base+"/"+piet+"/attendance", map[string]any{"attendance": "absent"}, 200)
	if r := org.Want("PUT", base+"/"+piet+"/attendance", map[string]any{"attendance": "sleeping"}, 422); readapitest.Field(r, "attendance") == "" {
		t.Fatalf("attendance: %s", r.Raw)
	}

	sent := org.Want("POST", base+"/contact", map[string]any{"subject": "Hoi {first_name}", "message": "Beste {first_name} {last_name}, groet van {app_name}"}, 200)
	if readapitest.Data(sent, "sent") != 1.0 { // Piet has no e-mail address
		t.Fatalf("contact: %s", sent.Raw)
	}
	w.Mails.Mu.Lock()
	mail := w.Mails.Sent[len(w.Mails.Sent)-1]
	w.Mails.Mu.Unlock()
	if mail.To != "carla@example.test" || mail.Subject != "Hoi Carla" || mail.Body != "Beste Carla Jansen, groet van App app-a" {
		t.Fatalf("mail: %+v", mail)
	}

	res := org.Do("GET", base+"/export", nil)
	if res.Status != 200 {
		t.Fatalf("export: %d", res.Status)
	}
	book, err := excelize.OpenReader(strings.NewReader(res.Raw))
	if err != nil {
		t.Fatal(err)
	}
	sheet, _ := book.GetRows("Participants")
	if len(sheet) != 3 || sheet[0][11] != "T-shirt size" || sheet[1][11] != "M" || sheet[2][5] != "'=knee" {
		t.Fatalf("export: %v", sheet)
	}
	// In the user's language, statuses in words, times in the application's zone named in
	// words (issue 23): never English headers, raw values or UTC.
	if sheet[0][0] != "Voornaam" || sheet[0][9] != "Ingeschreven op (Nederlandse tijd)" || sheet[2][4] != "Man" ||
		sheet[2][6] != "Ingeschreven" || sheet[2][7] != "Afwezig" || strings.Contains(sheet[2][9], "Z") || len(sheet[2][9]) != len("2006-01-02 15:04") {
		t.Fatalf("export in Dutch: %v", sheet)
	}
	en := w.As(w.Users["organization"], w.AppA).En().Want("GET", base+"/export", nil, 200)
	enBook, err := excelize.OpenReader(strings.NewReader(en.Raw))
	if err != nil {
		t.Fatal(err)
	}
	enSheet, _ := enBook.GetRows("Participants")
	if len(enSheet) != 3 || enSheet[0][0] != "First name" || enSheet[0][9] != "Booked at (Dutch time)" || enSheet[2][7] != "Absent" {
		t.Fatalf("export in English: %v", enSheet)
	}

	// Move Piet to another session of the organisation.
	other := w.Bookable(w.AppA, uuid.NewString(), 1, activity.Settings{}, nil)
	w.Settle()
	if r := org.Want("POST", base+"/"+piet+"/move", map[string]any{"session_id": other}, 422); readapitest.Field(r, "session_id") == "" {
		t.Fatalf("a session of another organisation: %s", r.Raw)
	}
	same := w.Bookable(w.AppA, w.OrgA, 1, activity.Settings{}, nil)
	w.Settle()
	org.Want("POST", base+"/"+piet+"/move", map[string]any{"session_id": same}, 200)
	moved := org.Want("GET", "/v1/admin/sessions/"+same+"/participants", nil, 200)
	if p := readapitest.List(moved, "participants"); len(p) != 1 || p[0]["first_name"] != "Piet" || p[0]["moved_from"] != session {
		t.Fatalf("moved: %s", moved.Raw)
	}
	// Carla cannot follow: the session is full and has no waiting list.
	if r := org.Want("POST", base+"/"+carla+"/move", map[string]any{"session_id": same}, 409); !strings.Contains(readapitest.Message(r), "vol") {
		t.Fatalf("move into a full session: %s", r.Raw)
	}
	history := org.Want("GET", base+"/"+piet+"/history", nil, 200)
	if n := len(readapitest.Rows(history)); n != 4 { // booked, attendance, moved out, booked in the other session
		t.Fatalf("history: %s", history.Raw)
	}
}
