package commands

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/eventstore"
)

// A busy stream's single writer inside this process (decision 1340). Bookings of one
// session (of one bundle, purchases of one product) queue; whatever arrived while a
// cycle ran is decided together: one read of the stream, each request decided in
// arrival order on the same state in memory, one append of all their events at the
// version read. Every caller is answered with its own outcome. Across servers the
// stream's version still decides: a conflict decides the whole batch again.

// batchLimit bounds the requests one cycle decides: a crowd larger than this is
// decided in several appends, so no append (and no caller's wait for it) grows with
// the crowd without end.
const batchLimit = 100

// contention names a busy stream and how a batch reads what its requests are decided on.
type contention[S any] struct {
	// key is the queue: the tenant and everything the load reads by (requests of one
	// key can share a read).
	key string
	// lock is the stripe (decision 0800) the stream's other commands take: a cycle
	// holds it, so a cancellation and a batch of bookings do not race in one process.
	lock string
	// stream is the one stream a batch appends to.
	stream string
	// load reads the state the batch decides on, reading readAhead in the same round
	// trip when it reads ahead (prefetch).
	load func(u *unit, readAhead []string) (S, error)
	// unopened: the decisions read no personal value of what load reads, so it is read
	// sealed, through the runner's cache, and the batch's new participants' keys are
	// written with its append (decision 1720).
	unopened bool
	// begunByRequests: the stream's first event is its first request's (a session's
	// bookings), so the first attempt of a batch takes it to be new when the server
	// knows nothing of it (decision 1880).
	begunByRequests bool
}

// contended is one caller's request in a queue.
type contended[S any] struct {
	ctx  context.Context
	meta Meta
	id   string // what the result is about
	// readAhead are streams its own decision reads (its customer).
	readAhead []string
	// decide decides this request on the batch's state, appending to u (the contention's
	// stream only), and sets the caller's own outcome, as a runner's decide does. It
	// recognises its own command already in the state (a retry) and appends nothing.
	decide func(u *unit, state S) error
	answer chan answer // buffered: the writer never waits for a caller
}

type answer struct {
	result Result
	err    error
}

// streamWriter queues the requests of each busy stream of one kind.
type streamWriter[S any] struct {
	run   *runner
	locks *bookingLocks
	mu    sync.Mutex
	// queues are the streams with a cycle running: a request for one of them waits
	// for the next cycle; a stream absent here is idle.
	queues map[string]*writeQueue[S]
}

type writeQueue[S any] struct {
	contention contention[S]
	pending    []*contended[S]
}

// write queues req and answers its outcome once its batch is appended (or refused).
// The caller that finds the stream idle runs the first cycle itself: a request nobody
// contends pays no hand-over. A caller whose context ends stops waiting; a request not
// decided yet is then dropped, one decided is appended (its retry, by command id, is
// answered from the stream).
func (w *streamWriter[S]) write(ctx context.Context, c contention[S], req *contended[S]) (Result, error) {
	if req.meta.CommandID == uuid.Nil {
		req.meta.CommandID = uuid.New()
	}
	if req.meta.CorrelationID == "" {
		req.meta.CorrelationID = req.meta.CommandID.String()
	}
	req.ctx, req.answer = ctx, make(chan answer, 1)
	w.mu.Lock()
	q, busy := w.queues[c.key]
	if !busy {
		if w.queues == nil {
			w.queues = map[string]*writeQueue[S]{}
		}
		q = &writeQueue[S]{contention: c}
		w.queues[c.key] = q
	}
	q.pending = append(q.pending, req)
	w.mu.Unlock()
	if !busy {
		w.drain(context.WithoutCancel(ctx), q)
	}
	select {
	case a := <-req.answer:
		return a.result, a.err
	case <-ctx.Done():
		select {
		case a := <-req.answer:
			return a.result, a.err
		default:
			return Result{}, ctx.Err()
		}
	}
}

// drain decides one batch of what is queued, then hands the queue to a goroutine of
// its own when more arrived meanwhile (so the caller who led is answered now), or
// marks the stream idle. ctx carries no caller's cancellation: a batch serves many.
func (w *streamWriter[S]) drain(ctx context.Context, q *writeQueue[S]) {
	w.mu.Lock()
	n := min(len(q.pending), batchLimit)
	batch := q.pending[:n:n]
	q.pending = append([]*contended[S](nil), q.pending[n:]...)
	w.mu.Unlock()

	w.cycle(ctx, q.contention, batch)

	w.mu.Lock()
	defer w.mu.Unlock()
	if len(q.pending) == 0 {
		delete(w.queues, q.contention.key)
		return
	}
	go w.drain(ctx, q)
}

// cycle decides a batch until its append lands, deciding it again after a conflict
// (another server wrote the stream) at most maxAttempts times, and answers every
// request. A panic in a decision answers the batch with an error instead of leaving
// its callers waiting.
func (w *streamWriter[S]) cycle(ctx context.Context, c contention[S], batch []*contended[S]) {
	unlock := w.locks.lock(c.lock)
	defer unlock()
	defer func() {
		if p := recover(); p != nil {
			for _, req := range batch {
				req.answer <- answer{err: fmt.Errorf("deciding a batch of %s: %v", c.stream, p)}
			}
		}
	}()
	trust := true
	for attempt := 1; ; attempt++ {
		batch = live(batch)
		if len(batch) == 0 {
			return
		}
		// The first attempt may decide on what the server kept, and take the stream to
		// be new; after a conflict the streams are read (decision 1720), unless the
		// refusal brought the stream taken to be new (decision 1880).
		answers, err := decideBatch(ctx, w.run, c, batch, trust, attempt == 1)
		var spoilt *spoiltDecision
		if errors.As(err, &spoilt) { // answered alone; the rest decided again without it, as this attempt
			batch[spoilt.index].answer <- answer{err: spoilt.err}
			batch = append(batch[:spoilt.index:spoilt.index], batch[spoilt.index+1:]...)
			attempt--
			continue
		}
		trust = errors.Is(err, errNotNew)
		if (eventstore.IsWrongExpectedVersion(err) || errors.Is(err, errReadAgain)) && attempt < maxAttempts {
			continue
		}
		for i, req := range batch {
			if err != nil {
				req.answer <- answer{err: err}
			} else {
				req.answer <- answers[i]
			}
		}
		batch = nil
		return
	}
}

// live answers the requests whose caller has gone and keeps the others.
func live[S any](batch []*contended[S]) []*contended[S] {
	kept := batch[:0:0]
	for _, req := range batch {
		if err := req.ctx.Err(); err != nil {
			req.answer <- answer{err: err}
			continue
		}
		kept = append(kept, req)
	}
	return kept
}

// commandsOf is the commands of a batch's requests, for the failpoints around its
// append.
func commandsOf[S any](batch []*contended[S]) []uuid.UUID {
	ids := make([]uuid.UUID, len(batch))
	for i, req := range batch {
		ids[i] = req.meta.CommandID
	}
	return ids
}

// spoiltDecision is a decision that failed after it appended: its events are in the
// batch's state, so the others must be decided again without it.
type spoiltDecision struct {
	index int
	err   error
}

func (e *spoiltDecision) Error() string { return e.err.Error() }

// decideBatch reads the contention's state once, decides each request on it in order
// and appends all their events at the version read. It answers each request's
// outcome; an error is the whole batch's (the read, the append).
func decideBatch[S any](ctx context.Context, r *runner, c contention[S], batch []*contended[S], trust, presume bool) ([]answer, error) {
	first := batch[0].meta
	_, guarded := r.store.(eventstore.WithAppender)
	shared := &unit{ctx: ctx, r: r, now: r.now().UTC(), loaded: map[string]eventstore.ExpectedVersion{}, ran: map[string]Result{}, unopened: c.unopened,
		trustKept: trust && guarded && c.unopened && r.keysWithAppend, kept: new([]eventstore.StreamVersion),
		// An id of its own: a read under one request's id would stop at that request's events.
		meta: Meta{CommandID: uuid.New(), ActorID: first.ActorID, ApplicationID: first.ApplicationID, CorrelationID: first.CorrelationID}}
	if presume && c.begunByRequests {
		shared.presumeNew = c.stream
	}
	var readAhead []string
	for _, req := range batch {
		readAhead = append(readAhead, req.readAhead...)
	}
	state, err := c.load(shared, readAhead)
	if err != nil {
		return nil, err
	}
	expected := shared.loaded[c.stream]
	answers := make([]answer, len(batch))
	appended := make([]int, len(batch)) // events each request appends
	deciding := map[uuid.UUID]int{}     // command → the request of this batch that appends its events
	twins := map[int]int{}              // a request → the earlier one of the same command
	var events eventstore.StreamAppend
	var decided []domain.Event
	for i, req := range batch {
		u := &unit{ctx: ctx, r: r, meta: req.meta, now: shared.now, loaded: shared.loaded, prefetched: shared.prefetched, unopened: shared.unopened,
			trustKept: shared.trustKept, kept: shared.kept}
		u.meta.OrganizationID = shared.meta.OrganizationID
		err := req.decide(u, state)
		if err != nil && len(u.appends) > 0 {
			return nil, &spoiltDecision{index: i, err: err}
		}
		switch {
		case errors.Is(err, errAlreadyDone):
			answers[i].result = *u.previous
		case err != nil:
			answers[i].err = err
		case len(u.appends) == 0: // nothing changed, or a retry of a command the stream holds
			if ran, ok := shared.ran[req.meta.CommandID.String()]; ok {
				answers[i].result = ran
			} else if _, ok := deciding[req.meta.CommandID]; ok {
				twins[i] = deciding[req.meta.CommandID] // sent twice at once: answered as its first
			} else {
				answers[i].result.Version = versionOf(expected)
			}
		}
		if len(u.appends) > 0 {
			deciding[req.meta.CommandID] = i
		}
		answers[i].result.ID = req.id
		for j, a := range u.appends {
			if a.Stream != c.stream {
				return nil, fmt.Errorf("a batched decision appended to %s: a batch appends to %s only", a.Stream, c.stream)
			}
			events.Events = append(events.Events, a.Events...)
			appended[i] += len(a.Events)
			decided = append(decided, u.pending[j]...)
		}
	}
	if len(events.Events) == 0 {
		if len(*shared.kept) > 0 {
			// Refusals decided on what was kept, unchecked by an append: read and decide
			// again, so no caller is refused on a state another server has moved past.
			return nil, errReadAgain
		}
		return answers, nil
	}
	events.Stream, events.Expected = c.stream, expected
	all := &unit{ctx: ctx, r: r, appends: []eventstore.StreamAppend{events}, pending: [][]domain.Event{decided}, kept: shared.kept}
	if r.beforeBatchAppend != nil {
		r.beforeBatchAppend(commandsOf(batch))
	}
	results, err := appendBatch(all, c.unopened)
	if err != nil {
		if !errors.Is(err, errNotNew) {
			r.cache.drop(c.stream) // the next cycle reads it whole
		}
		return nil, err
	}
	if r.afterBatchAppend != nil {
		r.afterBatchAppend(commandsOf(batch))
	}
	if c.unopened {
		keepAppended(r, all, expected, results[0])
	}
	// Each caller's version is its own last event's; the position is the batch's last,
	// at or after its own, so a read waiting for it sees the caller's write.
	after := uint64(len(events.Events))
	for i, n := range appended {
		if n == 0 {
			continue
		}
		after -= uint64(n)
		answers[i].result.Version = results[0].NextVersion - after
		answers[i].result.Position = results[0].Position
	}
	for i, first := range twins {
		answers[i].result = answers[first].result
		answers[i].result.ID = batch[i].id
	}
	return answers, nil
}

// errReadAgain: a batch decided on the streams the server kept without reading them
// (decision 1720) is to be read and decided again: one of them moved, or its check
// could not be made.
var errReadAgain = errors.New("decided on streams kept: read and decide again")

// errNotNew: a stream a batch took to be new has events, which the append's refusal
// brought and the runner now keeps: decide again on them, without reading (decision 1880).
var errNotNew = errors.New("a stream taken to be new has events: decide again on them")

// appendBatch seals a batch's events and appends them. A batch of new participants
// (fresh: every subject new with its booking) on a store that keeps the vault's keys
// in its own database is one round trip: the keys made here, written in the append's
// transaction (decision 1720). Any other case, or a key that exists after all (a
// retried command whose first attempt stopped after its key), is one round trip for
// the keys and one for the append.
//
// A batch decided on streams taken as kept (trustKept) is appended only with the check
// that none of them moved; if one did — or the one round trip fails for another reason
// — it is read and decided again (errReadAgain).
func appendBatch(all *unit, fresh bool) ([]eventstore.AppendResult, error) {
	if with, ok := all.r.store.(eventstore.WithAppender); ok && fresh && all.r.keysWithAppend {
		keys, err := all.sealFresh()
		if err != nil {
			return nil, err
		}
		var statements []eventstore.Statement
		if keys.SQL != "" {
			statements = append(statements, keys)
		}
		var unmoved []eventstore.StreamVersion
		if all.kept != nil {
			unmoved = *all.kept
		}
		results, err := all.r.group.append(all.ctx, with, &groupedAppend{unmoved: unmoved, with: statements, appends: all.appends})
		var notNew *eventstore.StreamsMovedError
		if errors.As(err, &notNew) && len(notNew.Events) > 0 {
			if err := all.r.keepRead(notNew.Events); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("%w: %w: %w", errReadAgain, errNotNew, err)
		}
		if len(unmoved) > 0 && (errors.Is(err, eventstore.ErrStreamsMoved) || errors.Is(err, eventstore.ErrNotWrittenWith)) {
			return nil, fmt.Errorf("%w: %w", errReadAgain, err)
		}
		if !errors.Is(err, eventstore.ErrNotWrittenWith) {
			return results, err
		}
	}
	if err := all.seal(); err != nil {
		return nil, err
	}
	return all.r.store.AppendMulti(all.ctx, all.appends...)
}

// keepAppended adds a batch's appended events, as sealed, to the runner's cache of
// its stream when the cache holds the stream up to the version the batch was decided
// on: the next batch then reads only what another server appended since.
func keepAppended(r *runner, all *unit, expected eventstore.ExpectedVersion, res eventstore.AppendResult) {
	a := all.appends[0]
	records, events, ok := r.cache.get(a.Stream)
	before, exact := expected.Revision()
	switch {
	case ok && exact && uint64(len(records)) == before+1:
	case !ok && expected.IsNoStream():
	default:
		return
	}
	first := res.NextVersion + 1 - uint64(len(a.Events))
	now := time.Now().UTC()
	for i, e := range a.Events {
		// Each event's own position is not answered; the batch's last is at or after it,
		// as the batch's callers are answered (decision 1340).
		records = append(records, eventstore.RecordedEvent{ID: e.ID, Type: e.Type, Stream: a.Stream, Version: first + uint64(i),
			Position: res.Position, Metadata: e.Metadata, RecordedAt: now})
	}
	r.cache.put(a.Stream, records, append(events, all.sealed...))
}
