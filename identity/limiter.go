package identity

import (
	"context"
	"crypto/sha256"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
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
	if l.limit.N <= 0 {
		return true, 0, nil
	}
	now = now.UTC()
	var count int
	var start time.Time
	err := l.db.QueryRow(ctx, `
		INSERT INTO rate_limit_windows AS w (key, window_start, count) VALUES ($1, $2, 1)
		ON CONFLICT (key) DO UPDATE SET
		    count        = CASE WHEN w.window_start <= $2 - $3::interval THEN 1 ELSE w.count + 1 END,
		    window_start = CASE WHEN w.window_start <= $2 - $3::interval THEN $2 ELSE w.window_start END
		RETURNING count, window_start`, l.key(key), now, l.limit.Window).Scan(&count, &start)
	if err != nil {
		return false, 0, err
	}
	if count > l.limit.N {
		return false, start.Add(l.limit.Window).Sub(now), nil
	}
	return true, 0, nil
}

// Wait answers how long key must wait before its next attempt, without counting one;
// zero when it may try.
func (l *Limiter) Wait(ctx context.Context, key string, now time.Time) (time.Duration, error) {
	if l.limit.N <= 0 {
		return 0, nil
	}
	var count int
	var start time.Time
	err := l.db.QueryRow(ctx, `SELECT count, window_start FROM rate_limit_windows WHERE key = $1`, l.key(key)).Scan(&count, &start)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	if left := start.Add(l.limit.Window).Sub(now); count >= l.limit.N && left > 0 {
		return left, nil
	}
	return 0, nil
}

// Count counts one attempt for key (a failure, for limiters that count only those).
func (l *Limiter) Count(ctx context.Context, key string, now time.Time) error {
	_, _, err := l.Allow(ctx, key, now)
	return err
}

// sweepRateLimits deletes windows that ended a day ago or more.
func sweepRateLimits(ctx context.Context, db *pgxpool.Pool, now time.Time) (int64, error) {
	tag, err := db.Exec(ctx, `DELETE FROM rate_limit_windows WHERE window_start < $1`, now.UTC().Add(-24*time.Hour))
	return tag.RowsAffected(), err
}
