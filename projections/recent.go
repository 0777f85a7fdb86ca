package projections

import (
	"sync"

	"github.com/google/uuid"

	"move/domain"
	"move/eventstore"
)

// recentSize is how many of the latest events' payloads the live projectors share.
const recentSize = 4096

// recentDecodes shares the decoding of live events among projectors: a booking is read
// by four of them, and each decoded it anew (decision 1860). It holds the payloads as
// stored, personal fields still sealed: each projector opens them for itself, so an
// erasure is seen as before. Decoding is a pure function of the event's type and data,
// and no projector changes a payload (opening works on a copy), so one decoding serves
// all. Failures are not kept: each projector meets them, and parks, on its own.
type recentDecodes struct {
	mu    sync.Mutex
	byID  map[uuid.UUID]domain.Event
	order [recentSize]uuid.UUID // a ring: the oldest entry is evicted first
	next  int
}

// decode answers e's payload as stored, decoding it only if no projector did lately.
// A nil recentDecodes shares nothing: a rebuild decodes each batch once for all its
// projectors already.
func (c *recentDecodes) decode(registry *domain.Registry, e eventstore.RecordedEvent) (domain.Event, error) {
	if c == nil {
		return registry.Decode(e.Type, e.Data)
	}
	c.mu.Lock()
	payload, ok := c.byID[e.ID]
	c.mu.Unlock()
	if ok {
		return payload, nil
	}
	payload, err := registry.Decode(e.Type, e.Data)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byID == nil {
		c.byID = make(map[uuid.UUID]domain.Event, recentSize)
	}
	if _, ok := c.byID[e.ID]; !ok {
		delete(c.byID, c.order[c.next])
		c.order[c.next] = e.ID
		c.next = (c.next + 1) % recentSize
		c.byID[e.ID] = payload
	}
	return payload, nil
}
