package bench

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/catalog"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	rmcatalog "move/projections/catalog"
	"move/projections/readmodels"
)

// BenchmarkFreshness: commands at half the sustained command rate; for each, the time
// from the command's answer until its read model has applied it (the checkpoint moves
// in the same transaction as the row, so that is when the read API can show it).
func BenchmarkFreshness(b *testing.B) {
	freshness(b, rmcatalog.Projectors()...)
}

// BenchmarkFreshnessEveryProjector: the same with every read model's projector running
// (each passes the sports' events it ignores, lazily), as a server runs them.
func BenchmarkFreshnessEveryProjector(b *testing.B) {
	freshness(b, readmodels.All()...)
}

func freshness(b *testing.B, projectors ...projections.Projector) {
	env := testenv.New(b)
	ctx := context.Background()
	env.RunProjections(b, env.Runner(b, projectors...))
	create := func(i int) (commands.Result, error) {
		return env.App.CreateCatalogItem(ctx, commands.Meta{CommandID: uuid.New(), ActorID: "bench"},
			catalog.Sport, catalog.Fields{Name: fmt.Sprintf("Sport %s", uuid.NewString())})
	}
	sustained := hammer(8, 3000, func(i int) error { _, err := create(i); return err })
	rate := sustained / 2
	// Start measuring once the read model has caught up with the sustained run.
	head, err := env.Store.Head(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if err := projections.WaitFor(ctx, env.DB, []string{"sports"}, head); err != nil {
		b.Fatal(err)
	}
	b.Logf("sustained command rate %.0f/s; measuring freshness at %.0f/s", sustained, rate)

	type pending struct {
		pos      eventstore.Position
		answered time.Time
	}
	var mu sync.Mutex
	var waiting []pending
	var latencies []time.Duration
	stop := make(chan struct{})
	var pollerDone sync.WaitGroup
	pollerDone.Add(1)
	go func() { // one poller reads the checkpoint and settles every command it covers
		defer pollerDone.Done()
		for {
			var commit, position int64
			if err := env.DB.QueryRow(ctx, `SELECT commit_key, position FROM projection_checkpoints WHERE name = 'sports'`).Scan(&commit, &position); err == nil {
				cp := eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}
				now := time.Now()
				mu.Lock()
				kept := waiting[:0]
				for _, p := range waiting {
					if p.pos.Less(cp) || p.pos == cp {
						latencies = append(latencies, now.Sub(p.answered))
					} else {
						kept = append(kept, p)
					}
				}
				waiting = kept
				done := len(waiting) == 0
				mu.Unlock()
				select {
				case <-stop:
					if done {
						return
					}
				default:
				}
			}
			time.Sleep(500 * time.Microsecond)
		}
	}()
	const total = 2000
	interval := time.Duration(float64(time.Second) / rate)
	var wg sync.WaitGroup
	next := time.Now()
	for i := range total {
		time.Sleep(time.Until(next))
		next = next.Add(interval)
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := create(i)
			if err != nil {
				b.Error(err)
				return
			}
			mu.Lock()
			waiting = append(waiting, pending{pos: res.Position, answered: time.Now()})
			mu.Unlock()
		}()
	}
	wg.Wait()
	close(stop)
	pollerDone.Wait()
	sortDurations(latencies)
	p50, p99 := percentile(latencies, 0.50), percentile(latencies, 0.99)
	b.Logf("freshness over %d commands at %.0f/s: p50 %s, p99 %s, max %s", len(latencies), rate, p50, p99, latencies[len(latencies)-1])
	b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
}
