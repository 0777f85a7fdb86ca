package readapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/identity"
	rmactivities "move/projections/activities"
	rmbookings "move/projections/bookings"
	rmorg "move/projections/organizations"
)

// participantRow is one booking of a session as the participants screen shows it.
type participantRow struct {
	BookingID     string           `json:"booking_id"`
	CustomerID    *string          `json:"customer_id"`
	FirstName     string           `json:"first_name"`
	LastName      string           `json:"last_name"`
	Email         string           `json:"email"`
	DateOfBirth   string           `json:"date_of_birth"`
	Gender        string           `json:"gender"`
	Notes         string           `json:"notes"`
	Answers       []booking.Answer `json:"answers,omitempty"`
	Status        string           `json:"status"`
	ByStaff       bool             `json:"by_staff"`
	Attendance    string           `json:"attendance"`
	CheckedInAt   *string          `json:"checked_in_at"`
	RefundPercent *int             `json:"refund_percent"`
	MovedFrom     *string          `json:"moved_from"`
	MovedTo       *string          `json:"moved_to"`
	BookedAt      string           `json:"booked_at"`
	QRCode        string           `json:"qr_code"`
}

// participantsAnswer is a session's participants: spots taken and left, the bookings
// with a spot, the waiting list in arrival order, and the ones that left.
type participantsAnswer struct {
	SessionID   string           `json:"session_id"`
	Spots       int              `json:"spots"`
	Taken       int              `json:"taken"`
	Left        int              `json:"left"`
	Taking      []participantRow `json:"participants"`
	WaitingList []participantRow `json:"waiting_list"`
	Gone        []participantRow `json:"cancelled"`
}

type bookingAnswer struct {
	Data struct {
		BookingID string `json:"booking_id"`
		SessionID string `json:"session_id"`
		Status    string `json:"status"`
		QRCode    string `json:"qr_code"`
	} `json:"data"`
	Meta commandMeta `json:"meta"`
}

type moveInput struct {
	SessionID string `json:"session_id"`
}

type attendanceInput struct {
	Attendance string `json:"attendance"`
}

type checkInInput struct {
	Code string `json:"code"`
}

type checkInAnswer struct {
	Data struct {
		BookingID   string `json:"booking_id"`
		FirstName   string `json:"first_name"`
		LastName    string `json:"last_name"`
		CheckedInAt string `json:"checked_in_at"`
	} `json:"data"`
	Meta commandMeta `json:"meta"`
}

type participantMessageInput struct {
	Subject    string   `json:"subject"`
	Message    string   `json:"message"`
	BookingIDs []string `json:"booking_ids,omitempty"` // none: everyone with a spot
}

type contactAnswer struct {
	Data struct {
		Sent int `json:"sent"`
	} `json:"data"`
}

type historyRow struct {
	Event   string          `json:"event"`
	At      string          `json:"at"`
	Actor   *userRef        `json:"actor"`
	System  string          `json:"system,omitempty"`
	Session string          `json:"session_id"`
	Detail  json.RawMessage `json:"detail"`
}

// Limits of a message to participants.
const (
	maxContactSubject = 200
	maxContactMessage = 10_000
)

func (s *Server) bookingRoutes() []Route {
	reads := []string{rmbookings.Name, rmactivities.Name, rmorg.Name}
	item := "/v1/admin/sessions/{id}/participants"
	one := item + "/{booking_id}"
	return []Route{
		{Method: http.MethodPost, Pattern: "/v1/sessions/{id}/bookings", Permission: Customer, Handler: s.bookOwn,
			Doc: Doc{Summary: "Consumer app: book a session (customers only): a spot, or the waiting list when full and the activity has one", Request: participantInput{}, Response: bookingAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodDelete, Pattern: "/v1/sessions/{id}/bookings/{booking_id}", Permission: Customer, Handler: s.cancelOwn,
			Doc: Doc{Summary: "Consumer app: cancel one's own booking (the refund percentage of the cancellation term is recorded)", Response: commandAnswer{}}},
		{Method: http.MethodGet, Pattern: item, Permission: PermViewActivities, Reads: reads, Handler: s.listParticipants,
			Doc: Doc{Summary: "A session's participants: spots taken and left, the waiting list in arrival order, attendance, QR codes", Response: dataAnswer[participantsAnswer]{}}},
		{Method: http.MethodPost, Pattern: item, Permission: PermEditActivity, Reads: reads, Handler: s.addParticipant,
			Doc: Doc{Summary: "Add a participant by hand (name, e-mail, date of birth, gender, notes)", Request: participantInput{}, Response: bookingAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: item + "/export", Permission: PermViewActivities, Reads: reads, Handler: s.exportParticipants,
			Doc: Doc{Summary: "participants.xlsx: every booking of the session with the answers to the activity's questions"}},
		{Method: http.MethodPost, Pattern: item + "/contact", Permission: PermEditActivity, Reads: reads, Handler: s.contactParticipants,
			Doc: Doc{Summary: "Mail all participants with a spot, or the selected booking_ids; {first_name}, {last_name} and {app_name} are filled in", Request: participantMessageInput{}, Response: contactAnswer{}}},
		{Method: http.MethodDelete, Pattern: one, Permission: PermEditActivity, Reads: reads, Handler: s.removeParticipant,
			Doc: Doc{Summary: "Remove a participant from the session", Response: commandAnswer{}}},
		{Method: http.MethodPost, Pattern: one + "/cancel", Permission: PermEditActivity, Reads: reads, Handler: s.cancelParticipant,
			Doc: Doc{Summary: "Cancel a booking for the participant (the refund percentage of the cancellation term is recorded)", Response: commandAnswer{}}},
		{Method: http.MethodPost, Pattern: one + "/move", Permission: PermEditActivity, Reads: reads, Handler: s.moveParticipant,
			Doc: Doc{Summary: "Move a participant to another session of the application (its waiting list when full)", Request: moveInput{}, Response: commandAnswer{}}},
		{Method: http.MethodPut, Pattern: one + "/attendance", Permission: PermCheckIn, Reads: reads, Handler: s.markAttendance,
			Doc: Doc{Summary: "Mark attendance: present, absent, signed_out or none", Request: attendanceInput{}, Response: commandAnswer{}}},
		{Method: http.MethodGet, Pattern: one + "/history", Permission: PermViewActivities, Reads: reads, Handler: s.bookingHistory,
			Doc: Doc{Summary: "A booking's history from the log: booked, promoted, moved, cancelled, checked in — who and when", Response: dataAnswer[[]historyRow]{}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/activities/{id}/participants", Permission: PermViewActivities, Reads: reads, Handler: s.activityParticipants,
			Doc: Doc{Summary: "An activity's participants overview: per session (from, to: dates in the application's zone; by default from today, at most 500 sessions) spots, taken, waiting, present and absent", Response: dataAnswer[[]sessionCounts]{}, Query: []string{"from", "to", "series_id"}}},
		{Method: http.MethodPost, Pattern: "/v1/admin/sessions/{id}/check-in", Permission: PermCheckIn, Reads: reads, Handler: s.checkIn,
			Doc: Doc{Summary: "Check a participant in with their QR code (scanned or typed); refuses another session's code, a cancelled booking and a second scan", Request: checkInInput{}, Response: checkInAnswer{}}},
	}
}

// staffSession is the path's session when the caller holds permission in its organisation.
func (s *Server) staffSession(r *http.Request, permission string) (sessionDetail, commands.SessionRef, error) {
	d, err := s.sessionInScope(r, permission)
	return d, commands.SessionRef{SeriesID: d.SeriesID, SessionID: d.ID, ActivityID: d.ActivityID}, err
}

func (s *Server) answerBooking(w http.ResponseWriter, r *http.Request, res commands.Booked, sessionID string) {
	var a bookingAnswer
	a.Data.BookingID, a.Data.SessionID, a.Data.Status = res.BookingID, sessionID, res.Status
	a.Data.QRCode = s.qrCode(qrClaims{BookingID: res.BookingID, SessionID: sessionID, ApplicationID: TenantFrom(r.Context()).ApplicationID})
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	writeJSON(w, http.StatusCreated, a)
}

func (s *Server) bookOwn(w http.ResponseWriter, r *http.Request) error {
	ref, err := s.sessionRef(r)
	if err != nil {
		return err
	}
	var in participantInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.BookSession(r.Context(), m, commands.Booking{Session: ref, CustomerID: PrincipalFrom(r.Context()).UserID,
		Participant: in.Participant, Answers: in.Answers})
	s.countCommand("book_session", err)
	if err != nil {
		return err
	}
	s.answerBooking(w, r, res, ref.SessionID)
	return nil
}

func (s *Server) cancelOwn(w http.ResponseWriter, r *http.Request) error {
	ref, err := s.sessionRef(r)
	if err != nil {
		return err
	}
	bookingID, err := uuidParam(r, "booking_id", "booking")
	if err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CancelBooking(r.Context(), m, ref, bookingID, PrincipalFrom(r.Context()).UserID)
	return s.answerCommand(w, "cancel_booking", http.StatusOK, res, err)
}

func (s *Server) addParticipant(w http.ResponseWriter, r *http.Request) error {
	_, ref, err := s.staffSession(r, PermEditActivity)
	if err != nil {
		return err
	}
	var in participantInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.BookSession(r.Context(), m, commands.Booking{Session: ref, Participant: in.Participant, ByStaff: true})
	s.countCommand("add_participant", err)
	if err != nil {
		return err
	}
	s.answerBooking(w, r, res, ref.SessionID)
	return nil
}

// onParticipant runs a staff command on the path's booking of the path's session.
func (s *Server) onParticipant(w http.ResponseWriter, r *http.Request, permission, name string,
	run func(m commands.Meta, ref commands.SessionRef, bookingID string) (commands.Result, error)) error {
	_, ref, err := s.staffSession(r, permission)
	if err != nil {
		return err
	}
	bookingID, err := uuidParam(r, "booking_id", "booking")
	if err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := run(m, ref, bookingID)
	return s.answerCommand(w, name, http.StatusOK, res, err)
}

func (s *Server) removeParticipant(w http.ResponseWriter, r *http.Request) error {
	return s.onParticipant(w, r, PermEditActivity, "remove_participant", func(m commands.Meta, ref commands.SessionRef, id string) (commands.Result, error) {
		return s.App.RemoveParticipant(r.Context(), m, ref, id)
	})
}

func (s *Server) cancelParticipant(w http.ResponseWriter, r *http.Request) error {
	return s.onParticipant(w, r, PermEditActivity, "cancel_booking", func(m commands.Meta, ref commands.SessionRef, id string) (commands.Result, error) {
		return s.App.CancelBooking(r.Context(), m, ref, id, "")
	})
}

func (s *Server) markAttendance(w http.ResponseWriter, r *http.Request) error {
	var in attendanceInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	return s.onParticipant(w, r, PermCheckIn, "mark_attendance", func(m commands.Meta, ref commands.SessionRef, id string) (commands.Result, error) {
		return s.App.MarkAttendance(r.Context(), m, ref, id, in.Attendance)
	})
}

func (s *Server) moveParticipant(w http.ResponseWriter, r *http.Request) error {
	var in moveInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	return s.onParticipant(w, r, PermEditActivity, "move_participant", func(m commands.Meta, ref commands.SessionRef, id string) (commands.Result, error) {
		target, err := s.targetSession(r, in.SessionID)
		if err != nil {
			return commands.Result{}, err
		}
		return s.App.MoveParticipant(r.Context(), m, ref, id, target)
	})
}

// targetSession is the session a participant moves to: one the caller may edit.
func (s *Server) targetSession(r *http.Request, id string) (commands.SessionRef, error) {
	refused := func() error {
		v := &domain.ValidationError{}
		v.Add("session_id", "validation.invalid", nil)
		return v
	}
	var ref commands.SessionRef
	var organization string
	err := s.inTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT id::text, series_id::text, organization_id::text FROM readmodel.sessions
			WHERE application_id = $1 AND id::text = $2`, TenantFrom(r.Context()).ApplicationID, strings.ToLower(id)).
			Scan(&ref.SessionID, &ref.SeriesID, &organization)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return ref, refused()
	}
	if err != nil {
		return ref, err
	}
	ok, err := s.allowedIn(r, organization, PermEditActivity)
	if err != nil {
		return ref, err
	}
	if !ok {
		return ref, refused()
	}
	return ref, nil
}

const participantColumns = `booking_id::text, customer_id::text, first_name, last_name, email, date_of_birth, gender, notes,
	answers, status, by_staff, attendance, checked_in_at, refund_percent, moved_from::text, moved_to::text, booked_at`

// participants reads a session's bookings in arrival order.
func (s *Server) participants(r *http.Request, sessionID string) ([]participantRow, error) {
	var out []participantRow
	err := s.inTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT `+participantColumns+` FROM readmodel.session_participants
			WHERE application_id = $1 AND session_id = $2 ORDER BY arrival`, TenantFrom(r.Context()).ApplicationID, sessionID)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (participantRow, error) {
			var p participantRow
			var answers []byte
			var checkedIn *time.Time
			var booked time.Time
			err := row.Scan(&p.BookingID, &p.CustomerID, &p.FirstName, &p.LastName, &p.Email, &p.DateOfBirth, &p.Gender, &p.Notes,
				&answers, &p.Status, &p.ByStaff, &p.Attendance, &checkedIn, &p.RefundPercent, &p.MovedFrom, &p.MovedTo, &booked)
			if err != nil {
				return p, err
			}
			p.CheckedInAt, p.BookedAt = stampOrNil(checkedIn), stamp(booked)
			p.QRCode = s.qrCode(qrClaims{BookingID: p.BookingID, SessionID: sessionID, ApplicationID: TenantFrom(r.Context()).ApplicationID})
			return p, json.Unmarshal(answers, &p.Answers)
		})
		return err
	})
	return out, err
}

func (s *Server) listParticipants(w http.ResponseWriter, r *http.Request) error {
	d, _, err := s.staffSession(r, PermViewActivities)
	if err != nil {
		return err
	}
	all, err := s.participants(r, d.ID)
	if err != nil {
		return err
	}
	a := participantsAnswer{SessionID: d.ID, Spots: d.Spots, Taking: []participantRow{}, WaitingList: []participantRow{}, Gone: []participantRow{}}
	for _, p := range all {
		switch p.Status {
		case booking.StatusHeld, booking.StatusConfirmed:
			a.Taking = append(a.Taking, p)
		case booking.StatusWaitlisted:
			a.WaitingList = append(a.WaitingList, p)
		default:
			a.Gone = append(a.Gone, p)
		}
	}
	a.Taken, a.Left = len(a.Taking), max(0, d.Spots-len(a.Taking))
	writeJSON(w, http.StatusOK, dataAnswer[participantsAnswer]{Data: a})
	return nil
}

// exportParticipants: participants.xlsx, one column per question of the activity.
func (s *Server) exportParticipants(w http.ResponseWriter, r *http.Request) error {
	d, _, err := s.staffSession(r, PermViewActivities)
	if err != nil {
		return err
	}
	var questions []activity.Question
	err = s.inTenant(r, func(tx pgx.Tx) error {
		var raw []byte
		if err := tx.QueryRow(r.Context(), `SELECT questions FROM readmodel.activities WHERE id = $1`, d.ActivityID).Scan(&raw); err != nil {
			return err
		}
		return json.Unmarshal(raw, &questions)
	})
	if err != nil {
		return err
	}
	all, err := s.participants(r, d.ID)
	if err != nil {
		return err
	}
	header := []string{"First name", "Last name", "Email", "Date of birth", "Gender", "Notes", "Status", "Attendance", "Checked in at", "Booked at", "Booking id"}
	for _, q := range questions {
		header = append(header, q.Title)
	}
	sh, err := newSheet("Participants", header)
	if err != nil {
		return err
	}
	defer sh.close()
	for _, p := range all {
		checkedIn := ""
		if p.CheckedInAt != nil {
			checkedIn = *p.CheckedInAt
		}
		cells := []any{neutralize(p.FirstName), neutralize(p.LastName), neutralize(p.Email), p.DateOfBirth, p.Gender, neutralize(p.Notes),
			p.Status, p.Attendance, checkedIn, p.BookedAt, p.BookingID}
		for _, q := range questions {
			var values []string
			for _, a := range p.Answers {
				if a.QuestionID == q.ID {
					values = append(values, a.Value)
				}
			}
			cells = append(cells, neutralize(strings.Join(values, ", ")))
		}
		if err := sh.add(cells); err != nil {
			return err
		}
	}
	return sh.answer(w, r, "participants.xlsx")
}

// contactParticipants mails the participants with a spot (or the selected ones).
func (s *Server) contactParticipants(w http.ResponseWriter, r *http.Request) error {
	d, _, err := s.staffSession(r, PermEditActivity)
	if err != nil {
		return err
	}
	var in participantMessageInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	var v domain.ValidationError
	in.Subject, in.Message = strings.TrimSpace(in.Subject), strings.TrimSpace(in.Message)
	for _, f := range []struct {
		field, value string
		max          int
	}{{"subject", in.Subject, maxContactSubject}, {"message", in.Message, maxContactMessage}} {
		switch {
		case f.value == "":
			v.Add(f.field, "validation.required", nil)
		case len([]rune(f.value)) > f.max:
			v.Add(f.field, "validation.max_length", map[string]any{"max": f.max})
		case strings.ContainsAny(f.value, "\r") || (f.field == "subject" && strings.Contains(f.value, "\n")):
			v.Add(f.field, "validation.invalid", nil)
		}
	}
	if err := v.OrNil(); err != nil {
		return err
	}
	if s.Mail == nil {
		return errStatus(http.StatusServiceUnavailable, "error.unavailable")
	}
	all, err := s.participants(r, d.ID)
	if err != nil {
		return err
	}
	appName, err := s.applicationName(r)
	if err != nil {
		return err
	}
	selected := map[string]bool{}
	for _, id := range in.BookingIDs {
		selected[strings.ToLower(id)] = true
	}
	var a contactAnswer
	for _, p := range all {
		if p.Email == "" || (len(selected) == 0 && p.Status != booking.StatusHeld && p.Status != booking.StatusConfirmed) ||
			(len(selected) > 0 && !selected[p.BookingID]) {
			continue
		}
		fill := strings.NewReplacer("{first_name}", p.FirstName, "{last_name}", p.LastName, "{app_name}", appName)
		if err := s.Mail.Send(r.Context(), identity.Mail{To: p.Email, Subject: fill.Replace(in.Subject), Body: fill.Replace(in.Message)}); err != nil {
			return err
		}
		a.Data.Sent++
	}
	writeJSON(w, http.StatusOK, a)
	return nil
}

func (s *Server) bookingHistory(w http.ResponseWriter, r *http.Request) error {
	d, _, err := s.staffSession(r, PermViewActivities)
	if err != nil {
		return err
	}
	bookingID, err := uuidParam(r, "booking_id", "booking")
	if err != nil {
		return err
	}
	var out []historyRow
	err = s.inTenant(r, func(tx pgx.Tx) error {
		// The booking's whole life, also in the sessions it was moved from or to.
		rows, err := tx.Query(r.Context(), `SELECT h.event, h.at, h.actor_id, u.subject_id::text, `+personName("u")+`, h.session_id::text, h.detail
			FROM readmodel.booking_history h
			LEFT JOIN identity_personal_data u ON u.subject_id::text = h.actor_id
			WHERE h.application_id = $1 AND h.booking_id = $2
			  AND EXISTS (SELECT 1 FROM readmodel.session_participants p WHERE p.booking_id = $2 AND p.session_id = $3)
			ORDER BY h.at, h.version`, TenantFrom(r.Context()).ApplicationID, bookingID, d.ID)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (historyRow, error) {
			var h historyRow
			var at time.Time
			var actor string
			var userID, name *string
			err := row.Scan(&h.Event, &at, &actor, &userID, &name, &h.Session, &h.Detail)
			h.At, h.Actor = stamp(at), ref(userID, name)
			if userID == nil {
				h.System = actor
			}
			return h, err
		})
		return err
	})
	if err != nil {
		return err
	}
	if len(out) == 0 {
		return &domain.NotFoundError{Kind: "booking", ID: bookingID}
	}
	writeJSON(w, http.StatusOK, dataAnswer[[]historyRow]{Data: out})
	return nil
}

// checkIn marks the participant of a scanned (or typed) code present in this session.
func (s *Server) checkIn(w http.ResponseWriter, r *http.Request) error {
	d, ref, err := s.staffSession(r, PermCheckIn)
	if err != nil {
		return err
	}
	claims, err := s.scannedCode(w, r, d.ID)
	if err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CheckIn(r.Context(), m, ref, claims.BookingID)
	s.countCommand("check_in", err)
	var c *domain.ConflictError
	if errors.As(err, &c) && c.Key == "booking.already_checked_in" {
		return s.alreadyCheckedIn(r, c)
	}
	if err != nil {
		return err
	}
	var a checkInAnswer
	a.Data.BookingID, a.Data.CheckedInAt = claims.BookingID, stamp(res.At)
	a.Data.FirstName, a.Data.LastName = res.FirstName, res.LastName
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	writeJSON(w, http.StatusOK, a)
	return nil
}

// alreadyCheckedIn says when the first scan was, on the application's clock ("18:58").
func (s *Server) alreadyCheckedIn(r *http.Request, c *domain.ConflictError) error {
	at, _ := c.Params["at"].(time.Time)
	_, loc, err := s.applicationZone(r)
	if err != nil {
		return err
	}
	return &domain.ConflictError{Key: c.Key, Params: map[string]any{"at": at.In(loc).Format("15:04")}}
}

// sessionCounts is one session of an activity in the participants overview.
type sessionCounts struct {
	SessionID string `json:"session_id"`
	SeriesID  string `json:"series_id"`
	Date      string `json:"date"`
	StartTime string `json:"start_time"`
	StartsAt  string `json:"starts_at"`
	Spots     int    `json:"spots"`
	Taken     int    `json:"taken"`
	Waiting   int    `json:"waiting"`
	Present   int    `json:"present"`
	Absent    int    `json:"absent"`
}

// participantsOverviewLimit bounds the overview: a two-year series has ~1,100 sessions,
// a screen shows a period of them.
const participantsOverviewLimit = 500

// activityParticipants is the activity's participants overview, session by session.
func (s *Server) activityParticipants(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, PermViewActivities)
	if err != nil {
		return err
	}
	where, args, err := s.sessionFilter(r, a.ID, nil)
	if err != nil {
		return err
	}
	if r.URL.Query().Get("from") == "" {
		_, loc, err := s.applicationZone(r)
		if err != nil {
			return err
		}
		now := time.Now().In(loc)
		args = append(args, time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc))
		where += fmt.Sprintf(" AND s.starts_at >= $%d", len(args))
	}
	if v := r.URL.Query().Get("series_id"); v != "" {
		id, err := uuid.Parse(v)
		if err != nil {
			return badQuery("series_id")
		}
		args = append(args, id.String())
		where += fmt.Sprintf(" AND s.series_id = $%d", len(args))
	}
	var out []sessionCounts
	err = s.inTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT s.id::text, s.series_id::text, s.date::text, to_char(s.start_time, 'HH24:MI'), s.starts_at, s.spots,
			count(p.*) FILTER (WHERE p.status IN ('held', 'confirmed')), count(p.*) FILTER (WHERE p.status = 'waitlisted'),
			count(p.*) FILTER (WHERE p.status IN ('held', 'confirmed') AND p.attendance = 'present'),
			count(p.*) FILTER (WHERE p.status IN ('held', 'confirmed') AND p.attendance = 'absent')
			FROM readmodel.sessions s LEFT JOIN readmodel.session_participants p ON p.session_id = s.id
			WHERE `+where+fmt.Sprintf(` GROUP BY s.id ORDER BY s.starts_at, s.id LIMIT %d`, participantsOverviewLimit), args...)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (sessionCounts, error) {
			var c sessionCounts
			var starts time.Time
			err := row.Scan(&c.SessionID, &c.SeriesID, &c.Date, &c.StartTime, &starts, &c.Spots, &c.Taken, &c.Waiting, &c.Present, &c.Absent)
			c.StartsAt = stamp(starts)
			return c, err
		})
		return err
	})
	if err != nil {
		return err
	}
	if out == nil {
		out = []sessionCounts{}
	}
	writeJSON(w, http.StatusOK, dataAnswer[[]sessionCounts]{Data: out})
	return nil
}
