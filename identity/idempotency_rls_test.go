package identity_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/identity"
	"move/internal/testdb"
	"move/internal/testenv"
)

// idempotency_keys has forced row-level security (migration 0140, decision 1331): the
// serving role writes and reads an application's keys only in a transaction that names
// that application, never another's, and the sweep still removes every tenant's old keys.
func TestIdempotencyKeysAreTenantRows(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	u, _ := url.Parse(env.DSN)
	u.User = url.User("move_server")
	server := testdb.Pool(t, u.String())
	appA, appB := uuid.NewString(), uuid.NewString()
	// As readapi's binding does: the platform's keys (application "") by naming 'platform'.
	inTenant := func(app string, fn func(pgx.Tx) error) error {
		scope := app
		if scope == "" {
			scope = "platform"
		}
		return pgx.BeginFunc(ctx, server, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT set_config('move.application_id', $1, true)`, scope); err != nil {
				return err
			}
			return fn(tx)
		})
	}
	const add = `INSERT INTO idempotency_keys (application_id, actor_id, key, fingerprint, created_at) VALUES ($1, 'actor', $2, '\x00', now())`
	if _, err := server.Exec(ctx, add, appA, uuid.New()); err == nil {
		t.Fatal("the serving role wrote a key outside a tenant transaction")
	}
	if err := inTenant(appB, func(tx pgx.Tx) error { _, err := tx.Exec(ctx, add, appA, uuid.New()); return err }); err == nil {
		t.Fatal("the serving role wrote A's key in B's transaction")
	}
	for _, app := range []string{appA, appB, ""} {
		if err := inTenant(app, func(tx pgx.Tx) error { _, err := tx.Exec(ctx, add, app, uuid.New()); return err }); err != nil {
			t.Fatalf("a key in its own tenant %q: %v", app, err)
		}
	}
	for app, want := range map[string][]string{appA: {appA}, appB: {appB}, "": {""}} {
		var seen []string
		if err := inTenant(app, func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, `SELECT application_id FROM idempotency_keys`)
			if err != nil {
				return err
			}
			seen, err = pgx.CollectRows(rows, pgx.RowTo[string])
			return err
		}); err != nil || len(seen) != len(want) || seen[0] != want[0] {
			t.Fatalf("tenant %q sees keys of %q (%v)", app, seen, err)
		}
	}
	var outside int
	if err := server.QueryRow(ctx, `SELECT count(*) FROM idempotency_keys`).Scan(&outside); err != nil || outside != 0 {
		t.Fatalf("outside a tenant transaction the serving role sees %d keys (%v)", outside, err)
	}

	if _, err := env.DB.Exec(ctx, `UPDATE idempotency_keys SET created_at = now() - interval '31 days' WHERE application_id <> ''`); err != nil {
		t.Fatal(err)
	}
	svc, err := identity.New(server, env.App, &outbox{}, testenv.Logger(t), time.Now, identity.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SweepExpired(ctx); err != nil {
		t.Fatalf("the sweep as the serving role: %v", err)
	}
	var left []string
	rows, err := env.DB.Query(ctx, `SELECT application_id FROM idempotency_keys`)
	if err != nil {
		t.Fatal(err)
	}
	if left, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil || len(left) != 1 || left[0] != "" {
		t.Fatalf("after the sweep: %q (%v), want only the platform's recent key", left, err)
	}
}

// The read API binds a key in one round trip (readapi/kernel bindKey): the tenant named
// by set_config and the row inserted in one pipeline, which Postgres runs as one
// implicit transaction — so the setting holds for the insert, as the row-level security
// of the serving role requires, and names no tenant after it.
func TestAKeyIsBoundInOnePipelineNamingItsTenant(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	u, _ := url.Parse(env.DSN)
	u.User = url.User("move_server")
	server := testdb.Pool(t, u.String())
	app := uuid.NewString()
	bind := func(scope, app string) error {
		var batch pgx.Batch
		batch.Queue(`SELECT set_config('move.application_id', $1, true)`, scope)
		batch.Queue(`INSERT INTO idempotency_keys (application_id, actor_id, key, fingerprint, created_at) VALUES ($1, 'actor', $2, '\x00', now())`,
			app, uuid.New())
		return server.SendBatch(ctx, &batch).Close()
	}
	if err := bind(app, app); err != nil {
		t.Fatalf("a key bound in a pipeline naming its tenant: %v", err)
	}
	if err := bind(uuid.NewString(), app); err == nil {
		t.Fatal("a key bound in a pipeline naming another tenant")
	}
	var visible int
	if err := server.QueryRow(ctx, `SELECT count(*) FROM idempotency_keys`).Scan(&visible); err != nil || visible != 0 {
		t.Fatalf("after the pipeline the serving role sees %d keys outside a tenant (%v)", visible, err)
	}
	if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM idempotency_keys WHERE application_id = $1`, app).Scan(&visible); err != nil || visible != 1 {
		t.Fatalf("the tenant holds %d keys (%v), want the one bound", visible, err)
	}
}
