// Package bench measures the spine on this machine: appends against raw inserts,
// replay against COPY, rebuild of every read model, and command-to-read freshness.
// Figures are reported, never asserted: docs/benchmarks.md keeps them.
//
//	make bench       (or: go test -run '^$' -bench . -benchtime 1x ./bench/)
//
// BENCH_EVENTS sets the size of the replay and rebuild logs (default 1,000,000).
package bench

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/eventstore"
	"move/eventstore/eventstoretest"
	"move/eventstore/postgres"
	"move/internal/testenv"
	"move/projections"
	"move/projections/readmodels"
)

func logSize() int {
	if n, err := strconv.Atoi(os.Getenv("BENCH_EVENTS")); err == nil && n > 0 {
		return n
	}
	return 1_000_000
}

// rawTable has the event table's columns and indexes, without the store around it.
const rawTable = `
CREATE TABLE raw_events (
    position    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    commit_key  bigint NOT NULL,
    event_id    uuid NOT NULL UNIQUE,
    stream      text NOT NULL,
    version     bigint NOT NULL,
    type        text NOT NULL,
    data        jsonb NOT NULL,
    metadata    jsonb NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (stream, version)
);
CREATE INDEX raw_events_log ON raw_events (commit_key, position);`

// BenchmarkAppend: one-event appends to fresh streams at 1, 8 and 32 writers, and the
// same rows as plain INSERTs in the same database with the same durability, the two
// sides interleaved (interleaved).
func BenchmarkAppend(b *testing.B) {
	env := testenv.New(b)
	ctx := context.Background()
	pool := widePool(b, env.DSN)
	if _, err := pool.Exec(ctx, rawTable); err != nil {
		b.Fatal(err)
	}
	store, err := postgres.Open(ctx, pool)
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	const perRound = 4_000
	for _, writers := range []int{1, 8, 32} {
		r := interleaved(b, fmt.Sprintf("append writers=%d: store events/s against raw INSERT rows/s", writers), func() float64 {
			return hammer(writers, perRound, func(i int) error {
				_, err := store.Append(ctx, "bench-"+uuid.NewString(), eventstore.NoStream, eventstoretest.Event("bench.appended.v1", i))
				return err
			})
		}, func() float64 {
			return hammer(writers, perRound, func(i int) error {
				e := eventstoretest.Event("bench.appended.v1", i)
				_, err := pool.Exec(ctx, `INSERT INTO raw_events (commit_key, event_id, stream, version, type, data, metadata)
					VALUES (pg_current_xact_id()::text::bigint, $1, $2, 0, $3, $4, '{"application_id":"app-1"}')`,
					e.ID, "bench-"+uuid.NewString(), e.Type, string(e.Data))
				return err
			})
		})
		b.ReportMetric(r.A, fmt.Sprintf("store-events/s@%d", writers))
		b.ReportMetric(r.B, fmt.Sprintf("raw-rows/s@%d", writers))
		b.ReportMetric(r.Median, fmt.Sprintf("ratio@%d", writers))
	}
}

// hammer runs total calls of f over writers goroutines and answers calls per second.
func hammer(writers, total int, f func(i int) error) float64 {
	var next atomic.Int64
	var wg sync.WaitGroup
	var failed atomic.Value
	start := time.Now()
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1))
				if i > total {
					return
				}
				if err := f(i); err != nil {
					failed.Store(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := failed.Load(); err != nil {
		panic(err)
	}
	return float64(total) / time.Since(start).Seconds()
}

func widePool(b *testing.B, dsn string) *pgxpool.Pool {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		b.Fatal(err)
	}
	cfg.MaxConns = 40
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(pool.Close)
	return pool
}

func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(float64(len(sorted))*p))]
}

func sortDurations(d []time.Duration) { sort.Slice(d, func(i, j int) bool { return d[i] < d[j] }) }

// logEnd is the position of the log's last event, read directly: the store's head
// stops short of commits still settling below an older transaction.
func logEnd(tb testing.TB, env *testenv.Env) eventstore.Position {
	var commit, position int64
	if err := env.DB.QueryRow(context.Background(), `SELECT commit_key, position FROM eventstore_events ORDER BY commit_key DESC, position DESC LIMIT 1`).
		Scan(&commit, &position); err != nil {
		tb.Fatal(err)
	}
	return eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}
}

// readSideAt waits until every read model and process to-do list has passed pos.
func readSideAt(tb testing.TB, env *testenv.Env, pos eventstore.Position) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var names []string
	for _, p := range readmodels.All() {
		names = append(names, p.Name())
	}
	if err := projections.WaitFor(ctx, env.DB, names, pos); err != nil {
		tb.Fatal(err)
	}
}
