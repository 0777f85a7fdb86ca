package offer_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/series"
	"move/readapi/readapitest"
)

// A holiday closes the organisation: the impact first (the session, its paid
// participant, the refund in full — not the 50 % of the cancellation term, the
// organisation cancels), then one command; a retry changes nothing, the participant is
// refunded what they paid and mailed, the session is gone, the closure is listed.
// Bad ranges are refused in the user's language; a trainer may not close, another
// application does not find the organisation.
func TestClosingAnOrganisationForAHoliday(t *testing.T) {
	s := readapitest.NewShop(t)
	s.Provider.AutoRefund = true
	s.Worker.Mail = s.Mails
	customer := s.Customer("Carla", "Klant", s.AppA)
	session := s.PricedSession(s.AppA, s.OrgA, 5, 1000, 50)
	_, orderID, _ := s.BookAndOrder(customer, s.AppA, session)
	pay := s.ProviderPayment(orderID)
	s.Provider.Settle(pay, "paid")
	s.Notify(pay, 200)
	for deadline := time.Now().Add(5 * time.Second); readapitest.Dig(s.Order(orderID).Body, "data", "status") != "paid" && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	s.Settle()

	day := time.Now().AddDate(0, 0, 7).Format(time.DateOnly)
	body := map[string]any{"from": day, "until": day, "reason": "Kerstvakantie"}
	closures := "/v1/admin/organizations/" + s.OrgA + "/closures"
	staff := s.As(s.Users["organization"], s.AppA)

	impact := staff.Want("POST", closures+"/impact", map[string]any{"from": day, "until": day, "reason": ""}, 200)
	if readapitest.Data(impact, "sessions") != 1.0 || readapitest.Data(impact, "participants") != 1.0 ||
		readapitest.Dig(impact.Body, "data", "refunds", "euro_cents") != 1000.0 || readapitest.Dig(impact.Body, "data", "refunds", "orders") != 1.0 {
		t.Fatalf("impact: %s", impact.Raw)
	}

	// Refused, field by field, in Dutch; nothing written.
	bad := staff.Want("POST", closures, map[string]any{"from": day, "until": "2000-01-01", "reason": "x"}, 422)
	if !strings.Contains(readapitest.Field(bad, "until"), "laatste dag") {
		t.Fatalf("until before from: %s", bad.Raw)
	}
	if r := staff.Want("POST", closures, map[string]any{"from": day, "until": day, "reason": " "}, 422); readapitest.Field(r, "reason") == "" {
		t.Fatalf("no reason: %s", r.Raw)
	}
	if r := staff.Want("POST", closures, map[string]any{"from": day, "until": day, "reason": "x", "location_id": uuid.NewString()}, 422); readapitest.Field(r, "location_id") == "" {
		t.Fatalf("foreign location: %s", r.Raw)
	}
	s.As(s.Users["trainer"], s.AppA).Want("POST", closures, body, 403)
	s.As(s.Users["trainer"], s.AppA).Want("POST", closures+"/impact", body, 403)
	// The application's admin does not edit the organisations' offer by default (0101):
	// no closure either, unless the permission matrix grants edit-activity; the list is theirs.
	s.As(s.Admin, s.AppA).Want("POST", closures+"/impact", body, 403)
	s.As(s.Admin, s.AppA).Want("GET", closures, nil, 200)
	// Another application's admin is refused before any lookup (the organisation is not
	// theirs): nothing of it is answered.
	for _, r := range []readapitest.Response{s.As(s.AdminB, s.AppB).Do("POST", closures+"/impact", body), s.As(s.AdminB, s.AppB).Do("POST", closures, body),
		s.As(s.AdminB, s.AppB).Do("GET", closures, nil)} {
		if r.Status != 403 && r.Status != 404 || r.Body["data"] != nil {
			t.Fatalf("another application: %d %s", r.Status, r.Raw)
		}
	}
	if n := s.Events("closure.planned.v1"); n != 0 {
		t.Fatalf("%d closures after refusals", n)
	}

	key := uuid.NewString()
	first := staff.Want("POST", closures, body, 201, "Idempotency-Key", key)
	if readapitest.Data(first, "sessions") != 1.0 || readapitest.Data(first, "bookings") != 1.0 || readapitest.Data(first, "skipped") != 0.0 {
		t.Fatalf("closure: %s", first.Raw)
	}
	again := staff.Want("POST", closures, body, 201, "Idempotency-Key", key)
	if readapitest.Data(again, "id") != readapitest.Data(first, "id") || readapitest.Data(again, "sessions") != 1.0 {
		t.Fatalf("retry: %s", again.Raw)
	}
	for typ, want := range map[string]int{"closure.planned.v1": 1, "closure.session_closed.v2": 1, "booking.cancelled.v1": 1,
		"series.occurrence_cancelled.v1": 1, "order.refund_requested.v1": 1} {
		if n := s.Events(typ); n != want {
			t.Fatalf("%d %s, want %d", n, typ, want)
		}
	}

	// The whole payment back, once.
	deadline := time.Now().Add(10 * time.Second)
	for readapitest.Dig(s.Order(orderID).Body, "data", "status") != "refunded" && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	o := s.Order(orderID)
	refunds := readapitest.Dig(o.Body, "data", "refunds").([]any)
	if len(refunds) != 1 || readapitest.Dig(refunds[0], "amount_cents") != 1000.0 || readapitest.Dig(o.Body, "data", "status") != "refunded" {
		t.Fatalf("refund: %s", o.Raw)
	}
	staff.Want("GET", "/v1/admin/sessions/"+session, nil, 404)

	// The participant is told once, however often the process passes.
	for range 2 {
		if _, err := s.Worker.Pass(context.Background()); err != nil {
			t.Fatal(err)
		}
		s.Settle()
	}
	s.Mails.Mu.Lock()
	var told int
	for _, m := range s.Mails.Sent {
		if strings.HasPrefix(m.Subject, "Gaat niet door: Yoga") && strings.Contains(m.Body, "Kerstvakantie") {
			told++
		}
	}
	s.Mails.Mu.Unlock()
	if told != 1 {
		t.Fatalf("told %d times: %+v", told, s.Mails.Sent)
	}

	list := staff.Want("GET", closures, nil, 200)
	rows := readapitest.Rows(list)
	if len(rows) != 1 || readapitest.Dig(rows[0], "reason") != "Kerstvakantie" || readapitest.Dig(rows[0], "sessions_closed") != 1.0 ||
		readapitest.Dig(rows[0], "bookings_cancelled") != 1.0 {
		t.Fatalf("list: %s", list.Raw)
	}
	// Nothing left in the range: a second closure closes nothing.
	if after := staff.Want("POST", closures+"/impact", body, 200); readapitest.Data(after, "sessions") != 0.0 {
		t.Fatalf("impact after: %s", after.Raw)
	}
}

// A closure of a bundle's session counts the bundle's holders in its impact (in total
// and per session), records them with the closed session, keeps their bundle and mails
// them that it stays, nothing refunded (decision 1770). Its row in the list counts the
// holders told or to be told: one who cancels their bundle booking before being told
// leaves the count and is not mailed (decision 1820).
func TestAClosureCountsAndTellsTheBundleHolders(t *testing.T) {
	s := readapitest.NewShop(t)
	s.Worker.Mail = s.Mails
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: s.AppA}
	s.PricedSession(s.AppA, s.OrgA, 5, 1000, 50) // the organisation, approved; its session is on another day
	act, err := s.Env.App.CreateActivity(ctx, meta, s.OrgA, activity.TypeBundle, activity.Details{Name: "Zwemcursus"}, activity.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now().AddDate(0, 0, 8)
	day := start.AddDate(0, 0, 2).Format(time.DateOnly)
	b, err := s.Env.App.CreateBundle(ctx, meta, act.ID, bundle.Fields{Name: "Voorjaar", Spots: 5, StartDate: start.Format(time.DateOnly)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Env.App.CreateBundleSeries(ctx, meta, b.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: day, StartTime: "10:00", EndTime: "11:00", Spots: 5}}); err != nil {
		t.Fatal(err)
	}
	holders := map[string]string{} // name → bundle booking
	for _, who := range []string{"Bo", "Cas"} {
		booked, err := s.Env.App.BookBundle(ctx, meta, commands.BundleBooking{BundleID: b.ID, ByStaff: true,
			Participant: booking.Participant{FirstName: who, LastName: "Bundel", Email: strings.ToLower(who) + "@example.test"}})
		if err != nil {
			t.Fatal(err)
		}
		holders[who] = booked.BookingID
		s.Saw(booked.Position)
	}
	s.Settle()

	closures := "/v1/admin/organizations/" + s.OrgA + "/closures"
	staff := s.As(s.Users["organization"], s.AppA)
	body := map[string]any{"from": day, "until": day, "reason": "Zwembad dicht"}
	impact := staff.Want("POST", closures+"/impact", body, 200)
	list, _ := readapitest.Dig(impact.Body, "data", "list").([]any)
	if readapitest.Data(impact, "sessions") != 1.0 || readapitest.Data(impact, "participants") != 0.0 || readapitest.Data(impact, "bundle_holders") != 2.0 ||
		len(list) != 1 || readapitest.Dig(list[0], "bundle_holders") != 2.0 {
		t.Fatalf("impact: %s", impact.Raw)
	}
	closed := staff.Want("POST", closures, body, 201)
	if readapitest.Data(closed, "sessions") != 1.0 || readapitest.Data(closed, "bookings") != 0.0 || readapitest.Data(closed, "bundle_bookings") != 2.0 {
		t.Fatalf("closure: %s", closed.Raw)
	}
	listed := func(want float64) { // the closure's row counts want bundle holders
		t.Helper()
		s.Settle()
		got := staff.Want("GET", closures, nil, 200)
		rows := readapitest.Rows(got)
		if len(rows) != 1 || readapitest.Dig(rows[0], "bookings_cancelled") != 0.0 || readapitest.Dig(rows[0], "bundle_holders") != want {
			t.Fatalf("list, want %v bundle holders: %s", want, got.Raw)
		}
	}
	listed(2) // to be told
	cancelled, err := s.Env.App.CancelBundleBooking(ctx, meta, b.ID, holders["Cas"], "")
	if err != nil {
		t.Fatal(err)
	}
	s.Saw(cancelled.Position)
	listed(1)
	for range 2 {
		s.Settle()
		if _, err := s.Worker.Pass(ctx); err != nil {
			t.Fatal(err)
		}
	}
	s.Mails.Mu.Lock()
	sent := append(s.Mails.Sent[:0:0], s.Mails.Sent...)
	s.Mails.Mu.Unlock()
	var told int
	for _, m := range sent {
		switch {
		case m.To == "cas@example.test":
			t.Fatalf("mailed a holder who cancelled: %+v", m)
		case m.To == "bo@example.test" && strings.Contains(m.Body, "Zwembad dicht") && strings.Contains(m.Body, "Je bundel Voorjaar blijft geldig"):
			told++
		}
	}
	if told != 1 || s.Events("bundle.booking_cancelled.v1") != 1 {
		t.Fatalf("told %d times: %+v", told, sent)
	}
	listed(1) // told
}
