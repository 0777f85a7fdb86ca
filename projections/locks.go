package projections

import (
	"context"
	"hash/fnv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	waitpkg "move/internal/wait"
)

const (
	// lockRetry is how often a waiting Acquire tries again: a standby server's whole cost
	// is one query per waiting lock this often, on the connection it already has.
	lockRetry = 2 * time.Second
	// lockCheck is how often the lock connection is checked while it holds locks: a lost
	// connection lost its locks, and their holders must stop writing.
	lockCheck = 2 * time.Second
)

// Locks holds a process's Postgres advisory locks, all on one connection of its own
// (decision 0500): a server's projectors and process worker cost one connection
// however many they are, and a lock goes when the connection does — also when the
// process dies and another server takes over. The connection is opened for the first
// Acquire and closed when nobody holds or waits for a lock.
type Locks struct {
	config *pgx.ConnConfig

	mu      sync.Mutex
	conn    *pgx.Conn
	users   int              // leases held plus Acquires waiting
	held    map[int64]*Lease // by key
	stopped chan struct{}    // closed when the connection is dropped
}

// Lease is one held lock. Lost is closed when the lock went with its connection.
type Lease struct {
	locks *Locks
	key   int64
	lost  chan struct{}
	once  sync.Once
}

// NewLocks makes the lock holder of a process; it connects with config.
func NewLocks(config *pgx.ConnConfig) *Locks {
	return &Locks{config: config.Copy(), held: map[int64]*Lease{}}
}

// Acquire takes the lock named name. wait keeps trying, every lockRetry, until ctx ends
// (a connection failure meanwhile is retried too); without it a lock held elsewhere — by
// another process or another holder in this one — answers ok false.
func (l *Locks) Acquire(ctx context.Context, name string, wait bool) (lease *Lease, ok bool, err error) {
	key := lockKey(name)
	l.mu.Lock()
	l.users++
	l.mu.Unlock()
	for {
		lease, err := l.try(ctx, key)
		if lease != nil {
			return lease, true, nil // the lease is now the user the waiter was
		}
		if err != nil && (!wait || ctx.Err() != nil) {
			l.leave()
			return nil, false, err
		}
		if !wait {
			l.leave()
			return nil, false, nil
		}
		if !waitpkg.Sleep(ctx, lockRetry) {
			l.leave()
			return nil, false, ctx.Err()
		}
	}
}

func (l *Locks) try(ctx context.Context, key int64) (*Lease, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, mine := l.held[key]; mine {
		// Advisory locks are reentrant per session; within the process they must exclude.
		return nil, nil
	}
	if l.conn == nil {
		conn, err := pgx.ConnectConfig(ctx, l.config)
		if err != nil {
			return nil, err
		}
		l.conn, l.stopped = conn, make(chan struct{})
		go l.watch(conn, l.stopped)
	}
	var got bool
	if err := l.conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, key).Scan(&got); err != nil {
		l.dropLocked()
		return nil, err
	}
	if !got {
		return nil, nil
	}
	lease := &Lease{locks: l, key: key, lost: make(chan struct{})}
	l.held[key] = lease
	return lease, nil
}

// watch checks the connection while it is open; when it fails, every lease is lost.
func (l *Locks) watch(conn *pgx.Conn, stopped <-chan struct{}) {
	tick := time.NewTicker(lockCheck)
	defer tick.Stop()
	for {
		select {
		case <-stopped:
			return
		case <-tick.C:
		}
		l.mu.Lock()
		if l.conn == conn {
			ctx, cancel := context.WithTimeout(context.Background(), lockCheck)
			if err := conn.Ping(ctx); err != nil {
				l.dropLocked()
			}
			cancel()
		}
		l.mu.Unlock()
	}
}

// dropLocked closes the connection: its locks are gone, so every lease is lost.
func (l *Locks) dropLocked() {
	if l.conn == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	_ = l.conn.Close(ctx)
	cancel()
	close(l.stopped)
	l.conn = nil
	for key, lease := range l.held {
		close(lease.lost)
		delete(l.held, key)
	}
}

// leave ends one user's interest; the last one closes the connection.
func (l *Locks) leave() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.users--
	if l.users == 0 {
		l.dropLocked()
	}
}

// Held answers how many locks this process holds now.
func (l *Locks) Held() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.held)
}

// Lost is closed when the lock went with its connection.
func (s *Lease) Lost() <-chan struct{} { return s.lost }

// Context answers a context that ends with parent or when the lock is lost: work
// done under the lock runs in it.
func (s *Lease) Context(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	go func() {
		select {
		case <-s.lost:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

// Release gives the lock back; a second call does nothing.
func (s *Lease) Release() {
	s.once.Do(func() {
		l := s.locks
		l.mu.Lock()
		if l.held[s.key] == s && l.conn != nil {
			delete(l.held, s.key)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			if _, err := l.conn.Exec(ctx, `SELECT pg_advisory_unlock($1)`, s.key); err != nil {
				l.dropLocked()
			}
			cancel()
		}
		l.mu.Unlock()
		l.leave()
	})
}

// lockKey is the advisory-lock key of a name.
func lockKey(name string) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(name))
	return int64(h.Sum64())
}
