package projections

import (
	"context"
	"testing"
	"time"

	"move/eventstore"
)

func eventAt(n uint64) eventstore.RecordedEvent {
	return eventstore.RecordedEvent{Type: "test.noted.v1", Position: eventstore.Position{Commit: n, Prepare: n}}
}

func positions(d delivery) []uint64 {
	var out []uint64
	for _, e := range d.Events {
		out = append(out, e.Position.Commit)
	}
	return out
}

// Without a linger a delivery takes only what already waits behind its first event.
func TestGatherTakesWhatWaits(t *testing.T) {
	events := make(chan eventstore.RecordedEvent, 4)
	events <- eventAt(2)
	events <- eventAt(3)
	d := delivery{Events: []eventstore.RecordedEvent{eventAt(1)}}
	gather(context.Background(), events, &d, nil)
	if got := positions(d); len(got) != 3 || got[2] != 3 {
		t.Fatalf("delivery %v, want the first event and the two waiting", got)
	}
	if len(events) != 0 {
		t.Fatalf("%d events left waiting", len(events))
	}
}

// While it lingers a delivery takes the events that arrive, and stops when the linger
// ends; what arrives after is the next delivery's.
func TestGatherLingersForEventsThatArrive(t *testing.T) {
	events := make(chan eventstore.RecordedEvent)
	until := make(chan time.Time)
	done := make(chan delivery)
	go func() {
		d := delivery{Events: []eventstore.RecordedEvent{eventAt(1)}}
		gather(context.Background(), events, &d, until)
		done <- d
	}()
	events <- eventAt(2) // unbuffered: taken by the lingering delivery
	events <- eventAt(3)
	until <- time.Now()
	d := <-done
	if got := positions(d); len(got) != 3 || got[1] != 2 || got[2] != 3 {
		t.Fatalf("delivery %v, want 1, 2, 3", got)
	}
	select {
	case events <- eventAt(4):
		t.Fatal("an event arriving after the linger joined the delivery")
	default:
	}
}

// A delivery stops at maxDelivery events, lingering or not, and when the subscription
// closes.
func TestGatherStopsAtTheCapAndAtTheEnd(t *testing.T) {
	events := make(chan eventstore.RecordedEvent, maxDelivery+5)
	for i := range maxDelivery + 5 {
		events <- eventAt(uint64(i + 2))
	}
	d := delivery{Events: []eventstore.RecordedEvent{eventAt(1)}}
	gather(context.Background(), events, &d, make(chan time.Time))
	if len(d.Events) != maxDelivery || len(events) != 6 {
		t.Fatalf("delivery of %d events, %d left; want %d and 6", len(d.Events), len(events), maxDelivery)
	}

	closed := make(chan eventstore.RecordedEvent, 1)
	closed <- eventAt(2)
	close(closed)
	d = delivery{Events: []eventstore.RecordedEvent{eventAt(1)}}
	gather(context.Background(), closed, &d, make(chan time.Time)) // a linger that never ends
	if got := positions(d); len(got) != 2 {
		t.Fatalf("delivery %v after the subscription closed, want 1, 2", got)
	}
}

type plainProjector struct{ Projector }

type lingeringProjector struct{ Projector }

func (lingeringProjector) Linger() time.Duration { return 20 * time.Millisecond }

// A projector lingers the runner's 2 ms, or as long as it says it may.
func TestLingerIsTheRunnersOrTheProjectorsOwn(t *testing.T) {
	if after, wait := lingerOf(plainProjector{}); after != lingerAfter || wait != lingerFor {
		t.Fatalf("a plain projector lingers %s after %s, want the runner's %s after %s", wait, after, lingerFor, lingerAfter)
	}
	if after, wait := lingerOf(lingeringProjector{}); after != 20*time.Millisecond || wait != 20*time.Millisecond {
		t.Fatalf("a lingering projector lingers %s after %s, want its own 20ms", wait, after)
	}
}
