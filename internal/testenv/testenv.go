// Package testenv wires the real parts for integration tests: a fresh database, the
// Postgres event store, the command app and the projection runner.
package testenv

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"move/commands"
	"move/domain"
	"move/eventstore/postgres"
	"move/internal/testdb"
	"move/projections"
)

// Env is one test's backend.
type Env struct {
	DSN      string
	DB       *pgxpool.Pool
	Store    *postgres.Store
	Registry *domain.Registry
	App      *commands.App
}

// New makes a fresh database with the store and the command app on it.
func New(t testing.TB) *Env {
	t.Helper()
	dsn := testdb.New(t)
	db := testdb.Pool(t, dsn)
	store, err := postgres.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	reg := commands.Registry()
	app, err := commands.New(store, reg, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	return &Env{DSN: dsn, DB: db, Store: store, Registry: reg, App: app}
}

// Runner makes a projection runner over the env's store.
func (e *Env) Runner(t testing.TB, ps ...projections.Projector) *projections.Runner {
	t.Helper()
	r, err := projections.NewRunner(e.Store, e.DB, e.Registry, Logger(t), nil, ps...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// RunProjections runs the runner live until the test ends.
func (e *Env) RunProjections(t testing.TB, r *projections.Runner) {
	t.Helper()
	if err := r.Prepare(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = r.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
}

// Logger discards logs unless the test runs verbosely.
func Logger(t testing.TB) *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(string(p))
	return len(p), nil
}
