package projections

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// batchWriter queues statements and sends them in one round trip: a live delivery's
// (up to 500 events) or a rebuild batch's.
// owner remembers which event queued each statement, to name the one that failed.
type batchWriter struct {
	batch   pgx.Batch
	owner   []int
	current int
}

func (w *batchWriter) Exec(_ context.Context, sql string, args ...any) error {
	w.batch.Queue(sql, args...)
	w.owner = append(w.owner, w.current)
	return nil
}

// flush sends the queued statements; a failure answers the index of its event.
func (w *batchWriter) flush(ctx context.Context, tx pgx.Tx) (failedEvent int, err error) {
	if w.batch.Len() == 0 {
		return -1, nil
	}
	results := tx.SendBatch(ctx, &w.batch)
	for _, owner := range w.owner {
		if _, err := results.Exec(); err != nil {
			results.Close()
			return owner, err
		}
	}
	if err := results.Close(); err != nil {
		return -1, fmt.Errorf("batch: %w", err)
	}
	return -1, nil
}
