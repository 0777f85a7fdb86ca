package projections

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"

	"move/eventstore"
	"move/internal/wait"
)

const (
	// skipFlush is how many events a projector ignores before it records having passed them.
	skipFlush = 1000
	// passAfterIdle is how soon a projector records having passed ignored events when no
	// other event follows them.
	passAfterIdle = 50 * time.Millisecond
)

// maxDelivery caps how many waiting events one delivery (one transaction) carries.
const maxDelivery = 500

// delivery is the events offered to a projector at once, in log order, with the
// checkpoint they move from: a relevant event and whatever was already waiting behind it.
type delivery struct {
	Events []eventstore.RecordedEvent
	After  eventstore.Position
}

func (d delivery) last() eventstore.RecordedEvent { return d.Events[len(d.Events)-1] }

// errRebuildRequested ends a live feed so the projector can rebuild.
var errRebuildRequested = errors.New("rebuild requested")

// feed is the Watermill subscriber of one projector: it takes the projector's lock
// (standing by while another instance holds it, and again when the lock is lost),
// rebuilds when needed, then offers
// the log from the checkpoint, a delivery at a time. An event that fails for a reason of
// its own is parked with its stream and the projector goes on (decision 1310); a
// delivery nacked for a transient failure is offered again after a growing pause.
type feed struct {
	r *Runner
	p Projector
	// offered is the delivery of the message on offer. It travels beside the message, not
	// in its payload: feed and handler share the process, and encoding the events as JSON
	// to decode them again was a tenth of the read side's CPU under bookings (decision
	// 1860). The feed sets it before it sends the message and offers nothing else until
	// the handler acknowledged, so the handler reads the delivery its message stands for.
	offered delivery
	// wroteNothing is set by the handler when the delivery it acknowledged wrote nothing.
	wroteNothing atomic.Bool
}

func (f *feed) Subscribe(ctx context.Context, _ string) (<-chan *message.Message, error) {
	out := make(chan *message.Message)
	go func() {
		defer close(out)
		for ctx.Err() == nil {
			lease, _, err := f.r.locks.Acquire(ctx, lockName(f.p), true)
			if err != nil {
				return // ctx ended
			}
			held, cancel := lease.Context(ctx)
			f.follow(held, out)
			cancel()
			lease.Release()
			if ctx.Err() == nil {
				f.r.log.Warn("projector lost its lock with the lock connection; standing by", "projector", f.p.Name())
			}
		}
	}()
	return out, nil
}

// follow feeds the projector while ctx (the lock held) lasts.
func (f *feed) follow(ctx context.Context, out chan<- *message.Message) {
	for ctx.Err() == nil {
		err := f.run(ctx, out)
		if ctx.Err() != nil {
			return
		}
		if err != nil && !errors.Is(err, errRebuildRequested) {
			// Logged once per distinct error, not once a second while it lasts.
			if f.r.changeState(f.p.Name(), "feed stopped: "+err.Error()) {
				f.r.log.Error("projector feed stopped; restarting every second until it runs", "projector", f.p.Name(), "error", err)
			}
			wait.Sleep(ctx, time.Second)
		}
	}
}

func (f *feed) Close() error { return nil }

func (f *feed) run(ctx context.Context, out chan<- *message.Message) error {
	checkpoint, rebuild, err := f.r.ensure(ctx, f.p)
	if err != nil {
		return err
	}
	if rebuild {
		if checkpoint, err = f.r.Rebuild(ctx, f.p); err != nil {
			return err
		}
	}
	subCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	sub, err := f.r.store.Subscribe(subCtx, checkpoint)
	if err != nil {
		return err
	}
	stored, skipped := checkpoint, checkpoint
	var skippedAt time.Time
	passPending := false
	idle := time.NewTimer(time.Hour)
	idle.Stop()
	defer idle.Stop()
	poll := time.NewTicker(time.Second)
	defer poll.Stop()
	pass := func() error {
		if err := f.pass(ctx, stored, skipped, skippedAt); err != nil {
			return err
		}
		stored, passPending = skipped, false
		return nil
	}
	// Events the projector ignores, or applied without writing, move the checkpoint
	// lazily: with the next delivery that writes, after a quiet moment, or every
	// skipFlush events.
	skip := func(last eventstore.RecordedEvent) error {
		skipped, skippedAt, passPending = last.Position, last.RecordedAt, true
		if skipped.Prepare-stored.Prepare >= skipFlush {
			return pass()
		}
		idle.Reset(passAfterIdle)
		return nil
	}
	for {
		var e eventstore.RecordedEvent
		var ok bool
		select {
		case e, ok = <-sub.Events():
			if !ok {
				if err := sub.Err(); err != nil {
					return err
				}
				return ctx.Err()
			}
		case <-idle.C:
			if passPending {
				if err := pass(); err != nil {
					return err
				}
			}
			continue
		case <-poll.C:
			if requested, err := f.r.rebuildRequested(ctx, f.p); err != nil || requested {
				return errors.Join(err, errRebuildRequested)
			}
			continue
		}
		if !slices.Contains(f.p.EventTypes(), e.Type) {
			if err := skip(e); err != nil {
				return err
			}
			continue
		}
		d := delivery{Events: []eventstore.RecordedEvent{e}, After: stored}
		for len(d.Events) < maxDelivery && len(sub.Events()) > 0 {
			d.Events = append(d.Events, <-sub.Events())
		}
		if err := f.offer(ctx, out, d); err != nil {
			return err
		}
		if f.wroteNothing.Swap(false) {
			if err := skip(d.last()); err != nil {
				return err
			}
			continue
		}
		stored, passPending = d.last().Position, false
	}
}

// offer sends one delivery and waits for its acknowledgement, offering it again after a
// nack with a growing pause. The handler retries transient failures itself and parks
// what fails for a reason of its own; it nacks when its checkpoint moved under it.
func (f *feed) offer(ctx context.Context, out chan<- *message.Message, d delivery) error {
	f.offered = d
	backoff := time.Second
	for {
		msg := message.NewMessage(d.last().ID.String(), nil)
		msg.SetContext(ctx)
		select {
		case out <- msg:
		case <-ctx.Done():
			return ctx.Err()
		}
		select {
		case <-msg.Acked():
			return nil
		case <-msg.Nacked():
		case <-ctx.Done():
			return ctx.Err()
		}
		if requested, _ := f.r.rebuildRequested(ctx, f.p); requested {
			return errRebuildRequested
		}
		wait.Sleep(ctx, backoff)
		backoff = min(backoff*2, 30*time.Second)
	}
}

// pass records that the projector is past events it ignores, in one round trip.
func (f *feed) pass(ctx context.Context, from, to eventstore.Position, recordedAt time.Time) error {
	return f.r.passInOneTrip(ctx, f.p, from, to, recordedAt)
}
