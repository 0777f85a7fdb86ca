package testdb

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A server whose connections are all taken is reported as such, not as one that is down.
// A role with a connection limit of 0 gets Postgres's own "too many connections" refusal
// without exhausting the shared server.
func TestConnectSaysTooManyClients(t *testing.T) {
	ctx := context.Background()
	admin, err := connect(ctx, AdminURL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close(context.Background()) })
	buf := make([]byte, 6)
	_, _ = rand.Read(buf)
	role := "move_test_full_" + hex.EncodeToString(buf)
	if _, err := admin.Exec(ctx, `CREATE ROLE `+role+` LOGIN CONNECTION LIMIT 0`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = admin.Exec(context.Background(), `DROP ROLE `+role) })
	u, _ := url.Parse(AdminURL())
	u.User = url.User(role)
	_, err = connect(ctx, u.String())
	if err == nil || !strings.Contains(err.Error(), "too many clients") || strings.Contains(err.Error(), "is Postgres running") {
		t.Fatalf("want a too-many-clients explanation, got %v", err)
	}
	_, err = connect(ctx, "postgres://postgres@127.0.0.1:1/postgres?sslmode=disable")
	if err == nil || !strings.Contains(err.Error(), "is Postgres running") {
		t.Fatalf("a refused connection must ask whether Postgres runs, got %v", err)
	}
}

// A database left by a test process that has ended is dropped by the next one's sweep;
// a live process's database is kept.
func TestSweepDropsTheDatabasesOfEndedProcesses(t *testing.T) {
	ctx := context.Background()
	admin, err := connect(ctx, AdminURL())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	ended := exec.Command("true")
	if err := ended.Run(); err != nil {
		t.Fatal(err)
	}
	left := fmt.Sprintf("move_test_%d_0ff1ce", ended.Process.Pid)
	alive := fmt.Sprintf("move_test_%d_a11fe", os.Getppid())
	for _, name := range []string{left, alive} {
		if _, err := admin.Exec(ctx, `CREATE DATABASE `+name); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { drop(AdminURL(), name) })
	}
	if err := sweep(ctx, admin, AdminURL()); err != nil {
		t.Fatal(err)
	}
	rows, err := admin.Query(ctx, `SELECT datname FROM pg_database WHERE datname IN ($1, $2)`, left, alive)
	if err != nil {
		t.Fatal(err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 1 || names[0] != alive {
		t.Fatalf("after the sweep: %v (want only %s)", names, alive)
	}
}

// closeRecorder is a test's TB whose failures are kept to be looked at.
type closeRecorder struct {
	testing.TB
	failures []string
}

func (r *closeRecorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

// A pool whose connection is still in use after its test fails the test after the
// grace instead of waiting for ever, and closes once the connection comes back (as the
// database's drop makes a waiting query's do). A pool with nothing in use just closes.
func TestAPoolLeftInUseFailsItsTestInsteadOfHanging(t *testing.T) {
	dsn := New(t)
	pool, err := pgxpool.New(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pool.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	left := &closeRecorder{TB: t}
	closeWithin(left, pool, 100*time.Millisecond)
	if len(left.failures) != 1 || !strings.Contains(left.failures[0], "1 connections still in use") {
		t.Fatalf("failures %q, want one naming the connection still in use", left.failures)
	}
	conn.Release()
	closed := make(chan struct{})
	go func() { pool.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("the pool did not close once its connection was released")
	}

	released := &closeRecorder{TB: t}
	idle, err := pgxpool.New(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	if err := idle.Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
	closeWithin(released, idle, 10*time.Second)
	if len(released.failures) != 0 {
		t.Fatalf("a pool with nothing in use failed its test: %q", released.failures)
	}
}
