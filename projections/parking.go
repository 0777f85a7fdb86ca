package projections

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/eventstore"
)

// Parking (decision 1310): an event a projector cannot handle is parked together with
// every later event of its stream (the sequence key: order within an entity is kept),
// for that projector only, and the projector goes on with every other stream. Parked
// rows move in the transaction that moves the checkpoint, so the checkpoint never
// passes an event that was neither applied nor parked.

// decoded is one event as a projector sees it: its payload when the projector reads
// its type, or the reason it could not be read (a failure of that event).
type decoded struct {
	event *Event
	err   error
}

func (d decoded) relevant() bool { return d.event != nil || d.err != nil }

// eventError is a failure of one event: which, and why.
type eventError struct {
	event eventstore.RecordedEvent
	index int // in the delivery or batch applied
	cause error
}

func (e *eventError) Error() string {
	return fmt.Sprintf("event %s (%s) at %s: %v", e.event.ID, e.event.Type, e.event.Position, e.cause)
}
func (e *eventError) Unwrap() error { return e.cause }

// parkedEvent is an event a projector parks: cause is its own failure, or nil when it
// waits behind the first parked event of its stream.
type parkedEvent struct {
	event eventstore.RecordedEvent
	cause error
}

// decodeEach decodes the events p reads, their personal fields opened with one key
// query for the batch. An event that cannot be decoded (an unknown type or version, a
// payload that does not fit its type) is that event's failure; skip holds events an
// operator decided the projector passes over. Only a failure to read the keys fails
// the whole call.
func (r *Runner) decodeEach(ctx context.Context, p Projector, events []eventstore.RecordedEvent, skip map[uuid.UUID]bool) ([]decoded, error) {
	want := func(e eventstore.RecordedEvent) bool { return r.reads(p, e.Type) && !skip[e.ID] }
	stored := r.decodeStored(events, want, &r.recent)
	if _, sealed := p.(SealedReader); sealed {
		return stored, nil // nothing opened, so no key query (decision 1720)
	}
	return r.openWhere(ctx, events, stored, want)
}

// decodeWhere decodes the events want picks, as decodeEach does: a rebuild decodes a
// batch once for all its projectors, each then taking the events it reads.
func (r *Runner) decodeWhere(ctx context.Context, events []eventstore.RecordedEvent, want func(eventstore.RecordedEvent) bool) ([]decoded, error) {
	return r.openWhere(ctx, events, r.decodeStored(events, want, nil), want)
}

// decodeStored decodes the events want picks as stored: personal fields still sealed.
// With recent, the live projectors share each event's decoding; a rebuild, which
// decodes a batch once for all its projectors, passes nil.
func (r *Runner) decodeStored(events []eventstore.RecordedEvent, want func(eventstore.RecordedEvent) bool, recent *recentDecodes) []decoded {
	out := make([]decoded, len(events))
	for i, e := range events {
		if !want(e) {
			continue
		}
		payload, err := recent.decode(r.registry, e)
		if err != nil {
			out[i].err = err
			continue
		}
		out[i] = decoded{event: &Event{RecordedEvent: e, Payload: payload}}
	}
	return out
}

// openWhere answers the events of stored (decodeStored) that want picks with their
// personal fields opened, the keys read in one query; stored is left as it is.
func (r *Runner) openWhere(ctx context.Context, events []eventstore.RecordedEvent, stored []decoded, want func(eventstore.RecordedEvent) bool) ([]decoded, error) {
	out := make([]decoded, len(events))
	var payloads []domain.Event
	var at []int
	for i, e := range events {
		if !want(e) {
			continue
		}
		if stored[i].err != nil || stored[i].event == nil {
			out[i] = stored[i]
			continue
		}
		payloads = append(payloads, stored[i].event.Payload)
		at = append(at, i)
	}
	if len(payloads) == 0 {
		return out, nil
	}
	opened, err := r.vault.OpenAll(ctx, payloads)
	if err != nil {
		if Transient(err) {
			return nil, err
		}
		// One event's sealed fields cannot be opened: find which, one at a time.
		opened = make([]domain.Event, len(payloads))
		for j, payload := range payloads {
			one, err := r.vault.OpenAll(ctx, []domain.Event{payload})
			switch {
			case err == nil:
				opened[j] = one[0]
			case Transient(err):
				return nil, err
			default:
				out[at[j]].err = err
			}
		}
	}
	for j, i := range at {
		if opened[j] != nil {
			out[i] = decoded{event: &Event{RecordedEvent: events[i], Payload: opened[j]}}
		}
	}
	return out, nil
}

// applyEvents applies events to tx, whose search path names the tables to write.
// Events of a stream in parked wait behind it (parked too). Quickly, every statement
// goes in one round trip and the first failure ends the call. Carefully, the same
// happens in a savepoint; when an event fails for a reason of its own, the savepoint
// is rolled back, the events before it are applied again, it is parked with its
// stream (parked grows), and the rest goes on from the event after it — a few round
// trips per failing event, not per event. A transient failure still ends the call.
// It answers the events to park.
func applyEvents(ctx context.Context, tx pgx.Tx, p Projector, events []eventstore.RecordedEvent, dec []decoded, parked map[string]bool, carefully bool) ([]parkedEvent, error) {
	if !carefully {
		return applyQuickly(ctx, tx, p, events, dec, parked)
	}
	var out []parkedEvent
	for start := 0; start < len(events); {
		got, err := applyInSavepoint(ctx, tx, p, events[start:], dec[start:], parked)
		if err == nil {
			return append(out, got...), nil
		}
		var ee *eventError
		if Transient(err) || ctx.Err() != nil || !errors.As(err, &ee) {
			return nil, err
		}
		failed := start + ee.index
		if failed > start {
			// The events before it succeeded, and were rolled back with it.
			// They succeed again unless the handler is not deterministic; then the
			// delivery fails as a whole and is tried again later.
			got, err := applyInSavepoint(ctx, tx, p, events[start:failed], dec[start:failed], parked)
			if err != nil {
				return nil, err
			}
			out = append(out, got...)
		}
		parked[events[failed].Stream] = true
		out = append(out, parkedEvent{event: events[failed], cause: ee.cause})
		start = failed + 1
	}
	return out, nil
}

// applyQuickly applies events in one round trip; the first failure ends it, naming its
// event (eventError).
func applyQuickly(ctx context.Context, tx pgx.Tx, p Projector, events []eventstore.RecordedEvent, dec []decoded, parked map[string]bool) ([]parkedEvent, error) {
	var out []parkedEvent
	w := &batchWriter{}
	for i, d := range dec {
		if !d.relevant() {
			continue
		}
		e := events[i]
		if parked[e.Stream] {
			out = append(out, parkedEvent{event: e})
			continue
		}
		err := d.err
		if err == nil {
			w.current = i
			err = safeApply(ctx, p, w, *d.event)
		}
		if err != nil {
			// An earlier event's statement may fail too: the first failure in log order
			// is the one to name.
			if flushErr := flush(ctx, tx, w, events); flushErr != nil {
				return nil, flushErr
			}
			return nil, &eventError{event: e, index: i, cause: err}
		}
	}
	return out, flush(ctx, tx, w, events)
}

// flush sends w's statements, a failure naming its event.
func flush(ctx context.Context, tx pgx.Tx, w *batchWriter, events []eventstore.RecordedEvent) error {
	i, err := w.flush(ctx, tx)
	if err == nil || i < 0 {
		return err
	}
	return &eventError{event: events[i], index: i, cause: err}
}

// applyInSavepoint applies events quickly so that a failure undoes their statements only.
func applyInSavepoint(ctx context.Context, tx pgx.Tx, p Projector, events []eventstore.RecordedEvent, dec []decoded, parked map[string]bool) ([]parkedEvent, error) {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return nil, err
	}
	out, err := applyQuickly(ctx, sp, p, events, dec, parked)
	if err != nil {
		if rollbackErr := sp.Rollback(ctx); rollbackErr != nil {
			return nil, rollbackErr
		}
		return nil, err
	}
	return out, sp.Commit(ctx)
}

// safeApply runs Apply, a panic in it becoming the event's failure.
func safeApply(ctx context.Context, p Projector, w Writer, e Event) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic in %s: %v", p.Name(), v)
		}
	}()
	return p.Apply(ctx, w, e)
}

// lockParking serialises, per projector, the live path with retries and skips: each
// takes this lock first in its transaction, so none reads a parked list another is
// changing.
func lockParking(ctx context.Context, tx pgx.Tx, name string) error {
	_, err := tx.Exec(ctx, `SELECT `+parkingLock(name))
	return err
}

// parkingLock is lockParking's call, for the live path to send with its set-up.
func parkingLock(name string) string {
	return `pg_advisory_xact_lock(` + strconv.FormatInt(lockKey("parking:"+name), 10) + `)`
}

// liveSetup is a live delivery's set-up as one statement: the projector's role, no
// synchronous commit (a read model is rebuilt from the log, and its checkpoint commits
// with its rows), the live schema, then the parking lock. One statement, not four: a
// booking wakes two projectors that write, and each statement of their transactions
// is Postgres's work per booking (decision 1880).
func liveSetup(name string) string {
	return `SELECT set_config('role', '` + projectorRole + `', true), set_config('synchronous_commit', 'off', true), ` +
		`set_config('search_path', '` + LiveSchema + `', true), ` + parkingLock(name)
}

// startDelivery sets up tx for a live delivery — the projector's role, no synchronous
// commit, the live schema, the parking lock — and answers which of its streams have
// parked events for name, all in one round trip: a booking wakes four
// projectors, and each round trip of theirs holds a connection of the pool the
// commands use too (decision 1720).
func startDelivery(ctx context.Context, tx pgx.Tx, name string, events []eventstore.RecordedEvent, dec []decoded) (map[string]bool, error) {
	var batch pgx.Batch
	batch.Queue(liveSetup(name))
	streams := relevantStreams(events, dec)
	if len(streams) > 0 {
		batch.Queue(parkedQuery, name, streams)
	}
	br := tx.SendBatch(ctx, &batch)
	defer br.Close() //nolint:errcheck // the results' errors are the batch's
	if _, err := br.Exec(); err != nil {
		return nil, err
	}
	parked := map[string]bool{}
	if len(streams) > 0 {
		rows, err := br.Query()
		if err != nil {
			return nil, err
		}
		got, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return nil, err
		}
		for _, s := range got {
			parked[s] = true
		}
	}
	return parked, br.Close()
}

// relevantStreams are the streams of the events a projector reads, each once.
func relevantStreams(events []eventstore.RecordedEvent, dec []decoded) []string {
	var streams []string
	for i, d := range dec {
		if d.relevant() && !slices.Contains(streams, events[i].Stream) {
			streams = append(streams, events[i].Stream)
		}
	}
	return streams
}

const parkedQuery = `SELECT DISTINCT stream FROM public.projection_parked WHERE projector = $1 AND stream = ANY($2)`

// maxErrorLength caps the error kept with a parked event (a driver may quote a value).
const maxErrorLength = 2000

func errorText(err error) *string {
	if err == nil {
		return nil
	}
	s := err.Error()
	if len(s) > maxErrorLength {
		s = s[:maxErrorLength]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
	}
	return &s
}

// park stores parked events of projector name (inside the checkpoint's transaction).
func park(ctx context.Context, tx pgx.Tx, name string, events []parkedEvent) error {
	if len(events) == 0 {
		return nil
	}
	n := len(events)
	ids, streams, apps, types := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	versions, commits, positions := make([]int64, n), make([]int64, n), make([]int64, n)
	errs := make([]*string, n)
	for i, pe := range events {
		e := pe.event
		ids[i], streams[i], apps[i], types[i] = e.ID.String(), e.Stream, e.Metadata.ApplicationID, e.Type
		versions[i], commits[i], positions[i] = int64(e.Version), int64(e.Position.Commit), int64(e.Position.Prepare)
		errs[i] = errorText(pe.cause)
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO public.projection_parked (projector, event_id, stream, stream_version, application_id, commit_key, position, event_type, error)
		SELECT $1, u.* FROM unnest($2::uuid[], $3::text[], $4::bigint[], $5::text[], $6::bigint[], $7::bigint[], $8::text[], $9::text[]) AS u
		ON CONFLICT (projector, event_id) DO NOTHING`,
		name, ids, streams, versions, apps, commits, positions, types, errs)
	return err
}

// ErrNotParked: a retry or skip named a stream with no parked event for that read model.
var ErrNotParked = errors.New("projections: nothing parked for this stream")

// ErrUnknownProjector: a name this installation has no projector for.
var ErrUnknownProjector = errors.New("projections: no such projector")
