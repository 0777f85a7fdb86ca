package identity_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/eventstore"
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
	for _, q := range []string{"wallet-credits", "coupon-batches", "waitlist-promotions", "promotion-notices", "bundle-promotion-notices", "held-spots", "payments", "app-builds", "notifications-due",
		"closure-sessions", "closure-notices", "closure-bundle-notices"} {
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

// Parked events in the console (decision 1310) through the real server: an event the
// sports read model cannot decode is parked and listed with its read model, tenant,
// stream, error and attempts; /readyz answers 503 naming the read model while /livez
// answers 200; an application admin may neither retry nor skip; a retry with this code
// leaves it parked; a skip needs a reason (422), is recorded in the history with its
// actor, and the server is ready again.
func TestOperationsParkedEvents(t *testing.T) {
	w := newWorld(t, identity.Config{})
	super, _ := w.login(w.users["superadmin"], password)
	admin, _ := w.login(w.users["admin"], password)
	w.eventually("the server is ready", func(pgx.Tx) bool { return w.call("GET", "/readyz", "", "", nil).Status == http.StatusOK })

	ctx := context.Background()
	stream := "sport-" + uuid.NewString()
	if _, err := w.env.Store.Append(ctx, stream, eventstore.NoStream, eventstore.EventData{ID: uuid.New(), Type: "sport.created.v1",
		Data: json.RawMessage(`{"name": 5}`), Metadata: eventstore.Metadata{ApplicationID: w.appA, ActorID: "test"}}); err != nil {
		t.Fatal(err)
	}
	// Two read models decode it and park it: the sports list and the audit log.
	var report map[string]any
	w.eventually("the event is parked", func(pgx.Tx) bool {
		report = w.call("GET", "/v1/admin/operations", super, "", nil).Body["data"].(map[string]any)
		return len(report["parked"].([]any)) == 2
	})
	parkedBy := map[string]map[string]any{}
	for _, p := range report["parked"].([]any) {
		parkedBy[p.(map[string]any)["projector"].(string)] = p.(map[string]any)
	}
	parked := parkedBy["sports"]
	if parked == nil || parkedBy["audit_log"] == nil || parked["stream"] != stream || parked["application_id"] != w.appA ||
		parked["event_type"] != "sport.created.v1" || !strings.Contains(parked["error"].(string), "decode") ||
		parked["attempts"] != float64(1) || parked["waiting"] != float64(0) || parked["first_attempt_at"] == "" {
		t.Fatalf("parked: %v", report["parked"])
	}
	health := report["health"].(map[string]any)
	problems := health["problems"].([]any)
	verdict := map[string]any{}
	for _, p := range problems {
		verdict[p.(map[string]any)["read_model"].(string)] = p.(map[string]any)["reason"]
	}
	if health["ready"] != false || len(problems) != 2 || verdict["sports"] != "parked" || verdict["audit_log"] != "parked" {
		t.Fatalf("the console's verdict: %v", health)
	}
	ready := w.call("GET", "/readyz", "", "", nil)
	if ready.Status != http.StatusServiceUnavailable || fmt.Sprint(ready.Body["read_models"]) != fmt.Sprint(problems) {
		t.Fatalf("/readyz must agree with the console: %d %v", ready.Status, ready.Body)
	}
	if a := w.call("GET", "/livez", "", "", nil); a.Status != http.StatusOK {
		t.Fatalf("/livez: %d", a.Status)
	}

	retry := "/v1/admin/operations/projectors/sports/parked/retry"
	skip := "/v1/admin/operations/projectors/sports/parked/skip"
	if a := w.call("POST", retry, admin, w.appA, map[string]any{"stream": stream}); a.Status != http.StatusForbidden {
		t.Fatalf("an application admin retries: %d", a.Status)
	}
	if a := w.call("POST", skip, admin, w.appA, map[string]any{"stream": stream, "reason": "mine"}); a.Status != http.StatusForbidden {
		t.Fatalf("an application admin skips: %d", a.Status)
	}
	a := w.call("POST", retry, super, "", map[string]any{"stream": stream})
	if data, _ := a.Body["data"].(map[string]any); a.Status != http.StatusOK || data["applied"] != float64(0) || data["parked"] != float64(1) {
		t.Fatalf("retry with the same code: %d %v", a.Status, a.Body)
	}
	if a := w.call("POST", "/v1/admin/operations/projectors/no-such-model/parked/retry", super, "", map[string]any{"stream": stream}); a.Status != http.StatusNotFound {
		t.Fatalf("retry of an unknown read model: %d", a.Status)
	}
	if a := w.call("POST", retry, super, "", map[string]any{"stream": "sport-nothing-parked"}); a.Status != http.StatusNotFound {
		t.Fatalf("retry of a stream with nothing parked: %d", a.Status)
	}
	a = w.call("POST", skip, super, "", map[string]any{"stream": stream, "reason": " "})
	if fields, _ := a.Body["errors"].(map[string]any)["fields"].(map[string]any); a.Status != http.StatusUnprocessableEntity || fields["reason"] == nil {
		t.Fatalf("a skip without a reason: %d %v", a.Status, a.Body)
	}
	if a := w.call("POST", skip, super, "", map[string]any{"stream": stream, "reason": "a test of the console"}); a.Status != http.StatusOK {
		t.Fatalf("skip: %d %v", a.Status, a.Body)
	}
	report = w.call("GET", "/v1/admin/operations", super, "", nil).Body["data"].(map[string]any)
	skips := report["skips"].([]any)
	if len(report["parked"].([]any)) != 1 || len(skips) != 1 || skips[0].(map[string]any)["reason"] != "a test of the console" ||
		skips[0].(map[string]any)["actor_id"] == "" || skips[0].(map[string]any)["stream"] != stream {
		t.Fatalf("after the skip: parked %v, history %v", report["parked"], skips)
	}
	if a := w.call("GET", "/readyz", "", "", nil); a.Status != http.StatusServiceUnavailable || !strings.Contains(fmt.Sprint(a.Body["read_models"]), "audit_log") {
		t.Fatalf("/readyz while the audit log still holds it: %d %v", a.Status, a.Body)
	}
	// Skipping it in the audit log too makes the server ready again.
	if a := w.call("POST", "/v1/admin/operations/projectors/audit_log/parked/skip", super, "", map[string]any{"stream": stream, "reason": "a test of the console"}); a.Status != http.StatusOK {
		t.Fatalf("skip in the audit log: %d %v", a.Status, a.Body)
	}
	if a := w.call("GET", "/readyz", "", "", nil); a.Status != http.StatusOK {
		t.Fatalf("/readyz after both skips: %d %v", a.Status, a.Body)
	}
}
