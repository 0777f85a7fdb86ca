package authz_test

import (
	"os"
	"strings"
	"testing"

	"move/authz"
	"move/domain/identity"
)

const (
	appA = "00000000-0000-0000-0000-00000000000a"
	appB = "00000000-0000-0000-0000-00000000000b"
	org1 = "00000000-0000-0000-0000-0000000000f1"
	org2 = "00000000-0000-0000-0000-0000000000f2"
)

func TestCasbinMatrix(t *testing.T) {
	rules, err := authz.ParseDefaults(authz.DefaultMatrix)
	if err != nil {
		t.Fatal(err)
	}
	rules = append(rules, identity.Rule{Role: identity.RoleTrainer, Permission: "report-*"})
	grants := map[string][]identity.Grant{
		"super":   {{Role: identity.RoleSuperadmin}},
		"admin":   {{Role: identity.RoleAdmin, ApplicationID: appA}},
		"org":     {{Role: identity.RoleOrganization, ApplicationID: appA, OrganizationID: org1}},
		"trainer": {{Role: identity.RoleTrainer, ApplicationID: appA, OrganizationID: org1}},
	}
	e, err := authz.NewEnforcer(rules, grants)
	if err != nil {
		t.Fatal(err)
	}
	sub := authz.Subject
	dom := authz.Domain
	cases := []struct {
		name                         string
		subject, domain, object, act string
		want                         bool
	}{
		{"superadmin anywhere", sub("super"), dom(appB, org2), "manage-catalog", authz.Action, true},
		{"superadmin any permission name", sub("super"), dom(appA, ""), "anything-at-all", authz.Action, true},
		{"admin in own application", sub("admin"), dom(appA, ""), "view-organizations", authz.Action, true},
		{"admin in an organisation of own application", sub("admin"), dom(appA, org2), "view-activities", authz.Action, true},
		{"admin cross-tenant", sub("admin"), dom(appB, ""), "view-organizations", authz.Action, false},
		{"admin cross-tenant organisation", sub("admin"), dom(appB, org1), "view-activities", authz.Action, false},
		{"admin lacks manage-catalog", sub("admin"), dom(appA, ""), "manage-catalog", authz.Action, false},
		{"admin lacks manage-permissions", sub("admin"), dom(appA, ""), "manage-permissions", authz.Action, false},
		{"organization in own organisation", sub("org"), dom(appA, org1), "create-activities", authz.Action, true},
		{"organization in another organisation", sub("org"), dom(appA, org2), "create-activities", authz.Action, false},
		{"organization at application level", sub("org"), dom(appA, ""), "create-activities", authz.Action, false},
		{"organization in another application", sub("org"), dom(appB, org1), "view-activities", authz.Action, false},
		{"organization lacks view-organizations", sub("org"), dom(appA, org1), "view-organizations", authz.Action, false},
		{"trainer views bundles", sub("trainer"), dom(appA, org1), "view-bundle", authz.Action, true},
		{"trainer cannot edit activities", sub("trainer"), dom(appA, org1), "edit-activity", authz.Action, false},
		{"wildcard permission pattern", sub("trainer"), dom(appA, org1), "report-sessions", authz.Action, true},
		{"wildcard needs its prefix", sub("trainer"), dom(appA, org1), "reports", authz.Action, false},
		{"unknown user", sub("nobody"), dom(appA, ""), "view-catalog", authz.Action, false},
		{"wrong action", sub("admin"), dom(appA, ""), "view-organizations", "delete", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := e.Enforce(c.subject, c.domain, c.object, c.act)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Fatalf("Enforce(%s, %s, %s, %s) = %v, want %v", c.subject, c.domain, c.object, c.act, got, c.want)
			}
		})
	}
}

// TestDomainPatternsEndWithADelimiter is the app:1* trap: a pattern without its
// delimiter matches a longer id.
func TestDomainPatternsEndWithADelimiter(t *testing.T) {
	rules := []identity.Rule{{Role: identity.RoleAdmin, Permission: "view-application"}}
	e, err := authz.NewEnforcer(rules, map[string][]identity.Grant{"u": {{Role: identity.RoleAdmin, ApplicationID: "1"}}})
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := e.Enforce("user:u", "app:12/", "view-application", authz.Action); ok {
		t.Fatal("admin of app 1 passes in app 12")
	}
	if ok, _ := e.Enforce("user:u", "app:1/", "view-application", authz.Action); !ok {
		t.Fatal("admin of app 1 denied in app 1")
	}
	if d := authz.GrantDomain(identity.Grant{Role: identity.RoleAdmin, ApplicationID: "1"}); d != "app:1/*" {
		t.Fatalf("grant domain %q must end with its delimiter", d)
	}
}

func TestApplicationLevelCheckCountsTheUsersOrganisations(t *testing.T) {
	rules, _ := authz.ParseDefaults(authz.DefaultMatrix)
	grants := []identity.Grant{{Role: identity.RoleTrainer, ApplicationID: appA, OrganizationID: org1}}
	for _, c := range []struct {
		app, perm string
		want      bool
	}{
		{appA, "view-catalog", true},
		{appA, "view-organizations", false},
		{appB, "view-catalog", false},
	} {
		got, err := authz.Allowed(rules, "t", grants, c.app, "", c.perm)
		if err != nil || got != c.want {
			t.Fatalf("%s %s: got %v (%v), want %v", c.app, c.perm, got, err, c.want)
		}
	}
}

func TestDefaultMatrixIsTheDecisionRecord(t *testing.T) {
	doc, err := os.ReadFile("../docs/decisions/0101-default-permissions.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(authz.DefaultMatrix), "\n") {
		if !strings.Contains(string(doc), "\n"+line+"\n") {
			t.Errorf("decision 0101 lacks the line %q", line)
		}
	}
	rules, err := authz.ParseDefaults(authz.DefaultMatrix)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{"*": true}
	for _, p := range authz.Permissions {
		known[p] = true
	}
	for _, r := range rules {
		if !known[r.Permission] {
			t.Errorf("default %s: %s is not a known permission", r.Role, r.Permission)
		}
	}
}
