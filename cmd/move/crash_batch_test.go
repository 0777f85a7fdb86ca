package main_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/commands"
)

// The server dies in the middle of a crowd booking one session (decision 1340): first
// just before a batch's append (MOVE_FAILPOINT=before-batch-appended), then just after
// it, before its callers are answered (after-batch-appended). Callers retry with their
// Idempotency-Key: a batch that wrote nothing is decided again, one that was written is
// answered from the stream; no booking is written twice and every caller ends booked.
func TestCrashInTheMiddleOfABatchOfBookings(t *testing.T) {
	st := seeded(t)
	db := st.db
	srv := st.serve("MOVE_FAILPOINT=before-batch-appended")
	token, app := loginWithApplication(t, srv)
	session := seededSession(t, db, "Yoga in het park")
	path := "/v1/admin/sessions/" + session + "/participants"
	const crowd = 12 // of the session's 20 spots: every caller can end booked
	keys := make([]string, crowd)
	for i := range keys {
		keys[i] = uuid.NewString()
	}
	book := func(base, token, app string) []int {
		statuses := make([]int, crowd)
		var wg sync.WaitGroup
		for i, key := range keys {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i], _ = call(base, token, app, "POST", path, key, map[string]any{"participant": map[string]any{
					"first_name": "Deelnemer", "last_name": fmt.Sprint(i), "email": fmt.Sprintf("d%d@example.test", i)}})
			}()
		}
		wg.Wait()
		return statuses
	}
	booked := func() int64 {
		return count(t, db, `SELECT count(*) FROM eventstore_events WHERE stream = $1 AND type = 'booking.booked.v2'`, "session-"+session)
	}

	// written counts a command's events in the session's stream.
	written := func(command string) int64 {
		return count(t, db, `SELECT count(*) FROM eventstore_events WHERE stream = $1 AND metadata->>'command_id' = $2`, "session-"+session, command)
	}

	answered := acknowledged(book(srv.url, token, app))
	if err := srv.cmd.Wait(); err == nil || answered == crowd {
		t.Fatalf("the failpoint kills the server at a batch of more than one booking; %d of %d were answered", answered, crowd)
	}
	// A batch of one before it may be written yet unanswered: the crash can beat its
	// answer. The dying batch itself wrote nothing.
	if n := booked(); n < int64(answered) {
		t.Fatalf("the stream holds %d bookings for %d answers", n, answered)
	}
	for _, command := range dyingBatch(t, srv) {
		if n := written(command); n != 0 {
			t.Fatalf("the batch dying before its append wrote nothing, yet command %s is in the stream %d times", command, n)
		}
	}

	srv = st.serve("MOVE_FAILPOINT=after-batch-appended")
	token, app = loginWithApplication(t, srv)
	answered = acknowledged(book(srv.url, token, app))
	if err := srv.cmd.Wait(); err == nil || answered == crowd {
		t.Fatalf("the failpoint kills the server after a batch's append; %d of %d were answered", answered, crowd)
	}
	for _, command := range dyingBatch(t, srv) {
		if n := written(command); n != 1 {
			t.Fatalf("the batch dying after its append wrote its bookings, yet command %s is in the stream %d times", command, n)
		}
	}

	srv = st.serve()
	token, app = loginWithApplication(t, srv)
	if answered := acknowledged(book(srv.url, token, app)); answered != crowd {
		t.Fatalf("after the restart %d of %d retries were answered", answered, crowd)
	}
	if n := booked(); n != crowd {
		t.Fatalf("the stream holds %d bookings for %d callers", n, crowd)
	}
	// Each caller's command is in the stream once (a key's command id: decision 0532).
	actor := st.actor()
	for _, key := range keys {
		if n := written(commands.IdempotentCommandID(uuid.MustParse(key), app, actor).String()); n != 1 {
			t.Fatalf("the booking of key %s is in the stream %d times", key, n)
		}
	}
}

// dyingBatch is the commands of the batch a failpoint stopped srv at, from the line
// it logged before dying (serve.go).
func dyingBatch(t *testing.T, srv *server) []string {
	t.Helper()
	for _, line := range strings.Split(srv.log.String(), "\n") {
		var entry struct {
			Msg      string   `json:"msg"`
			Commands []string `json:"commands"`
		}
		if json.Unmarshal([]byte(line), &entry) == nil && entry.Msg == "failpoint: the process dies at this batch" {
			if len(entry.Commands) < 2 {
				t.Fatalf("the failpoint stops a batch of more than one booking; it logged %v", entry.Commands)
			}
			return entry.Commands
		}
	}
	t.Fatalf("the server died without naming the batch it died at:\n%s", srv.log)
	return nil
}

// acknowledged counts the bookings answered 201.
func acknowledged(statuses []int) int {
	n := 0
	for _, s := range statuses {
		if s == http.StatusCreated {
			n++
		}
	}
	return n
}

// seededSession is the id of the seeded session of an activity, once projected.
func seededSession(t *testing.T, db *pgxpool.Pool, activityName string) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var id string
		err := db.QueryRow(context.Background(), `SELECT s.id::text FROM readmodel.sessions s JOIN readmodel.activities a ON a.id = s.activity_id
			WHERE a.name = $1 LIMIT 1`, activityName).Scan(&id)
		if err == nil {
			return id
		}
		if time.Now().After(deadline) {
			t.Fatalf("the seeded session of %q was not projected: %v", activityName, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
