// Package eventstore is the one interface every event-store backend implements:
// Postgres (default, and in every test) and KurrentDB/EventStoreDB (production).
// Both run the contract suite in eventstoretest.
package eventstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// Store appends events to streams and reads them back, per stream and as one global log.
type Store interface {
	// Append writes events to one stream if the stream's version matches expected.
	// Appending events whose ids are already stored, at the same place, is a no-op
	// that answers the first result (a retried command writes nothing twice).
	Append(ctx context.Context, stream string, expected ExpectedVersion, events ...EventData) (AppendResult, error)
	// AppendMulti writes to several streams atomically: all of them or none.
	// Used for uniqueness reservations written together with the entity they reserve for.
	AppendMulti(ctx context.Context, appends ...StreamAppend) ([]AppendResult, error)
	// ReadStream reads up to limit events of one stream, starting at version from
	// (inclusive), forwards or backwards. A missing stream gives ErrStreamNotFound.
	ReadStream(ctx context.Context, stream string, dir Direction, from uint64, limit int) ([]RecordedEvent, error)
	// ReadAll reads up to limit events of the global log strictly after position after
	// (Start reads from the beginning). Events come in log order, and an event the reader
	// has not seen yet never appears before one it has (no gaps).
	ReadAll(ctx context.Context, after Position, limit int) ([]RecordedEvent, error)
	// Head is the position of the last event a reader can see now (Start when empty).
	Head(ctx context.Context) (Position, error)
	// Subscribe delivers the global log after position after: first the catch-up, then
	// live events, in order, until ctx ends. The channel closes when ctx ends or the
	// subscription fails; Err on the subscription tells which.
	Subscribe(ctx context.Context, after Position) (Subscription, error)
	Close()
}

// Subscription is a running read of the global log.
type Subscription interface {
	Events() <-chan RecordedEvent
	// Err is the error that ended the subscription, nil while it runs or after ctx ended.
	Err() error
}

// EventData is an event to append.
type EventData struct {
	ID       uuid.UUID
	Type     string
	Data     json.RawMessage
	Metadata Metadata
}

// Metadata is the envelope every event carries besides its payload: tenant,
// organisation, actor and causality. Payloads never repeat these.
type Metadata struct {
	ApplicationID  string `json:"application_id,omitempty"`
	OrganizationID string `json:"organization_id,omitempty"`
	ActorID        string `json:"actor_id,omitempty"`
	CorrelationID  string `json:"correlation_id,omitempty"`
	CausationID    string `json:"causation_id,omitempty"`
	CommandID      string `json:"command_id,omitempty"`
}

// RecordedEvent is an event as stored.
type RecordedEvent struct {
	ID         uuid.UUID
	Type       string
	Stream     string
	Version    uint64 // 0 for the first event of a stream
	Position   Position
	Data       json.RawMessage
	Metadata   Metadata
	RecordedAt time.Time
}

// Position is a place in the global log. Positions compare by Commit, then Prepare:
// KurrentDB's commit/prepare positions; in Postgres the commit key (transaction order)
// and the row's sequence number.
type Position struct {
	Commit  uint64 `json:"commit"`
	Prepare uint64 `json:"prepare"`
}

// Start is the position before the first event.
var Start = Position{}

// Less orders positions in the log.
func (p Position) Less(o Position) bool {
	return p.Commit < o.Commit || (p.Commit == o.Commit && p.Prepare < o.Prepare)
}

// String is the position as a token for headers and checkpoints: "commit.prepare".
func (p Position) String() string { return fmt.Sprintf("%d.%d", p.Commit, p.Prepare) }

// ParsePosition reads a token made by String.
func ParsePosition(s string) (Position, error) {
	var p Position
	if _, err := fmt.Sscanf(s, "%d.%d", &p.Commit, &p.Prepare); err != nil {
		return Start, fmt.Errorf("position %q: want commit.prepare", s)
	}
	if p.String() != s {
		return Start, fmt.Errorf("position %q: want commit.prepare", s)
	}
	return p, nil
}

// StreamsReader is what a store may offer besides Store: several whole streams read in
// one round trip (Postgres). A command that reads a few small streams anyway saves the
// round trips; a store without it is read one stream at a time.
type StreamsReader interface {
	// ReadStreams answers every event of each named stream, in version order; a stream
	// without events is absent from the answer.
	ReadStreams(ctx context.Context, streams []string) (map[string][]RecordedEvent, error)
	// ReadStreamsAfter is ReadStreams of only the events after a version known per
	// stream (after[i] for streams[i]; -1 reads the whole stream): a writer that keeps
	// what it read asks only for what is newer.
	ReadStreamsAfter(ctx context.Context, streams []string, after []int64) (map[string][]RecordedEvent, error)
}

// Statement is a statement of the store's own database, run by AppendMultiWith in the
// append's transaction.
type Statement struct {
	SQL  string
	Args []any
}

// WithAppender is what a store keeping events in a database of the application's own
// (Postgres) may offer: rows of that database written in the same transaction and
// round trip as an append (a personal-data key with the event it seals).
type WithAppender interface {
	// AppendMultiWith runs with, then the appends, as one transaction: all or nothing.
	// When unmoved names streams, it first checks that none holds an event after the
	// version given (-1: none at all) and writes nothing, answering ErrStreamsMoved,
	// when one does: a decision taken on what a writer kept of them is refused as one
	// taken on a stale read would be. The streams it is to find without any event (-1),
	// which a writer took to be new, are read in the same round trip: when one exists
	// after all, the answer is a *StreamsMovedError holding their events, and the
	// writer decides again without reading them (decision 1880). A failed expectation answers a
	// WrongExpectedVersionError as AppendMulti does; any other failure (a statement of
	// with refused, the append a retry of one stored) wrote nothing and is
	// ErrNotWrittenWith: the caller writes the two apart.
	AppendMultiWith(ctx context.Context, unmoved []StreamVersion, with []Statement, appends ...StreamAppend) ([]AppendResult, error)
}

// StreamVersion is a stream and the version its reader knows (-1: no event).
type StreamVersion struct {
	Stream  string
	Version int64
}

// ErrNotWrittenWith: AppendMultiWith wrote nothing, for a reason its caller handles by
// writing the statements and the appends apart (see WithAppender).
var ErrNotWrittenWith = errors.New("append with statements: nothing written")

// ErrStreamsMoved: AppendMultiWith wrote nothing, as a stream it was to find unmoved
// holds a newer event (see WithAppender).
var ErrStreamsMoved = errors.New("append with statements: a stream read moved")

// StreamsMovedError is AppendMultiWith's ErrStreamsMoved with the events of the
// streams it was to find without any: those that exist, read in the append's round trip.
type StreamsMovedError struct {
	Events map[string][]RecordedEvent
}

func (e *StreamsMovedError) Error() string        { return ErrStreamsMoved.Error() }
func (e *StreamsMovedError) Is(target error) bool { return target == ErrStreamsMoved }

// AppendResult tells where an append landed.
type AppendResult struct {
	Stream string
	// NextVersion is the stream's version after the append (its last event's version).
	NextVersion uint64
	// Position is the global position of the last event appended.
	Position Position
}

// StreamAppend is one stream's part of an atomic multi-stream append.
type StreamAppend struct {
	Stream   string
	Expected ExpectedVersion
	Events   []EventData
}

// Direction of a stream read.
type Direction int

const (
	Forwards Direction = iota
	Backwards
)

// ExpectedVersion is what the writer believes of a stream's version.
type ExpectedVersion struct {
	kind     expectation
	revision uint64
}

type expectation int

const (
	expectAny expectation = iota
	expectNoStream
	expectStreamExists
	expectExact
)

var (
	// Any appends whatever the stream's state.
	Any = ExpectedVersion{kind: expectAny}
	// NoStream appends only if the stream has no events (reservations use it).
	NoStream = ExpectedVersion{kind: expectNoStream}
	// StreamExists appends only to a stream that has events.
	StreamExists = ExpectedVersion{kind: expectStreamExists}
)

// Exact appends only if the stream's last event has this version.
func Exact(version uint64) ExpectedVersion {
	return ExpectedVersion{kind: expectExact, revision: version}
}

func (e ExpectedVersion) IsAny() bool          { return e.kind == expectAny }
func (e ExpectedVersion) IsNoStream() bool     { return e.kind == expectNoStream }
func (e ExpectedVersion) IsStreamExists() bool { return e.kind == expectStreamExists }

// Revision is the exact version expected, when IsExact.
func (e ExpectedVersion) Revision() (uint64, bool) { return e.revision, e.kind == expectExact }

func (e ExpectedVersion) String() string {
	switch e.kind {
	case expectNoStream:
		return "no stream"
	case expectStreamExists:
		return "stream exists"
	case expectExact:
		return fmt.Sprintf("version %d", e.revision)
	default:
		return "any"
	}
}

// ErrStreamNotFound is returned when reading a stream that has no events.
var ErrStreamNotFound = errors.New("stream not found")

// WrongExpectedVersionError is returned when an append's expectation does not hold.
type WrongExpectedVersionError struct {
	Stream   string
	Expected ExpectedVersion
	// Actual is the stream's version, or nil when the stream does not exist.
	Actual *uint64
}

func (e *WrongExpectedVersionError) Error() string {
	actual := "no stream"
	if e.Actual != nil {
		actual = fmt.Sprintf("version %d", *e.Actual)
	}
	return fmt.Sprintf("stream %s: expected %s, found %s", e.Stream, e.Expected, actual)
}

// IsWrongExpectedVersion tells whether err is (or wraps) a version conflict.
func IsWrongExpectedVersion(err error) bool {
	var w *WrongExpectedVersionError
	return errors.As(err, &w)
}

// ErrIdempotencyConflict is returned when some, but not all, of an append's event ids
// are already stored, or stored elsewhere: a retry that is not the same append.
var ErrIdempotencyConflict = errors.New("event ids already stored for a different append")
