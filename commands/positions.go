package commands

import (
	"context"

	"move/eventstore"
)

type positionSinkKey struct{}

// WithPositionSink answers a context whose commands tell sink where their events landed
// (or, for a command that already ran, where they had landed): the read API remembers a
// caller's last write with it, so the caller's next request waits for its own writes
// (decision 1330). sink may be called more than once, from one goroutine at a time per
// command.
func WithPositionSink(ctx context.Context, sink func(eventstore.Position)) context.Context {
	return context.WithValue(ctx, positionSinkKey{}, sink)
}

// reportPosition tells ctx's sink, if any, a command's position.
func reportPosition(ctx context.Context, p eventstore.Position) {
	if p == (eventstore.Position{}) {
		return
	}
	if sink, ok := ctx.Value(positionSinkKey{}).(func(eventstore.Position)); ok {
		sink(p)
	}
}
