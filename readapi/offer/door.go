package offer

import (
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/booking"
	rmactivities "move/projections/activities"
	rmbookings "move/projections/bookings"
	rmbundles "move/projections/bundles"
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
	// Booked, Present and Waiting count the session's own bookings and those of the
	// bundles the session belongs to (decision 1700): at the door both come in.
	Booked  int          `json:"booked"`
	Present int          `json:"present"`
	Waiting int          `json:"waiting"`
	Bundles []doorBundle `json:"bundles"`
}

// doorBundle is a bundle the session belongs to, with its part of the session's counts:
// its participants are read (GET /v1/admin/bundles/{id}/participants) and checked in
// (POST …/sessions/{session_id}/check-in) through the bundle's own routes.
type doorBundle struct {
	BundleID string `json:"bundle_id"`
	Name     string `json:"name"`
	Booked   int    `json:"booked"`
	Present  int    `json:"present"`
	Waiting  int    `json:"waiting"`
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
	reads := []string{rmbookings.Name, rmactivities.Name, rmorg.Name, rmbundles.Name}
	door := "/v1/admin/organizations/{id}/door"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: door, Permission: kernel.PermViewActivities, Reads: reads, Handler: s.door,
			Doc: kernel.Doc{Summary: "The door: the organisation's sessions of one day (date, the application's today by default) with spots, booked, present and waiting (the session's own bookings and its bundles', each bundle named with its part)", Response: kernel.DataAnswer[doorAnswer]{}, Query: []string{"date"}}},
		{Method: http.MethodPost, Pattern: door + "/check-in", Permission: kernel.PermCheckIn, Reads: reads, Handler: s.doorCheckIn,
			Doc: kernel.Doc{Summary: "Check a participant in at the door with a QR code or a short check-in code, in whichever of the organisation's sessions of the day (date, today by default) it names — a bundle booking at its bundle's session of the day; an unknown code is a 404", Request: checkInInput{}, Response: checkInAnswer{}, Query: []string{"date"}}},
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
			x.Bundles = []doorBundle{}
			return x, err
		})
		if err != nil {
			return err
		}
		return addDoorBundles(r, tx, a.Sessions, org, day)
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

// addDoorBundles adds to each session the bundles it belongs to (a bundle holds series;
// its participants come to every session of them) with their bookings and check-ins.
func addDoorBundles(r *http.Request, tx pgx.Tx, sessions []doorSession, org, day string) error {
	if len(sessions) == 0 {
		return nil
	}
	index := make(map[string]int, len(sessions))
	for i, x := range sessions {
		index[x.SessionID] = i
	}
	rows, err := tx.Query(r.Context(), `SELECT s.id::text, b.id::text, b.name,
		count(p.*) FILTER (WHERE p.status IN ('held', 'confirmed')),
		count(p.*) FILTER (WHERE p.status IN ('held', 'confirmed') AND EXISTS (SELECT 1 FROM readmodel.bundle_attendance c
			WHERE c.application_id = b.application_id AND c.bundle_id = b.id AND c.booking_id = p.booking_id AND c.session_id = s.id)),
		count(p.*) FILTER (WHERE p.status = 'waitlisted')
		FROM readmodel.sessions s
		JOIN readmodel.bundles b ON b.application_id = s.application_id AND s.series_id = ANY (b.series_ids)
		LEFT JOIN readmodel.bundle_participants p ON p.application_id = b.application_id AND p.bundle_id = b.id
		WHERE s.application_id = $1 AND s.organization_id = $2 AND s.date = $3::date
		GROUP BY s.id, b.id ORDER BY b.name, b.id`, kernel.TenantFrom(r.Context()).ApplicationID, org, day)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var sessionID string
		var b doorBundle
		if err := rows.Scan(&sessionID, &b.BundleID, &b.Name, &b.Booked, &b.Present, &b.Waiting); err != nil {
			return err
		}
		i, ok := index[sessionID]
		if !ok { // beyond doorSessionsLimit
			continue
		}
		x := &sessions[i]
		x.Bundles = append(x.Bundles, b)
		x.Booked, x.Present, x.Waiting = x.Booked+b.Booked, x.Present+b.Present, x.Waiting+b.Waiting
	}
	return rows.Err()
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
	bundled, err := s.doorBundleCandidates(r, org, day)
	if err != nil {
		return err
	}
	if short != "" {
		c, err := s.matchShortCode(short, append(candidates, bundled...), "booking.code_unknown_day")
		if err != nil {
			return err
		}
		if c.BundleID != "" {
			return s.checkInBundleBooking(w, r, c.BundleID, c.Session, c.BookingID)
		}
		return s.checkInBooking(w, r, c.Session, c.BookingID, booking.ViaCode)
	}
	if claims.ApplicationID != kernel.TenantFrom(r.Context()).ApplicationID {
		return &domain.ConflictError{Key: "booking.qr_other_day"}
	}
	for _, c := range candidates {
		if c.BookingID == claims.BookingID && c.Session.SessionID == claims.SessionID {
			return s.checkInBooking(w, r, c.Session, c.BookingID, booking.ViaQR)
		}
	}
	// A bundle's QR code names the bundle where a session's names the session (decision 0810).
	for _, c := range bundled {
		if c.BookingID == claims.BookingID && c.BundleID == claims.SessionID {
			return s.checkInBundleBooking(w, r, c.BundleID, c.Session, c.BookingID)
		}
	}
	return &domain.ConflictError{Key: "booking.qr_other_day"}
}

// doorBundleCandidates are the bookings of the bundles with a session of the
// organisation on day, each at one session of that day: the first not yet over, else the
// day's last (a bundle seldom meets twice a day; staff tap the name for another).
func (s *Handlers) doorBundleCandidates(r *http.Request, org, day string) ([]codeCandidate, error) {
	var out []codeCandidate
	err := s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `WITH day AS (
				SELECT DISTINCT ON (b.id) b.id AS bundle_id, s.id AS session_id, s.series_id, s.activity_id
				FROM readmodel.sessions s
				JOIN readmodel.bundles b ON b.application_id = s.application_id AND s.series_id = ANY (b.series_ids)
				WHERE s.application_id = $1 AND s.organization_id = $2 AND s.date = $3::date
				ORDER BY b.id, s.ends_at <= now(), CASE WHEN s.ends_at > now() THEN s.starts_at END, s.starts_at DESC)
			SELECT p.booking_id::text, p.status, d.bundle_id::text, d.session_id::text, d.series_id::text, d.activity_id::text
			FROM day d JOIN readmodel.bundle_participants p ON p.application_id = $1 AND p.bundle_id = d.bundle_id`,
			kernel.TenantFrom(r.Context()).ApplicationID, org, day)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (codeCandidate, error) {
			var c codeCandidate
			return c, row.Scan(&c.BookingID, &c.Status, &c.BundleID, &c.Session.SessionID, &c.Session.SeriesID, &c.Session.ActivityID)
		})
		return err
	})
	return out, err
}
