// Package postgres is the default event store: one table in the application's
// Postgres database, ordered by writing transaction so readers never skip an event.
package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/eventstore"
)

// NotifyChannel is the Postgres channel that tells readers in other processes that
// events were appended.
const NotifyChannel = "eventstore_appended"

// anyRetries bounds the internal retries of an append with expected version Any that
// loses a race for the next version.
const anyRetries = 10

// errNothingInserted: the stream was not where the append expected it (missing for
// StreamExists, shorter for an exact version).
var errNothingInserted = errors.New("expected version does not hold")

// Store is the Postgres event store. Migrations (migrations/0001) create its tables.
type Store struct {
	pool       *pgxpool.Pool
	notifier   *notifier
	tail       tail
	listenOnce sync.Once
}

var _ eventstore.Store = (*Store)(nil)

// Open connects the store to an already migrated database and repairs the commit-key
// clock after a restore into a fresh cluster.
func Open(ctx context.Context, pool *pgxpool.Pool) (*Store, error) {
	if pool == nil {
		return nil, errors.New("postgres event store: nil pool")
	}
	if _, err := pool.Exec(ctx, `SELECT eventstore_fix_clock()`); err != nil {
		return nil, fmt.Errorf("postgres event store: fix clock: %w", err)
	}
	return &Store{pool: pool, notifier: newNotifier(pool)}, nil
}

// Close stops the store's background notifier; the pool belongs to the caller.
func (s *Store) Close() { s.notifier.close() }

// Pool is the connection pool the store writes through.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

const insertColumns = `commit_key, event_id, stream, version, type, data, metadata`

// insertAt writes events at versions $2, $2+1, … provided the stream's event $2-1
// exists (for an exact expectation); the unique (stream, version) refuses the rest.
const insertAt = `
INSERT INTO eventstore_events (` + insertColumns + `)
SELECT pg_current_xact_id()::text::bigint + c.xid_offset, e.id, $1, $2 + e.ord - 1, e.type, e.data, e.meta
  FROM eventstore_clock c,
       unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS e(id, type, data, meta, ord)
 WHERE $2 = 0 OR EXISTS (SELECT 1 FROM eventstore_events WHERE stream = $1 AND version = $2 - 1)
RETURNING version, commit_key, position`

// insertOneAt is insertAt for a single event, without arrays: the common append, and
// cheaper for the server to plan and run.
const insertOneAt = `
INSERT INTO eventstore_events (` + insertColumns + `)
SELECT pg_current_xact_id()::text::bigint + c.xid_offset, $3::uuid, $1::text, $2::bigint, $4::text, $5::jsonb, $6::jsonb
  FROM eventstore_clock c
 WHERE $2::bigint = 0 OR EXISTS (SELECT 1 FROM eventstore_events WHERE stream = $1::text AND version = $2::bigint - 1)
RETURNING version, commit_key, position`

// insertAfterLast writes events after the stream's last event; with $2 it requires the
// stream to exist (no rows inserted otherwise).
const insertAfterLast = `
INSERT INTO eventstore_events (` + insertColumns + `)
SELECT pg_current_xact_id()::text::bigint + c.xid_offset, e.id, $1, coalesce(cur.v, -1) + e.ord, e.type, e.data, e.meta
  FROM eventstore_clock c,
       (SELECT max(version) AS v FROM eventstore_events WHERE stream = $1) cur,
       unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS e(id, type, data, meta, ord)
 WHERE cur.v IS NOT NULL OR NOT $2
RETURNING version, commit_key, position`

// mustInsert makes an append statement fail when it inserts nothing, so that in a
// pipelined multi-stream append (one implicit transaction) no stream is written when
// any expectation fails.
func mustInsert(statement string) string {
	return `WITH ins AS (` + statement + `)
SELECT version, commit_key, position FROM ins
UNION ALL
SELECT 0, 0, eventstore_expectation_failed() WHERE NOT EXISTS (SELECT 1 FROM ins)`
}

// genericPlans lets the statements after it in a round trip (one implicit transaction)
// run their prepared generic plans. A statement whose arguments are arrays (unnest($1::
// text[], …)) may be planned anew at every execution: its generic plan, costed for an
// array of unknown length, need not look cheaper than a custom one costed for the array
// given — the read of a stream taken to be new never did. That planning was most of a
// booking's write beyond a plain append's (decision 1890); the statements here are key
// lookups, whose generic plans are the same index probes.
const genericPlans = `SELECT set_config('plan_cache_mode', 'force_generic_plan', true)`

// expectationFailed is the SQLSTATE of eventstore_expectation_failed (migration 0040).
const expectationFailed = "MV409"

// Append implements eventstore.Store.
func (s *Store) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	res, err := s.AppendMulti(ctx, eventstore.StreamAppend{Stream: stream, Expected: expected, Events: events})
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	return res[0], nil
}

// AppendMulti implements eventstore.Store: one transaction for every stream.
func (s *Store) AppendMulti(ctx context.Context, appends ...eventstore.StreamAppend) ([]eventstore.AppendResult, error) {
	if err := eventstore.ValidateAppends(appends); err != nil {
		return nil, err
	}
	for attempt := 0; ; attempt++ {
		results, err := s.appendOnce(ctx, appends)
		if err == nil {
			s.notifier.signal()
			return results, nil
		}
		var pgErr *pgconn.PgError
		uniqueViolation := errors.As(err, &pgErr) && pgErr.Code == "23505"
		if !uniqueViolation && !errors.Is(err, errNothingInserted) {
			return nil, err
		}
		// A retry of an append already stored, a lost race for a version, or a real
		// conflict. The transaction is gone; look at what is stored now.
		if uniqueViolation {
			if stored, ok, err := s.alreadyStored(ctx, appends); err != nil || ok {
				return stored, err
			}
		}
		if conflict := s.conflict(ctx, appends); conflict != nil {
			return nil, conflict
		}
		if attempt >= anyRetries {
			return nil, fmt.Errorf("append: still racing after %d attempts: %w", attempt, err)
		}
	}
}

// AppendMultiWith implements eventstore.WithAppender: the statements and every
// stream's append in one round trip, run by Postgres as one implicit transaction.
func (s *Store) AppendMultiWith(ctx context.Context, unmoved []eventstore.StreamVersion, with []eventstore.Statement, appends ...eventstore.StreamAppend) ([]eventstore.AppendResult, error) {
	if err := eventstore.ValidateAppends(appends); err != nil {
		return nil, err
	}
	var batch pgx.Batch
	batch.Queue(genericPlans)
	var presumedNew []string // streams of unmoved without any event: read before the check
	if len(unmoved) > 0 {
		streams, versions := make([]string, len(unmoved)), make([]int64, len(unmoved))
		var whole []int64 // each presumed-new stream read from its start
		for i, sv := range unmoved {
			streams[i], versions[i] = sv.Stream, sv.Version
			if sv.Version < 0 {
				presumedNew, whole = append(presumedNew, sv.Stream), append(whole, -1)
			}
		}
		if len(presumedNew) > 0 {
			batch.Queue(streamsAfterQuery, presumedNew, whole)
		}
		batch.Queue(unmovedCheck, streams, versions)
	}
	for _, st := range with {
		batch.Queue(st.SQL, st.Args...)
	}
	for _, a := range appends {
		sql, args, err := appendStatement(a)
		if err != nil {
			return nil, err
		}
		batch.Queue(mustInsert(sql), args...)
	}
	br := s.pool.SendBatch(ctx, &batch)
	fail := func(err error) ([]eventstore.AppendResult, error) {
		_ = br.Close()
		var pgErr *pgconn.PgError
		// An expectation that failed: nothing inserted at an exact version, or a version
		// taken (a stream expected new exists).
		if errors.As(err, &pgErr) && (pgErr.Code == expectationFailed || pgErr.Code == "23505" && pgErr.TableName == "eventstore_events") {
			if conflict := s.conflict(ctx, appends); conflict != nil {
				return nil, conflict
			}
		}
		if ctx.Err() != nil || !errors.As(err, &pgErr) {
			return nil, err // the connection or the caller: the outcome is not known here
		}
		return nil, fmt.Errorf("%w: %w", eventstore.ErrNotWrittenWith, err)
	}
	if _, err := br.Exec(); err != nil {
		return fail(err)
	}
	var existing map[string][]eventstore.RecordedEvent
	if len(presumedNew) > 0 {
		rows, err := br.Query()
		if err == nil {
			existing, err = groupByStream(rows)
		}
		if err != nil {
			return fail(err)
		}
	}
	if len(unmoved) > 0 {
		if _, err := br.Exec(); err != nil {
			var pgErr *pgconn.PgError
			if errors.As(err, &pgErr) && pgErr.Code == expectationFailed {
				_ = br.Close()
				return nil, &eventstore.StreamsMovedError{Events: existing}
			}
			return fail(err)
		}
	}
	for range with {
		if _, err := br.Exec(); err != nil {
			return fail(err)
		}
	}
	results := make([]eventstore.AppendResult, len(appends))
	for i, a := range appends {
		rows, err := br.Query()
		if err == nil {
			results[i], err = scanAppend(a.Stream, rows)
		}
		if err != nil {
			return fail(err)
		}
	}
	if err := br.Close(); err != nil {
		return fail(err)
	}
	s.notifier.signal()
	return results, nil
}

func (s *Store) appendOnce(ctx context.Context, appends []eventstore.StreamAppend) ([]eventstore.AppendResult, error) {
	if len(appends) == 1 {
		// One statement is its own transaction: one round trip instead of three.
		r, err := appendStream(ctx, s.pool, appends[0])
		return []eventstore.AppendResult{r}, err
	}
	// Several streams: every statement in one round trip, run by Postgres as one
	// implicit transaction, all or nothing.
	var batch pgx.Batch
	for _, a := range appends {
		sql, args, err := appendStatement(a)
		if err != nil {
			return nil, err
		}
		batch.Queue(mustInsert(sql), args...)
	}
	br := s.pool.SendBatch(ctx, &batch)
	results := make([]eventstore.AppendResult, len(appends))
	for i, a := range appends {
		rows, err := br.Query()
		if err == nil {
			results[i], err = scanAppend(a.Stream, rows)
		}
		if err != nil {
			_ = br.Close()
			var pgErr *pgconn.PgError
			if errors.As(err, &pgErr) && pgErr.Code == expectationFailed {
				return nil, errNothingInserted
			}
			return nil, err
		}
	}
	return results, br.Close()
}

// querier runs a statement: the pool (a statement of its own) or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

func appendStream(ctx context.Context, tx querier, a eventstore.StreamAppend) (eventstore.AppendResult, error) {
	sql, args, err := appendStatement(a)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	return scanAppend(a.Stream, rows)
}

// appendStatement is the INSERT of one stream's events at the version it expects.
func appendStatement(a eventstore.StreamAppend) (string, []any, error) {
	// The ids as their 16 bytes: pgx encodes a uuid.UUID through its driver.Valuer, as
	// text that fails the binary encoding and is parsed back, about 3 µs an id against
	// 0.12 (BenchmarkEventIDEncoding).
	ids := make([][16]byte, len(a.Events))
	types := make([]string, len(a.Events))
	data := make([]string, len(a.Events))
	meta := make([]string, len(a.Events))
	for i, e := range a.Events {
		ids[i], types[i] = e.ID, e.Type
		data[i] = string(orEmptyObject(e.Data))
		m, err := json.Marshal(e.Metadata)
		if err != nil {
			return "", nil, err
		}
		meta[i] = string(m)
	}
	rev, exact := a.Expected.Revision()
	switch {
	case len(a.Events) == 1 && (exact || a.Expected.IsNoStream()):
		base := int64(0)
		if exact {
			base = int64(rev) + 1
		}
		return insertOneAt, []any{a.Stream, base, ids[0], types[0], data[0], meta[0]}, nil
	case exact:
		return insertAt, []any{a.Stream, int64(rev) + 1, ids, types, data, meta}, nil
	case a.Expected.IsNoStream():
		return insertAt, []any{a.Stream, 0, ids, types, data, meta}, nil
	default:
		return insertAfterLast, []any{a.Stream, a.Expected.IsStreamExists(), ids, types, data, meta}, nil
	}
}

// scanAppend reads what an append statement inserted: the last version and position.
func scanAppend(stream string, rows pgx.Rows) (eventstore.AppendResult, error) {
	defer rows.Close()
	res := eventstore.AppendResult{Stream: stream}
	n := 0
	for rows.Next() {
		var version, commit, position int64
		if err := rows.Scan(&version, &commit, &position); err != nil {
			return res, err
		}
		if n == 0 || uint64(version) > res.NextVersion {
			res.NextVersion = uint64(version)
		}
		if p := (eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}); res.Position.Less(p) {
			res.Position = p
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return res, err
	}
	if n == 0 {
		return res, errNothingInserted
	}
	return res, nil
}

func orEmptyObject(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage(`{}`)
	}
	return raw
}

// alreadyStored answers the first result when every event of the append is stored,
// in order, in its stream: the append was a retry. Some but not all stored, or stored
// elsewhere, is an idempotency conflict.
func (s *Store) alreadyStored(ctx context.Context, appends []eventstore.StreamAppend) ([]eventstore.AppendResult, bool, error) {
	results := make([]eventstore.AppendResult, len(appends))
	found, total := 0, 0
	for i, a := range appends {
		ids := make([]uuid.UUID, len(a.Events))
		for j, e := range a.Events {
			ids[j] = e.ID
		}
		total += len(ids)
		rows, err := s.pool.Query(ctx, `
			SELECT event_id, stream, version, commit_key, position FROM eventstore_events
			 WHERE event_id = ANY($1) ORDER BY stream, version`, ids)
		if err != nil {
			return nil, false, err
		}
		k := 0
		var first int64
		for rows.Next() {
			var id uuid.UUID
			var stream string
			var version, commit, position int64
			if err := rows.Scan(&id, &stream, &version, &commit, &position); err != nil {
				rows.Close()
				return nil, false, err
			}
			if k == 0 {
				first = version
			}
			if id != ids[k] || stream != a.Stream || version != first+int64(k) {
				rows.Close()
				return nil, false, eventstore.ErrIdempotencyConflict
			}
			results[i] = eventstore.AppendResult{Stream: stream, NextVersion: uint64(version),
				Position: eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}}
			k++
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, false, err
		}
		found += k
	}
	switch {
	case found == 0:
		return nil, false, nil
	case found == total:
		return results, true, nil
	default:
		return nil, false, eventstore.ErrIdempotencyConflict
	}
}

// conflict finds the stream whose expectation does not hold, or nil when every one
// holds now (a lost race of an Any append, worth another attempt).
func (s *Store) conflict(ctx context.Context, appends []eventstore.StreamAppend) error {
	for _, a := range appends {
		var last *int64
		if err := s.pool.QueryRow(ctx, `SELECT max(version) FROM eventstore_events WHERE stream = $1`, a.Stream).Scan(&last); err != nil {
			return err
		}
		var actual *uint64
		if last != nil {
			v := uint64(*last)
			actual = &v
		}
		rev, exact := a.Expected.Revision()
		holds := a.Expected.IsAny() ||
			(a.Expected.IsNoStream() && actual == nil) ||
			(a.Expected.IsStreamExists() && actual != nil) ||
			(exact && actual != nil && *actual == rev)
		if !holds {
			return &eventstore.WrongExpectedVersionError{Stream: a.Stream, Expected: a.Expected, Actual: actual}
		}
	}
	return nil
}

// selectColumns reads the envelope's fields out of the metadata in Postgres, which is
// much cheaper than decoding its JSON per event in Go (replay speed).
const selectColumns = `position, commit_key, event_id, stream, version, type, data, recorded_at,
	coalesce(metadata->>'application_id', ''), coalesce(metadata->>'organization_id', ''),
	coalesce(metadata->>'actor_id', ''), coalesce(metadata->>'correlation_id', ''),
	coalesce(metadata->>'causation_id', ''), coalesce(metadata->>'command_id', '')`

func scanEvents(rows pgx.Rows, limit int) ([]eventstore.RecordedEvent, error) {
	defer rows.Close()
	// A limit is a bound, not a size: most reads (a command's stream, a live feed's
	// wake-up) answer a few events, and a slice sized for the limit is a large
	// allocation cleared on every read. A read that outgrows the small start is a
	// replay's full page: it gets the limit at once rather than doubling its way there.
	out := make([]eventstore.RecordedEvent, 0, min(limit, 16))
	for rows.Next() {
		var e eventstore.RecordedEvent
		var position, commit, version int64
		var data []byte // not json.RawMessage: that would validate the JSON again
		m := &e.Metadata
		// The id as its 16 bytes: through uuid.UUID's sql.Scanner pgx would format it as
		// text and parse it back, a tenth of a replay's Go time.
		if err := rows.Scan(&position, &commit, (*[16]byte)(&e.ID), &e.Stream, &version, &e.Type, &data, &e.RecordedAt,
			&m.ApplicationID, &m.OrganizationID, &m.ActorID, &m.CorrelationID, &m.CausationID, &m.CommandID); err != nil {
			return nil, err
		}
		e.Data = data
		e.Position = eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}
		e.Version = uint64(version)
		e.RecordedAt = e.RecordedAt.UTC()
		if len(out) == cap(out) && cap(out) < limit {
			out = append(make([]eventstore.RecordedEvent, 0, limit), out...)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// ReadStream implements eventstore.Store.
func (s *Store) ReadStream(ctx context.Context, stream string, dir eventstore.Direction, from uint64, limit int) ([]eventstore.RecordedEvent, error) {
	if limit <= 0 {
		return nil, errors.New("read stream: limit must be positive")
	}
	q := `SELECT ` + selectColumns + ` FROM eventstore_events WHERE stream = $1 AND version >= $2 ORDER BY version LIMIT $3`
	if dir == eventstore.Backwards {
		q = `SELECT ` + selectColumns + ` FROM eventstore_events WHERE stream = $1 AND version <= $2 ORDER BY version DESC LIMIT $3`
	}
	start := int64(from)
	if from > uint64(1<<62) {
		start = 1 << 62 // "from the end" when reading backwards
	}
	rows, err := s.pool.Query(ctx, q, stream, start, limit)
	if err != nil {
		return nil, err
	}
	events, err := scanEvents(rows, limit)
	if err != nil {
		return nil, err
	}
	if len(events) == 0 {
		// Versions start at 0: nothing from 0 forwards, or nothing at or before a version,
		// means no stream, without asking again (the common load of a new aggregate).
		if dir == eventstore.Backwards || from == 0 {
			return nil, eventstore.ErrStreamNotFound
		}
		var exists bool
		if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM eventstore_events WHERE stream = $1)`, stream).Scan(&exists); err != nil {
			return nil, err
		}
		if !exists {
			return nil, eventstore.ErrStreamNotFound
		}
	}
	return events, nil
}

// ReadStreams implements eventstore.StreamsReader.
func (s *Store) ReadStreams(ctx context.Context, streams []string) (map[string][]eventstore.RecordedEvent, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+selectColumns+` FROM eventstore_events WHERE stream = ANY($1) ORDER BY stream, version`, streams)
	if err != nil {
		return nil, err
	}
	return groupByStream(rows)
}

// ReadStreamsAfter implements eventstore.StreamsReader: one index range per stream,
// empty when the caller is up to date.
func (s *Store) ReadStreamsAfter(ctx context.Context, streams []string, after []int64) (map[string][]eventstore.RecordedEvent, error) {
	if len(after) != len(streams) {
		return nil, errors.New("read streams after: one version per stream")
	}
	rows, err := s.pool.Query(ctx, streamsAfterQuery, streams, after)
	if err != nil {
		return nil, err
	}
	return groupByStream(rows)
}

// The two reads of given streams by the versions a caller holds probe the unique
// (stream, version) index once per stream, whatever the planner's statistics: as joins
// of the streams to the log, a young log's planner hashed every event instead (0.82 and
// 0.47 ms a call on a log of thousands, decision 1840).
const (
	// unmovedCheck fails the implicit transaction when a stream holds an event newer than
	// the version given: each stream's last version, a correlated scalar subquery, which
	// Postgres runs per stream.
	unmovedCheck = `SELECT eventstore_expectation_failed() FROM unnest($1::text[], $2::bigint[]) AS k(stream, after)
		WHERE (SELECT max(version) FROM eventstore_events e WHERE e.stream = k.stream) > k.after LIMIT 1`
	// streamsAfterQuery reads each stream's events after the version given: a lateral
	// subquery that OFFSET 0 keeps from being flattened into a join.
	streamsAfterQuery = `SELECT ` + selectColumns + ` FROM unnest($1::text[], $2::bigint[]) AS k(s, after)
		CROSS JOIN LATERAL (SELECT * FROM eventstore_events e WHERE e.stream = k.s AND e.version > k.after OFFSET 0) e
		ORDER BY stream, version`
)

func groupByStream(rows pgx.Rows) (map[string][]eventstore.RecordedEvent, error) {
	events, err := scanEvents(rows, 0)
	if err != nil {
		return nil, err
	}
	out := map[string][]eventstore.RecordedEvent{}
	for _, e := range events {
		out[e.Stream] = append(out[e.Stream], e)
	}
	return out, nil
}

var (
	_ eventstore.StreamsReader = (*Store)(nil)
	_ eventstore.WithAppender  = (*Store)(nil)
)

// ReadAll implements eventstore.Store: only events below the transaction horizon, so a
// transaction that commits late can never land behind a reader.
func (s *Store) ReadAll(ctx context.Context, after eventstore.Position, limit int) ([]eventstore.RecordedEvent, error) {
	if limit <= 0 {
		return nil, errors.New("read all: limit must be positive")
	}
	rows, err := s.pool.Query(ctx, `
		SELECT `+selectColumns+` FROM eventstore_events
		 WHERE (commit_key, position) > ($1, $2) AND commit_key < eventstore_horizon()
		 ORDER BY commit_key, position LIMIT $3`, int64(after.Commit), int64(after.Prepare), limit)
	if err != nil {
		return nil, err
	}
	return scanEvents(rows, limit)
}

// Head implements eventstore.Store.
func (s *Store) Head(ctx context.Context) (eventstore.Position, error) {
	var commit, position int64
	err := s.pool.QueryRow(ctx, `
		SELECT commit_key, position FROM eventstore_events
		 WHERE commit_key < eventstore_horizon()
		 ORDER BY commit_key DESC, position DESC LIMIT 1`).Scan(&commit, &position)
	if errors.Is(err, pgx.ErrNoRows) {
		return eventstore.Start, nil
	}
	if err != nil {
		return eventstore.Start, err
	}
	return eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}, nil
}

// notifyInterval spaces the NOTIFYs to other processes; readers in this process are
// woken at once.
const notifyInterval = 10 * time.Millisecond

// notifier coalesces append signals into at most one NOTIFY per interval, sent outside
// the appending transactions: a NOTIFY inside them would serialise every commit on
// Postgres's notify-queue lock.
type notifier struct {
	pool   *pgxpool.Pool
	wake   chan struct{}
	local  *broadcast
	done   chan struct{}
	closed sync.Once
}

func newNotifier(pool *pgxpool.Pool) *notifier {
	n := &notifier{pool: pool, wake: make(chan struct{}, 1), local: newBroadcast(), done: make(chan struct{})}
	go n.run()
	return n
}

func (n *notifier) signal() {
	n.local.fire()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

func (n *notifier) run() {
	for {
		select {
		case <-n.done:
			return
		case <-n.wake:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, _ = n.pool.Exec(ctx, `SELECT pg_notify('`+NotifyChannel+`', '')`) // best effort: readers also poll
		cancel()
		time.Sleep(notifyInterval)
	}
}

func (n *notifier) close() { n.closed.Do(func() { close(n.done) }) }

// broadcast wakes every waiter in this process at once.
type broadcast struct {
	mu sync.Mutex
	ch chan struct{}
}

func newBroadcast() *broadcast { return &broadcast{ch: make(chan struct{})} }

func (b *broadcast) fire() {
	b.mu.Lock()
	close(b.ch)
	b.ch = make(chan struct{})
	b.mu.Unlock()
}

func (b *broadcast) wait() <-chan struct{} {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.ch
}

// Count answers how many events the log holds: the total a rebuild reports against.
func (s *Store) Count(ctx context.Context) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM eventstore_events`).Scan(&n)
	return n, err
}

// CountAfterUpTo is CountAfter counting no further than limit: a lag the operations
// console reads every few seconds stays cheap however far a reader is behind.
func (s *Store) CountAfterUpTo(ctx context.Context, pos eventstore.Position, limit int64) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM eventstore_events WHERE (commit_key, position) > ($1, $2)
		ORDER BY commit_key, position LIMIT $3) behind`, int64(pos.Commit), int64(pos.Prepare), limit).Scan(&n)
	return n, err
}

// EstimatedCount is Postgres's estimate of the log's length (from its statistics),
// free of a count over every event; a log its statistics put under 100,000 events (or
// that was never analysed: -1) is counted, which is cheap there.
func (s *Store) EstimatedCount(ctx context.Context) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, `SELECT CASE WHEN reltuples < 100000 THEN (SELECT count(*) FROM eventstore_events)
		ELSE reltuples::bigint END FROM pg_class WHERE oid = 'eventstore_events'::regclass`).Scan(&n)
	return n, err
}

// CountAfter answers how many events a reader at pos has yet to read: a projector's lag.
func (s *Store) CountAfter(ctx context.Context, pos eventstore.Position) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM eventstore_events WHERE (commit_key, position) > ($1, $2)`,
		int64(pos.Commit), int64(pos.Prepare)).Scan(&n)
	return n, err
}
