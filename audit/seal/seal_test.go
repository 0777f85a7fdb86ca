package seal_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/audit/seal"
	"move/eventstore"
	"move/internal/testenv"
)

// sealedLog is a log of ten events in ten transactions, sealed in blocks of four
// (4 + 4 + a remainder of 2), and the events in log order.
func sealedLog(t *testing.T) (*testenv.Env, *seal.Sealer, []eventstore.RecordedEvent) {
	t.Helper()
	ctx := context.Background()
	env := testenv.New(t)
	var last eventstore.Position
	for i := range 10 {
		res, err := env.Store.Append(ctx, fmt.Sprintf("sport-%d", i%3), eventstore.Any, eventstore.EventData{
			ID: uuid.New(), Type: "sport.updated.v1", Data: json.RawMessage(fmt.Sprintf(`{"name":"Sport %d"}`, i)),
			Metadata: eventstore.Metadata{ApplicationID: "app", ActorID: "user-1", CorrelationID: fmt.Sprintf("request-%d", i)},
		})
		if err != nil {
			t.Fatal(err)
		}
		last = res.Position
	}
	readable(t, env, last)
	sealer := seal.NewSealer(env.Store, env.DB, nil, testenv.Logger(t))
	sealer.BlockSize = 4
	if n, err := sealer.Pass(ctx, true); err != nil || n != 10 {
		t.Fatalf("sealed %d events, %v; want 10", n, err)
	}
	events, err := env.Store.ReadAll(ctx, eventstore.Start, 100)
	if err != nil || len(events) != 10 {
		t.Fatalf("log: %d events, %v", len(events), err)
	}
	return env, sealer, events
}

// readable waits until readers of the log see pos: an event becomes readable once
// every older transaction of the cluster has ended (decision 0003).
func readable(t *testing.T, env *testenv.Env, pos eventstore.Position) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		head, err := env.Store.Head(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !head.Less(pos) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the event never became readable")
		}
	}
}

// verify verifies the log three ways — the fast path with runs of one block (blocks are
// read side by side), with its default runs, and the in-order reading — and fails unless
// all three report the same.
func verify(t *testing.T, env *testenv.Env, anchors ...seal.Anchor) seal.Report {
	t.Helper()
	ctx := context.Background()
	restore := seal.SetRunEvents(1)
	small, err := seal.Verify(ctx, env.Store, env.DB, anchors)
	restore()
	if err != nil {
		t.Fatal(err)
	}
	r, err := seal.Verify(ctx, env.Store, env.DB, anchors)
	if err != nil {
		t.Fatal(err)
	}
	inOrder, err := seal.VerifyInOrder(ctx, env.Store, env.DB, anchors)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r, inOrder) || !reflect.DeepEqual(small, inOrder) {
		t.Fatalf("the fast path differs from the in-order reading:\n%+v %v\n%+v %v\n%+v %v", r, r.Finding, small, small.Finding, inOrder, inOrder.Finding)
	}
	return r
}

func exec(t *testing.T, env *testenv.Env, sql string, args ...any) {
	t.Helper()
	if _, err := env.DB.Exec(context.Background(), sql, args...); err != nil {
		t.Fatal(err)
	}
}

func TestUntouchedLogVerifiesClean(t *testing.T) {
	env, sealer, _ := sealedLog(t)
	r := verify(t, env)
	if !r.Clean() || r.Blocks != 3 || r.Events != 10 || r.Unsealed != 0 || r.LastBlock != 2 {
		t.Fatalf("report %+v, finding %v", r, r.Finding)
	}
	// New events are unsealed until the next pass seals them.
	res, err := env.Store.Append(context.Background(), "sport-9", eventstore.Any, eventstore.EventData{
		ID: uuid.New(), Type: "sport.created.v1", Data: json.RawMessage(`{"name":"Late"}`)})
	if err != nil {
		t.Fatal(err)
	}
	readable(t, env, res.Position)
	if r := verify(t, env); !r.Clean() || r.Unsealed != 1 {
		t.Fatalf("after an append: %+v", r)
	}
	if n, err := sealer.Pass(context.Background(), true); err != nil || n != 1 {
		t.Fatalf("sealed %d, %v", n, err)
	}
	if r := verify(t, env); !r.Clean() || r.Blocks != 4 || r.Events != 11 || r.Unsealed != 0 {
		t.Fatalf("after sealing it: %+v", r)
	}
}

func TestVerifyNamesTheFirstTamperedEvent(t *testing.T) {
	t.Run("a payload altered", func(t *testing.T) {
		env, _, events := sealedLog(t)
		target := events[5]
		exec(t, env, `UPDATE eventstore_events SET data = jsonb_set(data, '{name}', '"Forged"') WHERE event_id = $1`, target.ID)
		f := verify(t, env).Finding
		if f == nil || f.Kind != seal.Altered || f.Found.ID != target.ID || f.Index != 5 || f.Block != 1 {
			t.Fatalf("finding %+v", f)
		}
	})
	t.Run("metadata altered", func(t *testing.T) {
		env, _, events := sealedLog(t)
		target := events[2]
		exec(t, env, `UPDATE eventstore_events SET metadata = jsonb_set(metadata, '{actor_id}', '"someone-else"') WHERE event_id = $1`, target.ID)
		if f := verify(t, env).Finding; f == nil || f.Kind != seal.Altered || f.Found.ID != target.ID {
			t.Fatalf("finding %+v", f)
		}
	})
	t.Run("the recorded time altered", func(t *testing.T) {
		env, _, events := sealedLog(t)
		target := events[9]
		exec(t, env, `UPDATE eventstore_events SET recorded_at = recorded_at - interval '1 day' WHERE event_id = $1`, target.ID)
		if f := verify(t, env).Finding; f == nil || f.Kind != seal.Altered || f.Found.ID != target.ID || f.Block != 2 {
			t.Fatalf("finding %+v", f)
		}
	})
	t.Run("an event deleted", func(t *testing.T) {
		env, _, events := sealedLog(t)
		target := events[3]
		exec(t, env, `DELETE FROM eventstore_events WHERE event_id = $1`, target.ID)
		f := verify(t, env).Finding
		if f == nil || f.Kind != seal.Missing || f.Sealed != target.ID || f.Index != 3 || f.Found.ID != events[4].ID {
			t.Fatalf("finding %+v", f)
		}
	})
	t.Run("the last event deleted", func(t *testing.T) {
		env, _, events := sealedLog(t)
		target := events[9]
		exec(t, env, `DELETE FROM eventstore_events WHERE event_id = $1`, target.ID)
		if f := verify(t, env).Finding; f == nil || f.Kind != seal.Missing || f.Sealed != target.ID || f.Found != nil {
			t.Fatalf("finding %+v", f)
		}
	})
	t.Run("two positions swapped", func(t *testing.T) {
		env, _, events := sealedLog(t)
		first, second := events[2], events[6]
		exec(t, env, `UPDATE eventstore_events e SET commit_key = CASE WHEN e.event_id = $1 THEN $4::bigint ELSE $3::bigint END
			WHERE e.event_id IN ($1, $2)`, first.ID, second.ID, int64(first.Position.Commit), int64(second.Position.Commit))
		f := verify(t, env).Finding
		if f == nil || f.Kind != seal.Moved || f.Sealed != first.ID || f.Found.ID != second.ID || f.Index != 2 || f.Later == nil || f.Later.ID != first.ID {
			t.Fatalf("finding %+v", f)
		}
	})
	t.Run("an event inserted", func(t *testing.T) {
		env, _, events := sealedLog(t)
		forged := uuid.New()
		// Slipped in between the fourth and fifth events, as if it had always been there.
		exec(t, env, `INSERT INTO eventstore_events (commit_key, event_id, stream, version, type, data, metadata)
			VALUES ($1, $2, 'sport-forged', 0, 'sport.created.v1', '{"name":"Forged"}', '{}')`, int64(events[4].Position.Commit)-1, forged)
		f := verify(t, env).Finding
		if f == nil || f.Kind != seal.Inserted || f.Found.ID != forged || f.Sealed != events[4].ID || f.Index != 4 {
			t.Fatalf("finding %+v", f)
		}
	})
	t.Run("a block's last position altered", func(t *testing.T) {
		// Not hashed: it only tells the fast path where a block's events start. A wrong
		// one sends verify back to reading in order, which finds the events as sealed.
		env, _, _ := sealedLog(t)
		exec(t, env, `UPDATE audit_seals SET last_prepare = last_prepare - 1 WHERE block = 0`)
		if r := verify(t, env); !r.Clean() || r.Events != 10 {
			t.Fatalf("report %+v, finding %v", r, r.Finding)
		}
	})
	t.Run("a seal altered", func(t *testing.T) {
		env, _, _ := sealedLog(t)
		exec(t, env, `UPDATE audit_seals SET block_hash = sha256('forged') WHERE block = 1`)
		if f := verify(t, env).Finding; f == nil || f.Kind != seal.SealAltered || f.Block != 1 {
			t.Fatalf("finding %+v", f)
		}
	})
}

// Rewriting an event and every seal after it verifies clean against the database
// alone: only a hash kept outside it tells.
func TestAnAnchorCatchesARewrittenLogAndSeals(t *testing.T) {
	env, sealer, events := sealedLog(t)
	before := verify(t, env)
	anchor := seal.Anchor{Block: before.LastBlock, Hash: before.LastHash}
	exec(t, env, `UPDATE eventstore_events SET data = '{"name":"Rewritten"}' WHERE event_id = $1`, events[1].ID)
	exec(t, env, `DELETE FROM audit_seals`)
	if _, err := sealer.Pass(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	if r := verify(t, env); !r.Clean() {
		t.Fatalf("resealed log: %v", r.Finding)
	}
	f := verify(t, env, anchor).Finding
	if f == nil || f.Kind != seal.AnchorMismatch || f.Block != anchor.Block {
		t.Fatalf("finding %+v", f)
	}
	// Removing the newest seals hides nothing from an anchor either.
	exec(t, env, `DELETE FROM audit_seals WHERE block = $1`, anchor.Block)
	if f := verify(t, env, anchor).Finding; f == nil || f.Kind != seal.AnchorMismatch {
		t.Fatalf("finding %+v", f)
	}
}

func TestTheServerCannotRewriteSeals(t *testing.T) {
	env, _, _ := sealedLog(t)
	ctx := context.Background()
	for _, sql := range []string{`UPDATE audit_seals SET sealed_at = now()`, `DELETE FROM audit_seals`, `TRUNCATE audit_seals`} {
		tx, err := env.DB.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_server`); err != nil {
			t.Fatal(err)
		}
		_, err = tx.Exec(ctx, sql)
		_ = tx.Rollback(ctx)
		if err == nil {
			t.Fatalf("move_server ran %s", sql)
		}
	}
	// It may seal: read and insert.
	tx, err := env.DB.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_server`); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO audit_seals (block, first_index, last_commit, last_prepare, event_ids, leaves, previous_hash, block_hash)
		SELECT block + 100, first_index, last_commit, last_prepare, event_ids, leaves, previous_hash, block_hash FROM audit_seals WHERE block = 0`); err != nil {
		t.Fatalf("move_server cannot seal: %v", err)
	}
}

func TestARemainderIsSealedWhenTheLogGoesQuiet(t *testing.T) {
	ctx := context.Background()
	env := testenv.New(t)
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	sealer := seal.NewSealer(env.Store, env.DB, nil, testenv.Logger(t))
	sealer.Now = func() time.Time { return now }
	appendOne := func() {
		res, err := env.Store.Append(ctx, "sport-1", eventstore.Any, eventstore.EventData{
			ID: uuid.New(), Type: "sport.updated.v1", Data: json.RawMessage(`{"name":"x"}`)})
		if err != nil {
			t.Fatal(err)
		}
		readable(t, env, res.Position)
	}
	pass := func(want int) {
		t.Helper()
		if n, err := sealer.Pass(ctx, false); err != nil || n != want {
			t.Fatalf("sealed %d, %v; want %d", n, err, want)
		}
	}
	appendOne()
	pass(0) // seen for the first time: more may come
	appendOne()
	now = now.Add(time.Second)
	pass(0) // the log grew: wait on
	now = now.Add(time.Second)
	pass(2) // quiet since the previous pass: sealed
	for _, want := range []int{0, 0, 3} {
		appendOne()
		now = now.Add(30 * time.Second)
		pass(want)
	}
	// A log that never went quiet had its remainder sealed after MaxDelay.
	if r := verify(t, env); r.Unsealed != 0 || r.Events != 5 {
		t.Fatalf("report %+v", r)
	}
}
