// Package testdb gives each test its own migrated Postgres database, dropped after.
package testdb

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
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
	dsn := Empty(t)
	if err := migrations.Up(dsn); err != nil {
		t.Fatalf("testdb: %v", err)
	}
	return dsn
}

// Empty creates an empty database (no migrations) and answers its URL.
func Empty(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	admin := AdminURL()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("testdb: connect %s: %v (is Postgres running? set TEST_DATABASE_URL)", admin, err)
	}
	defer conn.Close(ctx)
	buf := make([]byte, 6)
	_, _ = rand.Read(buf)
	name := "move_test_" + hex.EncodeToString(buf)
	if _, err := conn.Exec(ctx, `CREATE DATABASE `+name); err != nil {
		t.Fatalf("testdb: create database: %v", err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), admin)
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
