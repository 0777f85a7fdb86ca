package main_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/commands"
	"move/internal/testdb"
)

// Chaos (issue 21): the server is killed (SIGKILL) while 1,000 commands are in flight
// at once. Every acknowledged command has its events in the log exactly once; clients
// then retry every command with its Idempotency-Key against the restarted server: an
// acknowledged one gets its first answer, one the crash cut off is written now or, if
// it landed before the kill, answered from the log. In the end each of the 1,000
// commands is in the log exactly once, and the read model equals its rebuild.
func TestCrashDuringAThousandConcurrentCommands(t *testing.T) {
	const commandsSent, killAfter = 1000, 250
	st := seeded(t)
	srv := st.serve()
	token, app := loginWithApplication(t, srv)

	keys := make([]string, commandsSent)
	for i := range keys {
		keys[i] = uuid.NewString()
	}
	create := func(base, token, app string, i int) (int, string) {
		status, body := call(base, token, app, "POST", "/v1/admin/sports", keys[i], map[string]any{"name": fmt.Sprintf("Crash %04d", i)})
		if status != http.StatusCreated {
			return status, ""
		}
		return status, body["data"].(map[string]any)["id"].(string)
	}

	var mu sync.Mutex
	acked := map[int]string{} // command → sport id
	answers := make(chan struct{}, commandsSent)
	gate := make(chan struct{})
	var wg sync.WaitGroup
	for i := range commandsSent {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			if status, id := create(srv.url, token, app, i); status == http.StatusCreated {
				mu.Lock()
				acked[i] = id
				mu.Unlock()
				answers <- struct{}{}
			}
		}()
	}
	close(gate)
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	for n := 0; n < killAfter; n++ {
		select {
		case <-answers:
		case <-finished:
			t.Fatalf("only %d of %d commands were answered 201 before the kill:\n%s", n, commandsSent, srv.log)
		}
	}
	srv.kill(t)
	<-finished
	if len(acked) == commandsSent {
		t.Fatal("every command was answered before the kill: the crash cut nothing off")
	}
	landed := count(t, st.db, `SELECT count(*) FROM eventstore_events WHERE type = 'sport.created.v1' AND data->>'name' LIKE 'Crash %'`)
	t.Logf("SIGKILL with %d of %d concurrent commands acknowledged and %d in the log", len(acked), commandsSent, landed)

	actor := st.actor()
	commandID := func(i int) string {
		return commands.IdempotentCommandID(uuid.MustParse(keys[i]), app, actor).String()
	}
	for i := range acked {
		if n := count(t, st.db, `SELECT count(*) FROM eventstore_events WHERE metadata->>'command_id' = $1 AND type = 'sport.created.v1'`, commandID(i)); n != 1 {
			t.Fatalf("acknowledged command %d has %d created events, want 1", i, n)
		}
	}

	// Every client retries (all at once again) until it has an answer.
	srv = st.serve()
	token, app = loginWithApplication(t, srv)
	retried := make([]string, commandsSent)
	var retries sync.WaitGroup
	for i := range commandsSent {
		retries.Add(1)
		go func() {
			defer retries.Done()
			for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(100 * time.Millisecond) {
				status, id := create(srv.url, token, app, i)
				if status == http.StatusCreated {
					retried[i] = id
					return
				}
				if status != 0 && status < 500 || time.Now().After(deadline) {
					t.Errorf("retry of command %d after the restart: %d", i, status)
					return
				}
			}
		}()
	}
	retries.Wait()
	if t.Failed() {
		t.FailNow()
	}
	for i, id := range acked {
		if retried[i] != id {
			t.Fatalf("the retry of acknowledged command %d answered sport %s, first answered %s", i, retried[i], id)
		}
	}
	if n := count(t, st.db, `SELECT count(*) FROM eventstore_events WHERE type = 'sport.created.v1' AND data->>'name' LIKE 'Crash %'`); n != commandsSent {
		t.Fatalf("after the retries the log holds %d of the %d sports", n, commandsSent)
	}
	if n := count(t, st.db, `SELECT count(*) FROM (SELECT metadata->>'command_id' FROM eventstore_events WHERE type = 'sport.created.v1'
		GROUP BY 1 HAVING count(*) > 1) twice`); n != 0 {
		t.Fatalf("%d commands wrote their events twice", n)
	}
	for i := range commandsSent {
		if n := count(t, st.db, `SELECT count(*) FROM eventstore_events WHERE metadata->>'command_id' = $1 AND type = 'sport.created.v1'
			AND stream = 'sport-' || $2`, commandID(i), retried[i]); n != 1 {
			t.Fatalf("command %d: %d created events of sport %s, want 1", i, n, retried[i])
		}
	}

	live := waitConverged(t, st.db)
	for i := range commandsSent {
		if !strings.Contains(live, retried[i]) {
			t.Fatalf("sport %s of command %d is missing from the read model", retried[i], i)
		}
	}
	if _, err := st.db.Exec(context.Background(), `UPDATE projection_checkpoints SET rebuild_requested = true WHERE name = 'sports'`); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for count(t, st.db, `SELECT count(*) FROM projection_checkpoints WHERE name = 'sports' AND (rebuild_requested OR state <> 'running')`) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the rebuild did not finish")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if rebuilt := sportsDump(t, st.db); rebuilt != live {
		t.Fatalf("after the crash the live read model differs from its rebuild:\nlive %d bytes, rebuilt %d bytes", len(live), len(rebuilt))
	}
}

// waitConverged waits until the sports projector has passed the head of the log, and
// answers the read model's rows.
func waitConverged(t *testing.T, db *pgxpool.Pool) string {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for count(t, db, `SELECT count(*) FROM projection_checkpoints c, (SELECT commit_key, position FROM eventstore_events
		ORDER BY commit_key DESC, position DESC LIMIT 1) h WHERE c.name = 'sports' AND (c.commit_key, c.position) >= (h.commit_key, h.position)`) != 1 {
		if time.Now().After(deadline) {
			t.Fatal("the sports read model did not catch up after the restart")
		}
		time.Sleep(50 * time.Millisecond)
	}
	return sportsDump(t, db)
}

func sportsDump(t *testing.T, db *pgxpool.Pool) string {
	t.Helper()
	var dump string
	if err := db.QueryRow(context.Background(), `SELECT coalesce(string_agg(id || '|' || name || '|' || version || '|' || created_at, E'\n' ORDER BY id), '') FROM readmodel.sports`).Scan(&dump); err != nil {
		t.Fatal(err)
	}
	return dump
}

// The test reads a running server's output while the server writes it (the crash tests
// print it when they fail): the race detector finds no race.
func TestServerOutputReadableWhileItRuns(t *testing.T) {
	srv := startServer(t, buildBinary(t), testdb.New(t), "LOG_LEVEL=debug")
	for range 20 {
		_, _ = call(srv.url, "", "", "GET", "/v1/nothing-here", "", nil)
		_ = srv.log.String()
	}
	if !strings.Contains(srv.log.String(), `"msg":"serving"`) {
		t.Fatalf("the server's output was not captured:\n%s", srv.log)
	}
}
