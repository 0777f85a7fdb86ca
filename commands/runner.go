package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/eventstore"
	"move/personal"
)

// maxAttempts bounds how often a command is decided again after losing a race for a
// stream's version.
const maxAttempts = 5

// Meta is who issues a command, in which tenant, and why.
type Meta struct {
	// CommandID identifies the command across retries: the same id never writes twice.
	CommandID      uuid.UUID
	ActorID        string
	ApplicationID  string
	OrganizationID string
	CorrelationID  string
}

// IdempotentCommandID is the command id of a client's idempotency key: the key within
// its application and caller (0532). Keys are the client's choice, so two callers may
// send the same one; scoped, one caller's key can never find, or answer with, another
// tenant's or another caller's command and the aggregates it created.
func IdempotentCommandID(key uuid.UUID, applicationID, actorID string) uuid.UUID {
	return uuid.NewSHA1(key, []byte("application:"+applicationID+"\x00actor:"+actorID))
}

// Result is where a command's events landed: the read API waits for Position to
// answer the caller's next read with its own writes.
type Result struct {
	ID       string
	Version  uint64
	Position eventstore.Position
}

// runner loads aggregates, lets a use case decide, and appends atomically with the
// versions it loaded, deciding again on a conflict.
type runner struct {
	store    eventstore.Store
	registry *domain.Registry
	vault    *personal.Vault
	now      func() time.Time
	// beforeBatchAppend and afterBatchAppend run around a batch's append with the
	// commands of its requests: the failpoints a crash test stops the process at
	// (writer.go).
	beforeBatchAppend, afterBatchAppend func(commands []uuid.UUID)
	// cache keeps the streams the single writers read and appended, still sealed, so
	// that a batch reads only what is newer (decision 1720).
	cache streamCache
	// keysWithAppend: the vault keeps its keys in the event store's database, so a
	// batch's new participants' keys are written in the append's round trip.
	keysWithAppend bool
	// group joins the appends of single writers ready at the same moment (decision 1950).
	group groupCommit
}

// unit is one attempt of a command: the streams it loaded and what it will append.
type unit struct {
	ctx     context.Context
	r       *runner
	meta    Meta
	now     time.Time
	loaded  map[string]eventstore.ExpectedVersion
	order   []string // streams in the order loaded: the first is the command's subject
	appends []eventstore.StreamAppend
	// pending are the appends' events, sealed and encoded into their Data just before
	// the append (all of a command's personal fields with one key round trip).
	pending  [][]domain.Event
	previous *Result // set when a loaded stream shows this command already ran
	// ran, when set, collects every command a loaded stream shows, with where its
	// last event landed: a batch's one read answers each repeated command (writer.go).
	ran map[string]Result
	// prefetched are streams read ahead in one round trip, not yet loaded (prefetch).
	prefetched map[string]prefetched
	// unopened: the unit's decisions read no personal value of what they load (a
	// booking's), so nothing is opened — no key round trip — and what is read comes
	// from, and goes to, the runner's cache (decision 1720).
	unopened bool
	// sealed are the appends' events as seal stored them, in order (the cache keeps them).
	sealed []domain.Event
	// trustKept: when every stream a read asks for is kept, take them as kept without
	// reading, and note them in kept — the append then checks in its own transaction
	// that none moved (decision 1720). kept is shared by a batch's units.
	trustKept bool
	kept      *[]eventstore.StreamVersion
	// presumeNew is a stream a trusting read takes to be new, without reading it, when
	// nothing is known of it (a session's first booking): the append checks that it
	// has no event, and its refusal answers the events if it has (decision 1880).
	presumeNew string
}

// errAlreadyDone stops a use case whose command already ran.
var errAlreadyDone = errors.New("command already applied")

// execute runs decide until its appends land, at most maxAttempts times. id names the
// aggregate the result is about.
func (r *runner) execute(ctx context.Context, meta Meta, id string, decide func(u *unit) error) (res Result, err error) {
	defer func() { reportPosition(ctx, res.Position) }()
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	if meta.CorrelationID == "" {
		meta.CorrelationID = meta.CommandID.String()
	}
	for attempt := 1; ; attempt++ {
		u := &unit{ctx: ctx, r: r, meta: meta, now: r.now().UTC(), loaded: map[string]eventstore.ExpectedVersion{}}
		err := decide(u)
		if errors.Is(err, errAlreadyDone) {
			u.previous.ID = id
			return *u.previous, nil
		}
		if err != nil {
			return Result{}, err
		}
		if len(u.appends) == 0 { // nothing changed
			return Result{ID: id, Version: versionOf(u.loaded[u.primary()])}, nil
		}
		if err := u.seal(); err != nil {
			return Result{}, err
		}
		results, err := r.store.AppendMulti(ctx, u.appends...)
		if eventstore.IsWrongExpectedVersion(err) && attempt < maxAttempts {
			continue
		}
		if err != nil {
			return Result{}, err
		}
		// The subject's stream answers: a retry finds the same version and position there.
		for _, ar := range results {
			if ar.Stream == u.primary() {
				return Result{ID: id, Version: ar.NextVersion, Position: ar.Position}, nil
			}
		}
		return Result{ID: id, Version: results[0].NextVersion, Position: results[0].Position}, nil
	}
}

func versionOf(ev eventstore.ExpectedVersion) uint64 {
	v, _ := ev.Revision()
	return v
}

func (u *unit) primary() string {
	if len(u.order) == 0 {
		return ""
	}
	return u.order[0]
}

// load applies a stream's events to agg and remembers its version for the append.
// A stream that already holds this command's events ends the command with its first
// result (errAlreadyDone). A stream prefetched is taken from there.
func (u *unit) load(stream string, agg domain.Aggregate) error {
	expected := eventstore.NoStream
	if _, ok := u.prefetched[stream]; !ok && u.unopened {
		if err := u.prefetch(stream); err != nil { // through the cache: only what is newer
			return err
		}
	}
	if p, ok := u.prefetched[stream]; ok {
		delete(u.prefetched, stream)
		expected = u.apply(agg, p.records, p.events, expected)
	} else {
		var from uint64
		for {
			events, err := u.r.store.ReadStream(u.ctx, stream, eventstore.Forwards, from, 500)
			if errors.Is(err, eventstore.ErrStreamNotFound) {
				break
			}
			if err != nil {
				return err
			}
			decoded, err := u.open(events)
			if err != nil {
				return fmt.Errorf("load %s: %w", stream, err)
			}
			expected = u.apply(agg, events, decoded, expected)
			from = events[len(events)-1].Version + 1
			if len(events) < 500 {
				break
			}
		}
	}
	u.loaded[stream] = expected
	u.order = append(u.order, stream)
	if u.previous != nil {
		return errAlreadyDone
	}
	return nil
}

// open decodes stored events and opens their personal data with one read of the keys
// for all of them: a session's stream holds a sealed participant per booking, and a
// read per event made a crowded session slow.
func (u *unit) open(events []eventstore.RecordedEvent) ([]domain.Event, error) {
	decoded, err := u.r.decode(events)
	if err != nil || u.unopened {
		return decoded, err
	}
	return u.r.vault.OpenAll(u.ctx, decoded)
}

// keepRead keeps whole streams read (from version 0) in the runner's cache, decoded
// and sealed, as a read through the cache does.
func (r *runner) keepRead(streams map[string][]eventstore.RecordedEvent) error {
	for stream, records := range streams {
		events, err := r.decode(records)
		if err != nil {
			return err
		}
		r.cache.put(stream, records, events)
	}
	return nil
}

// decode decodes stored events, their personal values still sealed.
func (r *runner) decode(events []eventstore.RecordedEvent) ([]domain.Event, error) {
	decoded := make([]domain.Event, len(events))
	for i, re := range events {
		var err error
		if decoded[i], err = r.registry.Decode(re.Type, re.Data); err != nil {
			return nil, fmt.Errorf("%s %s: %w", re.Stream, re.ID, err)
		}
	}
	return decoded, nil
}

// apply applies a loaded stream's events to agg, noting this command's own, and
// answers the version they reach.
func (u *unit) apply(agg domain.Aggregate, records []eventstore.RecordedEvent, events []domain.Event, expected eventstore.ExpectedVersion) eventstore.ExpectedVersion {
	for i, e := range events {
		if records[i].Metadata.CommandID == u.meta.CommandID.String() {
			u.previous = &Result{Version: records[i].Version, Position: records[i].Position}
		}
		if u.ran != nil {
			u.ran[records[i].Metadata.CommandID] = Result{Version: records[i].Version, Position: records[i].Position}
		}
		agg.Apply(e)
		expected = eventstore.Exact(records[i].Version)
	}
	return expected
}

// prefetched is a stream read ahead: its stored events and what they decode to.
type prefetched struct {
	records []eventstore.RecordedEvent
	events  []domain.Event
}

// prefetch reads streams the command is about to load in one round trip, and opens
// their personal data with one key query, when the store can (eventstore.StreamsReader);
// load takes them from here. For a command that reads several small streams anyway (a
// booking: its series, its session, its customer), round trips are most of its cost.
func (u *unit) prefetch(streams ...string) error {
	reader, ok := u.r.store.(eventstore.StreamsReader)
	if !ok || len(streams) == 0 {
		return nil
	}
	if u.unopened {
		return u.prefetchNewer(reader, streams)
	}
	read, err := reader.ReadStreams(u.ctx, streams)
	if err != nil {
		return err
	}
	var records []eventstore.RecordedEvent
	for _, stream := range streams {
		records = append(records, read[stream]...)
	}
	events, err := u.open(records)
	if err != nil {
		return fmt.Errorf("prefetch: %w", err)
	}
	if u.prefetched == nil {
		u.prefetched = map[string]prefetched{}
	}
	for _, stream := range streams {
		n := len(read[stream])
		u.prefetched[stream] = prefetched{records: records[:n:n], events: events[:n:n]}
		records, events = records[n:], events[n:]
	}
	return nil
}

// prefetchNewer is prefetch through the runner's cache: of a stream kept there only
// the events after the kept version are read (decision 1720), all streams in one round
// trip, and what is read is kept. Nothing is opened (unopened).
func (u *unit) prefetchNewer(reader eventstore.StreamsReader, streams []string) error {
	type known struct {
		records []eventstore.RecordedEvent
		events  []domain.Event
	}
	var names []string
	var after []int64
	kept := map[string]known{}
	for _, stream := range streams {
		if _, done := u.prefetched[stream]; done || slices.Contains(names, stream) {
			continue
		}
		names = append(names, stream)
		records, events, ok := u.r.cache.get(stream)
		after = append(after, int64(len(records))-1) // -1: the whole stream
		if ok {
			kept[stream] = known{records, events}
		}
	}
	if len(names) == 0 {
		return nil
	}
	if u.prefetched == nil {
		u.prefetched = map[string]prefetched{}
	}
	presumed := 0
	if _, ok := kept[u.presumeNew]; !ok && slices.Contains(names, u.presumeNew) && u.r.cache.mayBeNew(u.presumeNew) {
		presumed = 1
	}
	if u.trustKept && len(kept)+presumed == len(names) {
		for i, stream := range names {
			u.prefetched[stream] = prefetched{records: kept[stream].records, events: kept[stream].events}
			*u.kept = append(*u.kept, eventstore.StreamVersion{Stream: stream, Version: after[i]})
		}
		return nil
	}
	read, err := reader.ReadStreamsAfter(u.ctx, names, after)
	if err != nil {
		return err
	}
	for _, stream := range names {
		newer := read[stream]
		decoded, err := u.open(newer)
		if err != nil {
			return fmt.Errorf("prefetch: %w", err)
		}
		k := kept[stream]
		if len(newer) > 0 && newer[0].Version != uint64(len(k.records)) {
			// Not the continuation of what was kept (the store was restored behind
			// it): forget it and read the stream whole.
			u.r.cache.drop(stream)
			whole, err := reader.ReadStreams(u.ctx, []string{stream})
			if err != nil {
				return err
			}
			k, newer = known{}, whole[stream]
			if decoded, err = u.open(newer); err != nil {
				return fmt.Errorf("prefetch: %w", err)
			}
		}
		records := append(slices.Clip(k.records), newer...)
		events := append(slices.Clip(k.events), decoded...)
		if len(newer) > 0 {
			u.r.cache.put(stream, records, events)
		}
		u.prefetched[stream] = prefetched{records: records, events: events}
	}
	return nil
}

// expectNew takes a stream as loaded and empty without reading it: appending to it
// fails (and the command is decided again) if it exists after all. For streams whose
// name is fresh randomness, such as a coupon's code.
func (u *unit) expectNew(stream string) {
	u.loaded[stream] = eventstore.NoStream
	u.order = append(u.order, stream)
}

// append queues events for stream, expecting the version it was loaded at. Event ids
// derive from the command id, so a retried command appends the very same events.
func (u *unit) append(stream string, agg domain.Aggregate, events ...domain.Event) error {
	if len(events) == 0 {
		return nil
	}
	expected, ok := u.loaded[stream]
	if !ok {
		return fmt.Errorf("append to %s: stream was not loaded", stream)
	}
	data := make([]eventstore.EventData, len(events))
	for i, e := range events {
		data[i] = eventstore.EventData{
			ID: uuid.NewSHA1(u.meta.CommandID, fmt.Appendf(nil, "%s/%d", stream, i)),
			Metadata: eventstore.Metadata{
				ApplicationID:  u.meta.ApplicationID,
				OrganizationID: u.meta.OrganizationID,
				ActorID:        u.meta.ActorID,
				CorrelationID:  u.meta.CorrelationID,
				CausationID:    u.meta.CommandID.String(),
				CommandID:      u.meta.CommandID.String(),
			},
		}
		agg.Apply(e)
	}
	u.appends = append(u.appends, eventstore.StreamAppend{Stream: stream, Expected: expected, Events: data})
	u.pending = append(u.pending, events)
	return nil
}

// seal encodes the queued events, their personal fields sealed (package personal).
func (u *unit) seal() error {
	var streams []string
	var events []domain.Event
	for i, queued := range u.pending {
		for _, e := range queued {
			streams = append(streams, u.appends[i].Stream)
			events = append(events, e)
		}
	}
	sealed, err := u.r.vault.SealAll(u.ctx, streams, events)
	if err != nil {
		return err
	}
	return u.encode(sealed)
}

// sealFresh is seal for events whose subjects are new with the command (a booking's
// participant): the keys are made here, without a round trip, and answered as the
// statement that stores them in the append's transaction.
func (u *unit) sealFresh() (eventstore.Statement, error) {
	var streams []string
	var events []domain.Event
	for i, queued := range u.pending {
		for _, e := range queued {
			streams = append(streams, u.appends[i].Stream)
			events = append(events, e)
		}
	}
	sealed, keys, err := u.r.vault.SealFresh(streams, events)
	if err != nil {
		return eventstore.Statement{}, err
	}
	if err := u.encode(sealed); err != nil {
		return eventstore.Statement{}, err
	}
	if keys.Empty() {
		return eventstore.Statement{}, nil
	}
	sql, args := keys.Insert()
	return eventstore.Statement{SQL: sql, Args: args}, nil
}

// encode sets the queued events' type and data from their sealed copies.
func (u *unit) encode(sealed []domain.Event) error {
	u.sealed = slices.Clone(sealed)
	for i := range u.appends {
		for j := range u.appends[i].Events {
			typ, payload, err := u.r.registry.Encode(sealed[0])
			if err != nil {
				return err
			}
			u.appends[i].Events[j].Type, u.appends[i].Events[j].Data = typ, payload
			sealed = sealed[1:]
		}
	}
	return nil
}

// checkVersion refuses a command decided on a version the user no longer sees.
func (u *unit) checkVersion(stream string, expected *uint64) error {
	if expected == nil {
		return nil
	}
	if have, ok := u.loaded[stream].Revision(); ok && have != *expected {
		return &domain.ConflictError{Key: "conflict.stale_version", Params: map[string]any{"expected": *expected, "actual": have}}
	}
	return nil
}
