package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/eventstore"
	"move/eventstore/eventstoretest"
	"move/internal/testdb"
)

func TestContract(t *testing.T) {
	var store *Store
	eventstoretest.Run(t, eventstoretest.Options{
		NewStore: func(t *testing.T) eventstore.Store {
			store = newStore(t, testdb.New(t))
			return store
		},
		SlowAppend: func(ctx context.Context, stream string, events []eventstore.EventData, hold time.Duration, rollback bool) error {
			tx, err := store.pool.Begin(ctx)
			if err != nil {
				return err
			}
			defer tx.Rollback(ctx) //nolint:errcheck // rolled back unless committed
			if _, err := appendStream(ctx, tx, eventstore.StreamAppend{Stream: stream, Expected: eventstore.Any, Events: events}); err != nil {
				return err
			}
			time.Sleep(hold)
			if rollback {
				return tx.Rollback(ctx)
			}
			if err := tx.Commit(ctx); err != nil {
				return err
			}
			store.notifier.signal()
			return nil
		},
	})
}

func newStore(t *testing.T, dsn string) *Store {
	t.Helper()
	s, err := Open(context.Background(), testdb.Pool(t, dsn))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// A transaction that appended but has not committed holds back every reader of the log,
// even for events committed after it: otherwise its events would land behind them.
func TestOpenTransactionHoldsTheHorizon(t *testing.T) {
	s := newStore(t, testdb.New(t))
	ctx := context.Background()
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := appendStream(ctx, tx, eventstore.StreamAppend{Stream: "early", Expected: eventstore.NoStream,
		Events: []eventstore.EventData{eventstoretest.Event("t.v1", 0)}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, "late", eventstore.NoStream, eventstoretest.Event("t.v1", 1)); err != nil {
		t.Fatal(err)
	}
	visible, err := s.ReadAll(ctx, eventstore.Start, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(visible) != 0 {
		t.Fatalf("with an older transaction open, want nothing readable, got %d events", len(visible))
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	// Other tests' transactions in the same cluster may hold the horizon a moment longer.
	deadline := time.Now().Add(30 * time.Second)
	for {
		visible, err = s.ReadAll(ctx, eventstore.Start, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(visible) > 0 && visible[0].Stream != "early" {
			t.Fatalf("the later transaction's event came first: %v", streams(visible))
		}
		if len(visible) >= 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if len(visible) != 2 || visible[0].Stream != "early" || visible[1].Stream != "late" {
		t.Fatalf("want early then late, got %v", streams(visible))
	}
}

func TestRaceForSameVersionConflicts(t *testing.T) {
	s := newStore(t, testdb.New(t))
	ctx := context.Background()
	if _, err := s.Append(ctx, "x", eventstore.NoStream, eventstoretest.Event("t.v1", 0)); err != nil {
		t.Fatal(err)
	}
	results := make(chan error, 10)
	for i := range 10 {
		go func() {
			_, err := s.Append(ctx, "x", eventstore.Exact(0), eventstoretest.Event("t.v1", i))
			results <- err
		}()
	}
	ok := 0
	for range 10 {
		err := <-results
		switch {
		case err == nil:
			ok++
		case !eventstore.IsWrongExpectedVersion(err):
			t.Fatalf("want a version conflict, got %v", err)
		}
	}
	if ok != 1 {
		t.Fatalf("ten writers expecting version 0: want one success, got %d", ok)
	}
}

func TestPartialRetryIsAnIdempotencyConflict(t *testing.T) {
	s := newStore(t, testdb.New(t))
	ctx := context.Background()
	a, b := eventstoretest.Event("t.v1", 0), eventstoretest.Event("t.v1", 1)
	if _, err := s.Append(ctx, "x", eventstore.NoStream, a); err != nil {
		t.Fatal(err)
	}
	_, err := s.Append(ctx, "x", eventstore.Any, a, b)
	if !errors.Is(err, eventstore.ErrIdempotencyConflict) {
		t.Fatalf("want ErrIdempotencyConflict, got %v", err)
	}
	_, err = s.Append(ctx, "y", eventstore.Any, a)
	if !errors.Is(err, eventstore.ErrIdempotencyConflict) {
		t.Fatalf("same id in another stream: want ErrIdempotencyConflict, got %v", err)
	}
}

func streams(events []eventstore.RecordedEvent) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.Stream
	}
	return out
}

// A multi-stream append whose later stream is not at its expected version writes none
// of the streams, though the earlier statement of the pipeline succeeded.
func TestAppendMultiRefusedByALaterStreamWritesNothing(t *testing.T) {
	s := newStore(t, testdb.New(t))
	ctx := context.Background()
	for _, later := range []eventstore.ExpectedVersion{eventstore.Exact(5), eventstore.StreamExists} {
		first := "first-" + later.String()
		_, err := s.AppendMulti(ctx,
			eventstore.StreamAppend{Stream: first, Expected: eventstore.NoStream, Events: []eventstore.EventData{eventstoretest.Event("t.v1", 0)}},
			eventstore.StreamAppend{Stream: "missing", Expected: later, Events: []eventstore.EventData{eventstoretest.Event("t.v1", 1)}},
		)
		if !eventstore.IsWrongExpectedVersion(err) {
			t.Fatalf("%s on a missing stream: want a version conflict, got %v", later, err)
		}
		if _, err := s.ReadStream(ctx, first, eventstore.Forwards, 0, 10); !errors.Is(err, eventstore.ErrStreamNotFound) {
			t.Fatalf("%s: the first stream must not be written, got %v", later, err)
		}
	}
}

// ReadStreams answers several whole streams in one query, each in version order; a
// stream without events is absent.
func TestReadStreams(t *testing.T) {
	s := newStore(t, testdb.New(t))
	ctx := context.Background()
	for i, stream := range []string{"a-1", "b-1", "a-1", "c-1", "a-1"} {
		if _, err := s.Append(ctx, stream, eventstore.Any, eventstoretest.Event("read.streams.v1", i)); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.ReadStreams(ctx, []string{"a-1", "c-1", "missing-1"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || len(got["a-1"]) != 3 || len(got["c-1"]) != 1 || got["b-1"] != nil {
		t.Fatalf("got %v", got)
	}
	for i, e := range got["a-1"] {
		if e.Version != uint64(i) || e.Stream != "a-1" {
			t.Fatalf("a-1 event %d: version %d of %s", i, e.Version, e.Stream)
		}
	}
}

// ReadStreamsAfter answers, per stream, only the events after the version given (-1:
// all of them), in version order.
func TestReadStreamsAfter(t *testing.T) {
	s := newStore(t, testdb.New(t))
	ctx := context.Background()
	for i, stream := range []string{"a-1", "b-1", "a-1", "c-1", "a-1"} {
		if _, err := s.Append(ctx, stream, eventstore.Any, eventstoretest.Event("read.streams.v1", i)); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.ReadStreamsAfter(ctx, []string{"a-1", "b-1", "c-1", "missing-1"}, []int64{0, 0, -1, -1})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || len(got["a-1"]) != 2 || got["a-1"][0].Version != 1 || got["a-1"][1].Version != 2 || len(got["c-1"]) != 1 || got["b-1"] != nil {
		t.Fatalf("got %v", got)
	}
}

// AppendMultiWith writes its statements and its appends together or not at all: a
// statement refused writes no event, a failed expectation writes no row.
func TestAppendMultiWithIsAllOrNothing(t *testing.T) {
	s := newStore(t, testdb.New(t))
	ctx := context.Background()
	if _, err := s.pool.Exec(ctx, `CREATE TABLE side_rows (id text PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	row := func(id string) eventstore.Statement {
		return eventstore.Statement{SQL: `INSERT INTO side_rows VALUES ($1)`, Args: []any{id}}
	}
	count := func() (events, rows int) {
		t.Helper()
		if err := s.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM eventstore_events), (SELECT count(*) FROM side_rows)`).Scan(&events, &rows); err != nil {
			t.Fatal(err)
		}
		return events, rows
	}
	if _, err := s.AppendMultiWith(ctx, nil, []eventstore.Statement{row("one")},
		eventstore.StreamAppend{Stream: "w-1", Expected: eventstore.NoStream, Events: []eventstore.EventData{eventstoretest.Event("with.v1", 0)}}); err != nil {
		t.Fatal(err)
	}
	if events, rows := count(); events != 1 || rows != 1 {
		t.Fatalf("after the first: %d events, %d rows", events, rows)
	}
	_, err := s.AppendMultiWith(ctx, nil, []eventstore.Statement{row("one")},
		eventstore.StreamAppend{Stream: "w-1", Expected: eventstore.Exact(0), Events: []eventstore.EventData{eventstoretest.Event("with.v1", 1)}})
	if !errors.Is(err, eventstore.ErrNotWrittenWith) {
		t.Fatalf("a refused statement: %v", err)
	}
	_, err = s.AppendMultiWith(ctx, nil, []eventstore.Statement{row("two")},
		eventstore.StreamAppend{Stream: "w-1", Expected: eventstore.NoStream, Events: []eventstore.EventData{eventstoretest.Event("with.v1", 2)}})
	if !eventstore.IsWrongExpectedVersion(err) {
		t.Fatalf("a failed expectation: %v", err)
	}
	if events, rows := count(); events != 1 || rows != 1 {
		t.Fatalf("after two refusals: %d events, %d rows", events, rows)
	}
}

// AppendMultiWith writes nothing when a stream it is to find unmoved holds a newer
// event, and writes when none does (a stream without events: -1).
func TestAppendMultiWithRefusesWhenAStreamMoved(t *testing.T) {
	s := newStore(t, testdb.New(t))
	ctx := context.Background()
	for i := range 2 {
		if _, err := s.Append(ctx, "read-1", eventstore.Any, eventstoretest.Event("read.v1", i)); err != nil {
			t.Fatal(err)
		}
	}
	write := func(unmoved ...eventstore.StreamVersion) error {
		_, err := s.AppendMultiWith(ctx, unmoved, nil,
			eventstore.StreamAppend{Stream: "written-1", Expected: eventstore.NoStream, Events: []eventstore.EventData{eventstoretest.Event("written.v1", 0)}})
		return err
	}
	if err := write(eventstore.StreamVersion{Stream: "read-1", Version: 0}, eventstore.StreamVersion{Stream: "unread-1", Version: -1}); !errors.Is(err, eventstore.ErrStreamsMoved) {
		t.Fatalf("a read stream moved: %v", err)
	}
	if _, err := s.ReadStream(ctx, "written-1", eventstore.Forwards, 0, 1); !errors.Is(err, eventstore.ErrStreamNotFound) {
		t.Fatalf("written though a read stream moved: %v", err)
	}
	if err := write(eventstore.StreamVersion{Stream: "read-1", Version: 1}, eventstore.StreamVersion{Stream: "unread-1", Version: -1}); err != nil {
		t.Fatalf("nothing moved: %v", err)
	}
}

// A stream AppendMultiWith is to find without events that has some after all refuses
// the write, and the refusal holds that stream's events, read in the same round trip
// (decision 1880): the writer that took it to be new decides again without reading it.
func TestAppendMultiWithAnswersTheEventsOfAStreamTakenToBeNew(t *testing.T) {
	s := newStore(t, testdb.New(t))
	ctx := context.Background()
	for i := range 2 {
		if _, err := s.Append(ctx, "session-1", eventstore.Any, eventstoretest.Event("booked.v1", i)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Append(ctx, "series-1", eventstore.Any, eventstoretest.Event("planned.v1", 0)); err != nil {
		t.Fatal(err)
	}
	_, err := s.AppendMultiWith(ctx, []eventstore.StreamVersion{{Stream: "series-1", Version: 0}, {Stream: "session-1", Version: -1}}, nil,
		eventstore.StreamAppend{Stream: "session-1", Expected: eventstore.NoStream, Events: []eventstore.EventData{eventstoretest.Event("booked.v1", 9)}})
	var moved *eventstore.StreamsMovedError
	if !errors.As(err, &moved) || !errors.Is(err, eventstore.ErrStreamsMoved) {
		t.Fatalf("a stream taken to be new exists: %v", err)
	}
	got := moved.Events["session-1"]
	if len(got) != 2 || got[0].Version != 0 || got[1].Version != 1 || len(moved.Events) != 1 {
		t.Fatalf("the refusal holds %v, want session-1's two events and nothing else", moved.Events)
	}
	if events, err := s.ReadStream(ctx, "session-1", eventstore.Forwards, 0, 10); err != nil || len(events) != 2 {
		t.Fatalf("after the refusal session-1 holds %d events (%v), want 2", len(events), err)
	}
}

// The statements of a write that take arrays run their generic plans (decision 1890):
// planned anew at each execution, they cost most of a booking's write beyond a plain
// append's. The setting ends with the write: the connection's next statement plans as
// before.
func TestAppendMultiWithRunsGenericPlans(t *testing.T) {
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(testdb.New(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxConns = 1 // every statement on the connection pg_prepared_statements describes
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	s, err := Open(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	if _, err := s.Append(ctx, "series-1", eventstore.NoStream, eventstoretest.Event("planned.v1", 0)); err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		session := fmt.Sprintf("session-%d", i)
		if _, err := s.AppendMultiWith(ctx, []eventstore.StreamVersion{{Stream: "series-1", Version: 0}, {Stream: session, Version: -1}}, nil,
			eventstore.StreamAppend{Stream: session, Expected: eventstore.NoStream, Events: []eventstore.EventData{eventstoretest.Event("booked.v1", i)}}); err != nil {
			t.Fatal(err)
		}
	}
	for name, query := range map[string]string{"unmoved check": unmovedCheck, "streams after": streamsAfterQuery} {
		var generic, custom int64
		if err := pool.QueryRow(ctx, `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1`, query).Scan(&generic, &custom); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if generic != 8 || custom != 0 {
			t.Errorf("%s ran %d generic and %d custom plans, want 8 generic", name, generic, custom)
		}
	}
	var mode string
	if err := pool.QueryRow(ctx, `SHOW plan_cache_mode`).Scan(&mode); err != nil || mode != "auto" {
		t.Errorf("after the writes the connection plans in mode %q (%v), want auto", mode, err)
	}
}

// The reads of given streams probe the (stream, version) index once per stream on a
// young log, not yet analysed (5,000 events), for the streams given and in the generic
// plan a write runs: joined to the log, they were planned as a hash join over every
// event (decision 1840).
func TestReadsOfGivenStreamsProbeTheIndex(t *testing.T) {
	s := newStore(t, testdb.New(t))
	ctx := context.Background()
	if _, err := s.pool.Exec(ctx, `
		INSERT INTO eventstore_events (commit_key, event_id, stream, version, type, data, metadata)
		SELECT 1, gen_random_uuid(), 'young-' || (i / 10), i % 10, 'young.v1', jsonb_build_object('note', repeat('x', 300)), '{}'
		  FROM generate_series(0, 4999) AS i`); err != nil {
		t.Fatal(err)
	}
	conn, err := s.pool.Acquire(ctx) // a prepared statement lives on its connection
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	for name, query := range map[string]string{"unmoved check": unmovedCheck, "streams after": streamsAfterQuery} {
		// The plan for the streams given, and the generic plan a write runs (decision 1890).
		for _, generic := range []bool{false, true} {
			explain, args := `EXPLAIN (FORMAT TEXT) `+query, []any{[]string{"young-1", "young-2", "young-3"}, []int64{9, 4, -1}}
			if generic {
				statement := strings.ReplaceAll(name, " ", "_")
				if _, err := conn.Exec(ctx, `SET plan_cache_mode = force_generic_plan; PREPARE `+statement+`(text[], bigint[]) AS `+query); err != nil {
					t.Fatal(err)
				}
				explain, args = `EXPLAIN (FORMAT TEXT) EXECUTE `+statement+`('{young-1,young-2,young-3}', '{9,4,-1}')`, nil
			}
			rows, err := conn.Query(ctx, explain, args...)
			if err != nil {
				t.Fatal(err)
			}
			lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				t.Fatal(err)
			}
			plan := strings.Join(lines, "\n")
			if strings.Contains(plan, "Seq Scan on eventstore_events") || !strings.Contains(plan, "eventstore_events_stream_version_key") {
				t.Errorf("%s (generic plan: %v): not one index probe per stream:\n%s", name, generic, plan)
			}
		}
	}
}
