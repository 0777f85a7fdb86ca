package offer

import (
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/booking"
	rmactivities "move/projections/activities"
	rmbookings "move/projections/bookings"
	rmorg "move/projections/organizations"
	"move/readapi/kernel"
)

// doorSession is one session of the door's day with its counts.
type doorSession struct {
	SessionID    string `json:"session_id"`
	ActivityID   string `json:"activity_id"`
	ActivityName string `json:"activity_name"`
	StartTime    string `json:"start_time"`
	EndTime      string `json:"end_time"`
	StartsAt     string `json:"starts_at"`
	EndsAt       string `json:"ends_at"`
	Spots        int    `json:"spots"`
	Booked       int    `json:"booked"`
	Present      int    `json:"present"`
	Waiting      int    `json:"waiting"`
}

// doorAnswer is an organisation's door on one day: its sessions in time order.
type doorAnswer struct {
	OrganizationID string        `json:"organization_id"`
	Date           string        `json:"date"`
	Sessions       []doorSession `json:"sessions"`
}

// doorSessionsLimit bounds one day's sessions of one organisation (a busy pool has ~60).
const doorSessionsLimit = 200

func (s *Handlers) DoorRoutes() []kernel.Route {
	reads := []string{rmbookings.Name, rmactivities.Name, rmorg.Name}
	door := "/v1/admin/organizations/{id}/door"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: door, Permission: kernel.PermViewActivities, Reads: reads, Handler: s.door,
			Doc: kernel.Doc{Summary: "The door: the organisation's sessions of one day (date, the application's today by default) with spots, booked, present and waiting", Response: kernel.DataAnswer[doorAnswer]{}, Query: []string{"date"}}},
		{Method: http.MethodPost, Pattern: door + "/check-in", Permission: kernel.PermCheckIn, Reads: reads, Handler: s.doorCheckIn,
			Doc: kernel.Doc{Summary: "Check a participant in at the door with a QR code or a short check-in code, in whichever of the organisation's sessions of the day (date, today by default) it names; an unknown code is a 404", Request: checkInInput{}, Response: checkInAnswer{}, Query: []string{"date"}}},
	}
}

// doorDay is the query's date, the application's today when none is given.
func (s *Handlers) doorDay(r *http.Request) (string, error) {
	if v := r.URL.Query().Get("date"); v != "" {
		if _, err := time.Parse(time.DateOnly, v); err != nil {
			return "", kernel.BadQuery("date")
		}
		return v, nil
	}
	_, loc, err := s.ApplicationZone(r)
	if err != nil {
		return "", err
	}
	return time.Now().In(loc).Format(time.DateOnly), nil
}

func (s *Handlers) door(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	day, err := s.doorDay(r)
	if err != nil {
		return err
	}
	a := doorAnswer{OrganizationID: org, Date: day, Sessions: []doorSession{}}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT s.id::text, s.activity_id::text, a.name, to_char(s.start_time, 'HH24:MI'), to_char(s.end_time, 'HH24:MI'),
			s.starts_at, s.ends_at, s.spots,
			count(p.*) FILTER (WHERE p.status IN ('held', 'confirmed')),
			count(p.*) FILTER (WHERE p.status IN ('held', 'confirmed') AND p.attendance = 'present'),
			count(p.*) FILTER (WHERE p.status = 'waitlisted')
			FROM readmodel.sessions s JOIN readmodel.activities a ON a.id = s.activity_id
			LEFT JOIN readmodel.session_participants p ON p.session_id = s.id
			WHERE s.application_id = $1 AND s.organization_id = $2 AND s.date = $3::date
			GROUP BY s.id, a.name ORDER BY s.starts_at, a.name, s.id LIMIT $4`,
			kernel.TenantFrom(r.Context()).ApplicationID, org, day, doorSessionsLimit)
		if err != nil {
			return err
		}
		a.Sessions, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (doorSession, error) {
			var x doorSession
			var starts, ends time.Time
			err := row.Scan(&x.SessionID, &x.ActivityID, &x.ActivityName, &x.StartTime, &x.EndTime, &starts, &ends, &x.Spots,
				&x.Booked, &x.Present, &x.Waiting)
			x.StartsAt, x.EndsAt = kernel.Stamp(starts), kernel.Stamp(ends)
			return x, err
		})
		return err
	})
	if err != nil {
		return err
	}
	if a.Sessions == nil {
		a.Sessions = []doorSession{}
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[doorAnswer]{Data: a})
	return nil
}

// doorCheckIn finds the code's booking among the organisation's sessions of the day and
// checks it in there: staff at the door need not pick the session first.
func (s *Handlers) doorCheckIn(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, kernel.PermCheckIn)
	if err != nil {
		return err
	}
	day, err := s.doorDay(r)
	if err != nil {
		return err
	}
	claims, short, err := s.typedOrScanned(w, r)
	if err != nil {
		return err
	}
	candidates, err := s.codeCandidates(r, `s.organization_id = $2 AND s.date = $3::date`, org, day)
	if err != nil {
		return err
	}
	if short != "" {
		c, err := s.matchShortCode(short, candidates, "booking.code_unknown_day")
		if err != nil {
			return err
		}
		return s.checkInBooking(w, r, c.Session, c.BookingID, booking.ViaCode)
	}
	for _, c := range candidates {
		if claims.ApplicationID == kernel.TenantFrom(r.Context()).ApplicationID && c.BookingID == claims.BookingID && c.Session.SessionID == claims.SessionID {
			return s.checkInBooking(w, r, c.Session, c.BookingID, booking.ViaQR)
		}
	}
	return &domain.ConflictError{Key: "booking.qr_other_day"}
}
