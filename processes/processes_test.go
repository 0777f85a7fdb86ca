package processes_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/closure"
	"move/domain/identity"
	"move/domain/organization"
	"move/domain/series"
	"move/domain/wallet"
	"move/eventstore"
	"move/internal/testenv"
	"move/processes"
	"move/projections"
	"move/projections/readmodels"
)

type fixture struct {
	env      *testenv.Env
	runner   *projections.Runner // the read models' and to-do lists' runner, live
	worker   *processes.Worker
	app      string
	customer string
	wallet   string
}

func setup(t *testing.T) fixture {
	t.Helper()
	ctx := context.Background()
	env := testenv.New(t)
	// The waitlist's due work reads the sessions, participants and applications too.
	runner := env.Runner(t, readmodels.All()...)
	env.RunProjections(t, runner)
	res, err := env.App.CreateApplication(ctx, commands.Meta{ActorID: "test"}, identity.ApplicationSettings{Name: "Demo", Slug: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	f := fixture{env: env, runner: runner, app: res.ID, customer: uuid.NewString()}
	if _, err := env.App.RegisterUser(ctx, commands.Meta{ActorID: "test"}, f.customer, f.customer+"@move.test"); err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.GrantRole(ctx, commands.Meta{ActorID: "test"}, f.customer, identity.Grant{Role: identity.RoleCustomer, ApplicationID: f.app}); err != nil {
		t.Fatal(err)
	}
	w, err := env.App.CreateWallet(ctx, f.meta(), wallet.Settings{Name: "Sportpas", Slug: "sportpas", PriceDisplayMode: wallet.DisplayMoves, CanTopUp: true})
	if err != nil {
		t.Fatal(err)
	}
	f.wallet = w.ID
	f.worker = processes.NewWorker(env.App, env.DB, projections.NewLocks(env.DB.Config().ConnConfig), testenv.Logger(t), prometheus.NewRegistry())
	f.worker.Grace = 0
	return f
}

func (f fixture) meta() commands.Meta { return commands.Meta{ActorID: "admin", ApplicationID: f.app} }

// bundleSpec is what the bundle tests vary of the bundle they set up.
type bundleSpec struct {
	spots      int
	priceCents int64
	waitlist   bool // the activity has a waiting list
	approved   bool // the organisation is approved: customers book only what the offer shows
}

// aBundle is a bundle "Voorjaar" of a bundle activity "Zwemcursus" of an organisation
// of its own, starting a week ahead; meta is the application's staff.
type aBundle struct {
	org, id string
	meta    commands.Meta
	start   time.Time
	spots   int
}

// newBundle sets up a bundle of an organisation of its own, as spec says.
func (f fixture) newBundle(t *testing.T, spec bundleSpec) aBundle {
	t.Helper()
	ctx := context.Background()
	org := uuid.NewString()
	meta := commands.Meta{ActorID: "admin", ApplicationID: f.app, OrganizationID: org}
	if _, err := f.env.App.CreateOrganization(ctx, meta, organization.Profile{Name: "Studio"}); err != nil {
		t.Fatal(err)
	}
	if spec.approved {
		if _, err := f.env.App.ApproveOrganization(ctx, meta, org); err != nil {
			t.Fatal(err)
		}
	}
	meta.OrganizationID = ""
	act, err := f.env.App.CreateActivity(ctx, meta, org, activity.TypeBundle, activity.Details{Name: "Zwemcursus"},
		activity.Settings{HasWaitlist: spec.waitlist})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now().AddDate(0, 0, 7)
	b, err := f.env.App.CreateBundle(ctx, meta, act.ID, bundle.Fields{Name: "Voorjaar", Spots: spec.spots,
		StartDate: start.Format(time.DateOnly), PriceCents: spec.priceCents})
	if err != nil {
		t.Fatal(err)
	}
	return aBundle{org: org, id: b.ID, meta: meta, start: start, spots: spec.spots}
}

// session adds a series of one session on day (10:00–11:00, the bundle's spots) to the
// bundle, and answers it.
func (b aBundle) session(t *testing.T, f fixture, day string) closure.SessionRef {
	t.Helper()
	s, err := f.env.App.CreateBundleSeries(context.Background(), b.meta, b.id, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: day, StartTime: "10:00", EndTime: "11:00", Spots: b.spots}})
	if err != nil {
		t.Fatal(err)
	}
	return closure.SessionRef{SeriesID: s.ID, SessionID: series.SessionID(s.ID, day)}
}

// book books a spot of the bundle (or its waiting list) for a participant by name, as
// staff, in language.
func (b aBundle) book(t *testing.T, f fixture, name, language string) commands.Booked {
	t.Helper()
	x, err := f.env.App.BookBundle(context.Background(), b.meta, commands.BundleBooking{BundleID: b.id, ByStaff: true, Language: language,
		Participant: booking.Participant{FirstName: name, LastName: "Jansen", Email: name + "@example.test"}})
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// typesIn counts the stored events of a type (the table, not the log reader: the
// reader waits for every older transaction of the cluster).
func (f fixture) typesIn(t *testing.T, typ string) int {
	t.Helper()
	var n int
	if err := f.env.DB.QueryRow(context.Background(), `SELECT count(*) FROM eventstore_events WHERE type = $1`, typ).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// caughtUp waits until every projector of the fixture (the to-do lists and the read
// models the worker reads) has applied the last stored event. The last event is read
// from the table, not the log's head: the head stops short of events that other tests'
// open transactions on the cluster keep behind the horizon, and a wait for it could
// return before this test's own events were applied.
func (f fixture) caughtUp(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var last eventstore.Position
	if err := f.env.DB.QueryRow(ctx, `
		SELECT commit_key, position FROM eventstore_events ORDER BY commit_key DESC, position DESC LIMIT 1`,
	).Scan(&last.Commit, &last.Prepare); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range readmodels.All() {
		names = append(names, p.Name())
	}
	if err := projections.WaitFor(ctx, f.env.DB, names, last); err != nil {
		t.Fatal(err)
	}
}

// untilIdle runs worker passes, each once the projectors have caught up with the log,
// until one finds nothing to do after some work was done (an item may wait out its
// backoff first; a step's own events may make more work), and answers how many steps
// the passes took.
func (f fixture) untilIdle(t *testing.T) int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	total := 0
	for {
		f.caughtUp(t)
		done, err := f.worker.Pass(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		total += done
		if done == 0 && total > 0 {
			return total
		}
		if time.Now().After(deadline) {
			t.Fatalf("the worker did not finish: %d steps", total)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A process that stops between the coupon's redemption and the wallet's credit leaves
// a redeemed coupon without a credit; the worker credits it, once, however often it
// passes.
func TestWorkerCreditsARedemptionAStoppedRequestLeft(t *testing.T) {
	ctx := context.Background()
	f := setup(t)
	if _, err := f.env.App.GenerateCoupons(ctx, f.meta(), f.wallet, wallet.BatchSpec{Quantity: 1, ValueMoves: 30, Enabled: true}); err != nil {
		t.Fatal(err)
	}
	code := f.codes(t)[0]

	f.env.App.AfterRedeem(func() { panic("stopped") })
	func() {
		defer func() { _ = recover() }()
		_, _ = f.env.App.RedeemCoupon(ctx, f.meta(), commands.Redemption{WalletID: f.wallet, CustomerID: f.customer, Code: code, Via: wallet.ViaApp})
		t.Fatal("the failpoint stops the redemption")
	}()
	f.env.App.AfterRedeem(nil)
	if f.typesIn(t, "coupon.redeemed.v1") != 1 || f.typesIn(t, "wallet.credited.v1") != 0 {
		t.Fatal("the stop left a redemption without a credit")
	}

	f.untilIdle(t)
	if got := f.typesIn(t, "wallet.credited.v1"); got != 1 {
		t.Fatalf("credited %d times", got)
	}
	// The redeeming request retried (same command id) after the worker credited: it
	// answers, and credits nothing more.
	if _, err := f.env.App.CreditRedemption(ctx, "", wallet.CouponID(code)); err != nil {
		t.Fatal(err)
	}
	if got := f.typesIn(t, "wallet.credited.v1"); got != 1 {
		t.Fatalf("credited %d times", got)
	}
}

// A batch a stopped process left half issued is issued to its quantity, no further.
func TestWorkerIssuesTheRestOfABatch(t *testing.T) {
	ctx := context.Background()
	f := setup(t)
	// The generating request wrote the order and stopped before any chunk.
	batch := uuid.NewString()
	data, _ := json.Marshal(wallet.BatchGenerated{ApplicationID: f.app, WalletID: f.wallet,
		BatchSpec: wallet.BatchSpec{Quantity: wallet.ChunkSize + 5, ValueMoves: 1, Enabled: true}})
	if _, err := f.env.Store.Append(ctx, wallet.BatchStream(batch), eventstore.NoStream, eventstore.EventData{
		ID: uuid.New(), Type: "coupon_batch.generated.v1", Data: data,
		Metadata: eventstore.Metadata{ApplicationID: f.app, ActorID: "admin"}}); err != nil {
		t.Fatal(err)
	}
	f.untilIdle(t)
	if got := f.typesIn(t, "coupon.issued.v1"); got != wallet.ChunkSize+5 {
		t.Fatalf("issued %d coupons", got)
	}
}

// codes answers the issued codes, from the stored events.
func (f fixture) codes(t *testing.T) []string {
	t.Helper()
	rows, err := f.env.DB.Query(context.Background(), `SELECT data->>'code' FROM eventstore_events WHERE type = 'coupon.issued.v1' ORDER BY position`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}
