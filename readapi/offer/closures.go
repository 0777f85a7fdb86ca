package offer

import (
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain"
	"move/domain/closure"
	"move/domain/order"
	rmactivities "move/projections/activities"
	rmbookings "move/projections/bookings"
	rmbundles "move/projections/bundles"
	rmclosures "move/projections/closures"
	rmlocations "move/projections/locations"
	rmorders "move/projections/orders"
	rmorg "move/projections/organizations"
	"move/readapi/kernel"
)

// closureInput is a closure as the form sends it: the days (both counted), the reason,
// and a location of the organisation to close only its sessions (null: all).
type closureInput struct {
	From       string  `json:"from"`
	Until      string  `json:"until"`
	Reason     string  `json:"reason"`
	LocationID *string `json:"location_id,omitempty"`
}

// closureSession is one session a closure would cancel, with its participants.
type closureSession struct {
	ID           string `json:"id"`
	SeriesID     string `json:"series_id"`
	ActivityName string `json:"activity_name"`
	Date         string `json:"date"`
	StartTime    string `json:"start_time"`
	EndTime      string `json:"end_time"`
	StartsAt     string `json:"starts_at"`
	Participants int    `json:"participants"`
	Waiting      int    `json:"waiting"`
	// BundleHolders hold the session through a bundle (a spot in a bundle of its series):
	// told, their bundle kept without the session, nothing refunded (decision 1770).
	BundleHolders int `json:"bundle_holders"`
}

// closureImpact is what a closure would do, counted before it is confirmed: the
// sessions it cancels (the first closureSessionsShown of them listed), the
// participants holding a spot and those waiting, whose bookings are cancelled and who
// are mailed, and the refunds — what each paid and has not been refunded, in euro
// cents and in moves (decision 1660: a closure refunds in full). BundleHolders are the
// bundle bookings with a spot in a bundle holding any of the sessions, each counted once:
// they are mailed, their bundles kept and not refunded (decision 1770).
type closureImpact struct {
	Sessions      int              `json:"sessions"`
	Participants  int              `json:"participants"`
	Waiting       int              `json:"waiting"`
	BundleHolders int              `json:"bundle_holders"`
	Refunds       closureRefunds   `json:"refunds"`
	List          []closureSession `json:"list"`
	MaxSessions   int              `json:"max_sessions"`
}

type closureRefunds struct {
	Orders     int   `json:"orders"`
	EuroCents  int64 `json:"euro_cents"`
	Moves      int64 `json:"moves"`
	OpenOrders int   `json:"open_orders"`
}

// closureSessionsShown bounds the impact's list; the counts cover every session.
const closureSessionsShown = 200

// closureRow is one closure in the organisation's list.
type closureRow struct {
	ID                string  `json:"id"`
	OrganizationID    string  `json:"organization_id"`
	LocationID        *string `json:"location_id"`
	LocationName      *string `json:"location_name"`
	From              string  `json:"from"`
	Until             string  `json:"until"`
	Reason            string  `json:"reason"`
	SessionsPlanned   int     `json:"sessions_planned"`
	SessionsClosed    int     `json:"sessions_closed"`
	SessionsSkipped   int     `json:"sessions_skipped"`
	BookingsCancelled int     `json:"bookings_cancelled"`
	// BundleHolders are the bundle bookings that held a closed session (one per session and
	// booking, as the mails), their participants told or to be told: kept, not refunded;
	// one whose bundle booking ended before being told is not counted (decisions 1770, 1820).
	BundleHolders int    `json:"bundle_holders"`
	PlannedAt     string `json:"planned_at"`
}

// closureAnswer is a confirmed closure's outcome.
type closureAnswer struct {
	Data struct {
		ID       string `json:"id"`
		Version  uint64 `json:"version"`
		Sessions int    `json:"sessions"`
		Skipped  int    `json:"skipped"`
		Bookings int    `json:"bookings"`
		// BundleBookings held a closed session through a bundle: kept, their participants mailed.
		BundleBookings int `json:"bundle_bookings"`
	} `json:"data"`
	Meta kernel.CommandMeta `json:"meta"`
}

// ClosureRoutes are an organisation's closures: the impact, the confirmation and the list.
func (s *Handlers) ClosureRoutes() []kernel.Route {
	reads := []string{rmactivities.Name, rmbookings.Name, rmorders.Name, rmlocations.Name, rmorg.Name, rmbundles.Name}
	list := "/v1/admin/organizations/{id}/closures"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: list, Permission: kernel.PermViewActivities, Reads: []string{rmclosures.Name, rmlocations.Name, rmorg.Name}, Handler: s.listClosures,
			Doc: kernel.Doc{Summary: "The organisation's closures, latest first (location_id: one location's)", Response: kernel.DataAnswer[[]closureRow]{}, Query: []string{"location_id"}}},
		{Method: http.MethodPost, Pattern: list + "/impact", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.closureImpact,
			Doc: kernel.Doc{Summary: "What closing the organisation (or one location) for the days from–until would do: the sessions cancelled, their participants and waiting lists, the refunds in full; writes nothing", Request: closureInput{}, Response: kernel.DataAnswer[closureImpact]{}}},
		{Method: http.MethodPost, Pattern: list, Permission: kernel.PermEditActivity, Reads: reads, Handler: s.createClosure,
			Doc: kernel.Doc{Summary: "Close the organisation (or one location) for the days from–until: every session not begun is cancelled, its bookings cancelled and refunded in full, its participants mailed", Request: closureInput{}, Response: closureAnswer{}, Status: http.StatusCreated}},
	}
}

// closureRange validates the input at the boundary as the command will (for the
// impact, the reason may still be empty) and checks the location is the organisation's.
func (s *Handlers) closureRange(r *http.Request, org string, in closureInput, needReason bool) (closure.Range, *time.Location, string, error) {
	zone, loc, err := s.ApplicationZone(r)
	if err != nil {
		return closure.Range{}, nil, "", err
	}
	rng := closure.Range{From: in.From, Until: in.Until, Reason: in.Reason}
	if !needReason && rng.Reason == "" {
		rng.Reason = "-"
	}
	rng, err = closure.Clean(rng, loc, time.Now())
	if err != nil {
		return rng, nil, "", err
	}
	if in.LocationID != nil && *in.LocationID != "" {
		var found bool
		err := s.InTenant(r, func(tx pgx.Tx) error {
			return tx.QueryRow(r.Context(), `SELECT EXISTS (SELECT 1 FROM readmodel.locations WHERE application_id = $1 AND organization_id::text = $2 AND id::text = $3)`,
				kernel.TenantFrom(r.Context()).ApplicationID, org, *in.LocationID).Scan(&found)
		})
		if err != nil {
			return rng, nil, "", err
		}
		if !found {
			var v domain.ValidationError
			v.Add("location_id", "closure.location", nil)
			return rng, nil, "", v.OrNil()
		}
	}
	return rng, loc, zone, nil
}

// closureSessionsWhere selects the sessions of the organisation (and location) on the
// days of the range that have not begun: $1 application, $2 organisation, $3 and $4
// the days, $5 now, $6 the location or null.
const closureSessionsWhere = ` FROM readmodel.sessions s JOIN readmodel.activities a ON a.id = s.activity_id
	WHERE s.application_id = $1 AND s.organization_id::text = $2 AND s.date BETWEEN $3::date AND $4::date AND s.starts_at > $5
	  AND ($6::text IS NULL OR a.location_id::text = $6)`

func closureArgs(r *http.Request, org string, rng closure.Range, in closureInput) []any {
	var loc *string
	if in.LocationID != nil && *in.LocationID != "" {
		loc = in.LocationID
	}
	return []any{kernel.TenantFrom(r.Context()).ApplicationID, org, rng.From, rng.Until, time.Now(), loc}
}

func (s *Handlers) closureImpact(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	var in closureInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	rng, _, _, err := s.closureRange(r, org, in, false)
	if err != nil {
		return err
	}
	args := closureArgs(r, org, rng, in)
	out := closureImpact{List: []closureSession{}, MaxSessions: closure.MaxSessions}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT s.id::text, s.series_id::text, a.name, s.date::text, to_char(s.start_time, 'HH24:MI'),
			to_char(s.end_time, 'HH24:MI'), s.starts_at,
			(SELECT count(*) FROM readmodel.session_participants p WHERE p.session_id = s.id AND p.status IN ('held', 'confirmed')),
			(SELECT count(*) FROM readmodel.session_participants p WHERE p.session_id = s.id AND p.status = 'waitlisted'),
			(SELECT count(*) FROM readmodel.bundles b JOIN readmodel.bundle_participants bp ON bp.bundle_id = b.id
			  WHERE b.application_id = s.application_id AND b.organization_id = s.organization_id AND s.series_id = ANY (b.series_ids)
			    AND bp.status IN ('held', 'confirmed'))`+
			closureSessionsWhere+` ORDER BY s.starts_at, s.id`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var x closureSession
			var starts time.Time
			if err := rows.Scan(&x.ID, &x.SeriesID, &x.ActivityName, &x.Date, &x.StartTime, &x.EndTime, &starts, &x.Participants, &x.Waiting, &x.BundleHolders); err != nil {
				return err
			}
			x.StartsAt = kernel.Stamp(starts)
			out.Sessions++
			out.Participants += x.Participants
			out.Waiting += x.Waiting
			if len(out.List) < closureSessionsShown {
				out.List = append(out.List, x)
			}
		}
		if err := rows.Err(); err != nil {
			return err
		}
		err = tx.QueryRow(r.Context(), `SELECT count(DISTINCT bp.booking_id) FROM readmodel.bundles b
			JOIN readmodel.bundle_participants bp ON bp.bundle_id = b.id AND bp.status IN ('held', 'confirmed')
			WHERE b.application_id = $1 AND b.series_ids && ARRAY(SELECT s.series_id`+closureSessionsWhere+`)`, args...).Scan(&out.BundleHolders)
		if err != nil {
			return err
		}
		return tx.QueryRow(r.Context(), `SELECT count(*) FILTER (WHERE o.paid_cents > o.refunded_cents),
			coalesce(sum(o.paid_cents - o.refunded_cents) FILTER (WHERE o.payment_type = $7 AND o.paid_cents > o.refunded_cents), 0),
			coalesce(sum(o.paid_cents - o.refunded_cents) FILTER (WHERE o.payment_type = $8 AND o.paid_cents > o.refunded_cents), 0),
			count(*) FILTER (WHERE o.paid_cents = 0 AND NOT o.canceled AND o.total_cents > 0)
			FROM readmodel.orders o JOIN readmodel.session_participants p ON p.booking_id = o.booking_id AND p.session_id = o.session_id
			WHERE o.application_id = $1 AND p.status IN ('held', 'confirmed', 'waitlisted')
			  AND o.session_id IN (SELECT s.id`+closureSessionsWhere+`)`, append(args, order.PaymentEuros, order.PaymentMoves)...).
			Scan(&out.Refunds.Orders, &out.Refunds.EuroCents, &out.Refunds.Moves, &out.Refunds.OpenOrders)
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[closureImpact]{Data: out})
	return nil
}

func (s *Handlers) createClosure(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	var in closureInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	rng, _, zone, err := s.closureRange(r, org, in, true)
	if err != nil {
		return err
	}
	req := commands.ClosureRequest{OrganizationID: org, Range: rng, Zone: zone}
	if in.LocationID != nil {
		req.LocationID = *in.LocationID
	}
	args := closureArgs(r, org, rng, in)
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT s.series_id::text, s.id::text`+closureSessionsWhere+` ORDER BY s.starts_at, s.id LIMIT $7`,
			append(args, closure.MaxSessions+1)...)
		if err != nil {
			return err
		}
		req.Candidates, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (closure.SessionRef, error) {
			var ref closure.SessionRef
			return ref, row.Scan(&ref.SeriesID, &ref.SessionID)
		})
		if err != nil {
			return err
		}
		// The bundles holding the candidates' series: candidates too, checked by the command (decision 1770).
		req.Bundles = commands.BundleIndex{}
		rows, err = tx.Query(r.Context(), `SELECT DISTINCT x.series_id::text, b.id::text FROM readmodel.bundles b
			JOIN unnest(b.series_ids) AS x(series_id) ON x.series_id IN (SELECT s.series_id`+closureSessionsWhere+`)
			WHERE b.application_id = $1 AND b.organization_id::text = $2`, args...)
		if err != nil {
			return err
		}
		var series, bundleID string
		_, err = pgx.ForEachRow(rows, []any{&series, &bundleID}, func() error {
			req.Bundles[series] = append(req.Bundles[series], bundleID)
			return nil
		})
		return err
	})
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	out, err := s.App.PlanClosure(r.Context(), m, req)
	s.CountCommand("plan_closure", err)
	if err != nil {
		return err
	}
	var answer closureAnswer
	answer.Data.ID, answer.Data.Version = out.ID, out.Version
	answer.Data.Sessions, answer.Data.Skipped, answer.Data.Bookings = out.Sessions, out.Skipped, out.Bookings
	answer.Data.BundleBookings = out.BundleBookings
	answer.Meta.Position = out.Position.String()
	w.Header().Set("X-Event-Position", answer.Meta.Position)
	kernel.WriteJSON(w, http.StatusCreated, answer)
	return nil
}

func (s *Handlers) listClosures(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	var location *string
	if l := r.URL.Query().Get("location_id"); l != "" {
		location = &l
	}
	out := []closureRow{}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT c.id::text, c.organization_id::text, c.location_id::text, l.name, c.from_date::text, c.until_date::text,
			c.reason, c.sessions_planned, c.sessions_closed, c.sessions_skipped, c.bookings_cancelled, c.bundle_holders, c.planned_at
			FROM readmodel.closures c LEFT JOIN readmodel.locations l ON l.id = c.location_id
			WHERE c.application_id = $1 AND c.organization_id::text = $2 AND ($3::text IS NULL OR c.location_id::text = $3)
			ORDER BY c.from_date DESC, c.planned_at DESC LIMIT 100`, kernel.TenantFrom(r.Context()).ApplicationID, org, location)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (closureRow, error) {
			var x closureRow
			var at time.Time
			err := row.Scan(&x.ID, &x.OrganizationID, &x.LocationID, &x.LocationName, &x.From, &x.Until, &x.Reason, &x.SessionsPlanned,
				&x.SessionsClosed, &x.SessionsSkipped, &x.BookingsCancelled, &x.BundleHolders, &at)
			x.PlannedAt = kernel.Stamp(at)
			return x, err
		})
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]closureRow]{Data: out})
	return nil
}
