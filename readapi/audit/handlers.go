// Package audit is the read API's audit area (decision 1401): the log in words, an
// entity's history, state and diff, a request's footprint, the export and the seal.
package audit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/audit"
	"move/audit/sentences"
	"move/domain"
	"move/eventstore"
	rmauditlog "move/projections/auditlog"
	"move/readapi/kernel"
)

// Permissions of the audit area (decision 1401): superadmin everywhere, application
// admins in their own application; personal values are opened only for holders of the
// second.
const (
	PermViewAudit             = "view-audit"
	PermViewAuditPersonalData = "view-audit-personal-data"
)

// auditPageMax bounds a page of the log; auditExportMax an export (it is hashed before
// it is sent, so it is held in memory).
const (
	auditPageDefault = 50
	auditPageMax     = 200
	auditExportMax   = 100_000
)

func (s *Handlers) Routes() []kernel.Route {
	reads := []string{rmauditlog.Name}
	entity := "/v1/admin/audit/entities/{entity_type}/{entity_id}"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: "/v1/admin/audit/events", Permission: PermViewAudit, Reads: reads, Handler: s.auditLog,
			Doc: kernel.Doc{Summary: "The application's log, newest first, each event in words: filter by time, entity, event type, actor and correlation id; page with before=", Response: auditPage{}, Query: auditFilterQuery}},
		{Method: http.MethodGet, Pattern: entity, Permission: PermViewAudit, Reads: reads, Handler: s.auditEntityHistory,
			Doc: kernel.Doc{Summary: "An entity's whole history in stream order, and its erasure (when and by whom) if its personal data was erased", Response: kernel.DataAnswer[auditHistory]{}}},
		{Method: http.MethodGet, Pattern: entity + "/state", Permission: PermViewAudit, Reads: reads, Handler: s.auditEntityState,
			Doc: kernel.Doc{Summary: "An entity's state as of a moment (at=RFC 3339) or a log position (position=), folded from its own stream by the domain", Response: kernel.DataAnswer[auditState]{}, Query: []string{"at", "position"}}},
		{Method: http.MethodGet, Pattern: entity + "/diff", Permission: PermViewAudit, Reads: reads, Handler: s.auditEntityDiff,
			Doc: kernel.Doc{Summary: "The fields that differ between an entity's state at two moments or positions (from=, to=)", Response: kernel.DataAnswer[auditDiff]{}, Query: []string{"from", "to"}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/audit/footprints/{correlation_id}", Permission: PermViewAudit, Reads: reads, Handler: s.auditFootprint,
			Doc: kernel.Doc{Summary: "One request's footprint: every event, in every stream, that carries its correlation id, in log order", Response: kernel.DataAnswer[[]auditEvent]{}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/audit/export", Permission: PermViewAudit, Reads: reads, Handler: s.auditExport,
			Doc: kernel.Doc{Summary: "The filtered log as CSV or JSON lines (format=csv|jsonl), pinned to a log position (position=, else the newest; X-Event-Position); its SHA-256 is in X-Content-SHA256 and in the file's name",
				Query: append([]string{"format", "position"}, auditFilterQuery...)}},
		{Method: http.MethodGet, Pattern: "/v1/admin/audit/seal", Permission: PermViewAudit, Handler: s.auditSeal,
			Doc: kernel.Doc{Summary: "The log's newest seal and the last verification of the whole chain (decision 1400)", Response: kernel.DataAnswer[auditSealStatus]{}}},
	}
}

var auditFilterQuery = []string{"from", "to", "entity_type", "entity_id", "type", "actor_id", "correlation_id", "before", "limit"}

type auditActor struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// auditEvent is one event as the audit area shows it.
type auditEvent struct {
	ID             string         `json:"id"`
	Position       string         `json:"position"`
	Type           string         `json:"type"`
	Sentence       string         `json:"sentence"`
	RecordedAt     string         `json:"recorded_at"`
	EntityType     string         `json:"entity_type"`
	EntityID       string         `json:"entity_id"`
	Version        int64          `json:"version"`
	Actor          *auditActor    `json:"actor"`
	OrganizationID string         `json:"organization_id"`
	CorrelationID  string         `json:"correlation_id"`
	CausationID    string         `json:"causation_id"`
	CommandID      string         `json:"command_id"`
	Data           map[string]any `json:"data"`
}

type auditPage struct {
	Data []auditEvent `json:"data"`
	Meta struct {
		// Before is the cursor of the next (older) page; absent on the last.
		Before string `json:"before,omitempty"`
	} `json:"meta"`
}

type auditErasure struct {
	At    string      `json:"at"`
	Actor *auditActor `json:"actor"`
}

type auditHistory struct {
	EntityType string        `json:"entity_type"`
	EntityID   string        `json:"entity_id"`
	Events     []auditEvent  `json:"events"`
	Erasure    *auditErasure `json:"erasure"`
}

type auditState struct {
	EntityType string        `json:"entity_type"`
	EntityID   string        `json:"entity_id"`
	Position   string        `json:"position"`
	RecordedAt string        `json:"recorded_at"`
	Version    int64         `json:"version"`
	Fields     []audit.Field `json:"fields"`
}

type auditDiff struct {
	From    auditState     `json:"from"`
	To      auditState     `json:"to"`
	Changes []audit.Change `json:"changes"`
}

type auditSealStatus struct {
	Block        *int64    `json:"block"`
	BlockHash    string    `json:"block_hash"`
	SealedEvents int64     `json:"sealed_events"`
	SealedAt     *string   `json:"sealed_at"`
	Verification *auditRun `json:"verification"`
}

type auditRun struct {
	At      string `json:"at"`
	Clean   bool   `json:"clean"`
	Events  int64  `json:"events"`
	Finding string `json:"finding"`
}

// auditRow is one row of audit_events.
type auditRow struct {
	id, stream, entityType, entityID, typ                          string
	version                                                        int64
	position                                                       eventstore.Position
	recordedAt                                                     time.Time
	organizationID, actorID, correlationID, causationID, commandID string
	data                                                           []byte
}

const auditColumns = `event_id::text, stream, entity_type, entity_id, type, version, commit_key, position, recorded_at,
	organization_id, actor_id, correlation_id, causation_id, command_id, data::text`

func scanAuditRows(rows pgx.Rows) ([]auditRow, error) {
	return kernel.Collect(rows, func(row pgx.Row) (auditRow, error) {
		var a auditRow
		var commit, prepare int64
		var data string
		err := row.Scan(&a.id, &a.stream, &a.entityType, &a.entityID, &a.typ, &a.version, &commit, &prepare, &a.recordedAt,
			&a.organizationID, &a.actorID, &a.correlationID, &a.causationID, &a.commandID, &data)
		a.position = eventstore.Position{Commit: uint64(commit), Prepare: uint64(prepare)}
		a.data = []byte(data)
		return a, err
	})
}

// auditFilter is the WHERE of the log and its export, from the query.
func (s *Handlers) auditFilter(r *http.Request) (string, []any, error) {
	q := r.URL.Query()
	where := []string{"application_id = $1"}
	args := []any{kernel.TenantFrom(r.Context()).ApplicationID}
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, strings.ReplaceAll(cond, "?", "$"+strconv.Itoa(len(args))))
	}
	bad := &domain.ValidationError{}
	for _, name := range []string{"from", "to"} {
		v := q.Get(name)
		if v == "" {
			continue
		}
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			bad.Add(name, "validation.date_time", nil)
			continue
		}
		if name == "from" {
			add("recorded_at >= ?", t)
		} else {
			add("recorded_at < ?", t)
		}
	}
	if err := bad.OrNil(); err != nil {
		return "", nil, err
	}
	entityType, entityID := q.Get("entity_type"), q.Get("entity_id")
	switch {
	case entityType != "" && entityID != "":
		add("stream = ?", entityType+"-"+entityID)
	case entityType != "":
		add("entity_type = ?", entityType)
	case entityID != "":
		add("entity_id = ?", entityID)
	}
	if typ := q.Get("type"); typ != "" {
		add("type = ANY(?)", s.auditTypes(typ))
	}
	if v := q.Get("actor_id"); v != "" {
		add("actor_id = ?", v)
	}
	if v := q.Get("correlation_id"); v != "" {
		add("correlation_id = ?", v)
	}
	return strings.Join(where, " AND "), args, nil
}

// auditTypes answers the stored type names a filter stands for: itself, or every
// version of it ("organization.updated" → v1, v2).
func (s *Handlers) auditTypes(typ string) []string {
	out := []string{typ}
	if s.Audit == nil {
		return out
	}
	for _, name := range s.Audit.Registry.Types() {
		if strings.HasPrefix(name, typ+".v") {
			out = append(out, name)
		}
	}
	return out
}

func (s *Handlers) auditPersonalAllowed(r *http.Request) (bool, error) {
	return s.AllowedIn(r, kernel.ApplicationWide, PermViewAuditPersonalData)
}

// auditEvents turns rows into events in words: payloads decoded (personal values as
// the caller may see them), actors named from the personal-data store.
func (s *Handlers) auditEvents(r *http.Request, tx pgx.Tx, rows []auditRow) ([]auditEvent, error) {
	if s.Audit == nil {
		return nil, kernel.ErrStatus(http.StatusServiceUnavailable, "audit.unavailable")
	}
	ctx := r.Context()
	allowed, err := s.auditPersonalAllowed(r)
	if err != nil {
		return nil, err
	}
	types, data := make([]string, len(rows)), make([][]byte, len(rows))
	for i, row := range rows {
		types[i], data[i] = row.typ, row.data
	}
	decoded, err := s.Audit.Decode(ctx, types, data, allowed)
	if err != nil {
		return nil, err
	}
	actors, err := auditActorNames(ctx, s.DB, tx, rows)
	if err != nil {
		return nil, err
	}
	names, err := auditEntityNames(ctx, tx, rows)
	if err != nil {
		return nil, err
	}
	language := kernel.Lang(r)
	out := make([]auditEvent, len(rows))
	for i, row := range rows {
		d := decoded[i]
		actor := actors[row.actorID]
		name := entityName(d.Data)
		if name == "" {
			name = names[row.stream]
		}
		fact := sentences.Fact{Type: d.Event.EventType(), Payload: d.Data, Entity: name}
		if actor != nil {
			fact.Actor = actor.Name
		}
		out[i] = auditEvent{ID: row.id, Position: row.position.String(), Type: d.Event.EventType(), Sentence: sentences.Say(language, fact),
			RecordedAt: row.recordedAt.UTC().Format(time.RFC3339Nano), EntityType: row.entityType, EntityID: row.entityID, Version: row.version,
			Actor: actor, OrganizationID: row.organizationID, CorrelationID: row.correlationID, CausationID: row.causationID,
			CommandID: row.commandID, Data: d.Data}
	}
	return out, nil
}

// entityName is the name an event's payload gives its entity, if any.
func entityName(data map[string]any) string {
	// A title in two languages (a themed page's {"nl", "en"}) is named by its Dutch text.
	for _, path := range [][]string{{"name"}, {"title"}, {"title", "nl"}, {"details", "name"}, {"app_name"}} {
		var v any = data
		for _, k := range path {
			m, _ := v.(map[string]any)
			v = m[k]
		}
		if name, ok := v.(string); ok && name != "" && name != audit.Hidden && name != audit.Erased {
			return name
		}
	}
	return ""
}

// auditEntityNames answers each stream's newest name (name, title or details.name in
// its events), for the events that do not carry one (a deletion, a finance change). A
// personal name (a contact's) is still sealed in the read model and is left out.
func auditEntityNames(ctx context.Context, tx pgx.Tx, rows []auditRow) (map[string]string, error) {
	seen := map[string]bool{}
	var streams []string
	for _, row := range rows {
		if !seen[row.stream] {
			seen[row.stream] = true
			streams = append(streams, row.stream)
		}
	}
	named, err := tx.Query(ctx, `
		SELECT s.stream, n.name FROM unnest($1::text[]) s(stream)
		  CROSS JOIN LATERAL (
		      SELECT coalesce(data->>'name', CASE WHEN jsonb_typeof(data->'title') = 'object' THEN data->'title'->>'nl' ELSE data->>'title' END, data->'details'->>'name') AS name
		        FROM readmodel.audit_events e
		       WHERE e.application_id = nullif(current_setting('move.application_id', true), '')::uuid AND e.stream = s.stream
		         AND coalesce(data->>'name', CASE WHEN jsonb_typeof(data->'title') = 'object' THEN data->'title'->>'nl' ELSE data->>'title' END, data->'details'->>'name') NOT LIKE 'pd1:%'
		       ORDER BY e.commit_key DESC, e.position DESC LIMIT 1) n`, streams)
	if err != nil {
		return nil, err
	}
	defer named.Close()
	out := map[string]string{}
	for named.Next() {
		var stream string
		var name *string
		if err := named.Scan(&stream, &name); err != nil {
			return nil, err
		}
		if name != nil {
			out[stream] = *name
		}
	}
	return out, named.Err()
}

// auditActorNames names the actors of rows that are people (a process's actor is its
// own name); an erased person has no name left.
func auditActorNames(ctx context.Context, db *pgxpool.Pool, tx pgx.Tx, rows []auditRow) (map[string]*auditActor, error) {
	out := map[string]*auditActor{}
	var people []string
	for _, row := range rows {
		if row.actorID == "" || out[row.actorID] != nil {
			continue
		}
		out[row.actorID] = &auditActor{ID: row.actorID, Name: row.actorID}
		if _, err := uuid.Parse(row.actorID); err == nil {
			out[row.actorID].Name = ""
			people = append(people, row.actorID)
		}
	}
	if len(people) == 0 {
		return out, nil
	}
	if err := nameActors(ctx, tx, people, out); err != nil {
		return nil, err
	}
	// A platform user (a superadmin) acting in this application has no row in its
	// tenant: their name is read as the serving role (identity's own policy, 0061), for
	// the actors of this tenant's events only.
	var platform []string
	for _, id := range people {
		if out[id].Name == "" {
			platform = append(platform, id)
		}
	}
	if len(platform) == 0 {
		return out, nil
	}
	return out, nameActors(ctx, db, platform, out)
}

func nameActors(ctx context.Context, q kernel.Querier, people []string, out map[string]*auditActor) error {
	named, err := q.Query(ctx, `SELECT subject_id::text, `+kernel.PersonName("p")+` FROM identity_personal_data p WHERE subject_id = ANY($1::uuid[])`, people)
	if err != nil {
		return err
	}
	defer named.Close()
	for named.Next() {
		var id, name string
		if err := named.Scan(&id, &name); err != nil {
			return err
		}
		out[id].Name = name
	}
	return named.Err()
}

func (s *Handlers) auditLog(w http.ResponseWriter, r *http.Request) error {
	where, args, err := s.auditFilter(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	limit := auditPageDefault
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > auditPageMax {
			return kernel.BadQuery("limit")
		}
		limit = n
	}
	if v := q.Get("before"); v != "" {
		p, err := eventstore.ParsePosition(v)
		if err != nil || p.Commit > 1<<62 || p.Prepare > 1<<62 {
			return kernel.BadQuery("before")
		}
		args = append(args, int64(p.Commit), int64(p.Prepare))
		where += fmt.Sprintf(" AND (commit_key, position) < ($%d, $%d)", len(args)-1, len(args))
	}
	query := `SELECT ` + auditColumns + ` FROM readmodel.audit_events WHERE ` + where +
		` ORDER BY commit_key DESC, position DESC LIMIT ` + strconv.Itoa(limit)
	if q.Get("from") != "" && q.Get("to") != "" {
		// A closed time range (decision 1611): the planner would walk the log order
		// backwards and test each event's time, skipping every event after the range
		// (seconds for a day a year back). The range's own events are found by time
		// instead (their positions only), the page is the newest of them in log order,
		// and only its rows are read: the cost is the range's size.
		query = `WITH matching AS MATERIALIZED (
				SELECT commit_key, position FROM readmodel.audit_events WHERE ` + where + `),
			page AS (SELECT commit_key, position FROM matching ORDER BY commit_key DESC, position DESC LIMIT ` + strconv.Itoa(limit) + `)
			SELECT ` + auditColumns + ` FROM readmodel.audit_events JOIN page USING (commit_key, position)
			 WHERE application_id = $1 ORDER BY commit_key DESC, position DESC`
	}
	var page auditPage
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), query, args...)
		if err != nil {
			return err
		}
		found, err := scanAuditRows(rows)
		if err != nil {
			return err
		}
		if page.Data, err = s.auditEvents(r, tx, found); err != nil {
			return err
		}
		if len(found) == limit {
			page.Meta.Before = found[len(found)-1].position.String()
		}
		return nil
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, page)
	return nil
}

// auditStream reads an entity's stream in the tenant, up to a bound on its position
// (nil: all of it); another application's entity has no rows, so it is not found.
func auditStream(ctx context.Context, tx pgx.Tx, app, stream string, upTo *eventstore.Position, atOrBefore *time.Time) ([]auditRow, error) {
	where, args := `application_id = $1 AND stream = $2`, []any{app, stream}
	if upTo != nil {
		args = append(args, int64(upTo.Commit), int64(upTo.Prepare))
		where += ` AND (commit_key, position) <= ($3, $4)`
	}
	if atOrBefore != nil {
		args = append(args, *atOrBefore)
		where += fmt.Sprintf(` AND recorded_at <= $%d`, len(args))
	}
	rows, err := tx.Query(ctx, `SELECT `+auditColumns+` FROM readmodel.audit_events WHERE `+where+` ORDER BY version`, args...)
	if err != nil {
		return nil, err
	}
	return scanAuditRows(rows)
}

func auditEntity(r *http.Request) (entityType, entityID string, err error) {
	entityType, entityID = chi.URLParam(r, "entity_type"), chi.URLParam(r, "entity_id")
	if entityType == "" || entityID == "" || strings.Contains(entityType, "-") {
		return "", "", &domain.NotFoundError{Kind: "entity"}
	}
	return entityType, entityID, nil
}

func (s *Handlers) auditEntityHistory(w http.ResponseWriter, r *http.Request) error {
	entityType, entityID, err := auditEntity(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	app := kernel.TenantFrom(ctx).ApplicationID
	history := auditHistory{EntityType: entityType, EntityID: entityID}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		stream := entityType + "-" + entityID
		rows, err := auditStream(ctx, tx, app, stream, nil, nil)
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return &domain.NotFoundError{Kind: "entity"}
		}
		if history.Events, err = s.auditEvents(r, tx, rows); err != nil {
			return err
		}
		erasures, err := auditStream(ctx, tx, app, "personal_data-"+stream, nil, nil)
		if err != nil || len(erasures) == 0 {
			return err
		}
		last := erasures[len(erasures)-1]
		actors, err := auditActorNames(ctx, s.DB, tx, erasures[len(erasures)-1:])
		history.Erasure = &auditErasure{At: last.recordedAt.UTC().Format(time.RFC3339), Actor: actors[last.actorID]}
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[auditHistory]{Data: history})
	return nil
}

// auditMoment reads a moment of the query: an RFC 3339 time or a log position.
type auditMoment struct {
	at       *time.Time
	position *eventstore.Position
}

func parseMoment(v, field string) (auditMoment, error) {
	if v == "" {
		return auditMoment{}, nil
	}
	if p, err := eventstore.ParsePosition(v); err == nil && p.Commit <= 1<<62 && p.Prepare <= 1<<62 {
		return auditMoment{position: &p}, nil
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		bad := &domain.ValidationError{}
		bad.Add(field, "validation.moment", nil)
		return auditMoment{}, bad
	}
	return auditMoment{at: &t}, nil
}

// auditStateAt folds an entity's stream up to a moment by the domain's own aggregate.
func (s *Handlers) auditStateAt(r *http.Request, tx pgx.Tx, entityType, entityID string, m auditMoment) (auditState, error) {
	ctx := r.Context()
	rows, err := auditStream(ctx, tx, kernel.TenantFrom(ctx).ApplicationID, entityType+"-"+entityID, m.position, m.at)
	if err != nil {
		return auditState{}, err
	}
	if len(rows) == 0 {
		return auditState{}, &domain.NotFoundError{Kind: "entity"}
	}
	if s.Audit == nil {
		return auditState{}, kernel.ErrStatus(http.StatusServiceUnavailable, "audit.unavailable")
	}
	allowed, err := s.auditPersonalAllowed(r)
	if err != nil {
		return auditState{}, err
	}
	types, data := make([]string, len(rows)), make([][]byte, len(rows))
	for i, row := range rows {
		types[i], data[i] = row.typ, row.data
	}
	decoded, err := s.Audit.Decode(ctx, types, data, allowed)
	if err != nil {
		return auditState{}, err
	}
	events := make([]domain.Event, len(decoded))
	for i, d := range decoded {
		events[i] = d.Event
	}
	state, ok := audit.Fold(entityType, entityID, events)
	if !ok {
		return auditState{}, &domain.NotFoundError{Kind: "entity"}
	}
	last := rows[len(rows)-1]
	return auditState{EntityType: entityType, EntityID: entityID, Position: last.position.String(),
		RecordedAt: last.recordedAt.UTC().Format(time.RFC3339Nano), Version: last.version, Fields: audit.Fields(state)}, nil
}

func (s *Handlers) auditEntityState(w http.ResponseWriter, r *http.Request) error {
	entityType, entityID, err := auditEntity(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	if q.Get("at") != "" && q.Get("position") != "" {
		return kernel.BadQuery("at")
	}
	m, err := parseMoment(q.Get("at")+q.Get("position"), "at")
	if err != nil {
		return err
	}
	var state auditState
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		state, err = s.auditStateAt(r, tx, entityType, entityID, m)
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[auditState]{Data: state})
	return nil
}

func (s *Handlers) auditEntityDiff(w http.ResponseWriter, r *http.Request) error {
	entityType, entityID, err := auditEntity(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	from, fromErr := parseMoment(q.Get("from"), "from")
	to, toErr := parseMoment(q.Get("to"), "to")
	if err := errors.Join(fromErr, toErr); err != nil {
		bad := &domain.ValidationError{}
		if fromErr != nil {
			bad.Add("from", "validation.moment", nil)
		}
		if toErr != nil {
			bad.Add("to", "validation.moment", nil)
		}
		return bad
	}
	if q.Get("from") == "" {
		bad := &domain.ValidationError{}
		bad.Add("from", "validation.required", nil)
		return bad
	}
	var diff auditDiff
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		if diff.To, err = s.auditStateAt(r, tx, entityType, entityID, to); err != nil {
			return err
		}
		diff.From, err = s.auditStateAt(r, tx, entityType, entityID, from)
		var notFound *domain.NotFoundError
		if errors.As(err, &notFound) {
			// Before the entity existed: every field is new.
			diff.From, err = auditState{EntityType: entityType, EntityID: entityID, Fields: []audit.Field{}}, nil
		}
		return err
	})
	if err != nil {
		return err
	}
	diff.Changes = audit.Diff(diff.From.Fields, diff.To.Fields)
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[auditDiff]{Data: diff})
	return nil
}

func (s *Handlers) auditFootprint(w http.ResponseWriter, r *http.Request) error {
	correlation := chi.URLParam(r, "correlation_id")
	ctx := r.Context()
	var out []auditEvent
	err := s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+auditColumns+` FROM readmodel.audit_events
			WHERE application_id = $1 AND correlation_id = $2 ORDER BY commit_key, position LIMIT 10000`,
			kernel.TenantFrom(ctx).ApplicationID, correlation)
		if err != nil {
			return err
		}
		found, err := scanAuditRows(rows)
		if err != nil {
			return err
		}
		if len(found) == 0 {
			return &domain.NotFoundError{Kind: "request"}
		}
		out, err = s.auditEvents(r, tx, found)
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]auditEvent]{Data: out})
	return nil
}

// auditExport writes the filtered log, oldest first, up to a log position, as CSV or
// JSON lines; the same request with the same position gives the same bytes, so its
// SHA-256 (header and file name) lets an auditor show the file is the one answered.
func (s *Handlers) auditExport(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	format := q.Get("format")
	if format != "csv" && format != "jsonl" {
		return kernel.BadQuery("format")
	}
	where, args, err := s.auditFilter(r)
	if err != nil {
		return err
	}
	var pinned *eventstore.Position
	if v := q.Get("position"); v != "" {
		p, err := eventstore.ParsePosition(v)
		if err != nil || p.Commit > 1<<62 || p.Prepare > 1<<62 {
			return kernel.BadQuery("position")
		}
		pinned = &p
	}
	ctx := r.Context()
	var events []auditEvent
	var position eventstore.Position
	err = s.InTenant(r, func(tx pgx.Tx) error {
		if pinned != nil {
			position = *pinned
		} else {
			var commit, prepare int64
			if err := tx.QueryRow(ctx, `SELECT coalesce(max(commit_key), 0), coalesce(max(position) FILTER (WHERE commit_key = (SELECT max(commit_key) FROM readmodel.audit_events WHERE application_id = $1)), 0)
				FROM readmodel.audit_events WHERE application_id = $1`, args[0]).Scan(&commit, &prepare); err != nil {
				return err
			}
			position = eventstore.Position{Commit: uint64(commit), Prepare: uint64(prepare)}
		}
		args = append(args, int64(position.Commit), int64(position.Prepare))
		rows, err := tx.Query(ctx, `SELECT `+auditColumns+` FROM readmodel.audit_events WHERE `+where+
			fmt.Sprintf(` AND (commit_key, position) <= ($%d, $%d) ORDER BY commit_key, position LIMIT %d`, len(args)-1, len(args), auditExportMax+1), args...)
		if err != nil {
			return err
		}
		found, err := scanAuditRows(rows)
		if err != nil {
			return err
		}
		if len(found) > auditExportMax {
			return &kernel.APIError{Status: http.StatusUnprocessableEntity, Key: "error.export_too_large", Params: map[string]any{"max": auditExportMax}}
		}
		events, err = s.auditEvents(r, tx, found)
		return err
	})
	if err != nil {
		return err
	}
	var file bytes.Buffer
	if format == "csv" {
		err = auditCSV(&file, events)
	} else {
		err = auditJSONLines(&file, events)
	}
	if err != nil {
		return err
	}
	sum := sha256.Sum256(file.Bytes())
	digest := hex.EncodeToString(sum[:])
	contentType := "text/csv; charset=utf-8"
	if format == "jsonl" {
		contentType = "application/x-ndjson"
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="audit-%s-%s.%s"`, position, digest, format))
	w.Header().Set("X-Content-SHA256", digest)
	w.Header().Set("X-Event-Position", position.String())
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(file.Bytes())
	return nil
}

func auditCSV(out *bytes.Buffer, events []auditEvent) error {
	c := csv.NewWriter(out)
	if err := c.Write([]string{"position", "recorded_at", "type", "entity_type", "entity_id", "version", "actor_id", "actor",
		"correlation_id", "sentence", "data"}); err != nil {
		return err
	}
	for _, e := range events {
		data, err := json.Marshal(e.Data)
		if err != nil {
			return err
		}
		actorID, actor := "", ""
		if e.Actor != nil {
			actorID, actor = e.Actor.ID, e.Actor.Name
		}
		row := []string{e.Position, e.RecordedAt, e.Type, e.EntityType, e.EntityID, strconv.FormatInt(e.Version, 10), actorID, actor,
			e.CorrelationID, e.Sentence, string(data)}
		for i := range row {
			row[i] = kernel.Neutralize(row[i])
		}
		if err := c.Write(row); err != nil {
			return err
		}
	}
	c.Flush()
	return c.Error()
}

func auditJSONLines(out *bytes.Buffer, events []auditEvent) error {
	enc := json.NewEncoder(out)
	for _, e := range events {
		if err := enc.Encode(e); err != nil {
			return err
		}
	}
	return nil
}

// auditSeal answers the newest seal and the last verification: platform tables the
// serving role reads (no tenant's data: block numbers and hashes).
func (s *Handlers) auditSeal(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var st auditSealStatus
	var hash []byte
	var sealedAt *time.Time
	err := s.DB.QueryRow(ctx, `SELECT block, block_hash, first_index + cardinality(event_ids), sealed_at FROM audit_seals ORDER BY block DESC LIMIT 1`).
		Scan(&st.Block, &hash, &st.SealedEvents, &sealedAt)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	st.BlockHash = hex.EncodeToString(hash)
	st.SealedAt = kernel.StampOrNil(sealedAt)
	var run auditRun
	var at time.Time
	err = s.DB.QueryRow(ctx, `SELECT verified_at, finding = '', events, finding FROM audit_verifications ORDER BY id DESC LIMIT 1`).
		Scan(&at, &run.Clean, &run.Events, &run.Finding)
	if err == nil {
		run.At = kernel.Stamp(at)
		st.Verification = &run
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[auditSealStatus]{Data: st})
	return nil
}

// Handlers serve the routes of the audit area. They share the kernel's Core; the route
// table (readapi/routes.go) lists their routes.
type Handlers struct{ *kernel.Core }

// New makes the context's handlers on the shared core.
func New(core *kernel.Core) *Handlers { return &Handlers{Core: core} }
