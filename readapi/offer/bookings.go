package offer

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
	"move/domain/booking"
	rmactivities "move/projections/activities"
	rmbookings "move/projections/bookings"
	rmorg "move/projections/organizations"
	"move/readapi/kernel"
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
	CheckInCode   string           `json:"check_in_code"`
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
		// CheckInCode is what staff type when the QR code does not scan (decision 1620).
		CheckInCode string `json:"check_in_code"`
	} `json:"data"`
	Meta kernel.CommandMeta `json:"meta"`
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
		SessionID   string `json:"session_id"`
		FirstName   string `json:"first_name"`
		LastName    string `json:"last_name"`
		CheckedInAt string `json:"checked_in_at"`
	} `json:"data"`
	Meta kernel.CommandMeta `json:"meta"`
}

// Limits of a message to participants.
const (
	maxContactSubject = 200
	maxContactMessage = 10_000
)

func (s *Handlers) BookingRoutes() []kernel.Route {
	reads := []string{rmbookings.Name, rmactivities.Name, rmorg.Name}
	item := "/v1/admin/sessions/{id}/participants"
	one := item + "/{booking_id}"
	return []kernel.Route{
		{Method: http.MethodPost, Pattern: "/v1/sessions/{id}/bookings", Permission: kernel.Customer, Handler: s.bookOwn,
			Doc: kernel.Doc{Summary: "Consumer app: book a session (customers only): a spot, or the waiting list when full and the activity has one", Request: kernel.ParticipantInput{}, Response: bookingAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodDelete, Pattern: "/v1/sessions/{id}/bookings/{booking_id}", Permission: kernel.Customer, Handler: s.cancelOwn,
			Doc: kernel.Doc{Summary: "Consumer app: cancel one's own booking (the refund percentage of the cancellation term is recorded)", Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: item, Permission: kernel.PermViewActivities, Reads: reads, Handler: s.listParticipants,
			Doc: kernel.Doc{Summary: "A session's participants: spots taken and left, the waiting list in arrival order, attendance, QR codes", Response: kernel.DataAnswer[participantsAnswer]{}}},
		{Method: http.MethodPost, Pattern: item, Permission: kernel.PermEditActivity, Reads: reads, Handler: s.addParticipant,
			Doc: kernel.Doc{Summary: "Add a participant by hand (name, e-mail, date of birth, gender, notes)", Request: kernel.ParticipantInput{}, Response: bookingAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: item + "/export", Permission: kernel.PermViewActivities, Reads: reads, Handler: s.exportParticipants,
			Doc: kernel.Doc{Summary: "participants.xlsx: every booking of the session with the answers to the activity's questions"}},
		{Method: http.MethodPost, Pattern: item + "/contact", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.contactParticipants,
			Doc: kernel.Doc{Summary: "Mail all participants with a spot, or the selected booking_ids; {first_name}, {last_name} and {app_name} are filled in", Request: participantMessageInput{}, Response: contactAnswer{}}},
		{Method: http.MethodDelete, Pattern: one, Permission: kernel.PermEditActivity, Reads: reads, Handler: s.removeParticipant,
			Doc: kernel.Doc{Summary: "Remove a participant from the session", Response: kernel.CommandAnswer{}}},
		{Method: http.MethodPost, Pattern: one + "/cancel", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.cancelParticipant,
			Doc: kernel.Doc{Summary: "Cancel a booking for the participant (the refund percentage of the cancellation term is recorded)", Response: kernel.CommandAnswer{}}},
		{Method: http.MethodPost, Pattern: one + "/move", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.moveParticipant,
			Doc: kernel.Doc{Summary: "Move a participant to another session of the application (its waiting list when full)", Request: moveInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodPut, Pattern: one + "/attendance", Permission: kernel.PermCheckIn, Reads: reads, Handler: s.markAttendance,
			Doc: kernel.Doc{Summary: "Mark attendance: present, absent, signed_out or none", Request: attendanceInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: one + "/history", Permission: kernel.PermViewActivities, Reads: reads, Handler: s.bookingHistory,
			Doc: kernel.Doc{Summary: "A booking's history from the log: booked, promoted, moved, cancelled, checked in — who and when", Response: kernel.DataAnswer[[]historyRow]{}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/activities/{id}/participants", Permission: kernel.PermViewActivities, Reads: reads, Handler: s.activityParticipants,
			Doc: kernel.Doc{Summary: "An activity's participants overview: per session (from, to: dates in the application's zone; by default from today, at most 500 sessions) spots, taken, waiting, present and absent", Response: kernel.DataAnswer[[]sessionCounts]{}, Query: []string{"from", "to", "series_id"}}},
		{Method: http.MethodPost, Pattern: "/v1/admin/sessions/{id}/check-in", Permission: kernel.PermCheckIn, Reads: reads, Handler: s.checkIn,
			Doc: kernel.Doc{Summary: "Check a participant in with their QR code (scanned) or their short check-in code (typed, 6 characters); refuses another session's code, an unknown code (404), a cancelled booking and a second scan", Request: checkInInput{}, Response: checkInAnswer{}}},
	}
}

// staffSession is the path's session when the caller holds permission in its organisation.
func (s *Handlers) staffSession(r *http.Request, permission string) (sessionDetail, commands.SessionRef, error) {
	d, err := s.sessionInScope(r, permission)
	return d, commands.SessionRef{SeriesID: d.SeriesID, SessionID: d.ID, ActivityID: d.ActivityID}, err
}

func (s *Handlers) answerBooking(w http.ResponseWriter, r *http.Request, res commands.Booked, sessionID string) {
	var a bookingAnswer
	a.Data.BookingID, a.Data.SessionID, a.Data.Status = res.BookingID, sessionID, res.Status
	a.Data.QRCode = s.qrCode(qrClaims{BookingID: res.BookingID, SessionID: sessionID, ApplicationID: kernel.TenantFrom(r.Context()).ApplicationID})
	a.Data.CheckInCode = s.shortCode(res.BookingID)
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	kernel.WriteJSON(w, http.StatusCreated, a)
}

func (s *Handlers) bookOwn(w http.ResponseWriter, r *http.Request) error {
	ref, err := s.SessionRef(r)
	if err != nil {
		return err
	}
	var in kernel.ParticipantInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.BookSession(r.Context(), m, commands.Booking{Session: ref, CustomerID: kernel.PrincipalFrom(r.Context()).UserID, Language: kernel.Lang(r),
		Participant: in.Participant, Answers: in.Answers})
	s.CountCommand("book_session", err)
	if err != nil {
		return err
	}
	s.answerBooking(w, r, res, ref.SessionID)
	return nil
}

func (s *Handlers) cancelOwn(w http.ResponseWriter, r *http.Request) error {
	ref, err := s.SessionRef(r)
	if err != nil {
		return err
	}
	bookingID, err := kernel.UUIDParam(r, "booking_id", "booking")
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CancelBooking(r.Context(), m, ref, bookingID, kernel.PrincipalFrom(r.Context()).UserID)
	return s.AnswerCommand(w, "cancel_booking", http.StatusOK, res, err)
}

func (s *Handlers) addParticipant(w http.ResponseWriter, r *http.Request) error {
	_, ref, err := s.staffSession(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	var in kernel.ParticipantInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.BookSession(r.Context(), m, commands.Booking{Session: ref, Participant: in.Participant, ByStaff: true})
	s.CountCommand("add_participant", err)
	if err != nil {
		return err
	}
	s.answerBooking(w, r, res, ref.SessionID)
	return nil
}

// onParticipant runs a staff command on the path's booking of the path's session.
func (s *Handlers) onParticipant(w http.ResponseWriter, r *http.Request, permission, name string,
	run func(m commands.Meta, ref commands.SessionRef, bookingID string) (commands.Result, error)) error {
	_, ref, err := s.staffSession(r, permission)
	if err != nil {
		return err
	}
	bookingID, err := kernel.UUIDParam(r, "booking_id", "booking")
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := run(m, ref, bookingID)
	return s.AnswerCommand(w, name, http.StatusOK, res, err)
}

func (s *Handlers) removeParticipant(w http.ResponseWriter, r *http.Request) error {
	return s.onParticipant(w, r, kernel.PermEditActivity, "remove_participant", func(m commands.Meta, ref commands.SessionRef, id string) (commands.Result, error) {
		return s.App.RemoveParticipant(r.Context(), m, ref, id)
	})
}

func (s *Handlers) cancelParticipant(w http.ResponseWriter, r *http.Request) error {
	return s.onParticipant(w, r, kernel.PermEditActivity, "cancel_booking", func(m commands.Meta, ref commands.SessionRef, id string) (commands.Result, error) {
		return s.App.CancelBooking(r.Context(), m, ref, id, "")
	})
}

func (s *Handlers) markAttendance(w http.ResponseWriter, r *http.Request) error {
	var in attendanceInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	return s.onParticipant(w, r, kernel.PermCheckIn, "mark_attendance", func(m commands.Meta, ref commands.SessionRef, id string) (commands.Result, error) {
		return s.App.MarkAttendance(r.Context(), m, ref, id, in.Attendance)
	})
}

func (s *Handlers) moveParticipant(w http.ResponseWriter, r *http.Request) error {
	var in moveInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	return s.onParticipant(w, r, kernel.PermEditActivity, "move_participant", func(m commands.Meta, ref commands.SessionRef, id string) (commands.Result, error) {
		target, err := s.targetSession(r, in.SessionID)
		if err != nil {
			return commands.Result{}, err
		}
		return s.App.MoveParticipant(r.Context(), m, ref, id, target)
	})
}

// targetSession is the session a participant moves to: one the caller may edit.
func (s *Handlers) targetSession(r *http.Request, id string) (commands.SessionRef, error) {
	refused := func() error {
		v := &domain.ValidationError{}
		v.Add("session_id", "validation.invalid", nil)
		return v
	}
	var ref commands.SessionRef
	var organization string
	err := s.InTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT id::text, series_id::text, organization_id::text FROM readmodel.sessions
			WHERE application_id = $1 AND id::text = $2`, kernel.TenantFrom(r.Context()).ApplicationID, strings.ToLower(id)).
			Scan(&ref.SessionID, &ref.SeriesID, &organization)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return ref, refused()
	}
	if err != nil {
		return ref, err
	}
	ok, err := s.AllowedIn(r, organization, kernel.PermEditActivity)
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
func (s *Handlers) participants(r *http.Request, sessionID string) ([]participantRow, error) {
	var out []participantRow
	err := s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT `+participantColumns+` FROM readmodel.session_participants
			WHERE application_id = $1 AND session_id = $2 ORDER BY arrival`, kernel.TenantFrom(r.Context()).ApplicationID, sessionID)
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
			p.CheckedInAt, p.BookedAt = kernel.StampOrNil(checkedIn), kernel.Stamp(booked)
			p.QRCode = s.qrCode(qrClaims{BookingID: p.BookingID, SessionID: sessionID, ApplicationID: kernel.TenantFrom(r.Context()).ApplicationID})
			p.CheckInCode = s.shortCode(p.BookingID)
			return p, json.Unmarshal(answers, &p.Answers)
		})
		return err
	})
	return out, err
}

func (s *Handlers) listParticipants(w http.ResponseWriter, r *http.Request) error {
	d, _, err := s.staffSession(r, kernel.PermViewActivities)
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
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[participantsAnswer]{Data: a})
	return nil
}

// checkIn marks the participant of a scanned QR code or a typed short code present in
// this session.
func (s *Handlers) checkIn(w http.ResponseWriter, r *http.Request) error {
	d, ref, err := s.staffSession(r, kernel.PermCheckIn)
	if err != nil {
		return err
	}
	claims, short, err := s.typedOrScanned(w, r)
	if err != nil {
		return err
	}
	bookingID, via := claims.BookingID, booking.ViaQR
	if short != "" {
		candidates, err := s.codeCandidates(r, `p.session_id = $2`, d.ID)
		if err != nil {
			return err
		}
		c, err := s.matchShortCode(short, candidates, "booking.code_unknown")
		if err != nil {
			return err
		}
		bookingID, via = c.BookingID, booking.ViaCode
	} else if claims.ApplicationID != kernel.TenantFrom(r.Context()).ApplicationID || claims.SessionID != d.ID {
		return &domain.ConflictError{Key: "booking.qr_other_session"}
	}
	return s.checkInBooking(w, r, ref, bookingID, via)
}

// codeCandidates are the bookings of the sessions a check-in looks in: where (on p, the
// participants, and s, the sessions) with its arguments from $2 on.
func (s *Handlers) codeCandidates(r *http.Request, where string, args ...any) ([]codeCandidate, error) {
	var out []codeCandidate
	err := s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT p.booking_id::text, p.status, s.id::text, s.series_id::text, s.activity_id::text
			FROM readmodel.session_participants p JOIN readmodel.sessions s ON s.id = p.session_id
			WHERE p.application_id = $1 AND `+where, append([]any{kernel.TenantFrom(r.Context()).ApplicationID}, args...)...)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (codeCandidate, error) {
			var c codeCandidate
			return c, row.Scan(&c.BookingID, &c.Status, &c.Session.SessionID, &c.Session.SeriesID, &c.Session.ActivityID)
		})
		return err
	})
	return out, err
}

// checkInBooking checks the booking in and answers who, when and in which session.
func (s *Handlers) checkInBooking(w http.ResponseWriter, r *http.Request, ref commands.SessionRef, bookingID, via string) error {
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CheckIn(r.Context(), m, ref, bookingID, via)
	return s.answerCheckIn(w, r, "check_in", res, err, ref, bookingID)
}

// answerCheckIn answers a check-in command's outcome (counted as command): who, when and
// in which session; a second scan, when the first was.
func (s *Handlers) answerCheckIn(w http.ResponseWriter, r *http.Request, command string, res commands.CheckedIn, err error, ref commands.SessionRef, bookingID string) error {
	s.CountCommand(command, err)
	var c *domain.ConflictError
	if errors.As(err, &c) && c.Key == "booking.already_checked_in" {
		return s.alreadyCheckedIn(r, c)
	}
	if err != nil {
		return err
	}
	var a checkInAnswer
	a.Data.BookingID, a.Data.SessionID, a.Data.CheckedInAt = bookingID, ref.SessionID, kernel.Stamp(res.At)
	a.Data.FirstName, a.Data.LastName = res.FirstName, res.LastName
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	kernel.WriteJSON(w, http.StatusOK, a)
	return nil
}

// alreadyCheckedIn says when the first scan was, on the application's clock ("18:58").
func (s *Handlers) alreadyCheckedIn(r *http.Request, c *domain.ConflictError) error {
	at, _ := c.Params["at"].(time.Time)
	_, loc, err := s.ApplicationZone(r)
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
	EndTime   string `json:"end_time"`
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
func (s *Handlers) activityParticipants(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	where, args, err := s.sessionFilter(r, a.ID, nil)
	if err != nil {
		return err
	}
	if r.URL.Query().Get("from") == "" {
		_, loc, err := s.ApplicationZone(r)
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
			return kernel.BadQuery("series_id")
		}
		args = append(args, id.String())
		where += fmt.Sprintf(" AND s.series_id = $%d", len(args))
	}
	var out []sessionCounts
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT s.id::text, s.series_id::text, s.date::text, to_char(s.start_time, 'HH24:MI'), to_char(s.end_time, 'HH24:MI'), s.starts_at, s.spots,
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
			err := row.Scan(&c.SessionID, &c.SeriesID, &c.Date, &c.StartTime, &c.EndTime, &starts, &c.Spots, &c.Taken, &c.Waiting, &c.Present, &c.Absent)
			c.StartsAt = kernel.Stamp(starts)
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
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]sessionCounts]{Data: out})
	return nil
}
