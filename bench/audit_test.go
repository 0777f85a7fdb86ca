package bench

import (
	"context"
	"testing"
	"time"

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
