package postgres

import (
	"context"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"move/eventstore"
	"move/eventstore/eventstoretest"
	"move/internal/testdb"
)

// After a dump restored into a fresh cluster, transaction ids restart lower than the
// commit keys in the log. New events must still come after the old ones, and a
// subscriber resuming from an old checkpoint must see them.
func TestLogSurvivesRestoreIntoFreshCluster(t *testing.T) {
	ctx := context.Background()
	dsn := testdb.New(t)
	burnTransactionIDs(t, dsn, 3000)
	old := newStore(t, dsn)
	for i := range 40 {
		if _, err := old.Append(ctx, "before", eventstore.Any, eventstoretest.Event("t.v1", i)); err != nil {
			t.Fatal(err)
		}
	}
	checkpoint := readAllEventually(t, old, 40)[29].Position

	dump := filepath.Join(t.TempDir(), "log.dump")
	testdb.Run(t, "pg_dump", "-Fc", "-f", dump, dsn)
	fresh := testdb.FreshCluster(t)
	conn, err := pgx.Connect(ctx, fresh)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `CREATE DATABASE restored`); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	u, _ := url.Parse(fresh)
	u.Path = "/restored"
	// As an operator restores: the cluster's roles first (they are not in a database
	// dump), then the database.
	roles := filepath.Join(t.TempDir(), "roles.sql")
	testdb.Run(t, "pg_dumpall", "--roles-only", "-f", roles, "-d", testdb.AdminURL())
	testdb.Run(t, "psql", "-q", "-o", "/dev/null", "-f", roles, fresh)
	testdb.Run(t, "pg_restore", "--no-owner", "--exit-on-error", "-d", u.String(), dump)

	restored := newStore(t, u.String())
	var xid int64
	if err := restored.pool.QueryRow(ctx, `SELECT pg_current_xact_id()::text::bigint`).Scan(&xid); err != nil {
		t.Fatal(err)
	}
	if uint64(xid) >= checkpoint.Commit {
		t.Fatalf("test set-up: the fresh cluster's xid %d should be below the log's commit keys %d", xid, checkpoint.Commit)
	}
	for i := range 10 {
		if _, err := restored.Append(ctx, "after", eventstore.Any, eventstoretest.Event("t.v1", i)); err != nil {
			t.Fatal(err)
		}
	}
	all := readAllEventually(t, restored, 50)
	for i, e := range all {
		want := "before"
		if i >= 40 {
			want = "after"
		}
		if e.Stream != want {
			t.Fatalf("event %d: want stream %s, got %s", i, want, e.Stream)
		}
	}

	sub, err := restored.Subscribe(ctx, checkpoint)
	if err != nil {
		t.Fatal(err)
	}
	var resumed []eventstore.RecordedEvent
	for e := range sub.Events() {
		resumed = append(resumed, e)
		if len(resumed) == 20 {
			break
		}
	}
	if resumed[0].Stream != "before" || resumed[0].Version != 30 || resumed[19].Stream != "after" || resumed[19].Version != 9 {
		t.Fatalf("resumed from the old checkpoint: first %s/%d, last %s/%d",
			resumed[0].Stream, resumed[0].Version, resumed[19].Stream, resumed[19].Version)
	}
}

// readAllEventually reads the whole log once it shows n events: other tests'
// transactions in the same cluster may hold the horizon a moment.
func readAllEventually(t *testing.T, s *Store, n int) []eventstore.RecordedEvent {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		events, err := s.ReadAll(context.Background(), eventstore.Start, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) >= n {
			if len(events) != n {
				t.Fatalf("want %d events, got %d", n, len(events))
			}
			return events
		}
		if time.Now().After(deadline) {
			t.Fatalf("want %d events, the log shows %d", n, len(events))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// burnTransactionIDs makes sure the test cluster's transaction ids are well above a
// fresh cluster's.
func burnTransactionIDs(t *testing.T, dsn string, atLeast int64) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for {
		var xid int64
		if err := conn.QueryRow(ctx, `SELECT pg_current_xact_id()::text::bigint`).Scan(&xid); err != nil {
			t.Fatal(err)
		}
		if xid >= atLeast {
			return
		}
	}
}
