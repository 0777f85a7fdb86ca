package projections_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/domain"
	"move/domain/projection"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
)

// itemSet is the fault probe's event: one entity (stream) set to new values.
type itemSet struct {
	Seq    int    `json:"seq"`
	Day    string `json:"day,omitempty"`
	Amount int    `json:"amount"`
	Code   string `json:"code,omitempty"`
	Note   string `json:"note,omitempty"`
	Panic  bool   `json:"panic,omitempty"`
}

func (itemSet) EventType() string { return "probe.item_set.v1" }

// itemSetV2 is a later version of itemSet: the first deploy's code does not know it.
type itemSetV2 itemSet

func (itemSetV2) EventType() string { return "probe.item_set.v2" }

// probe is a read model with the weak spots real ones have: a date column (no year 0),
// a smallint, a unique code per application, an indexed note (an index row holds
// about 2.7 kB) and a handler with a bug (a panic). fixed is the code after the deploy
// that repairs each.
type probe struct{ fixed bool }

func (probe) Name() string     { return "fault_probe" }
func (probe) Version() int     { return 1 }
func (probe) Tables() []string { return []string{"probe_items"} }
func (probe) EventTypes() []string {
	return []string{itemSet{}.EventType(), itemSetV2{}.EventType()}
}
func (probe) Schema() string {
	return `
CREATE TABLE probe_items (
    stream         text     PRIMARY KEY,
    application_id uuid     NOT NULL,
    events         integer  NOT NULL,
    last_seq       integer  NOT NULL,
    day            date,
    amount         smallint NOT NULL,
    code           text,
    note           text     NOT NULL
);
CREATE UNIQUE INDEX probe_items_code ON probe_items (application_id, code);
CREATE INDEX probe_items_note ON probe_items (note);`
}

func (p probe) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	var v itemSet
	switch payload := e.Payload.(type) {
	case itemSet:
		v = payload
	case itemSetV2:
		v = itemSet(payload)
	default:
		return fmt.Errorf("probe: unexpected %T", e.Payload)
	}
	if v.Panic && !p.fixed {
		panic("probe: a bug in the handler")
	}
	var day *string
	if v.Day != "" && (!p.fixed || !strings.HasPrefix(v.Day, "0000-")) {
		day = &v.Day
	}
	code := `$6`
	if p.fixed {
		v.Amount = max(min(v.Amount, 32767), -32768)
		v.Note = v.Note[:min(len(v.Note), 200)]
		code = `CASE WHEN EXISTS (SELECT 1 FROM probe_items o WHERE o.application_id = $2 AND o.code = $6 AND o.stream <> $1) THEN NULL ELSE $6 END`
	}
	var codeArg *string
	if v.Code != "" {
		codeArg = &v.Code
	}
	// Cast on the server, as a read model's column types do: the value reaches
	// Postgres, which refuses what the column cannot hold.
	return w.Exec(ctx, `
		INSERT INTO probe_items (stream, application_id, events, last_seq, day, amount, code, note)
		VALUES ($1, $2, 1, $3, $4::text::date, ($5::integer)::smallint, `+code+`, $7)
		ON CONFLICT (stream) DO UPDATE SET events = probe_items.events + 1, last_seq = excluded.last_seq,
		    day = excluded.day, amount = excluded.amount, code = excluded.code, note = excluded.note`,
		e.Stream, e.Metadata.ApplicationID, v.Seq, day, v.Amount, codeArg, v.Note)
}

// faultRig runs the probe over a real store and database, with a runner that can be
// replaced as a deploy would.
type faultRig struct {
	t    *testing.T
	env  *testenv.Env
	appA string
	appB string

	mu       sync.Mutex
	written  map[string][]itemSet // by stream, in order
	appended map[string]time.Time // stream/seq → when its append returned
}

func newFaultRig(t *testing.T) *faultRig {
	return newFaultRigOn(t, testenv.New(t))
}

// newFaultRigOn is a fault rig on env (a database of a test's own cluster).
func newFaultRigOn(t *testing.T, env *testenv.Env) *faultRig {
	return &faultRig{t: t, env: env, appA: uuid.NewString(), appB: uuid.NewString(),
		written: map[string][]itemSet{}, appended: map[string]time.Time{}}
}

func probeRegistry(knowsV2 bool) *domain.Registry {
	return domain.NewRegistry(func(r *domain.Registry) {
		r.Register(itemSet{}, projection.EventSkipped{})
		if knowsV2 {
			r.Register(itemSetV2{})
		}
	})
}

// start runs a runner until the returned stop is called.
func (g *faultRig) start(reg *domain.Registry, p probe) (*projections.Runner, func()) {
	g.t.Helper()
	return g.startOn(g.env.DB, reg, p)
}

// startOn is start with the runner on db (a counting pool) and any projector.
func (g *faultRig) startOn(db *pgxpool.Pool, reg *domain.Registry, p projections.Projector) (*projections.Runner, func()) {
	g.t.Helper()
	r, err := projections.NewRunner(g.env.Store, db, reg, g.env.Vault, testenv.Logger(g.t), nil, p)
	if err != nil {
		g.t.Fatal(err)
	}
	if err := r.Prepare(context.Background()); err != nil {
		g.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = r.Run(ctx)
	}()
	var once sync.Once
	stop := func() { once.Do(func() { cancel(); <-done }) }
	g.t.Cleanup(stop)
	return r, stop
}

// write appends one event of type typ to stream in application app.
func (g *faultRig) write(app, stream, typ string, v itemSet) {
	g.t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		g.t.Error(err)
		return
	}
	if _, err := g.env.Store.Append(context.Background(), stream, eventstore.Any, eventstore.EventData{
		ID: uuid.New(), Type: typ, Data: data, Metadata: eventstore.Metadata{ApplicationID: app, ActorID: "test"}}); err != nil {
		g.t.Error(err)
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.written[stream] = append(g.written[stream], v)
	g.appended[fmt.Sprintf("%s/%d", stream, v.Seq)] = time.Now()
}

type itemRow struct {
	Events  int
	LastSeq int
}

// rows answers the probe's live rows by stream.
func (g *faultRig) rows() map[string]itemRow {
	g.t.Helper()
	rows, err := g.env.DB.Query(context.Background(), `SELECT stream, events, last_seq FROM readmodel.probe_items`)
	if err != nil {
		g.t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]itemRow{}
	for rows.Next() {
		var s string
		var r itemRow
		if err := rows.Scan(&s, &r.Events, &r.LastSeq); err != nil {
			g.t.Fatal(err)
		}
		out[s] = r
	}
	return out
}

// expected is the read model the written events make when each stream in cut keeps
// only its first cut[stream] events and the events in skipped are passed over.
func (g *faultRig) expected(cut map[string]int, skipped map[string]int) map[string]itemRow {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := map[string]itemRow{}
	for stream, events := range g.written {
		if n, ok := cut[stream]; ok {
			events = events[:n]
		}
		for _, e := range events {
			if skipped[stream] == e.Seq {
				continue
			}
			r := out[stream]
			r.Events++
			r.LastSeq = e.Seq
			out[stream] = r
		}
	}
	return out
}

// eventually waits, up to a minute, for ok; detail, if given, says what is missing.
func (g *faultRig) eventually(what string, ok func() bool, detail ...func() string) {
	g.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !ok() {
		if time.Now().After(deadline) {
			missing := ""
			for _, d := range detail {
				missing += d()
			}
			g.t.Fatalf("not within a minute: %s %s", what, missing)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (g *faultRig) parked() []projections.ParkedStream {
	g.t.Helper()
	parked, err := projections.ReadParked(context.Background(), g.env.DB)
	if err != nil {
		g.t.Fatal(err)
	}
	sort.Slice(parked, func(i, j int) bool { return parked[i].Stream < parked[j].Stream })
	return parked
}

// freshness follows application B's rows and answers, for each event seen, how long
// after its append the read model held it; stop ends it.
func (g *faultRig) freshness(stop <-chan struct{}) <-chan []time.Duration {
	out := make(chan []time.Duration, 1)
	go func() {
		seen := map[string]int{}
		var samples []time.Duration
		for {
			select {
			case <-stop:
				out <- samples
				return
			case <-time.After(5 * time.Millisecond):
			}
			rows, err := g.env.DB.Query(context.Background(), `SELECT stream, last_seq FROM readmodel.probe_items WHERE application_id = $1`, g.appB)
			if err != nil {
				continue
			}
			now := time.Now()
			for rows.Next() {
				var stream string
				var last int
				if rows.Scan(&stream, &last) != nil {
					continue
				}
				g.mu.Lock()
				for seq := seen[stream] + 1; seq <= last; seq++ {
					if at, ok := g.appended[fmt.Sprintf("%s/%d", stream, seq)]; ok {
						samples = append(samples, now.Sub(at))
					}
				}
				g.mu.Unlock()
				seen[stream] = max(seen[stream], last)
			}
			rows.Close()
		}
	}()
	return out
}

// steady writes to application B's ten entities and application A's healthy five, one
// event every 10 ms each, until stop is closed.
func (g *faultRig) steady(stop <-chan struct{}, seq *atomic.Int64) *sync.WaitGroup {
	var wg sync.WaitGroup
	for _, app := range []struct {
		id, prefix string
		entities   int64
	}{{g.appB, "probe_b-", 10}, {g.appA, "probe_a_ok-", 5}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := time.NewTicker(10 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
				}
				n := seq.Add(1)
				g.write(app.id, fmt.Sprintf("%s%d", app.prefix, n%app.entities), itemSet{}.EventType(), itemSet{Seq: int(n), Amount: 1})
			}
		}()
	}
	return &wg
}

func percentile(samples []time.Duration, p float64) time.Duration {
	if len(samples) == 0 {
		return 0
	}
	s := slices.Clone(samples)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

// The fault test (issue 21): in application A, poison events of five kinds — a value
// the read model cannot hold, a constraint violation, a handler panic, an unknown event
// version, an oversized payload — while application B writes at a steady rate. Each
// poison event is parked with the rest of its stream; B keeps being projected, A's
// other entities keep moving, nothing is lost or duplicated (the live read model equals
// what the log makes minus exactly the parked streams, and a rebuild parks the same and
// equals it too), an operator's skip is recorded in the log, and after a deploy that
// fixes the handler a retry of each parked stream makes everything equal.
func TestFaultPoisonIsParkedAndEveryoneElseMoves(t *testing.T) {
	g := newFaultRig(t)
	ctx := context.Background()
	runner, stop := g.start(probeRegistry(false), probe{})
	g.eventually("the probe built", func() bool {
		s, err := projections.ReadStatuses(ctx, g.env.DB)
		return err == nil && s["fault_probe"].State == "running" && !s["fault_probe"].RebuildRequested
	})
	// A's entity that holds the code the constraint-violating event will want.
	g.write(g.appA, "probe_a_holder", itemSet{}.EventType(), itemSet{Seq: 1, Code: "taken", Amount: 1})

	var seq atomic.Int64
	measure := func(d time.Duration, during func()) []time.Duration {
		stopWriting, stopMeasuring := make(chan struct{}), make(chan struct{})
		samples := g.freshness(stopMeasuring)
		writers := g.steady(stopWriting, &seq)
		during()
		time.Sleep(d)
		close(stopWriting)
		writers.Wait()
		want := g.expected(nil, nil)
		var behind []string
		g.eventually("B's and A's healthy events all projected", func() bool {
			rows := g.rows()
			behind = behind[:0]
			for stream, w := range want {
				if strings.HasPrefix(stream, "probe_b-") || strings.HasPrefix(stream, "probe_a_ok-") {
					if rows[stream] != w {
						behind = append(behind, fmt.Sprintf("%s %+v, want %+v", stream, rows[stream], w))
					}
				}
			}
			return len(behind) == 0
		}, func() string { return strings.Join(behind, "; ") })
		time.Sleep(20 * time.Millisecond) // the last look of the freshness probe
		close(stopMeasuring)
		return <-samples
	}
	clean := measure(2*time.Second, func() {})

	poisons := []struct {
		stream, typ string
		poison      itemSet
		wantError   string
	}{
		{"probe_a_year0", itemSet{}.EventType(), itemSet{Day: "0000-01-01"}, "out of range"},
		{"probe_a_smallint", itemSet{}.EventType(), itemSet{Amount: 40000}, "out of range"},
		{"probe_a_duplicate", itemSet{}.EventType(), itemSet{Code: "taken"}, "duplicate key"},
		{"probe_a_panic", itemSet{}.EventType(), itemSet{Panic: true}, "panic"},
		{"probe_a_v2", itemSetV2{}.EventType(), itemSet{}, "unknown event type probe.item_set.v2"},
		{"probe_a_oversized", itemSet{}.EventType(), itemSet{Note: oversizedNote(t)}, "index row"},
	}
	cut := map[string]int{}
	poisoned := measure(2*time.Second, func() {
		for _, p := range poisons {
			g.write(g.appA, p.stream, itemSet{}.EventType(), itemSet{Seq: 1, Amount: 1})
			p.poison.Seq = 2
			g.write(g.appA, p.stream, p.typ, p.poison)
			g.write(g.appA, p.stream, itemSet{}.EventType(), itemSet{Seq: 3, Amount: 2})
			g.write(g.appA, p.stream, itemSet{}.EventType(), itemSet{Seq: 4, Amount: 3})
			cut[p.stream] = 1
		}
	})
	g.eventually("every poison parked", func() bool { return len(g.parked()) == len(poisons) })
	time.Sleep(200 * time.Millisecond) // whatever could still (wrongly) happen, happens

	checkParked := func(when string) {
		t.Helper()
		parked := g.parked()
		if len(parked) != len(poisons) {
			t.Fatalf("%s: parked %+v, want %d streams", when, parked, len(poisons))
		}
		for _, p := range parked {
			i := slices.IndexFunc(poisons, func(q struct {
				stream, typ string
				poison      itemSet
				wantError   string
			}) bool {
				return q.stream == p.Stream
			})
			if i < 0 || !strings.Contains(p.Error, poisons[i].wantError) || p.Waiting != 2 || p.ApplicationID != g.appA ||
				p.EventType != poisons[i].typ || p.Projector != "fault_probe" {
				t.Errorf("%s: parked %+v, want the poison of %s (%q) with 2 waiting", when, p, poisons[i].stream, poisons[i].wantError)
			}
		}
		if rows, want := g.rows(), g.expected(cut, nil); !equalRows(rows, want) {
			t.Errorf("%s: read model\n%v\nwant\n%v", when, rows, want)
		}
	}
	checkParked("live")
	statuses, err := projections.ReadStatuses(ctx, g.env.DB)
	if err != nil || statuses["fault_probe"].State != "running" {
		t.Fatalf("the projector is %+v (%v), want running: a parked event is no failure", statuses["fault_probe"], err)
	}

	// A rebuild meets the same events, parks them the same way, and finishes.
	g.env.Rebuild(t, runner)
	checkParked("after a rebuild")

	t.Logf("B's freshness on a loaded machine (append returned → row visible, polled every 5 ms): "+
		"without poison p50 %v p99 %v (n=%d); with A's poison p50 %v p99 %v (n=%d)",
		percentile(clean, 0.5), percentile(clean, 0.99), len(clean), percentile(poisoned, 0.5), percentile(poisoned, 0.99), len(poisoned))
	if len(poisoned) < 100 {
		t.Errorf("B advanced by %d events while A was poisoned, want its ~200", len(poisoned))
	}

	// An operator skips the panicking event, with a reason: recorded in the log; the
	// events behind it are applied.
	if _, err := runner.Skip(ctx, "fault_probe", "probe_a_panic", "  ", eventstore.Metadata{ActorID: "operator-1"}); !errors.Is(err, projections.ErrReasonRequired) {
		t.Fatalf("a skip without a reason: %v, want ErrReasonRequired", err)
	}
	out, err := runner.Skip(ctx, "fault_probe", "probe_a_panic", "imported by a broken script", eventstore.Metadata{ActorID: "operator-1"})
	if err != nil || out.Applied != 2 || out.Parked != 0 {
		t.Fatalf("skip: %+v %v, want the 2 waiting applied", out, err)
	}
	skipped := map[string]int{"probe_a_panic": 2}
	delete(cut, "probe_a_panic")
	skips, err := projections.ReadSkips(ctx, g.env.DB, 10)
	if err != nil || len(skips) != 1 || skips[0].Reason != "imported by a broken script" || skips[0].ActorID != "operator-1" || skips[0].Stream != "probe_a_panic" {
		t.Fatalf("skip history %+v %v", skips, err)
	}
	logged, err := g.env.Store.ReadStream(ctx, projection.SkipStream("fault_probe"), eventstore.Forwards, 0, 10)
	if err != nil || len(logged) != 1 || logged[0].Type != "projection.event_skipped.v1" || logged[0].Metadata.ActorID != "operator-1" ||
		!strings.Contains(string(logged[0].Data), skips[0].EventID) {
		t.Fatalf("the skip in the log: %+v %v", logged, err)
	}
	if rows, want := g.rows(), g.expected(cut, skipped); !equalRows(rows, want) {
		t.Errorf("after the skip: read model\n%v\nwant\n%v", rows, want)
	}
	// A retry with the same code changes nothing but the attempt count.
	out, err = runner.Retry(ctx, "fault_probe", "probe_a_year0")
	if err != nil || out.Applied != 0 || out.Parked != 3 || !strings.Contains(out.Error, "out of range") {
		t.Fatalf("retry before the fix: %+v %v", out, err)
	}
	if _, err := runner.Retry(ctx, "fault_probe", "probe_b-1"); !errors.Is(err, projections.ErrNotParked) {
		t.Fatalf("retry of a stream with nothing parked: %v, want ErrNotParked", err)
	}

	// The deploy that fixes the handler (and knows v2); a retry of each parked stream.
	stop()
	runner, _ = g.start(probeRegistry(true), probe{fixed: true})
	for _, p := range g.parked() {
		started := time.Now()
		out, err := runner.Retry(ctx, "fault_probe", p.Stream)
		if err != nil || out.Applied != 3 || out.Parked != 0 {
			t.Fatalf("retry of %s after the fix: %+v %v", p.Stream, out, err)
		}
		t.Logf("retry of %s: %v from the retry to caught up (loaded machine)", p.Stream, time.Since(started))
	}
	if parked := g.parked(); len(parked) != 0 {
		t.Fatalf("still parked after the retries: %+v", parked)
	}
	if rows, want := g.rows(), g.expected(nil, skipped); !equalRows(rows, want) {
		t.Errorf("after the retries: read model\n%v\nwant\n%v", rows, want)
	}
	g.env.Rebuild(t, runner)
	if rows, want := g.rows(), g.expected(nil, skipped); !equalRows(rows, want) || len(g.parked()) != 0 {
		t.Errorf("a rebuild with the fixed code: read model\n%v\nwant\n%v\nparked %+v", rows, want, g.parked())
	}
}

func equalRows(a, b map[string]itemRow) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// oversizedNote is 300 kB of hex noise: too big for an index row, compressed or not.
func oversizedNote(t *testing.T) string {
	b := make([]byte, 150_000)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

// flaky fails its first applies with a deadlock, as a busy database does.
type flaky struct {
	probe
	failures *atomic.Int32
}

func (f flaky) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	if f.failures.Add(-1) >= 0 {
		return fmt.Errorf("probe: %w", &pgconn.PgError{Code: "40P01", Message: "deadlock detected"})
	}
	return f.probe.Apply(ctx, w, e)
}

// A transient failure (a deadlock) is retried in place and never parked.
func TestTransientFailureIsRetriedNotParked(t *testing.T) {
	g := newFaultRig(t)
	var failures atomic.Int32
	r, err := projections.NewRunner(g.env.Store, g.env.DB, probeRegistry(false), g.env.Vault, testenv.Logger(t), nil, flaky{failures: &failures})
	if err != nil {
		t.Fatal(err)
	}
	g.env.RunProjections(t, r)
	g.eventually("the probe built", func() bool {
		s, err := projections.ReadStatuses(context.Background(), g.env.DB)
		return err == nil && s["fault_probe"].State == "running" && !s["fault_probe"].RebuildRequested
	})
	failures.Store(3)
	g.write(g.appA, "probe_a_busy", itemSet{}.EventType(), itemSet{Seq: 1, Amount: 1})
	g.eventually("the event applied after the deadlocks", func() bool { return g.rows()["probe_a_busy"] == itemRow{Events: 1, LastSeq: 1} })
	if parked := g.parked(); len(parked) != 0 {
		t.Fatalf("a transient failure parked %+v", parked)
	}
	if !projections.Transient(&pgconn.PgError{Code: "40001"}) || !projections.Transient(&pgconn.PgError{Code: "57014"}) ||
		!projections.Transient(&pgconn.PgError{Code: "53300"}) || !projections.Transient(&pgconn.PgError{Code: "08006"}) ||
		projections.Transient(&pgconn.PgError{Code: "22008"}) || projections.Transient(&pgconn.PgError{Code: "23505"}) ||
		projections.Transient(errors.New("domain: unknown event type x")) || !projections.Transient(context.Canceled) {
		t.Fatal("Transient classifies wrongly")
	}
}
