// Package testenv wires the real parts for integration tests: a fresh database, the
// Postgres event store, the command app and the projection runner.
package testenv

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"slices"
	"strings"
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
	"move/projections/readmodels"
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
// shared server's migrated template (decision 1670), not a database migrated anew, on
// which every read model's first build has run (readModelsBuilt).
func New(t testing.TB) *Env {
	t.Helper()
	return on(t, testdb.NewLayered(t, readModelsBuilt))
}

// readModelsBuilt is every read model's first build on an empty log, as a server's first
// start makes it: the live tables, built and swapped in, each checkpoint at the log's
// start with its version. A test's runner then has nothing to build and applies the
// test's events live; a world started in ~2 s of the tables' DDL before (decision 1830).
// The key is every projector's name, version, tables and schema: what decides whether a
// server would rebuild.
var readModelsBuilt = testdb.Layer{Key: readModelsKey(), Build: func(ctx context.Context, dsn string) error {
	db, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	store, err := postgres.Open(ctx, db)
	if err != nil {
		return err
	}
	defer store.Close()
	vault, err := developmentVault(db)
	if err != nil {
		return err
	}
	all := readmodels.All()
	r, err := projections.NewRunner(store, db, registry.All(), vault, slog.New(slog.NewTextHandler(io.Discard, nil)), nil, all...)
	if err != nil {
		return err
	}
	if err := r.Prepare(ctx); err != nil {
		return err
	}
	return r.RebuildAll(ctx, all)
}}

func readModelsKey() string {
	h := sha256.New()
	for _, p := range readmodels.All() {
		fmt.Fprintf(h, "%s\x00%d\x00%s\x00%s\x00", p.Name(), p.Version(), strings.Join(p.Tables(), ","), p.Schema())
		if ri, ok := p.(projections.ReadIndexes); ok {
			fmt.Fprintf(h, "%s\x00", strings.Join(ri.ReadIndexes(), ";"))
		}
	}
	return "read models " + hex.EncodeToString(h.Sum(nil))[:16]
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
	vault, err := developmentVault(db)
	if err != nil {
		t.Fatal(err)
	}
	return vault
}

func developmentVault(db *pgxpool.Pool) (*personal.Vault, error) {
	secret, err := personal.NewSecret(personal.DevelopmentSecret)
	if err != nil {
		return nil, err
	}
	return personal.NewVault(db, secret)
}

// Runner makes a projection runner over the env's store. The checkpoints of the read
// models the database was made with (readModelsBuilt) that ps does not run are
// removed: as on a server that runs only ps, nothing waits for a projector no one runs.
func (e *Env) Runner(t testing.TB, ps ...projections.Projector) *projections.Runner {
	t.Helper()
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name()
	}
	if _, err := e.DB.Exec(context.Background(), `DELETE FROM projection_checkpoints WHERE NOT name = ANY($1)`, names); err != nil {
		t.Fatal(err)
	}
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

// Logger discards logs unless the test runs verbosely. A fuzz test's logs are
// discarded too: its world serves the fuzz function, inside which f.Log panics.
//
// A request that gave up waiting for a read model no process ever ran fails the test:
// its server lacks a projector its routes wait for, and each such request would wait
// out ReadWait in silence (the server logs the read model under "never_run").
func Logger(t testing.TB) *slog.Logger {
	if _, fuzz := t.(*testing.F); fuzz {
		return slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	var inner slog.Handler = slog.NewTextHandler(io.Discard, nil)
	if testing.Verbose() {
		inner = slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug})
	}
	return slog.New(neverRunFails{Handler: inner, t: t})
}

// neverRunFails fails its test on a record that names read models never run.
type neverRunFails struct {
	slog.Handler
	t testing.TB
}

func (h neverRunFails) Enabled(ctx context.Context, level slog.Level) bool {
	return level >= slog.LevelWarn || h.Handler.Enabled(ctx, level)
}

func (h neverRunFails) Handle(ctx context.Context, r slog.Record) error {
	r.Attrs(func(a slog.Attr) bool {
		if names, ok := a.Value.Any().([]string); a.Key == "never_run" && ok && len(names) > 0 {
			h.t.Errorf("%s: %v never ran in this test; run their projectors in the test's server", r.Message, names)
		}
		return true
	})
	if !h.Handler.Enabled(ctx, r.Level) {
		return nil
	}
	return h.Handler.Handle(ctx, r)
}

func (h neverRunFails) WithAttrs(attrs []slog.Attr) slog.Handler {
	return neverRunFails{Handler: h.Handler.WithAttrs(attrs), t: h.t}
}

func (h neverRunFails) WithGroup(name string) slog.Handler {
	return neverRunFails{Handler: h.Handler.WithGroup(name), t: h.t}
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

// Dump answers every table of r's projectors in the live schema, each as its rows'
// text in order (one line a row), keyed projector.table: two dumps are equal when the
// tables hold the same rows, however they were written.
func (e *Env) Dump(t testing.TB, r *projections.Runner) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, p := range r.Projectors() {
		for _, table := range p.Tables() {
			var rows string
			if err := e.DB.QueryRow(context.Background(), `SELECT coalesce(string_agg(r::text, E'\n' ORDER BY r::text), '') FROM `+
				projections.LiveSchema+`.`+table+` r`).Scan(&rows); err != nil {
				t.Fatal(err)
			}
			out[p.Name()+"."+table] = rows
		}
	}
	return out
}

// RebuildEqualsLive dumps the tables of the live runner r's projectors (caught up by
// the caller), rebuilds them from the log (Rebuild) and reports every table whose rows
// differ, by the rows only one side has, and every rebuild batch that fell back from
// a bulk pass to event by event (none in an ordinary log): a rebuild's bulk paths change
// how a read model is written, never what.
func (e *Env) RebuildEqualsLive(t testing.TB, r *projections.Runner) {
	t.Helper()
	live := e.Dump(t, r)
	fallbacks := r.BulkFallbacks()
	e.Rebuild(t, r)
	if n := r.BulkFallbacks() - fallbacks; n != 0 {
		t.Errorf("%d rebuild batches fell back from the bulk pass to event by event", n)
	}
	rebuilt := e.Dump(t, r)
	for _, table := range slices.Sorted(maps.Keys(live)) {
		if rows := live[table]; rows != rebuilt[table] {
			onlyLive, onlyRebuilt := Difference(rows, rebuilt[table])
			t.Errorf("%s: live and rebuilt differ\nonly live (%d):\n%s\nonly rebuilt (%d):\n%s", table,
				len(onlyLive), Clip(onlyLive), len(onlyRebuilt), Clip(onlyRebuilt))
		}
	}
	if len(live) != len(rebuilt) {
		t.Errorf("%d tables live, %d rebuilt", len(live), len(rebuilt))
	}
}

// Difference answers the lines of a not in b and of b not in a, each sorted.
func Difference(a, b string) (onlyA, onlyB []string) {
	count := map[string]int{}
	for _, l := range strings.Split(a, "\n") {
		count[l]++
	}
	for _, l := range strings.Split(b, "\n") {
		count[l]--
	}
	for l, n := range count {
		for ; n > 0; n-- {
			onlyA = append(onlyA, l)
		}
		for ; n < 0; n++ {
			onlyB = append(onlyB, l)
		}
	}
	slices.Sort(onlyA)
	slices.Sort(onlyB)
	return onlyA, onlyB
}

// Clip joins lines for a failure message, cut after 1,500 characters.
func Clip(lines []string) string {
	s := strings.Join(lines, "\n")
	if len(s) > 1_500 {
		return s[:1_500] + "…"
	}
	return s
}
