package projections

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/eventstore"
	"move/internal/wait"
)

// LiveSchema holds the read models the read API queries.
const LiveSchema = "readmodel"

// Status is a projector's state as `projections status` and the operations screen show it.
type Status struct {
	Name             string              `json:"name"`
	Version          int                 `json:"version"`
	CodeVersion      int                 `json:"code_version"`
	Checkpoint       eventstore.Position `json:"checkpoint"`
	State            string              `json:"state"`
	FailedEventID    string              `json:"failed_event_id,omitempty"`
	FailedPosition   string              `json:"failed_position,omitempty"`
	Error            string              `json:"error,omitempty"`
	RebuildRequested bool                `json:"rebuild_requested"`
	RebuildDone      int64               `json:"rebuild_done"`
	RebuildTotal     int64               `json:"rebuild_total"`
	LastRecordedAt   *time.Time          `json:"last_recorded_at,omitempty"`
	UpdatedAt        time.Time           `json:"updated_at"`
}

// ReadStatuses answers the stored state of every projector that has one.
func ReadStatuses(ctx context.Context, db *pgxpool.Pool) (map[string]Status, error) {
	rows, err := db.Query(ctx, `
		SELECT name, version, commit_key, position, state, coalesce(failed_event_id::text, ''),
		       coalesce(failed_position, ''), coalesce(error, ''), rebuild_requested,
		       rebuild_done, rebuild_total, last_recorded_at, updated_at
		  FROM projection_checkpoints`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]Status{}
	for rows.Next() {
		var s Status
		var commit, position int64
		if err := rows.Scan(&s.Name, &s.Version, &commit, &position, &s.State, &s.FailedEventID,
			&s.FailedPosition, &s.Error, &s.RebuildRequested, &s.RebuildDone, &s.RebuildTotal,
			&s.LastRecordedAt, &s.UpdatedAt); err != nil {
			return nil, err
		}
		s.Checkpoint = eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}
		out[s.Name] = s
	}
	return out, rows.Err()
}

// RequestRebuild flags projectors for a rebuild by whichever process runs them.
func RequestRebuild(ctx context.Context, db *pgxpool.Pool, names []string) error {
	_, err := db.Exec(ctx, `UPDATE projection_checkpoints SET rebuild_requested = true, updated_at = now() WHERE name = ANY($1)`, names)
	return err
}

// Lagging answers which of the named projectors have not passed pos yet, and which of
// them have no checkpoint at all (no process has ever run them against this database):
// what a wait that timed out tells its log.
func Lagging(ctx context.Context, db *pgxpool.Pool, names []string, pos eventstore.Position) (behind, neverRun []string, err error) {
	rows, err := db.Query(ctx, `
		SELECT n, c.name IS NULL
		  FROM unnest($1::text[]) AS n
		  LEFT JOIN projection_checkpoints c ON c.name = n
		 WHERE c.name IS NULL OR c.state = 'rebuilding' OR (c.commit_key, c.position) < ($2, $3)
		 ORDER BY n`, names, int64(pos.Commit), int64(pos.Prepare))
	if err != nil {
		return nil, nil, err
	}
	var name string
	var missing bool
	_, err = pgx.ForEachRow(rows, []any{&name, &missing}, func() error {
		behind = append(behind, name)
		if missing {
			neverRun = append(neverRun, name)
		}
		return nil
	})
	return behind, neverRun, err
}

// WaitFor waits until every named projector has passed pos, or ctx ends: how the read
// API answers a caller's reads with its own writes. It polls the checkpoints, so it
// works whichever instance runs the projectors.
func WaitFor(ctx context.Context, db *pgxpool.Pool, names []string, pos eventstore.Position) error {
	for delay := time.Millisecond; ; delay = min(delay*2, 20*time.Millisecond) {
		var behind bool
		err := db.QueryRow(ctx, `
			SELECT count(*) < $2 OR coalesce(bool_or((commit_key, position) < ($3, $4)), false)
			  FROM projection_checkpoints WHERE name = ANY($1) AND state <> 'rebuilding'`,
			names, len(names), int64(pos.Commit), int64(pos.Prepare)).Scan(&behind)
		if err != nil {
			return err
		}
		if !behind {
			return nil
		}
		if !wait.Sleep(ctx, delay) {
			return ctx.Err()
		}
	}
}

// advance moves a checkpoint from prev to next, inside tx. It fails when the stored
// checkpoint is not prev: another process applied these events (compare and set).
func advance(ctx context.Context, tx pgx.Tx, name string, version int, prev, next eventstore.Position, recordedAt time.Time) error {
	tag, err := tx.Exec(ctx, `
		UPDATE public.projection_checkpoints
		   SET commit_key = $4, position = $5, state = 'running', error = NULL, failed_event_id = NULL,
		       failed_position = NULL, last_recorded_at = $6, updated_at = now()
		 WHERE name = $1 AND version = $7 AND commit_key = $2 AND position = $3`,
		name, int64(prev.Commit), int64(prev.Prepare), int64(next.Commit), int64(next.Prepare), recordedAt, version)
	if err != nil {
		return err
	}
	if tag.RowsAffected() != 1 {
		return errCheckpointMoved
	}
	return nil
}

var errCheckpointMoved = errors.New("checkpoint moved under this projector: another process applies it")
