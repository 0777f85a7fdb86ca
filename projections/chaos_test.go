package projections_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/eventstore"
	"move/internal/testdb"
	"move/internal/testenv"
	"move/projections"
)

// Chaos (issue 21): while events are written, every other connection to the database is
// killed (pg_terminate_backend) again and again — the projector's pool, its lock
// connection, the store's listener — and the appends of some streams commit late, after
// appends that came after them. Nothing is skipped, nothing applied twice, nothing parked
// (a killed connection is transient): the read model holds each stream's events exactly
// once, and equals its rebuild.
func TestChaosKilledConnectionsAndLateCommits(t *testing.T) {
	g := newFaultRig(t)
	ctx := context.Background()
	// Appends to slow- streams take a position and a transaction id, then wait before
	// committing, so later appends commit first.
	if _, err := g.env.DB.Exec(ctx, `
		CREATE FUNCTION chaos_slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			IF NEW.stream LIKE 'slow-%' THEN PERFORM pg_sleep(0.2); END IF;
			RETURN NEW;
		END $$;
		CREATE TRIGGER chaos_slow_commit BEFORE INSERT ON eventstore_events FOR EACH ROW EXECUTE FUNCTION chaos_slow_commit();`); err != nil {
		t.Fatal(err)
	}
	runner, _ := g.start(probeRegistry(false), probe{})
	g.eventually("the probe built", func() bool {
		s, err := projections.ReadStatuses(ctx, g.env.DB)
		return err == nil && s["fault_probe"].State == "running" && !s["fault_probe"].RebuildRequested
	})

	stop := make(chan struct{})
	var writers sync.WaitGroup
	for _, stream := range []string{"slow-1", "slow-2", "fast-1", "fast-2", "fast-3", "fast-4"} {
		writers.Add(1)
		go func() {
			defer writers.Done()
			for seq := 1; ; seq++ {
				select {
				case <-stop:
					return
				default:
				}
				g.appendSurely(stream, seq)
			}
		}()
	}
	killed := 0
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(150 * time.Millisecond) {
		var n int
		if err := g.env.DB.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
			WHERE datname = current_database() AND pid <> pg_backend_pid()`).Scan(&n); err == nil {
			killed += n
		}
	}
	close(stop)
	writers.Wait()
	events := 0
	for _, es := range g.written {
		events += len(es)
	}
	t.Logf("killed %d connections while %d events were written to %d streams", killed, events, len(g.written))
	if killed == 0 {
		t.Fatal("no connection was killed: the test tested nothing")
	}
	want := g.expected(nil, nil)
	var got map[string]itemRow
	g.eventually("every event applied once", func() bool {
		got = g.rows()
		return equalRows(got, want)
	}, func() string { return fmt.Sprintf("read model %v, want %v", got, want) })
	if parked := g.parked(); len(parked) != 0 {
		t.Fatalf("a killed connection parked events: %+v", parked)
	}
	g.env.Rebuild(t, runner)
	if rows := g.rows(); !equalRows(rows, want) {
		t.Fatalf("rebuild: %v, want %v", rows, want)
	}
}

// appendSurely appends one event, retrying with the same event id until the store
// answers (for up to a minute: a restarting database takes seconds on a loaded
// machine): a retry of an append that landed writes nothing twice.
func (g *faultRig) appendSurely(stream string, seq int) {
	data, _ := json.Marshal(itemSet{Seq: seq, Amount: 1})
	e := eventstore.EventData{ID: uuid.New(), Type: itemSet{}.EventType(), Data: data,
		Metadata: eventstore.Metadata{ApplicationID: g.appA, ActorID: "test"}}
	for deadline := time.Now().Add(time.Minute); ; {
		_, err := g.env.Store.Append(context.Background(), stream, eventstore.Any, e)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			g.t.Errorf("append to %s: %v", stream, err)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.written[stream] = append(g.written[stream], itemSet{Seq: seq})
}

// slowProbe is the probe taking a millisecond per event, so that a backlog waits when
// the database goes away.
type slowProbe struct{ probe }

func (p slowProbe) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	time.Sleep(time.Millisecond)
	return p.probe.Apply(ctx, w, e)
}

// Chaos (issue 21): Postgres itself restarts while the projector works through a
// backlog — once shut down cleanly (fast: every connection ended, transactions rolled
// back) and once crashed (immediate: the projector's last asynchronous commits may be
// lost and must be applied again). The projector retries in place (a lost connection is
// transient), parks nothing, and ends with each stream's events applied exactly once:
// the read model equals what the log makes, and its rebuild.
func TestChaosPostgresRestartsDuringProjection(t *testing.T) {
	cluster := testdb.StartCluster(t)
	g := newFaultRigOn(t, testenv.NewOn(t, cluster.URL))
	ctx := context.Background()
	r, err := projections.NewRunner(g.env.Store, g.env.DB, probeRegistry(false), g.env.Vault, testenv.Logger(t), nil, slowProbe{})
	if err != nil {
		t.Fatal(err)
	}
	g.env.RunProjections(t, r)
	g.eventually("the probe built", func() bool {
		s, err := projections.ReadStatuses(ctx, g.env.DB)
		return err == nil && s["fault_probe"].State == "running" && !s["fault_probe"].RebuildRequested
	})

	stop := make(chan struct{})
	var writers sync.WaitGroup
	for w := range 6 {
		writers.Add(1)
		go func() {
			defer writers.Done()
			for seq := 1; ; seq++ {
				select {
				case <-stop:
					return
				default:
				}
				g.appendSurely(fmt.Sprintf("restart-%d", w), seq)
			}
		}()
	}
	// behind counts the written events the read model does not hold yet.
	behind := func() int {
		total := 0
		for _, r := range g.expected(nil, nil) {
			total += r.Events
		}
		var applied int
		if err := g.env.DB.QueryRow(ctx, `SELECT coalesce(sum(events), 0) FROM readmodel.probe_items`).Scan(&applied); err != nil {
			t.Fatal(err)
		}
		return total - applied
	}
	for _, mode := range []string{"fast", "immediate"} {
		g.eventually("a backlog for the projector", func() bool { return behind() >= 200 })
		backlog := behind()
		cluster.Stop(t, mode)
		time.Sleep(300 * time.Millisecond) // writers and projector meet a database that is gone
		cluster.Start(t)
		t.Logf("Postgres stopped (%s) and started again with %d events waiting to be projected", mode, backlog)
	}
	time.Sleep(500 * time.Millisecond)
	close(stop)
	writers.Wait()

	want := g.expected(nil, nil)
	var got map[string]itemRow
	g.eventually("every event applied once", func() bool {
		got = g.rows()
		return equalRows(got, want)
	}, func() string { return fmt.Sprintf("read model %v, want %v", got, want) })
	if parked := g.parked(); len(parked) != 0 {
		t.Fatalf("a restart of the database parked events: %+v", parked)
	}
	events := 0
	for _, r := range want {
		events += r.Events
	}
	t.Logf("%d events in %d streams, each applied once", events, len(want))
	g.env.Rebuild(t, r)
	if rows := g.rows(); !equalRows(rows, want) {
		t.Fatalf("rebuild: %v, want %v", rows, want)
	}
	if s, err := projections.ReadStatuses(ctx, g.env.DB); err != nil || s["fault_probe"].State != "running" {
		t.Fatalf("after the restarts the projector is %+v (%v), want running", s["fault_probe"], err)
	}
}
