package bench

import (
	"context"
	"testing"

	"move/internal/testenv"
	"move/projections"
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
