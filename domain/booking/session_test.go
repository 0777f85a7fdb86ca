package booking

import (
	"errors"
	"testing"
	"time"

	"move/domain"
)

var (
	now   = time.Date(2026, 11, 26, 17, 0, 0, 0, time.UTC)
	start = now.Add(2 * time.Hour)
)

func offer(spots int) Offer {
	return Offer{ApplicationID: "app", OrganizationID: "org", ActivityID: "act", SessionID: "s1", Exists: true,
		Date: "2026-11-26", Start: start, Spots: spots}
}

func person() Participant {
	return Participant{FirstName: "Anna", LastName: "de Vries", Email: "anna@example.org", DateOfBirth: "2000-05-01"}
}

func request(id, customer string) Request {
	return Request{BookingID: id, CustomerID: customer, Participant: person()}
}

// given applies events to a fresh session.
func given(events ...domain.Event) *Session {
	s := New("s1")
	for _, e := range events {
		s.Apply(e)
	}
	return s
}

func book(t *testing.T, s *Session, o Offer, in Request) Booked {
	t.Helper()
	events, err := s.Book(o, in, now)
	if err != nil {
		t.Fatalf("book %s: %v", in.BookingID, err)
	}
	for _, e := range events {
		s.Apply(e)
	}
	return events[0].(Booked)
}

func conflictKey(err error) string {
	var c *domain.ConflictError
	if errors.As(err, &c) {
		return c.Key
	}
	return ""
}

func fieldKeys(err error) map[string]string {
	var v *domain.ValidationError
	out := map[string]string{}
	if errors.As(err, &v) {
		for _, f := range v.Fields {
			out[f.Field] = f.Key
		}
	}
	return out
}

func TestBookConfirmsAFreeSpotAtOnceAndHoldsAPaidOne(t *testing.T) {
	s := given()
	if b := book(t, s, offer(2), request("b1", "c1")); b.Status != StatusConfirmed || b.Subject != Subject("b1") {
		t.Fatalf("free booking: %+v", b)
	}
	paid := offer(2)
	paid.PaymentRequired = true
	if b := book(t, s, paid, request("b2", "c2")); b.Status != StatusHeld {
		t.Fatalf("paid booking: %+v", b)
	}
	if s.Taken() != 2 {
		t.Fatalf("taken %d, want 2 (a held spot counts)", s.Taken())
	}
	events, err := s.Confirm("b2")
	if err != nil || len(events) != 1 {
		t.Fatalf("confirm: %v %v", events, err)
	}
}

func TestBookRefusals(t *testing.T) {
	at := func(d time.Duration) *time.Time { x := start.Add(d); return &x }
	min, max := 18, 30
	for _, tc := range []struct {
		name  string
		offer func(o *Offer)
		in    func(r *Request)
		state []domain.Event
		key   string // conflict key
		field string // or the field refused, with fieldKey
		fkey  string
	}{
		{name: "window not open", offer: func(o *Offer) { o.SubscribeFrom = at(time.Hour) }, key: "booking.window_not_open"},
		{name: "window closed", offer: func(o *Offer) { o.SubscribeUntil = at(-3 * time.Hour) }, key: "booking.window_closed"},
		{name: "started", offer: func(o *Offer) { o.Start = now.Add(-time.Minute) }, key: "booking.window_closed"},
		{name: "full", offer: func(o *Offer) { o.Spots = 1 }, state: []domain.Event{Booked{BookingID: "x", Status: StatusConfirmed}}, key: "booking.full"},
		{name: "no signup", offer: func(o *Offer) { o.NoSignupRequired = true }, key: "booking.no_signup_required"},
		{name: "twice", state: []domain.Event{Booked{BookingID: "x", CustomerID: "c1", Status: StatusConfirmed}}, key: "booking.already_booked"},
		{name: "wrong session", offer: func(o *Offer) { o.SessionID = "s2" }, key: ""},
		{name: "session cancelled", offer: func(o *Offer) { o.Exists = false }, key: ""},
		{name: "another application's session", state: []domain.Event{Booked{BookingID: "x", ApplicationID: "other", Status: StatusConfirmed}}, key: ""},
		{name: "age too young", offer: func(o *Offer) { o.ShouldValidateAge, o.AgeMin = true, &max }, field: "participant.date_of_birth", fkey: "booking.age_out_of_range"},
		{name: "age too old", offer: func(o *Offer) { o.ShouldValidateAge, o.AgeMax = true, &min }, field: "participant.date_of_birth", fkey: "booking.age_out_of_range"},
		{name: "born in year 0", in: func(r *Request) { r.Participant.DateOfBirth = "0000-01-01" }, field: "participant.date_of_birth", fkey: "validation.between"},
		{name: "born before 1900", in: func(r *Request) { r.Participant.DateOfBirth = "1899-12-31" }, field: "participant.date_of_birth", fkey: "validation.between"},
		{name: "born the day after tomorrow", in: func(r *Request) { r.Participant.DateOfBirth = "2026-11-28" }, field: "participant.date_of_birth", fkey: "validation.between"},
		{name: "age unknown", offer: func(o *Offer) { o.ShouldValidateAge, o.AgeMin = true, &min }, in: func(r *Request) { r.Participant.DateOfBirth = "" },
			field: "participant.date_of_birth", fkey: "booking.age_required"},
		{name: "required question", offer: func(o *Offer) { o.Questions = []Question{{ID: "q1", Type: "text", Required: true}} },
			field: "answers.q1", fkey: "booking.answer_required"},
		{name: "option not offered", offer: func(o *Offer) {
			o.Questions = []Question{{ID: "q1", Type: "single_select", Options: []string{"S", "M"}}}
		}, in: func(r *Request) { r.Answers = []Answer{{QuestionID: "q1", Value: "XL"}} }, field: "answers.q1", fkey: "booking.answer_option"},
		{name: "unknown question", in: func(r *Request) { r.Answers = []Answer{{QuestionID: "q9", Value: "x"}} }, field: "answers", fkey: "booking.answer_unknown_question"},
		{name: "no name", in: func(r *Request) { r.Participant.FirstName = " " }, field: "participant.first_name", fkey: "validation.required"},
		{name: "bad email", in: func(r *Request) { r.Participant.Email = "anna@" }, field: "participant.email", fkey: "validation.email"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, in := offer(5), request("b1", "c1")
			if tc.offer != nil {
				tc.offer(&o)
			}
			if tc.in != nil {
				tc.in(&in)
			}
			events, err := given(tc.state...).Book(o, in, now)
			if err == nil || events != nil {
				t.Fatalf("booked: %v", events)
			}
			switch {
			case tc.field != "":
				if got := fieldKeys(err)[tc.field]; got != tc.fkey {
					t.Fatalf("field %s: %q, want %q (%v)", tc.field, got, tc.fkey, err)
				}
			case tc.key != "":
				if got := conflictKey(err); got != tc.key {
					t.Fatalf("refusal %q, want %q (%v)", got, tc.key, err)
				}
			default:
				var nf *domain.NotFoundError
				if !errors.As(err, &nf) {
					t.Fatalf("want not found, got %v", err)
				}
			}
		})
	}
}

func TestAgeOnTheSessionsDate(t *testing.T) {
	min := 18
	o := offer(5)
	o.ShouldValidateAge, o.AgeMin = true, &min
	in := request("b1", "c1")
	in.Participant.DateOfBirth = "2008-11-26" // 18 on the day
	if _, err := given().Book(o, in, now); err != nil {
		t.Fatalf("18 today: %v", err)
	}
	in.Participant.DateOfBirth = "2008-11-27"
	if _, err := given().Book(o, in, now); fieldKeys(err)["participant.date_of_birth"] != "booking.age_out_of_range" {
		t.Fatalf("18 tomorrow: %v", err)
	}
}

func TestStaffAddByHandSkipWindowAndQuestionsNotCapacity(t *testing.T) {
	o := offer(1)
	o.SubscribeUntil = &now
	o.Questions = []Question{{ID: "q1", Type: "text", Required: true}}
	in := Request{BookingID: "b1", Participant: Participant{FirstName: "Piet", LastName: "Jansen", Gender: "male", Notes: "knee"}, ByStaff: true}
	s := given()
	if b := book(t, s, o, in); b.Status != StatusConfirmed || !b.ByStaff {
		t.Fatalf("added: %+v", b)
	}
	in.BookingID = "b2"
	if _, err := s.Book(o, in, now); conflictKey(err) != "booking.full" {
		t.Fatalf("second by hand: %v", err)
	}
}

func TestWaitingListInArrivalOrderAndPromotion(t *testing.T) {
	o := offer(1)
	o.HasWaitlist = true
	s := given()
	book(t, s, o, request("b1", "c1"))
	for _, id := range []string{"w1", "w2", "w3"} {
		if b := book(t, s, o, request(id, "c-"+id)); b.Status != StatusWaitlisted {
			t.Fatalf("%s: %s", id, b.Status)
		}
	}
	if got := s.PromoteWaiting(o); got != nil {
		t.Fatalf("promoted into a full session: %v", got)
	}
	events, err := s.Cancel("b1", func(m int) int { return 50 }, start, now, false)
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(events[0])
	// A newcomer does not jump the queue while someone waits.
	if b := book(t, s, o, request("late", "c-late")); b.Status != StatusWaitlisted {
		t.Fatalf("newcomer: %s", b.Status)
	}
	promoted := s.PromoteWaiting(o)
	if len(promoted) != 1 || promoted[0].(Promoted).BookingID != "w1" {
		t.Fatalf("promoted %v, want w1", promoted)
	}
	s.Apply(promoted[0])
	if again := s.PromoteWaiting(o); again != nil {
		t.Fatalf("promoted twice: %v", again)
	}
	// More spots: the next two in order.
	o.Spots = 3
	promoted = s.PromoteWaiting(o)
	if len(promoted) != 2 || promoted[0].(Promoted).BookingID != "w2" || promoted[1].(Promoted).BookingID != "w3" {
		t.Fatalf("promoted %v, want w2, w3", promoted)
	}
	if n := s.Notify("w1"); len(n) != 1 {
		t.Fatalf("notify: %v", n)
	}
	s.Apply(Notified{BookingID: "w1"})
	if n := s.Notify("w1"); n != nil {
		t.Fatalf("told twice: %v", n)
	}
}

func TestCancelRecordsTheRefundOfTheMoment(t *testing.T) {
	s := given(Booked{BookingID: "b1", Status: StatusConfirmed})
	events, err := s.Cancel("b1", func(minutes int) int {
		if minutes >= 24*60 {
			return 100
		}
		return 25
	}, start, now, true)
	if err != nil {
		t.Fatal(err)
	}
	c := events[0].(Cancelled)
	if c.RefundPercent != 25 || c.MinutesBefore != 120 || !c.ByStaff || c.FromStatus != StatusConfirmed {
		t.Fatalf("cancelled: %+v", c)
	}
	s.Apply(c)
	if _, err := s.Cancel("b1", nil, start, now, true); conflictKey(err) != "booking.cancelled" {
		t.Fatalf("cancel twice: %v", err)
	}
	if _, err := s.CheckIn("b1", ViaQR, now); conflictKey(err) != "booking.cancelled" {
		t.Fatalf("check in a cancelled booking: %v", err)
	}
	var nf *domain.NotFoundError
	if _, err := s.Cancel("other", nil, start, now, true); !errors.As(err, &nf) {
		t.Fatalf("a booking of another session: %v", err)
	}
}

func TestCheckInOnceAndAttendance(t *testing.T) {
	s := given(Booked{BookingID: "b1", Status: StatusConfirmed}, Booked{BookingID: "w1", Status: StatusWaitlisted})
	events, err := s.CheckIn("b1", ViaQR, now)
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(events[0])
	_, err = s.CheckIn("b1", ViaQR, now.Add(time.Minute))
	var c *domain.ConflictError
	if !errors.As(err, &c) || c.Key != "booking.already_checked_in" || !c.Params["at"].(time.Time).Equal(now) {
		t.Fatalf("second scan: %v", err)
	}
	if _, err := s.CheckIn("w1", ViaQR, now); conflictKey(err) != "booking.waitlisted" {
		t.Fatalf("waitlisted check-in: %v", err)
	}
	if _, err := s.MarkAttendance("b1", "sleeping", now); fieldKeys(err)["attendance"] != "validation.one_of" {
		t.Fatalf("bad attendance: %v", err)
	}
	events, err = s.MarkAttendance("b1", AttendanceSignedOut, now)
	if err != nil || len(events) != 1 {
		t.Fatalf("signed out: %v %v", events, err)
	}
	s.Apply(events[0])
	if s.Bookings["b1"].CheckedInAt != nil || s.Bookings["b1"].Attendance != AttendanceSignedOut {
		t.Fatalf("after sign-out: %+v", s.Bookings["b1"])
	}
}

func TestMoveToAnotherSession(t *testing.T) {
	s := given(Booked{BookingID: "b1", ApplicationID: "app", CustomerID: "c1", Participant: person(), Status: StatusConfirmed})
	target := New("s2")
	o := offer(1)
	o.SessionID = "s2"
	out, in, err := s.MoveTo("b1", target, o)
	if err != nil {
		t.Fatal(err)
	}
	moved := in[0].(Booked)
	if out[0].(MovedOut).ToSession != "s2" || moved.MovedFrom != "s1" || moved.Participant != person() || moved.Status != StatusConfirmed {
		t.Fatalf("moved: %+v %+v", out, moved)
	}
	target.Apply(moved)
	s.Apply(out[0])
	if _, _, err := s.MoveTo("b1", target, o); conflictKey(err) != "booking.moved" {
		t.Fatalf("move a moved booking: %v", err)
	}
	full := given(Booked{BookingID: "b2", ApplicationID: "app", Status: StatusConfirmed})
	if _, _, err := full.MoveTo("b2", target, o); conflictKey(err) != "booking.full" {
		t.Fatalf("move into a full session: %v", err)
	}
}
