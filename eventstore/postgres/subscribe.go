package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"move/eventstore"
	"move/internal/wait"
)

const (
	subscribeBatch = 1000
	// pollIdle is how long a subscriber sleeps with nothing to read and no wake-up:
	// the fallback when a NOTIFY from another process is lost.
	pollIdle = 500 * time.Millisecond
	// pollBehindHorizon is how soon a subscriber looks again after a wake-up that found
	// nothing readable yet (an older transaction still open, or rolled back silently).
	pollBehindHorizon = 5 * time.Millisecond
)

// Subscribe implements eventstore.Store: catch up in batches, then wait for appends
// from this process (direct wake-up) or others (the store's one LISTEN connection),
// polling as a fallback.
func (s *Store) Subscribe(ctx context.Context, after eventstore.Position) (eventstore.Subscription, error) {
	s.listenOnce.Do(func() { go s.listen() })
	sub := eventstore.NewFeed(subscribeBatch)
	go func() {
		defer close(sub.C)
		checkpoint := after
		backoff := pollBehindHorizon
		timer := time.NewTimer(pollIdle) // one for the subscription: it waits after every read
		defer timer.Stop()
		for {
			local := s.notifier.local.wait() // taken before reading, so no append is missed
			batch, readAgain, err := s.readShared(ctx, checkpoint, subscribeBatch, local)
			if err != nil {
				if ctx.Err() == nil {
					sub.Fail(err)
				}
				return
			}
			for _, e := range batch {
				select {
				case sub.C <- e:
					checkpoint = e.Position
				case <-ctx.Done():
					return
				}
			}
			if len(batch) == subscribeBatch || readAgain {
				continue
			}
			wait := pollIdle
			if len(batch) == 0 {
				wait = backoff
				backoff = min(backoff*2, pollIdle)
			} else {
				backoff = pollBehindHorizon
			}
			timer.Reset(wait)
			select {
			case <-ctx.Done():
				return
			case <-local:
				backoff = pollBehindHorizon
			case <-timer.C:
			}
			timer.Stop()
		}
	}()
	return sub, nil
}

// listen wakes this process's subscribers on NOTIFYs from other processes until the
// store closes; it reconnects after a lost connection, and polling covers the gap.
func (s *Store) listen() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-s.notifier.done; cancel() }()
	for ctx.Err() == nil {
		// A connection of its own: a LISTEN holds it for good, and must not starve the pool.
		conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
		if err != nil {
			wait.Sleep(ctx, time.Second)
			continue
		}
		if _, err := conn.Exec(ctx, `LISTEN `+NotifyChannel); err == nil {
			for {
				if _, err := conn.WaitForNotification(ctx); err != nil {
					break
				}
				s.notifier.local.fire()
			}
		}
		_ = conn.Close(context.Background())
		wait.Sleep(ctx, 100*time.Millisecond)
	}
}
