package domain_test

import (
	"encoding/json"
	"testing"

	"move/domain"
)

type greetedV1 struct {
	Name string `json:"name"`
}

func (greetedV1) EventType() string { return "greeted.v1" }

type greetedV2 struct {
	First string `json:"first_name"`
}

func (greetedV2) EventType() string { return "greeted.v2" }

func TestUpcasterReadsOldShapesAsNew(t *testing.T) {
	reg := domain.NewRegistry(func(r *domain.Registry) {
		r.Register(greetedV2{})
		r.RegisterUpcaster("greeted.v1", func(data json.RawMessage) (string, json.RawMessage, error) {
			var old greetedV1
			if err := json.Unmarshal(data, &old); err != nil {
				return "", nil, err
			}
			b, err := json.Marshal(greetedV2{First: old.Name})
			return "greeted.v2", b, err
		})
	})
	e, err := reg.Decode("greeted.v1", json.RawMessage(`{"name":"Ada"}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := e.(greetedV2); !ok || got.First != "Ada" {
		t.Fatalf("want greetedV2{Ada}, got %#v", e)
	}
	if _, err := reg.Decode("nobody.v1", nil); err == nil {
		t.Fatal("unknown types must fail to decode")
	}
	if _, _, err := reg.Encode(greetedV1{}); err == nil {
		t.Fatal("unregistered types must fail to encode")
	}
}

// A repair reads a current version mended, after any upcasting to it, and once: the
// event keeps its type, and the registry lists the type once.
func TestRepairMendsACurrentVersionOnRead(t *testing.T) {
	reg := domain.NewRegistry(func(r *domain.Registry) {
		r.Register(greetedV2{})
		r.RegisterUpcaster("greeted.v1", func(data json.RawMessage) (string, json.RawMessage, error) {
			var old greetedV1
			_ = json.Unmarshal(data, &old)
			b, err := json.Marshal(greetedV2{First: old.Name})
			return "greeted.v2", b, err
		})
		r.RegisterUpcaster("greeted.v2", domain.Repair(func(e *greetedV2) bool {
			if e.First != "" {
				return false
			}
			e.First = "someone"
			return true
		}))
	})
	for typ, data := range map[string]string{"greeted.v2": `{"first_name":""}`, "greeted.v1": `{"name":""}`} {
		e, err := reg.Decode(typ, json.RawMessage(data))
		if got, ok := e.(greetedV2); err != nil || !ok || got.First != "someone" {
			t.Fatalf("%s: want the mended greetedV2, got %#v %v", typ, e, err)
		}
	}
	e, err := reg.Decode("greeted.v2", json.RawMessage(`{"first_name":"Ada"}`))
	if got, ok := e.(greetedV2); err != nil || !ok || got.First != "Ada" {
		t.Fatalf("a sound event is read as it is: %#v %v", e, err)
	}
	if got := reg.Types(); len(got) != 2 || got[0] != "greeted.v1" || got[1] != "greeted.v2" {
		t.Fatalf("types: %v", got)
	}
}
