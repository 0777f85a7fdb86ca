package offer

import (
	"encoding/json"
	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/identity"
	"move/readapi/kernel"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

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
	Actor   *kernel.UserRef `json:"actor"`
	System  string          `json:"system,omitempty"`
	Session string          `json:"session_id"`
	Detail  json.RawMessage `json:"detail"`
}

// exportParticipants: participants.xlsx, one column per question of the activity;
// headers and values in the user's language, times in the application's zone
// (exportWords).
func (s *Handlers) exportParticipants(w http.ResponseWriter, r *http.Request) error {
	d, _, err := s.staffSession(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	var questions []activity.Question
	err = s.InTenant(r, func(tx pgx.Tx) error {
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
	_, zone, err := s.ApplicationZone(r)
	if err != nil {
		return err
	}
	words := exportWords{language: kernel.Lang(r), zone: zone}
	header := words.headers("participants", []string{"first_name", "last_name", "email", "date_of_birth", "gender", "notes", "status",
		"attendance", "checked_in_at", "booked_at", "booking_id"})
	for _, q := range questions {
		header = append(header, q.Title)
	}
	sh, err := kernel.NewSheet("Participants", header)
	if err != nil {
		return err
	}
	defer sh.Close()
	for _, p := range all {
		cells := []any{kernel.Neutralize(p.FirstName), kernel.Neutralize(p.LastName), kernel.Neutralize(p.Email), p.DateOfBirth,
			words.value("gender", p.Gender), kernel.Neutralize(p.Notes), words.value("status", p.Status), words.value("attendance", p.Attendance),
			words.local(p.CheckedInAt), words.local(&p.BookedAt), p.BookingID}
		for _, q := range questions {
			var values []string
			for _, a := range p.Answers {
				if a.QuestionID == q.ID {
					values = append(values, a.Value)
				}
			}
			cells = append(cells, kernel.Neutralize(strings.Join(values, ", ")))
		}
		if err := sh.Add(cells); err != nil {
			return err
		}
	}
	return sh.Answer(w, r, "participants.xlsx")
}

// contactParticipants mails the participants with a spot (or the selected ones).
func (s *Handlers) contactParticipants(w http.ResponseWriter, r *http.Request) error {
	d, _, err := s.staffSession(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	var in participantMessageInput
	if err := kernel.Decode(r, w, &in); err != nil {
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
		return kernel.ErrStatus(http.StatusServiceUnavailable, "error.unavailable")
	}
	all, err := s.participants(r, d.ID)
	if err != nil {
		return err
	}
	appName, err := s.ApplicationName(r)
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
	kernel.WriteJSON(w, http.StatusOK, a)
	return nil
}

func (s *Handlers) bookingHistory(w http.ResponseWriter, r *http.Request) error {
	d, _, err := s.staffSession(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	bookingID, err := kernel.UUIDParam(r, "booking_id", "booking")
	if err != nil {
		return err
	}
	var out []historyRow
	err = s.InTenant(r, func(tx pgx.Tx) error {
		// The booking's whole life, also in the sessions it was moved from or to.
		rows, err := tx.Query(r.Context(), `SELECT h.event, h.at, h.actor_id, u.subject_id::text, `+kernel.PersonName("u")+`, h.session_id::text, h.detail
			FROM readmodel.booking_history h
			LEFT JOIN identity_personal_data u ON u.subject_id::text = h.actor_id
			WHERE h.application_id = $1 AND h.booking_id = $2
			  AND EXISTS (SELECT 1 FROM readmodel.session_participants p WHERE p.booking_id = $2 AND p.session_id = $3)
			ORDER BY h.at, h.version`, kernel.TenantFrom(r.Context()).ApplicationID, bookingID, d.ID)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (historyRow, error) {
			var h historyRow
			var at time.Time
			var actor string
			var userID, name *string
			err := row.Scan(&h.Event, &at, &actor, &userID, &name, &h.Session, &h.Detail)
			h.At, h.Actor = kernel.Stamp(at), kernel.Ref(userID, name)
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
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]historyRow]{Data: out})
	return nil
}
