package catalog_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/catalog"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	rm "move/projections/catalog"
)

func ptr[T any](v T) *T { return &v }

func meta() commands.Meta { return commands.Meta{CommandID: uuid.New(), ActorID: "tester"} }

// A read model built live, event by event, equals the same read model rebuilt from
// the log from scratch.
func TestLiveEqualsRebuild(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	runner := env.Runner(t, rm.Projectors()...)
	env.RunProjections(t, runner)

	var last eventstore.Position
	ids := map[string]string{}
	for i := range 30 {
		kind := catalog.Kinds[i%3]
		res, err := env.App.CreateCatalogItem(ctx, meta(), kind, catalog.Fields{Name: fmt.Sprintf("Item %d", i), IconID: ptr("icon")})
		if err != nil {
			t.Fatal(err)
		}
		ids[fmt.Sprint(i)] = res.ID
		last = res.Position
	}
	for i := 0; i < 30; i += 4 {
		kind := catalog.Kinds[i%3]
		res, err := env.App.UpdateCatalogItem(ctx, meta(), kind, ids[fmt.Sprint(i)], nil, catalog.Fields{Name: fmt.Sprintf("Renamed %d", i), Highlighted: ptr(true)})
		if err != nil {
			t.Fatal(err)
		}
		last = maxPos(last, res.Position)
	}
	for i := 1; i < 30; i += 5 {
		res, err := env.App.DeleteCatalogItem(ctx, meta(), catalog.Kinds[i%3], ids[fmt.Sprint(i)], nil)
		if err != nil {
			t.Fatal(err)
		}
		last = maxPos(last, res.Position)
	}
	waitFor(t, env, last)
	live := dump(t, env)
	if !strings.Contains(live, "Renamed 0") || strings.Contains(live, "Item 1|") {
		t.Fatalf("live read model misses changes:\n%s", live)
	}

	for _, p := range runner.Projectors() {
		if err := projections.RequestRebuild(ctx, env.DB, []string{p.Name()}); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		statuses, err := projections.ReadStatuses(ctx, env.DB)
		if err != nil {
			t.Fatal(err)
		}
		pending := false
		for _, s := range statuses {
			pending = pending || s.RebuildRequested || s.State != "running"
		}
		if !pending {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("rebuild did not finish: %+v", statuses)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if rebuilt := dump(t, env); rebuilt != live {
		t.Fatalf("rebuild differs from live:\nlive:\n%s\nrebuilt:\n%s", live, rebuilt)
	}
}

// A projector whose Apply fails on an event parks it with the rest of its stream and
// goes on with the other streams (decision 1310); the other projectors go on too; once
// Apply succeeds again a retry applies the parked event.
func TestFailingEventIsParkedAndRetried(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	flaky := &flakyProjector{Projector: rm.Projectors()[0], failOn: "Poison"}
	runner := env.Runner(t, flaky, rm.Projectors()[2])
	env.RunProjections(t, runner)

	poison, err := env.App.CreateCatalogItem(ctx, meta(), catalog.Sport, catalog.Fields{Name: "Poison"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.CreateCatalogItem(ctx, meta(), catalog.ProductType, catalog.Fields{Name: "Drinks"}); err != nil {
		t.Fatal(err)
	}
	res, err := env.App.CreateCatalogItem(ctx, meta(), catalog.Sport, catalog.Fields{Name: "Golf"})
	if err != nil {
		t.Fatal(err)
	}
	if err := projections.WaitFor(timeout(t), env.DB, []string{"product_types", "sports"}, res.Position); err != nil {
		t.Fatalf("both projectors must keep going: %v", err)
	}
	var golf int
	if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM readmodel.sports WHERE name = 'Golf'`).Scan(&golf); err != nil || golf != 1 {
		t.Fatalf("the sport after the poison must be applied: %d %v", golf, err)
	}
	parked, err := projections.ReadParked(ctx, env.DB)
	if err != nil || len(parked) != 1 || parked[0].Projector != "sports" || !strings.Contains(parked[0].Error, "poisoned") ||
		!strings.HasSuffix(parked[0].Stream, poison.ID) || parked[0].Waiting != 0 {
		t.Fatalf("the poison must be parked with its error: %+v %v", parked, err)
	}
	flaky.heal()
	out, err := runner.Retry(ctx, "sports", parked[0].Stream)
	if err != nil || out.Applied != 1 || out.Parked != 0 {
		t.Fatalf("retry once healed: %+v %v", out, err)
	}
	var n int
	if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM readmodel.sports WHERE name = 'Poison'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("the parked event must be applied once healed: %d %v", n, err)
	}
}

// Bumping a projector's version rebuilds it on start.
func TestVersionBumpRebuildsOnStart(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	res, err := env.App.CreateCatalogItem(ctx, meta(), catalog.Sport, catalog.Fields{Name: "Golf"})
	if err != nil {
		t.Fatal(err)
	}
	first := env.Runner(t, rm.Projectors()[0])
	release, _, _ := first.Lock(ctx, rm.Projectors()[0], false)
	if _, err := first.Rebuild(ctx, rm.Projectors()[0]); err != nil {
		t.Fatal(err)
	}
	release()
	if _, err := env.DB.Exec(ctx, `UPDATE readmodel.sports SET name = 'tampered'`); err != nil {
		t.Fatal(err)
	}
	bumped := &versioned{Projector: rm.Projectors()[0], version: 2}
	env.RunProjections(t, env.Runner(t, bumped))
	if err := projections.WaitFor(timeout(t), env.DB, []string{"sports"}, res.Position); err != nil {
		t.Fatal(err)
	}
	eventually(t, func() bool {
		var name string
		var version int
		_ = env.DB.QueryRow(ctx, `SELECT s.name, c.version FROM readmodel.sports s, projection_checkpoints c WHERE c.name = 'sports'`).Scan(&name, &version)
		return name == "Golf" && version == 2
	})
}

type versioned struct {
	projections.Projector
	version int
}

func (v *versioned) Version() int { return v.version }

type flakyProjector struct {
	projections.Projector
	failOn string
	healed chan struct{}
}

func (f *flakyProjector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	if fields, ok := catalog.Values(e.Payload); ok && fields.Name == f.failOn && !f.isHealed() {
		return errors.New("poisoned event")
	}
	return f.Projector.Apply(ctx, w, e)
}

func (f *flakyProjector) heal() { close(f.healedCh()) }

func (f *flakyProjector) healedCh() chan struct{} {
	if f.healed == nil {
		f.healed = make(chan struct{})
	}
	return f.healed
}

func (f *flakyProjector) isHealed() bool {
	select {
	case <-f.healedCh():
		return true
	default:
		return false
	}
}

func dump(t *testing.T, env *testenv.Env) string {
	t.Helper()
	var b strings.Builder
	for _, k := range catalog.Kinds {
		rows, err := env.DB.Query(context.Background(), `SELECT id, name, coalesce(icon_id, ''), coalesce(highlighted::text, ''), version, created_at, updated_at FROM readmodel.`+rm.Table(k)+` ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id, name, icon, hl string
			var version int64
			var created, updated time.Time
			if err := rows.Scan(&id, &name, &icon, &hl, &version, &created, &updated); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %s|%s|%s|%d|%s|%s\n", k.Name, name, icon, hl, version, created.UTC().Format(time.RFC3339Nano), updated.UTC().Format(time.RFC3339Nano))
		}
		rows.Close()
	}
	return b.String()
}

func waitFor(t *testing.T, env *testenv.Env, pos eventstore.Position) {
	t.Helper()
	names := []string{}
	for _, p := range rm.Projectors() {
		names = append(names, p.Name())
	}
	if err := projections.WaitFor(timeout(t), env.DB, names, pos); err != nil {
		t.Fatalf("projections did not reach %v: %v", pos, err)
	}
}

func timeout(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func eventually(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met in time")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func maxPos(a, b eventstore.Position) eventstore.Position {
	if a.Less(b) {
		return b
	}
	return a
}
