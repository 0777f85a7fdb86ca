// Package projection holds the operators' decisions about the read side that belong in
// the log: skipping an event a read model cannot handle (decision 1310).
//
// Streams: projection_skips-{projector}; the prefix is permanent.
package projection

import "move/domain"

// EventSkipped: an operator decided that a projector passes over an event it parked
// (the event stays in the log; the read model never applies it). The actor and the
// time are the envelope's.
type EventSkipped struct {
	Projector     string `json:"projector"`
	EventID       string `json:"event_id"`
	SkippedType   string `json:"event_type"`
	Stream        string `json:"stream"`
	Position      string `json:"position"`
	ApplicationID string `json:"application_id,omitempty"`
	Error         string `json:"error"`
	Reason        string `json:"reason"`
}

func (EventSkipped) EventType() string { return "projection.event_skipped.v1" }

// SkipStream is the stream of a projector's skip decisions.
func SkipStream(projector string) string { return "projection_skips-" + projector }

// Register adds the context's events.
func Register(r *domain.Registry) { r.Register(EventSkipped{}) }
