package postgres

import (
	"context"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"move/eventstore"
)

// tailSize bounds how many of the log's latest events the tail keeps for subscribers
// a little behind the others.
const tailSize = 4 * subscribeBatch

// tail shares the reading of the log's end among this store's subscribers. Every
// projector and process subscribes on its own; without sharing, each append woke them
// all into the same query for the same events (a third of a busy server's CPU, and
// more of Postgres's: docs/benchmarks.md). Now one of them reads and the others take
// its answer, and a subscriber a little behind takes the events from the tail kept in
// memory.
//
// The tail is the concatenation of ReadAll answers each read after the previous one's
// last event, so it holds the log's events after `from` without a gap, exactly as
// ReadAll would answer them (below the transaction horizon).
type tail struct {
	mu      sync.Mutex
	events  []eventstore.RecordedEvent // oldest first
	from    eventstore.Position        // the position the first of events follows
	end     eventstore.Position        // the last event's position (from when empty)
	started bool                       // from and end are set
	reading *tailRead                  // the read after end under way, if any
	// endWoken is the wake-up channel current when the read that reached end began: a
	// subscriber holding the same one has missed no append since, and may wait.
	endWoken <-chan struct{}
	// reads counts the queries subscribers made (shared or not): what the sharing saves
	// shows in the test against the number of subscribers.
	reads atomic.Int64
}

// tailRead is one read of the log after `after`, which subscribers at the same place
// may share.
type tailRead struct {
	after eventstore.Position
	// woken is the wake-up channel that was current when the read began: a subscriber
	// holding another one was woken by an append this read may not see, and reads anew.
	woken <-chan struct{}
	done  chan struct{}
	batch []eventstore.RecordedEvent
	err   error
}

// readShared answers what ReadAll(ctx, after, limit) would: from the tail when it holds
// the events after `after`, from a read under way at the same place since the same
// wake-up, or from a read of its own (which others may then share). woken is the
// caller's wake-up channel, taken before it called. readAgain says the events came from
// memory and the log may hold more already (an append woke the caller since the tail's
// last read began): the caller reads again before it waits.
func (s *Store) readShared(ctx context.Context, after eventstore.Position, limit int, woken <-chan struct{}) (batch []eventstore.RecordedEvent, readAgain bool, err error) {
	t := &s.tail
	for {
		t.mu.Lock()
		if batch, ok := t.holds(after, limit); ok {
			upToDate := len(batch) < limit && t.endWoken == woken
			t.mu.Unlock()
			return batch, !upToDate, nil
		}
		if r := t.reading; r != nil && r.after == after && r.woken == woken {
			t.mu.Unlock()
			select {
			case <-r.done:
			case <-ctx.Done():
				return nil, false, ctx.Err()
			}
			if r.err != nil && ctx.Err() == nil {
				continue // the reader's request ended, not ours: read again
			}
			return clip(r.batch, limit), false, r.err
		}
		extends := !t.started || after == t.end || t.end.Less(after)
		if !extends { // behind the tail: a catch-up read of its own
			t.mu.Unlock()
			t.reads.Add(1)
			batch, err := s.ReadAll(ctx, after, limit)
			return batch, false, err
		}
		r := &tailRead{after: after, woken: woken, done: make(chan struct{})}
		t.reading = r
		t.mu.Unlock()

		t.reads.Add(1)
		r.batch, r.err = s.ReadAll(ctx, after, max(limit, subscribeBatch))
		t.mu.Lock()
		if r.err == nil {
			t.extend(after, r.batch, woken)
		}
		if t.reading == r {
			t.reading = nil
		}
		t.mu.Unlock()
		close(r.done)
		return clip(r.batch, limit), false, r.err
	}
}

// holds answers the events after `after` when the tail has them (after is its start or
// one of its events, other than the last).
func (t *tail) holds(after eventstore.Position, limit int) ([]eventstore.RecordedEvent, bool) {
	if !t.started || len(t.events) == 0 || after == t.end || after.Less(t.from) || t.end.Less(after) {
		return nil, false
	}
	i := 0
	if after != t.from {
		i = sort.Search(len(t.events), func(i int) bool { return !t.events[i].Position.Less(after) })
		if i == len(t.events) || t.events[i].Position != after {
			return nil, false // not an event's position: only a reader at one asks
		}
		i++
	}
	return clip(t.events[i:], limit), true
}

// extend adds a read's answer when it continues the tail (or starts it anew ahead of
// it), dropping the oldest events beyond tailSize. woken is the wake-up channel the
// read began under.
func (t *tail) extend(after eventstore.Position, batch []eventstore.RecordedEvent, woken <-chan struct{}) {
	switch {
	case !t.started || t.end.Less(after):
		t.events, t.from, t.end, t.started = nil, after, after, true
	case after != t.end:
		return // another read extended it meanwhile
	}
	t.endWoken = woken
	if len(batch) == 0 {
		return
	}
	t.events = append(t.events, batch...)
	t.end = batch[len(batch)-1].Position
	if drop := len(t.events) - tailSize; drop > 0 {
		t.from = t.events[drop-1].Position
		t.events = slices.Clone(t.events[drop:])
	}
}

// clip answers at most limit events, as a slice the caller cannot append into the tail.
func clip(events []eventstore.RecordedEvent, limit int) []eventstore.RecordedEvent {
	if len(events) > limit {
		events = events[:limit]
	}
	return slices.Clip(events)
}
