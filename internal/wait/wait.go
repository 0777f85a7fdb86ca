// Package wait is the one way the code pauses: for a while, unless the context ends.
package wait

import (
	"context"
	"time"
)

// Sleep waits d, and answers false when ctx ended first.
func Sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
