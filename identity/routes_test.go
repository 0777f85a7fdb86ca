package identity_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/authz"
	"move/commands"
	domainidentity "move/domain/identity"
	"move/identity"
	"move/readapi"
)

// TestEveryRouteEveryRole runs every route of the table as every role and checks the
// guard's answer against the default matrix.
func TestEveryRouteEveryRole(t *testing.T) {
	w := newWorld(t, identity.Config{})
	rules, err := authz.ParseDefaults(authz.DefaultMatrix)
	if err != nil {
		t.Fatal(err)
	}
	tokens := map[string]string{}
	for _, role := range roles[:5] {
		tokens[role], _ = w.login(w.users[role], password)
	}
	routes := w.server.Routes()
	// Logout ends the caller's session: run it last.
	for i, rt := range routes {
		if rt.Pattern == "/v1/auth/logout" {
			routes = append(append(routes[:i:i], routes[i+1:]...), rt)
			break
		}
	}
	for _, rt := range routes {
		path := strings.ReplaceAll(rt.Pattern, "{application_id}", w.appA)
		for strings.Contains(path, "{") {
			i, j := strings.Index(path, "{"), strings.Index(path, "}")
			path = path[:i] + uuid.NewString() + path[j+1:]
		}
		for _, role := range roles {
			var body any
			if rt.Method == http.MethodPost || rt.Method == http.MethodPut || rt.Method == http.MethodPatch {
				body = map[string]any{}
			}
			a := w.call(rt.Method, path, tokens[role], w.appA, body)
			denied := a.Status == http.StatusUnauthorized || a.Status == http.StatusForbidden
			var want string
			switch {
			case rt.Permission == readapi.Public:
				// An empty body has no refresh token: refresh answers 401 to everyone.
				if (rt.Pattern == "/v1/auth/logout" && role == "anonymous") || rt.Pattern == "/v1/token/refresh" {
					want = "401"
				} else {
					want = "allowed"
				}
			case role == "anonymous":
				want = "401"
			case role == "customer": // no role in any application: the tenant check refuses
				want = "403"
			case rt.Permission == readapi.Authenticated:
				want = "allowed"
			default:
				ok, err := authz.Allowed(rules, "u", w.grants[role], w.appA, "", rt.Permission)
				if err != nil {
					t.Fatal(err)
				}
				want = map[bool]string{true: "allowed", false: "403"}[ok]
			}
			got := map[bool]string{true: http.StatusText(a.Status), false: "allowed"}[denied]
			if denied {
				got = map[int]string{401: "401", 403: "403"}[a.Status]
			}
			if got != want {
				t.Errorf("%s %s as %s: got %s (%d %v), want %s", rt.Method, rt.Pattern, role, got, a.Status, a.Body, want)
			}
		}
		if !rt.Platform {
			continue
		}
		// Without an ApplicationId a platform route counts platform grants only.
		for _, role := range roles {
			var body any
			if rt.Method == http.MethodPost || rt.Method == http.MethodPut || rt.Method == http.MethodPatch {
				body = map[string]any{}
			}
			a := w.call(rt.Method, path, tokens[role], "", body)
			want := map[string]int{"superadmin": 0, "anonymous": http.StatusUnauthorized}[role]
			if role != "superadmin" && role != "anonymous" {
				want = http.StatusForbidden
			}
			denied := a.Status == http.StatusUnauthorized || a.Status == http.StatusForbidden
			if (want == 0 && denied) || (want != 0 && a.Status != want) {
				t.Errorf("%s %s as %s without ApplicationId: %d %v, want %s", rt.Method, rt.Pattern, role, a.Status, a.Body,
					map[bool]string{true: "allowed", false: http.StatusText(want)}[want == 0])
			}
		}
	}
}

// TestTenantIsolation: a member of application A is refused in B, and never reads B's
// rows, even through a query that forgets its filter.
func TestTenantIsolation(t *testing.T) {
	w := newWorld(t, identity.Config{})
	ctx := context.Background()
	adminA, _ := w.login(w.users["admin"], password)
	super, _ := w.login(w.users["superadmin"], password)
	orgB := w.approvedOrganization(w.appB, "Organisatie B")
	if a := w.call("POST", "/v1/admin/applications/"+w.appB+"/invites", super, w.appB,
		map[string]string{"first_name": "Bea", "last_name": "B", "email": "bea@example.test", "role": "organization", "organization_id": orgB}); a.Status != 201 {
		t.Fatalf("invite in B: %d %v", a.Status, a.Body)
	}
	if _, err := w.svc.CreateUser(ctx, commands.Meta{}, identity.NewUser{Email: "admin-b@example.test", FirstName: "B", LastName: "Admin", Password: password,
		Grant: &domainidentity.Grant{Role: "admin", ApplicationID: w.appB}}); err != nil {
		t.Fatal(err)
	}
	w.eventually("B's rows are projected", func(tx pgx.Tx) bool {
		var n int
		_ = tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM readmodel.identity_invites) + (SELECT count(*) FROM readmodel.identity_memberships WHERE application_id = $1)`, w.appB).Scan(&n)
		return n == 2
	})
	for _, c := range []struct{ method, path, app string }{
		{"GET", "/v1/admin/profile", w.appB},
		{"GET", "/v1/admin/sports", w.appB},
		{"GET", "/v1/admin/applications/" + w.appB + "/invites", w.appB},
		{"GET", "/v1/admin/applications/" + w.appB + "/invites", w.appA},
		{"GET", "/v1/admin/profile", uuid.NewString()},
		{"GET", "/v1/admin/profile", "not-a-uuid"},
		{"GET", "/v1/admin/profile", ""},
	} {
		if a := w.call(c.method, c.path, adminA, c.app, nil); a.Status != http.StatusForbidden {
			t.Errorf("%s %s in %q as A's admin: %d", c.method, c.path, c.app, a.Status)
		}
	}
	list := w.call("GET", "/v1/admin/applications/"+w.appA+"/invites", adminA, w.appA, nil)
	if list.Status != 200 || len(list.Body["data"].([]any)) != 0 {
		t.Fatalf("A's invites show B's: %v", list.Body)
	}
	// Row-level security: a query without any tenant filter sees only the tenant's rows.
	var invites, memberships int
	err := identity.ReadInTenant(ctx, w.env.DB, w.appA, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM readmodel.identity_invites`).Scan(&invites); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT count(*) FROM readmodel.identity_memberships WHERE application_id <> $1`, w.appA).Scan(&memberships)
	})
	if err != nil || invites != 0 || memberships != 0 {
		t.Fatalf("unfiltered reads in A: %d invites, %d memberships of other tenants (%v)", invites, memberships, err)
	}
	// Every tenant-owned read-model table (application_id NOT NULL) has forced RLS, and
	// the reader role owns nothing and cannot bypass it.
	rows, err := w.env.DB.Query(ctx, `
		SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity
		  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'application_id' AND a.attnotnull
		 WHERE n.nspname = 'readmodel' AND c.relkind = 'r'`)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for rows.Next() {
		var name string
		var rls, forced bool
		if err := rows.Scan(&name, &rls, &forced); err != nil {
			t.Fatal(err)
		}
		checked++
		if !rls || !forced {
			t.Errorf("readmodel.%s: row-level security enabled %v, forced %v", name, rls, forced)
		}
	}
	if checked < 2 {
		t.Fatalf("checked %d tenant tables", checked)
	}
	var bypass, owns bool
	_ = w.env.DB.QueryRow(ctx, `SELECT rolbypassrls OR rolsuper, EXISTS (SELECT 1 FROM pg_class WHERE relowner = r.oid) FROM pg_roles r WHERE rolname = 'move_reader'`).Scan(&bypass, &owns)
	if bypass || owns {
		t.Fatalf("move_reader bypasses RLS %v, owns tables %v", bypass, owns)
	}
}
