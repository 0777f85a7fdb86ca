package bench

import (
	"context"
	"fmt"
	"io"
	"testing"
	"time"

	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	rmcatalog "move/projections/catalog"
)

// fillCatalogLog writes n catalogue events straight into the log, 10,000 per
// transaction: items of the three kinds, each created and then updated three times.
// Generated in SQL so that a million events take seconds, not minutes.
func fillCatalogLog(b *testing.B, env *testenv.Env, n int) {
	b.Helper()
	ctx := context.Background()
	items := n / 4
	const perTx = 2500
	start := time.Now()
	for first := 0; first < items; first += perTx {
		_, err := env.DB.Exec(ctx, `
			INSERT INTO eventstore_events (commit_key, event_id, stream, version, type, data, metadata)
			SELECT pg_current_xact_id()::text::bigint + c.xid_offset, gen_random_uuid(),
			       k.kind || '-' || md5(item::text)::uuid, v,
			       k.kind || CASE WHEN v = 0 THEN '.created.v1' ELSE '.updated.v1' END,
			       CASE WHEN k.kind = 'sport'
			            THEN jsonb_build_object('name', 'Item ' || item || ' v' || v, 'highlighted', v % 2 = 1)
			            ELSE jsonb_build_object('name', 'Item ' || item || ' v' || v) END,
			       '{"application_id":"bench","actor_id":"bench"}'
			  FROM eventstore_clock c,
			       generate_series($1::int, $2::int) item,
			       LATERAL (SELECT (ARRAY['sport','location_type','product_type'])[item % 3 + 1] AS kind) k,
			       generate_series(0, 3) v
			 ORDER BY item, v`, first, min(first+perTx, items)-1)
		if err != nil {
			b.Fatal(err)
		}
	}
	if _, err := env.DB.Exec(ctx, `VACUUM ANALYZE eventstore_events`); err != nil {
		b.Fatal(err)
	}
	b.Logf("log of %d events written in %s", items*4, time.Since(start).Round(time.Millisecond))
}

// BenchmarkReplay reads the whole global log in order through the store, and the same
// rows with COPY … TO, the two sides interleaved (interleaved).
func BenchmarkReplay(b *testing.B) {
	env := testenv.New(b)
	n := logSize()
	fillCatalogLog(b, env, n)
	ctx := context.Background()
	conn, err := env.DB.Acquire(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Release()
	r := interleaved(b, fmt.Sprintf("replay of %d events: store events/s against COPY rows/s", n), func() float64 {
		start := time.Now()
		pos, read := eventstore.Start, 0
		for {
			events, err := env.Store.ReadAll(ctx, pos, 5000)
			if err != nil {
				b.Fatal(err)
			}
			if len(events) == 0 {
				break
			}
			read += len(events)
			pos = events[len(events)-1].Position
		}
		return float64(read) / time.Since(start).Seconds()
	}, func() float64 {
		start := time.Now()
		tag, err := conn.Conn().PgConn().CopyTo(ctx, io.Discard, `COPY (SELECT position, commit_key, event_id, stream, version, type,
			data, metadata, recorded_at FROM eventstore_events ORDER BY commit_key, position) TO STDOUT`)
		if err != nil {
			b.Fatal(err)
		}
		return float64(tag.RowsAffected()) / time.Since(start).Seconds()
	})
	b.ReportMetric(r.A, "store-events/s")
	b.ReportMetric(r.B, "copy-rows/s")
	b.ReportMetric(r.Median, "ratio")
}

// BenchmarkRebuild rebuilds every read model from a log of catalogue events.
func BenchmarkRebuild(b *testing.B) {
	env := testenv.New(b)
	n := logSize()
	fillCatalogLog(b, env, n)
	ctx := context.Background()
	runner := env.Runner(b, rmcatalog.Projectors()...)
	start := time.Now()
	if err := runner.RebuildAll(ctx, runner.Projectors()); err != nil {
		b.Fatal(err)
	}
	took := time.Since(start)
	var rows int64
	for _, p := range runner.Projectors() {
		var c int64
		if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM `+projections.LiveSchema+`.`+p.Tables()[0]).Scan(&c); err != nil {
			b.Fatal(err)
		}
		rows += c
	}
	if rows != int64(n/4) {
		b.Fatalf("rebuilt %d rows, want %d", rows, n/4)
	}
	b.Logf("rebuild of %d events into %d read models: %s, %.0f events/s", n, len(runner.Projectors()), took.Round(time.Millisecond), float64(n)/took.Seconds())
	b.ReportMetric(took.Seconds(), "s")
	b.ReportMetric(float64(n)/took.Seconds(), "events/s")
}
