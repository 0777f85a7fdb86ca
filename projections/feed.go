package projections

import (
	"context"
	"errors"
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

// A projector whose events come faster than lingerFor apart — its last delivery was
// offered less than lingerAfter ago — lets its next delivery wait up to lingerFor for
// more to join it, as a producer's linger does (decision 1880). A transaction per event
// was most of the read side's work under a steady flow of bookings; an event that
// comes alone, or at a moderate rate, is offered at once.
const (
	lingerAfter = 2 * time.Millisecond
	lingerFor   = 2 * time.Millisecond
)

// lingerOf answers how soon after its last delivery a projector's next one lingers, and
// for how long: the runner's 2 ms, or a Lingering projector's own.
func lingerOf(p Projector) (after, wait time.Duration) {
	if l, ok := p.(Lingering); ok {
		return l.Linger(), l.Linger()
	}
	return lingerAfter, lingerFor
}

// delivery is the events offered to a projector at once, in log order, with the
// checkpoint they move from: a relevant event and whatever was already waiting behind it.
type delivery struct {
	Events []eventstore.RecordedEvent
	After  eventstore.Position
}

func (d delivery) last() eventstore.RecordedEvent { return d.Events[len(d.Events)-1] }

// deliveryKey holds a message's delivery in the message's context. The delivery travels
// with its message in memory, not as JSON in its payload: feed and handler share the
// process, and encoding the events to decode them again was a tenth of the read side's
// CPU under bookings (decision 1860). It belongs to its message, not to the feed: a feed
// whose lock ended offers anew while the handler may still be applying the last one.
type deliveryKey struct{}

// metadataWroteNothing marks an acknowledged message whose delivery wrote nothing: the
// handler sets it before the acknowledgement, the feed reads it after, on the message
// itself, so an answer never lands on a later delivery of the feed.
const metadataWroteNothing = "wrote_nothing"

// offeredDelivery answers the delivery a message of a feed carries.
func offeredDelivery(msg *message.Message) (delivery, error) {
	d, ok := msg.Context().Value(deliveryKey{}).(delivery)
	if !ok || len(d.Events) == 0 {
		return delivery{}, errors.New("projections: a message without its delivery")
	}
	return d, nil
}

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
	var offered time.Time                   // when the last delivery was offered
	lingerSoon, lingerLong := lingerOf(f.p) // this projector's lingerAfter and lingerFor
	linger := time.NewTimer(time.Hour)
	linger.Stop()
	defer linger.Stop()
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
		if !f.r.reads(f.p, e.Type) {
			if err := skip(e); err != nil {
				return err
			}
			continue
		}
		d := delivery{Events: []eventstore.RecordedEvent{e}, After: stored}
		var until <-chan time.Time
		if time.Since(offered) < lingerSoon {
			linger.Reset(lingerLong)
			until = linger.C
		}
		gather(ctx, sub.Events(), &d, until)
		linger.Stop()
		offered = time.Now()
		wroteNothing, err := f.offer(ctx, out, d)
		if err != nil {
			return err
		}
		if wroteNothing {
			if err := skip(d.last()); err != nil {
				return err
			}
			continue
		}
		stored, passPending = d.last().Position, false
	}
}

// gather adds to d the events already waiting behind its first and, until `until`
// fires (nil: not at all), those that arrive, at most maxDelivery in all.
func gather(ctx context.Context, events <-chan eventstore.RecordedEvent, d *delivery, until <-chan time.Time) {
	for len(d.Events) < maxDelivery {
		select {
		case e, ok := <-events:
			if !ok {
				return
			}
			d.Events = append(d.Events, e)
			continue
		default:
		}
		if until == nil {
			return
		}
		select {
		case e, ok := <-events:
			if !ok {
				return
			}
			d.Events = append(d.Events, e)
		case <-until:
			return
		case <-ctx.Done():
			return
		}
	}
}

// offer sends one delivery and waits for its acknowledgement, offering it again after a
// nack with a growing pause. The handler retries transient failures itself and parks
// what fails for a reason of its own; it nacks when its checkpoint moved under it. It
// answers whether the acknowledged delivery wrote nothing.
func (f *feed) offer(ctx context.Context, out chan<- *message.Message, d delivery) (wroteNothing bool, err error) {
	carrying := context.WithValue(ctx, deliveryKey{}, d)
	backoff := time.Second
	for {
		msg := message.NewMessage(d.last().ID.String(), nil)
		msg.SetContext(carrying)
		select {
		case out <- msg:
		case <-ctx.Done():
			return false, ctx.Err()
		}
		select {
		case <-msg.Acked():
			return msg.Metadata.Get(metadataWroteNothing) != "", nil
		case <-msg.Nacked():
		case <-ctx.Done():
			return false, ctx.Err()
		}
		if requested, _ := f.r.rebuildRequested(ctx, f.p); requested {
			return false, errRebuildRequested
		}
		wait.Sleep(ctx, backoff)
		backoff = min(backoff*2, 30*time.Second)
	}
}

// pass records that the projector is past events it ignores, in one round trip.
func (f *feed) pass(ctx context.Context, from, to eventstore.Position, recordedAt time.Time) error {
	return f.r.passInOneTrip(ctx, f.p, from, to, recordedAt)
}
