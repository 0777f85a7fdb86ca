package commands

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"move/eventstore"
)

// groupCommit joins the appends of single writers of different streams that are ready
// at the same moment into one transaction (decision 1950): one round trip, one commit,
// one wake-up of the read side for all of them. It waits for nothing: while one group's
// transaction is under way the appends that become ready queue, and the next group takes
// them all. An append nobody else is ready with goes alone, as before.
//
// A group is all or nothing. When it is refused for what one of its appends expected
// (a stream moved, a stream taken to be new that exists, a key already written), each
// append is made again alone, for its own answer. When the outcome is not known (the
// connection, the context), every append of the group answers that error, as one alone
// would.
type groupCommit struct {
	mu      sync.Mutex
	pending []*groupedAppend
	leading bool // a group is being appended; whoever finds it so queues
}

// groupLimit bounds a group, so that no transaction grows with the crowd.
const groupLimit = 32

type groupedAppend struct {
	unmoved []eventstore.StreamVersion
	with    []eventstore.Statement
	appends []eventstore.StreamAppend
	results []eventstore.AppendResult
	err     error
	done    chan struct{}
}

// append appends a (AppendMultiWith's arguments) in the next group and answers its own
// results. The caller that finds no group under way leads: it appends the group its
// append starts, then hands what queued meanwhile to a goroutine of its own.
func (g *groupCommit) append(ctx context.Context, store eventstore.WithAppender, a *groupedAppend) ([]eventstore.AppendResult, error) {
	a.done = make(chan struct{})
	g.mu.Lock()
	g.pending = append(g.pending, a)
	lead := !g.leading
	g.leading = true
	g.mu.Unlock()
	if lead {
		g.lead(context.WithoutCancel(ctx), store)
	}
	<-a.done
	return a.results, a.err
}

// lead appends one group of what is pending, then leaves the rest to a goroutine, or
// ends the lead when nothing is.
func (g *groupCommit) lead(ctx context.Context, store eventstore.WithAppender) {
	g.mu.Lock()
	n := min(len(g.pending), groupLimit)
	group := g.pending[:n:n]
	g.pending = append([]*groupedAppend(nil), g.pending[n:]...)
	g.mu.Unlock()

	appendGroup(ctx, store, group)

	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.pending) == 0 {
		g.leading = false
		return
	}
	go g.lead(ctx, store)
}

// appendGroup appends the group in one transaction when its streams are distinct, and
// answers each append.
func appendGroup(ctx context.Context, store eventstore.WithAppender, group []*groupedAppend) {
	defer func() {
		// A panic answers every append not yet answered with an error, as a cycle answers
		// its batch after one, rather than leave its caller waiting; the lead goes on.
		if p := recover(); p != nil {
			for _, a := range group {
				if a.results == nil && a.err == nil {
					a.err = fmt.Errorf("appending a group: %v", p)
				}
			}
		}
		for _, a := range group {
			close(a.done)
		}
	}()
	alone := func(a *groupedAppend) {
		a.results, a.err = store.AppendMultiWith(ctx, a.unmoved, a.with, a.appends...)
	}
	if len(group) == 1 || !distinctStreams(group) {
		for _, a := range group {
			alone(a)
		}
		return
	}
	var unmoved []eventstore.StreamVersion
	var with []eventstore.Statement
	var appends []eventstore.StreamAppend
	for _, a := range group {
		unmoved = append(unmoved, a.unmoved...)
		with = append(with, a.with...)
		appends = append(appends, a.appends...)
	}
	results, err := store.AppendMultiWith(ctx, unmoved, with, appends...)
	switch {
	case err == nil:
		for _, a := range group {
			a.results, results = results[:len(a.appends):len(a.appends)], results[len(a.appends):]
		}
	case nothingWritten(err):
		for _, a := range group {
			alone(a)
		}
	default:
		for _, a := range group {
			a.err = err
		}
	}
}

// nothingWritten tells the refusals AppendMultiWith answers when it wrote nothing for
// a reason of one of its appends.
func nothingWritten(err error) bool {
	var moved *eventstore.StreamsMovedError
	return eventstore.IsWrongExpectedVersion(err) || errors.Is(err, eventstore.ErrStreamsMoved) ||
		errors.As(err, &moved) || errors.Is(err, eventstore.ErrNotWrittenWith)
}

// distinctStreams: no stream is appended to by two appends of the group, nor checked
// unmoved by one while another appends to it. Two decisions on one stream are its single
// writer's to order; and two that each checked what the other appends to, each passing
// on the state before both, would be a write skew no order of the two allows.
func distinctStreams(group []*groupedAppend) bool {
	appendedBy := map[string]int{}
	for i, a := range group {
		for _, s := range a.appends {
			if _, ok := appendedBy[s.Stream]; ok {
				return false
			}
			appendedBy[s.Stream] = i
		}
	}
	for i, a := range group {
		for _, sv := range a.unmoved {
			if j, ok := appendedBy[sv.Stream]; ok && j != i {
				return false
			}
		}
	}
	return true
}
