// Package testdb gives each test its own migrated Postgres database, dropped after.
package testdb

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/migrations"
)

// AdminURL is the server the test databases are created on: TEST_DATABASE_URL, else
// the machine's local Postgres.
func AdminURL() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
}

// New creates an empty, migrated database and answers its URL.
func New(t testing.TB) string {
	t.Helper()
	return NewOn(t, AdminURL())
}

// NewOn creates an empty, migrated database on the server of admin (a test's own
// Cluster) and answers its URL.
func NewOn(t testing.TB, admin string) string {
	t.Helper()
	dsn := emptyOn(t, admin)
	if err := migrations.Up(dsn); err != nil {
		t.Fatalf("testdb: %v%s", err, hint(err))
	}
	return dsn
}

// Empty creates an empty database (no migrations) and answers its URL.
func Empty(t testing.TB) string {
	t.Helper()
	return emptyOn(t, AdminURL())
}

func emptyOn(t testing.TB, admin string) string {
	t.Helper()
	ctx := context.Background()
	conn, err := connect(ctx, admin)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	buf := make([]byte, 6)
	_, _ = rand.Read(buf)
	name := "move_test_" + hex.EncodeToString(buf)
	if _, err := conn.Exec(ctx, `CREATE DATABASE `+name); err != nil {
		t.Fatalf("testdb: create database: %v", err)
	}
	t.Cleanup(func() {
		c, err := connect(context.Background(), admin)
		if err != nil {
			t.Logf("testdb: drop %s: %v", name, err)
			return
		}
		defer c.Close(context.Background())
		if _, err := c.Exec(context.Background(), `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`); err != nil {
			t.Logf("testdb: drop %s: %v", name, err)
		}
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("testdb: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// Pool opens a pool on dsn, closed after the test.
func Pool(t testing.TB, dsn string) *pgxpool.Pool {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), dsn)
	if err != nil {
		t.Fatalf("testdb: pool: %v", err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// connect opens a connection to the admin database, its error saying what to do.
func connect(ctx context.Context, admin string) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return nil, fmt.Errorf("testdb: connect %s: %w%s", admin, err, hint(err))
	}
	return conn, nil
}

// hint names the likely cause of a connection failure: a server with every connection
// taken (other test runs or servers on it) is not a server that is down. Errors that
// lost their type on the way (migrate's) are recognised by Postgres's message.
func hint(err error) string {
	var pgErr *pgconn.PgError
	switch {
	case errors.As(err, &pgErr) && pgErr.Code == "53300",
		strings.Contains(err.Error(), "too many clients"), strings.Contains(err.Error(), "too many connections"):
		return " (too many clients: Postgres's max_connections are taken by other test runs or servers; " +
			"run fewer at once, or point TEST_DATABASE_URL at another server)"
	case errors.Is(err, syscall.ECONNREFUSED):
		return " (is Postgres running? set TEST_DATABASE_URL)"
	}
	return ""
}
