package booking

import (
	"net/mail"
	"slices"
	"strings"
	"time"

	"move/domain"
	"move/domain/bounds"
	"move/domain/names"
)

// Limits of a participant's fields.
const (
	MaxNameLength  = 150
	MaxNotesLength = 2000
	MaxAnswerChars = 2000
)

// Genders a participant may give (spec §3); empty is not given.
var Genders = []string{"male", "female", "other"}

// Booking is one booking as the session's stream tells it.
type Booking struct {
	ID         string
	CustomerID string
	// Language is the language the customer booked in (empty: unknown, Dutch).
	Language    string
	Participant Participant
	Answers     []Answer
	Status      string
	Attendance  string
	CheckedInAt *time.Time
	// Promoted is whether the booking came off the waiting list; Notified whether its
	// participant was told.
	Promoted, Notified bool
	// ToldClosed is whether the participant was told that a closure cancelled the session.
	ToldClosed bool
}

// Live tells whether the booking still counts (a spot or a place on the waiting list).
func (b *Booking) Live() bool {
	return b.Status == StatusHeld || b.Status == StatusConfirmed || b.Status == StatusWaitlisted
}

// HasSpot tells whether the booking takes one of the session's spots.
func (b *Booking) HasSpot() bool { return b.Status == StatusHeld || b.Status == StatusConfirmed }

// Session is the bookings of one session: the aggregate of its stream.
type Session struct {
	ID             string
	ApplicationID  string
	OrganizationID string
	Bookings       map[string]*Booking
	// Waiting is the waiting list in arrival order (booking ids).
	Waiting []string
}

// New is the session's bookings before its events are applied.
func New(sessionID string) *Session {
	return &Session{ID: sessionID, Bookings: map[string]*Booking{}}
}

// Apply implements domain.Aggregate.
func (s *Session) Apply(e domain.Event) {
	switch e := e.(type) {
	case Booked:
		s.ApplicationID, s.OrganizationID = e.ApplicationID, e.OrganizationID
		s.Bookings[e.BookingID] = &Booking{ID: e.BookingID, CustomerID: e.CustomerID, Language: e.Language, Participant: e.Participant,
			Answers: e.Answers, Status: e.Status, Attendance: AttendanceNone}
		if e.Status == StatusWaitlisted {
			s.Waiting = append(s.Waiting, e.BookingID)
		}
	case Confirmed:
		s.set(e.BookingID, StatusConfirmed)
	case Promoted:
		s.set(e.BookingID, e.Status)
		if b := s.Bookings[e.BookingID]; b != nil {
			b.Promoted = true
		}
	case Notified:
		if b := s.Bookings[e.BookingID]; b != nil && e.Reason == NotifiedClosed {
			b.ToldClosed = true
		} else if b != nil {
			b.Notified = true
		}
	case Cancelled:
		s.set(e.BookingID, StatusCancelled)
	case Removed:
		s.set(e.BookingID, StatusRemoved)
	case MovedOut:
		s.set(e.BookingID, StatusMoved)
	case AttendanceMarked:
		if b := s.Bookings[e.BookingID]; b != nil {
			b.Attendance = e.Attendance
			if e.Attendance == AttendancePresent {
				at := e.At
				b.CheckedInAt = &at
			} else {
				b.CheckedInAt = nil
			}
		}
	}
}

// set changes a booking's status; one that leaves the waiting list leaves its order.
func (s *Session) set(id, status string) {
	b := s.Bookings[id]
	if b == nil {
		return
	}
	b.Status = status
	if status != StatusWaitlisted {
		s.Waiting = slices.DeleteFunc(s.Waiting, func(w string) bool { return w == id })
	}
}

// Taken counts the spots held or confirmed.
func (s *Session) Taken() int {
	n := 0
	for _, b := range s.Bookings {
		if b.HasSpot() {
			n++
		}
	}
	return n
}

// Question is what booking needs to know of one of the activity's questions.
type Question struct {
	ID       string
	Type     string // text, single_select, multi_select
	Required bool
	Options  []string
}

// Offer is what a booking is decided against: the session as its series has it now,
// and the activity's settings, age range, questions and price.
type Offer struct {
	ApplicationID  string
	OrganizationID string
	ActivityID     string
	SessionID      string
	// Exists is false for a session that is not (or no longer) in its series.
	Exists bool
	// Date is the session's local date (ages are counted on it).
	Date                          string
	Start                         time.Time
	Spots                         int
	SubscribeFrom, SubscribeUntil *time.Time
	HasWaitlist                   bool
	ShouldValidateAge             bool
	NoSignupRequired              bool
	AgeMin, AgeMax                *int
	Questions                     []Question
	// PaymentRequired: the booking holds its spot until paid; a free one confirms at once.
	PaymentRequired bool
}

// Request is one booking asked for.
type Request struct {
	BookingID   string
	CustomerID  string // empty when staff add a participant by hand
	Participant Participant
	Answers     []Answer
	ByStaff     bool
	// Language the customer books in ("nl", "en"); empty for staff adding by hand.
	Language string
}

// Book decides a booking: a spot while spots are left and nobody waits, else the
// waiting list when the activity has one. Staff adding by hand skip the subscribe window
// and the questions, not the capacity.
func (s *Session) Book(o Offer, in Request, now time.Time) ([]domain.Event, error) {
	if err := s.mustBeOffer(o); err != nil {
		return nil, err
	}
	if _, exists := s.Bookings[in.BookingID]; exists {
		return nil, &domain.ConflictError{Key: "booking.exists"}
	}
	if o.NoSignupRequired {
		return nil, &domain.ConflictError{Key: "booking.no_signup_required"}
	}
	if in.CustomerID != "" {
		for _, b := range s.Bookings {
			if b.CustomerID == in.CustomerID && b.Live() {
				return nil, &domain.ConflictError{Key: "booking.already_booked"}
			}
		}
	}
	in, err := Check(o, in, now)
	if err != nil {
		return nil, err
	}
	status := StatusConfirmed
	if o.PaymentRequired && !in.ByStaff {
		status = StatusHeld
	}
	if s.Taken() >= o.Spots || len(s.Waiting) > 0 {
		if !o.HasWaitlist {
			return nil, &domain.ConflictError{Key: "booking.full", Params: map[string]any{"spots": o.Spots}}
		}
		status = StatusWaitlisted
	}
	return []domain.Event{s.booked(o, in, status, "")}, nil
}

// Check is what every booking meets, of a session or of a bundle: the subscribe window
// (not for staff), the participant's fields, the answers to the questions (customers
// only) and the age range. It answers the request cleaned.
func Check(o Offer, in Request, now time.Time) (Request, error) {
	if !in.ByStaff {
		if err := checkWindow(o, now); err != nil {
			return in, err
		}
	}
	return CheckPerson(o, in, now)
}

// CheckPerson is Check without the subscribe window: the participant's fields (at
// now), the answers (customers only) and the age range on o.Date. A product's purchase
// meets it (decision 1003).
func CheckPerson(o Offer, in Request, now time.Time) (Request, error) {
	var v domain.ValidationError
	in.Participant = cleanParticipant(&v, in.Participant, in.ByStaff, now)
	if !in.ByStaff {
		in.Answers = cleanAnswers(&v, o.Questions, in.Answers)
	} else {
		in.Answers = nil
	}
	if o.ShouldValidateAge && (o.AgeMin != nil || o.AgeMax != nil) {
		checkAge(&v, o, in.Participant.DateOfBirth)
	}
	return in, v.OrNil()
}

func (s *Session) booked(o Offer, in Request, status, movedFrom string) Booked {
	return Booked{BookingID: in.BookingID, Subject: Subject(in.BookingID), ApplicationID: o.ApplicationID,
		OrganizationID: o.OrganizationID, ActivityID: o.ActivityID, SessionID: o.SessionID, CustomerID: in.CustomerID,
		Participant: in.Participant, Answers: in.Answers, Status: status, ByStaff: in.ByStaff, MovedFrom: movedFrom, Language: in.Language}
}

// mustBeOffer refuses a session that is gone, or an offer of another application.
func (s *Session) mustBeOffer(o Offer) error {
	if !o.Exists || o.SessionID != s.ID || (s.ApplicationID != "" && s.ApplicationID != o.ApplicationID) {
		return &domain.NotFoundError{Kind: "session", ID: s.ID}
	}
	return nil
}

// checkWindow: inside the subscribe window, and before the session starts when the
// window has no end.
func checkWindow(o Offer, now time.Time) error {
	if o.SubscribeFrom != nil && now.Before(*o.SubscribeFrom) {
		return &domain.ConflictError{Key: "booking.window_not_open", Params: map[string]any{"from": o.SubscribeFrom.UTC().Format(time.RFC3339)}}
	}
	until := o.Start
	if o.SubscribeUntil != nil {
		until = *o.SubscribeUntil
	}
	if !now.Before(until) {
		return &domain.ConflictError{Key: "booking.window_closed"}
	}
	return nil
}

func cleanParticipant(v *domain.ValidationError, p Participant, byStaff bool, now time.Time) Participant {
	p.FirstName = names.Required(v, "participant.first_name", p.FirstName, MaxNameLength)
	p.LastName = names.Required(v, "participant.last_name", p.LastName, MaxNameLength)
	p.Email = strings.TrimSpace(p.Email)
	if p.Email != "" || !byStaff {
		if !validEmail(p.Email) {
			v.Add("participant.email", "validation.email", nil)
		}
	}
	p.DateOfBirth = strings.TrimSpace(p.DateOfBirth)
	if p.DateOfBirth != "" {
		if born, err := time.Parse(time.DateOnly, p.DateOfBirth); err != nil {
			v.Add("participant.date_of_birth", "validation.date", nil)
		} else {
			bounds.BirthDate(v, "participant.date_of_birth", born, now)
		}
	}
	p.Gender = strings.TrimSpace(p.Gender)
	if p.Gender != "" && !slices.Contains(Genders, p.Gender) {
		v.Add("participant.gender", "validation.one_of", map[string]any{"values": strings.Join(Genders, ", ")})
	}
	p.Notes = strings.TrimSpace(p.Notes)
	if len([]rune(p.Notes)) > MaxNotesLength {
		v.Add("participant.notes", "validation.max_length", map[string]any{"max": MaxNotesLength})
	}
	return p
}

// cleanAnswers keeps the answers to the activity's questions in the questions' order:
// every required one answered, choices among the options.
func cleanAnswers(v *domain.ValidationError, qs []Question, given []Answer) []Answer {
	var out []Answer
	for _, q := range qs {
		var values []string
		for _, a := range given {
			if a.QuestionID == q.ID {
				if value := strings.TrimSpace(a.Value); value != "" {
					values = append(values, value)
				}
			}
		}
		field := "answers." + q.ID
		switch {
		case len(values) == 0:
			if q.Required {
				v.Add(field, "booking.answer_required", nil)
			}
			continue
		case q.Type != "multi_select" && len(values) > 1:
			v.Add(field, "booking.answer_one", nil)
			continue
		}
		for _, value := range values {
			if q.Type != "text" && !slices.Contains(q.Options, value) {
				v.Add(field, "booking.answer_option", map[string]any{"values": strings.Join(q.Options, ", ")})
				break
			}
			if len([]rune(value)) > MaxAnswerChars {
				v.Add(field, "validation.max_length", map[string]any{"max": MaxAnswerChars})
				break
			}
			out = append(out, Answer{QuestionID: q.ID, Value: value})
		}
	}
	for _, a := range given {
		if !slices.ContainsFunc(qs, func(q Question) bool { return q.ID == a.QuestionID }) {
			v.Add("answers", "booking.answer_unknown_question", map[string]any{"question_id": a.QuestionID})
			break
		}
	}
	return out
}

// checkAge: the participant's age on the session's date lies in the activity's range.
func checkAge(v *domain.ValidationError, o Offer, dateOfBirth string) {
	born, err := time.Parse(time.DateOnly, dateOfBirth)
	if err != nil {
		if dateOfBirth == "" {
			v.Add("participant.date_of_birth", "booking.age_required", nil)
		}
		return
	}
	on, err := time.Parse(time.DateOnly, o.Date)
	if err != nil {
		return
	}
	age := on.Year() - born.Year()
	if on.Month() < born.Month() || (on.Month() == born.Month() && on.Day() < born.Day()) {
		age--
	}
	if (o.AgeMin != nil && age < *o.AgeMin) || (o.AgeMax != nil && age > *o.AgeMax) {
		v.Add("participant.date_of_birth", "booking.age_out_of_range", map[string]any{"min": intOr(o.AgeMin), "max": intOr(o.AgeMax), "age": age})
	}
}

func intOr(p *int) any {
	if p == nil {
		return "-"
	}
	return *p
}

// live answers the booking of this session that still counts, or why not.
func (s *Session) live(id string) (*Booking, error) {
	b := s.Bookings[id]
	if b == nil {
		return nil, &domain.NotFoundError{Kind: "booking", ID: id}
	}
	switch b.Status {
	case StatusCancelled, StatusRemoved:
		return nil, &domain.ConflictError{Key: "booking.cancelled"}
	case StatusMoved:
		return nil, &domain.ConflictError{Key: "booking.moved"}
	}
	return b, nil
}

// Confirm makes a held spot the participant's (the payment step's end).
func (s *Session) Confirm(id string) ([]domain.Event, error) {
	b, err := s.live(id)
	if err != nil {
		return nil, err
	}
	switch b.Status {
	case StatusConfirmed:
		return nil, nil
	case StatusWaitlisted:
		return nil, &domain.ConflictError{Key: "booking.waitlisted"}
	}
	return []domain.Event{Confirmed{BookingID: id}}, nil
}

// Cancel decides a cancellation; refund is the cancellation term's percentage for
// minutesBefore the session starts (0 without a term).
func (s *Session) Cancel(id string, refund func(minutesBefore int) int, start, now time.Time, byStaff bool) ([]domain.Event, error) {
	b, err := s.live(id)
	if err != nil {
		return nil, err
	}
	minutes := int(start.Sub(now) / time.Minute)
	if minutes < 0 {
		minutes = 0
	}
	percent := 0
	if refund != nil && b.Status != StatusWaitlisted {
		percent = refund(minutes)
	}
	return []domain.Event{Cancelled{BookingID: id, FromStatus: b.Status, RefundPercent: percent, MinutesBefore: minutes, ByStaff: byStaff, At: now}}, nil
}

// Remove takes a participant off the session (staff).
func (s *Session) Remove(id string) ([]domain.Event, error) {
	b, err := s.live(id)
	if err != nil {
		return nil, err
	}
	return []domain.Event{Removed{BookingID: id, FromStatus: b.Status}}, nil
}

// MoveTo moves a booking to the session target (another session's bookings, loaded at
// its version): a spot there when one is free and nobody waits, else its waiting list
// when it has one. It answers this session's events and the target's.
func (s *Session) MoveTo(id string, target *Session, o Offer) (out, in []domain.Event, err error) {
	b, err := s.live(id)
	if err != nil {
		return nil, nil, err
	}
	if target.ID == s.ID {
		return nil, nil, &domain.ConflictError{Key: "booking.move_same_session"}
	}
	if err := target.mustBeOffer(o); err != nil {
		return nil, nil, err
	}
	if o.ApplicationID != s.ApplicationID {
		return nil, nil, &domain.NotFoundError{Kind: "session", ID: o.SessionID}
	}
	status := StatusConfirmed
	if b.Status == StatusHeld {
		status = StatusHeld
	}
	if target.Taken() >= o.Spots || len(target.Waiting) > 0 {
		if !o.HasWaitlist {
			return nil, nil, &domain.ConflictError{Key: "booking.full", Params: map[string]any{"spots": o.Spots}}
		}
		status = StatusWaitlisted
	}
	moved := target.booked(o, Request{BookingID: id, CustomerID: b.CustomerID, Participant: b.Participant, Answers: b.Answers, ByStaff: true, Language: b.Language}, status, s.ID)
	return []domain.Event{MovedOut{BookingID: id, FromStatus: b.Status, ToSession: target.ID}}, []domain.Event{moved}, nil
}

// MarkAttendance records attendance (staff) for a booking with a spot.
func (s *Session) MarkAttendance(id, attendance string, now time.Time) ([]domain.Event, error) {
	if !slices.Contains(Attendances, attendance) {
		v := &domain.ValidationError{}
		v.Add("attendance", "validation.one_of", map[string]any{"values": strings.Join(Attendances, ", ")})
		return nil, v
	}
	b, err := s.withSpot(id)
	if err != nil {
		return nil, err
	}
	if b.Attendance == attendance {
		return nil, nil
	}
	return []domain.Event{AttendanceMarked{BookingID: id, Attendance: attendance, Via: ViaStaff, At: now}}, nil
}

// CheckIn marks a booking present from its QR code or its short code (via), once: a
// second scan is refused with the time of the first.
func (s *Session) CheckIn(id, via string, now time.Time) ([]domain.Event, error) {
	b, err := s.withSpot(id)
	if err != nil {
		return nil, err
	}
	if b.CheckedInAt != nil {
		return nil, &domain.ConflictError{Key: "booking.already_checked_in", Params: map[string]any{"at": *b.CheckedInAt}}
	}
	return []domain.Event{AttendanceMarked{BookingID: id, Attendance: AttendancePresent, Via: via, At: now}}, nil
}

func (s *Session) withSpot(id string) (*Booking, error) {
	b, err := s.live(id)
	if err != nil {
		return nil, err
	}
	if !b.HasSpot() {
		return nil, &domain.ConflictError{Key: "booking.waitlisted"}
	}
	return b, nil
}

// PromoteWaiting gives free spots to the waiting list in arrival order, as many as are
// free; nothing when none is. Decided at the stream's version, a promotion happens once.
func (s *Session) PromoteWaiting(o Offer) []domain.Event {
	if !o.Exists {
		return nil
	}
	free := o.Spots - s.Taken()
	status := StatusConfirmed
	if o.PaymentRequired {
		status = StatusHeld
	}
	var out []domain.Event
	for _, id := range s.Waiting {
		if free <= 0 {
			break
		}
		out = append(out, Promoted{BookingID: id, Status: status})
		free--
	}
	return out
}

// validEmail: one plain address, as the identity context accepts them.
func validEmail(s string) bool {
	m, err := mail.ParseAddress(s)
	return err == nil && m.Address == s && len(s) <= 254
}

// Notify decides that a promoted participant was told; nothing when they were, or when
// the booking no longer holds its spot (nothing to tell).
func (s *Session) Notify(id string) []domain.Event {
	b := s.Bookings[id]
	if b == nil || !b.Promoted || b.Notified || !b.HasSpot() {
		return nil
	}
	return []domain.Event{Notified{BookingID: id, Reason: NotifiedPromoted}}
}

// NotifyClosed decides that a participant whose booking a closure cancelled was told;
// nothing when they were, or when the booking was not cancelled.
func (s *Session) NotifyClosed(id string) []domain.Event {
	b := s.Bookings[id]
	if b == nil || b.ToldClosed || b.Status != StatusCancelled {
		return nil
	}
	return []domain.Event{Notified{BookingID: id, Reason: NotifiedClosed}}
}
