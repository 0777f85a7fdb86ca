// Package operations is what operators read of a running installation beyond its read
// models: each projector's place in the log and state, the events it parked, the
// processes' to-do lists, the database's connections — the operations console's one
// report — its verdict on readiness (the one /readyz answers), and the console's
// actions: a read model's rebuild, and a parked stream's retry or skip (decision 1310).
// It reads the event store and the processes' internal tables, which the read API
// never touches itself.
package operations

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"move/eventstore"
	"move/processes"
	"move/projections"
)

// LagCap is how far the console counts a reader behind: beyond it, "more than".
const LagCap = 10_000

// ReadyLag is how far behind the log a read model may be while the server is ready:
// beyond it (more than LagCap events) /readyz reports it lagging (decision 1310).
const ReadyLag = LagCap

// SkipsListed is how many of the latest skip decisions the console's history shows.
const SkipsListed = 50

// ErrUnknownProjector: a rebuild, retry or skip asked for a read model this
// installation does not have.
var ErrUnknownProjector = errors.New("operations: no such projector")

// Console reads the report. Store is the event store; DB the server's pool (its
// statistics are this server's); Projectors the read models and processes the server
// runs, with the versions its code expects; Parking retries and skips parked events
// (the projection runner).
type Console struct {
	Store      eventstore.Store
	DB         *pgxpool.Pool
	Projectors []projections.Projector
	Parking    Parking
	Now        func() time.Time
}

// Parking is what retries and skips a read model's parked events: projections.Runner.
type Parking interface {
	Retry(ctx context.Context, name, stream string) (projections.RetryOutcome, error)
	Skip(ctx context.Context, name, stream, reason string, meta eventstore.Metadata) (projections.RetryOutcome, error)
}

// Report is the console's one answer.
type Report struct {
	MeasuredAt time.Time                  `json:"measured_at"`
	Health     Health                     `json:"health"`
	Log        Log                        `json:"log"`
	Projectors []Projector                `json:"projectors"`
	Parked     []projections.ParkedStream `json:"parked"`
	Skips      []projections.Skip         `json:"skips"`
	Queues     []processes.Queue          `json:"queues"`
	Database   Database                   `json:"database"`
}

// Health is the one verdict on the read side: /readyz answers it (503 when not ready)
// and the console shows it, so they cannot disagree.
type Health struct {
	Ready    bool      `json:"ready"`
	Problems []Problem `json:"problems"`
}

// Problem is why one read model keeps the server from being ready.
type Problem struct {
	ReadModel string `json:"read_model"`
	// Reason is building (not yet built, rebuilding, or a rebuild or new version
	// pending), failed (retrying a transient failure), parked (events wait for a retry
	// or a skip) or lagging (more than ReadyLag events behind).
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
}

// NotReadyError is an unready verdict as an error, for /readyz.
type NotReadyError struct{ Health Health }

func (e *NotReadyError) Error() string {
	parts := make([]string, len(e.Health.Problems))
	for i, p := range e.Health.Problems {
		parts[i] = p.ReadModel + " " + p.Reason
	}
	return "read models not ready: " + strings.Join(parts, ", ")
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
	// Parked is how many events it parked (decision 1310).
	Parked int64 `json:"parked"`
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
	// The parked list first: an event it shows is counted by the verdict read after it
	// (only a retry or skip unparks), so the report never lists parked events as ready.
	if r.Parked, err = projections.ReadParked(ctx, c.DB); err != nil {
		return r, err
	}
	if r.Projectors, err = c.projectors(ctx); err != nil {
		return r, err
	}
	r.Health = verdict(r.Projectors)
	if r.Skips, err = projections.ReadSkips(ctx, c.DB, SkipsListed); err != nil {
		return r, err
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

// projectors answers every read model's and process's place and state.
func (c *Console) projectors(ctx context.Context) ([]Projector, error) {
	statuses, err := projections.ReadStatuses(ctx, c.DB)
	if err != nil {
		return nil, err
	}
	parked, err := projections.ParkedCounts(ctx, c.DB)
	if err != nil {
		return nil, err
	}
	counter, canCount := c.Store.(capCounter)
	out := make([]Projector, 0, len(c.Projectors))
	for _, p := range c.Projectors {
		one := Projector{Name: p.Name(), CodeVersion: p.Version(), State: "not_started", Parked: parked[p.Name()]}
		if s, ok := statuses[p.Name()]; ok {
			updated := s.UpdatedAt
			one = Projector{Name: s.Name, Version: s.Version, CodeVersion: p.Version(), State: s.State,
				Checkpoint: s.Checkpoint.String(), Error: s.Error, FailedEventID: s.FailedEventID, FailedPosition: s.FailedPosition,
				RebuildRequested: s.RebuildRequested, RebuildDone: s.RebuildDone, RebuildTotal: s.RebuildTotal,
				LastRecordedAt: s.LastRecordedAt, UpdatedAt: &updated, Parked: parked[p.Name()]}
			if canCount {
				n, err := counter.CountAfterUpTo(ctx, s.Checkpoint, LagCap+1)
				if err != nil {
					return nil, err
				}
				one.LagCapped = n > LagCap
				n = min(n, LagCap)
				one.Lag = &n
			}
		}
		out = append(out, one)
	}
	return out, nil
}

// Health answers the read side's verdict: ready unless a read model is being built,
// has failed, has parked events, or lags more than ReadyLag events behind.
func (c *Console) Health(ctx context.Context) (Health, error) {
	ps, err := c.projectors(ctx)
	if err != nil {
		return Health{}, err
	}
	return verdict(ps), nil
}

func verdict(ps []Projector) Health {
	h := Health{Problems: []Problem{}}
	for _, p := range ps {
		switch {
		case p.State == "not_started" || p.State == "rebuilding" || p.RebuildRequested || p.Version != p.CodeVersion:
			h.Problems = append(h.Problems, Problem{ReadModel: p.Name, Reason: "building"})
		case p.State == "failed":
			h.Problems = append(h.Problems, Problem{ReadModel: p.Name, Reason: "failed", Detail: p.Error})
		}
		if p.Parked > 0 {
			h.Problems = append(h.Problems, Problem{ReadModel: p.Name, Reason: "parked", Detail: fmt.Sprintf("%d events parked", p.Parked)})
		}
		if p.LagCapped && p.Lag != nil && *p.Lag >= ReadyLag {
			h.Problems = append(h.Problems, Problem{ReadModel: p.Name, Reason: "lagging", Detail: fmt.Sprintf("more than %d events behind", ReadyLag)})
		}
	}
	h.Ready = len(h.Problems) == 0
	return h
}

// Ready answers nil when the read side is ready, else a *NotReadyError naming why.
func (c *Console) Ready(ctx context.Context) error {
	h, err := c.Health(ctx)
	if err != nil {
		return err
	}
	if !h.Ready {
		return &NotReadyError{Health: h}
	}
	return nil
}

// Retry applies a parked stream's events again with this server's code (decision 1310).
func (c *Console) Retry(ctx context.Context, name, stream string) (projections.RetryOutcome, error) {
	if !c.has(name) {
		return projections.RetryOutcome{}, ErrUnknownProjector
	}
	return c.Parking.Retry(ctx, name, stream)
}

// Skip records an operator's decision that a read model passes over the first parked
// event of a stream, then retries the rest of the stream (decision 1310).
func (c *Console) Skip(ctx context.Context, name, stream, reason string, meta eventstore.Metadata) (projections.RetryOutcome, error) {
	if !c.has(name) {
		return projections.RetryOutcome{}, ErrUnknownProjector
	}
	return c.Parking.Skip(ctx, name, stream, reason, meta)
}

func (c *Console) has(name string) bool {
	if c.Parking == nil {
		return false
	}
	for _, p := range c.Projectors {
		if p.Name() == name {
			return true
		}
	}
	return false
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
