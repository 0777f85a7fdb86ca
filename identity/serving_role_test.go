package identity_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"move/commands"
	domainidentity "move/domain/identity"
	"move/identity"
	"move/internal/testdb"
	"move/internal/testenv"
	"move/projections"
	rmidentity "move/projections/identity"
)

// The server's role (move_server, what `serve` connects as) owns nothing, is no
// superuser and cannot bypass row-level security: outside a tenant transaction it reads
// no tenant's rows, inside one only that tenant's (decision 0502).
func TestServingRoleOwnsNothingAndSeesNoTenantOutsideItsTransaction(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	env.RunProjections(t, env.Runner(t, rmidentity.Projector()))
	apps := map[string]string{}
	var last commands.Result
	for _, slug := range []string{"tenant-a", "tenant-b"} {
		app, err := env.App.CreateApplication(ctx, commands.Meta{ActorID: "test"}, domainidentity.ApplicationSettings{Name: slug, Slug: slug})
		if err != nil {
			t.Fatal(err)
		}
		apps[slug] = app.ID
		user := "00000000-0000-4000-8000-00000000000" + map[string]string{"tenant-a": "a", "tenant-b": "b"}[slug]
		if _, err := env.App.RegisterUser(ctx, commands.Meta{ActorID: "test"}, user, slug+"@move.test"); err != nil {
			t.Fatal(err)
		}
		if last, err = env.App.GrantRole(ctx, commands.Meta{ActorID: "test"}, user, domainidentity.Grant{Role: domainidentity.RoleAdmin, ApplicationID: app.ID}); err != nil {
			t.Fatal(err)
		}
	}
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := projections.WaitFor(wctx, env.DB, []string{rmidentity.Name}, last.Position); err != nil {
		t.Fatal(err)
	}

	u, _ := url.Parse(env.DSN)
	u.User = url.User("move_server")
	server := testdb.Pool(t, u.String())
	var super, bypass bool
	if err := server.QueryRow(ctx, `SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`).Scan(&super, &bypass); err != nil {
		t.Fatal(err)
	}
	if super || bypass {
		t.Fatalf("the serving role must be neither superuser (%v) nor bypass RLS (%v)", super, bypass)
	}
	var owned int
	if err := server.QueryRow(ctx, `SELECT (SELECT count(*) FROM pg_class WHERE relowner = 'move_server'::regrole)
		+ (SELECT count(*) FROM pg_namespace WHERE nspowner = 'move_server'::regrole)
		+ (SELECT count(*) FROM pg_proc WHERE proowner = 'move_server'::regrole)`).Scan(&owned); err != nil {
		t.Fatal(err)
	}
	if owned != 0 {
		t.Fatalf("the serving role owns %d objects", owned)
	}
	var outside int
	if err := server.QueryRow(ctx, `SELECT count(*) FROM readmodel.identity_memberships`).Scan(&outside); err != nil {
		t.Fatal(err)
	}
	if outside != 0 {
		t.Fatalf("outside a tenant transaction the serving role reads %d memberships", outside)
	}
	var inside []string
	if err := identity.ReadInTenant(ctx, server, apps["tenant-a"], func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT application_id::text FROM readmodel.identity_memberships`)
		if err != nil {
			return err
		}
		inside, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(inside) != 1 || inside[0] != apps["tenant-a"] {
		t.Fatalf("in tenant A's transaction: %v", inside)
	}
	// The owner's reads across tenants are explicit, and see both.
	var across int
	if err := identity.ReadAcrossTenants(ctx, server, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT count(*) FROM readmodel.identity_memberships`).Scan(&across)
	}); err != nil || across != 2 {
		t.Fatalf("across tenants: %d %v", across, err)
	}
}
