package connbudget_test

import (
	"context"
	"math/rand/v2"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/internal/connbudget"
	"move/internal/testdb"
)

// A pool of 4 with two connections of its own beside it (a server's lock and LISTEN
// connections) and a budget of 7 (4 + 2 + 1 for a socket being closed): 16 clients
// whose queries are cut off mid-way by their contexts — each cut-off connection is
// closed in the background, with a cancel request over a socket of its own — never
// hold more than 7 sockets to Postgres, counted from the kernel's tables while the
// load runs. The queries that were not cut off all succeed, and a quarter of the
// clients never cut theirs off.
func TestSocketsStayWithinTheBudgetWhileQueriesAreCutOff(t *testing.T) {
	const poolSize, budget = 4, 7
	cfg, err := pgxpool.ParseConfig(testdb.New(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxConns = poolSize
	limit := connbudget.Limit(&cfg.ConnConfig.Config, budget)
	ctx := context.Background()
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	for range 2 {
		conn, err := pgx.ConnectConfig(ctx, pool.Config().ConnConfig)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
	}

	var peak, cut, done atomic.Int64
	stop := make(chan struct{})
	var sampling sync.WaitGroup
	sampling.Add(1)
	go func() {
		defer sampling.Done()
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
			n, err := connbudget.Sockets(os.Getpid(), int(cfg.ConnConfig.Port))
			if err == nil && int64(n) > peak.Load() {
				peak.Store(int64(n))
			}
		}
	}()
	var load sync.WaitGroup
	for client := range 16 {
		// Every fourth client waits as long as a query may take, so that queries finish
		// even when a loaded machine stretches every one past the others' cut-offs.
		patient := client%4 == 0
		load.Add(1)
		go func() {
			defer load.Done()
			for end := time.Now().Add(3 * time.Second); time.Now().Before(end); {
				timeout := time.Duration(1+rand.IntN(60)) * time.Millisecond
				if patient {
					timeout = 10 * time.Second
				}
				qctx, cancel := context.WithTimeout(ctx, timeout)
				_, err := pool.Exec(qctx, `SELECT pg_sleep(0.01)`)
				cancel()
				switch {
				case err == nil:
					done.Add(1)
				case qctx.Err() != nil:
					cut.Add(1)
				default:
					t.Errorf("a query not cut off failed: %v", err)
					return
				}
			}
		}()
	}
	load.Wait()
	close(stop)
	sampling.Wait()
	t.Logf("%d queries done, %d cut off; peak %d sockets (the budget's own count now %d); budget %d", done.Load(), cut.Load(), peak.Load(), limit.Open(), budget)
	if cut.Load() == 0 || done.Load() == 0 {
		t.Fatalf("the load cut off %d and finished %d queries: it must do both", cut.Load(), done.Load())
	}
	if peak.Load() > budget {
		t.Fatalf("peak %d sockets to Postgres, budget %d", peak.Load(), budget)
	}
	if peak.Load() == 0 {
		t.Fatal("no socket was counted: the sampling sees nothing")
	}
}
