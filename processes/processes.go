// Package processes holds the process managers: work that spans aggregates, driven by
// events, idempotent, resumed after a crash (docs/decisions/0401-process-managers.md).
//
// Each process is a projector of its own to-do table — built from the log like any
// read model, so a crash loses nothing and a rebuild finds the same work — and a worker
// that does what the table lists by issuing idempotent commands. The request that
// caused the work usually does it at once (the fast path); the worker completes what a
// stopped process left.
package processes

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	"move/domain/wallet"
	"move/identity"
	"move/internal/wait"
	"move/projections"
	"move/push"
)

// Name is the to-do projector's permanent name.
const Name = "processes"

// Tables of the to-do list.
const (
	PendingCredits = "pending_wallet_credits"
	PendingBatches = "pending_coupon_batches"
)

// Projector keeps the to-do list: redeemed coupons not yet credited, and batches with
// coupons still to issue.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string { return Name }
func (projector) Version() int { return 6 }
func (projector) Tables() []string {
	return []string{PendingCredits, PendingBatches, PendingPromotions, PendingNotices, PendingBundleNotices,
		PendingClosureSessions, PendingClosureNotices, PendingClosureBundleNotices}
}
func (projector) EventTypes() []string {
	return append([]string{wallet.CouponRedeemed{}.EventType(), wallet.Credited{}.EventType(),
		wallet.BatchGenerated{}.EventType(), wallet.CouponsIssued{}.EventType()},
		append(append(waitlistEventTypes(), bundleWaitlistEventTypes()...), closuresEventTypes()...)...)
}

// ReadsNoPersonalValues: the to-do list keeps ids, counts, statuses and times; the
// worker reads a participant's name and address from their stream when it mails them
// (SealedReader). Every booking reaches this projector, and its deliveries now skip the
// key query (decision 1880).
func (projector) ReadsNoPersonalValues() {}

// Schema. Internal tables: tenant-owned with forced row-level security (decision 0102)
// but not readable by the API's role; the worker reads them as their owner.
func (projector) Schema() string {
	return `
CREATE TABLE pending_wallet_credits (
    coupon_id      uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    correlation_id text        NOT NULL DEFAULT '',
    redeemed_at    timestamptz NOT NULL
);
CREATE INDEX pending_wallet_credits_by_age ON pending_wallet_credits (redeemed_at);
` + projections.InternalRLS(PendingCredits) + `

CREATE TABLE pending_coupon_batches (
    batch_id       uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    remaining      integer     NOT NULL,
    progressed_at  timestamptz NOT NULL
);
` + projections.InternalRLS(PendingBatches) + waitlistSchema +
		projections.InternalRLS(PendingPromotions) + projections.InternalRLS(PendingNotices) +
		bundleWaitlistSchema + projections.InternalRLS(PendingBundleNotices) +
		closuresSchema + projections.InternalRLS(PendingClosureSessions) + projections.InternalRLS(PendingClosureNotices) +
		projections.InternalRLS(PendingClosureBundleNotices)
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	switch p := e.Payload.(type) {
	case wallet.CouponRedeemed:
		return w.Exec(ctx, `INSERT INTO pending_wallet_credits (coupon_id, application_id, correlation_id, redeemed_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT (coupon_id) DO NOTHING`,
			strings.TrimPrefix(e.Stream, "coupon-"), e.Metadata.ApplicationID, e.Metadata.CorrelationID, e.RecordedAt)
	case wallet.Credited:
		return w.Exec(ctx, `DELETE FROM pending_wallet_credits WHERE coupon_id = $1`, p.CouponID)
	case wallet.BatchGenerated:
		return w.Exec(ctx, `INSERT INTO pending_coupon_batches (batch_id, application_id, remaining, progressed_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT (batch_id) DO NOTHING`,
			strings.TrimPrefix(e.Stream, "coupon_batch-"), p.ApplicationID, p.Quantity, e.RecordedAt)
	case wallet.CouponsIssued:
		batch := strings.TrimPrefix(e.Stream, "coupon_batch-")
		if err := w.Exec(ctx, `UPDATE pending_coupon_batches SET remaining = remaining - $2, progressed_at = $3 WHERE batch_id = $1`,
			batch, p.Count, e.RecordedAt); err != nil {
			return err
		}
		return w.Exec(ctx, `DELETE FROM pending_coupon_batches WHERE batch_id = $1 AND remaining <= 0`, batch)
	}
	if err := applyClosures(ctx, w, e); err != nil {
		return err
	}
	if err := applyBundleWaitlist(ctx, w, e); err != nil {
		return err
	}
	return applyWaitlist(ctx, w, e)
}

// Worker does the to-do list: it credits redeemed coupons and issues the rest of
// batches. One worker is active across all servers (an advisory lock); the others
// stand by.
type Worker struct {
	App *commands.App
	DB  *pgxpool.Pool
	// Locks is the server's lock holder (the projection runner's), so the worker's lock
	// costs no connection of its own.
	Locks *projections.Locks
	Log   *slog.Logger
	// Now is the clock the grace periods are measured with.
	Now func() time.Time
	// Interval between passes; Grace is how long work is left to the request that
	// caused it before the worker takes it over.
	Interval, Grace time.Duration
	// HoldTime is how long a spot stays held without a started payment before the
	// worker releases it; zero is DefaultHoldTime (decision 0907).
	HoldTime time.Duration
	// Mail tells promoted participants; nil tells nobody (tests of other processes).
	Mail identity.Mailer
	// Push sends the scheduled notifications (decision 1101); nil sends none, and
	// they wait.
	Push    push.Sender
	resumed *prometheus.CounterVec
	backoff paymentBackoff
	// buildBackoff spaces the visits to one running app build.
	buildBackoff paymentBackoff
}

// NewWorker makes a worker with its metric registered.
func NewWorker(app *commands.App, db *pgxpool.Pool, locks *projections.Locks, log *slog.Logger, reg prometheus.Registerer) *Worker {
	w := &Worker{App: app, DB: db, Locks: locks, Log: log, Now: time.Now, Interval: time.Second, Grace: 5 * time.Second,
		resumed: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "move_process_resumed_total",
			Help: "Work a process manager completed after the request that caused it did not, by process."}, []string{"process"})}
	reg.MustRegister(w.resumed)
	return w
}

// Run works until ctx ends, taking over when the active worker's server stops.
func (w *Worker) Run(ctx context.Context) error {
	for {
		lease, _, err := w.Locks.Acquire(ctx, "process:worker", true)
		if err != nil {
			return nil // ctx ended
		}
		held, cancel := lease.Context(ctx)
		err = w.work(held)
		cancel()
		lease.Release()
		if ctx.Err() != nil {
			return nil
		}
		w.Log.Error("process worker stopped; restarting", "error", err)
		if !wait.Sleep(ctx, w.Interval) {
			return nil
		}
	}
}

func (w *Worker) work(ctx context.Context) error {
	for {
		if _, err := w.Pass(ctx); err != nil {
			w.Log.Error("process pass", "error", err)
		}
		if !wait.Sleep(ctx, w.Interval) {
			return ctx.Err()
		}
	}
}

// Pass does the work that has waited longer than the grace period, and answers how
// much it did.
func (w *Worker) Pass(ctx context.Context) (int, error) {
	work, err := w.due(ctx)
	if err != nil {
		return 0, err
	}
	done := w.settlePayments(ctx, work.orders)
	done += w.followAppBuilds(ctx, work.builds)
	holds, err := w.dueHolds(ctx)
	if err != nil {
		return done, err
	}
	released, err := w.releaseHolds(ctx, holds)
	done += released
	if err != nil {
		return done, err
	}
	notified, err := w.sendNotifications(ctx)
	done += notified
	if err != nil {
		return done, err
	}
	promoted, err := w.promote(ctx, work.promotions, work.notices)
	done += promoted
	if err != nil {
		return done, err
	}
	told, err := w.tellBundlePromotions(ctx, work.bundleNotices)
	done += told
	if err != nil {
		return done, err
	}
	closed, err := w.closeAndTell(ctx, work.closures, work.closureTells)
	done += closed
	if err != nil {
		return done, err
	}
	for _, c := range work.credits {
		if _, err := w.App.CreditRedemption(ctx, c.correlation, c.id); err != nil {
			return done, err
		}
		w.Log.Info("credited a redeemed coupon the redeeming request did not", "coupon_id", c.id)
		w.resumed.WithLabelValues("wallet-credit").Inc()
		done++
	}
	for _, b := range work.batches {
		meta := commands.Meta{ApplicationID: b.application, ActorID: "process:coupon-batches"}
		res, err := w.App.IssueCoupons(ctx, meta, b.id, commands.Result{})
		if err != nil {
			return done, err
		}
		w.Log.Info("issued the rest of a coupon batch", "batch_id", b.id, "issued", res.Issued)
		w.resumed.WithLabelValues("coupon-batches").Inc()
		done++
	}
	return done, nil
}

type pendingCredit struct{ id, correlation string }
type pendingBatch struct{ id, application string }

// dueWork is what a pass finds due in the to-do lists read in one transaction.
type dueWork struct {
	credits       []pendingCredit
	batches       []pendingBatch
	promotions    []duePromotion
	notices       []dueNotice
	bundleNotices []dueBundleNotice
	closures      []dueClosure
	closureTells  []dueClosureNotice
	orders        []string
	builds        []dueBuild
}

// due reads the to-do list as the tables' owner, move_projector, a member of
// move_writer whose policy sees every tenant (the server's own role sees no row).
func (w *Worker) due(ctx context.Context) (dueWork, error) {
	before := w.Now().Add(-w.Grace)
	var work dueWork
	err := pgx.BeginFunc(ctx, w.DB, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_projector`); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT coupon_id::text, correlation_id FROM readmodel.pending_wallet_credits
			WHERE redeemed_at < $1 ORDER BY redeemed_at LIMIT 500`, before)
		if err != nil {
			return err
		}
		work.credits, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (pendingCredit, error) {
			var c pendingCredit
			return c, r.Scan(&c.id, &c.correlation)
		})
		if err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT batch_id::text, application_id::text FROM readmodel.pending_coupon_batches
			WHERE progressed_at < $1 ORDER BY progressed_at LIMIT 10`, before)
		if err != nil {
			return err
		}
		work.batches, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (pendingBatch, error) {
			var b pendingBatch
			return b, r.Scan(&b.id, &b.application)
		})
		if err != nil {
			return err
		}
		work.promotions, work.notices, err = w.dueWaitlist(ctx, tx, before)
		if err != nil {
			return err
		}
		work.bundleNotices, err = w.dueBundleNotices(ctx, tx)
		if err != nil {
			return err
		}
		work.closures, work.closureTells, err = dueClosures(ctx, tx, before)
		if err != nil {
			return err
		}
		work.orders, err = w.syncPayments(ctx, tx, before)
		if err != nil {
			return err
		}
		work.builds, err = w.dueAppBuilds(ctx, tx, before)
		return err
	})
	return work, err
}
