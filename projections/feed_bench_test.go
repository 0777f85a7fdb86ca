package projections_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
)

// BenchmarkWaitForAnIgnoredWrite: how long a caller whose last write is an event a read
// model ignores waits for that read model to pass it (decision 1330), while other
// events it ignores keep coming at a steady rate (one every 20 ms, a moderately busy
// installation). Reported per write: p50 and max of the wait.
func BenchmarkWaitForAnIgnoredWrite(b *testing.B) {
	env := testenv.New(b)
	ctx := context.Background()
	r, err := projections.NewRunner(env.Store, env.DB, probeRegistry(false), env.Vault, testenv.Logger(b), nil, probe{})
	if err != nil {
		b.Fatal(err)
	}
	env.RunProjections(b, r)
	noise := func() eventstore.Position {
		res, err := env.Store.Append(ctx, "noise-"+uuid.NewString(), eventstore.NoStream, eventstore.EventData{ID: uuid.New(),
			Type: "noise.happened.v1", Data: []byte(`{}`), Metadata: eventstore.Metadata{ActorID: "bench"}})
		if err != nil {
			b.Fatal(err)
		}
		return res.Position
	}
	if err := projections.WaitFor(ctx, env.DB, []string{"fault_probe"}, noise()); err != nil {
		b.Fatal(err)
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				_, _ = env.Store.Append(ctx, "noise-"+uuid.NewString(), eventstore.NoStream, eventstore.EventData{ID: uuid.New(),
					Type: "noise.happened.v1", Data: []byte(`{}`), Metadata: eventstore.Metadata{ActorID: "bench"}})
			}
		}
	}()
	var waits []time.Duration
	b.ResetTimer()
	for range b.N {
		pos := noise()
		started := time.Now()
		wctx, cancel := context.WithTimeout(ctx, time.Minute)
		if err := projections.WaitFor(wctx, env.DB, []string{"fault_probe"}, pos); err != nil {
			b.Fatal(err)
		}
		cancel()
		waits = append(waits, time.Since(started))
	}
	b.StopTimer()
	close(stop)
	<-done
	slices.Sort(waits)
	b.ReportMetric(float64(waits[len(waits)/2].Milliseconds()), "p50-ms")
	b.ReportMetric(float64(waits[len(waits)-1].Milliseconds()), "max-ms")
}
