package organizations

import (
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	rmactivities "move/projections/activities"
	rmbookings "move/projections/bookings"
	rmorg "move/projections/organizations"
	"move/readapi/kernel"
)

// Bounds of the organisation dashboard (decision 0811).
const (
	dashboardUpcomingDays  = 7  // the sessions of today and the next six days
	dashboardUpcomingLimit = 50 // at most this many of them, soonest first
	dashboardHistoryDays   = 30 // bookings, cancellations and no-shows of the last 30 days
	dashboardRecentLimit   = 10 // the latest bookings
)

// dashboardSession is one upcoming session with its spots taken and its waiting list.
type dashboardSession struct {
	SessionID    string `json:"session_id"`
	ActivityID   string `json:"activity_id"`
	ActivityName string `json:"activity_name"`
	StartsAt     string `json:"starts_at"`
	Spots        int    `json:"spots"`
	Taken        int    `json:"taken"`
	Waiting      int    `json:"waiting"`
}

// dashboardDay is one day of the organisation's bookings and cancellations.
type dashboardDay struct {
	Date          string `json:"date"`
	Bookings      int    `json:"bookings"`
	Cancellations int    `json:"cancellations"`
}

// dashboardBooking is one of the latest bookings.
type dashboardBooking struct {
	BookingID    string `json:"booking_id"`
	SessionID    string `json:"session_id"`
	ActivityName string `json:"activity_name"`
	StartsAt     string `json:"starts_at"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	Status       string `json:"status"`
	BookedAt     string `json:"booked_at"`
}

// dashboardAnswer is the organisation dashboard: its state (a pending organisation
// shows "not yet approved"), the week ahead, the last 30 days and the latest bookings.
type dashboardAnswer struct {
	OrganizationID string             `json:"organization_id"`
	Name           string             `json:"name"`
	State          string             `json:"state"`
	TimeZone       string             `json:"time_zone"`
	Upcoming       []dashboardSession `json:"upcoming"`
	Occupancy      struct {
		Sessions int `json:"sessions"`
		Spots    int `json:"spots"`
		Taken    int `json:"taken"`
		Waiting  int `json:"waiting"`
		Percent  int `json:"percent"` // taken of spots, rounded down
	} `json:"occupancy"`
	Days    []dashboardDay `json:"days"`
	NoShows struct {
		Present int `json:"present"`
		Absent  int `json:"absent"`
		Percent int `json:"percent"` // absent of marked, rounded down
	} `json:"no_shows"`
	Recent []dashboardBooking `json:"recent_bookings"`
}

func (s *Handlers) DashboardRoutes() []kernel.Route {
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: "/v1/admin/organizations/{id}/dashboard", Permission: kernel.PermViewActivities,
			Reads: []string{rmbookings.Name, rmactivities.Name, rmorg.Name}, Handler: s.organizationDashboard,
			Doc: kernel.Doc{Summary: "The organisation dashboard: the sessions of the next 7 days with occupancy and waiting lists, bookings and cancellations per day and no-shows of the last 30 days, the latest bookings", Response: kernel.DataAnswer[dashboardAnswer]{}}},
	}
}

func (s *Handlers) organizationDashboard(w http.ResponseWriter, r *http.Request) error {
	id, err := s.OrganizationInScope(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	o, err := s.ReadOrganization(r, id)
	if err != nil {
		return err
	}
	a := dashboardAnswer{OrganizationID: id, Name: o.Name, State: o.State, Upcoming: []dashboardSession{}, Days: []dashboardDay{},
		Recent: []dashboardBooking{}}
	app := kernel.TenantFrom(r.Context()).ApplicationID
	ctx := r.Context()
	err = s.InTenant(r, func(tx pgx.Tx) error {
		zone, loc, err := kernel.StatisticsZone(ctx, tx, app)
		if err != nil {
			return err
		}
		a.TimeZone = zone
		now := time.Now().In(loc)
		today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
		// The week ahead: sessions not yet over.
		rows, err := tx.Query(ctx, `SELECT s.id::text, s.activity_id::text, a.name, s.starts_at, s.spots,
			count(*) FILTER (WHERE p.status IN ('held', 'confirmed')), count(*) FILTER (WHERE p.status = 'waitlisted')
			FROM readmodel.sessions s JOIN readmodel.activities a ON a.id = s.activity_id
			LEFT JOIN readmodel.session_participants p ON p.session_id = s.id
			WHERE s.application_id = $1 AND s.organization_id = $2 AND s.ends_at > $3 AND s.starts_at < $4
			GROUP BY s.id, a.name ORDER BY s.starts_at, s.id`, app, id, now, today.AddDate(0, 0, dashboardUpcomingDays))
		if err != nil {
			return err
		}
		all, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (dashboardSession, error) {
			var x dashboardSession
			var starts time.Time
			err := row.Scan(&x.SessionID, &x.ActivityID, &x.ActivityName, &starts, &x.Spots, &x.Taken, &x.Waiting)
			x.StartsAt = kernel.Stamp(starts)
			return x, err
		})
		if err != nil {
			return err
		}
		for _, x := range all {
			a.Occupancy.Sessions++
			a.Occupancy.Spots += x.Spots
			a.Occupancy.Taken += x.Taken
			a.Occupancy.Waiting += x.Waiting
		}
		if a.Occupancy.Spots > 0 {
			a.Occupancy.Percent = a.Occupancy.Taken * 100 / a.Occupancy.Spots
		}
		a.Upcoming = all[:min(len(all), dashboardUpcomingLimit)]

		// Bookings (not moves) and cancellations per day of the zone, from the log's history.
		first := today.AddDate(0, 0, 1-dashboardHistoryDays)
		rows, err = tx.Query(ctx, `SELECT d::date::text,
			count(h.*) FILTER (WHERE h.event = 'booked' AND coalesce(h.detail->>'moved_from', '') = ''),
			count(h.*) FILTER (WHERE h.event = 'cancelled')
			FROM generate_series($3::timestamp, $4::timestamp, interval '1 day') d
			LEFT JOIN (SELECT h.event, h.detail, (h.at AT TIME ZONE $5)::date AS day FROM readmodel.booking_history h
				JOIN readmodel.sessions s ON s.id = h.session_id
				WHERE h.application_id = $1 AND s.organization_id = $2 AND h.at >= $6 AND h.event IN ('booked', 'cancelled')) h
				ON h.day = d::date
			GROUP BY d ORDER BY d`, app, id, first.Format(time.DateOnly), today.Format(time.DateOnly), zone, first)
		if err != nil {
			return err
		}
		a.Days, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (dashboardDay, error) {
			var d dashboardDay
			return d, row.Scan(&d.Date, &d.Bookings, &d.Cancellations)
		})
		if err != nil {
			return err
		}

		// No-shows: attendance marked at the sessions of the last 30 days.
		if err := tx.QueryRow(ctx, `SELECT count(*) FILTER (WHERE p.attendance = 'present'), count(*) FILTER (WHERE p.attendance = 'absent')
			FROM readmodel.session_participants p JOIN readmodel.sessions s ON s.id = p.session_id
			WHERE p.application_id = $1 AND p.organization_id = $2 AND s.starts_at >= $3 AND s.starts_at < $4`,
			app, id, first, now).Scan(&a.NoShows.Present, &a.NoShows.Absent); err != nil {
			return err
		}
		if marked := a.NoShows.Present + a.NoShows.Absent; marked > 0 {
			a.NoShows.Percent = a.NoShows.Absent * 100 / marked
		}

		rows, err = tx.Query(ctx, `SELECT p.booking_id::text, p.session_id::text, a.name, s.starts_at, p.first_name, p.last_name,
			p.status, p.booked_at
			FROM readmodel.session_participants p JOIN readmodel.sessions s ON s.id = p.session_id
			JOIN readmodel.activities a ON a.id = s.activity_id
			WHERE p.application_id = $1 AND p.organization_id = $2 AND p.moved_from IS NULL
			ORDER BY p.booked_at DESC, p.booking_id LIMIT $3`, app, id, dashboardRecentLimit)
		if err != nil {
			return err
		}
		a.Recent, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (dashboardBooking, error) {
			var b dashboardBooking
			var starts, booked time.Time
			err := row.Scan(&b.BookingID, &b.SessionID, &b.ActivityName, &starts, &b.FirstName, &b.LastName, &b.Status, &booked)
			b.StartsAt, b.BookedAt = kernel.Stamp(starts), kernel.Stamp(booked)
			return b, err
		})
		return err
	})
	if err != nil {
		return err
	}
	if a.Recent == nil {
		a.Recent = []dashboardBooking{}
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[dashboardAnswer]{Data: a})
	return nil
}
