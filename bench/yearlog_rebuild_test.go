package bench

import (
	"context"
	"testing"

	"move/internal/testenv"
	"move/projections"
	"move/projections/readmodels"
)

// A small year's log (yearLog) rebuilds into every read model and process to-do list:
// none fails, every checkpoint reaches the end of the log, and the rows of each kind
// the log holds are there — sessions, participants (cancellations among them), orders,
// coupons, redemptions credited, invoices.
func TestEveryReadModelRebuildsFromAYearsLog(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	yearLog(t, env, 3_000)
	if runner, _ := rebuildEvery(t, env); len(runner.Projectors()) == 0 {
		t.Fatal("no projector rebuilt")
	}
	var failed int
	if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM projection_checkpoints c, (SELECT commit_key, position FROM eventstore_events
		ORDER BY commit_key DESC, position DESC LIMIT 1) h WHERE c.state <> 'running' OR (c.commit_key, c.position) < (h.commit_key, h.position)`).Scan(&failed); err != nil {
		t.Fatal(err)
	}
	if failed != 0 {
		t.Fatalf("%d projectors did not reach the end of the log", failed)
	}
	for table, want := range map[string]string{
		"sessions":             `SELECT count(*) FROM eventstore_events WHERE type LIKE 'series.created%'`,
		"session_participants": `SELECT count(*) FROM eventstore_events WHERE type = 'booking.booked.v2'`,
		"orders":               `SELECT count(*) FROM eventstore_events WHERE type LIKE 'order.placed%'`,
		"coupons":              `SELECT count(*) FROM eventstore_events WHERE type = 'coupon.issued.v1'`,
		"invoices":             `SELECT count(*) FROM eventstore_events WHERE type LIKE 'invoice.issued%'`,
	} {
		var rows, events int
		if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM `+projections.LiveSchema+`.`+table).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		if err := env.DB.QueryRow(ctx, want).Scan(&events); err != nil {
			t.Fatal(err)
		}
		if rows == 0 || events == 0 || (table != "sessions" && rows != events) {
			t.Errorf("%s: %d rows for %d events", table, rows, events)
		}
	}
	var cancelled int
	if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM `+projections.LiveSchema+`.session_participants WHERE status = 'cancelled'`).Scan(&cancelled); err != nil {
		t.Fatal(err)
	}
	if cancelled == 0 {
		t.Error("no cancelled participant after the rebuild, though the log cancels a tenth")
	}
}

// Every read model and process to-do list built live, delivery by delivery, while a
// small year's log is written, equals the same tables rebuilt from that log in one pass
// (the rebuild's bulk paths — indexes built after the load, rows copied, state folded
// in memory — change how, never what).
func TestEveryReadModelLiveEqualsItsRebuild(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	runner := env.Runner(t, readmodels.All()...)
	env.RunProjections(t, runner)
	yearLog(t, env, 3_000)
	readSideAt(t, env, logEnd(t, env))
	// Every index, and every table's persistence (logged) and row-level security (enabled, forced).
	indexes := `SELECT string_agg(indexdef, E'\n' ORDER BY indexdef) || E'\n' || (SELECT string_agg(c.relname || ' ' || c.relpersistence::text || ' ' || c.relrowsecurity ||
		' ' || c.relforcerowsecurity, E'\n' ORDER BY c.relname) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = '` + projections.LiveSchema + `' AND c.relkind = 'r') FROM pg_indexes WHERE schemaname = '` + projections.LiveSchema + `'`
	var liveIndexes, rebuiltIndexes string
	if err := env.DB.QueryRow(ctx, indexes).Scan(&liveIndexes); err != nil {
		t.Fatal(err)
	}
	env.RebuildEqualsLive(t, runner)
	if err := env.DB.QueryRow(ctx, indexes).Scan(&rebuiltIndexes); err != nil {
		t.Fatal(err)
	}
	if liveIndexes != rebuiltIndexes {
		onlyLive, onlyRebuilt := testenv.Difference(liveIndexes, rebuiltIndexes)
		t.Errorf("indexes or row-level security differ after the rebuild\nonly live: %s\nonly rebuilt: %s", testenv.Clip(onlyLive), testenv.Clip(onlyRebuilt))
	}
}
