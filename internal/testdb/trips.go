package testdb

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Trips counts the round trips a pool makes, by what was sent: each statement sent
// alone (its SQL, spaces folded) and each batch ("batch of n"); and, apart, the
// statements the batches carried.
type Trips struct {
	mu      sync.Mutex
	counts  map[string]int
	batched map[string]int
}

// CountingPool is Pool with every round trip counted.
func CountingPool(t testing.TB, dsn string) (*pgxpool.Pool, *Trips) {
	t.Helper()
	trips := &Trips{counts: map[string]int{}, batched: map[string]int{}}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatalf("testdb: pool: %v", err)
	}
	cfg.ConnConfig.Tracer = trips
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatalf("testdb: pool: %v", err)
	}
	t.Cleanup(func() { closeWithin(t, pool, closeGrace) })
	return pool, trips
}

// Reset answers the round trips counted since the last Reset.
func (c *Trips) Reset() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.counts
	c.counts = map[string]int{}
	return out
}

// Batched answers the statements sent in batches since the last call, by their SQL.
func (c *Trips) Batched() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.batched
	c.batched = map[string]int{}
	return out
}

func (c *Trips) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts[strings.Join(strings.Fields(data.SQL), " ")]++
	return ctx
}

func (c *Trips) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (c *Trips) TraceBatchStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceBatchStartData) context.Context {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts[fmt.Sprintf("batch of %d", data.Batch.Len())]++
	return ctx
}

func (c *Trips) TraceBatchQuery(_ context.Context, _ *pgx.Conn, data pgx.TraceBatchQueryData) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.batched[strings.Join(strings.Fields(data.SQL), " ")]++
}
func (c *Trips) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}
