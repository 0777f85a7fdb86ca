package identity_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/jackc/pgx/v5"

	"move/identity"
	"move/projections/readmodels"
)

// The operations console (decision 0804) through the real server: a superadmin reads
// every read model and process the server runs, caught up with the log, and the
// processes' to-do lists; a rebuild of a read model is flagged for the server that runs
// it and done; a name the installation does not have is 404; an application admin is
// refused both.
func TestOperationsConsole(t *testing.T) {
	w := newWorld(t, identity.Config{})
	super, _ := w.login(w.users["superadmin"], password)
	admin, _ := w.login(w.users["admin"], password)

	var report map[string]any
	w.eventually("every read model is caught up", func(pgx.Tx) bool {
		a := w.call("GET", "/v1/admin/operations", super, "", nil)
		if a.Status != http.StatusOK {
			t.Fatalf("report: %d %v", a.Status, a.Body)
		}
		report = a.Body["data"].(map[string]any)
		for _, p := range report["projectors"].([]any) {
			if p := p.(map[string]any); p["state"] != "running" || p["lag"] != float64(0) {
				return false
			}
		}
		return true
	})
	names := map[string]bool{}
	for _, p := range report["projectors"].([]any) {
		names[p.(map[string]any)["name"].(string)] = true
	}
	for _, p := range readmodels.All() {
		if !names[p.Name()] {
			t.Errorf("the report lacks %s", p.Name())
		}
	}
	queues := map[string]bool{}
	for _, q := range report["queues"].([]any) {
		queues[q.(map[string]any)["name"].(string)] = true
	}
	for _, q := range []string{"wallet-credits", "coupon-batches", "waitlist-promotions", "promotion-notices", "bundle-promotion-notices", "held-spots", "payments", "app-builds", "notifications-due"} {
		if !queues[q] {
			t.Errorf("the report lacks the to-do list %s: %v", q, report["queues"])
		}
	}
	if db := report["database"].(map[string]any); db["connections"].(float64) < 1 || db["max_connections"].(float64) < 1 || db["pool_max"].(float64) < 1 {
		t.Errorf("database: %v", db)
	}
	if log := report["log"].(map[string]any); log["head"] == "" || log["events"].(float64) < 1 {
		t.Errorf("the log's end and length: %v", log)
	}

	if a := w.call("GET", "/v1/admin/operations", admin, w.appA, nil); a.Status != http.StatusForbidden {
		t.Fatalf("an application admin reads the console: %d", a.Status)
	}
	if a := w.call("POST", "/v1/admin/operations/projectors/identity/rebuild", admin, w.appA, nil); a.Status != http.StatusForbidden {
		t.Fatalf("an application admin rebuilds: %d", a.Status)
	}
	if a := w.call("POST", "/v1/admin/operations/projectors/no-such-model/rebuild", super, "", nil); a.Status != http.StatusNotFound {
		t.Fatalf("an unknown read model: %d %v", a.Status, a.Body)
	}

	var before int64
	ctx := context.Background()
	if err := w.env.DB.QueryRow(ctx, `SELECT rebuild_total FROM projection_checkpoints WHERE name = 'identity'`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	if a := w.call("POST", "/v1/admin/operations/projectors/identity/rebuild", super, "", nil); a.Status != http.StatusAccepted {
		t.Fatalf("rebuild: %d %v", a.Status, a.Body)
	}
	w.eventually("the identity read model is rebuilt", func(tx pgx.Tx) bool {
		var requested bool
		var state string
		var total int64
		_ = tx.QueryRow(ctx, `SELECT rebuild_requested, state, rebuild_total FROM projection_checkpoints WHERE name = 'identity'`).
			Scan(&requested, &state, &total)
		return !requested && state == "running" && total > 0
	})
	// The rebuilt read model still serves: the superadmin logs in again.
	w.login(w.users["superadmin"], password)
}
