package commands

import (
	"fmt"
	"testing"

	"move/domain"
	"move/eventstore"
)

type noted struct{ n int }

func (noted) EventType() string { return "test.noted.v1" }

// events answers a stream's first n events as the cache takes them.
func events(stream string, n int) ([]eventstore.RecordedEvent, []domain.Event) {
	records := make([]eventstore.RecordedEvent, n)
	decoded := make([]domain.Event, n)
	for i := range n {
		records[i] = eventstore.RecordedEvent{Stream: stream, Version: uint64(i), Data: []byte(`{}`)}
		decoded[i] = noted{i}
	}
	return records, decoded
}

// The cache keeps whole streams only, never replaces a stream by a shorter one, and
// stays within its bounds of streams and of events, forgetting the least recently used.
func TestTheStreamCacheKeepsWholeStreamsWithinItsBounds(t *testing.T) {
	var c streamCache
	records, decoded := events("a-1", 3)
	c.put("a-1", records[1:], decoded[1:]) // not from version 0
	if _, _, ok := c.get("a-1"); ok {
		t.Fatal("a stream kept from version 1")
	}
	c.put("a-1", records, decoded)
	c.put("a-1", records[:2], decoded[:2])
	if got, _, ok := c.get("a-1"); !ok || len(got) != 3 || got[0].Data != nil {
		t.Fatalf("a-1 kept as %d events (%v), want the 3, without their data", len(got), ok)
	}
	c.drop("a-1")
	if _, _, ok := c.get("a-1"); ok || c.events != 0 {
		t.Fatalf("a dropped stream is still kept (%d events counted)", c.events)
	}

	for i := range streamCacheLimit + 10 {
		records, decoded := events(fmt.Sprintf("s-%d", i), 1)
		c.put(records[0].Stream, records, decoded)
	}
	if c.recent.Len() != streamCacheLimit {
		t.Fatalf("%d streams kept, want at most %d", c.recent.Len(), streamCacheLimit)
	}
	if _, _, ok := c.get("s-0"); ok {
		t.Fatal("the least recently used stream is still kept")
	}
	big := streamCacheEvents / 8
	for i := range 10 {
		records, decoded := events(fmt.Sprintf("big-%d", i), big)
		c.put(records[0].Stream, records, decoded)
	}
	if c.events > streamCacheEvents {
		t.Fatalf("%d events kept, want at most %d", c.events, streamCacheEvents)
	}
	records, decoded = events("huge-1", big+1)
	c.put("huge-1", records, decoded)
	if _, _, ok := c.get("huge-1"); ok {
		t.Fatal("a stream larger than an eighth of the bound is kept")
	}
}

// A stream may be new to a batch only while the cache knows nothing of it: not when it
// keeps it, nor when it kept it and pushed it out, dropped it after a failed append or
// found it too long to keep (decision 1880).
func TestTheStreamCacheKnowsWhichStreamsExistBeyondWhatItKeeps(t *testing.T) {
	var c streamCache
	if !c.mayBeNew("session-1") {
		t.Fatal("an unknown stream is not taken to be new")
	}
	records, decoded := events("session-1", 2)
	c.put("session-1", records, decoded)
	if c.mayBeNew("session-1") {
		t.Fatal("a kept stream is taken to be new")
	}
	c.drop("session-1")
	if c.mayBeNew("session-1") {
		t.Fatal("a stream dropped after a failed append is taken to be new")
	}
	c.put("session-1", records, decoded)
	if c.mayBeNew("session-1") {
		t.Fatal("a stream kept again is taken to be new")
	}
	long, longDecoded := events("session-2", streamCacheEvents/8+1)
	c.put("session-2", long, longDecoded)
	if c.mayBeNew("session-2") {
		t.Fatal("a stream too long to keep is taken to be new")
	}
	for i := range streamCacheLimit { // push session-1 out
		r, d := events(fmt.Sprintf("other-%d", i), 1)
		c.put(fmt.Sprintf("other-%d", i), r, d)
	}
	if _, _, kept := c.get("session-1"); kept || c.mayBeNew("session-1") {
		t.Fatalf("a stream pushed out: kept %v, taken to be new %v", kept, c.mayBeNew("session-1"))
	}
}
