// Package auditlog is the auditors' copy of the log (decision 1401): every event of an
// application, as stored (personal fields still sealed), with the envelope's fields in
// columns the audit area filters on. Tenant-owned with forced row-level security like
// every tenant read, so the read API browses the log without reading the event store.
// Events without an application (the platform's catalogue, users' own sign-ins) are
// not in it: `move events` shows them.
package auditlog

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/projections"
)

// Name is the projector's permanent name; Events its table.
const (
	Name   = "audit_log"
	Events = "audit_events"
)

// Projector copies every event of the given types (the registry's: all of them).
func Projector(eventTypes []string) projections.Projector { return projector{types: eventTypes} }

type projector struct{ types []string }

func (projector) Name() string           { return Name }
func (projector) Version() int           { return 2 }
func (projector) Tables() []string       { return []string{Events} }
func (p projector) EventTypes() []string { return p.types }

// Linger: the log is browsed after the fact, and under a stream of bookings its
// deliveries (a row and six index entries an event) were the read side's largest cost
// per booking (decision 1940).
func (projector) Linger() time.Duration { return 20 * time.Millisecond }

var _ projections.Lingering = projector{}

// ReadsNoPersonalValues: the log keeps each event's data as stored, sealed
// (projections.SealedReader).
func (projector) ReadsNoPersonalValues() {}

// Schema. Every filter of the audit log is an index led by the application and ending
// in the log order, so a filtered page is an index range however long the log. The
// primary key is the log order itself, which holds each event once: a key on the
// random event id (version 1) cost every insert a leaf page anywhere in its index, and
// nothing reads by it (decision 1920).
func (projector) Schema() string {
	return `
CREATE TABLE audit_events (
    event_id        uuid        NOT NULL,
    application_id  uuid        NOT NULL,
    commit_key      bigint      NOT NULL,
    position        bigint      NOT NULL,
    stream          text        NOT NULL,
    version         bigint      NOT NULL,
    entity_type     text        NOT NULL,
    entity_id       text        NOT NULL,
    type            text        NOT NULL,
    organization_id text        NOT NULL,
    actor_id        text        NOT NULL,
    correlation_id  text        NOT NULL,
    causation_id    text        NOT NULL,
    command_id      text        NOT NULL,
    recorded_at     timestamptz NOT NULL,
    data            jsonb       NOT NULL,
    PRIMARY KEY (application_id, commit_key, position)
);
CREATE INDEX audit_events_by_time ON audit_events (application_id, recorded_at, commit_key, position);
CREATE INDEX audit_events_by_stream ON audit_events (application_id, stream, commit_key, position);
CREATE INDEX audit_events_by_entity_type ON audit_events (application_id, entity_type, commit_key, position);
CREATE INDEX audit_events_by_type ON audit_events (application_id, type, commit_key, position);
CREATE INDEX audit_events_by_actor ON audit_events (application_id, actor_id, commit_key, position);
CREATE INDEX audit_events_by_correlation ON audit_events (application_id, correlation_id, commit_key, position);` +
		projections.TenantRLS(Events)
}

// ReadIndexes: Apply finds no row; every filter index is built after a rebuild's load.
// The primary key is not among them: a delivery's insert conflicts on it.
func (projector) ReadIndexes() []string {
	return []string{"audit_events_by_time", "audit_events_by_stream", "audit_events_by_entity_type",
		"audit_events_by_type", "audit_events_by_actor", "audit_events_by_correlation"}
}

// columns are audit_events' columns in the order row answers them.
var columns = []string{"event_id", "application_id", "commit_key", "position", "stream", "version", "entity_type", "entity_id", "type",
	"organization_id", "actor_id", "correlation_id", "causation_id", "command_id", "recorded_at", "data"}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	values, ok := row(e)
	if !ok {
		return nil
	}
	return w.Exec(ctx, `
		INSERT INTO audit_events (`+strings.Join(columns, ", ")+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
		ON CONFLICT (application_id, commit_key, position) DO NOTHING`,
		values...)
}

// ApplyBulk copies a rebuild batch's rows in one COPY. The log holds each event once,
// so the fresh table takes them all; were one there already, the COPY fails and the
// careful pass inserts event by event, skipping it as Apply does.
func (projector) ApplyBulk(ctx context.Context, tx pgx.Tx, _ projections.Writer, events []projections.Event) error {
	rows := make([][]any, 0, len(events))
	for _, e := range events {
		if values, ok := row(e); ok {
			rows = append(rows, values)
		}
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{Events}, columns, pgx.CopyFromRows(rows))
	return err
}

// row is an event's row, or false for a platform event: no tenant to show it to.
func row(e projections.Event) ([]any, bool) {
	m := e.Metadata
	app, err := projections.CopyUUID(m.ApplicationID)
	if err != nil {
		return nil, false
	}
	entityType, entityID := SplitStream(e.Stream)
	return []any{[16]byte(e.ID), app, int64(e.Position.Commit), int64(e.Position.Prepare), e.Stream, int64(e.Version), entityType, entityID, e.Type,
		m.OrganizationID, m.ActorID, m.CorrelationID, m.CausationID, m.CommandID, e.RecordedAt, string(e.Data)}, true
}

// SplitStream answers a stream's entity type and id: "organization-<id>" →
// ("organization", "<id>"). A stream without an id is its own type.
func SplitStream(stream string) (entityType, entityID string) {
	t, id, ok := strings.Cut(stream, "-")
	if !ok {
		return stream, ""
	}
	return t, id
}
