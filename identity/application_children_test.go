package identity_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/jackc/pgx/v5"

	"move/commands"
	domainidentity "move/domain/identity"
	"move/identity"
)

// TestCurrentApplicationChildren: GET /v1/admin/application/children lists the current
// application's sub-applications to those who may view the application, and never
// another application's.
func TestCurrentApplicationChildren(t *testing.T) {
	w := newWorld(t, identity.Config{})
	ctx := context.Background()
	for _, c := range []struct{ parent, name, slug string }{{w.appA, "Zuid", "a-zuid"}, {w.appA, "Noord", "a-noord"}, {w.appB, "Elders", "b-elders"}} {
		parent := c.parent
		if _, err := w.env.App.CreateApplication(ctx, commands.Meta{}, domainidentity.ApplicationSettings{Name: c.name, Slug: c.slug, ParentID: &parent}); err != nil {
			t.Fatal(err)
		}
	}
	w.eventually("the children are read", func(tx pgx.Tx) bool {
		var n int
		_ = tx.QueryRow(ctx, `SELECT count(*) FROM readmodel.identity_applications WHERE parent_id IS NOT NULL`).Scan(&n)
		return n == 3
	})
	tokens := map[string]string{}
	for _, role := range roles[:5] {
		tokens[role], _ = w.login(w.users[role], password)
	}
	want := map[string]int{"superadmin": 200, "admin": 200, "organization": 403, "trainer": 403, "customer": 403, "anonymous": 401}
	for _, role := range roles {
		a := w.call("GET", "/v1/admin/application/children", tokens[role], w.appA, nil)
		if a.Status != want[role] {
			t.Errorf("%s: %d %v, want %d", role, a.Status, a.Body, want[role])
			continue
		}
		if a.Status != http.StatusOK {
			continue
		}
		rows := a.Body["data"].([]any)
		if len(rows) != 2 || rows[0].(map[string]any)["name"] != "Noord" || rows[1].(map[string]any)["slug"] != "a-zuid" {
			t.Errorf("%s: children %v", role, rows)
		}
		if _, leaked := rows[0].(map[string]any)["email"]; leaked {
			t.Errorf("a child's settings are the superadmin's: %v", rows[0])
		}
	}
	a := w.call("GET", "/v1/admin/application/children?search=zui&sort=-slug", tokens["admin"], w.appA, nil)
	if rows := a.Body["data"].([]any); len(rows) != 1 || rows[0].(map[string]any)["name"] != "Zuid" {
		t.Errorf("search: %v", a.Body)
	}
	// Tenant isolation: A's admin cannot ask in B; B's children are B's only.
	if a := w.call("GET", "/v1/admin/application/children", tokens["admin"], w.appB, nil); a.Status != http.StatusForbidden {
		t.Errorf("admin of A in B: %d", a.Status)
	}
	b := w.call("GET", "/v1/admin/application/children", tokens["superadmin"], w.appB, nil)
	if rows := b.Body["data"].([]any); len(rows) != 1 || rows[0].(map[string]any)["name"] != "Elders" {
		t.Errorf("children of B: %v", b.Body)
	}
}
