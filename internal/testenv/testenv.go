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
	"move/domain/registry"
	"move/eventstore/postgres"
	"move/internal/testdb"
	"move/personal"
	"move/projections"
)

// Env is one test's backend.
type Env struct {
	DSN      string
	DB       *pgxpool.Pool
	Store    *postgres.Store
	Registry *domain.Registry
	Vault    *personal.Vault
	App      *commands.App
}

// New makes a fresh database with the store and the command app on it: a copy of the
// shared server's migrated template (decision 1670), not a database migrated anew.
func New(t testing.TB) *Env {
	t.Helper()
	return on(t, testdb.New(t))
}

// NewOn is New on the server of admin (a test's own testdb.Cluster, which has no
// template: the database is migrated).
func NewOn(t testing.TB, admin string) *Env {
	t.Helper()
	return on(t, testdb.NewOn(t, admin))
}

// on wires the store, the vault and the command app on the migrated database dsn.
func on(t testing.TB, dsn string) *Env {
	t.Helper()
	db := testdb.Pool(t, dsn)
	store, err := postgres.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(store.Close)
	vault := Vault(t, db)
	reg := registry.All()
	app, err := commands.New(store, reg, vault, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	return &Env{DSN: dsn, DB: db, Store: store, Registry: reg, Vault: vault, App: app}
}

// Vault is the personal-data vault on db with the development secret.
func Vault(t testing.TB, db *pgxpool.Pool) *personal.Vault {
	t.Helper()
	secret, err := personal.NewSecret(personal.DevelopmentSecret)
	if err != nil {
		t.Fatal(err)
	}
	vault, err := personal.NewVault(db, secret)
	if err != nil {
		t.Fatal(err)
	}
	return vault
}

// Runner makes a projection runner over the env's store.
func (e *Env) Runner(t testing.TB, ps ...projections.Projector) *projections.Runner {
	t.Helper()
	r, err := projections.NewRunner(e.Store, e.DB, e.Registry, e.Vault, Logger(t), nil, ps...)
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

// Rebuild asks the live runner to rebuild every one of its projectors from the log and
// waits until all are running again.
func (e *Env) Rebuild(t testing.TB, r *projections.Runner) {
	t.Helper()
	ctx := context.Background()
	var names []string
	for _, p := range r.Projectors() {
		names = append(names, p.Name())
	}
	if err := projections.RequestRebuild(ctx, e.DB, names); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		statuses, err := projections.ReadStatuses(ctx, e.DB)
		if err != nil {
			t.Fatal(err)
		}
		pending := false
		for _, name := range names {
			s := statuses[name]
			pending = pending || s.RebuildRequested || s.State != "running"
		}
		if !pending {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("rebuild did not finish: %+v", statuses)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
