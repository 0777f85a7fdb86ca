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

	"github.com/google/uuid"

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
func (projector) Version() int           { return 1 }
func (projector) Tables() []string       { return []string{Events} }
func (p projector) EventTypes() []string { return p.types }

// ReadsNoPersonalValues: the log keeps each event's data as stored, sealed
// (projections.SealedReader).
func (projector) ReadsNoPersonalValues() {}

// Schema. Every filter of the audit log is an index led by the application and ending
// in the log order, so a filtered page is an index range however long the log.
func (projector) Schema() string {
	return `
CREATE TABLE audit_events (
    event_id        uuid        PRIMARY KEY,
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
    data            jsonb       NOT NULL
);
CREATE INDEX audit_events_log ON audit_events (application_id, commit_key, position);
CREATE INDEX audit_events_by_time ON audit_events (application_id, recorded_at, commit_key, position);
CREATE INDEX audit_events_by_stream ON audit_events (application_id, stream, commit_key, position);
CREATE INDEX audit_events_by_entity_type ON audit_events (application_id, entity_type, commit_key, position);
CREATE INDEX audit_events_by_type ON audit_events (application_id, type, commit_key, position);
CREATE INDEX audit_events_by_actor ON audit_events (application_id, actor_id, commit_key, position);
CREATE INDEX audit_events_by_correlation ON audit_events (application_id, correlation_id, commit_key, position);` +
		projections.TenantRLS(Events)
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	m := e.Metadata
	if _, err := uuid.Parse(m.ApplicationID); err != nil {
		return nil // a platform event: no tenant to show it to
	}
	entityType, entityID := SplitStream(e.Stream)
	return w.Exec(ctx, `
		INSERT INTO audit_events (event_id, application_id, commit_key, position, stream, version, entity_type, entity_id, type,
		                          organization_id, actor_id, correlation_id, causation_id, command_id, recorded_at, data)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) ON CONFLICT (event_id) DO NOTHING`,
		e.ID, m.ApplicationID, int64(e.Position.Commit), int64(e.Position.Prepare), e.Stream, int64(e.Version), entityType, entityID, e.Type,
		m.OrganizationID, m.ActorID, m.CorrelationID, m.CausationID, m.CommandID, e.RecordedAt, string(e.Data))
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
