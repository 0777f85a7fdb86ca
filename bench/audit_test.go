package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"move/audit/seal"
	"move/eventstore"
	"move/internal/testenv"
)

// BenchmarkAuditSeal seals a log of BENCH_EVENTS events (default 1,000,000) in blocks
// of 1,000, then verifies it with `move audit verify`'s code, and reports both beside
// the time to read the same log through the store alone.
func BenchmarkAuditSeal(b *testing.B) {
	env := testenv.New(b)
	n := logSize()
	fillCatalogLog(b, env, n)
	ctx := context.Background()

	sealer := seal.NewSealer(env.Store, env.DB, nil, testenv.Logger(b))
	start := time.Now()
	sealed, err := sealer.Pass(ctx, true)
	if err != nil || sealed != n {
		b.Fatalf("sealed %d of %d: %v", sealed, n, err)
	}
	sealTime := time.Since(start)

	// The baseline: the same log (warm, as verify finds it) read through the store alone.
	start = time.Now()
	for pos := eventstore.Start; ; {
		events, err := env.Store.ReadAll(ctx, pos, 5000)
		if err != nil {
			b.Fatal(err)
		}
		if len(events) == 0 {
			break
		}
		pos = events[len(events)-1].Position
	}
	readTime := time.Since(start)

	start = time.Now()
	report, err := seal.Verify(ctx, env.Store, env.DB, nil)
	if err != nil || !report.Clean() || report.Events != int64(n) {
		b.Fatalf("verify: %+v %v", report, err)
	}
	verifyTime := time.Since(start)

	b.ReportMetric(float64(n)/sealTime.Seconds(), "sealed_events/s")
	b.ReportMetric(verifyTime.Seconds(), "verify_s")
	b.ReportMetric(readTime.Seconds(), "read_s")
	b.Logf("%d events: read alone in %s; sealed in %s (%.0f events/s); verified in %s (%.0f events/s, %.2f of the read alone)",
		n, readTime.Round(time.Millisecond), sealTime.Round(time.Millisecond), float64(n)/sealTime.Seconds(),
		verifyTime.Round(time.Millisecond), float64(n)/verifyTime.Seconds(), readTime.Seconds()/verifyTime.Seconds())
}

// BenchmarkAuditVerify seals a log of BENCH_EVENTS events (default 1,000,000), then runs
// `move audit verify`'s code three times, each time after the in-order reading it
// replaced (seal.VerifyInOrder, one connection) on the same warm log, so both meet the
// same load. With BENCH_PROFILE set to a folder, each run writes a CPU profile there.
func BenchmarkAuditVerify(b *testing.B) {
	env := testenv.New(b)
	n := logSize()
	fillCatalogLog(b, env, n)
	ctx := context.Background()
	sealer := seal.NewSealer(env.Store, env.DB, nil, testenv.Logger(b))
	if sealed, err := sealer.Pass(ctx, true); err != nil || sealed != n {
		b.Fatalf("sealed %d of %d: %v", sealed, n, err)
	}
	verifiers := []struct {
		name   string
		verify func(context.Context, eventstore.Store, *pgxpool.Pool, []seal.Anchor) (seal.Report, error)
	}{{"in-order", seal.VerifyInOrder}, {"verify", seal.Verify}}
	best := map[string]time.Duration{}
	for round := range 3 {
		for _, v := range verifiers {
			stop := cpuProfile(b, fmt.Sprintf("verify-%s-%d.pprof", v.name, round))
			start := time.Now()
			report, err := v.verify(ctx, env.Store, env.DB, nil)
			took := time.Since(start)
			stop()
			if err != nil || !report.Clean() || report.Events != int64(n) {
				b.Fatalf("%s: %+v %v", v.name, report, err)
			}
			if best[v.name] == 0 || took < best[v.name] {
				best[v.name] = took
			}
			b.Logf("round %d: %s verified %d events in %s (load average %s)", round, v.name, n, took.Round(time.Millisecond), loadAverage())
		}
	}
	b.ReportMetric(best["in-order"].Seconds(), "in_order_s")
	b.ReportMetric(best["verify"].Seconds(), "verify_s")
}

// cpuProfile writes a CPU profile to BENCH_PROFILE/name until stop, when that is set.
func cpuProfile(b *testing.B, name string) (stop func()) {
	dir := os.Getenv("BENCH_PROFILE")
	if dir == "" {
		return func() {}
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		b.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		b.Fatal(err)
	}
	return func() {
		pprof.StopCPUProfile()
		_ = f.Close()
	}
}
