package readapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"move/commands"
	"move/domain/activity"
	"move/domain/booking"
	domainorg "move/domain/organization"
	"move/domain/series"
	"move/eventstore"
	"move/identity"
)

// organizations remembers the organisations bookable made, per world.
var organizations sync.Map

// bookable makes an organisation of app (orgA for appA), an activity with settings and
// questions, and one session next week with spots; it answers the session's id.
func (w *walletWorld) bookable(app, org string, spots int, settings activity.Settings, questions []activity.Question) string {
	w.t.Helper()
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: app, OrganizationID: org}
	if _, made := organizations.LoadOrStore(app+"/"+org, true); !made {
		if _, err := w.env.App.CreateOrganization(ctx, meta, domainorg.Profile{Name: "Studio " + org[:6]}); err != nil {
			w.t.Fatal(err)
		}
		if _, err := w.env.App.ApproveOrganization(ctx, meta, org); err != nil { // customers book only what the offer shows
			w.t.Fatal(err)
		}
	}
	meta.OrganizationID = ""
	act, err := w.env.App.CreateActivity(ctx, meta, org, activity.TypeSession, activity.Details{Name: "Yoga"}, settings)
	if err != nil {
		w.t.Fatal(err)
	}
	if len(questions) > 0 {
		if _, err := w.env.App.ChangeActivityQuestions(ctx, meta, act.ID, questions); err != nil {
			w.t.Fatal(err)
		}
	}
	day := time.Now().AddDate(0, 0, 7).Format(time.DateOnly)
	res, err := w.env.App.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: day, StartTime: "19:00", EndTime: "20:00", Spots: spots}})
	if err != nil {
		w.t.Fatal(err)
	}
	w.saw(res.Position)
	return series.SessionID(res.ID, day)
}

func person(first string) map[string]any {
	return map[string]any{"participant": map[string]any{"first_name": first, "last_name": "Jansen", "email": strings.ToLower(first) + "@example.test"}}
}

func data(r response, key string) any { return dig(r.Body, "data", key) }

func list(r response, key string) []map[string]any {
	var out []map[string]any
	for _, x := range dig(r.Body, "data", key).([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}

// 200 customers book the 20 spots of one session at the same moment: exactly 20 get a
// spot, the other 180 wait, in the order their bookings landed in the session's stream;
// a cancellation gives the first of them the spot.
func TestConcurrentBookingsOfTheLastSpots(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{})
	session := w.bookable(w.appA, w.orgA, 20, activity.Settings{HasWaitlist: true}, nil)
	customers := make([]string, 200)
	for i := range customers {
		customers[i] = w.customer("Klant", "Nummer", w.appA)
	}
	w.settle()

	type outcome struct {
		status   int
		customer string
		booking  string
		state    string
		qr       string
		raw      string
	}
	results := make(chan outcome, len(customers))
	start := make(chan struct{})
	var wg sync.WaitGroup
	began := time.Now()
	for i, c := range customers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			body, _ := json.Marshal(person("P" + string(rune('a'+i%26))))
			req, _ := http.NewRequest("POST", w.base+"/v1/sessions/"+session+"/bookings", strings.NewReader(string(body)))
			req.Header.Set("Authorization", "Bearer user:"+c)
			req.Header.Set("ApplicationId", w.appA)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				results <- outcome{status: -1, raw: err.Error()}
				return
			}
			defer res.Body.Close()
			raw, _ := io.ReadAll(res.Body)
			var b map[string]any
			_ = json.Unmarshal(raw, &b)
			id, _ := dig(b, "data", "booking_id").(string)
			st, _ := dig(b, "data", "status").(string)
			qr, _ := dig(b, "data", "qr_code").(string)
			results <- outcome{status: res.StatusCode, customer: c, booking: id, state: st, qr: qr, raw: string(raw)}
		}()
	}
	close(start)
	wg.Wait()
	close(results)
	t.Logf("200 bookings of one session answered in %s", time.Since(began))
	counts := map[string]int{}
	byBooking := map[string]outcome{}
	for o := range results {
		if o.status != 201 {
			t.Fatalf("a booking was not taken: %d %s", o.status, o.raw)
		}
		counts[o.state]++
		byBooking[o.booking] = o
	}
	if counts[booking.StatusConfirmed] != 20 || counts[booking.StatusWaitlisted] != 180 || len(byBooking) != 200 {
		t.Fatalf("outcomes %v over %d bookings, want 20 confirmed and 180 waitlisted", counts, len(byBooking))
	}

	// The waiting list is the stream's order of arrival.
	ctx := context.Background()
	var arrival []string
	events, err := w.env.Store.ReadStream(ctx, booking.Stream(session), eventstore.Forwards, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		var b booking.Booked
		if e.Type == (booking.Booked{}).EventType() && json.Unmarshal(e.Data, &b) == nil && b.Status == booking.StatusWaitlisted {
			arrival = append(arrival, b.BookingID)
		}
	}
	org := w.as(w.users["organization"], w.appA)
	w.settle()
	got := org.want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 200)
	if data(got, "taken") != 20.0 || data(got, "left") != 0.0 || len(list(got, "participants")) != 20 {
		t.Fatalf("participants: taken %v left %v", data(got, "taken"), data(got, "left"))
	}
	waiting := list(got, "waiting_list")
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
	w.as(leaver.customer, w.appA).want("DELETE", "/v1/sessions/"+session+"/bookings/"+leaver.booking, nil, 200)
	// Another customer cannot cancel someone else's booking.
	w.as(byBooking[arrival[5]].customer, w.appA).want("DELETE", "/v1/sessions/"+session+"/bookings/"+arrival[6], nil, 404)
	w.settle()
	got = org.want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 200)
	if data(got, "taken") != 20.0 || list(got, "waiting_list")[0]["booking_id"] != arrival[1] {
		t.Fatalf("after a cancellation: taken %v, first waiting %v", data(got, "taken"), list(got, "waiting_list")[0]["booking_id"])
	}
	promoted := false
	for _, p := range list(got, "participants") {
		promoted = promoted || p["booking_id"] == arrival[0]
	}
	if !promoted {
		t.Fatal("the first of the waiting list did not get the freed spot")
	}
	cancelled := list(got, "cancelled")
	if len(cancelled) != 1 || cancelled[0]["refund_percent"] != 0.0 {
		t.Fatalf("cancelled: %v", cancelled)
	}
	history := org.want("GET", "/v1/admin/sessions/"+session+"/participants/"+arrival[0]+"/history", nil, 200)
	var kinds []string
	for _, h := range rows(history) {
		who, _ := dig(h, "actor", "name").(string)
		if who == "" {
			who, _ = dig(h, "system").(string)
		}
		kinds = append(kinds, dig(h, "event").(string)+" by "+who)
	}
	// Who: the customer booked (her account's name), the waiting list promoted.
	if strings.Join(kinds, ",") != "booked by Klant Nummer,promoted by process:waitlist-promotion" {
		t.Fatalf("history: %v", kinds)
	}
}

// QR codes: a good one checks in once; a second scan says when; a tampered code, a
// code of another session or application, and a cancelled booking are refused.
func TestQRCheckIn(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{})
	session := w.bookable(w.appA, w.orgA, 5, activity.Settings{}, nil)
	other := w.bookable(w.appA, uuid.NewString(), 5, activity.Settings{}, nil)
	orgB := uuid.NewString()
	foreign := w.bookable(w.appB, orgB, 5, activity.Settings{}, nil)
	customerB := w.customer("Bo", "Buitenland", w.appB)
	w.settle()
	customer := w.as(w.users["customer"], w.appA)
	booked := customer.want("POST", "/v1/sessions/"+session+"/bookings", person("Carla"), 201)
	code := data(booked, "qr_code").(string)
	elsewhere := data(customer.want("POST", "/v1/sessions/"+other+"/bookings", person("Carla"), 201), "qr_code").(string)
	abroad := data(w.as(customerB, w.appB).want("POST", "/v1/sessions/"+foreign+"/bookings", person("Bo"), 201), "qr_code").(string)
	if strings.Contains(code, "Carla") || strings.Contains(code, w.users["customer"]) {
		t.Fatalf("the code names the person: %s", code)
	}

	trainer := w.as(w.users["trainer"], w.appA)
	path := "/v1/admin/sessions/" + session + "/check-in"
	tampered := []byte(code)
	tampered[5] ^= 1
	if r := trainer.want("POST", path, map[string]any{"code": string(tampered)}, 422); field(r, "code") != "Deze QR-code is niet geldig" {
		t.Fatalf("tampered: %s", r.Raw)
	}
	for _, foreignCode := range []string{elsewhere, abroad} {
		if r := trainer.want("POST", path, map[string]any{"code": foreignCode}, 409); message(r) != "Deze QR-code hoort bij een andere sessie" {
			t.Fatalf("foreign: %s", r.Raw)
		}
	}
	first := trainer.want("POST", path, map[string]any{"code": code}, 200)
	if data(first, "first_name") != "Carla" {
		t.Fatalf("check-in: %s", first.Raw)
	}
	at, _ := time.Parse(time.RFC3339, data(first, "checked_in_at").(string))
	again := trainer.want("POST", path, map[string]any{"code": code}, 409)
	if want := "Al ingecheckt om " + at.In(amsterdam(t)).Format("15:04"); message(again) != want {
		t.Fatalf("second scan: %q, want %q", message(again), want)
	}
	// A cancelled booking does not check in.
	second := customer.want("POST", "/v1/sessions/"+other+"/bookings", person("Carla"), 409) // already booked there
	_ = second
	otherCustomer := w.as(w.customer("Dirk", "Dubbel", w.appA), w.appA)
	w.settle()
	late := otherCustomer.want("POST", "/v1/sessions/"+session+"/bookings", person("Dirk"), 201)
	otherCustomer.want("DELETE", "/v1/sessions/"+session+"/bookings/"+data(late, "booking_id").(string), nil, 200)
	if r := trainer.want("POST", path, map[string]any{"code": data(late, "qr_code")}, 409); message(r) != "Deze inschrijving is geannuleerd" {
		t.Fatalf("cancelled: %s", r.Raw)
	}
	// The trainer checks in but cannot add participants; the admin of the application
	// views but does not check in; another application's admin finds nothing.
	trainer.want("POST", "/v1/admin/sessions/"+session+"/participants", person("Eva"), 403)
	admin := w.as(w.admin, w.appA)
	admin.want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 200)
	admin.want("POST", path, map[string]any{"code": code}, 403)
	w.as(w.adminB, w.appB).want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 404)
	customer.want("GET", "/v1/admin/sessions/"+session+"/participants", nil, 403)
	// A customer of B cannot book A's session through B.
	w.as(customerB, w.appB).want("POST", "/v1/sessions/"+session+"/bookings", person("Bo"), 404)
}

// Staff add a participant by hand, mark attendance, move them, mail the participants
// and export the list with the answers; each refusal in the user's language.
func TestParticipantsByStaff(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{})
	questions := []activity.Question{{Title: "T-shirt size", Type: "single_select", Required: true, Options: []string{"S", "M", "L"}}}
	session := w.bookable(w.appA, w.orgA, 2, activity.Settings{HasWaitlist: true}, questions)
	w.settle()
	org := w.as(w.users["organization"], w.appA)
	base := "/v1/admin/sessions/" + session + "/participants"
	detail := org.want("GET", "/v1/admin/activities/"+sessionActivity(t, org, session)+"/questions", nil, 200)
	questionID := dig(detail.Body, "data", "questions").([]any)[0].(map[string]any)["id"].(string)

	customer := w.as(w.users["customer"], w.appA)
	if r := customer.want("POST", "/v1/sessions/"+session+"/bookings", person("Carla"), 422); field(r, "answers."+questionID) != "Beantwoord deze vraag" {
		t.Fatalf("unanswered: %s", r.Raw)
	}
	body := person("Carla")
	body["answers"] = []map[string]any{{"question_id": questionID, "value": "XL"}}
	if r := customer.en().want("POST", "/v1/sessions/"+session+"/bookings", body, 422); field(r, "answers."+questionID) != "Choose one of: S, M, L" {
		t.Fatalf("option: %s", r.Raw)
	}
	body["answers"] = []map[string]any{{"question_id": questionID, "value": "M"}}
	carla := data(customer.want("POST", "/v1/sessions/"+session+"/bookings", body, 201), "booking_id").(string)

	if r := org.want("POST", base, map[string]any{"participant": map[string]any{"first_name": "", "last_name": "X"}}, 422); field(r, "participant.first_name") != "Het veld voornaam is verplicht" {
		t.Fatalf("add without a name: %s", r.Raw)
	}
	piet := data(org.want("POST", base, map[string]any{"participant": map[string]any{"first_name": "Piet", "last_name": "Hand",
		"date_of_birth": "1990-02-03", "gender": "male", "notes": "=knee"}}, 201), "booking_id").(string)
	org.want("PUT", base+"/"+piet+"/attendance", map[string]any{"attendance": "absent"}, 200)
	if r := org.want("PUT", base+"/"+piet+"/attendance", map[string]any{"attendance": "sleeping"}, 422); field(r, "attendance") == "" {
		t.Fatalf("attendance: %s", r.Raw)
	}

	sent := org.want("POST", base+"/contact", map[string]any{"subject": "Hoi {first_name}", "message": "Beste {first_name} {last_name}, groet van {app_name}"}, 200)
	if data(sent, "sent") != 1.0 { // Piet has no e-mail address
		t.Fatalf("contact: %s", sent.Raw)
	}
	w.mails.mu.Lock()
	mail := w.mails.sent[len(w.mails.sent)-1]
	w.mails.mu.Unlock()
	if mail.To != "carla@example.test" || mail.Subject != "Hoi Carla" || mail.Body != "Beste Carla Jansen, groet van App app-a" {
		t.Fatalf("mail: %+v", mail)
	}

	res := org.do("GET", base+"/export", nil)
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

	// Move Piet to another session of the organisation.
	other := w.bookable(w.appA, uuid.NewString(), 1, activity.Settings{}, nil)
	w.settle()
	if r := org.want("POST", base+"/"+piet+"/move", map[string]any{"session_id": other}, 422); field(r, "session_id") == "" {
		t.Fatalf("a session of another organisation: %s", r.Raw)
	}
	same := w.bookable(w.appA, w.orgA, 1, activity.Settings{}, nil)
	w.settle()
	org.want("POST", base+"/"+piet+"/move", map[string]any{"session_id": same}, 200)
	moved := org.want("GET", "/v1/admin/sessions/"+same+"/participants", nil, 200)
	if p := list(moved, "participants"); len(p) != 1 || p[0]["first_name"] != "Piet" || p[0]["moved_from"] != session {
		t.Fatalf("moved: %s", moved.Raw)
	}
	// Carla cannot follow: the session is full and has no waiting list.
	if r := org.want("POST", base+"/"+carla+"/move", map[string]any{"session_id": same}, 409); !strings.Contains(message(r), "vol") {
		t.Fatalf("move into a full session: %s", r.Raw)
	}
	history := org.want("GET", base+"/"+piet+"/history", nil, 200)
	if n := len(rows(history)); n != 4 { // booked, attendance, moved out, booked in the other session
		t.Fatalf("history: %s", history.Raw)
	}
}

func sessionActivity(t *testing.T, k *caller, session string) string {
	t.Helper()
	return dig(k.want("GET", "/v1/admin/sessions/"+session, nil, 200).Body, "data", "activity_id").(string)
}
