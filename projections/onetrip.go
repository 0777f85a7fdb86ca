package projections

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/eventstore"
)

// One round trip per live delivery (decision 1790). A booking wakes four projectors,
// and each round trip of theirs holds a connection of the pool the commands use: a
// delivery as a transaction of separate statements (begin; set-up and parked streams;
// the rows; the checkpoint; commit) cost five. Now BEGIN, the set-up, a check that no
// stream of the delivery is parked, the rows, the checkpoint and COMMIT go pipelined
// in one, and what the runner checked between round trips fails the transaction
// instead (migration 0265). Whatever the one trip cannot settle — an event that fails,
// a parked stream — is done by the careful path as before.

// SQLSTATEs of migration 0265's functions.
const (
	streamParkedCode     = "MV423"
	checkpointMovedCode  = "MV412"
	parkedGuardStatement = `SELECT public.projection_stream_parked() FROM public.projection_parked WHERE projector = $1 AND stream = ANY($2) LIMIT 1`
)

// advanceStatement is advance's compare and set as one statement that fails the
// transaction when the stored checkpoint is not prev.
const advanceStatement = `
WITH moved AS (
	UPDATE public.projection_checkpoints
	   SET commit_key = $4, position = $5, state = 'running', error = NULL, failed_event_id = NULL,
	       failed_position = NULL, last_recorded_at = $6, updated_at = now()
	 WHERE name = $1 AND version = $7 AND commit_key = $2 AND position = $3
	RETURNING 1)
SELECT public.projection_checkpoint_moved() WHERE NOT EXISTS (SELECT 1 FROM moved)`

func queueAdvance(b *pgx.Batch, name string, version int, prev, next eventstore.Position, recordedAt time.Time) {
	b.Queue(advanceStatement, name, int64(prev.Commit), int64(prev.Prepare), int64(next.Commit), int64(next.Prepare), recordedAt, version)
}

// sendTx runs b's statements as one transaction in one round trip on conn: BEGIN,
// them, COMMIT, pipelined. It answers the first failure and the index in b of the
// statement that failed (-1 when none of b's did: the connection, BEGIN, COMMIT or the
// preparing of statements new to the connection). A failed transaction is rolled back,
// so the pool keeps the connection.
func sendTx(ctx context.Context, conn *pgxpool.Conn, b *pgx.Batch) (int, error) {
	tx := &pgx.Batch{QueuedQueries: make([]*pgx.QueuedQuery, 0, b.Len()+2)}
	tx.Queue("BEGIN")
	tx.QueuedQueries = append(tx.QueuedQueries, b.QueuedQueries...)
	tx.Queue("COMMIT")
	results := conn.SendBatch(ctx, tx)
	failed := -1
	var err error
	for i := range tx.Len() {
		if _, err = results.Exec(); err != nil {
			if i >= 1 && i <= b.Len() && !isPrepareError(err) {
				failed = i - 1
			}
			break
		}
	}
	if closeErr := results.Close(); err == nil {
		err = closeErr
	}
	if err != nil && !conn.Conn().IsClosed() && conn.Conn().PgConn().TxStatus() != 'I' {
		// The failed transaction is still open on the connection (a failure skips the
		// rest of the pipeline, COMMIT too): end it.
		rollbackCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		if _, rbErr := conn.Exec(rollbackCtx, "ROLLBACK"); rbErr != nil {
			_ = conn.Conn().Close(rollbackCtx) // the pool drops a closed connection
		}
		cancel()
	}
	return failed, err
}

// isPrepareError tells a failure to prepare a batch's statements new to the connection:
// pgx prepares them all before it runs the first, so a projector's unqualified table is
// looked up before the batch's own search path is set, and not found. Nothing ran.
func isPrepareError(err error) bool {
	var pe pgx.ErrPreprocessingBatch
	return errors.As(err, &pe)
}

func hasCode(err error, code string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == code
}

// errNothingWritten: the projector's Apply wrote nothing for any event of the delivery
// (a free booking to the hold process): nothing was sent. The feed moves the checkpoint
// past it lazily, as past events of types the projector does not read (decision 1840).
var errNothingWritten = errors.New("projections: the delivery writes nothing")

// errTakeCarefulPath: the delivery cannot be settled in one round trip (an event that
// fails in Go, a parked stream); nothing was written.
var errTakeCarefulPath = errors.New("projections: the delivery needs the careful path")

// applyInOneTrip applies a live delivery in one round trip when none of its events
// fails and none of its streams is parked; otherwise it answers errTakeCarefulPath,
// having written nothing, or an eventError naming the event whose statement failed
// (rolled back), as applyQuickly does. It answers what it parked: on a connection that
// has not yet prepared some of the delivery's statements, it applies the delivery as
// applyDeliveryTx does, in separate round trips on that connection, which prepares
// them there under the live search path for the deliveries after.
func (r *Runner) applyInOneTrip(ctx context.Context, p Projector, d delivery, dec []decoded) ([]parkedEvent, error) {
	w := &batchWriter{}
	for i, dd := range dec {
		if !dd.relevant() {
			continue
		}
		if dd.err != nil {
			return nil, errTakeCarefulPath
		}
		w.current = i
		if err := safeApply(ctx, p, w, *dd.event); err != nil {
			return nil, errTakeCarefulPath
		}
	}
	if w.batch.Len() == 0 {
		return nil, errNothingWritten
	}
	var b pgx.Batch
	b.Queue(liveSetup(p.Name()))
	guard := -1
	if streams := relevantStreams(d.Events, dec); len(streams) > 0 {
		guard = b.Len()
		b.Queue(parkedGuardStatement, p.Name(), streams)
	}
	rows := b.Len()
	b.QueuedQueries = append(b.QueuedQueries, w.batch.QueuedQueries...)
	queueAdvance(&b, p.Name(), p.Version(), d.After, d.last().Position, d.last().RecordedAt)
	conn, err := r.db.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Release()
	failed, err := sendTx(ctx, conn, &b)
	switch {
	case err == nil:
		return nil, nil
	case isPrepareError(err):
		return r.applyDeliveryTx(ctx, conn, p, d, dec, false)
	case failed == guard && hasCode(err, streamParkedCode):
		return nil, errTakeCarefulPath
	case failed == b.Len()-1 && hasCode(err, checkpointMovedCode):
		return nil, errCheckpointMoved
	case failed >= rows && failed < rows+len(w.owner) && !Transient(err):
		i := w.owner[failed-rows]
		return nil, &eventError{event: d.Events[i], index: i, cause: err}
	}
	return nil, err
}

// passInOneTrip records that a projector is past events it ignores: the checkpoint's
// compare and set in one round trip.
func (r *Runner) passInOneTrip(ctx context.Context, p Projector, from, to eventstore.Position, recordedAt time.Time) error {
	var b pgx.Batch
	b.Queue(`SET LOCAL synchronous_commit = off`)
	queueAdvance(&b, p.Name(), p.Version(), from, to, recordedAt)
	conn, err := r.db.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	failed, err := sendTx(ctx, conn, &b)
	if failed == 1 && hasCode(err, checkpointMovedCode) {
		return errCheckpointMoved
	}
	return err
}
