package projections

import (
	"encoding/json"
	"testing"

	"github.com/google/uuid"

	"move/domain"
	"move/eventstore"
)

type noted struct {
	Text string `json:"text"`
}

func (noted) EventType() string { return "test.noted.v1" }

// The live projectors share an event's decoding: the second projector to read it gets
// the first one's payload, until recentSize later events have pushed it out.
func TestRecentDecodesDecodeAnEventOnce(t *testing.T) {
	decodes := 0
	registry := domain.NewRegistry(func(r *domain.Registry) {
		r.Register(noted{})
		r.RegisterUpcaster(noted{}.EventType(), domain.Repair(func(*noted) bool { decodes++; return false }))
	})
	event := func(text string) eventstore.RecordedEvent {
		return eventstore.RecordedEvent{ID: uuid.New(), Type: noted{}.EventType(), Data: json.RawMessage(`{"text":"` + text + `"}`)}
	}
	var recent recentDecodes
	first := event("eerste")
	for range 3 {
		payload, err := recent.decode(registry, first)
		if err != nil {
			t.Fatal(err)
		}
		if payload.(noted).Text != "eerste" {
			t.Fatalf("payload %#v", payload)
		}
	}
	if decodes != 1 {
		t.Fatalf("one event read three times was decoded %d times, want once", decodes)
	}
	for range recentSize {
		if _, err := recent.decode(registry, event("later")); err != nil {
			t.Fatal(err)
		}
	}
	if len(recent.byID) != recentSize {
		t.Fatalf("%d payloads kept, want at most %d", len(recent.byID), recentSize)
	}
	if _, err := recent.decode(registry, first); err != nil {
		t.Fatal(err)
	}
	if want := 1 + recentSize + 1; decodes != want {
		t.Fatalf("%d decodings, want %d: the first event, pushed out, is decoded again", decodes, want)
	}
	// A payload that does not fit its type is every projector's failure, never kept.
	broken := eventstore.RecordedEvent{ID: uuid.New(), Type: noted{}.EventType(), Data: json.RawMessage(`{"text":1}`)}
	for range 2 {
		if _, err := recent.decode(registry, broken); err == nil {
			t.Fatal("a payload that does not fit its type decoded")
		}
	}
	if _, kept := recent.byID[broken.ID]; kept {
		t.Fatal("a failed decoding was kept")
	}
	// A rebuild passes none: each call decodes.
	var none *recentDecodes
	before := decodes
	for range 2 {
		if _, err := none.decode(registry, first); err != nil {
			t.Fatal(err)
		}
	}
	if decodes != before+2 {
		t.Fatalf("without sharing, two reads decoded %d times, want 2", decodes-before)
	}
}
