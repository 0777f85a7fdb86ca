// Package testdb gives each test its own migrated Postgres database, dropped after.
package testdb

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

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

// New creates a migrated database and answers its URL. It is a copy of the migrated
// template of this set of migrations (built once per machine and set, see template):
// copying takes a fraction of the time migrating every test's database took.
func New(t testing.TB) string {
	t.Helper()
	name, err := template()
	if err != nil {
		t.Fatalf("testdb: the migrated template: %v%s", err, hint(err))
	}
	return create(t, AdminURL(), name)
}

// Layer is set-up that every test asking for it would otherwise repeat on its fresh
// database (the read models' first build): done once per machine on a copy of the
// migrated template, which becomes a template of its own.
type Layer struct {
	// Key names what Build makes; a change to it must change the key (a digest of the
	// definitions it builds from), so a stale layer is never copied.
	Key string
	// Build does the set-up on the database at dsn, a copy of the migrated template.
	Build func(ctx context.Context, dsn string) error
}

// NewLayered creates a database that is a copy of the migrated template with layer
// built on it (built once per machine and key, see template) and answers its URL.
func NewLayered(t testing.TB, layer Layer) string {
	t.Helper()
	name, err := layered(layer)
	if err != nil {
		t.Fatalf("testdb: the template with %s: %v%s", layer.Key, err, hint(err))
	}
	return create(t, AdminURL(), name)
}

// NewOn creates a migrated database on the server of admin (a test's own Cluster)
// and answers its URL. It migrates the database itself: the template is the shared
// server's.
func NewOn(t testing.TB, admin string) string {
	t.Helper()
	dsn := create(t, admin, "")
	if err := migrations.Up(dsn); err != nil {
		t.Fatalf("testdb: %v%s", err, hint(err))
	}
	return dsn
}

// Empty creates an empty database (no migrations) and answers its URL.
func Empty(t testing.TB) string {
	t.Helper()
	return create(t, AdminURL(), "")
}

// create makes a database on the server of admin for the test, a copy of from if
// named, dropped after the test. A copy does not take its template's database-level
// grants (the serving roles' CONNECT and CREATE, migration 0060): they are granted
// again, as the template has them.
func create(t testing.TB, admin, from string) string {
	t.Helper()
	ctx := context.Background()
	conn, err := connect(ctx, admin)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	buf := make([]byte, 6)
	_, _ = rand.Read(buf)
	name := fmt.Sprintf("move_test_%d_%s", os.Getpid(), hex.EncodeToString(buf))
	statement := `CREATE DATABASE ` + name
	if from != "" {
		statement += ` TEMPLATE ` + from
	}
	if _, err := conn.Exec(ctx, statement); err != nil {
		t.Fatalf("testdb: create database: %v", err)
	}
	// Dropping a database makes Postgres checkpoint (a second or more on a busy
	// machine), so the test does not wait for it: the drop runs beside the next test.
	// A process that ends before its last drops ran leaves those databases behind; the
	// next test process on this machine drops them (sweep).
	t.Cleanup(func() { go drop(admin, name) })
	if from != "" {
		if err := copyGrants(ctx, conn, from, name); err != nil {
			t.Fatalf("testdb: %v", err)
		}
	}
	dsn, err := databaseURL(admin, name)
	if err != nil {
		t.Fatalf("testdb: %v", err)
	}
	return dsn
}

func copyGrants(ctx context.Context, conn *pgx.Conn, from, to string) error {
	rows, err := conn.Query(ctx, `
		SELECT format('GRANT %s ON DATABASE %I TO %I', a.privilege_type, $2::text, pg_get_userbyid(a.grantee))
		FROM pg_database d, aclexplode(d.datacl) a
		WHERE d.datname = $1 AND a.grantee <> 0`, from, to)
	if err != nil {
		return fmt.Errorf("the template's grants: %w", err)
	}
	grants, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("the template's grants: %w", err)
	}
	for _, grant := range grants {
		if _, err := conn.Exec(ctx, grant); err != nil {
			return fmt.Errorf("%s: %w", grant, err)
		}
	}
	return nil
}

// drop drops a test's database, ending the connections still open to it.
func drop(admin, name string) {
	ctx := context.Background()
	c, err := connect(ctx, admin)
	if err != nil {
		return // swept by a later test process
	}
	defer c.Close(ctx)
	_, _ = c.Exec(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`)
}

// sweep drops the databases of test processes of this machine that have ended (their
// names carry the process id), when the server is this machine's.
func sweep(ctx context.Context, conn *pgx.Conn, admin string) error {
	if host := conn.Config().Host; host != "127.0.0.1" && host != "localhost" && host != "::1" && !strings.HasPrefix(host, "/") {
		return nil
	}
	rows, err := conn.Query(ctx, `SELECT datname FROM pg_database WHERE datname ~ '^move_test_[0-9]+_[0-9a-f]+$'`)
	if err != nil {
		return err
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, name := range names {
		pid, err := strconv.Atoi(strings.Split(name, "_")[2])
		if err != nil || pid == os.Getpid() || syscall.Kill(pid, 0) != syscall.ESRCH {
			continue // alive (or not ours to judge)
		}
		drop(admin, name)
	}
	return nil
}

// databaseURL is admin's URL with another database.
func databaseURL(admin, name string) (string, error) {
	u, err := url.Parse(admin)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}

// template answers the name of the migrated database of this set of migrations, built
// once per machine (see build).
var template = sync.OnceValues(func() (string, error) {
	return build("move_template_"+migrations.Fingerprint(), "", func(ctx context.Context, dsn string) error { return migrations.Up(dsn) })
})

// layers are the layered templates this process has asked for, by key.
var (
	layersMu sync.Mutex
	layers   = map[string]func() (string, error){}
)

// layered answers the name of the template that is the migrated one with layer built
// on it, built once per machine, set of migrations and key.
func layered(layer Layer) (string, error) {
	layersMu.Lock()
	once, ok := layers[layer.Key]
	if !ok {
		once = sync.OnceValues(func() (string, error) {
			from, err := template()
			if err != nil {
				return "", err
			}
			digest := sha256.Sum256([]byte(layer.Key))
			return build(from+"_"+hex.EncodeToString(digest[:])[:12], from, layer.Build)
		})
		layers[layer.Key] = once
	}
	layersMu.Unlock()
	return once()
}

// build answers the name of a template database, making it if no test process of this
// machine has: test processes run side by side (one per package), so one builds it
// under an advisory lock while the others wait and then find it. It is made under a
// second name — a copy of from, or empty — by make, and renamed when complete, so a
// builder killed half-way leaves nothing that looks finished. Templates of other sets
// (other branches) are left alone.
func build(name, from string, make func(ctx context.Context, dsn string) error) (string, error) {
	ctx := context.Background()
	admin := AdminURL()
	conn, err := connect(ctx, admin)
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx) // also releases the lock
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(hashtext('move test template'))`); err != nil {
		return "", err
	}
	if err := sweep(ctx, conn, admin); err != nil {
		return "", err
	}
	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	building := name + "_building"
	if _, err := conn.Exec(ctx, `DROP DATABASE IF EXISTS `+building+` WITH (FORCE)`); err != nil {
		return "", err
	}
	statement := `CREATE DATABASE ` + building
	if from != "" {
		statement += ` TEMPLATE ` + from
	}
	if _, err := conn.Exec(ctx, statement); err != nil {
		return "", err
	}
	if from != "" {
		if err := copyGrants(ctx, conn, from, building); err != nil {
			return "", err
		}
	}
	dsn, err := databaseURL(admin, building)
	if err != nil {
		return "", err
	}
	if err := make(ctx, dsn); err != nil {
		return "", err
	}
	// make has closed its connections: a database with sessions is neither renamed nor copied.
	if _, err := conn.Exec(ctx, `ALTER DATABASE `+building+` RENAME TO `+name); err != nil {
		return "", err
	}
	return name, nil
}

// Pool opens a pool on dsn, closed after the test.
func Pool(t testing.TB, dsn string) *pgxpool.Pool {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), dsn)
	if err != nil {
		t.Fatalf("testdb: pool: %v", err)
	}
	t.Cleanup(func() { closeWithin(t, pool, closeGrace) })
	return pool
}

// closeGrace is how long a pool's connections may stay in use after its test.
const closeGrace = 30 * time.Second

// closeWithin closes pool, failing the test instead of waiting on when a connection is
// still in use after grace: a query the test left waiting (on a lock it never released,
// say) would keep the test from ending, and, holding a transaction id, hold the horizon
// of every database in the cluster, stopping every other test's read side. The
// database's drop, the next cleanup, ends that query; the pool closes then.
func closeWithin(t testing.TB, pool *pgxpool.Pool, grace time.Duration) {
	closed := make(chan struct{})
	go func() { pool.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(grace):
		t.Errorf("testdb: %d connections still in use %s after the test: a query it left waiting; its database is dropped under it",
			pool.Stat().AcquiredConns(), grace)
	}
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
