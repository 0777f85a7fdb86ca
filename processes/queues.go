package processes

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Queue is one process's to-do list as operators see it (the operations console):
// how many items wait, and since when the oldest. A list that keeps growing, or an item
// far older than the process's grace, is work the processes do not get done.
type Queue struct {
	Name    string     `json:"name"`
	Pending int64      `json:"pending"`
	Oldest  *time.Time `json:"oldest,omitempty"`
}

// queues are the to-do tables: each its name, the column its items wait since, and
// which of its rows are work.
var queues = []struct{ name, table, since, where string }{
	{"wallet-credits", PendingCredits, "redeemed_at", "true"},
	{"coupon-batches", PendingBatches, "progressed_at", "true"},
	{"waitlist-promotions", PendingPromotions, "freed_at", "waiting > 0 AND freed_at IS NOT NULL"},
	{"promotion-notices", PendingNotices, "promoted_at", "true"},
	{"bundle-promotion-notices", PendingBundleNotices, "promoted_at", "true"},
	{"held-spots", PendingHolds, "held_at", "true"},
	{"closure-sessions", PendingClosureSessions, "planned_at", "true"},
	{"closure-notices", PendingClosureNotices, "closed_at", "true"},
	{"closure-bundle-notices", PendingClosureBundleNotices, "closed_at", "true"},
	{"payments", PendingPayments, "changed_at", "true"},
	{"app-builds", PendingAppBuilds, "changed_at", "true"},
	// Scheduled notifications wait until their moment: only the due ones are work.
	{"notifications-due", PendingNotifications, "send_at", "send_at <= now()"},
}

// Queues counts every to-do list of every tenant, reading as the tables' owner like the
// worker (the server's own role sees no row of them).
func Queues(ctx context.Context, db *pgxpool.Pool) ([]Queue, error) {
	parts := make([]string, len(queues))
	for i, q := range queues {
		parts[i] = `SELECT '` + q.name + `', count(*), min(` + q.since + `) FROM readmodel.` + q.table + ` WHERE ` + q.where
	}
	var out []Queue
	err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_projector`); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, strings.Join(parts, "\nUNION ALL\n"))
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Queue, error) {
			var q Queue
			return q, r.Scan(&q.Name, &q.Pending, &q.Oldest)
		})
		return err
	})
	return out, err
}
