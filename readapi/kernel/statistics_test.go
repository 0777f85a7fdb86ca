package kernel_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	domainidentity "move/domain/identity"
	"move/domain/organization"
	"move/domain/wallet"
	"move/identity"
	"move/internal/testenv"
	"move/projections"
	rmidentity "move/projections/identity"
	rmorg "move/projections/organizations"
	rmwallets "move/projections/wallets"
	"move/readapi"
	"move/readapi/kernel"
	"move/readapi/readapitest"
)

// Commands cannot choose when their events happen: recorded_at is the store's own
// clock (the database's now() at the append). A test of days and time zones therefore
// writes its history through the commands and then moves the events' recorded_at in
// the store, where the instant lives, before the read model is built from the log.
func recordAt(t *testing.T, db *pgxpool.Pool, at string, where string, args ...any) {
	t.Helper()
	tag, err := db.Exec(context.Background(), `UPDATE eventstore_events SET recorded_at = '`+at+`'::timestamptz WHERE `+where, args...)
	if err != nil {
		t.Fatal(err)
	}
	if tag.RowsAffected() == 0 {
		t.Fatalf("no event matches %s %v", where, args)
	}
}

// rebuildAndWait rebuilds a read model from the log and waits until it serves again.
func rebuildAndWait(t *testing.T, db *pgxpool.Pool, name string) {
	t.Helper()
	ctx := context.Background()
	if err := projections.RequestRebuild(ctx, db, []string{name}); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		statuses, err := projections.ReadStatuses(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		if s := statuses[name]; !s.RebuildRequested && s.State == "running" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("rebuild of %s did not finish: %+v", name, statuses[name])
		}
	}
}

// setTimezone changes the application's time zone setting and waits for the read model.
func setTimezone(t *testing.T, env *testenv.Env, app, name, slug string, tz *string) {
	t.Helper()
	ctx := context.Background()
	res, err := env.App.UpdateApplication(ctx, commands.Meta{}, app, nil, domainidentity.ApplicationSettings{Name: name, Slug: slug, Timezone: tz})
	if err != nil {
		t.Fatal(err)
	}
	wait, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := projections.WaitFor(wait, env.DB, []string{rmidentity.Name}, res.Position); err != nil {
		t.Fatal(err)
	}
}

func zone(name string) *string { return &name }

// orgDay is an organisation statistics day: day, created, approved, rejected.
func orgDay(d any) [4]any {
	return [4]any{readapitest.Dig(d, "day"), readapitest.Dig(d, "created"), readapitest.Dig(d, "approved"), readapitest.Dig(d, "rejected")}
}

// The statistics' days are the application's days (decision 0405): an organisation
// recorded at 23:30 UTC on 10 March counts on 11 March in Europe/Amsterdam (the
// default, no time zone set) and on 10 March for an application in UTC; in a zone a
// quarter hour off the hour (Asia/Kathmandu, UTC+5:45) the day turns at 18:15 UTC, and
// the quarter-hour buckets split there exactly.
func TestOrganizationStatisticsInApplicationTimeZone(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	created, err := env.App.CreateApplication(ctx, commands.Meta{}, domainidentity.ApplicationSettings{Name: "Zoned", Slug: "zoned"})
	if err != nil {
		t.Fatal(err)
	}
	app := created.ID
	api, err := readapi.New(kernel.Deps{
		App: env.App, DB: env.DB, Auth: readapitest.RoleAuth{}, Tenants: readapitest.RoleAuth{}, Authz: readapitest.RoleAuth{},
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(),
		Ready: func(context.Context) error { return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	c := &readapitest.Client{T: t, Base: srv.URL, Role: "superadmin", Lang: "en"}
	in := []string{"ApplicationId", app}

	// The history, written before any read model exists, then placed in time.
	// No read model runs yet, so a write does not ask for the one before it.
	write := func(path string, body any, status int) readapitest.Response {
		c.Position = ""
		return c.Want(c.Do("POST", path, body, in...), status)
	}
	newOrg := func(name string) string {
		return readapitest.Dig(write("/v1/admin/applications/organizations", map[string]any{"name": name}, 201).Body, "data", "id").(string)
	}
	late, evening, night := newOrg("Late"), newOrg("Evening"), newOrg("Night")
	write("/v1/admin/organizations/"+late+"/approve", nil, 200)
	recordAt(t, env.DB, "2025-03-10T23:30:00Z", `stream = $1 AND type = $2`, organization.Stream(late), organization.Created{}.EventType())
	recordAt(t, env.DB, "2025-03-11T00:10:00Z", `stream = $1 AND type = $2`, organization.Stream(late), organization.Approved{}.EventType())
	recordAt(t, env.DB, "2025-03-10T18:10:00Z", `stream = $1`, organization.Stream(evening))
	recordAt(t, env.DB, "2025-03-10T18:20:00Z", `stream = $1`, organization.Stream(night))
	env.RunProjections(t, env.Runner(t, rmorg.Projector(), rmidentity.Projector()))
	head, err := env.Store.Head(ctx)
	if err != nil {
		t.Fatal(err)
	}
	wait, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := projections.WaitFor(wait, env.DB, []string{rmorg.Name, rmidentity.Name}, head); err != nil {
		t.Fatal(err)
	}

	const period = "/v1/admin/application/statistics?from=2025-03-09&to=2025-03-12"
	for _, tc := range []struct {
		zone    *string
		perDay  [][4]any
		perWeek [][4]any
	}{
		{nil, [][4]any{ // Europe/Amsterdam, UTC+1 in March: 00:30, 19:10, 19:20; approved 01:10
			{"2025-03-09", 0.0, 0.0, 0.0}, {"2025-03-10", 2.0, 0.0, 0.0}, {"2025-03-11", 1.0, 1.0, 0.0}, {"2025-03-12", 0.0, 0.0, 0.0}},
			[][4]any{{"2025-03-03", 0.0, 0.0, 0.0}, {"2025-03-10", 3.0, 1.0, 0.0}}},
		{zone("UTC"), [][4]any{
			{"2025-03-09", 0.0, 0.0, 0.0}, {"2025-03-10", 3.0, 0.0, 0.0}, {"2025-03-11", 0.0, 1.0, 0.0}, {"2025-03-12", 0.0, 0.0, 0.0}},
			[][4]any{{"2025-03-03", 0.0, 0.0, 0.0}, {"2025-03-10", 3.0, 1.0, 0.0}}},
		{zone("Asia/Kathmandu"), [][4]any{ // 05:15, 23:55, 00:05; approved 05:55
			{"2025-03-09", 0.0, 0.0, 0.0}, {"2025-03-10", 1.0, 0.0, 0.0}, {"2025-03-11", 2.0, 1.0, 0.0}, {"2025-03-12", 0.0, 0.0, 0.0}},
			[][4]any{{"2025-03-03", 0.0, 0.0, 0.0}, {"2025-03-10", 3.0, 1.0, 0.0}}},
		{zone("America/New_York"), [][4]any{ // UTC-4 since 9 March: 19:30, 14:10, 14:20; approved 20:10
			{"2025-03-09", 0.0, 0.0, 0.0}, {"2025-03-10", 3.0, 1.0, 0.0}, {"2025-03-11", 0.0, 0.0, 0.0}, {"2025-03-12", 0.0, 0.0, 0.0}},
			[][4]any{{"2025-03-03", 0.0, 0.0, 0.0}, {"2025-03-10", 3.0, 1.0, 0.0}}},
	} {
		setTimezone(t, env, app, "Zoned", "zoned", tc.zone)
		stats := c.Want(c.Do("GET", period, nil, in...), 200)
		name := "default"
		if tc.zone != nil {
			name = *tc.zone
		}
		if readapitest.Dig(stats.Body, "data", "from") != "2025-03-09" || readapitest.Dig(stats.Body, "data", "to") != "2025-03-12" || readapitest.Dig(stats.Body, "data", "organizations_total") != 3.0 {
			t.Fatalf("%s: %s", name, stats.Raw)
		}
		for key, want := range map[string][][4]any{"new_organizations_per_day": tc.perDay, "new_organizations_per_week": tc.perWeek} {
			got := readapitest.Dig(stats.Body, "data", key).([]any)
			if len(got) != len(want) {
				t.Fatalf("%s %s: %s", name, key, stats.Raw)
			}
			for i := range got {
				if orgDay(got[i]) != want[i] {
					t.Errorf("%s %s[%d]: got %v, want %v", name, key, i, orgDay(got[i]), want[i])
				}
			}
		}
	}

	// Without from and to: the last 30 days up to today in the application's zone.
	setTimezone(t, env, app, "Zoned", "zoned", zone("Pacific/Kiritimati"))
	stats := c.Want(c.Do("GET", "/v1/admin/application/statistics", nil, in...), 200)
	kiritimati, _ := time.LoadLocation("Pacific/Kiritimati")
	if today := time.Now().In(kiritimati).Format(time.DateOnly); readapitest.Dig(stats.Body, "data", "to") != today {
		t.Fatalf("default period ends %v, want %s (today in Kiritimati)", readapitest.Dig(stats.Body, "data", "to"), today)
	}

	// days=N, as the SPA's presets ask: the last N days up to today in the application's
	// zone, which may be another day than the caller's.
	week := c.Want(c.Do("GET", "/v1/admin/application/statistics?days=7", nil, in...), 200)
	today := time.Now().In(kiritimati)
	if from, to := readapitest.Dig(week.Body, "data", "from"), readapitest.Dig(week.Body, "data", "to"); to != today.Format(time.DateOnly) ||
		from != today.AddDate(0, 0, -6).Format(time.DateOnly) || len(readapitest.Dig(week.Body, "data", "new_organizations_per_day").([]any)) != 7 {
		t.Fatalf("days=7 in Kiritimati on %s: %s", today.Format(time.DateOnly), week.Raw)
	}
	for _, bad := range []string{"days=0", "days=368", "days=seven", "days=-3", "days=7&from=2025-03-09", "days=7&to=2025-03-12"} {
		c.Want(c.Do("GET", "/v1/admin/application/statistics?"+bad, nil, in...), 400)
	}
	c.Want(c.Do("GET", "/v1/admin/application/statistics?days=367", nil, in...), 200)
}

// The wallet statistics count in the application's days too: issued and redeemed by the
// event's instant, expired by the expiry instant (decision 0405).
func TestWalletStatisticsInApplicationTimeZone(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	admin := w.As(w.Admin, w.AppA)
	carla := w.As(w.Users["customer"], w.AppA)
	id := admin.NewWallet("Zones", "zones", nil)
	batch, codes := admin.Generate(id, map[string]any{"quantity": 2, "value_moves": 5,
		"expires_at": time.Now().Add(time.Hour).UTC().Format(time.RFC3339)})
	carla.C.Want(readapitest.RedeemIn(carla, id, codes[0]), 200)
	w.Settle()

	// Issued at 23:30 UTC on 10 March, one redeemed at 23:45, the other expired at 23:50
	// (the command refuses an expiry in the past, rightly: the history is moved in the
	// store, expiry included, as if it had happened then).
	recordAt(t, w.Env.DB, "2025-03-10T23:30:00Z", `stream = $1`, wallet.BatchStream(batch))
	recordAt(t, w.Env.DB, "2025-03-10T23:45:00Z", `type = $1 AND data->>'wallet_id' = $2`, wallet.CouponRedeemed{}.EventType(), id)
	if _, err := w.Env.DB.Exec(context.Background(), `
		UPDATE eventstore_events SET data = jsonb_set(data, '{expires_at}', '"2025-03-10T23:50:00Z"')
		 WHERE (stream = $1 AND type = $2) OR (type = $3 AND data->>'batch_id' = $4)`,
		wallet.BatchStream(batch), wallet.BatchGenerated{}.EventType(), wallet.CouponIssued{}.EventType(), batch); err != nil {
		t.Fatal(err)
	}
	rebuildAndWait(t, w.Env.DB, rmwallets.Name)

	day := func(d any) [4]any {
		return [4]any{readapitest.Dig(d, "day"), readapitest.Dig(d, "issued"), readapitest.Dig(d, "redeemed"), readapitest.Dig(d, "expired")}
	}
	for _, tc := range []struct {
		zone *string
		want [][4]any
	}{
		{nil, [][4]any{{"2025-03-10", 0.0, 0.0, 0.0}, {"2025-03-11", 10.0, 5.0, 5.0}}}, // Europe/Amsterdam: 00:30, 00:45, 00:50
		{zone("UTC"), [][4]any{{"2025-03-10", 10.0, 5.0, 5.0}, {"2025-03-11", 0.0, 0.0, 0.0}}},
	} {
		setTimezone(t, w.Env, w.AppA, "App app-a", "app-a", tc.zone)
		stats := admin.Want("GET", "/v1/admin/wallets/"+id+"/statistics?from=2025-03-10&to=2025-03-11", nil, 200)
		if readapitest.Dig(stats.Body, "data", "totals", "issued") != 10.0 || readapitest.Dig(stats.Body, "data", "totals", "redeemed") != 5.0 || readapitest.Dig(stats.Body, "data", "totals", "expired") != 5.0 || readapitest.Dig(stats.Body, "data", "totals", "outstanding") != 0.0 {
			t.Fatalf("totals: %s", stats.Raw)
		}
		got := readapitest.Dig(stats.Body, "data", "days").([]any)
		if len(got) != len(tc.want) {
			t.Fatalf("days: %s", stats.Raw)
		}
		for i := range got {
			if day(got[i]) != tc.want[i] {
				t.Errorf("zone %v day %d: got %v, want %v", tc.zone, i, day(got[i]), tc.want[i])
			}
		}
	}
}
