package offer

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
	rmactivities "move/projections/activities"
	rmbundles "move/projections/bundles"
	"move/readapi/kernel"
)

// Permissions of bundles (spec §6 names them).
const (
	PermViewBundles = "view-bundles"
	PermViewBundle  = "view-bundle"
)

// bundleRow is a bundle as the list and the form show it, with its spots taken and
// its waiting list's length.
type bundleRow struct {
	ID             string   `json:"id"`
	ActivityID     string   `json:"activity_id"`
	OrganizationID string   `json:"organization_id"`
	Name           string   `json:"name"`
	RateID         *string  `json:"rate_id"`
	Spots          int      `json:"spots"`
	StartDate      string   `json:"start_date"`
	PriceCents     int64    `json:"price_cents"`
	SeriesIDs      []string `json:"series_ids"`
	Taken          int      `json:"taken"`
	Waiting        int      `json:"waiting"`
	Version        uint64   `json:"version"`
	CreatedAt      string   `json:"created_at"`
	UpdatedAt      string   `json:"updated_at"`
}

const bundleColumns = `b.id::text, b.activity_id::text, b.organization_id::text, b.name, b.rate_id::text, b.spots, b.start_date::text,
	b.price_cents, b.series_ids::text[], b.version, b.created_at, b.updated_at,
	(SELECT count(*) FROM readmodel.bundle_participants p WHERE p.bundle_id = b.id AND p.status IN ('held', 'confirmed')),
	(SELECT count(*) FROM readmodel.bundle_participants p WHERE p.bundle_id = b.id AND p.status = 'waitlisted')`

func scanBundle(row pgx.Row) (bundleRow, error) {
	var b bundleRow
	var version int64
	var created, updated time.Time
	err := row.Scan(&b.ID, &b.ActivityID, &b.OrganizationID, &b.Name, &b.RateID, &b.Spots, &b.StartDate, &b.PriceCents, &b.SeriesIDs,
		&version, &created, &updated, &b.Taken, &b.Waiting)
	b.Version, b.CreatedAt, b.UpdatedAt = uint64(version), kernel.Stamp(created), kernel.Stamp(updated)
	return b, err
}

type bundleInput struct {
	Name       string  `json:"name"`
	RateID     *string `json:"rate_id"`
	Spots      int     `json:"spots"`
	StartDate  string  `json:"start_date"`
	PriceCents int64   `json:"price_cents"`
	// Version is the version the user edited (update only); a stale one is a 409.
	Version *uint64 `json:"version"`
}

func (in bundleInput) fields() bundle.Fields {
	return bundle.Fields{Name: in.Name, RateID: in.RateID, Spots: in.Spots, StartDate: in.StartDate, PriceCents: in.PriceCents}
}

// bundleParticipantRow is one booking of a bundle, with the sessions it was checked in at.
type bundleParticipantRow struct {
	BookingID   string            `json:"booking_id"`
	CustomerID  *string           `json:"customer_id"`
	FirstName   string            `json:"first_name"`
	LastName    string            `json:"last_name"`
	Email       string            `json:"email"`
	DateOfBirth string            `json:"date_of_birth"`
	Gender      string            `json:"gender"`
	Notes       string            `json:"notes"`
	Answers     []booking.Answer  `json:"answers,omitempty"`
	Status      string            `json:"status"`
	ByStaff     bool              `json:"by_staff"`
	BookedAt    string            `json:"booked_at"`
	CheckedIn   map[string]string `json:"checked_in"` // session id → when
	QRCode      string            `json:"qr_code"`
	CheckInCode string            `json:"check_in_code"`
}

// bundleParticipantsAnswer is a bundle's participants: spots taken and left, the
// bookings with a spot, its waiting list in arrival order, and the ones that left.
type bundleParticipantsAnswer struct {
	BundleID    string                 `json:"bundle_id"`
	Spots       int                    `json:"spots"`
	Taken       int                    `json:"taken"`
	Left        int                    `json:"left"`
	Taking      []bundleParticipantRow `json:"participants"`
	WaitingList []bundleParticipantRow `json:"waiting_list"`
	Gone        []bundleParticipantRow `json:"cancelled"`
}

func (s *Handlers) BundleRoutes() []kernel.Route {
	reads := []string{rmbundles.Name, rmactivities.Name}
	item := "/v1/admin/bundles/{id}"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: "/v1/admin/activities/{id}/bundles", Permission: PermViewBundles, Reads: reads, Handler: s.listBundles,
			Doc: kernel.Doc{Summary: "The bundles of a bundle activity by start date, with spots taken and the waiting list's length", Response: kernel.DataAnswer[[]bundleRow]{}}},
		{Method: http.MethodPost, Pattern: "/v1/admin/activities/{id}/bundles", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.createBundle,
			Doc: kernel.Doc{Summary: "Add a bundle to a bundle activity: name, rate, spots, start date, price in cents", Request: bundleInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: item, Permission: PermViewBundle, Reads: reads, Handler: s.getBundle,
			Doc: kernel.Doc{Summary: "One bundle", Response: kernel.DataAnswer[bundleRow]{}}},
		{Method: http.MethodPut, Pattern: item, Permission: kernel.PermEditActivity, Reads: reads, Handler: s.updateBundle,
			Doc: kernel.Doc{Summary: "Change a bundle (more spots promote from its waiting list at once)", Request: bundleInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodDelete, Pattern: item, Permission: kernel.PermEditActivity, Reads: reads, Handler: s.deleteBundle,
			Doc: kernel.Doc{Summary: "Delete a bundle (its bookings stay in its log)", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
		{Method: http.MethodGet, Pattern: item + "/sessions", Permission: PermViewBundle, Reads: reads, Handler: s.listBundleSessions,
			Doc: kernel.Doc{Summary: "The bundle's sessions by start", Response: kernel.DataAnswer[[]sessionRow]{}}},
		{Method: http.MethodPost, Pattern: item + "/sessions", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.createBundleSessions,
			Doc: kernel.Doc{Summary: "Add a session or a series of sessions to the bundle (and its activity)", Request: sessionInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: item + "/participants", Permission: PermViewBundle, Reads: reads, Handler: s.listBundleParticipants,
			Doc: kernel.Doc{Summary: "A bundle's participants: spots taken and left, its waiting list in arrival order, check-ins per session, QR codes", Response: kernel.DataAnswer[bundleParticipantsAnswer]{}}},
		{Method: http.MethodPost, Pattern: item + "/participants", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.addBundleParticipant,
			Doc: kernel.Doc{Summary: "Add a participant to the bundle by hand", Request: kernel.ParticipantInput{}, Response: bookingAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: item + "/participants/{booking_id}/history", Permission: PermViewBundle, Reads: reads, Handler: s.bundleBookingHistory,
			Doc: kernel.Doc{Summary: "A bundle booking's history from the log: booked, promoted, confirmed, cancelled, told, checked in — who and when", Response: kernel.DataAnswer[[]bundleHistoryRow]{}}},
		{Method: http.MethodPost, Pattern: item + "/participants/{booking_id}/cancel", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.cancelBundleParticipant,
			Doc: kernel.Doc{Summary: "Cancel a bundle booking for the participant (its spot goes to the first of the waiting list)", Response: kernel.CommandAnswer{}}},
		{Method: http.MethodPost, Pattern: item + "/sessions/{session_id}/check-in", Permission: kernel.PermCheckIn, Reads: reads, Handler: s.checkInBundle,
			Doc: kernel.Doc{Summary: "Check a bundle participant in at one of its sessions with their QR code; refuses another bundle's or session's code and a second scan", Request: checkInInput{}, Response: checkInAnswer{}}},
		{Method: http.MethodPost, Pattern: "/v1/bundles/{id}/bookings", Permission: kernel.Customer, Handler: s.bookBundle,
			Doc: kernel.Doc{Summary: "Consumer app: book a bundle (customers only): a spot, or its waiting list when full and the activity has one", Request: kernel.ParticipantInput{}, Response: bookingAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodDelete, Pattern: "/v1/bundles/{id}/bookings/{booking_id}", Permission: kernel.Customer, Handler: s.cancelOwnBundle,
			Doc: kernel.Doc{Summary: "Consumer app: cancel one's own bundle booking", Response: kernel.CommandAnswer{}}},
	}
}

const bundleFrom = ` FROM readmodel.bundles b`

// bundleInReach reads the path's bundle and answers it when the caller holds permission
// in its organisation; another organisation's or application's bundle is not found.
func (s *Handlers) bundleInReach(r *http.Request, permission string) (bundleRow, error) {
	return offerItem(s, r, permission, "id", "bundle", `SELECT `+bundleColumns+bundleFrom+` WHERE b.application_id = $1 AND b.id = $2`,
		scanBundle, func(b bundleRow) string { return b.OrganizationID })
}

// bundleActivity is the path's activity when it is a bundle activity.
func (s *Handlers) bundleActivity(r *http.Request, permission string) (activityRow, error) {
	a, err := s.activityInScope(r, permission)
	if err == nil && a.Type != activity.TypeBundle {
		err = &domain.ConflictError{Key: "activity.not_bundle"}
	}
	return a, err
}

func (s *Handlers) listBundles(w http.ResponseWriter, r *http.Request) error {
	a, err := s.bundleActivity(r, PermViewBundles)
	if err != nil {
		return err
	}
	var items []bundleRow
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT `+bundleColumns+bundleFrom+` WHERE b.application_id = $1 AND b.activity_id = $2
			ORDER BY b.start_date, b.id`, kernel.TenantFrom(r.Context()).ApplicationID, a.ID)
		if err != nil {
			return err
		}
		items, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (bundleRow, error) { return scanBundle(row) })
		return err
	})
	if err != nil {
		return err
	}
	if items == nil {
		items = []bundleRow{}
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]bundleRow]{Data: items})
	return nil
}

func (s *Handlers) createBundle(w http.ResponseWriter, r *http.Request) error {
	a, err := s.bundleActivity(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	var in bundleInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateBundle(r.Context(), m, a.ID, in.fields())
	return s.AnswerCommand(w, "create_bundle", http.StatusCreated, res, err)
}

func (s *Handlers) getBundle(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bundleInReach(r, PermViewBundle)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[bundleRow]{Data: b})
	return nil
}

func (s *Handlers) updateBundle(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bundleInReach(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	var in bundleInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateBundle(r.Context(), m, b.ID, in.Version, in.fields())
	return s.AnswerCommand(w, "update_bundle", http.StatusOK, res, err)
}

func (s *Handlers) deleteBundle(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bundleInReach(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	expected, err := kernel.VersionQuery(r)
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.DeleteBundle(r.Context(), m, b.ID, expected)
	return s.AnswerCommand(w, "delete_bundle", http.StatusOK, res, err)
}

func (s *Handlers) listBundleSessions(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bundleInReach(r, PermViewBundle)
	if err != nil {
		return err
	}
	var items []sessionRow
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT `+sessionColumns+sessionFrom+` WHERE s.application_id = $1 AND s.series_id = ANY ($2::uuid[])
			ORDER BY s.starts_at, s.id`, kernel.TenantFrom(r.Context()).ApplicationID, b.SeriesIDs)
		if err != nil {
			return err
		}
		items, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (sessionRow, error) { return scanSession(row) })
		return err
	})
	if err != nil {
		return err
	}
	if items == nil {
		items = []sessionRow{}
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]sessionRow]{Data: items})
	return nil
}

func (s *Handlers) createBundleSessions(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bundleInReach(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	var in sessionInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	sc, err := in.schedule()
	if err != nil {
		return err
	}
	zone, _, err := s.ApplicationZone(r)
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateBundleSeries(r.Context(), m, b.ID, zone, sc)
	return s.AnswerCommand(w, "create_bundle_series", http.StatusCreated, res, err)
}

func (s *Handlers) listBundleParticipants(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bundleInReach(r, PermViewBundle)
	if err != nil {
		return err
	}
	a := bundleParticipantsAnswer{BundleID: b.ID, Spots: b.Spots, Taking: []bundleParticipantRow{}, WaitingList: []bundleParticipantRow{},
		Gone: []bundleParticipantRow{}}
	app := kernel.TenantFrom(r.Context()).ApplicationID
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT p.booking_id::text, p.customer_id::text, p.first_name, p.last_name, p.email,
			p.date_of_birth, p.gender, p.notes, p.answers, p.status, p.by_staff, p.booked_at,
			coalesce((SELECT jsonb_object_agg(c.session_id::text, c.checked_in_at) FROM readmodel.bundle_attendance c
				WHERE c.bundle_id = p.bundle_id AND c.booking_id = p.booking_id), '{}')
			FROM readmodel.bundle_participants p WHERE p.application_id = $1 AND p.bundle_id = $2 ORDER BY p.arrival`, app, b.ID)
		if err != nil {
			return err
		}
		all, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (bundleParticipantRow, error) {
			var p bundleParticipantRow
			var answers, checkedIn []byte
			var booked time.Time
			if err := row.Scan(&p.BookingID, &p.CustomerID, &p.FirstName, &p.LastName, &p.Email, &p.DateOfBirth, &p.Gender, &p.Notes,
				&answers, &p.Status, &p.ByStaff, &booked, &checkedIn); err != nil {
				return p, err
			}
			p.BookedAt = kernel.Stamp(booked)
			p.QRCode = s.qrCode(qrClaims{BookingID: p.BookingID, SessionID: b.ID, ApplicationID: app})
			p.CheckInCode = s.shortCode(p.BookingID)
			var at map[string]time.Time
			if err := json.Unmarshal(checkedIn, &at); err != nil {
				return p, err
			}
			p.CheckedIn = map[string]string{}
			for session, t := range at {
				p.CheckedIn[session] = kernel.Stamp(t)
			}
			return p, json.Unmarshal(answers, &p.Answers)
		})
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
		return err
	})
	if err != nil {
		return err
	}
	a.Taken, a.Left = len(a.Taking), max(0, b.Spots-len(a.Taking))
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[bundleParticipantsAnswer]{Data: a})
	return nil
}

// answerBundleBooking answers a booking of a bundle with its QR code (which names the
// bundle where a session's names the session, decision 0810).
func (s *Handlers) answerBundleBooking(w http.ResponseWriter, r *http.Request, res commands.Booked, bundleID string) {
	var a bookingAnswer
	a.Data.BookingID, a.Data.Status = res.BookingID, res.Status
	a.Data.QRCode = s.qrCode(qrClaims{BookingID: res.BookingID, SessionID: bundleID, ApplicationID: kernel.TenantFrom(r.Context()).ApplicationID})
	a.Data.CheckInCode = s.shortCode(res.BookingID)
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	kernel.WriteJSON(w, http.StatusCreated, a)
}

func (s *Handlers) addBundleParticipant(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bundleInReach(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	return s.bookBundleFor(w, r, b.ID, "", true)
}

// bundleHistoryRow is one step of a bundle booking's life: the event, when, and who (a
// User, else the step of the system in system); a check-in names its session in detail.
type bundleHistoryRow struct {
	Event  string          `json:"event"`
	At     string          `json:"at"`
	Actor  *kernel.UserRef `json:"actor"`
	System string          `json:"system,omitempty"`
	Detail json.RawMessage `json:"detail"`
}

func (s *Handlers) bundleBookingHistory(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bundleInReach(r, PermViewBundle)
	if err != nil {
		return err
	}
	bookingID, err := kernel.UUIDParam(r, "booking_id", "booking")
	if err != nil {
		return err
	}
	var out []bundleHistoryRow
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT h.event, h.at, h.actor_id, u.subject_id::text, `+kernel.PersonName("u")+`, h.detail
			FROM readmodel.bundle_booking_history h
			LEFT JOIN identity_personal_data u ON u.subject_id::text = h.actor_id
			WHERE h.application_id = $1 AND h.bundle_id = $2 AND h.booking_id = $3
			ORDER BY h.version`, kernel.TenantFrom(r.Context()).ApplicationID, b.ID, bookingID)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (bundleHistoryRow, error) {
			var h bundleHistoryRow
			var at time.Time
			var actor string
			var userID, name *string
			err := row.Scan(&h.Event, &at, &actor, &userID, &name, &h.Detail)
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
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]bundleHistoryRow]{Data: out})
	return nil
}

func (s *Handlers) bookBundle(w http.ResponseWriter, r *http.Request) error {
	id, err := kernel.BundlePathID(r)
	if err != nil {
		return err
	}
	return s.bookBundleFor(w, r, id, kernel.PrincipalFrom(r.Context()).UserID, false)
}

func (s *Handlers) bookBundleFor(w http.ResponseWriter, r *http.Request, bundleID, customerID string, byStaff bool) error {
	var in kernel.ParticipantInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	_, loc, err := s.ApplicationZone(r)
	if err != nil {
		return err
	}
	language := kernel.Lang(r) // the customer's, for their mails; staff's says nothing of the participant's (decision 1711)
	if byStaff {
		language = ""
	}
	res, err := s.App.BookBundle(r.Context(), m, commands.BundleBooking{BundleID: bundleID, CustomerID: customerID,
		Participant: in.Participant, Answers: in.Answers, ByStaff: byStaff, Zone: loc, Language: language})
	s.CountCommand("book_bundle", err)
	if err != nil {
		return err
	}
	s.answerBundleBooking(w, r, res, bundleID)
	return nil
}

func (s *Handlers) cancelOwnBundle(w http.ResponseWriter, r *http.Request) error {
	id, err := kernel.BundlePathID(r)
	if err != nil {
		return err
	}
	return s.cancelBundleFor(w, r, id, kernel.PrincipalFrom(r.Context()).UserID)
}

func (s *Handlers) cancelBundleParticipant(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bundleInReach(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	return s.cancelBundleFor(w, r, b.ID, "")
}

func (s *Handlers) cancelBundleFor(w http.ResponseWriter, r *http.Request, bundleID, customerID string) error {
	bookingID, err := kernel.UUIDParam(r, "booking_id", "booking")
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CancelBundleBooking(r.Context(), m, bundleID, bookingID, customerID)
	return s.AnswerCommand(w, "cancel_bundle_booking", http.StatusOK, res, err)
}

// checkInBundle marks the participant of a scanned (or typed) bundle code present at
// one session of the bundle.
func (s *Handlers) checkInBundle(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bundleInReach(r, kernel.PermCheckIn)
	if err != nil {
		return err
	}
	sessionID, err := kernel.UUIDParam(r, "session_id", "session")
	if err != nil {
		return err
	}
	var seriesID string
	err = s.InTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT series_id::text FROM readmodel.sessions WHERE application_id = $1 AND id = $2
			AND series_id = ANY ($3::uuid[])`, kernel.TenantFrom(r.Context()).ApplicationID, sessionID, b.SeriesIDs).Scan(&seriesID)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return &domain.NotFoundError{Kind: "session", ID: sessionID}
	}
	if err != nil {
		return err
	}
	claims, short, err := s.typedOrScanned(w, r)
	if err != nil {
		return err
	}
	if short != "" {
		candidates, err := s.bundleCodeCandidates(r, b.ID)
		if err != nil {
			return err
		}
		c, err := s.matchShortCode(short, candidates, "booking.code_unknown_bundle")
		if err != nil {
			return err
		}
		claims.BookingID = c.BookingID
	} else if claims.ApplicationID != kernel.TenantFrom(r.Context()).ApplicationID || claims.SessionID != b.ID {
		return &domain.ConflictError{Key: "booking.qr_other_session"}
	}
	return s.checkInBundleBooking(w, r, b.ID, commands.SessionRef{SeriesID: seriesID, SessionID: sessionID}, claims.BookingID)
}

// checkInBundleBooking checks a bundle's booking in at one of its sessions and answers
// who, when and where (the bundle's screen and the door).
func (s *Handlers) checkInBundleBooking(w http.ResponseWriter, r *http.Request, bundleID string, ref commands.SessionRef, bookingID string) error {
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CheckInBundle(r.Context(), m, bundleID, ref, bookingID)
	return s.answerCheckIn(w, r, "check_in_bundle", res, err, ref, bookingID)
}

// bundleCodeCandidates are the bookings of a bundle a typed short code may name.
func (s *Handlers) bundleCodeCandidates(r *http.Request, bundleID string) ([]codeCandidate, error) {
	var out []codeCandidate
	err := s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT booking_id::text, status FROM readmodel.bundle_participants
			WHERE application_id = $1 AND bundle_id = $2`, kernel.TenantFrom(r.Context()).ApplicationID, bundleID)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (codeCandidate, error) {
			var c codeCandidate
			return c, row.Scan(&c.BookingID, &c.Status)
		})
		return err
	})
	return out, err
}
