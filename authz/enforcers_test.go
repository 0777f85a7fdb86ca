package authz_test

import (
	"fmt"
	"sync"
	"testing"

	"move/authz"
	"move/domain/identity"
)

// A kept enforcer answers as a fresh one would, and is found again only while what it
// was built from is unchanged: a new grant or a changed matrix decides anew.
func TestKeptEnforcersFollowGrantsAndMatrix(t *testing.T) {
	var kept authz.Enforcers
	rules := []identity.Rule{{Role: identity.RoleTrainer, Permission: "view-bundles"}, {Role: identity.RoleOrganization, Permission: "edit-*"}}
	trainer := []identity.Grant{{Role: identity.RoleTrainer, ApplicationID: appA, OrganizationID: org1}}
	allowed := func(rules []identity.Rule, grants []identity.Grant, permission string) bool {
		t.Helper()
		e, err := kept.For(rules, "u", grants)
		if err != nil {
			t.Fatal(err)
		}
		ok, err := e.Allowed("u", grants, appA, org1, permission)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}

	first, _ := kept.For(rules, "u", trainer)
	if again, _ := kept.For(rules, "u", trainer); again != first {
		t.Fatal("the same user, grants and matrix built a second enforcer")
	}
	if other, _ := kept.For(rules, "v", trainer); other == first {
		t.Fatal("another user was given the first user's enforcer")
	}
	if !allowed(rules, trainer, "view-bundles") || allowed(rules, trainer, "edit-activity") {
		t.Fatal("a trainer's check does not follow the matrix")
	}
	promoted := append(trainer, identity.Grant{Role: identity.RoleOrganization, ApplicationID: appA, OrganizationID: org1})
	if !allowed(rules, promoted, "edit-activity") {
		t.Fatal("a new grant was not seen: the enforcer of the old grants answered")
	}
	revoked := rules[1:]
	if allowed(revoked, trainer, "view-bundles") {
		t.Fatal("a row taken from the matrix still allows")
	}
	widened := append(rules[:1:1], identity.Rule{Role: identity.RoleTrainer, Permission: "edit-activity"})
	if !allowed(widened, trainer, "edit-activity") {
		t.Fatal("a row added to the matrix was not seen")
	}
	if !allowed(rules, trainer, "view-bundles") || allowed(rules, trainer, "edit-activity") {
		t.Fatal("going back to the first matrix does not decide as it did")
	}
}

// More callers than are kept: each still gets its own answer.
func TestKeptEnforcersBeyondTheirBound(t *testing.T) {
	var kept authz.Enforcers
	rules := []identity.Rule{{Role: identity.RoleOrganization, Permission: "edit-activity"}}
	for i := range 600 {
		org := fmt.Sprintf("00000000-0000-0000-0000-%012d", i)
		grants := []identity.Grant{{Role: identity.RoleOrganization, ApplicationID: appA, OrganizationID: org}}
		user := fmt.Sprint("user-", i)
		e, err := kept.For(rules, user, grants)
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := e.Allowed(user, grants, appA, org, "edit-activity"); !ok {
			t.Fatalf("caller %d denied in their own organisation", i)
		}
		if ok, _ := e.Allowed(user, grants, appA, org2, "edit-activity"); ok {
			t.Fatalf("caller %d allowed in another organisation", i)
		}
	}
}

// One kept enforcer serves requests at once (the suite runs with -race).
func TestAKeptEnforcerChecksForManyAtOnce(t *testing.T) {
	var kept authz.Enforcers
	rules, err := authz.ParseDefaults(authz.DefaultMatrix)
	if err != nil {
		t.Fatal(err)
	}
	grants := []identity.Grant{{Role: identity.RoleTrainer, ApplicationID: appA, OrganizationID: org1}, {Role: identity.RoleOrganization, ApplicationID: appA, OrganizationID: org2}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 10 {
				e, err := kept.For(rules, "u", grants)
				if err != nil {
					t.Error(err)
					return
				}
				abilities, err := e.Abilities("u", grants, appA, org1, authz.Permissions)
				if err != nil || len(abilities) != 5 {
					t.Errorf("a trainer's abilities in their organisation: %v (%v), want the trainer's 5", abilities, err)
					return
				}
				if ok, _ := e.Allowed("u", grants, appA, "", "create-activities"); !ok {
					t.Error("the organisation's role at application level, through the user's organisation, was denied")
					return
				}
			}
		})
	}
	wg.Wait()
}
