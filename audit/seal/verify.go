package seal

import (
	"context"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/eventstore"
)

// Kind is what a finding found.
type Kind string

const (
	// Altered: the event sealed at that place is there, but its content or position differs.
	Altered Kind = "altered"
	// Missing: the event sealed at that place is nowhere in the log.
	Missing Kind = "missing"
	// Moved: the event sealed at that place is in the log, but later: the order changed.
	Moved Kind = "moved"
	// Inserted: an event that was never sealed stands among sealed ones.
	Inserted Kind = "inserted"
	// SealAltered: a block's recorded hashes do not match the chain of its events.
	SealAltered Kind = "seal-altered"
	// AnchorMismatch: the chain differs from a hash recorded outside the database.
	AnchorMismatch Kind = "anchor-mismatch"
)

// EventRef names an event where it stands in the log now.
type EventRef struct {
	ID       uuid.UUID
	Stream   string
	Version  uint64
	Position eventstore.Position
}

func refOf(e eventstore.RecordedEvent) *EventRef {
	return &EventRef{ID: e.ID, Stream: e.Stream, Version: e.Version, Position: e.Position}
}

func (r EventRef) String() string {
	return fmt.Sprintf("%s (stream %s, version %d, position %s)", r.ID, r.Stream, r.Version, r.Position)
}

// Finding is the first place where the log no longer matches its seals.
type Finding struct {
	Kind  Kind
	Block int64
	// Index is the place in the sealed log (0 for the first event ever sealed).
	Index int64
	// Sealed is the event sealed at Index (zero for block-level findings).
	Sealed uuid.UUID
	// Found is the event that stands at Index now, if any.
	Found *EventRef
	// Later is where the sealed event stands now, when it Moved.
	Later *EventRef
	// Want and Got are the hashes compared, for SealAltered and AnchorMismatch.
	Want, Got Hash
}

// String says the finding in words, naming the event.
func (f Finding) String() string {
	switch f.Kind {
	case Altered:
		return fmt.Sprintf("event %s, sealed in block %d at index %d: its content or position differs from what was sealed", f.Found, f.Block, f.Index)
	case Missing:
		return fmt.Sprintf("event %s, sealed in block %d at index %d, is missing from the log", f.Sealed, f.Block, f.Index)
	case Moved:
		return fmt.Sprintf("event %s, sealed in block %d at index %d, is out of order: it now stands at %s, and event %s stands in its place",
			f.Sealed, f.Block, f.Index, f.Later.Position, f.Found)
	case Inserted:
		return fmt.Sprintf("event %s was never sealed but stands in block %d at index %d, before sealed event %s", f.Found, f.Block, f.Index, f.Sealed)
	case SealAltered:
		return fmt.Sprintf("block %d: its recorded hashes do not match its events (recorded %s, the events chain to %s): the seal was altered",
			f.Block, hex.EncodeToString(f.Want[:]), hex.EncodeToString(f.Got[:]))
	case AnchorMismatch:
		return fmt.Sprintf("block %d: the log chains to %s, the anchor says %s: the log and its seals were rewritten",
			f.Block, hex.EncodeToString(f.Got[:]), hex.EncodeToString(f.Want[:]))
	}
	return string(f.Kind)
}

// Anchor is a block hash kept outside the database (printed by verify, logged by the
// sealer), which a rewrite of both the log and its seals cannot match.
type Anchor struct {
	Block int64
	Hash  Hash
}

// ParseAnchor reads "BLOCK:HEX".
func ParseAnchor(s string) (Anchor, error) {
	block, digest, ok := strings.Cut(s, ":")
	n, err := strconv.ParseInt(block, 10, 64)
	raw, hexErr := hex.DecodeString(digest)
	if !ok || err != nil || n < 0 || hexErr != nil || len(raw) != HashSize {
		return Anchor{}, fmt.Errorf("anchor %q: want BLOCK:HASH (a block number and 64 hexadecimal digits)", s)
	}
	a := Anchor{Block: n}
	copy(a.Hash[:], raw)
	return a, nil
}

// Report is what Verify found.
type Report struct {
	Blocks int64
	// Events is how many sealed events were checked and match.
	Events int64
	// Unsealed counts the events after the last block (checked by no seal yet).
	Unsealed int64
	// LastBlock and LastHash are the newest block that verified (LastBlock -1: none).
	LastBlock int64
	LastHash  Hash
	// Finding is the first mismatch, nil when the log verified clean.
	Finding *Finding
}

// Clean tells whether the log matched every seal and anchor.
func (r Report) Clean() bool { return r.Finding == nil }

// logPage is how many events verify reads at once.
const logPage = 5000

// verifyWorkers is how many runs of blocks verify reads and hashes at once, each on its
// own connection; runEvents is about how many events a run holds (whole blocks).
var (
	verifyWorkers = 4
	runEvents     = logPage
)

// Verify recomputes the chain from the log and compares it with every block, in order,
// and with the anchors; it stops at the first finding.
//
// Every event's leaf depends on that event alone; only the chain over the leaves is
// sequential (one SHA-256 of 64 bytes per event). So verify reads and hashes runs of
// whole blocks side by side (verifyWorkers connections, each run read from the previous
// block's recorded last position) and chains their leaves in order. A run whose events
// are not exactly the sealed ones — a different count, an id, a leaf or the block's last
// position — ends that fast path: the log is then read in order from the start of that
// run, as before, so a finding is named exactly as the in-order reading names it. A clean
// answer from the fast path means the in-order reading would find the same events in the
// same order: the runs cover the log from its start without gap or overlap.
func Verify(ctx context.Context, store eventstore.Store, db *pgxpool.Pool, anchors []Anchor) (Report, error) {
	anchored := map[int64]Hash{}
	for _, a := range anchors {
		anchored[a.Block] = a.Hash
	}
	st, err := verifyRuns(ctx, store, db, anchored)
	if err != nil {
		return st.report, err
	}
	return verifyInOrder(ctx, store, db, anchored, st)
}

// VerifyInOrder is Verify reading the whole log in order on one connection (the
// reference the fast path is measured and tested against).
func VerifyInOrder(ctx context.Context, store eventstore.Store, db *pgxpool.Pool, anchors []Anchor) (Report, error) {
	anchored := map[int64]Hash{}
	for _, a := range anchors {
		anchored[a.Block] = a.Hash
	}
	return verifyInOrder(ctx, store, db, anchored, verifyState{report: Report{LastBlock: -1}, after: eventstore.Start})
}

// verifyState is how far verify got: the blocks and events checked, the chain after
// them, the next block and where in the log its events start.
type verifyState struct {
	report  Report
	chained Hash
	next    int64
	after   eventstore.Position
}

// accept records a block whose events, chain and anchor matched.
func (st *verifyState) accept(b Block, anchored map[int64]Hash) {
	delete(anchored, b.Number)
	st.report.Blocks++
	st.report.Events += int64(len(b.EventIDs))
	st.report.LastBlock, st.report.LastHash = b.Number, b.Hash
	st.after = b.Last
	st.next++
}

// verifyInOrder reads the log in order from st on, block by block, and names the first
// mismatch.
func verifyInOrder(ctx context.Context, store eventstore.Store, db *pgxpool.Pool, anchored map[int64]Hash, st verifyState) (Report, error) {
	report := &st.report
	log := &logReader{store: store, after: st.after}
	hasher := newLeafHasher()
	for {
		blocks, err := readBlocks(ctx, db, st.next, 100)
		if err != nil {
			return *report, err
		}
		for _, b := range blocks {
			if b.Number != st.next || b.FirstIndex != report.Events || b.Previous != st.chained {
				report.Finding = &Finding{Kind: SealAltered, Block: st.next, Index: report.Events, Want: b.Previous, Got: st.chained}
				return *report, nil
			}
			chained := st.chained
			for i, sealed := range b.EventIDs {
				index := b.FirstIndex + int64(i)
				e, ok, err := log.next(ctx)
				if err != nil {
					return *report, err
				}
				if !ok {
					report.Finding = &Finding{Kind: Missing, Block: b.Number, Index: index, Sealed: sealed}
					return *report, nil
				}
				leaf := hasher.leaf(e)
				if leaf != b.Leaves[i] {
					f, err := diagnose(ctx, store, db, b.Number, index, sealed, e)
					report.Finding = f
					return *report, err
				}
				chained = chain(chained, leaf)
			}
			if chained != b.Hash {
				report.Finding = &Finding{Kind: SealAltered, Block: b.Number, Index: b.FirstIndex, Want: b.Hash, Got: chained}
				return *report, nil
			}
			if want, ok := anchored[b.Number]; ok && want != chained {
				report.Finding = &Finding{Kind: AnchorMismatch, Block: b.Number, Index: b.FirstIndex, Want: want, Got: chained}
				return *report, nil
			}
			st.chained = chained
			st.accept(b, anchored)
		}
		if len(blocks) < 100 {
			break
		}
	}
	for block, want := range anchored {
		// An anchored block that is no longer sealed: the newest seals were removed.
		report.Finding = &Finding{Kind: AnchorMismatch, Block: block, Index: report.Events, Want: want}
		return *report, nil
	}
	for {
		_, ok, err := log.next(ctx)
		if err != nil {
			return *report, err
		}
		if !ok {
			return *report, nil
		}
		report.Unsealed++
	}
}

// run is a few consecutive blocks, read and hashed together by one worker.
type run struct {
	blocks []Block
	after  eventstore.Position // the recorded last position of the block before
	events int
	// what the worker found: every event as sealed (ok), and the leaves it computed
	ok     bool
	err    error
	leaves []Hash
	done   chan struct{}
}

// verifyRuns is the fast path: it checks whole runs of blocks read side by side and
// answers the state after the last run that matched in full, with the blocks still to
// be read in order (none when the log matched every seal).
func verifyRuns(ctx context.Context, store eventstore.Store, db *pgxpool.Pool, anchored map[int64]Hash) (verifyState, error) {
	st := verifyState{report: Report{LastBlock: -1}, after: eventstore.Start}
	ctx, cancel := context.WithCancel(ctx)
	// The planner and the workers end before Verify answers, also when it answers early
	// (a run that differs): none of them outlives the call.
	var running sync.WaitGroup
	defer func() {
		cancel()
		running.Wait()
	}()

	// The runs in order; workers read them, the loop below takes their results in order.
	ordered := make(chan *run, 2*verifyWorkers)
	todo := make(chan *run, 2*verifyWorkers)
	readErr := make(chan error, 1)
	size := runEvents
	running.Add(1 + verifyWorkers)
	go func() {
		defer running.Done()
		defer close(ordered)
		defer close(todo)
		readErr <- planRuns(ctx, db, size, func(r *run) bool {
			select {
			case todo <- r:
			case <-ctx.Done():
				return false
			}
			select {
			case ordered <- r:
				return true
			case <-ctx.Done():
				return false
			}
		})
	}()
	for range verifyWorkers {
		go func() {
			defer running.Done()
			hasher := newLeafHasher()
			for r := range todo {
				r.check(ctx, store, hasher)
				close(r.done)
			}
		}()
	}

	for r := range ordered {
		<-r.done
		if r.err != nil {
			return st, r.err
		}
		if !r.ok {
			return st, nil // the in-order reading names what differs, from this run on
		}
		next := st
		leaf := 0
		for _, b := range r.blocks {
			if b.Number != next.next || b.FirstIndex != next.report.Events || b.Previous != next.chained {
				return st, nil
			}
			chained := next.chained
			for range b.EventIDs {
				chained = chain(chained, r.leaves[leaf])
				leaf++
			}
			if chained != b.Hash {
				return st, nil
			}
			if want, ok := anchored[b.Number]; ok && want != chained {
				return st, nil
			}
			next.chained = chained
			next.accept(b, anchored)
		}
		st = next
	}
	return st, <-readErr
}

// planRuns reads the blocks in order and hands them out as runs of about size events
// (whole blocks); it stops when give says no.
func planRuns(ctx context.Context, db *pgxpool.Pool, size int, give func(*run) bool) error {
	after := eventstore.Start
	current := &run{after: after, done: make(chan struct{})}
	for next := int64(0); ; {
		blocks, err := readBlocks(ctx, db, next, 100)
		if err != nil {
			return err
		}
		for _, b := range blocks {
			if current.events > 0 && current.events+len(b.EventIDs) > size {
				if !give(current) {
					return nil
				}
				current = &run{after: after, done: make(chan struct{})}
			}
			current.blocks = append(current.blocks, b)
			current.events += len(b.EventIDs)
			after = b.Last
			next = b.Number + 1
		}
		if len(blocks) < 100 {
			break
		}
	}
	if current.events > 0 {
		give(current)
	}
	return nil
}

// check reads the run's events from the log (as many as it sealed, after the block
// before it) and compares each with its seal: id, leaf, and each block's last position.
func (r *run) check(ctx context.Context, store eventstore.Store, hasher *leafHasher) {
	events, err := store.ReadAll(ctx, r.after, r.events)
	if err != nil {
		if ctx.Err() == nil {
			r.err = err
		}
		return
	}
	if len(events) != r.events {
		return
	}
	r.leaves = make([]Hash, 0, r.events)
	i := 0
	for _, b := range r.blocks {
		for j, id := range b.EventIDs {
			e := events[i]
			leaf := hasher.leaf(e)
			if e.ID != id || leaf != b.Leaves[j] {
				return
			}
			r.leaves = append(r.leaves, leaf)
			i++
		}
		if len(b.EventIDs) == 0 || events[i-1].Position != b.Last {
			return
		}
	}
	r.ok = true
}

// diagnose tells why the event found at index is not the one sealed there.
func diagnose(ctx context.Context, store eventstore.Store, db *pgxpool.Pool, block, index int64, sealed uuid.UUID, found eventstore.RecordedEvent) (*Finding, error) {
	f := &Finding{Block: block, Index: index, Sealed: sealed, Found: refOf(found)}
	if found.ID == sealed {
		f.Kind = Altered
		return f, nil
	}
	later, err := findAfter(ctx, store, found.Position, sealed)
	if err != nil {
		return nil, err
	}
	if later == nil {
		f.Kind = Missing
		return f, nil
	}
	var wasSealed bool
	if err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM audit_seals WHERE $1 = ANY (event_ids))`, found.ID).Scan(&wasSealed); err != nil {
		return nil, err
	}
	f.Kind, f.Later = Moved, later
	if !wasSealed {
		f.Kind, f.Later = Inserted, nil
	}
	return f, nil
}

// findAfter looks for an event id in the log after a position (a scan: it runs once, on
// a finding).
func findAfter(ctx context.Context, store eventstore.Store, after eventstore.Position, id uuid.UUID) (*EventRef, error) {
	log := &logReader{store: store, after: after}
	for {
		e, ok, err := log.next(ctx)
		if err != nil || !ok {
			return nil, err
		}
		if e.ID == id {
			return refOf(e), nil
		}
	}
}

// logReader reads the log a page at a time, an event at a time, asking for the next page
// while the caller hashes this one (the database and the hashing overlap).
type logReader struct {
	store eventstore.Store
	after eventstore.Position
	page  []eventstore.RecordedEvent
	ahead chan pageRead
	done  bool
}

type pageRead struct {
	events []eventstore.RecordedEvent
	err    error
}

func (l *logReader) fetch(ctx context.Context) {
	ahead := make(chan pageRead, 1)
	l.ahead = ahead
	after := l.after
	go func() {
		events, err := l.store.ReadAll(ctx, after, logPage)
		ahead <- pageRead{events, err}
	}()
}

func (l *logReader) next(ctx context.Context) (eventstore.RecordedEvent, bool, error) {
	if len(l.page) == 0 && !l.done {
		if l.ahead == nil {
			l.fetch(ctx)
		}
		read := <-l.ahead
		l.ahead = nil
		if read.err != nil {
			return eventstore.RecordedEvent{}, false, read.err
		}
		l.page, l.done = read.events, len(read.events) < logPage
		if !l.done {
			l.after = read.events[len(read.events)-1].Position
			l.fetch(ctx)
		}
	}
	if len(l.page) == 0 {
		return eventstore.RecordedEvent{}, false, nil
	}
	e := l.page[0]
	l.page = l.page[1:]
	return e, true, nil
}

// RecordVerification keeps a report in audit_verifications, for the audit area.
func RecordVerification(ctx context.Context, db *pgxpool.Pool, r Report) error {
	var lastBlock *int64
	var lastHash []byte
	if r.LastBlock >= 0 {
		lastBlock, lastHash = &r.LastBlock, r.LastHash[:]
	}
	finding := ""
	if r.Finding != nil {
		finding = r.Finding.String()
	}
	_, err := db.Exec(ctx, `INSERT INTO audit_verifications (blocks, events, last_block, last_hash, finding)
		VALUES ($1, $2, $3, $4, $5)`, r.Blocks, r.Events, lastBlock, lastHash, finding)
	return err
}
