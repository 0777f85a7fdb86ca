package projections

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Projecting tells whether some process holds the lock of any of the projectors: a
// server is running and will move their checkpoints. Tools that wait for read models
// (WaitFor) ask first, so that with no server they say so at once instead of waiting.
func Projecting(ctx context.Context, db *pgxpool.Pool, ps []Projector) (bool, error) {
	keys := make([]int64, len(ps))
	for i, p := range ps {
		keys[i] = lockKey(lockName(p))
	}
	// A bigint advisory key shows in pg_locks as its high and low 32 bits; the locks of
	// every database of the cluster show there.
	var held bool
	err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks
		WHERE locktype = 'advisory' AND granted AND objsubid = 1
		  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
		  AND ((classid::bigint << 32) | objid::bigint) = ANY($1))`, keys).Scan(&held)
	return held, err
}
