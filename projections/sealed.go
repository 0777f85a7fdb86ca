package projections

import (
	"slices"

	"github.com/google/uuid"

	"move/eventstore"
)

// SealedReader is a projector that reads no personal value of its events: their
// payloads reach Apply with personal fields still sealed, and its deliveries skip the
// key query that opens them (decision 1720).
type SealedReader interface {
	Projector
	ReadsNoPersonalValues()
}

// decodeSealed is decodeEach for a SealedReader: the events p reads decoded, nothing
// opened, so no key query.
func (r *Runner) decodeSealed(p Projector, events []eventstore.RecordedEvent, skip map[uuid.UUID]bool) []decoded {
	out := make([]decoded, len(events))
	for i, e := range events {
		if !slices.Contains(p.EventTypes(), e.Type) || skip[e.ID] {
			continue
		}
		payload, err := r.registry.Decode(e.Type, e.Data)
		if err != nil {
			out[i].err = err
			continue
		}
		out[i] = decoded{event: &Event{RecordedEvent: e, Payload: payload}}
	}
	return out
}
