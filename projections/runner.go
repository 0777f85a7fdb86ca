package projections

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"

	"move/domain"
	"move/eventstore"
	"move/internal/wait"
	"move/personal"
)

// asProjector starts every transaction that writes read models or their schema: the
// server's own role (move_server) owns nothing and sees no tenant's rows; the projector
// role owns the read models and writes every tenant's (decision 0502).
const asProjector = `SET LOCAL ROLE ` + projectorRole

const projectorRole = "move_projector"

// rebuildBatch is how many events one rebuild transaction replays: large, so a
// projector's fixed cost per batch (a transaction, a round trip, a COPY per table) is
// spread thin and a bulk pass folds an entity's many events into one row.
const rebuildBatch = 20000

// Runner keeps projectors' read models up to date with the log.
type Runner struct {
	store      eventstore.Store
	db         *pgxpool.Pool
	registry   *domain.Registry
	vault      *personal.Vault
	projectors []Projector
	log        *slog.Logger
	metrics    *Metrics
	locks      *Locks
	stateMu    sync.Mutex
	logged     map[string]string // by projector, its state as last logged ("" running)
	recent     recentDecodes     // the live events' payloads, decoded once for every projector
	// types are the event types each projector reads, by name: asked of every event by
	// every live projector, and EventTypes builds its list anew each call.
	types         map[string]map[string]bool
	bulkFallbacks atomic.Int64
	timesMu       sync.Mutex
	times         map[string]*RebuildTime // by projector, its share of the last rebuild
	// Progress, when set, hears rebuild progress (done and total events).
	Progress func(name string, done, total int64)
	// RebuildBatch, when set, is how many events one rebuild transaction replays instead
	// of rebuildBatch: tests make it small, so that an entity's events span batches.
	RebuildBatch int
	// BackendCPU, when set, answers the CPU time a database backend used so far (a
	// benchmark on the database's machine reads it from /proc): each projector's share
	// of a rebuild then counts its backends' CPU (RebuildTime.PostgresCPU).
	BackendCPU func(pid uint32) time.Duration
}

// NewRunner checks that every projector has a distinct name. vault opens the events'
// personal fields before Apply sees them (package personal).
func NewRunner(store eventstore.Store, db *pgxpool.Pool, registry *domain.Registry, vault *personal.Vault, log *slog.Logger, metrics *Metrics, projectors ...Projector) (*Runner, error) {
	if store == nil || db == nil || registry == nil || vault == nil || log == nil {
		return nil, errors.New("projections: store, database, registry, vault and logger are required")
	}
	types := map[string]map[string]bool{}
	for _, p := range projectors {
		if types[p.Name()] != nil {
			return nil, fmt.Errorf("projections: two projectors named %s", p.Name())
		}
		types[p.Name()] = typeSet(p)
	}
	return &Runner{store: store, db: db, registry: registry, vault: vault, projectors: projectors, log: log, metrics: metrics,
		locks: NewLocks(db.Config().ConnConfig), logged: map[string]string{}, times: map[string]*RebuildTime{}, types: types}, nil
}

func typeSet(p Projector) map[string]bool {
	set := map[string]bool{}
	for _, t := range p.EventTypes() {
		set[t] = true
	}
	return set
}

// reads tells whether p reads events of the type.
func (r *Runner) reads(p Projector, eventType string) bool {
	set, ok := r.types[p.Name()]
	if !ok { // a projector the runner was not made with
		set = typeSet(p)
	}
	return set[eventType]
}

// BulkFallbacks answers how many rebuild batches of a Bulk projector this runner
// applied event by event because the bulk pass failed (an event to park, a row already
// there): none in an ordinary log.
func (r *Runner) BulkFallbacks() int64 { return r.bulkFallbacks.Load() }

// RebuildTime is one projector's share of a rebuild's wall time: its batches'
// transactions (Load, summed: they run beside other projectors') and building its read
// indexes (Indexed).
type RebuildTime struct {
	Name          string
	Load, Indexed time.Duration
	// PostgresCPU is the CPU its transactions cost the database, when the runner can
	// tell (BackendCPU).
	PostgresCPU time.Duration
}

// Total is the projector's whole share.
func (t RebuildTime) Total() time.Duration { return t.Load + t.Indexed }

// RebuildTimes answers each projector's share of its last rebuild, slowest first.
func (r *Runner) RebuildTimes() []RebuildTime {
	r.timesMu.Lock()
	defer r.timesMu.Unlock()
	var out []RebuildTime
	for _, t := range r.times {
		out = append(out, *t)
	}
	slices.SortFunc(out, func(a, b RebuildTime) int { return cmp.Compare(b.Total(), a.Total()) })
	return out
}

// counted runs fn in tx, adding the CPU time tx's backend spent in it to projector
// name's share when the runner can tell (BackendCPU).
func (r *Runner) counted(tx pgx.Tx, name string, fn func() error) error {
	if r.BackendCPU == nil {
		return fn()
	}
	pid := tx.Conn().PgConn().PID()
	before := r.BackendCPU(pid)
	err := fn()
	r.took(name, func(t *RebuildTime) *time.Duration { return &t.PostgresCPU }, r.BackendCPU(pid)-before)
	return err
}

// took adds d to the phase of projector name's rebuild time.
func (r *Runner) took(name string, phase func(*RebuildTime) *time.Duration, d time.Duration) {
	r.timesMu.Lock()
	defer r.timesMu.Unlock()
	t := r.times[name]
	if t == nil {
		t = &RebuildTime{Name: name}
		r.times[name] = t
	}
	*phase(t) += d
}

// Projectors answers the projectors, in the order given.
func (r *Runner) Projectors() []Projector { return r.projectors }

// Find answers the projector with this name.
func (r *Runner) Find(name string) (Projector, bool) {
	i := slices.IndexFunc(r.projectors, func(p Projector) bool { return p.Name() == name })
	if i < 0 {
		return nil, false
	}
	return r.projectors[i], true
}

// Run keeps every projector live in one Watermill router until ctx ends. Each
// projector's handler is ordered: its feed sends the next event only after the last
// one was applied and acknowledged.
func (r *Runner) Run(ctx context.Context) error {
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: 10 * time.Second}, watermill.NewSlogLogger(r.log.With("component", "watermill")))
	if err != nil {
		return err
	}
	for _, p := range r.projectors {
		f := &feed{r: r, p: p}
		router.AddConsumerHandler(p.Name(), p.Name(), f, func(msg *message.Message) error {
			d, err := offeredDelivery(msg)
			if err != nil {
				return err
			}
			wroteNothing, err := r.applyLive(msg.Context(), p, d)
			if wroteNothing {
				msg.Metadata.Set(metadataWroteNothing, "true") // read by the feed once the message is acknowledged
			}
			return err
		})
	}
	return router.Run(ctx)
}

// ensure makes the projector's checkpoint row and, the first time, its live tables.
// It answers whether the read model must be rebuilt.
func (r *Runner) ensure(ctx context.Context, p Projector) (eventstore.Position, bool, error) {
	tag, err := r.db.Exec(ctx, `INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2) ON CONFLICT DO NOTHING`, p.Name(), p.Version())
	if err != nil {
		return eventstore.Start, false, err
	}
	if tag.RowsAffected() == 1 {
		return eventstore.Start, true, nil
	}
	var version int
	var requested bool
	var commit, position int64
	if err := r.db.QueryRow(ctx, `SELECT version, rebuild_requested, commit_key, position FROM projection_checkpoints WHERE name = $1`, p.Name()).
		Scan(&version, &requested, &commit, &position); err != nil {
		return eventstore.Start, false, err
	}
	missing, err := r.tablesMissing(ctx, p)
	if err != nil {
		return eventstore.Start, false, err
	}
	return eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}, version != p.Version() || requested || missing, nil
}

func (r *Runner) tablesMissing(ctx context.Context, p Projector) (bool, error) {
	for _, t := range p.Tables() {
		var exists bool
		if err := r.db.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, LiveSchema+"."+t).Scan(&exists); err != nil {
			return false, err
		}
		if !exists {
			return true, nil
		}
	}
	return false, nil
}

// applyLive applies a delivery (the events that were waiting, in order), parks what
// cannot be applied, and moves the checkpoint, in one transaction. A transient failure
// rolls back only this delivery's work, is recorded for `projections status` and
// readiness, and the delivery is applied again in place after a growing pause (100 ms
// to 30 s) until it succeeds, a rebuild is requested or ctx ends. It answers whether
// the delivery wrote nothing (decision 1840).
func (r *Runner) applyLive(ctx context.Context, p Projector, d delivery) (wroteNothing bool, err error) {
	for backoff := 100 * time.Millisecond; ; backoff = min(backoff*2, 30*time.Second) {
		parked, err := r.applyDelivery(ctx, p, d)
		if errors.Is(err, errNothingWritten) {
			r.applied(p, d, nil)
			return true, nil
		}
		if err == nil {
			r.applied(p, d, parked)
			return false, nil
		}
		if ctx.Err() != nil || errors.Is(err, errCheckpointMoved) {
			return false, err
		}
		failed := d.last()
		var ee *eventError
		if errors.As(err, &ee) {
			failed = ee.event
		}
		r.fail(p, failed, err)
		if !wait.Sleep(ctx, backoff) {
			return false, ctx.Err()
		}
		if requested, _ := r.rebuildRequested(ctx, p); requested {
			return false, errRebuildRequested
		}
	}
}

func (r *Runner) applied(p Projector, d delivery, parked []parkedEvent) {
	r.metrics.applied(p.Name(), d.last(), len(d.Events))
	r.recovered(p)
	for _, pe := range parked {
		if pe.cause != nil {
			r.log.Warn("event parked: the projector goes on with every other stream", "projector", p.Name(), "event_id", pe.event.ID,
				"event_type", pe.event.Type, "stream", pe.event.Stream, "position", pe.event.Position.String(), "error", pe.cause)
		}
	}
	if len(parked) > 0 {
		r.metrics.parked(p.Name(), len(parked))
	}
}

func (r *Runner) rebuildRequested(ctx context.Context, p Projector) (bool, error) {
	var requested bool
	err := r.db.QueryRow(ctx, `SELECT rebuild_requested FROM projection_checkpoints WHERE name = $1`, p.Name()).Scan(&requested)
	return requested, err
}

// applyDelivery applies d in one round trip (applyInOneTrip); when that cannot settle
// it — a stream of d is parked, an event fails — it applies d quickly in a transaction
// that reads the parked streams and, when an event of it fails for a reason of its
// own, again carefully, parking what fails. It answers what it parked.
func (r *Runner) applyDelivery(ctx context.Context, p Projector, d delivery) ([]parkedEvent, error) {
	// Decoded (and personal fields opened) before the transaction: it holds one
	// connection, the key query takes another.
	dec, err := r.decodeEach(ctx, p, d.Events, nil)
	if err != nil {
		return nil, err
	}
	parked, err := r.applyInOneTrip(ctx, p, d, dec)
	if err == nil || errors.Is(err, errNothingWritten) || Transient(err) || errors.Is(err, errCheckpointMoved) || ctx.Err() != nil {
		return parked, err
	}
	if !errors.Is(err, errTakeCarefulPath) {
		// An event's statement failed: find it and park it.
		return r.applyDeliveryTx(ctx, r.db, p, d, dec, true)
	}
	parked, err = r.applyDeliveryTx(ctx, r.db, p, d, dec, false)
	if err == nil || Transient(err) || errors.Is(err, errCheckpointMoved) || ctx.Err() != nil {
		return parked, err
	}
	return r.applyDeliveryTx(ctx, r.db, p, d, dec, true)
}

// applyDeliveryTx applies d in a transaction of db (the pool, or one of its connections).
func (r *Runner) applyDeliveryTx(ctx context.Context, db interface {
	Begin(context.Context) (pgx.Tx, error)
}, p Projector, d delivery, dec []decoded, carefully bool) ([]parkedEvent, error) {
	var parked []parkedEvent
	err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		// Rows, parked events and checkpoint commit together, so a commit lost in a crash
		// loses them all and the events are applied again: a read model needs no
		// synchronous commit.
		streams, err := startDelivery(ctx, tx, p.Name(), d.Events, dec)
		if err != nil {
			return err
		}
		if parked, err = applyEvents(ctx, tx, p, d.Events, dec, streams, carefully); err != nil {
			return err
		}
		if err := park(ctx, tx, p.Name(), parked); err != nil {
			return err
		}
		return advance(ctx, tx, p.Name(), p.Version(), d.After, d.last().Position, d.last().RecordedAt)
	})
	return parked, err
}

// fail records a projector's failure: in its checkpoint row (state failed, the event
// and error) each time, in the log only when it differs from the last one logged.
func (r *Runner) fail(p Projector, e eventstore.RecordedEvent, cause error) {
	if r.changeState(p.Name(), "failed at "+e.ID.String()+": "+cause.Error()) {
		r.log.Error("projector failed; retrying with a growing pause", "projector", p.Name(), "event_id", e.ID, "event_type", e.Type,
			"position", e.Position.String(), "transient", Transient(cause), "error", cause)
	}
	r.metrics.failed(p.Name())
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := r.db.Exec(ctx, `
		UPDATE projection_checkpoints SET state = 'failed', failed_event_id = $2, failed_position = $3,
		       error = $4, updated_at = now() WHERE name = $1`,
		p.Name(), e.ID, e.Position.String(), cause.Error()); err != nil {
		r.log.Error("recording a projector failure", "projector", p.Name(), "error", err)
	}
}

// recovered logs a projector's return to running once, after a failure.
func (r *Runner) recovered(p Projector) {
	if r.changeState(p.Name(), "") {
		r.log.Info("projector running again", "projector", p.Name())
	}
}

// changeState remembers a projector's state as last logged ("" running) and answers
// whether state differs from it: the restart loop logs once per change, not per retry.
func (r *Runner) changeState(name, state string) bool {
	r.stateMu.Lock()
	defer r.stateMu.Unlock()
	if r.logged[name] == state {
		return false
	}
	r.logged[name] = state
	return true
}

// Rebuild replays the whole log into fresh tables for one projector; see RebuildAll.
func (r *Runner) Rebuild(ctx context.Context, p Projector) (eventstore.Position, error) {
	return r.rebuild(ctx, []Projector{p})
}

// RebuildAll rebuilds several projectors in one pass over the log.
func (r *Runner) RebuildAll(ctx context.Context, ps []Projector) error {
	_, err := r.rebuild(ctx, ps)
	return err
}

func rebuildSchema(p Projector) string { return "rebuild_" + p.Name() }

// rebuild replays the whole log into fresh tables (one schema per projector), a batch
// of events per transaction with every statement sent in one round trip, and swaps them
// in when caught up; until then the old read models serve. The caller must be the
// projectors' only writer (it holds their locks).
func (r *Runner) rebuild(ctx context.Context, ps []Projector) (eventstore.Position, error) {
	start := time.Now()
	total := r.countEvents(ctx)
	deferred := map[string][]string{} // by projector, the definitions of its read indexes
	forced := map[string][]string{}   // by projector, its tables whose row-level security is forced again at the swap
	r.timesMu.Lock()
	for _, p := range ps {
		r.times[p.Name()] = &RebuildTime{Name: p.Name()}
	}
	r.timesMu.Unlock()
	for _, p := range ps {
		schema := rebuildSchema(p)
		if err := pgx.BeginFunc(ctx, r.db, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, asProjector+`; DROP SCHEMA IF EXISTS `+schema+` CASCADE; CREATE SCHEMA `+schema+`; SET LOCAL search_path = `+schema); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, p.Schema()); err != nil {
				return err
			}
			// Logged from the start (decision 1780): the bulk passes append their rows
			// (COPY), and their WAL costs less than making unlogged tables logged at the
			// end, which rewrote every table and logged every page of it.
			var err error
			if deferred[p.Name()], err = dropReadIndexes(ctx, tx, p, schema); err != nil {
				return err
			}
			if forced[p.Name()], err = unforceRLS(ctx, tx, schema); err != nil {
				return err
			}
			_, err = tx.Exec(ctx, `
				INSERT INTO public.projection_checkpoints (name, version, state, rebuild_total) VALUES ($1, $2, 'rebuilding', $3)
				ON CONFLICT (name) DO UPDATE SET state = 'rebuilding', rebuild_done = 0, rebuild_total = $3, updated_at = now()`,
				p.Name(), p.Version(), total)
			return err
		}); err != nil {
			return eventstore.Start, fmt.Errorf("rebuild %s: schema: %w", p.Name(), err)
		}
	}
	names := make([]string, len(ps))
	parking := make([]*rebuildParking, len(ps))
	for i, p := range ps {
		names[i] = p.Name()
		var err error
		if parking[i], err = r.newRebuildParking(ctx, p); err != nil {
			return eventstore.Start, fmt.Errorf("rebuild %s: %w", p.Name(), err)
		}
	}
	read := map[string]bool{}                 // every type some projector reads
	open := map[string]bool{}                 // every type some projector reads opened (not a SealedReader)
	reads := make([]map[string]bool, len(ps)) // each projector's
	for i, p := range ps {
		_, sealed := p.(SealedReader)
		reads[i] = map[string]bool{}
		for _, t := range p.EventTypes() {
			read[t], reads[i][t] = true, true
			open[t] = open[t] || !sealed
		}
	}
	// The next batch is read while the current one is applied.
	batches := make(chan readBatch, 1)
	readCtx, stopReading := context.WithCancel(ctx)
	defer stopReading()
	go r.readAhead(readCtx, read, open, batches)
	pos := eventstore.Start
	var done int64
	var lastRecorded *time.Time
	for batch := range batches {
		if batch.err != nil {
			return pos, batch.err
		}
		events, shared, stored := batch.events, batch.decoded, batch.stored
		// Each projector replays the batch in its own transaction, side by side.
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(4)
		for i, p := range ps {
			g.Go(func() error {
				began := time.Now()
				defer func() { r.took(p.Name(), func(t *RebuildTime) *time.Duration { return &t.Load }, time.Since(began)) }()
				return r.replay(gctx, p, events, shared, stored, reads[i], parking[i])
			})
		}
		if err := g.Wait(); err != nil {
			var re *replayError
			if errors.As(err, &re) {
				r.fail(re.projector, re.event, re.cause)
			}
			return pos, err
		}
		pos = events[len(events)-1].Position
		at := events[len(events)-1].RecordedAt
		lastRecorded = &at
		done += int64(len(events))
		total = max(total, done)
		if _, err := r.db.Exec(ctx, `UPDATE projection_checkpoints SET rebuild_done = $2, rebuild_total = $3, updated_at = now() WHERE name = ANY($1)`, names, done, total); err != nil {
			return pos, err
		}
		if r.Progress != nil {
			r.Progress(strings.Join(names, ","), done, total)
		}
	}
	if err := ctx.Err(); err != nil {
		return pos, err
	}
	loaded := time.Now()
	if err := r.finishLoad(ctx, ps, deferred); err != nil {
		return pos, fmt.Errorf("rebuild %s: indexes: %w", strings.Join(names, ","), err)
	}
	indexed := time.Now()
	err := pgx.BeginFunc(ctx, r.db, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, asProjector); err != nil {
			return err
		}
		for i, p := range ps {
			// The rebuild met every event again: what it parked replaces what was parked.
			if err := lockParking(ctx, tx, p.Name()); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM public.projection_parked WHERE projector = $1`, p.Name()); err != nil {
				return err
			}
			if err := park(ctx, tx, p.Name(), parking[i].events); err != nil {
				return err
			}
			for _, t := range forced[p.Name()] {
				if _, err := tx.Exec(ctx, `ALTER TABLE `+rebuildSchema(p)+`.`+t+` FORCE ROW LEVEL SECURITY`); err != nil {
					return err
				}
			}
			for _, t := range p.Tables() {
				if _, err := tx.Exec(ctx, `DROP TABLE IF EXISTS `+LiveSchema+`.`+t+` CASCADE`); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `ALTER TABLE `+rebuildSchema(p)+`.`+t+` SET SCHEMA `+LiveSchema); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, `DROP SCHEMA `+rebuildSchema(p)+` CASCADE`); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `
				UPDATE projection_checkpoints
				   SET version = $2, commit_key = $3, position = $4, state = 'running', rebuild_requested = false,
				       error = NULL, failed_event_id = NULL, failed_position = NULL,
				       last_recorded_at = coalesce($5, last_recorded_at), updated_at = now()
				 WHERE name = $1`, p.Name(), p.Version(), int64(pos.Commit), int64(pos.Prepare), lastRecorded); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return pos, fmt.Errorf("rebuild %s: swap: %w", strings.Join(names, ","), err)
	}
	r.log.Info("rebuilt", "projectors", names, "events", done, "seconds", time.Since(start).Seconds(), "position", pos.String(),
		"load_seconds", loaded.Sub(start).Seconds(), "indexed_seconds", indexed.Sub(loaded).Seconds(), "swap_seconds", time.Since(indexed).Seconds())
	return pos, nil
}

// dropReadIndexes drops p's read indexes (ReadIndexes) from its fresh rebuild tables
// and answers their definitions, to build after the load.
func dropReadIndexes(ctx context.Context, tx pgx.Tx, p Projector, schema string) ([]string, error) {
	ri, ok := p.(ReadIndexes)
	if !ok {
		return nil, nil
	}
	var defs []string
	for _, name := range ri.ReadIndexes() {
		var def string
		if err := tx.QueryRow(ctx, `SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = $2`, schema, name).Scan(&def); err != nil {
			return nil, fmt.Errorf("read index %s: %w", name, err)
		}
		if _, err := tx.Exec(ctx, `DROP INDEX `+schema+`.`+name); err != nil {
			return nil, err
		}
		defs = append(defs, def)
	}
	return defs, nil
}

// unforceRLS lifts the forced row-level security of the fresh tables in schema while
// they load, and answers which, to force again at the swap: their owner, the projector
// role, then writes without the policies' checks (it may write every row anyway), and
// COPY, which a table under row-level security refuses, loads them. No reader sees
// them before the swap: they are in the rebuild's own schema, granted to nobody else.
func unforceRLS(ctx context.Context, tx pgx.Tx, schema string) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relforcerowsecurity ORDER BY c.relname`, schema)
	if err != nil {
		return nil, err
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	for _, t := range tables {
		if _, err := tx.Exec(ctx, `ALTER TABLE `+schema+`.`+t+` NO FORCE ROW LEVEL SECURITY`); err != nil {
			return nil, err
		}
	}
	return tables, nil
}

// finishLoad builds the read indexes dropped for the load, each once (a sort), two at
// a time (the connection budget and two cores), each with memory enough to sort in one
// pass.
func (r *Runner) finishLoad(ctx context.Context, ps []Projector, deferred map[string][]string) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(2)
	for _, p := range ps {
		for _, def := range deferred[p.Name()] {
			g.Go(func() error {
				began := time.Now()
				defer func() { r.took(p.Name(), func(t *RebuildTime) *time.Duration { return &t.Indexed }, time.Since(began)) }()
				return pgx.BeginFunc(gctx, r.db, func(tx pgx.Tx) error {
					if _, err := tx.Exec(gctx, asProjector+`; SET LOCAL maintenance_work_mem = '256MB'`); err != nil {
						return err
					}
					return r.counted(tx, p.Name(), func() error {
						_, err := tx.Exec(gctx, def)
						return err
					})
				})
			})
		}
	}
	return g.Wait()
}

type readBatch struct {
	events  []eventstore.RecordedEvent
	decoded []decoded // the events of the types in open, decoded and opened once for every projector
	stored  []decoded // the events of the types in read, decoded as stored (sealed) once for every SealedReader
	err     error
}

// readAhead reads the log in batches until its end and decodes each once for every
// projector — as stored, then the personal fields opened of the types in open (read by
// a projector that is no SealedReader) — one batch ahead of the replay.
func (r *Runner) readAhead(ctx context.Context, read, open map[string]bool, out chan<- readBatch) {
	defer close(out)
	pos := eventstore.Start
	for {
		size := cmp.Or(r.RebuildBatch, rebuildBatch)
		events, err := r.store.ReadAll(ctx, pos, size)
		var dec, stored []decoded
		if err == nil && len(events) > 0 {
			stored = r.decodeStored(events, func(e eventstore.RecordedEvent) bool { return read[e.Type] }, nil)
			dec, err = r.openWhere(ctx, events, stored, func(e eventstore.RecordedEvent) bool { return open[e.Type] })
		}
		if err != nil || len(events) == 0 {
			if err != nil {
				out <- readBatch{err: err}
			}
			return
		}
		select {
		case out <- readBatch{events: events, decoded: dec, stored: stored}:
		case <-ctx.Done():
			return
		}
		if len(events) < size {
			return
		}
		pos = events[len(events)-1].Position
	}
}

type replayError struct {
	projector Projector
	event     eventstore.RecordedEvent
	cause     error
}

func (e *replayError) Error() string {
	return fmt.Sprintf("%s: event %s (%s) at %s: %v", e.projector.Name(), e.event.ID, e.event.Type, e.event.Position, e.cause)
}

// rebuildParking is what one projector's rebuild parked so far, and the events an
// operator decided it skips; the parked events replace the live ones at the swap.
type rebuildParking struct {
	streams map[string]bool
	events  []parkedEvent
	skip    map[uuid.UUID]bool
}

func (r *Runner) newRebuildParking(ctx context.Context, p Projector) (*rebuildParking, error) {
	rows, err := r.db.Query(ctx, `SELECT event_id FROM projection_skipped WHERE projector = $1`, p.Name())
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, err
	}
	skip := make(map[uuid.UUID]bool, len(ids))
	for _, id := range ids {
		skip[id] = true
	}
	return &rebuildParking{streams: map[string]bool{}, skip: skip}, nil
}

// replay applies a batch of events (shared: decoded once for every projector) to one
// projector's rebuild tables in one transaction: its schema is set first (statements
// are prepared against the schema in force when sent), then its statements go in one
// round trip. When an event fails for
// a reason of its own, the batch is applied again carefully, parking what fails, as
// the live path does: a rebuild finishes.
func (r *Runner) replay(ctx context.Context, p Projector, events []eventstore.RecordedEvent, shared, stored []decoded, reads map[string]bool, parking *rebuildParking) error {
	dec := make([]decoded, len(events))
	if _, sealed := p.(SealedReader); sealed {
		shared = stored // a sealed reader gets the personal fields as stored
	}
	for i, e := range events {
		if reads[e.Type] && !parking.skip[e.ID] {
			dec[i] = shared[i]
		}
	}
	streams := maps.Clone(parking.streams)
	parked, err := r.replayTx(ctx, p, events, dec, streams, false)
	if _, bulk := p.(Bulk); bulk && err != nil && !Transient(err) && ctx.Err() == nil {
		r.bulkFallbacks.Add(1)
		r.log.Warn("a rebuild's bulk pass failed: the batch is applied again event by event", "projector", p.Name(), "error", err)
	}
	if err != nil && !Transient(err) && ctx.Err() == nil {
		streams = maps.Clone(parking.streams)
		parked, err = r.replayTx(ctx, p, events, dec, streams, true)
	}
	if err != nil {
		failed := events[0]
		var ee *eventError
		if errors.As(err, &ee) {
			failed = ee.event
		}
		return &replayError{projector: p, event: failed, cause: err}
	}
	parking.streams = streams
	parking.events = append(parking.events, parked...)
	return nil
}

func (r *Runner) replayTx(ctx context.Context, p Projector, events []eventstore.RecordedEvent, dec []decoded, streams map[string]bool, carefully bool) ([]parkedEvent, error) {
	var parked []parkedEvent
	err := pgx.BeginFunc(ctx, r.db, func(tx pgx.Tx) error {
		// A lost batch is replayed by the next rebuild; only the swap must be durable.
		if _, err := tx.Exec(ctx, asProjector+`; SET LOCAL synchronous_commit = off; SET LOCAL search_path = `+rebuildSchema(p)); err != nil {
			return err
		}
		return r.counted(tx, p.Name(), func() error {
			var err error
			if b, ok := p.(Bulk); ok && !carefully {
				parked, err = applyBulk(ctx, tx, p, b, events, dec, streams)
			} else {
				parked, err = applyEvents(ctx, tx, p, events, dec, streams, carefully)
			}
			return err
		})
	})
	return parked, err
}

// applyBulk is a rebuild's first pass over a batch for a Bulk projector: the events of
// parked streams are parked, an undecodable event fails the pass (the careful pass
// parks it), the rest go to ApplyBulk at once.
func applyBulk(ctx context.Context, tx pgx.Tx, p Projector, b Bulk, events []eventstore.RecordedEvent, dec []decoded, parked map[string]bool) ([]parkedEvent, error) {
	var out []parkedEvent
	n := 0
	for _, d := range dec {
		if d.relevant() {
			n++
		}
	}
	// Sized once: an Event is large, and growing the slice copied the batch over and
	// over (a tenth of a rebuild's Go time).
	apply := make([]Event, 0, n)
	for i, d := range dec {
		switch {
		case !d.relevant():
		case parked[events[i].Stream]:
			out = append(out, parkedEvent{event: events[i]})
		case d.err != nil:
			return nil, &eventError{event: events[i], index: i, cause: d.err}
		default:
			apply = append(apply, *d.event)
		}
	}
	if len(apply) == 0 {
		return out, nil
	}
	w := &batchWriter{}
	if err := safeBulk(ctx, p, b, tx, w, apply); err != nil {
		return nil, err
	}
	if _, err := w.flush(ctx, tx); err != nil {
		return nil, err
	}
	return out, nil
}

// safeBulk runs ApplyBulk, a panic in it failing the pass (the careful pass finds the
// event).
func safeBulk(ctx context.Context, p Projector, b Bulk, tx pgx.Tx, w Writer, events []Event) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic in %s's bulk pass: %v", p.Name(), v)
		}
	}()
	return b.ApplyBulk(ctx, tx, w, events)
}

// countEvents is the total a rebuild reports progress against, when the store can count.
func (r *Runner) countEvents(ctx context.Context) int64 {
	if c, ok := r.store.(interface {
		Count(context.Context) (int64, error)
	}); ok {
		if n, err := c.Count(ctx); err == nil {
			return n
		}
	}
	return 0
}

// Lock takes the projector's lock: held, this process is the projector's one writer.
// wait keeps trying until ctx ends.
func (r *Runner) Lock(ctx context.Context, p Projector, wait bool) (release func(), ok bool, err error) {
	lease, ok, err := r.locks.Acquire(ctx, lockName(p), wait)
	if !ok {
		return nil, ok, err
	}
	return lease.Release, true, nil
}

func lockName(p Projector) string { return "projection:" + p.Name() }

// Locks is the holder of this runner's locks, for the process's other lock takers
// (the process worker), so the whole server holds its locks on one connection.
func (r *Runner) Locks() *Locks { return r.locks }

// Prepare gives every projector without live tables empty ones, flagged for a rebuild,
// so reads answer at once (empty) instead of failing while the first build runs.
func (r *Runner) Prepare(ctx context.Context) error {
	for _, p := range r.projectors {
		err := pgx.BeginFunc(ctx, r.db, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, lockKey("projection:prepare")); err != nil {
				return err
			}
			missing, err := r.tablesMissing(ctx, p)
			if err != nil || !missing {
				return err
			}
			for _, t := range p.Tables() {
				if _, err := tx.Exec(ctx, `DROP TABLE IF EXISTS `+LiveSchema+`.`+t+` CASCADE`); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, asProjector+`; SET LOCAL search_path = `+LiveSchema); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, p.Schema()); err != nil {
				return err
			}
			_, err = tx.Exec(ctx, `
				INSERT INTO public.projection_checkpoints (name, version, rebuild_requested) VALUES ($1, $2, true)
				ON CONFLICT (name) DO UPDATE SET rebuild_requested = true, updated_at = now()`, p.Name(), p.Version())
			return err
		})
		if err != nil {
			return fmt.Errorf("prepare %s: %w", p.Name(), err)
		}
	}
	return nil
}
