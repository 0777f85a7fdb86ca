package kurrentdb

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	kdb "github.com/kurrent-io/KurrentDB-Client-Go/kurrentdb"

	"move/eventstore"
	"move/internal/wait"
)

// Watermill has no subscriber for KurrentDB: this is the small one the store needs, a
// catch-up subscription to $all that resumes by itself after a dropped connection.

const (
	// subscribeBuffer is how many events wait for a slow consumer before the
	// subscription stops reading from the server.
	subscribeBuffer = 256
	// resubscribeAttempts is how many resubscriptions in a row may fail before the
	// subscription gives up and reports the error.
	resubscribeAttempts = 20
	resubscribeFirst    = 100 * time.Millisecond
	resubscribeMax      = 5 * time.Second
)

// Subscribe implements eventstore.Store over SubscribeToAll: from after (exclusive; the
// beginning of the log, passed explicitly, for Start), with a server-side filter that
// drops system event types, and a client-side check that also drops events of
// $-prefixed streams. Events come in log order on the channel. After a dropped
// subscription it subscribes again from the last event it saw, so nothing is skipped or
// delivered twice. Consumers checkpoint the Position of the last event they applied, and
// subscribe after it when they restart.
func (s *Store) Subscribe(ctx context.Context, after eventstore.Position) (eventstore.Subscription, error) {
	// The first subscription is made here, so a server that refuses it fails the call.
	first, err := s.subscribeAfter(ctx, after)
	if err != nil {
		return nil, fmt.Errorf("kurrentdb: subscribe to $all: %w", err)
	}
	sub := eventstore.NewFeed(subscribeBuffer)
	go s.run(ctx, sub, first, after)
	return sub, nil
}

func (s *Store) subscribeAfter(ctx context.Context, after eventstore.Position) (*kdb.Subscription, error) {
	return s.db.SubscribeToAll(ctx, kdb.SubscribeToAllOptions{
		From:   allPosition(after), // never left nil: the client's default is the end of $all
		Filter: kdb.ExcludeSystemEventsFilter(),
	})
}

// run feeds sub until ctx ends or the subscription fails for good.
func (s *Store) run(ctx context.Context, sub *eventstore.Feed, server *kdb.Subscription, after eventstore.Position) {
	defer close(sub.C)
	c := cursor{last: after, seen: after != eventstore.Start}
	failures := 0
	backoff := resubscribeFirst
	for {
		if server == nil {
			if !wait.Sleep(ctx, backoff) {
				return
			}
			backoff = min(backoff*2, resubscribeMax)
			var err error
			if server, err = s.subscribeAfter(ctx, c.last); err != nil {
				if ctx.Err() != nil {
					return
				}
				failures++
				if permanent(err) || failures >= resubscribeAttempts {
					sub.Fail(fmt.Errorf("kurrentdb: resubscribe to $all after %v: %w", c.last, err))
					return
				}
				continue
			}
		}
		progressed, err := s.pump(ctx, sub, server, &c)
		_ = server.Close()
		server = nil
		if ctx.Err() != nil {
			return
		}
		if progressed {
			failures, backoff = 0, resubscribeFirst
		}
		failures++
		if permanent(err) || failures >= resubscribeAttempts {
			sub.Fail(fmt.Errorf("kurrentdb: subscription to $all dropped after %v: %w", c.last, err))
			return
		}
	}
}

// cursor is the last position a subscription saw: it resumes after it, and ignores an
// event at or before it (the server's start position is exclusive, but the check costs
// nothing and makes a resubscription safe either way).
type cursor struct {
	last eventstore.Position
	seen bool // last is an event's position (not the Start before the log)
}

// admit tells whether an event at p is new, and moves the cursor past it.
func (c *cursor) admit(p eventstore.Position) bool {
	if c.seen && !c.last.Less(p) {
		return false
	}
	c.last, c.seen = p, true
	return true
}

// decodeFailure marks an event the store cannot read: resubscribing would meet it again.
type decodeFailure struct{ err error }

func (d decodeFailure) Error() string { return d.err.Error() }
func (d decodeFailure) Unwrap() error { return d.err }

// pump delivers one server subscription's events until it drops or ctx ends. It
// answers whether anything arrived, and the error that ended it.
func (s *Store) pump(ctx context.Context, sub *eventstore.Feed, server *kdb.Subscription, c *cursor) (progressed bool, err error) {
	for {
		ev := server.Recv()
		switch {
		case ev.SubscriptionDropped != nil:
			err := ev.SubscriptionDropped.Error
			if err == nil {
				err = errors.New("subscription dropped")
			}
			return progressed, err
		case ev.EventAppeared != nil:
			progressed = true
			rec := ev.EventAppeared.OriginalEvent()
			if rec == nil || !c.admit(fromClientPosition(rec.Position)) || isSystem(rec) {
				continue
			}
			e, err := decodeEvent(rec)
			if err != nil {
				return progressed, decodeFailure{err}
			}
			select {
			case sub.C <- e:
			case <-ctx.Done():
				return progressed, ctx.Err()
			}
		default:
			// Checkpoints of the filter, caught-up and fell-behind notices: the
			// subscription is alive, nothing to deliver.
			progressed = true
		}
	}
}

// permanent tells whether resubscribing cannot help: the store is closed, the server
// refuses the credentials or the feature, or an event cannot be decoded.
func permanent(err error) bool {
	if err == nil {
		return false
	}
	var d decodeFailure
	if errors.As(err, &d) {
		return true
	}
	if errors.Is(err, io.EOF) {
		return false // the server ended the stream (shutdown, leader change)
	}
	code, ok := errorCode(err)
	if !ok {
		return false
	}
	switch code {
	case kdb.ErrorCodeConnectionClosed, kdb.ErrorCodeUnauthenticated, kdb.ErrorCodeAccessDenied,
		kdb.ErrorCodeUnsupportedFeature, kdb.ErrorCodeParsing:
		return true
	}
	return false
}
