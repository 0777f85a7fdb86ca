package identity_test

import (
	"encoding/json"
	"slices"
	"testing"

	"move/domain"
	"move/domain/identity"
)

func registry() *domain.Registry { return domain.NewRegistry(identity.Register) }

// A matrix seeded by the first release (a v1 marker without names) gets the default
// rows of permissions added since, once; a first-release default that was revoked
// stays revoked.
func TestSeedDefaultsAfterAnUpgradeWritesOnlyNewPermissions(t *testing.T) {
	r := registry()
	m := identity.NewMatrix()
	old := identity.Rule{Role: "admin", Permission: "view-organizations"}
	m.Apply(identity.PermissionGranted{Rule: old})
	m.Apply(identity.PermissionRevoked{Rule: old}) // a superadmin took it back
	v1, err := r.Decode("permission.defaults_seeded.v1", json.RawMessage(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	m.Apply(v1)
	if !m.Seeded || !m.SeededPermissions["view-organizations"] || m.SeededPermissions["view-wallets"] {
		t.Fatalf("v1 marker upcast to the first release's names: %+v", m.SeededPermissions)
	}

	fresh := identity.Rule{Role: "admin", Permission: "view-wallets"}
	rules := []identity.Rule{{Role: "superadmin", Permission: "*"}, old, fresh}
	events, err := m.SeedDefaults(rules, []string{"view-organizations", "view-wallets"})
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 2 || events[0] != (identity.PermissionGranted{Rule: fresh}) {
		t.Fatalf("want the new permission's row and a marker, got %+v", events)
	}
	marker := events[1].(identity.PermissionDefaultsSeeded)
	if !slices.Contains(marker.Permissions, "view-wallets") || !slices.Contains(marker.Permissions, "manage-applications") {
		t.Fatalf("marker names every seeded permission: %v", marker.Permissions)
	}
	for _, e := range events {
		m.Apply(e)
	}
	again, err := m.SeedDefaults(rules, []string{"view-organizations", "view-wallets"})
	if err != nil || len(again) != 0 {
		t.Fatalf("a seeded matrix seeds nothing again: %+v %v", again, err)
	}
}

func TestSeedDefaultsOnFirstStartWritesEveryRule(t *testing.T) {
	m := identity.NewMatrix()
	rules := []identity.Rule{{Role: "superadmin", Permission: "*"}, {Role: "admin", Permission: "view-wallets"}}
	events, err := m.SeedDefaults(rules, []string{"view-wallets"})
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 3 {
		t.Fatalf("want both rows and the marker, got %+v", events)
	}
	if _, err := m.SeedDefaults([]identity.Rule{{Role: "nobody", Permission: "x"}}, []string{"x"}); err == nil {
		t.Fatal("an unknown role is refused")
	}
}
