package audit

import (
	"reflect"
	"testing"

	"move/domain"
	"move/domain/organization"
	"move/domain/rate"
	"move/domain/registry"
)

func TestFoldAndDiffOfARate(t *testing.T) {
	created := rate.Created{ApplicationID: "app", OrganizationID: "org", Fields: rate.Fields{Name: "Dagkaart", PriceCents: 1000, VATTier: "high"}}
	updated := rate.Updated{Fields: rate.Fields{Name: "Dagkaart", PriceCents: 1250, VATTier: "high"}}
	before, ok := Fold("rate", "r1", []domain.Event{created})
	if !ok {
		t.Fatal("rate has no aggregate")
	}
	after, _ := Fold("rate", "r1", []domain.Event{created, updated})
	want := rate.New("r1")
	want.Apply(created)
	want.Apply(updated)
	if !reflect.DeepEqual(after, want) {
		t.Fatalf("fold %+v, want %+v", after, want)
	}
	changes := Diff(Fields(before), Fields(after))
	if len(changes) != 1 || changes[0] != (Change{Path: "Fields.PriceCents", Before: "1000", After: "1250"}) {
		t.Fatalf("changes %+v", changes)
	}
	if got := Diff(Fields(after), Fields(after)); len(got) != 0 {
		t.Fatalf("a state differs from itself: %+v", got)
	}
	deleted, _ := Fold("rate", "r1", []domain.Event{created, updated, rate.Deleted{}})
	if got := Diff(Fields(after), Fields(deleted)); len(got) != 1 || got[0].Path != "Deleted" {
		t.Fatalf("a deletion: %+v", got)
	}
}

// Fields present on one side only (a map key, a list grown) are changes too; absent
// and empty is not.
func TestDiffOfAddedAndRemovedFields(t *testing.T) {
	a := []Field{{"Sports.0", "golf"}, {"Name", "A"}, {"Note", ""}}
	b := []Field{{"Sports.0", "golf"}, {"Sports.1", "tennis"}, {"Name", "B"}}
	got := Diff(a, b)
	want := []Change{{Path: "Name", Before: "A", After: "B"}, {Path: "Sports.1", Before: "", After: "tennis"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

// A personal value still sealed shows as Hidden, never as its ciphertext.
func TestFieldsHideSealedValues(t *testing.T) {
	state, _ := Fold("organization", "o1", []domain.Event{organization.Created{ApplicationID: "app",
		Profile: organization.Profile{Name: "Club", Email: "pd1:organization-o1:c2VhbGVk"}}})
	for _, f := range Fields(state) {
		if f.Path == "Profile.Email" && f.Value != Hidden {
			t.Fatalf("sealed e-mail shows %q", f.Value)
		}
	}
}

// Every aggregate folds every event type of the registry without panicking, and its
// state flattens: the as-of screen works for every entity type whatever its history.
func TestEveryAggregateFoldsEveryEvent(t *testing.T) {
	registry := registry.All()
	var events []domain.Event
	for _, name := range registry.Types() {
		e, err := registry.Decode(name, []byte(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		events = append(events, e)
	}
	for _, entityType := range EntityTypes() {
		state, ok := Fold(entityType, "00000000-0000-0000-0000-000000000001", events)
		if !ok || len(Fields(state)) == 0 {
			t.Errorf("%s: no state", entityType)
		}
	}
}
