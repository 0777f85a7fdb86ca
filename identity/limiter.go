package identity

import (
	"sync"
	"time"
)

// Limit is at most N attempts per Window.
type Limit struct {
	N      int
	Window time.Duration
}

// limiter counts attempts per key in fixed windows, in memory (one server; see
// docs/decisions/0103-login-rate-limit.md).
type limiter struct {
	limit   Limit
	mu      sync.Mutex
	windows map[string]window
}

type window struct {
	start time.Time
	count int
}

func newLimiter(l Limit) *limiter { return &limiter{limit: l, windows: map[string]window{}} }

// allow counts one attempt for key; over the limit it answers how long to wait.
func (l *limiter) allow(key string, now time.Time) (bool, time.Duration) {
	if l.limit.N <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.windows) > 100_000 {
		for k, w := range l.windows {
			if now.Sub(w.start) >= l.limit.Window {
				delete(l.windows, k)
			}
		}
	}
	w := l.windows[key]
	if now.Sub(w.start) >= l.limit.Window {
		w = window{start: now}
	}
	if w.count >= l.limit.N {
		return false, w.start.Add(l.limit.Window).Sub(now)
	}
	w.count++
	l.windows[key] = w
	return true, 0
}

// Limiter is the same fixed-window limiter for other routes that count failures
// (coupon redemptions in the consumer app): Wait asks without counting, Count counts.
type Limiter struct{ l *limiter }

// NewLimiter allows l.N counted attempts per key per l.Window.
func NewLimiter(l Limit) *Limiter { return &Limiter{l: newLimiter(l)} }

// Wait answers how long key must wait before its next attempt; zero when it may try.
func (l *Limiter) Wait(key string, now time.Time) time.Duration {
	if l.l.limit.N <= 0 {
		return 0
	}
	l.l.mu.Lock()
	defer l.l.mu.Unlock()
	w := l.l.windows[key]
	if now.Sub(w.start) >= l.l.limit.Window || w.count < l.l.limit.N {
		return 0
	}
	return w.start.Add(l.l.limit.Window).Sub(now)
}

// Count counts one attempt for key.
func (l *Limiter) Count(key string, now time.Time) { l.l.allow(key, now) }
