// Package projections builds the Postgres read models from the global log. Each
// projector owns its tables; Apply is the only code that writes them, on the live path
// (a Watermill router, one ordered handler per projector) and on the rebuild path
// (batched replay into fresh tables, swapped in when caught up) alike.
package projections

import (
	"context"

	"move/domain"
	"move/eventstore"
)

// Projector builds one read model.
type Projector interface {
	// Name is permanent: it keys the checkpoint.
	Name() string
	// Version changes when the read model's shape or meaning changes; a new version is
	// rebuilt from the log on start.
	Version() int
	// Schema creates the read model's tables, unqualified: they land in the schema the
	// runner chooses (the live one, or a fresh one for a rebuild).
	Schema() string
	// Tables names the tables Schema creates, swapped in after a rebuild.
	Tables() []string
	// EventTypes are the event types Apply reads; others only move the checkpoint.
	EventTypes() []string
	// Apply writes what one event changes. Values come from the event and its envelope
	// (its recorded time), never from the clock.
	Apply(ctx context.Context, w Writer, e Event) error
}

// Event is a recorded event with its decoded payload.
type Event struct {
	eventstore.RecordedEvent
	Payload domain.Event
}

// Writer runs a projector's statements in the transaction that also moves its
// checkpoint. Statements are queued and sent in one round trip per delivery (live) or
// batch (rebuild), so Apply writes but never reads.
type Writer interface {
	Exec(ctx context.Context, sql string, args ...any) error
}
