package authz_test

import (
	"slices"
	"testing"

	"move/authz"
	"move/domain/identity"
)

// TestExplainAgreesWithEnforcer: for every grant set, domain and known permission (and a
// wildcard rule), Explain finds a reason exactly when the enforcer allows.
func TestExplainAgreesWithEnforcer(t *testing.T) {
	rules, err := authz.ParseDefaults(authz.DefaultMatrix)
	if err != nil {
		t.Fatal(err)
	}
	rules = append(rules, identity.Rule{Role: identity.RoleTrainer, Permission: "report-*"})
	grantSets := map[string][]identity.Grant{
		"super":     {{Role: identity.RoleSuperadmin}},
		"admin":     {{Role: identity.RoleAdmin, ApplicationID: appA}},
		"org":       {{Role: identity.RoleOrganization, ApplicationID: appA, OrganizationID: org1}},
		"trainer":   {{Role: identity.RoleTrainer, ApplicationID: appA, OrganizationID: org1}},
		"two roles": {{Role: identity.RoleTrainer, ApplicationID: appA, OrganizationID: org1}, {Role: identity.RoleOrganization, ApplicationID: appA, OrganizationID: org2}},
		"none":      nil,
	}
	permissions := append(slices.Clone(authz.Permissions), "report-sessions", "unknown")
	for name, grants := range grantSets {
		for _, app := range []string{appA, appB} {
			for _, org := range []string{"", org1, org2} {
				for _, p := range permissions {
					allowed, err := authz.Allowed(rules, "u", grants, app, org, p)
					if err != nil {
						t.Fatal(err)
					}
					reasons := authz.Explain(rules, grants, app, org, p)
					if allowed != (len(reasons) > 0) {
						t.Errorf("%s in %s/%s %s: allowed %v, reasons %v", name, app, org, p, allowed, reasons)
					}
				}
			}
		}
	}
}

func TestExplainNamesTheRule(t *testing.T) {
	rules := []identity.Rule{{Role: identity.RoleTrainer, Permission: "view-*"}, {Role: identity.RoleTrainer, Permission: "view-bundle"}}
	trainer := identity.Grant{Role: identity.RoleTrainer, ApplicationID: appA, OrganizationID: org1}
	got := authz.Explain(rules, []identity.Grant{trainer}, appA, org1, "view-bundle")
	want := []authz.Reason{{Grant: trainer, Rule: "view-*"}, {Grant: trainer, Rule: "view-bundle"}}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	if got := authz.RulesMatching(rules, "view-activities"); len(got) != 1 || got[0].Permission != "view-*" {
		t.Fatalf("rules matching view-activities: %v", got)
	}
}
