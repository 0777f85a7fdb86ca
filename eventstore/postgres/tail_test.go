package postgres

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"move/eventstore"
	"move/eventstore/eventstoretest"
	"move/internal/testdb"
)

// collect reads a subscription until it has n events or the deadline passes.
func collect(ctx context.Context, t *testing.T, s *Store, after eventstore.Position, n int) []eventstore.RecordedEvent {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	sub, err := s.Subscribe(ctx, after)
	if err != nil {
		t.Error(err)
		return nil
	}
	var got []eventstore.RecordedEvent
	for e := range sub.Events() {
		if got = append(got, e); len(got) == n {
			break
		}
	}
	return got
}

func sameOrder(t *testing.T, who string, got, want []eventstore.RecordedEvent) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s received %d events, the log holds %d", who, len(got), len(want))
	}
	for i := range want {
		if got[i].ID != want[i].ID || got[i].Position != want[i].Position {
			t.Fatalf("%s: event %d is %v at %v, the log has %v at %v", who, i, got[i].ID, got[i].Position, want[i].ID, want[i].Position)
		}
	}
}

// Many subscribers of one store share the reading of the log's end: each still
// receives every event once, in log order, while appends from several writers land;
// one that starts behind the kept tail reads on its own and receives the same log; and
// the queries made are a fraction of one per subscriber per append.
func TestSubscribersShareTheLogsEnd(t *testing.T) {
	s := newStore(t, testdb.New(t))
	ctx := context.Background()
	const subscribers, writers, appends = 30, 4, 350 // each append holds three events
	const total = writers * appends * 3

	results := make([][]eventstore.RecordedEvent, subscribers)
	var wg sync.WaitGroup
	for i := range subscribers {
		wg.Go(func() { results[i] = collect(ctx, t, s, eventstore.Start, total) })
	}
	time.Sleep(100 * time.Millisecond) // the subscribers are waiting at the log's end
	before := s.tail.reads.Load()
	var writing sync.WaitGroup
	for w := range writers {
		writing.Go(func() {
			for n := range appends {
				events := []eventstore.EventData{eventstoretest.Event("tail.tested.v1", n), eventstoretest.Event("tail.tested.v1", n),
					eventstoretest.Event("tail.tested.v1", n)}
				if _, err := s.Append(ctx, fmt.Sprintf("tail-%d-%d", w, n), eventstore.NoStream, events...); err != nil {
					t.Error(err)
					return
				}
				time.Sleep(time.Millisecond)
			}
		})
	}
	writing.Wait()
	wg.Wait()
	reads := s.tail.reads.Load() - before

	log, err := s.ReadAll(ctx, eventstore.Start, total+1)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != total {
		t.Fatalf("the log holds %d events, want %d", len(log), total)
	}
	for i, got := range results {
		sameOrder(t, fmt.Sprintf("subscriber %d", i), got, log)
	}
	unshared := int64(subscribers * writers * appends) // at least one query per subscriber per append
	if reads*2 > unshared {
		t.Fatalf("the subscribers made %d queries; unshared they make at least %d", reads, unshared)
	}
	t.Logf("%d subscribers, %d appends: %d queries", subscribers, writers*appends, reads)

	// Behind the tail (it keeps the latest tailSize events): a late subscriber from the
	// start catches up on its own and joins the tail, still in log order.
	if total <= tailSize {
		t.Fatalf("the test must append more than the tail keeps (%d)", tailSize)
	}
	sameOrder(t, "a late subscriber", collect(ctx, t, s, eventstore.Start, total), log)
	sameOrder(t, "a subscriber from the middle", collect(ctx, t, s, log[total/2-1].Position, total-total/2), log[total/2:])
}
