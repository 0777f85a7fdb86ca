package bench

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain/activity"
	"move/domain/catalog"
	"move/domain/taxonomy"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	rmbookings "move/projections/bookings"
	rmcatalog "move/projections/catalog"
	rmtaxonomy "move/projections/taxonomy"
)

// BenchmarkFreshness: commands at half the sustained command rate; for each, the time
// from the command's answer until its read model has applied it (the checkpoint moves
// in the same transaction as the row, so that is when the read API can show it).
func BenchmarkFreshness(b *testing.B) {
	env := testenv.New(b)
	env.RunProjections(b, env.Runner(b, rmcatalog.Projectors()...))
	freshness(b, env, []freshCommand{createSport(env)})
}

// BenchmarkFreshnessEveryProjector: the same at a mixed command rate with every read
// model's projector and process to-do list running, as a server runs them: in turn a
// sport, a category, a tag and a booking of a distinct session (a quarter each), each
// timed until the read model that shows it has applied it.
func BenchmarkFreshnessEveryProjector(b *testing.B) {
	w, _, act := bookingWorld(b, 320, activity.TypeSession)
	ctx := context.Background()
	seriesID, sessions := dailySessions(b, w, act)
	var nextBooking atomic.Int64
	freshness(b, w.env, []freshCommand{
		createSport(w.env),
		{readModel: rmtaxonomy.Name, run: func() (commands.Result, error) {
			return w.env.App.CreateCategory(ctx, w.meta, taxonomy.CategoryFields{Title: "Categorie " + uuid.NewString()})
		}},
		{readModel: rmtaxonomy.Name, run: func() (commands.Result, error) {
			return w.env.App.CreateTag(ctx, w.meta, taxonomy.TagFields{Name: "Tag " + uuid.NewString()})
		}},
		{readModel: rmbookings.Name, run: func() (commands.Result, error) {
			// Each customer books a session once: session n of the series, customer by round.
			n := int(nextBooking.Add(1)) - 1
			ref := commands.SessionRef{SeriesID: seriesID, SessionID: sessions[n%len(sessions)], ActivityID: act}
			booked, err := w.env.App.BookSession(ctx, w.meta, commands.Booking{Session: ref, CustomerID: w.customers[(n/len(sessions))%len(w.customers)],
				Participant: person(n)})
			return booked.Result, err
		}},
	})
}

// freshCommand is one kind of command of a freshness run and the read model whose
// checkpoint shows its outcome.
type freshCommand struct {
	readModel string
	run       func() (commands.Result, error)
}

func createSport(env *testenv.Env) freshCommand {
	return freshCommand{readModel: rmcatalog.Table(catalog.Sport), run: func() (commands.Result, error) {
		return env.App.CreateCatalogItem(context.Background(), commands.Meta{CommandID: uuid.New(), ActorID: "bench"},
			catalog.Sport, catalog.Fields{Name: fmt.Sprintf("Sport %s", uuid.NewString())})
	}}
}

// freshness runs the kinds in turn (command i is kind i mod len(kinds)).
func freshness(b *testing.B, env *testenv.Env, kinds []freshCommand) {
	ctx := context.Background()
	create := func(i int) (commands.Result, freshCommand, error) {
		k := kinds[i%len(kinds)]
		res, err := k.run()
		return res, k, err
	}
	var readModels []string
	for _, k := range kinds {
		if !slices.Contains(readModels, k.readModel) {
			readModels = append(readModels, k.readModel)
		}
	}
	sustained := hammer(8, 3000, func(i int) error { _, _, err := create(i); return err })
	rate := sustained / 2
	// Start measuring once the read models have caught up with the sustained run.
	head, err := env.Store.Head(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if err := projections.WaitFor(ctx, env.DB, readModels, head); err != nil {
		b.Fatal(err)
	}
	b.Logf("sustained command rate %.0f/s (%d kinds in turn, read models %v); measuring freshness at %.0f/s", sustained, len(kinds), readModels, rate)

	type pending struct {
		readModel string
		pos       eventstore.Position
		answered  time.Time
	}
	var mu sync.Mutex
	var waiting []pending
	var latencies []time.Duration
	stop := make(chan struct{})
	var pollerDone sync.WaitGroup
	pollerDone.Add(1)
	go func() { // one poller reads the checkpoints and settles every command they cover
		defer pollerDone.Done()
		for {
			rows, err := env.DB.Query(ctx, `SELECT name, commit_key, position FROM projection_checkpoints WHERE name = ANY($1)`, readModels)
			checkpoints := map[string]eventstore.Position{}
			if err == nil {
				var name string
				var commit, position int64
				_, err = pgx.ForEachRow(rows, []any{&name, &commit, &position}, func() error {
					checkpoints[name] = eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}
					return nil
				})
			}
			if err == nil {
				now := time.Now()
				mu.Lock()
				kept := waiting[:0]
				for _, p := range waiting {
					if cp, ok := checkpoints[p.readModel]; ok && (p.pos.Less(cp) || p.pos == cp) {
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
			res, k, err := create(i)
			if err != nil {
				b.Error(err)
				return
			}
			mu.Lock()
			waiting = append(waiting, pending{readModel: k.readModel, pos: res.Position, answered: time.Now()})
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
