package identity_test

import (
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"move/identity"
)

const explainPath = "/v1/admin/permissions/explain?"

func explain(params map[string]string) string {
	q := url.Values{}
	for k, v := range params {
		q.Set(k, v)
	}
	return explainPath + q.Encode()
}

// remedy finds the remedy of kind and role in an explanation's answer.
func remedy(t *testing.T, a answer, kind, role string) map[string]any {
	t.Helper()
	data := a.Body["data"].(map[string]any)
	for _, r := range data["remedies"].([]any) {
		m := r.(map[string]any)
		if m["kind"] == kind && m["role"] == role {
			return m
		}
	}
	t.Fatalf("no remedy %s %s in %v", kind, role, data["remedies"])
	return nil
}

func grantorEmails(r map[string]any) []string {
	var out []string
	for _, g := range r["grantors"].([]any) {
		out = append(out, g.(map[string]any)["email"].(string))
	}
	return out
}

func TestExplainOwnAccess(t *testing.T) {
	w := newWorld(t, identity.Config{})
	trainer, _ := w.login(w.users["trainer"], password)

	a := w.call("GET", explain(map[string]string{"permission": "view-bundle", "organization_id": w.orgA}), trainer, w.appA, nil)
	if a.Status != http.StatusOK {
		t.Fatalf("allowed: %d %v", a.Status, a.Body)
	}
	data := a.Body["data"].(map[string]any)
	if data["allowed"] != true || data["user"].(map[string]any)["email"] != w.users["trainer"] {
		t.Fatalf("allowed: %v", data)
	}
	by := data["allowed_by"].([]any)
	if len(by) != 1 || by[0].(map[string]any)["role"] != "trainer" || by[0].(map[string]any)["rule"] != "view-bundle" ||
		by[0].(map[string]any)["organization_name"] != "Organisatie A" {
		t.Fatalf("allowed by: %v", by)
	}

	a = w.call("GET", explain(map[string]string{"permission": "edit-activity", "organization_id": w.orgA}), trainer, w.appA, nil)
	if a.Status != http.StatusOK || a.Body["data"].(map[string]any)["allowed"] != false {
		t.Fatalf("denied: %d %v", a.Status, a.Body)
	}
	if by := a.Body["data"].(map[string]any)["allowed_by"].([]any); len(by) != 0 {
		t.Fatalf("a denied permission has reasons: %v", by)
	}
	invite := remedy(t, a, identity.RemedyGrantRole, "organization")
	if invite["through"] != "manage-invites" || invite["rule"] != "edit-activity" || invite["organization_id"] != w.orgA {
		t.Fatalf("organization remedy: %v", invite)
	}
	if got := grantorEmails(invite); !slices.Contains(got, w.users["admin"]) || !slices.Contains(got, w.users["superadmin"]) ||
		slices.Contains(got, w.users["organization"]) {
		t.Fatalf("who may invite: %v", got)
	}
	matrix := remedy(t, a, identity.RemedyExtendRole, "trainer")
	if got := grantorEmails(matrix); matrix["through"] != "manage-permissions" || !slices.Equal(got, []string{w.users["superadmin"]}) {
		t.Fatalf("who may change the matrix: %v", matrix)
	}

	// An API route explains its permission, and the organisation its path names.
	a = w.call("GET", explain(map[string]string{"route": "GET /v1/admin/organizations/" + w.orgA + "/rates"}), trainer, w.appA, nil)
	if a.Status != http.StatusOK {
		t.Fatalf("route: %d %v", a.Status, a.Body)
	}
	if d := a.Body["data"].(map[string]any); d["permission"] != "view-rates" || d["organization_id"] != w.orgA || d["allowed"] != false {
		t.Fatalf("route: %v", d)
	}
}

func TestExplainRefusesBadQuestions(t *testing.T) {
	w := newWorld(t, identity.Config{})
	admin, _ := w.login(w.users["admin"], password)
	for name, c := range map[string]struct {
		params map[string]string
		field  string
	}{
		"no permission":           {map[string]string{}, "permission"},
		"unknown permission":      {map[string]string{"permission": "fly"}, "permission"},
		"bad organisation":        {map[string]string{"permission": "view-rates", "organization_id": "nope"}, "organization_id"},
		"unknown route":           {map[string]string{"route": "GET /v1/admin/nothing-here"}, "route"},
		"route without a method":  {map[string]string{"route": "/v1/admin/sports"}, "route"},
		"route any user may call": {map[string]string{"route": "GET /v1/admin/profile"}, "route"},
		"bad user id":             {map[string]string{"permission": "view-rates", "user_id": "x"}, "user_id"},
	} {
		a := w.call("GET", explain(c.params), admin, w.appA, nil)
		fields, _ := a.Body["errors"].(map[string]any)["fields"].(map[string]any)
		if a.Status != http.StatusUnprocessableEntity || fields[c.field] == nil {
			t.Errorf("%s: %d %v, want 422 on %s", name, a.Status, a.Body, c.field)
		}
	}
	// An organisation of another application is unknown here.
	orgB := w.approvedOrganization(w.appB, "Organisatie B")
	a := w.call("GET", explain(map[string]string{"permission": "view-rates", "organization_id": orgB}), admin, w.appA, nil)
	if a.Status != http.StatusUnprocessableEntity {
		t.Fatalf("organisation of B in A: %d %v", a.Status, a.Body)
	}
}

// TestExplainOthersPerRole: asking about someone else needs manage-permissions (only
// superadmins by default); a user outside the application is not found, whoever asks.
func TestExplainOthersPerRole(t *testing.T) {
	w := newWorld(t, identity.Config{})
	tokens := map[string]string{}
	for _, role := range roles[:5] {
		tokens[role], _ = w.login(w.users[role], password)
	}
	about := explain(map[string]string{"permission": "view-rates", "organization_id": w.orgA, "email": w.users["trainer"]})
	want := map[string]int{"superadmin": 200, "admin": 403, "organization": 403, "trainer": 200, "customer": 403, "anonymous": 401}
	for _, role := range roles {
		a := w.call("GET", about, tokens[role], w.appA, nil)
		if role == "trainer" && a.Status == http.StatusOK && a.Body["data"].(map[string]any)["allowed"] != false {
			t.Errorf("trainer about themself: %v", a.Body)
		}
		if a.Status != want[role] {
			t.Errorf("%s asks about the trainer: %d %v, want %d", role, a.Status, a.Body, want[role])
		}
	}
	// Tenant isolation: A's admin cannot ask in B; in B the trainer of A is nobody.
	if a := w.call("GET", explain(map[string]string{"permission": "view-rates"}), tokens["admin"], w.appB, nil); a.Status != http.StatusForbidden {
		t.Errorf("admin of A in B: %d %v", a.Status, a.Body)
	}
	if a := w.call("GET", explain(map[string]string{"permission": "view-rates", "email": w.users["trainer"]}), tokens["superadmin"], w.appB, nil); a.Status != http.StatusNotFound {
		t.Errorf("the trainer of A explained in B: %d %v", a.Status, a.Body)
	}
	if a := w.call("GET", explain(map[string]string{"permission": "view-rates", "email": "nobody@example.test"}), tokens["superadmin"], w.appA, nil); a.Status != http.StatusNotFound {
		t.Errorf("unknown e-mail: %d %v", a.Status, a.Body)
	}
	// A superadmin is allowed by the superadmin grant, whatever the matrix says.
	a := w.call("GET", explain(map[string]string{"permission": "manage-catalog", "email": w.users["superadmin"]}), tokens["superadmin"], w.appB, nil)
	if a.Status != http.StatusOK || a.Body["data"].(map[string]any)["allowed"] != true {
		t.Fatalf("superadmin: %d %v", a.Status, a.Body)
	}
}

// TestExplainFollowsTheMatrix: after a grant through the matrix screen's route, the
// same question is answered by the new rule.
func TestExplainFollowsTheMatrix(t *testing.T) {
	w := newWorld(t, identity.Config{})
	super, _ := w.login(w.users["superadmin"], password)
	trainer, _ := w.login(w.users["trainer"], password)
	if a := w.call("POST", "/v1/admin/permissions/grant", super, w.appA, map[string]string{"role": "trainer", "permission": "view-rates"}); a.Status != http.StatusOK {
		t.Fatalf("grant: %d %v", a.Status, a.Body)
	}
	question := explain(map[string]string{"permission": "view-rates", "organization_id": w.orgA})
	deadline := time.Now().Add(10 * time.Second)
	for {
		a := w.call("GET", question, trainer, w.appA, nil)
		data, _ := a.Body["data"].(map[string]any)
		if data != nil && data["allowed"] == true {
			by := data["allowed_by"].([]any)[0].(map[string]any)
			if by["role"] != "trainer" || by["rule"] != "view-rates" {
				t.Fatalf("allowed by: %v", by)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("still denied after the grant: %d %v", a.Status, a.Body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
