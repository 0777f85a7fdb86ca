// Package connbudget bounds the sockets a process opens to Postgres, whoever opens
// them (decision 1341). A pool's size does not: pgx closes a connection whose query's
// context ended in the background — it sends a cancel request over a socket of its
// own and drains the old socket for up to 15 s — while the pool has already freed the
// slot and dials a replacement. Under load that put a server of budget 10 at 12.
package connbudget

import (
	"context"
	"net"
	"sync"

	"github.com/jackc/pgx/v5/pgconn"
	"golang.org/x/sync/semaphore"
)

// Limit makes every socket config dials (and every copy of config dials: the pool's
// connections, cancel requests, the lock and LISTEN connections) take one of size
// slots, waiting for one while its context lasts, and give it back when closed.
func Limit(config *pgconn.Config, size int) *Budget {
	b := &Budget{slots: semaphore.NewWeighted(int64(size)), size: size}
	dial := config.DialFunc
	config.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		if err := b.slots.Acquire(ctx, 1); err != nil {
			return nil, err
		}
		conn, err := dial(ctx, network, addr)
		if err != nil {
			b.slots.Release(1)
			return nil, err
		}
		b.mu.Lock()
		b.open++
		b.mu.Unlock()
		return &budgeted{Conn: conn, budget: b}, nil
	}
	return b
}

// Budget is the process's slots for sockets to Postgres.
type Budget struct {
	slots *semaphore.Weighted
	size  int
	mu    sync.Mutex
	open  int
}

// Open is how many sockets are open now.
func (b *Budget) Open() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.open
}

type budgeted struct {
	net.Conn
	budget *Budget
	// inFlight is held shared by every Read and Write and exclusively by Close: the
	// kernel closes a socket only when the last operation on it returns, so the slot
	// is given back after that, not when Close merely asks (pgx reads in the
	// background while another goroutine closes; the slot came back a moment early).
	inFlight sync.RWMutex
	closed   sync.Once
}

func (c *budgeted) Read(p []byte) (int, error) {
	c.inFlight.RLock()
	defer c.inFlight.RUnlock()
	return c.Conn.Read(p)
}

func (c *budgeted) Write(p []byte) (int, error) {
	c.inFlight.RLock()
	defer c.inFlight.RUnlock()
	return c.Conn.Write(p)
}

func (c *budgeted) Close() error {
	err := c.Conn.Close() // unblocks the reads and writes in flight
	c.closed.Do(func() {
		c.inFlight.Lock()
		c.inFlight.Unlock() // nothing to guard: the wait is the point
		c.budget.mu.Lock()
		c.budget.open--
		c.budget.mu.Unlock()
		c.budget.slots.Release(1)
	})
	return err
}
