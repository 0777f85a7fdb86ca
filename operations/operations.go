// Package operations is what operators read of a running installation beyond its read
// models: each projector's place in the log and state, the processes' to-do lists, the
// database's connections — the operations console's one report — and the one action
// the console offers, a read model's rebuild. It reads the event store and the
// processes' internal tables, which the read API never touches itself.
package operations

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"move/eventstore"
	"move/processes"
	"move/projections"
)

// LagCap is how far the console counts a reader behind: beyond it, "more than".
const LagCap = 10_000

// ErrUnknownProjector: a rebuild asked for a read model this installation does not have.
var ErrUnknownProjector = errors.New("operations: no such projector")

// Console reads the report. Store is the event store; DB the server's pool (its
// statistics are this server's); Projectors the read models and processes the server
// runs, with the versions its code expects.
type Console struct {
	Store      eventstore.Store
	DB         *pgxpool.Pool
	Projectors []projections.Projector
	Now        func() time.Time
}

// Report is the console's one answer.
type Report struct {
	MeasuredAt time.Time         `json:"measured_at"`
	Log        Log               `json:"log"`
	Projectors []Projector       `json:"projectors"`
	Queues     []processes.Queue `json:"queues"`
	Database   Database          `json:"database"`
}

// Log is the event store's end.
type Log struct {
	Head string `json:"head"`
	// Events is Postgres's estimate of the log's length; absent for other stores.
	Events *int64 `json:"events,omitempty"`
}

// Projector is one read model or process to-do list: where it is and how it is.
type Projector struct {
	Name        string `json:"name"`
	Version     int    `json:"version"`      // the version its tables were built by
	CodeVersion int    `json:"code_version"` // the version this server's code has: a difference rebuilds it on start
	// State is running, rebuilding, failed, or not_started.
	State      string `json:"state"`
	Checkpoint string `json:"checkpoint"`
	// Lag is how many events it has yet to apply, up to LagCap (LagCapped: more); nil
	// where the store cannot count.
	Lag              *int64     `json:"lag,omitempty"`
	LagCapped        bool       `json:"lag_capped"`
	Error            string     `json:"error,omitempty"`
	FailedEventID    string     `json:"failed_event_id,omitempty"`
	FailedPosition   string     `json:"failed_position,omitempty"`
	RebuildRequested bool       `json:"rebuild_requested"`
	RebuildDone      int64      `json:"rebuild_done"`
	RebuildTotal     int64      `json:"rebuild_total"`
	LastRecordedAt   *time.Time `json:"last_recorded_at,omitempty"`
	UpdatedAt        *time.Time `json:"updated_at,omitempty"`
}

// Database is the connections of this database against the cluster's limit, and this
// server's pool.
type Database struct {
	Connections    int   `json:"connections"`     // to this database, every client
	MaxConnections int   `json:"max_connections"` // the cluster's, shared by every database
	PoolMax        int32 `json:"pool_max"`
	PoolOpen       int32 `json:"pool_open"`
	PoolInUse      int32 `json:"pool_in_use"`
}

type capCounter interface {
	CountAfterUpTo(context.Context, eventstore.Position, int64) (int64, error)
}

type estimator interface {
	EstimatedCount(context.Context) (int64, error)
}

// Report reads the console's report.
func (c *Console) Report(ctx context.Context) (Report, error) {
	r := Report{MeasuredAt: c.Now().UTC()}
	head, err := c.Store.Head(ctx)
	if err != nil {
		return r, err
	}
	r.Log.Head = head.String()
	if e, ok := c.Store.(estimator); ok {
		n, err := e.EstimatedCount(ctx)
		if err != nil {
			return r, err
		}
		r.Log.Events = &n
	}
	statuses, err := projections.ReadStatuses(ctx, c.DB)
	if err != nil {
		return r, err
	}
	counter, canCount := c.Store.(capCounter)
	for _, p := range c.Projectors {
		out := Projector{Name: p.Name(), CodeVersion: p.Version(), State: "not_started"}
		if s, ok := statuses[p.Name()]; ok {
			updated := s.UpdatedAt
			out = Projector{Name: s.Name, Version: s.Version, CodeVersion: p.Version(), State: s.State,
				Checkpoint: s.Checkpoint.String(), Error: s.Error, FailedEventID: s.FailedEventID, FailedPosition: s.FailedPosition,
				RebuildRequested: s.RebuildRequested, RebuildDone: s.RebuildDone, RebuildTotal: s.RebuildTotal,
				LastRecordedAt: s.LastRecordedAt, UpdatedAt: &updated}
			if canCount {
				n, err := counter.CountAfterUpTo(ctx, s.Checkpoint, LagCap+1)
				if err != nil {
					return r, err
				}
				out.LagCapped = n > LagCap
				n = min(n, LagCap)
				out.Lag = &n
			}
		}
		r.Projectors = append(r.Projectors, out)
	}
	if r.Queues, err = processes.Queues(ctx, c.DB); err != nil {
		return r, err
	}
	if err := c.DB.QueryRow(ctx, `SELECT (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()),
		current_setting('max_connections')::int`).Scan(&r.Database.Connections, &r.Database.MaxConnections); err != nil {
		return r, err
	}
	stat := c.DB.Stat()
	r.Database.PoolMax, r.Database.PoolOpen, r.Database.PoolInUse = stat.MaxConns(), stat.TotalConns(), stat.AcquiredConns()
	return r, nil
}

// RequestRebuild flags a read model for a rebuild by whichever server runs it: it
// rebuilds into fresh tables and swaps them in when caught up, the old ones serving
// until then (decision 0006).
func (c *Console) RequestRebuild(ctx context.Context, name string) error {
	for _, p := range c.Projectors {
		if p.Name() == name {
			return projections.RequestRebuild(ctx, c.DB, []string{name})
		}
	}
	return ErrUnknownProjector
}
