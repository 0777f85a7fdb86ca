package projections_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/eventstore"
	"move/internal/testdb"
	"move/projections"
)

// trips sums the round trips counted, but the feed's once-a-second question whether a
// rebuild was requested.
func trips(counts map[string]int) (int, string) {
	total := 0
	var lines []string
	for q, n := range counts {
		if strings.Contains(q, "SELECT rebuild_requested FROM projection_checkpoints") {
			continue
		}
		total += n
		lines = append(lines, fmt.Sprintf("%d× %.120s", n, q))
	}
	sort.Strings(lines)
	return total, strings.Join(lines, "\n")
}

// A live delivery is one round trip (decision 1790): begin, the set-up, the check that
// none of its streams is parked, the rows, the checkpoint and commit, pipelined. A
// delivery to a parked stream fails that check and takes the careful path, which parks
// its events behind the stream's first; the other streams go on in one round trip.
func TestALiveDeliveryIsOneRoundTrip(t *testing.T) {
	ctx := context.Background()
	g := newFaultRig(t)
	// Two connections (the runner's set-up holds two at once), each of which serves a
	// delivery before the counting: a connection new to a statement prepares it in a
	// delivery of separate round trips, under the live search path.
	sep := "?"
	if strings.Contains(g.env.DSN, "?") {
		sep = "&"
	}
	db, counter := testdb.CountingPool(t, g.env.DSN+sep+"pool_max_conns=2")
	g.startOn(db, probeRegistry(false), probe{})

	typ := itemSet{}.EventType()
	seen := func(stream string, events int) func() bool {
		return func() bool { return g.rows()[stream].Events == events }
	}
	// The first delivery prepares its statements; the ones after find them prepared.
	g.write(g.appA, "item-1", typ, itemSet{Seq: 1, Amount: 1, Note: "a"})
	g.eventually("item-1's first event applied", seen("item-1", 1))
	// Each connection in turn the runner's only one, so each serves a delivery.
	warm := func(seqs ...int) {
		var err error
		held := make([]*pgxpool.Conn, 2)
		for i := range held {
			if held[i], err = db.Acquire(ctx); err != nil {
				t.Fatal(err)
			}
		}
		for i, seq := range seqs {
			held[i].Release()
			g.write(g.appA, "item-1", typ, itemSet{Seq: seq, Amount: seq, Note: "a"})
			g.eventually(fmt.Sprintf("item-1's event %d applied", seq), seen("item-1", seq))
			if held[i], err = db.Acquire(ctx); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range held {
			c.Release()
		}
	}
	warm(2, 3)
	counter.Reset()
	for seq := 4; seq <= 6; seq++ {
		g.write(g.appA, "item-1", typ, itemSet{Seq: seq, Amount: seq, Note: "a"})
		g.eventually(fmt.Sprintf("item-1's event %d applied", seq), seen("item-1", seq))
		if n, detail := trips(counter.Reset()); n != 1 {
			t.Errorf("delivery %d took %d round trips, want 1:\n%s", seq, n, detail)
		}
	}

	// A failing event parks its stream; the stream's next event is parked behind it.
	g.write(g.appA, "item-2", typ, itemSet{Seq: 1, Panic: true})
	g.write(g.appA, "item-2", typ, itemSet{Seq: 2, Amount: 2, Note: "b"})
	g.write(g.appA, "item-1", typ, itemSet{Seq: 7, Amount: 7, Note: "a"})
	g.eventually("item-1's event 7 applied", seen("item-1", 7))
	g.eventually("item-2 parked with the event behind its first", func() bool {
		parked := g.parked()
		return len(parked) == 1 && parked[0].Stream == "item-2" && parked[0].Waiting == 1
	})
	if _, ok := g.rows()["item-2"]; ok {
		t.Error("a parked stream's event was applied")
	}
	g.write(g.appA, "item-2", typ, itemSet{Seq: 3, Amount: 3, Note: "b"})
	g.eventually("item-2's third event parked behind its first", func() bool {
		parked := g.parked()
		return len(parked) == 1 && parked[0].Waiting == 2
	})
	if _, ok := g.rows()["item-2"]; ok {
		t.Error("a parked stream's event was applied")
	}
	// A failed pipeline drops its statements from the connection's cache (pgx): the
	// connections prepare them again.
	warm(8, 9)
	counter.Reset()
	g.write(g.appA, "item-1", typ, itemSet{Seq: 10, Amount: 10, Note: "a"})
	g.eventually("item-1's event 10 applied", seen("item-1", 10))
	if n, detail := trips(counter.Reset()); n != 1 {
		t.Errorf("a delivery beside a parked stream took %d round trips, want 1:\n%s", n, detail)
	}
}

// quietProbe is the probe with events it applies by writing nothing (a note "quiet"),
// as a hold process writes nothing for a free booking.
type quietProbe struct{ probe }

func (q quietProbe) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	if v, ok := e.Payload.(itemSet); ok && v.Note == "quiet" {
		return nil
	}
	return q.probe.Apply(ctx, w, e)
}

// A delivery its projector writes nothing for sends nothing (decision 1840): the
// checkpoint moves past it lazily, as past events the projector does not read, and the
// next delivery that writes moves the checkpoint on from where it stood.
func TestADeliveryThatWritesNothingSendsNothing(t *testing.T) {
	ctx := context.Background()
	g := newFaultRig(t)
	db, counter := testdb.CountingPool(t, g.env.DSN)
	g.startOn(db, probeRegistry(false), quietProbe{})
	passed := func(what string, pos eventstore.Position) {
		t.Helper()
		wctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		if err := projections.WaitFor(wctx, g.env.DB, []string{probe{}.Name()}, pos); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	appendItem := func(v itemSet) eventstore.Position {
		data, _ := json.Marshal(v)
		res, err := g.env.Store.Append(ctx, "item-1", eventstore.Any, eventstore.EventData{ID: uuid.New(), Type: itemSet{}.EventType(), Data: data,
			Metadata: eventstore.Metadata{ApplicationID: g.appA, ActorID: "test"}})
		if err != nil {
			t.Fatal(err)
		}
		return res.Position
	}
	first := appendItem(itemSet{Seq: 1, Amount: 1, Note: "a"})
	passed("the first event applied", first)

	counter.Batched()
	quiet := appendItem(itemSet{Seq: 2, Note: "quiet"})
	passed("the checkpoint past the quiet event", quiet)
	for q := range counter.Batched() {
		if strings.Contains(q, "projection_stream_parked") || strings.Contains(q, "search_path") {
			t.Errorf("a delivery that writes nothing sent its transaction: %.200s", q)
		}
	}
	if row := g.rows()["item-1"]; row.Events != 1 {
		t.Errorf("the quiet event wrote: %+v", row)
	}

	third := appendItem(itemSet{Seq: 3, Amount: 3, Note: "a"})
	passed("the next event applied", third)
	if row := g.rows()["item-1"]; row.Events != 2 || row.LastSeq != 3 {
		t.Errorf("after the quiet event, the next one: %+v", row)
	}
}
