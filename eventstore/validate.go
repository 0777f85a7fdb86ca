package eventstore

import (
	"errors"
	"fmt"

	"github.com/google/uuid"
)

// ValidateAppends refuses what no backend may write: no streams, an unnamed or repeated
// stream, a stream without events, an event without id or type.
func ValidateAppends(appends []StreamAppend) error {
	if len(appends) == 0 {
		return errors.New("append: no streams")
	}
	seen := map[string]bool{}
	for _, a := range appends {
		if a.Stream == "" {
			return errors.New("append: empty stream name")
		}
		if seen[a.Stream] {
			return fmt.Errorf("append: stream %s named twice", a.Stream)
		}
		seen[a.Stream] = true
		if len(a.Events) == 0 {
			return fmt.Errorf("append: no events for stream %s", a.Stream)
		}
		for _, e := range a.Events {
			if e.ID == uuid.Nil || e.Type == "" {
				return fmt.Errorf("append: stream %s: event without id or type", a.Stream)
			}
		}
	}
	return nil
}
