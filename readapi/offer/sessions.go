package offer

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"move/domain"
	"move/domain/booking"
	"move/domain/series"
	rmactivities "move/projections/activities"
	rmbookings "move/projections/bookings"
	rmorg "move/projections/organizations"
	"move/readapi/kernel"
)

// sessionRow is one session as the agenda, the overview and the export show it.
type sessionRow struct {
	ID               string  `json:"id"`
	SeriesID         string  `json:"series_id"`
	ActivityID       string  `json:"activity_id"`
	ActivityName     string  `json:"activity_name"`
	OrganizationID   string  `json:"organization_id"`
	OrganizationName string  `json:"organization_name"`
	Occurrence       string  `json:"occurrence"`
	Date             string  `json:"date"`
	StartTime        string  `json:"start_time"`
	EndTime          string  `json:"end_time"`
	StartsAt         string  `json:"starts_at"`
	EndsAt           string  `json:"ends_at"`
	Spots            int     `json:"spots"`
	SubscribeFrom    *string `json:"subscribe_from"`
	SubscribeUntil   *string `json:"subscribe_until"`
	Repeats          bool    `json:"repeats"`
	IsException      bool    `json:"is_exception"`
}

const sessionColumns = `s.id::text, s.series_id::text, s.activity_id::text, a.name, s.organization_id::text, coalesce(o.name, ''),
	s.occurrence::text, s.date::text, to_char(s.start_time, 'HH24:MI'), to_char(s.end_time, 'HH24:MI'), s.starts_at, s.ends_at,
	s.spots, s.subscribe_from, s.subscribe_until, s.repeats, s.is_exception`

const sessionFrom = ` FROM readmodel.sessions s JOIN readmodel.activities a ON a.id = s.activity_id
	LEFT JOIN readmodel.organizations o ON o.id = s.organization_id`

// clock is a time of day as to_char(…, 'HH24:MI') writes it ("07:30", "24:00").
func clock(t pgtype.Time) string {
	if !t.Valid {
		return ""
	}
	h, m := t.Microseconds/3_600_000_000, t.Microseconds/60_000_000%60
	return string([]byte{byte('0' + h/10), byte('0' + h%10), ':', byte('0' + m/10), byte('0' + m%10)})
}

func scanSession(row pgx.Row) (sessionRow, error) {
	var x sessionRow
	var starts, ends time.Time
	var from, until *time.Time
	err := row.Scan(&x.ID, &x.SeriesID, &x.ActivityID, &x.ActivityName, &x.OrganizationID, &x.OrganizationName, &x.Occurrence,
		&x.Date, &x.StartTime, &x.EndTime, &starts, &ends, &x.Spots, &from, &until, &x.Repeats, &x.IsException)
	x.StartsAt, x.EndsAt, x.SubscribeFrom, x.SubscribeUntil = kernel.Stamp(starts), kernel.Stamp(ends), kernel.StampOrNil(from), kernel.StampOrNil(until)
	return x, err
}

// sessionDetail is one session with the rule of its series, for the series editor.
type sessionDetail struct {
	sessionRow
	TimeZone       string             `json:"time_zone"`
	Repetition     *series.Repetition `json:"repetition"`
	SeriesVersion  uint64             `json:"series_version"`
	SubscribeRules struct {
		From  series.Bound `json:"from"`
		Until series.Bound `json:"until"`
	} `json:"subscribe_rules"`
}

// sessionInput is a session or a series as the form sends it. subscribe_from and
// subscribe_until are an instant, minutes before the start, or null/'null' (none).
type sessionInput struct {
	Date           string             `json:"date"`
	StartTime      string             `json:"start_time"`
	EndTime        string             `json:"end_time"`
	Spots          int                `json:"spots"`
	SubscribeFrom  json.RawMessage    `json:"subscribe_from,omitempty"`
	SubscribeUntil json.RawMessage    `json:"subscribe_until,omitempty"`
	Repetition     *series.Repetition `json:"repetition"`
	// RepetitionOccurrence, on a change: "this" (only this session) or "following"
	// (this and all later ones).
	RepetitionOccurrence string `json:"repetitionOccurrence,omitempty"`
}

func (in sessionInput) schedule() (series.Schedule, error) {
	from, okFrom := series.ParseBound(in.SubscribeFrom)
	until, okUntil := series.ParseBound(in.SubscribeUntil)
	var v domain.ValidationError
	if !okFrom {
		v.Add("subscribe_from", "session.subscribe_bound", nil)
	}
	if !okUntil {
		v.Add("subscribe_until", "session.subscribe_bound", nil)
	}
	return series.Schedule{Session: series.Session{Date: in.Date, StartTime: in.StartTime, EndTime: in.EndTime, Spots: in.Spots,
		SubscribeFrom: from, SubscribeUntil: until}, Repetition: in.Repetition}, v.OrNil()
}

type previewDate struct {
	Date     string `json:"date"`
	StartsAt string `json:"starts_at"`
	EndsAt   string `json:"ends_at"`
}

type previewAnswer struct {
	TimeZone string        `json:"time_zone"`
	Count    int           `json:"count"`
	Dates    []previewDate `json:"dates"`
}

// sessionsTotalCap bounds the count of the sessions lists: beyond it the total says
// "at least" (exact counts of a million rows cost more than the page, decision 0702).
const sessionsTotalCap = 10_000

func (s *Handlers) SessionRoutes() []kernel.Route {
	// Rows show their organisation's name: wait for both read models.
	reads := []string{rmactivities.Name, rmorg.Name}
	withParticipants := append([]string{rmbookings.Name}, reads...)
	item := "/v1/admin/sessions/{id}"
	period := []string{"from", "to", "after", "itemsPerPage"}
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: "/v1/admin/activities/{id}/sessions", Permission: kernel.PermViewActivities, Reads: reads, Handler: s.listActivitySessions,
			Doc: kernel.Doc{Summary: "Sessions of an activity by start (from, to: dates in the application's time zone; keyset paging with after)", Response: kernel.ListAnswer[sessionRow]{}, Query: period}},
		{Method: http.MethodPost, Pattern: "/v1/admin/activities/{id}/sessions", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.createSessions,
			Doc: kernel.Doc{Summary: "Create a session, or a series with a repetition (weeks, months, years)", Request: sessionInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodPost, Pattern: "/v1/admin/activities/{id}/sessions/preview", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.previewSessions,
			Doc: kernel.Doc{Summary: "The dates a session or series would make, in the application's time zone; writes nothing", Request: sessionInput{}, Response: kernel.DataAnswer[previewAnswer]{}}},
		{Method: http.MethodGet, Pattern: item, Permission: kernel.PermViewActivities, Reads: reads, Handler: s.getSession,
			Doc: kernel.Doc{Summary: "One session with its series' rule", Response: kernel.DataAnswer[sessionDetail]{}}},
		{Method: http.MethodPut, Pattern: item, Permission: kernel.PermEditActivity, Reads: reads, Handler: s.updateSession,
			Doc: kernel.Doc{Summary: "Change a future session: repetitionOccurrence this (only this one) or following (this and all later: a new series from here)", Request: sessionInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodPost, Pattern: item + "/impact", Permission: kernel.PermEditActivity, Reads: withParticipants, Handler: s.sessionImpact,
			Doc: kernel.Doc{Summary: "What changing this and all later sessions would do (changed, moved, removed, added) and the participants those sessions hold; writes nothing", Request: sessionInput{}, Response: kernel.DataAnswer[seriesImpact]{}}},
		{Method: http.MethodGet, Pattern: item + "/delete-impact", Permission: kernel.PermEditActivity, Reads: withParticipants, Handler: s.sessionDeleteImpact,
			Doc: kernel.Doc{Summary: "What deleting this session (repetitionOccurrence=this) or it and all later ones (following) would remove, and the participants those sessions hold; writes nothing", Response: kernel.DataAnswer[deleteImpact]{}, Query: []string{"repetitionOccurrence"}}},
		{Method: http.MethodDelete, Pattern: item, Permission: kernel.PermEditActivity, Reads: reads, Handler: s.deleteSession,
			Doc: kernel.Doc{Summary: "Delete a future session (repetitionOccurrence=this) or it and all later ones (following); participants are not touched", Response: kernel.CommandAnswer{}, Query: []string{"repetitionOccurrence"}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/applications/sessions", Permission: kernel.PermViewActivities, Reads: reads, Handler: s.listApplicationSessions,
			Doc: kernel.Doc{Summary: "Sessions of the application by start (organisation staff: their own organisations'; filters organization_id, activity_id, from, to; keyset paging with after)", Response: kernel.ListAnswer[sessionRow]{}, Query: append([]string{"organization_id", "activity_id"}, period...)}},
		{Method: http.MethodGet, Pattern: "/v1/admin/applications/sessions/export", Permission: kernel.PermViewActivities, Reads: reads, Handler: s.exportSessions,
			Doc: kernel.Doc{Summary: "sessions.xlsx (same filters as the overview), streamed", Query: []string{"organization_id", "activity_id", "from", "to"}}},
	}
}

// sessionFilter is the WHERE of the sessions lists: tenant, organisation, activity and
// the period (from, to: dates in the application's zone, both days included).
func (s *Handlers) sessionFilter(r *http.Request, activityID string, organizations []string) (string, []any, error) {
	q := r.URL.Query()
	where := `s.application_id = $1`
	args := []any{kernel.TenantFrom(r.Context()).ApplicationID}
	add := func(clause string, v any) {
		args = append(args, v)
		where += fmt.Sprintf(" AND "+clause, len(args))
	}
	if activityID != "" {
		add(`s.activity_id = $%d`, activityID)
	}
	if organizations != nil {
		add(`s.organization_id = ANY ($%d::uuid[])`, organizations)
	}
	for _, param := range []string{"organization_id", "activity_id"} {
		if v := q.Get(param); v != "" {
			id, err := uuid.Parse(v)
			if err != nil {
				return "", nil, kernel.BadQuery(param)
			}
			add(`s.`+param+` = $%d`, id.String())
		}
	}
	if q.Get("from") != "" || q.Get("to") != "" {
		_, loc, err := s.ApplicationZone(r)
		if err != nil {
			return "", nil, err
		}
		for _, bound := range []struct {
			param, clause string
			days          int
		}{{"from", `s.starts_at >= $%d`, 0}, {"to", `s.starts_at < $%d`, 1}} {
			v := q.Get(bound.param)
			if v == "" {
				continue
			}
			d, err := time.ParseInLocation(time.DateOnly, v, loc)
			if err != nil {
				return "", nil, kernel.BadQuery(bound.param)
			}
			add(bound.clause, time.Date(d.Year(), d.Month(), d.Day()+bound.days, 0, 0, 0, 0, loc))
		}
	}
	return where, args, nil
}

// listSessions answers one page by start: keyset paging (after=) keeps every page an
// index range however deep; the total counts up to sessionsTotalCap + 1.
func (s *Handlers) listSessions(w http.ResponseWriter, r *http.Request, activityID string, organizations []string) error {
	q, err := kernel.ParseListQuery(r, map[string]string{"starts_at": "s.starts_at"}, "starts_at")
	if err != nil {
		return err
	}
	after, err := kernel.DecodeCursor(r, q)
	if err != nil {
		return err
	}
	where, args, err := s.sessionFilter(r, activityID, organizations)
	if err != nil {
		return err
	}
	var answer kernel.ListAnswer[sessionRow]
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		answer, err = kernel.ListPage(r.Context(), tx, q, after, kernel.KeysetList{
			Select: `SELECT ` + sessionColumns + sessionFrom, Where: where, Args: args,
			Order:  "s.starts_at " + q.Direction() + ", s.id " + q.Direction(),
			Column: "s.starts_at", ID: "s.id", Type: "timestamptz",
			Key: `SELECT s.starts_at::text FROM readmodel.sessions s WHERE s.id = $1`,
			// Ordered as the page is, so the count reads the filter's own (…, starts_at, id)
			// index alone (an index-only scan) instead of the table's rows (decision 0541).
			Count: fmt.Sprintf(`SELECT count(*) FROM (SELECT 1 FROM readmodel.sessions s WHERE %s ORDER BY s.starts_at, s.id LIMIT %d) c`,
				where, sessionsTotalCap+1),
		}, scanSession, func(x sessionRow) string { return x.ID })
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, answer)
	return nil
}

func (s *Handlers) listActivitySessions(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	return s.listSessions(w, r, a.ID, nil)
}

func (s *Handlers) listApplicationSessions(w http.ResponseWriter, r *http.Request) error {
	organizations, err := s.OrganizationsInView(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	return s.listSessions(w, r, "", organizations)
}

func (s *Handlers) createSessions(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, kernel.PermEditActivity)
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
	res, err := s.App.CreateSeries(r.Context(), m, a.ID, zone, sc)
	return s.AnswerCommand(w, "create_session_series", http.StatusCreated, res, err)
}

func (s *Handlers) previewSessions(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.activityInScope(r, kernel.PermEditActivity); err != nil {
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
	zone, loc, err := s.ApplicationZone(r)
	if err != nil {
		return err
	}
	if sc, err = series.CleanSchedule(sc, loc, time.Now()); err != nil {
		return err
	}
	out := previewAnswer{TimeZone: zone, Dates: []previewDate{}}
	for _, d := range series.RuleDates(sc) {
		session := sc.Session
		session.Date = d
		start, end := series.Instants(session, loc)
		out.Dates = append(out.Dates, previewDate{Date: d, StartsAt: kernel.Stamp(start), EndsAt: kernel.Stamp(end)})
	}
	out.Count = len(out.Dates)
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[previewAnswer]{Data: out})
	return nil
}

func (s *Handlers) getSession(w http.ResponseWriter, r *http.Request) error {
	d, err := s.sessionInScope(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[sessionDetail]{Data: d})
	return nil
}

// repetitionOccurrence reads the choice of a change to a repeated session.
func repetitionOccurrence(v string) (following bool, err error) {
	switch v {
	case "", "this":
		return false, nil
	case "following":
		return true, nil
	}
	return false, &kernel.APIError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
		Fields: map[string]domain.FieldError{"repetitionOccurrence": {Field: "repetitionOccurrence", Key: "session.repetition_occurrence"}}}
}

func (s *Handlers) updateSession(w http.ResponseWriter, r *http.Request) error {
	d, err := s.sessionInScope(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	var in sessionInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	following, err := repetitionOccurrence(in.RepetitionOccurrence)
	if err != nil {
		return err
	}
	sc, err := in.schedule()
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	if following {
		res, err := s.App.ChangeFollowingSessions(r.Context(), m, d.SeriesID, d.ID, sc)
		return s.AnswerCommand(w, "change_following_sessions", http.StatusOK, res, err)
	}
	res, err := s.App.ChangeSession(r.Context(), m, d.SeriesID, d.ID, sc.Session)
	return s.AnswerCommand(w, "change_session", http.StatusOK, res, err)
}

func (s *Handlers) sessionImpact(w http.ResponseWriter, r *http.Request) error {
	d, err := s.sessionInScope(r, kernel.PermEditActivity)
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
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	impact, err := s.App.PreviewFollowingSessions(r.Context(), m, d.SeriesID, d.ID, sc)
	if err != nil {
		return err
	}
	out := seriesImpact{Impact: impact}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		for _, group := range []struct {
			ids  []string
			into *int
		}{{impact.Sessions.Changed, &out.Participants.Changed}, {impact.Sessions.Moved, &out.Participants.Moved},
			{impact.Sessions.Removed, &out.Participants.Removed}, {impact.Sessions.Unchanged, &out.Participants.Unchanged}} {
			booked, waiting, err := participantsIn(r, tx, group.ids)
			if err != nil {
				return err
			}
			*group.into = booked
			out.Participants.Waiting += waiting
		}
		return nil
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[seriesImpact]{Data: out})
	return nil
}

// seriesImpact is what "this and all later" would do, with the participants of the
// sessions it touches. Every later session of the series is replaced by one of the new
// series (decision 0700), so the participants of unchanged sessions count too.
type seriesImpact struct {
	series.Impact
	Participants participantImpact `json:"participants"`
}

// participantImpact counts booked participants (held or confirmed) of the sessions in
// each group, and those on their waiting lists.
type participantImpact struct {
	Changed   int `json:"changed"`
	Moved     int `json:"moved"`
	Removed   int `json:"removed"`
	Unchanged int `json:"unchanged"`
	Waiting   int `json:"waiting"`
}

// deleteImpact is what deleting a session (or it and all later ones) would remove.
// Deleting leaves the participants' bookings as they are (spec §4): the confirmation
// Names them.
type deleteImpact struct {
	Removed      int `json:"removed"`
	Participants int `json:"participants"`
	Waiting      int `json:"waiting"`
}

// participantsIn counts the bookings of the sessions ids (of the request's tenant)
// that hold a place (held or confirmed) and those that wait for one.
func participantsIn(r *http.Request, tx pgx.Tx, ids []string) (booked, waiting int, err error) {
	if len(ids) == 0 {
		return 0, 0, nil
	}
	err = tx.QueryRow(r.Context(), `SELECT count(*) FILTER (WHERE status IN ($3, $4)), count(*) FILTER (WHERE status = $5)
		FROM readmodel.session_participants WHERE application_id = $1 AND session_id = ANY ($2::uuid[])`, kernel.TenantFrom(r.Context()).ApplicationID, ids, booking.StatusHeld, booking.StatusConfirmed, booking.StatusWaitlisted).Scan(&booked, &waiting)
	return booked, waiting, err
}

func (s *Handlers) sessionDeleteImpact(w http.ResponseWriter, r *http.Request) error {
	d, err := s.sessionInScope(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	following, err := repetitionOccurrence(r.URL.Query().Get("repetitionOccurrence"))
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	ids, err := s.App.PreviewDeleteSessions(r.Context(), m, d.SeriesID, d.ID, following)
	if err != nil {
		return err
	}
	out := deleteImpact{Removed: len(ids)}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		out.Participants, out.Waiting, err = participantsIn(r, tx, ids)
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[deleteImpact]{Data: out})
	return nil
}

func (s *Handlers) deleteSession(w http.ResponseWriter, r *http.Request) error {
	d, err := s.sessionInScope(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	following, err := repetitionOccurrence(r.URL.Query().Get("repetitionOccurrence"))
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.DeleteSession(r.Context(), m, d.SeriesID, d.ID, following)
	return s.AnswerCommand(w, "delete_session", http.StatusOK, res, err)
}

// exportSessions streams sessions.xlsx: rows go from the cursor to the sheet's stream
// writer one by one, so memory stays flat however many sessions there are. Headers and
// values are in the user's language, times in the application's zone (exportWords).
// The query reads only the export's columns, in Postgres's binary form: the overview's
// columns as text and the instants' round trip through RFC 3339 were a third of the
// export's time (decision 1740); the cells are the same.
func (s *Handlers) exportSessions(w http.ResponseWriter, r *http.Request) error {
	organizations, err := s.OrganizationsInView(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	where, args, err := s.sessionFilter(r, "", organizations)
	if err != nil {
		return err
	}
	_, loc, err := s.ApplicationZone(r)
	if err != nil {
		return err
	}
	words := exportWords{language: kernel.Lang(r), zone: loc}
	sh, err := kernel.NewSheet("Sessions", words.headers("sessions", []string{"date", "start", "end", "activity", "organization", "spots",
		"subscribe_from", "subscribe_until", "repeats", "id"}))
	if err != nil {
		return err
	}
	defer sh.Close()
	yes, no := words.yesNo(true), words.yesNo(false)
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT s.date::text, s.start_time, s.end_time, a.name, coalesce(o.name, ''), s.spots,
			s.subscribe_from, s.subscribe_until, s.repeats, s.id`+sessionFrom+` WHERE `+where+` ORDER BY s.starts_at, s.id`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		var (
			date, activity, organization, id string
			start, end                       pgtype.Time
			spots                            int
			from, until                      *time.Time
			repeats                          bool
		)
		cells := make([]any, 10)
		for rows.Next() {
			if err := rows.Scan(&date, &start, &end, &activity, &organization, &spots, &from, &until, &repeats, &id); err != nil {
				return err
			}
			repeatsWord := no
			if repeats {
				repeatsWord = yes
			}
			cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6], cells[7], cells[8], cells[9] = date, clock(start), clock(end),
				kernel.Neutralize(activity), kernel.Neutralize(organization), spots, words.localTime(from), words.localTime(until), repeatsWord, id
			if err := sh.Add(cells); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	return sh.Answer(w, r, "sessions.xlsx")
}
