// Package kurrentdb is the production event store: eventstore.Store over
// KurrentDB/EventStoreDB through the maintained gRPC client
// github.com/kurrent-io/KurrentDB-Client-Go (the archived EventStore-Client-Go must not
// be used; see docs/decisions/0002-kurrentdb-client.md).
//
// Differences from the Postgres backend, all within the eventstore contract:
//
//   - Idempotency is weaker. KurrentDB dedupes a retried append by event id only when the
//     retry names the same expected revision as the first attempt (with Any it does its
//     best, without guarantee), and only while the ids are in its in-memory cache. A retry
//     after a restart, or after the cache evicted the ids, writes the events twice or
//     answers a wrong-expected-version error. The command layer therefore dedupes by
//     command id outside the store; the store never promises more than the server does.
//     ErrIdempotencyConflict is never returned here: the server does not tell a partial
//     retry apart from new events.
//   - AppendMulti needs KurrentDB 25.1+ (its multi-stream append); older servers answer
//     ErrMultiStreamAppendUnsupported.
//   - The global log is shared with the server's own system events ($-prefixed types and
//     streams): ReadAll, Head and Subscribe skip them.
//   - There are no client transactions; the contract's SlowAppend stays nil.
package kurrentdb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	kdb "github.com/kurrent-io/KurrentDB-Client-Go/kurrentdb"

	"move/eventstore"
)

// ErrMultiStreamAppendUnsupported is returned by AppendMulti when the server has no
// atomic multi-stream append (it arrived in KurrentDB 25.1).
var ErrMultiStreamAppendUnsupported = errors.New(
	"kurrentdb: atomic multi-stream append needs KurrentDB 25.1 or later; this server does not offer it " +
		"(upgrade the server, or keep uniqueness reservations on the Postgres event store)")

// Store is the KurrentDB event store.
type Store struct {
	db *kdb.Client
}

var _ eventstore.Store = (*Store)(nil)

// Open connects to the server named by a connection string: esdb://, esdb+discover://,
// kurrentdb:// or kurrentdb+discover:// (also the client's kdb:// and kurrent:// aliases),
// e.g. "esdb://localhost:2113?tls=false". It makes one read of $all so that a wrong
// address or missing permissions fail here, not on the first append.
func Open(ctx context.Context, connectionString string) (*Store, error) {
	cs, err := clientConnectionString(connectionString)
	if err != nil {
		return nil, err
	}
	conf, err := kdb.ParseConnectionString(cs)
	if err != nil {
		return nil, parseError(err)
	}
	conf.Logger = slogLogging(slog.Default())
	db, err := kdb.NewClient(conf)
	if err != nil {
		return nil, fmt.Errorf("kurrentdb: client: %w", err)
	}
	s := &Store{db: db}
	if _, err := s.Head(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("kurrentdb: first read of $all: %w", err)
	}
	return s, nil
}

// slogLogging sends the client's log lines to slog instead of its default, which
// prints every level, debug included, to the standard logger. The client logs a
// cancelled subscription or read as an error; those are demoted to debug.
func slogLogging(l *slog.Logger) kdb.LoggingFunc {
	l = l.With("component", "kurrentdb")
	return func(level kdb.LogLevel, format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		lvl := slog.LevelDebug
		switch level {
		case kdb.LogInfo:
			lvl = slog.LevelInfo
		case kdb.LogWarn:
			lvl = slog.LevelWarn
		case kdb.LogError:
			lvl = slog.LevelError
			if strings.Contains(msg, "context canceled") || strings.Contains(msg, "Canceled") {
				lvl = slog.LevelDebug
			}
		}
		l.Log(context.Background(), lvl, msg)
	}
}

// Close releases the client's connections.
func (s *Store) Close() { _ = s.db.Close() }

// Client is the underlying KurrentDB client, for tools that need more than the store.
func (s *Store) Client() *kdb.Client { return s.db }

// clientSchemes are the schemes the client's ParseConnectionString accepts (its
// configuration.go). The esdb schemes of EventStoreDB-era connection strings are still
// among them, so mapping them is the identity; anything else (postgres://, a typo) is
// refused here with a message that names the event store.
var clientSchemes = map[string]string{
	"esdb":               "esdb",
	"esdb+discover":      "esdb+discover",
	"kurrentdb":          "kurrentdb",
	"kurrentdb+discover": "kurrentdb+discover",
	"kdb":                "kdb",
	"kdb+discover":       "kdb+discover",
	"kurrent":            "kurrent",
	"kurrent+discover":   "kurrent+discover",
}

// clientConnectionString maps a connection string to one the client parses.
func clientConnectionString(s string) (string, error) {
	scheme, rest, ok := strings.Cut(strings.TrimSpace(s), "://")
	if !ok || rest == "" {
		// The string is not quoted back: without a scheme it cannot be told where a
		// password in it starts.
		return "", errors.New("kurrentdb: connection string: want esdb://host:2113 or kurrentdb://host:2113")
	}
	mapped, ok := clientSchemes[strings.ToLower(scheme)]
	if !ok {
		return "", fmt.Errorf("kurrentdb: connection string scheme %q: want esdb, esdb+discover, kurrentdb or kurrentdb+discover", scheme)
	}
	return mapped + "://" + rest, nil
}

// parseError reports why the client refused a connection string without quoting the
// string: a *url.Error carries all of it, password included.
func parseError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return fmt.Errorf("kurrentdb: connection string: %s: %w", ue.Op, ue.Err)
	}
	return fmt.Errorf("kurrentdb: connection string: %w", err)
}

// IsConnectionString tells whether s names a KurrentDB/EventStoreDB server (and not,
// say, a Postgres database): how the application picks its event-store backend.
func IsConnectionString(s string) bool {
	_, err := clientConnectionString(s)
	return err == nil
}

// streamState maps an expected version to the client's StreamState.
func streamState(e eventstore.ExpectedVersion) kdb.StreamState {
	if rev, ok := e.Revision(); ok {
		return kdb.Revision(rev)
	}
	switch {
	case e.IsNoStream():
		return kdb.NoStream{}
	case e.IsStreamExists():
		return kdb.StreamExists{}
	default:
		return kdb.Any{}
	}
}

// encodeEvent turns an event into the client's form: JSON data (an empty payload is
// {}), and the envelope as the event's JSON metadata. The metadata is a JSON object of
// strings, which the multi-stream append requires.
func encodeEvent(e eventstore.EventData) (kdb.EventData, error) {
	meta, err := encodeMetadata(e.Metadata)
	if err != nil {
		return kdb.EventData{}, err
	}
	data := []byte(e.Data)
	if len(data) == 0 {
		data = []byte(`{}`)
	}
	return kdb.EventData{
		EventID:     e.ID,
		EventType:   e.Type,
		ContentType: kdb.ContentTypeJson,
		Data:        data,
		Metadata:    meta,
	}, nil
}

func encodeMetadata(m eventstore.Metadata) ([]byte, error) {
	return json.Marshal(m)
}

// decodeMetadata reads the envelope back. Keys the store did not write (the server adds
// "$schema.*" properties to events of a multi-stream append) are ignored.
func decodeMetadata(raw []byte) (eventstore.Metadata, error) {
	var m eventstore.Metadata
	if len(raw) == 0 {
		return m, nil
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return m, err
	}
	return m, nil
}

func fromClientPosition(p kdb.Position) eventstore.Position {
	return eventstore.Position{Commit: p.Commit, Prepare: p.Prepare}
}

// allPosition is where a read or subscription of $all starts. Start is the beginning of
// the log, passed explicitly (SubscribeToAll starts at the end unless told). A position
// is passed by value: the client matches kdb.Position, not *kdb.Position, and would send
// no position at all for a pointer.
func allPosition(p eventstore.Position) kdb.AllPosition {
	if p == eventstore.Start {
		return kdb.Start{}
	}
	return kdb.Position{Commit: p.Commit, Prepare: p.Prepare}
}

// isSystem tells whether an event is the server's own: a $-prefixed type (stream
// metadata, links, statistics, projection state) or a $-prefixed stream.
func isSystem(e *kdb.RecordedEvent) bool {
	return strings.HasPrefix(e.EventType, "$") || strings.HasPrefix(e.StreamID, "$")
}

func decodeEvent(e *kdb.RecordedEvent) (eventstore.RecordedEvent, error) {
	meta, err := decodeMetadata(e.UserMetadata)
	if err != nil {
		return eventstore.RecordedEvent{}, fmt.Errorf("kurrentdb: event %s in %s: metadata: %w", e.EventID, e.StreamID, err)
	}
	return eventstore.RecordedEvent{
		ID:         e.EventID,
		Type:       e.EventType,
		Stream:     e.StreamID,
		Version:    e.EventNumber,
		Position:   fromClientPosition(e.Position),
		Data:       json.RawMessage(e.Data),
		Metadata:   meta,
		RecordedAt: e.CreatedDate.UTC(),
	}, nil
}

// errorCode is the client's error code of err, when err carries one.
func errorCode(err error) (kdb.ErrorCode, bool) {
	var e *kdb.Error
	if errors.As(err, &e) {
		return e.Code(), true
	}
	return kdb.ErrorCodeUnknown, false
}

// wrongVersionActual matches the client's message for a wrong expected version on a
// single-stream append: "expecting '<expected>' but got '<current>'", where current is
// a revision or no_stream (client.go, AppendToStream). The client keeps only this text.
var wrongVersionActual = regexp.MustCompile(`but got '([^']*)'`)

// actualFromMessage reads the stream's current version out of that message.
// ok is false when the message does not tell.
func actualFromMessage(msg string) (actual *uint64, ok bool) {
	m := wrongVersionActual.FindStringSubmatch(msg)
	if m == nil {
		return nil, false
	}
	if m[1] == "no_stream" {
		return nil, true
	}
	v, err := strconv.ParseUint(m[1], 10, 64)
	if err != nil {
		return nil, false
	}
	return &v, true
}

// actualFromState maps the actual state of a stream revision conflict (multi-stream
// append, and newer servers' single appends) to a version. ok is false for states that
// are not a version.
func actualFromState(st kdb.StreamState) (actual *uint64, ok bool) {
	switch v := st.(type) {
	case kdb.NoStream:
		return nil, true
	case kdb.StreamRevision:
		if int64(v.Value) < 0 { // another negative marker the client passed through
			return nil, false
		}
		r := v.Value
		return &r, true
	default:
		return nil, false
	}
}

// conflict is a version conflict the server reported; actualKnown is false when it
// did not say where the stream is.
type conflict struct {
	stream      string
	actual      *uint64
	actualKnown bool
}

// asConflict recognises the client's version-conflict errors: the single-stream
// append's ErrorCodeWrongExpectedVersion (code given separately, since tests cannot
// build a *kdb.Error) and the *StreamRevisionConflictError of the multi-stream append.
func asConflict(code kdb.ErrorCode, err error) (conflict, bool) {
	var rc *kdb.StreamRevisionConflictError
	if errors.As(err, &rc) {
		actual, ok := actualFromState(rc.ActualRevision)
		return conflict{stream: rc.Stream, actual: actual, actualKnown: ok}, true
	}
	if code == kdb.ErrorCodeWrongExpectedVersion || code == kdb.ErrorCodeStreamRevisionConflict {
		actual, ok := actualFromMessage(err.Error())
		return conflict{actual: actual, actualKnown: ok}, true
	}
	return conflict{}, false
}

// isNotFound tells whether a read error means the stream has no events: never written,
// or deleted.
func isNotFound(code kdb.ErrorCode) bool {
	return code == kdb.ErrorCodeResourceNotFound || code == kdb.ErrorCodeStreamDeleted || code == kdb.ErrorCodeStreamTombstoned
}

// Append implements eventstore.Store with the single-stream append, on every server
// version. A retry with the same event ids and the same expectation is answered by the
// server from its dedupe cache without writing (see the package comment for its limits).
func (s *Store) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	a := eventstore.StreamAppend{Stream: stream, Expected: expected, Events: events}
	if err := validateAppends([]eventstore.StreamAppend{a}); err != nil {
		return eventstore.AppendResult{}, err
	}
	proposed, err := encodeEvents(a.Events)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	w, err := s.db.AppendToStream(ctx, stream, kdb.AppendToStreamOptions{StreamState: streamState(expected)}, proposed...)
	if err != nil {
		return eventstore.AppendResult{}, s.appendError(ctx, []eventstore.StreamAppend{a}, err)
	}
	res := eventstore.AppendResult{
		Stream:      stream,
		NextVersion: w.NextExpectedVersion,
		Position:    eventstore.Position{Commit: w.CommitPosition, Prepare: w.PreparePosition},
	}
	// The write's position is the event's own for a single event. For several events, or
	// a retry answered from the dedupe cache (no position), read the last event back so
	// the result is the position of the last event appended, as the contract says.
	if len(events) > 1 || res.Position == eventstore.Start {
		if p, err := s.positionOf(ctx, stream, res.NextVersion); err == nil {
			res.Position = p
		}
	}
	return res, nil
}

func encodeEvents(events []eventstore.EventData) ([]kdb.EventData, error) {
	out := make([]kdb.EventData, len(events))
	for i, e := range events {
		var err error
		if out[i], err = encodeEvent(e); err != nil {
			return nil, fmt.Errorf("kurrentdb: event %s: %w", e.ID, err)
		}
	}
	return out, nil
}

// AppendMulti implements eventstore.Store with KurrentDB's multi-stream append (25.1+):
// one atomic write, all streams or none. One stream goes through Append, which works on
// every server. Idempotency of a retried multi-stream append is not relied on at all:
// the command layer dedupes by command id before it appends.
func (s *Store) AppendMulti(ctx context.Context, appends ...eventstore.StreamAppend) ([]eventstore.AppendResult, error) {
	if err := validateAppends(appends); err != nil {
		return nil, err
	}
	if len(appends) == 1 {
		r, err := s.Append(ctx, appends[0].Stream, appends[0].Expected, appends[0].Events...)
		if err != nil {
			return nil, err
		}
		return []eventstore.AppendResult{r}, nil
	}
	requests := make([]kdb.AppendStreamRequest, len(appends))
	for i, a := range appends {
		proposed, err := encodeEvents(a.Events)
		if err != nil {
			return nil, err
		}
		requests[i] = kdb.AppendStreamRequest{
			StreamName:          a.Stream,
			Events:              slices.Values(proposed),
			ExpectedStreamState: streamState(a.Expected),
		}
	}
	resp, err := s.db.MultiStreamAppend(ctx, slices.Values(requests))
	if err != nil {
		if code, ok := errorCode(err); ok && code == kdb.ErrorCodeUnsupportedFeature {
			return nil, fmt.Errorf("%w: %v", ErrMultiStreamAppendUnsupported, err)
		}
		return nil, s.appendError(ctx, appends, err)
	}
	revisions := make(map[string]int64, len(resp.Responses))
	for _, r := range resp.Responses {
		revisions[r.Stream] = r.StreamRevision
	}
	results := make([]eventstore.AppendResult, len(appends))
	for i, a := range appends {
		rev, ok := revisions[a.Stream]
		if !ok || rev < 0 {
			return nil, fmt.Errorf("kurrentdb: multi-stream append committed but answered no revision for %s", a.Stream)
		}
		results[i] = eventstore.AppendResult{Stream: a.Stream, NextVersion: uint64(rev)}
		// The response has one log position for the whole write; read each stream's last
		// event for its own (commit, prepare) position, falling back to the write's.
		p, err := s.positionOf(ctx, a.Stream, uint64(rev))
		if err != nil {
			p = eventstore.Position{Commit: uint64(resp.Position), Prepare: uint64(resp.Position)}
		}
		results[i].Position = p
	}
	return results, nil
}

// appendError maps a failed append's error: a version conflict becomes
// *eventstore.WrongExpectedVersionError, with Actual from the server when it told it,
// else from a read of the stream.
func (s *Store) appendError(ctx context.Context, appends []eventstore.StreamAppend, err error) error {
	code, _ := errorCode(err)
	c, ok := asConflict(code, err)
	if !ok {
		return fmt.Errorf("kurrentdb: append: %w", err)
	}
	a := appends[0]
	if c.stream != "" {
		for _, x := range appends {
			if x.Stream == c.stream {
				a = x
			}
		}
	} else if len(appends) > 1 {
		// The server did not name the stream; find the one whose expectation fails.
		for _, x := range appends {
			actual, lerr := s.currentVersion(ctx, x.Stream)
			if lerr == nil && !holds(x.Expected, actual) {
				return &eventstore.WrongExpectedVersionError{Stream: x.Stream, Expected: x.Expected, Actual: actual}
			}
		}
	}
	actual := c.actual
	if !c.actualKnown {
		// The server did not say; the stream as it is now is the best answer left.
		if now, lerr := s.currentVersion(ctx, a.Stream); lerr == nil {
			actual = now
		}
	}
	return &eventstore.WrongExpectedVersionError{Stream: a.Stream, Expected: a.Expected, Actual: actual}
}

// holds tells whether an expectation holds for a stream at version actual (nil: no stream).
func holds(e eventstore.ExpectedVersion, actual *uint64) bool {
	rev, exact := e.Revision()
	return e.IsAny() ||
		(e.IsNoStream() && actual == nil) ||
		(e.IsStreamExists() && actual != nil) ||
		(exact && actual != nil && *actual == rev)
}

// currentVersion is the version of a stream's last event, nil when it has none.
func (s *Store) currentVersion(ctx context.Context, stream string) (*uint64, error) {
	last, err := s.ReadStream(ctx, stream, eventstore.Backwards, ^uint64(0), 1)
	if errors.Is(err, eventstore.ErrStreamNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if len(last) == 0 {
		return nil, nil
	}
	v := last[0].Version
	return &v, nil
}

// positionOf is the global position of one event of a stream.
func (s *Store) positionOf(ctx context.Context, stream string, version uint64) (eventstore.Position, error) {
	got, err := s.ReadStream(ctx, stream, eventstore.Forwards, version, 1)
	if err != nil {
		return eventstore.Start, err
	}
	if len(got) != 1 || got[0].Version != version {
		return eventstore.Start, fmt.Errorf("kurrentdb: %s has no event %d", stream, version)
	}
	return got[0].Position, nil
}

// validateAppends adds the server's own rule to the common one: $-prefixed streams and
// event types belong to KurrentDB.
func validateAppends(appends []eventstore.StreamAppend) error {
	if err := eventstore.ValidateAppends(appends); err != nil {
		return err
	}
	for _, a := range appends {
		if strings.HasPrefix(a.Stream, "$") {
			return fmt.Errorf("append: stream %s: $-prefixed streams are the server's", a.Stream)
		}
		for _, e := range a.Events {
			if strings.HasPrefix(e.Type, "$") {
				return fmt.Errorf("append: stream %s: event type %s: $-prefixed types are the server's", a.Stream, e.Type)
			}
		}
	}
	return nil
}

// fromEnd: a backwards read from a version this large starts at the stream's end.
const fromEnd = uint64(1) << 62

// ReadStream implements eventstore.Store.
func (s *Store) ReadStream(ctx context.Context, stream string, dir eventstore.Direction, from uint64, limit int) ([]eventstore.RecordedEvent, error) {
	if limit <= 0 {
		return nil, errors.New("read stream: limit must be positive")
	}
	opts := kdb.ReadStreamOptions{Direction: kdb.Forwards, From: kdb.Revision(from)}
	if dir == eventstore.Backwards {
		opts.Direction = kdb.Backwards
		if from >= fromEnd {
			opts.From = kdb.End{}
		}
	}
	rs, err := s.db.ReadStream(ctx, stream, opts, uint64(limit))
	if err != nil {
		return nil, readError(stream, err)
	}
	defer rs.Close()
	out := make([]eventstore.RecordedEvent, 0, min(limit, 1024))
	for {
		ev, err := rs.Recv()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, readError(stream, err)
		}
		e, err := decodeEvent(ev.OriginalEvent())
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
}

func readError(stream string, err error) error {
	if code, ok := errorCode(err); ok && isNotFound(code) {
		return fmt.Errorf("kurrentdb: %s: %w", stream, eventstore.ErrStreamNotFound)
	}
	return fmt.Errorf("kurrentdb: read %s: %w", stream, err)
}

// readAllBatch is the least a read of $all asks for: system events are skipped after
// the read, so asking for exactly limit would often take two round trips.
const readAllBatch = 128

// ReadAll implements eventstore.Store: $all forwards, strictly after after, without
// system events. The server reads $all from a position inclusively; the event at after
// is dropped here. $all is in commit order, and only committed events are in it, so a
// reader never skips one.
func (s *Store) ReadAll(ctx context.Context, after eventstore.Position, limit int) ([]eventstore.RecordedEvent, error) {
	if limit <= 0 {
		return nil, errors.New("read all: limit must be positive")
	}
	out := make([]eventstore.RecordedEvent, 0, min(limit, 1024))
	cursor, exclusive := after, after != eventstore.Start
	for len(out) < limit {
		want := uint64(max(limit-len(out)+1, readAllBatch))
		rs, err := s.db.ReadAll(ctx, kdb.ReadAllOptions{Direction: kdb.Forwards, From: allPosition(cursor)}, want)
		if err != nil {
			return nil, fmt.Errorf("kurrentdb: read $all: %w", err)
		}
		n, done := uint64(0), false
		for !done {
			ev, err := rs.Recv()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				rs.Close()
				return nil, fmt.Errorf("kurrentdb: read $all: %w", err)
			}
			n++
			rec := ev.OriginalEvent()
			p := fromClientPosition(rec.Position)
			if exclusive && !cursor.Less(p) {
				continue
			}
			cursor, exclusive = p, true
			if isSystem(rec) {
				continue
			}
			e, err := decodeEvent(rec)
			if err != nil {
				rs.Close()
				return nil, err
			}
			out = append(out, e)
			done = len(out) == limit
		}
		rs.Close()
		if !done && n < want {
			break // the end of the log
		}
	}
	return out, nil
}

// headBatch is how many events Head reads backwards at a time looking for the last
// event that is not the server's.
const headBatch = 64

// Head implements eventstore.Store: the position of the last non-system event, read
// backwards from the end of $all (Start when there is none).
func (s *Store) Head(ctx context.Context) (eventstore.Position, error) {
	var from kdb.AllPosition = kdb.End{}
	var cursor eventstore.Position
	paging := false
	for {
		rs, err := s.db.ReadAll(ctx, kdb.ReadAllOptions{Direction: kdb.Backwards, From: from}, headBatch)
		if err != nil {
			return eventstore.Start, fmt.Errorf("kurrentdb: read $all backwards: %w", err)
		}
		n := 0
		for {
			ev, err := rs.Recv()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				rs.Close()
				return eventstore.Start, fmt.Errorf("kurrentdb: read $all backwards: %w", err)
			}
			n++
			rec := ev.OriginalEvent()
			p := fromClientPosition(rec.Position)
			if paging && !p.Less(cursor) {
				continue // a backwards read from a position may include it
			}
			cursor = p
			if !isSystem(rec) {
				rs.Close()
				return p, nil
			}
		}
		rs.Close()
		if n < headBatch || cursor == eventstore.Start {
			return eventstore.Start, nil
		}
		from, paging = allPosition(cursor), true
	}
}
