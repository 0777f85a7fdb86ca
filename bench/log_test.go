package bench

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	"move/projections/readmodels"
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
	// CPU seconds per round, the test process and the database's backends (cpuSpent): on
	// a loaded machine the rates measure the run queue as well.
	var goStore, pgStore, goCopy, pgCopy []float64
	spent := func(f func() float64, goCPU, pgCPU *[]float64) float64 {
		g0, p0 := cpuSpent(b, env.DB)
		v := f()
		g1, p1 := cpuSpent(b, env.DB)
		*goCPU, *pgCPU = append(*goCPU, (g1-g0).Seconds()), append(*pgCPU, (p1-p0).Seconds())
		return v
	}
	r := interleaved(b, fmt.Sprintf("replay of %d events: store events/s against COPY rows/s", n), func() float64 {
		return spent(func() float64 {
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
			if read != n {
				b.Logf("replay read %d of %d events (the read horizon held back)", read, n)
			}
			return float64(read) / time.Since(start).Seconds()
		}, &goStore, &pgStore)
	}, func() float64 {
		return spent(func() float64 {
			start := time.Now()
			tag, err := conn.Conn().PgConn().CopyTo(ctx, io.Discard, `COPY (SELECT position, commit_key, event_id, stream, version, type,
			data, metadata, recorded_at FROM eventstore_events ORDER BY commit_key, position) TO STDOUT`)
			if err != nil {
				b.Fatal(err)
			}
			return float64(tag.RowsAffected()) / time.Since(start).Seconds()
		}, &goCopy, &pgCopy)
	})
	b.Logf("replay of %d events: CPU seconds (medians of the rounds) — store: Go %.2f + Postgres %.2f; COPY: Go %.2f + Postgres %.2f",
		n, median(goStore), median(pgStore), median(goCopy), median(pgCopy))
	b.ReportMetric(r.A, "store-events/s")
	b.ReportMetric(r.B, "copy-rows/s")
	b.ReportMetric(r.Median, "ratio")
}

// BenchmarkRebuild rebuilds every read model and process to-do list from a mixed log
// shaped like a year of a mid-size application (yearLog, BENCH_EVENTS events) in one
// pass over the log (the figure: aim ≤ 60 s at 1,000,000 events). It logs the pass's
// CPU time, Go's (this process) and Postgres's (the database's backends), and each read
// model's share: its transactions' wall time and its backends' CPU. BENCH_EACH=1 then
// rebuilds each alone as well, for its own time.
//
//	make bench-rebuild
func BenchmarkRebuild(b *testing.B) {
	env := testenv.New(b)
	n := logSize()
	start := time.Now()
	kinds := yearLog(b, env, n)
	var events int
	if err := env.DB.QueryRow(context.Background(), `SELECT count(*) FROM eventstore_events`).Scan(&events); err != nil {
		b.Fatal(err)
	}
	b.Logf("generated a year's log of %d events in %s: %v", events, time.Since(start).Round(time.Second), kinds)
	loadBefore := loadAverage()
	goBefore, pgBefore := goCPU(b), postgresCPU(b, env)
	runner, all := rebuildEvery(b, env)
	goCPUs, pgCPUs := goCPU(b)-goBefore, cpuSince(pgBefore, postgresCPU(b, env))
	b.Logf("rebuild of every read model and process to-do list (%d) from %d events in one pass: %s (%.0f events/s); CPU Go %.1f s, Postgres %.1f s (its backends on the database; parallel index workers not counted); load average before %s, after %s; CPU %s",
		len(runner.Projectors()), events, all.Round(time.Millisecond), float64(events)/all.Seconds(), goCPUs.Seconds(), pgCPUs.Seconds(),
		loadBefore, loadAverage(), cpuModel())
	// One message: the benchmark's log keeps only its first lines.
	var list strings.Builder
	for _, t := range runner.RebuildTimes() {
		fmt.Fprintf(&list, "%s %s (load %s, indexed %s; Postgres CPU %s); ", t.Name, t.Total().Round(time.Millisecond), t.Load.Round(time.Millisecond),
			t.Indexed.Round(time.Millisecond), t.PostgresCPU.Round(10*time.Millisecond))
	}
	b.Logf("each read model's share of the pass (its transactions' wall time, beside the others', and their backends' CPU), slowest first: %s", list.String())
	b.ReportMetric(all.Seconds(), "s-all")
	b.ReportMetric(goCPUs.Seconds(), "go-cpu-s")
	b.ReportMetric(pgCPUs.Seconds(), "pg-cpu-s")
	if os.Getenv("BENCH_EACH") == "" {
		return
	}
	list.Reset()
	for _, r := range rebuildEach(b, runner) {
		fmt.Fprintf(&list, "%s %s; ", r.name, r.took.Round(time.Millisecond))
	}
	b.Logf("each alone, slowest first: %s", list.String())
}

// goCPU is the CPU time this process used so far (user and system).
func goCPU(tb testing.TB) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// cpuSince is the CPU time the backends of after used since before (a backend begun
// in between counts whole; one ended in between is lost).
func cpuSince(before, after map[int32]time.Duration) time.Duration {
	var d time.Duration
	for pid, t := range after {
		d += t - before[pid]
	}
	return d
}

// postgresCPU is the CPU time used so far by each server process of env's database
// (the backends of the pool's connections; the server is on this machine): user and
// system time from /proc, in clock ticks of 10 ms.
func postgresCPU(tb testing.TB, env *testenv.Env) map[int32]time.Duration {
	rows, err := env.DB.Query(context.Background(), `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)
	if err != nil {
		tb.Fatal(err)
	}
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		tb.Fatal(err)
	}
	out := map[int32]time.Duration{}
	for _, pid := range pids {
		out[pid] = backendCPU(uint32(pid))
	}
	return out
}

// backendCPU is the CPU time (user and system) process pid used so far, from /proc in
// clock ticks of 10 ms; 0 for a process that ended.
func backendCPU(pid uint32) time.Duration {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// Fields after the command (in parentheses): utime and stime are the 12th and 13th.
	fields := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+1:]))
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

type rebuilt struct {
	name string
	took time.Duration
}

// rebuildEvery rebuilds every projector of the server in one pass over the log and
// answers the runner and the pass's time.
func rebuildEvery(tb testing.TB, env *testenv.Env) (*projections.Runner, time.Duration) {
	tb.Helper()
	ctx := context.Background()
	runner := env.Runner(tb, readmodels.All()...)
	runner.BackendCPU = backendCPU
	if err := runner.Prepare(ctx); err != nil {
		tb.Fatal(err)
	}
	start := time.Now()
	if err := runner.RebuildAll(ctx, runner.Projectors()); err != nil {
		tb.Fatal(err)
	}
	return runner, time.Since(start)
}

// rebuildEach rebuilds each projector alone, answering each one's time, slowest first.
func rebuildEach(tb testing.TB, runner *projections.Runner) []rebuilt {
	tb.Helper()
	var each []rebuilt
	for _, p := range runner.Projectors() {
		start := time.Now()
		if err := runner.RebuildAll(context.Background(), []projections.Projector{p}); err != nil {
			tb.Fatalf("%s: %v", p.Name(), err)
		}
		each = append(each, rebuilt{p.Name(), time.Since(start)})
	}
	slices.SortFunc(each, func(a, b rebuilt) int { return cmp.Compare(b.took, a.took) })
	return each
}
