// Package projections builds the Postgres read models from the global log. Each
// projector owns its tables; Apply is the only code that writes them, on the live path
// (a Watermill router, one ordered handler per projector) and on the rebuild path
// (batched replay into fresh tables, swapped in when caught up) alike.
package projections

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

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

// ReadIndexes is implemented by a projector some of whose indexes serve only reads: its
// statements find rows by primary keys and unique constraints alone. A rebuild loads
// its fresh tables without the indexes named here and builds each once after the last
// batch (a sort instead of a million index insertions), before the swap.
type ReadIndexes interface {
	ReadIndexes() []string
}

// Lingering is implemented by a projector whose readers are not waiting on each event
// (an archive browsed after the fact): while its events come faster than Linger apart,
// a delivery waits up to Linger for more to join it, instead of the runner's 2 ms
// (decision 1940). Fewer, larger transactions; a caller reading it after its own write
// may wait up to Linger more, and only while the server is busy.
type Lingering interface {
	Linger() time.Duration
}

// Bulk is implemented by a projector with a faster way to apply a rebuild's batch than
// its statements event by event (rows copied, a row's changes folded in memory and
// written once). ApplyBulk must leave its tables exactly as Apply would, event after
// event in the order given: it may write through tx directly (COPY) and queue
// statements on w, which are sent after it returns. events are the batch's events the
// projector reads, decoded, none of a parked stream. Only a rebuild's first pass over a
// batch uses it: when it fails, the batch is applied again carefully, event by event
// with Apply, parking what fails — so parking and idempotency are Apply's.
type Bulk interface {
	ApplyBulk(ctx context.Context, tx pgx.Tx, w Writer, events []Event) error
}

// CopyUUID parses a uuid into the value a bulk pass copies: pgx writes a [16]byte
// straight into COPY's binary form, where a uuid.UUID (a driver.Valuer) goes through
// its text and a failed plan per value — a third of a rebuild's Go time.
func CopyUUID(s string) ([16]byte, error) {
	u, err := uuid.Parse(s)
	return [16]byte(u), err
}
