package commands

import (
	"container/list"
	"sync"

	"move/domain"
	"move/eventstore"
)

// streamCacheLimit and streamCacheEvents bound what a server keeps (decision 1720): a
// few thousand streams — the offer's series, activities and organisations, the
// sessions being booked, their customers — and their events all told (a booking's
// sealed participant is about a kilobyte, so some tens of megabytes at most).
const (
	streamCacheLimit  = 4096
	streamCacheEvents = 40000
)

// streamCache keeps, per stream, the events a single writer read or appended, decoded
// and still sealed (decision 1720): the next batch asks the store only for the events
// after them. A stream is append-only, so what is kept is never wrong, only possibly
// behind — and the read of what is newer, or the append's expected version, sees that.
// Personal values stay sealed here: nothing is opened for the cache, and an erased
// key leaves nothing readable in it.
type streamCache struct {
	mu      sync.Mutex
	entries map[string]*list.Element
	recent  list.List // of *cachedStream, the most recently used first
	events  int       // kept all told
	// gone names streams known to exist that are not kept (pushed out, too long to
	// keep, dropped after a failed append): a batch does not take them to be new.
	gone map[string]bool
}

// goneLimit bounds the names of streams known but not kept; past it they are forgotten
// all at once, and a stream among them is at worst taken to be new once more.
const goneLimit = 16384

type cachedStream struct {
	stream  string
	records []eventstore.RecordedEvent // versions 0…n in order, without their data
	events  []domain.Event             // the records decoded, personal values sealed
}

// get answers the stream's kept events, version 0 on, or false when none are kept.
// The slices are the cache's: callers read them and never append to them in place.
func (c *streamCache) get(stream string) ([]eventstore.RecordedEvent, []domain.Event, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[stream]
	if !ok {
		return nil, nil, false
	}
	c.recent.MoveToFront(el)
	e := el.Value.(*cachedStream)
	return e.records[:len(e.records):len(e.records)], e.events[:len(e.events):len(e.events)], true
}

// put keeps a stream's events from version 0 on. Events that do not run 0, 1, 2, …
// are not kept (and what was kept is dropped): the cache holds whole streams only.
// A shorter stream than the one kept does not replace it.
func (c *streamCache) put(stream string, records []eventstore.RecordedEvent, events []domain.Event) {
	whole := len(records) == len(events) && len(records) > 0
	for i := range records {
		whole = whole && records[i].Version == uint64(i)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[string]*list.Element{}
	}
	el, kept := c.entries[stream]
	if !whole || len(records) > streamCacheEvents/8 { // a stream that would crowd out the rest is read each time
		if kept {
			c.remove(el)
		} else if len(records) > 0 {
			c.forget(stream)
		}
		return
	}
	delete(c.gone, stream)
	stripped := make([]eventstore.RecordedEvent, len(records))
	for i, r := range records {
		r.Data = nil // decoded already: the bytes would only take memory
		stripped[i] = r
	}
	if kept {
		e := el.Value.(*cachedStream)
		if len(e.records) <= len(stripped) {
			c.events += len(stripped) - len(e.records)
			e.records, e.events = stripped, events
		}
		c.recent.MoveToFront(el)
	} else {
		c.entries[stream] = c.recent.PushFront(&cachedStream{stream: stream, records: stripped, events: events})
		c.events += len(stripped)
	}
	for c.recent.Len() > streamCacheLimit || c.events > streamCacheEvents {
		c.remove(c.recent.Back())
	}
}

// remove forgets one kept stream; the caller holds mu.
func (c *streamCache) remove(el *list.Element) {
	e := el.Value.(*cachedStream)
	c.recent.Remove(el)
	delete(c.entries, e.stream)
	c.events -= len(e.records)
	c.forget(e.stream)
}

// forget notes a stream that exists but is not kept; the caller holds mu.
func (c *streamCache) forget(stream string) {
	if c.gone == nil || len(c.gone) >= goneLimit {
		c.gone = map[string]bool{}
	}
	c.gone[stream] = true
}

// mayBeNew tells whether nothing is known of a stream: neither kept nor known to
// exist. A batch may take such a stream to be new (decision 1880).
func (c *streamCache) mayBeNew(stream string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, kept := c.entries[stream]
	return !kept && !c.gone[stream]
}

// drop forgets streams: after a failed append their next read is whole again.
func (c *streamCache) drop(streams ...string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range streams {
		if el, ok := c.entries[s]; ok {
			c.remove(el)
		}
	}
}

// peek applies a kept stream's events to agg and tells whether any were kept: a guess
// at what a stream names, for reading ahead, never a decision's state.
func (c *streamCache) peek(stream string, agg domain.Aggregate) bool {
	_, events, ok := c.get(stream)
	for _, e := range events {
		agg.Apply(e)
	}
	return ok
}
