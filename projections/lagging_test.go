package projections_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"move/domain/catalog"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	rmcatalog "move/projections/catalog"
)

// Lagging tells a wait that timed out which read models were behind, and which of them
// no process has ever run against the database (what a test's server fails on).
func TestLaggingNamesTheBehindAndTheNeverRun(t *testing.T) {
	ctx := context.Background()
	sports := rmcatalog.Table(catalog.Sport)
	env := testenv.New(t)
	env.RunProjections(t, env.Runner(t, rmcatalog.Projectors()...))
	head, err := env.Store.Head(ctx)
	if err != nil {
		t.Fatal(err)
	}
	wait, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := projections.WaitFor(wait, env.DB, []string{sports}, head); err != nil {
		t.Fatal(err)
	}

	behind, neverRun, err := projections.Lagging(ctx, env.DB, []string{sports, "no_such_model"}, head)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(behind, []string{"no_such_model"}) || !slices.Equal(neverRun, []string{"no_such_model"}) {
		t.Fatalf("at the head: behind %v, never run %v; want only no_such_model in both", behind, neverRun)
	}

	ahead := eventstore.Position{Commit: head.Commit + 1000, Prepare: head.Prepare + 1000}
	behind, neverRun, err = projections.Lagging(ctx, env.DB, []string{sports, "no_such_model"}, ahead)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(behind, []string{"no_such_model", sports}) || !slices.Equal(neverRun, []string{"no_such_model"}) {
		t.Fatalf("past the head: behind %v, never run %v; want both behind, no_such_model never run", behind, neverRun)
	}
}
