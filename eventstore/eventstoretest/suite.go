// Package eventstoretest is the contract every event-store backend passes. Each backend's
// tests call Run with a factory for a fresh, empty store.
package eventstoretest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/eventstore"
)

// Options tell the suite what the backend can do beyond the interface.
type Options struct {
	// NewStore answers a store whose global log holds no events of other tests.
	// (Backends that cannot offer an empty log, like a shared KurrentDB, set SharedLog.)
	NewStore func(t *testing.T) eventstore.Store
	// SharedLog is true when the global log also holds events the test did not write:
	// global-log assertions then look only at the test's own streams.
	SharedLog bool
	// SlowAppend, when set, appends events inside a transaction held open for hold,
	// then commits, or rolls back when rollback is true. Backends without client
	// transactions (KurrentDB) leave it nil.
	SlowAppend func(ctx context.Context, stream string, events []eventstore.EventData, hold time.Duration, rollback bool) error
	// ConcurrentEvents is how many events the concurrency test writes (default 4000).
	ConcurrentEvents int
}

// Run runs the whole contract.
func Run(t *testing.T, o Options) {
	t.Run("ExpectedVersion", func(t *testing.T) { testExpectedVersion(t, o) })
	t.Run("IdempotentAppend", func(t *testing.T) { testIdempotentAppend(t, o) })
	t.Run("ReadStream", func(t *testing.T) { testReadStream(t, o) })
	t.Run("AppendMultiIsAtomic", func(t *testing.T) { testAppendMulti(t, o) })
	t.Run("EnvelopeRoundTrip", func(t *testing.T) { testEnvelope(t, o) })
	t.Run("ConcurrentWritersLiveSubscriber", func(t *testing.T) { testConcurrent(t, o) })
	t.Run("SubscribeResumesFromCheckpoint", func(t *testing.T) { testResume(t, o) })
}

// Event makes an event with a fresh id and a small payload.
func Event(typ string, n int) eventstore.EventData {
	return eventstore.EventData{
		ID:   uuid.New(),
		Type: typ,
		Data: json.RawMessage(fmt.Sprintf(`{"n":%d}`, n)),
		Metadata: eventstore.Metadata{
			ApplicationID: "app-1",
			ActorID:       "user-1",
			CorrelationID: uuid.NewString(),
		},
	}
}

func stream(t *testing.T, name string) string {
	return fmt.Sprintf("%s-%s", name, uuid.NewString()[:8])
}

func ctxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func mustAppend(t *testing.T, s eventstore.Store, stream string, ev eventstore.ExpectedVersion, events ...eventstore.EventData) eventstore.AppendResult {
	t.Helper()
	r, err := s.Append(ctxFor(t), stream, ev, events...)
	if err != nil {
		t.Fatalf("append to %s (%s): %v", stream, ev, err)
	}
	return r
}

func wantConflict(t *testing.T, err error, actual *uint64) {
	t.Helper()
	var w *eventstore.WrongExpectedVersionError
	if !errors.As(err, &w) {
		t.Fatalf("want a WrongExpectedVersionError, got %v", err)
	}
	switch {
	case actual == nil && w.Actual != nil:
		t.Fatalf("want actual 'no stream', got %d", *w.Actual)
	case actual != nil && (w.Actual == nil || *w.Actual != *actual):
		t.Fatalf("want actual %d, got %v", *actual, w.Actual)
	}
}

func u64(v uint64) *uint64 { return &v }

func testExpectedVersion(t *testing.T, o Options) {
	s := o.NewStore(t)
	ctx := ctxFor(t)
	st := stream(t, "expect")

	_, err := s.Append(ctx, st, eventstore.StreamExists, Event("t.v1", 0))
	wantConflict(t, err, nil)
	_, err = s.Append(ctx, st, eventstore.Exact(0), Event("t.v1", 0))
	wantConflict(t, err, nil)

	r := mustAppend(t, s, st, eventstore.NoStream, Event("t.v1", 0), Event("t.v1", 1))
	if r.NextVersion != 1 {
		t.Fatalf("next version after two events: want 1, got %d", r.NextVersion)
	}
	_, err = s.Append(ctx, st, eventstore.NoStream, Event("t.v1", 2))
	wantConflict(t, err, u64(1))

	r = mustAppend(t, s, st, eventstore.Exact(1), Event("t.v1", 2))
	if r.NextVersion != 2 {
		t.Fatalf("want 2, got %d", r.NextVersion)
	}
	_, err = s.Append(ctx, st, eventstore.Exact(1), Event("t.v1", 3))
	wantConflict(t, err, u64(2))
	_, err = s.Append(ctx, st, eventstore.Exact(7), Event("t.v1", 3))
	wantConflict(t, err, u64(2))

	r = mustAppend(t, s, st, eventstore.StreamExists, Event("t.v1", 3))
	if r.NextVersion != 3 {
		t.Fatalf("want 3, got %d", r.NextVersion)
	}
	r = mustAppend(t, s, st, eventstore.Any, Event("t.v1", 4))
	if r.NextVersion != 4 {
		t.Fatalf("want 4, got %d", r.NextVersion)
	}
	fresh := stream(t, "any")
	if r := mustAppend(t, s, fresh, eventstore.Any, Event("t.v1", 0)); r.NextVersion != 0 {
		t.Fatalf("any on a new stream: want version 0, got %d", r.NextVersion)
	}
	if !eventstore.IsWrongExpectedVersion(fmt.Errorf("wrapped: %w", &eventstore.WrongExpectedVersionError{Stream: st})) {
		t.Fatal("IsWrongExpectedVersion must see through wrapping")
	}
	events, err := s.ReadStream(ctx, st, eventstore.Forwards, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 5 {
		t.Fatalf("refused appends must write nothing: want 5 events, got %d", len(events))
	}
}

func testIdempotentAppend(t *testing.T, o Options) {
	s := o.NewStore(t)
	ctx := ctxFor(t)
	st := stream(t, "idem")
	events := []eventstore.EventData{Event("t.v1", 0), Event("t.v1", 1)}
	first := mustAppend(t, s, st, eventstore.NoStream, events...)
	// A retried command appends the same ids with the same expectation.
	again, err := s.Append(ctx, st, eventstore.NoStream, events...)
	if err != nil {
		t.Fatalf("retry of the same append must succeed: %v", err)
	}
	if again.NextVersion != first.NextVersion {
		t.Fatalf("retry answered version %d, first %d", again.NextVersion, first.NextVersion)
	}
	stored, err := s.ReadStream(ctx, st, eventstore.Forwards, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) != 2 {
		t.Fatalf("retry must write nothing: want 2 events, got %d", len(stored))
	}
}

func testReadStream(t *testing.T, o Options) {
	s := o.NewStore(t)
	ctx := ctxFor(t)
	st := stream(t, "read")
	if _, err := s.ReadStream(ctx, st, eventstore.Forwards, 0, 10); !errors.Is(err, eventstore.ErrStreamNotFound) {
		t.Fatalf("missing stream: want ErrStreamNotFound, got %v", err)
	}
	var batch []eventstore.EventData
	for i := range 10 {
		batch = append(batch, Event("t.v1", i))
	}
	mustAppend(t, s, st, eventstore.NoStream, batch...)
	fwd, err := s.ReadStream(ctx, st, eventstore.Forwards, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(fwd) != 4 || fwd[0].Version != 3 || fwd[3].Version != 6 {
		t.Fatalf("forwards from 3, 4 events: got %v", versions(fwd))
	}
	if fwd[0].ID != batch[3].ID || string(compact(fwd[0].Data)) != `{"n":3}` {
		t.Fatalf("event 3 came back as %s %s", fwd[0].ID, fwd[0].Data)
	}
	bwd, err := s.ReadStream(ctx, st, eventstore.Backwards, 9, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(bwd) != 3 || bwd[0].Version != 9 || bwd[2].Version != 7 {
		t.Fatalf("backwards from 9, 3 events: got %v", versions(bwd))
	}
	last, err := s.ReadStream(ctx, st, eventstore.Backwards, ^uint64(0), 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(last) != 1 || last[0].Version != 9 {
		t.Fatalf("backwards from the end: got %v", versions(last))
	}
	for i := 1; i < len(fwd); i++ {
		if !fwd[i-1].Position.Less(fwd[i].Position) {
			t.Fatalf("positions must grow along a stream: %v then %v", fwd[i-1].Position, fwd[i].Position)
		}
	}
}

func testAppendMulti(t *testing.T, o Options) {
	s := o.NewStore(t)
	ctx := ctxFor(t)
	entity, reservation := stream(t, "entity"), stream(t, "reservation")
	mustAppend(t, s, reservation, eventstore.NoStream, Event("reserved.v1", 0))
	// The reservation is taken: the entity must not be written either.
	_, err := s.AppendMulti(ctx,
		eventstore.StreamAppend{Stream: entity, Expected: eventstore.NoStream, Events: []eventstore.EventData{Event("created.v1", 0)}},
		eventstore.StreamAppend{Stream: reservation, Expected: eventstore.NoStream, Events: []eventstore.EventData{Event("reserved.v1", 1)}},
	)
	wantConflict(t, err, u64(0))
	if _, err := s.ReadStream(ctx, entity, eventstore.Forwards, 0, 10); !errors.Is(err, eventstore.ErrStreamNotFound) {
		t.Fatalf("a refused multi-stream append must write nothing, got %v", err)
	}
	other := stream(t, "reservation")
	res, err := s.AppendMulti(ctx,
		eventstore.StreamAppend{Stream: entity, Expected: eventstore.NoStream, Events: []eventstore.EventData{Event("created.v1", 0)}},
		eventstore.StreamAppend{Stream: other, Expected: eventstore.NoStream, Events: []eventstore.EventData{Event("reserved.v1", 1)}},
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 2 || res[0].Stream != entity || res[1].Stream != other {
		t.Fatalf("results must follow the appends' order: %+v", res)
	}
}

func testEnvelope(t *testing.T, o Options) {
	s := o.NewStore(t)
	ctx := ctxFor(t)
	st := stream(t, "envelope")
	e := Event("thing.happened.v1", 42)
	e.Metadata = eventstore.Metadata{ApplicationID: "a", OrganizationID: "o", ActorID: "u",
		CorrelationID: "c", CausationID: "k", CommandID: "cmd"}
	before := time.Now().Add(-time.Minute)
	mustAppend(t, s, st, eventstore.NoStream, e)
	got, err := s.ReadStream(ctx, st, eventstore.Forwards, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	g := got[0]
	if g.ID != e.ID || g.Type != e.Type || g.Stream != st || g.Version != 0 || g.Metadata != e.Metadata {
		t.Fatalf("envelope changed on the way: %+v", g)
	}
	if g.RecordedAt.Before(before) || g.RecordedAt.After(time.Now().Add(time.Minute)) || g.RecordedAt.Location() != time.UTC {
		t.Fatalf("recorded time %v is not a UTC time of now", g.RecordedAt)
	}
	if g.Position == eventstore.Start {
		t.Fatal("a stored event has a position")
	}
}

// testConcurrent has several writers append thousands of events, some inside
// transactions held open or rolled back, while one live subscriber reads the log. The
// subscriber must see every committed event exactly once, in one order that agrees with
// each stream's versions, and nothing of the rolled-back transactions.
func testConcurrent(t *testing.T, o Options) {
	s := o.NewStore(t)
	ctx := ctxFor(t)
	total := o.ConcurrentEvents
	if total == 0 {
		total = 4000
	}
	const writers = 8
	prefix := "conc" + uuid.NewString()[:8] + "-"

	subCtx, stop := context.WithCancel(ctx)
	defer stop()
	from := eventstore.Start
	if o.SharedLog {
		var err error
		if from, err = s.Head(ctx); err != nil {
			t.Fatal(err)
		}
	}
	sub, err := s.Subscribe(subCtx, from)
	if err != nil {
		t.Fatal(err)
	}

	var mu sync.Mutex
	committed := map[uuid.UUID]bool{}
	rolledBack := map[uuid.UUID]bool{}
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	perWriter := total / writers
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for written := 0; written < perWriter; {
				st := fmt.Sprintf("%s%d-%d", prefix, w, rng.IntN(20))
				n := 1 + rng.IntN(5)
				batch := make([]eventstore.EventData, n)
				for i := range batch {
					batch[i] = Event("conc.v1", written+i)
				}
				var err error
				rollback := false
				if o.SlowAppend != nil && rng.IntN(25) == 0 {
					rollback = rng.IntN(2) == 0
					err = o.SlowAppend(ctx, st, batch, time.Duration(20+rng.IntN(80))*time.Millisecond, rollback)
				} else {
					_, err = s.Append(ctx, st, eventstore.Any, batch...)
				}
				if err != nil {
					errs <- err
					return
				}
				mu.Lock()
				for _, e := range batch {
					if rollback {
						rolledBack[e.ID] = true
					} else {
						committed[e.ID] = true
					}
				}
				mu.Unlock()
				if !rollback {
					written += n
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("writer: %v", err)
	}

	seen := map[uuid.UUID]bool{}
	lastVersion := map[string]int64{}
	var last eventstore.Position
	deadline := time.After(60 * time.Second)
	for len(seen) < len(committed) {
		select {
		case e, ok := <-sub.Events():
			if !ok {
				t.Fatalf("subscription ended early: %v", sub.Err())
			}
			if o.SharedLog && (len(e.Stream) < len(prefix) || e.Stream[:len(prefix)] != prefix) {
				continue
			}
			if !last.Less(e.Position) {
				t.Fatalf("log out of order: %v after %v", e.Position, last)
			}
			last = e.Position
			if rolledBack[e.ID] {
				t.Fatalf("event %s of a rolled-back transaction was delivered", e.ID)
			}
			if !committed[e.ID] {
				t.Fatalf("event %s was never appended", e.ID)
			}
			if seen[e.ID] {
				t.Fatalf("event %s delivered twice", e.ID)
			}
			seen[e.ID] = true
			if prev, ok := lastVersion[e.Stream]; ok && int64(e.Version) != prev+1 {
				t.Fatalf("stream %s: version %d delivered after %d", e.Stream, e.Version, prev)
			}
			lastVersion[e.Stream] = int64(e.Version)
		case <-deadline:
			t.Fatalf("subscriber saw %d of %d committed events", len(seen), len(committed))
		}
	}
	// Nothing more may arrive: no duplicates after the last one.
	select {
	case e, ok := <-sub.Events():
		if ok && (!o.SharedLog || (len(e.Stream) >= len(prefix) && e.Stream[:len(prefix)] == prefix)) {
			t.Fatalf("unexpected extra event %s", e.ID)
		}
	case <-time.After(200 * time.Millisecond):
	}
}

func testResume(t *testing.T, o Options) {
	s := o.NewStore(t)
	ctx := ctxFor(t)
	st := stream(t, "resume")
	from := eventstore.Start
	if o.SharedLog {
		var err error
		if from, err = s.Head(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 5 {
		mustAppend(t, s, st, eventstore.Any, Event("t.v1", i))
	}
	got := readN(t, s, from, st, 3)
	checkpoint := got[2].Position
	mustAppend(t, s, st, eventstore.Any, Event("t.v1", 5))
	rest := readN(t, s, checkpoint, st, 3)
	for i, e := range rest {
		if e.Version != uint64(3+i) {
			t.Fatalf("resumed subscription: want version %d, got %d", 3+i, e.Version)
		}
	}
	if o.SharedLog {
		return
	}
	// The head may lag a moment behind a transaction elsewhere on the server, never pass it.
	deadline := time.Now().Add(30 * time.Second)
	for {
		head, err := s.Head(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if rest[2].Position.Less(head) {
			t.Fatalf("head %v is past the last event %v", head, rest[2].Position)
		}
		if head == rest[2].Position {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("head %v, want the last event's position %v", head, rest[2].Position)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// ReadN subscribes after from and answers the first n events of stream st.
func readN(t *testing.T, s eventstore.Store, from eventstore.Position, st string, n int) []eventstore.RecordedEvent {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sub, err := s.Subscribe(ctx, from)
	if err != nil {
		t.Fatal(err)
	}
	var out []eventstore.RecordedEvent
	for e := range sub.Events() {
		if e.Stream != st {
			continue
		}
		out = append(out, e)
		if len(out) == n {
			return out
		}
	}
	t.Fatalf("subscription ended after %d of %d events: %v", len(out), n, sub.Err())
	return nil
}

func versions(events []eventstore.RecordedEvent) []uint64 {
	out := make([]uint64, len(events))
	for i, e := range events {
		out[i] = e.Version
	}
	return out
}

func compact(raw json.RawMessage) []byte {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return raw
	}
	b, _ := json.Marshal(v)
	return b
}
