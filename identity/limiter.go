package identity

import (
	"context"
	"crypto/sha256"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Limit is at most N attempts per Window; N 0 is no limit.
type Limit struct {
	N      int
	Window time.Duration
}

// Limiter counts attempts per key in fixed windows, in a table every server shares, so
// the limit holds however many servers run (docs/decisions/0103-login-rate-limit.md).
// A key's window starts at its first attempt.
type Limiter struct {
	db    *pgxpool.Pool
	scope string
	limit Limit
}

// NewLimiter allows l.N attempts per key per l.Window; scope keeps limiters apart.
func NewLimiter(db *pgxpool.Pool, scope string, l Limit) *Limiter {
	return &Limiter{db: db, scope: scope, limit: l}
}

func (l *Limiter) key(key string) []byte {
	sum := sha256.Sum256([]byte(l.scope + "\x00" + key))
	return sum[:]
}

// Allow counts one attempt for key; over the limit it answers how long to wait.
func (l *Limiter) Allow(ctx context.Context, key string, now time.Time) (bool, time.Duration, error) {
	_, ok, wait, err := l.Take(ctx, key, now)
	return ok, wait, err
}

// Attempt is one attempt a Limiter counted; Forgive takes it back.
type Attempt struct {
	l     *Limiter
	key   []byte
	start time.Time
}

// Take counts one attempt for key before it is tried; over the limit it answers how
// long to wait. Limiters that count only failures take every attempt first and
// forgive the ones that succeed: counting first is what keeps concurrent attempts
// from all being tried before any of them is counted (0531).
func (l *Limiter) Take(ctx context.Context, key string, now time.Time) (Attempt, bool, time.Duration, error) {
	if l.limit.N <= 0 {
		return Attempt{}, true, 0, nil
	}
	now = now.UTC()
	hashed := l.key(key)
	var count int
	var start time.Time
	err := l.db.QueryRow(ctx, `
		INSERT INTO rate_limit_windows AS w (key, window_start, count) VALUES ($1, $2, 1)
		ON CONFLICT (key) DO UPDATE SET
		    count        = CASE WHEN w.window_start <= $2 - $3::interval THEN 1 ELSE w.count + 1 END,
		    window_start = CASE WHEN w.window_start <= $2 - $3::interval THEN $2 ELSE w.window_start END
		RETURNING count, window_start`, hashed, now, l.limit.Window).Scan(&count, &start)
	if err != nil {
		return Attempt{}, false, 0, err
	}
	attempt := Attempt{l: l, key: hashed, start: start}
	if count > l.limit.N {
		return attempt, false, start.Add(l.limit.Window).Sub(now), nil
	}
	return attempt, true, 0, nil
}

// Forgive takes back an attempt that did not fail, in the window that counted it.
func (a Attempt) Forgive(ctx context.Context) error {
	if a.l == nil {
		return nil
	}
	_, err := a.l.db.Exec(ctx, `UPDATE rate_limit_windows SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0`, a.key, a.start)
	return err
}

// sweepRateLimits deletes windows that ended a day ago or more.
func sweepRateLimits(ctx context.Context, db *pgxpool.Pool, now time.Time) (int64, error) {
	tag, err := db.Exec(ctx, `DELETE FROM rate_limit_windows WHERE window_start < $1`, now.UTC().Add(-24*time.Hour))
	return tag.RowsAffected(), err
}
