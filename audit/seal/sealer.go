package seal

import (
	"context"
	"encoding/hex"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/eventstore"
	"move/internal/wait"
	"move/projections"
)

// DefaultBlockSize is how many events a full block seals.
const DefaultBlockSize = 1000

// Block is one sealed block as recorded in audit_seals.
type Block struct {
	Number     int64
	FirstIndex int64
	Last       eventstore.Position
	EventIDs   []uuid.UUID
	Leaves     []Hash
	Previous   Hash
	Hash       Hash
	SealedAt   time.Time
}

// Sealer follows the log and seals it. One sealer is active across all servers (an
// advisory lock on the server's lock connection); the others stand by.
type Sealer struct {
	Store eventstore.Store
	// DB holds audit_seals (the read models' database, also with KurrentDB).
	DB    *pgxpool.Pool
	Locks *projections.Locks
	Log   *slog.Logger
	// BlockSize is the events of a full block; Interval is the time between passes.
	BlockSize int
	Interval  time.Duration
	// MaxDelay is how long an unsealed remainder (less than a block) may wait while
	// the log keeps growing slowly; a log that goes quiet for one Interval has its
	// remainder sealed at once.
	MaxDelay time.Duration
	// Now is the clock MaxDelay is measured with.
	Now func() time.Time

	// what the previous pass left unsealed: its end and since when it waits
	remainderEnd   eventstore.Position
	remainderSince time.Time
}

// NewSealer makes a sealer with the defaults: blocks of 1,000 events, a pass a second,
// a remainder sealed after at most a minute.
func NewSealer(store eventstore.Store, db *pgxpool.Pool, locks *projections.Locks, log *slog.Logger) *Sealer {
	return &Sealer{Store: store, DB: db, Locks: locks, Log: log, BlockSize: DefaultBlockSize,
		Interval: time.Second, MaxDelay: time.Minute, Now: time.Now}
}

// Run seals until ctx ends, taking over when the active sealer's server stops.
func (s *Sealer) Run(ctx context.Context) error {
	for {
		lease, _, err := s.Locks.Acquire(ctx, "audit:sealer", true)
		if err != nil {
			return nil // ctx ended
		}
		held, cancel := lease.Context(ctx)
		err = s.follow(held)
		cancel()
		lease.Release()
		if ctx.Err() != nil {
			return nil
		}
		s.Log.Error("audit sealer stopped; restarting", "error", err)
		if !wait.Sleep(ctx, s.Interval) {
			return nil
		}
	}
}

func (s *Sealer) follow(ctx context.Context) error {
	for {
		if _, err := s.Pass(ctx, false); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			s.Log.Error("audit seal pass", "error", err)
		}
		if !wait.Sleep(ctx, s.Interval) {
			return ctx.Err()
		}
	}
}

// Pass seals what the log holds beyond the last block: every full block, and the
// remainder when flush is set, when the log went quiet since the previous pass, or when
// the remainder has waited MaxDelay. It answers how many events it sealed. The log is
// read several blocks at a time and their rows are written in one round trip.
func (s *Sealer) Pass(ctx context.Context, flush bool) (int, error) {
	last, err := LastBlock(ctx, s.DB)
	if err != nil {
		return 0, err
	}
	next := Block{Number: 0, FirstIndex: 0, Last: eventstore.Start}
	if last != nil {
		next = Block{Number: last.Number + 1, FirstIndex: last.FirstIndex + int64(len(last.EventIDs)),
			Last: last.Last, Previous: last.Hash}
	}
	readSize := s.BlockSize * max(1, logPage/s.BlockSize)
	hasher := newLeafHasher()
	sealed := 0
	for {
		events, err := s.Store.ReadAll(ctx, next.Last, readSize)
		if err != nil || len(events) == 0 {
			return sealed, err
		}
		atEnd := len(events) < readSize
		var blocks []Block
		for len(events) > 0 {
			n := min(len(events), s.BlockSize)
			if n < s.BlockSize && !flush && !s.remainderDue(events[n-1].Position) {
				break
			}
			block := seal(next, events[:n], hasher)
			blocks = append(blocks, block)
			events = events[n:]
			next = Block{Number: block.Number + 1, FirstIndex: block.FirstIndex + int64(n), Last: block.Last, Previous: block.Hash}
		}
		if err := s.record(ctx, blocks); err != nil {
			return sealed, err
		}
		for _, b := range blocks {
			s.Log.Info("audit block sealed", "block", b.Number, "events", len(b.EventIDs),
				"last_position", b.Last.String(), "block_hash", hex.EncodeToString(b.Hash[:]))
			sealed += len(b.EventIDs)
			s.remainderSince = time.Time{}
		}
		if atEnd || len(events) > 0 {
			return sealed, nil
		}
	}
}

// remainderDue tells whether a remainder ending at end is sealed now: the log did not
// grow since the previous pass saw it, or it has waited MaxDelay.
func (s *Sealer) remainderDue(end eventstore.Position) bool {
	now := s.Now()
	if s.remainderSince.IsZero() {
		s.remainderSince = now
	}
	quiet := end == s.remainderEnd
	s.remainderEnd = end
	return quiet || now.Sub(s.remainderSince) >= s.MaxDelay
}

// seal makes the block of events that follows the block next was made from.
func seal(next Block, events []eventstore.RecordedEvent, hasher *leafHasher) Block {
	next.EventIDs = make([]uuid.UUID, len(events))
	next.Leaves = make([]Hash, len(events))
	h := next.Previous
	for i, e := range events {
		next.EventIDs[i] = e.ID
		next.Leaves[i] = hasher.leaf(e)
		h = chain(h, next.Leaves[i])
	}
	next.Hash = h
	next.Last = events[len(events)-1].Position
	return next
}

// record inserts blocks, all or none. A block number already taken means another
// sealer got there first (a lost lock): the pass fails and the next one starts from
// what is recorded.
func (s *Sealer) record(ctx context.Context, blocks []Block) error {
	if len(blocks) == 0 {
		return nil
	}
	batch := &pgx.Batch{}
	for _, b := range blocks {
		leaves := make([]byte, 0, len(b.Leaves)*HashSize)
		for _, l := range b.Leaves {
			leaves = append(leaves, l[:]...)
		}
		batch.Queue(`INSERT INTO audit_seals
			(block, first_index, last_commit, last_prepare, event_ids, leaves, previous_hash, block_hash)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			b.Number, b.FirstIndex, int64(b.Last.Commit), int64(b.Last.Prepare), b.EventIDs, leaves, b.Previous[:], b.Hash[:])
	}
	return pgx.BeginFunc(ctx, s.DB, func(tx pgx.Tx) error {
		return tx.SendBatch(ctx, batch).Close()
	})
}

const blockColumns = `block, first_index, last_commit, last_prepare, event_ids, leaves, previous_hash, block_hash, sealed_at`

// LastBlock is the newest sealed block, nil before the first.
func LastBlock(ctx context.Context, db *pgxpool.Pool) (*Block, error) {
	rows, err := db.Query(ctx, `SELECT `+blockColumns+` FROM audit_seals ORDER BY block DESC LIMIT 1`)
	if err != nil {
		return nil, err
	}
	blocks, err := scanBlocks(rows)
	if err != nil || len(blocks) == 0 {
		return nil, err
	}
	return &blocks[0], nil
}

// readBlocks reads up to limit blocks from number from on, in order.
func readBlocks(ctx context.Context, db *pgxpool.Pool, from int64, limit int) ([]Block, error) {
	rows, err := db.Query(ctx, `SELECT `+blockColumns+` FROM audit_seals WHERE block >= $1 ORDER BY block LIMIT $2`, from, limit)
	if err != nil {
		return nil, err
	}
	return scanBlocks(rows)
}

func scanBlocks(rows pgx.Rows) ([]Block, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Block, error) {
		var b Block
		var commit, prepare int64
		var leaves, previous, hash []byte
		var ids [][16]byte // not []uuid.UUID: its sql.Scanner goes through text
		if err := r.Scan(&b.Number, &b.FirstIndex, &commit, &prepare, &ids, &leaves, &previous, &hash, &b.SealedAt); err != nil {
			return b, err
		}
		b.EventIDs = make([]uuid.UUID, len(ids))
		for i, id := range ids {
			b.EventIDs[i] = id
		}
		if len(leaves) != len(b.EventIDs)*HashSize || len(previous) != HashSize || len(hash) != HashSize {
			return b, fmt.Errorf("audit seal block %d: malformed hashes", b.Number)
		}
		b.Last = eventstore.Position{Commit: uint64(commit), Prepare: uint64(prepare)}
		b.Leaves = make([]Hash, len(b.EventIDs))
		for i := range b.Leaves {
			copy(b.Leaves[i][:], leaves[i*HashSize:])
		}
		copy(b.Previous[:], previous)
		copy(b.Hash[:], hash)
		return b, nil
	})
}
