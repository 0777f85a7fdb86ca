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

	"github.com/jackc/pgx/v5"
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
