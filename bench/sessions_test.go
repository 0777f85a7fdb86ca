package bench

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	"move/domain/activity"
	"move/domain/organization"
	"move/domain/series"
	"move/internal/testenv"
	rmactivities "move/projections/activities"
	rmidentity "move/projections/identity"
	rmorg "move/projections/organizations"
	"move/readapi"
	"move/readapi/kernel"
)

// seriesWorld is an application with one organisation and one activity, its projections running.
func seriesWorld(b *testing.B) (*testenv.Env, commands.Meta, string) {
	env := testenv.New(b)
	env.RunProjections(b, env.Runner(b, rmactivities.Projector(), rmorg.Projector()))
	ctx := context.Background()
	meta := commands.Meta{ApplicationID: uuid.NewString(), ActorID: "bench"}
	org, err := env.App.CreateOrganization(ctx, meta, organization.Profile{Name: "Studio"})
	if err != nil {
		b.Fatal(err)
	}
	act, err := env.App.CreateActivity(ctx, meta, org.ID, activity.TypeSession, activity.Details{Name: "Yoga"}, activity.Settings{})
	if err != nil {
		b.Fatal(err)
	}
	return env, meta, act.ID
}

// waitRows waits until the read model holds n sessions of the series.
func waitRows(b *testing.B, env *testenv.Env, seriesID string, n int) {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		var got int
		_ = env.DB.QueryRow(context.Background(), `SELECT count(*) FROM readmodel.sessions WHERE series_id = $1`, seriesID).Scan(&got)
		if got == n {
			return
		}
	}
	b.Fatalf("series %s never reached %d sessions", seriesID, n)
}

// BenchmarkSessionSeriesCreate: a two-year series on three weekdays (~312 sessions):
// the command (decide + one append) and the time until every session is in the read model.
func BenchmarkSessionSeriesCreate(b *testing.B) {
	env, meta, act := seriesWorld(b)
	ctx := context.Background()
	first := time.Now().AddDate(0, 0, 7).Format(time.DateOnly)
	until := time.Now().AddDate(2, 0, 7).Format(time.DateOnly)
	sc := series.Schedule{Session: series.Session{Date: first, StartTime: "19:00", EndTime: "20:00", Spots: 20},
		Repetition: &series.Repetition{Type: series.Weeks, Every: 1, Days: []string{"monday", "wednesday", "friday"}, Until: until}}
	const runs = 30
	command, visible := make([]time.Duration, runs), make([]time.Duration, runs)
	sessions := len(series.RuleDates(sc))
	for i := range runs {
		start := time.Now()
		res, err := env.App.CreateSeries(ctx, meta, act, "Europe/Amsterdam", sc)
		if err != nil {
			b.Fatal(err)
		}
		command[i] = time.Since(start)
		waitRows(b, env, res.ID, sessions)
		visible[i] = time.Since(start)
	}
	sortDurations(command)
	sortDurations(visible)
	b.Logf("create a series of %d sessions: command p50 %v p99 %v; all sessions visible p50 %v p99 %v", sessions,
		percentile(command, 0.5).Round(100*time.Microsecond), percentile(command, 0.99).Round(100*time.Microsecond),
		percentile(visible, 0.5).Round(100*time.Microsecond), percentile(visible, 0.99).Round(100*time.Microsecond))
}

// BenchmarkSessionFollowing: "this and all later" on a series with 1,000 future
// sessions: the impact preview, the command, and the read model caught up.
func BenchmarkSessionFollowing(b *testing.B) {
	env, meta, act := seriesWorld(b)
	ctx := context.Background()
	first := time.Now().AddDate(0, 0, 1)
	sc := series.Schedule{Session: series.Session{Date: first.Format(time.DateOnly), StartTime: "07:00", EndTime: "08:00", Spots: 20},
		Repetition: &series.Repetition{Type: series.Weeks, Every: 1, Days: series.Days, Until: first.AddDate(0, 0, 999).Format(time.DateOnly)}}
	const runs = 10
	preview, command, visible := make([]time.Duration, runs), make([]time.Duration, runs), make([]time.Duration, runs)
	for i := range runs {
		res, err := env.App.CreateSeries(ctx, meta, act, "Europe/Amsterdam", sc)
		if err != nil {
			b.Fatal(err)
		}
		waitRows(b, env, res.ID, 1000)
		next := sc
		next.StartTime, next.EndTime = "08:00", "09:00"
		next.Repetition = &series.Repetition{Type: series.Weeks, Every: 1, Days: []string{"monday", "tuesday", "wednesday", "thursday", "friday"}, Until: sc.Repetition.Until}
		session := series.SessionID(res.ID, sc.Date)
		start := time.Now()
		impact, err := env.App.PreviewFollowingSessions(ctx, meta, res.ID, session, next)
		if err != nil || impact.Moved == 0 {
			b.Fatal(err, impact)
		}
		preview[i] = time.Since(start)
		start = time.Now()
		changed, err := env.App.ChangeFollowingSessions(ctx, meta, res.ID, session, next)
		if err != nil {
			b.Fatal(err)
		}
		command[i] = time.Since(start)
		waitRows(b, env, changed.ID, impact.Moved+impact.Changed+impact.Added+impact.Unchanged)
		waitRows(b, env, res.ID, 0)
		visible[i] = time.Since(start)
	}
	for _, d := range [][]time.Duration{preview, command, visible} {
		sortDurations(d)
	}
	b.Logf("this and all later over 1,000 future sessions: impact p50 %v p99 %v; command p50 %v p99 %v; read model caught up p50 %v p99 %v",
		percentile(preview, 0.5).Round(100*time.Microsecond), percentile(preview, 0.99).Round(100*time.Microsecond),
		percentile(command, 0.5).Round(100*time.Microsecond), percentile(command, 0.99).Round(100*time.Microsecond),
		percentile(visible, 0.5).Round(100*time.Microsecond), percentile(visible, 0.99).Round(100*time.Microsecond))
}

// sessionRows fills the read model straight: n sessions of one application over 200
// organisations and 2,000 activities, every 20 minutes from now on, plus 50,000 of
// another application.
func sessionRows(b *testing.B, n int) (*testenv.Env, string, []string, []string, *httptest.Server) {
	env := testenv.New(b)
	ctx := context.Background()
	// The identity tables hold the application's time zone, which the period filter reads.
	runner := env.Runner(b, rmactivities.Projector(), rmorg.Projector(), rmidentity.Projector())
	if err := runner.Prepare(ctx); err != nil {
		b.Fatal(err)
	}
	app, other := uuid.NewString(), uuid.NewString()
	for _, t := range []struct {
		app string
		n   int
	}{{app, n}, {other, 50_000}} {
		if _, err := env.DB.Exec(ctx, `
			INSERT INTO readmodel.activities (id, application_id, organization_id, type, name, name_key, price_display_mode, version, created_at, updated_at)
			SELECT md5($1::text || '/a/' || i)::uuid, $1::uuid,
			       md5($1::text || '/o/' || (i % 200))::uuid, 'session',
			       'Activity ' || i, 'activity ' || i, 'eur', 1, now(), now()
			  FROM generate_series(0, 1999) AS i`, t.app); err != nil {
			b.Fatal(err)
		}
		if _, err := env.DB.Exec(ctx, `
			INSERT INTO readmodel.sessions (id, application_id, organization_id, activity_id, series_id, occurrence, date, start_time, end_time,
			       starts_at, ends_at, spots, subscribe_from, subscribe_until, repeats)
			SELECT gen_random_uuid(), $1::uuid, md5($1::text || '/o/' || ((i % 2000) % 200))::uuid,
			       md5($1::text || '/a/' || (i % 2000))::uuid, gen_random_uuid(),
			       (now() + i * interval '20 minutes')::date, (now() + i * interval '20 minutes')::date, '19:00', '20:00',
			       now() + i * interval '20 minutes', now() + i * interval '20 minutes' + interval '1 hour', 20,
			       now() + i * interval '20 minutes' - interval '7 days', null, true
			  FROM generate_series(1, $2) AS i`, t.app, t.n); err != nil {
			b.Fatal(err)
		}
	}
	for _, table := range []string{"sessions", "activities"} {
		if _, err := env.DB.Exec(ctx, `VACUUM ANALYZE readmodel.`+table); err != nil {
			b.Fatal(err)
		}
	}
	var orgs, acts []string
	for _, q := range []struct {
		into *[]string
		sql  string
	}{{&orgs, `SELECT DISTINCT organization_id::text FROM readmodel.activities WHERE application_id = $1`},
		{&acts, `SELECT id::text FROM readmodel.activities WHERE application_id = $1`}} {
		rows, err := env.DB.Query(ctx, q.sql, app)
		if err != nil {
			b.Fatal(err)
		}
		for rows.Next() {
			var s string
			_ = rows.Scan(&s)
			*q.into = append(*q.into, s)
		}
		rows.Close()
	}
	api, err := readapi.New(kernel.Deps{App: env.App, DB: env.DB, Auth: allowAll{}, Tenants: allowAll{}, Authz: allowAll{},
		Log: testenv.Logger(b), Metrics: prometheus.NewRegistry(), Ready: func(context.Context) error { return nil }})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(api)
	b.Cleanup(srv.Close)
	return env, app, orgs, acts, srv
}

func timedGet(b *testing.B, srv *httptest.Server, app, path string) time.Duration {
	req, _ := http.NewRequest("GET", srv.URL+path, nil)
	req.Header.Set("ApplicationId", app)
	start := time.Now()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		b.Fatalf("%s: %d", path, res.StatusCode)
	}
	return time.Since(start)
}

// BenchmarkSessionsOverview: the application's sessions over 1,000,000 rows, through
// the real HTTP server: p50/p99 for first pages, filters, periods and deep pages.
func BenchmarkSessionsOverview(b *testing.B) {
	env, app, orgs, acts, srv := sessionRows(b, 1_000_000)
	base := "/v1/admin/applications/sessions?itemsPerPage=25"
	var cursors []string
	rows, err := env.DB.Query(context.Background(), `SELECT starts_at::text, id::text FROM readmodel.sessions
		WHERE application_id = $1 AND random() < 0.001`, app)
	if err != nil {
		b.Fatal(err)
	}
	for rows.Next() {
		var key, id string
		_ = rows.Scan(&key, &id)
		c, _ := json.Marshal(map[string]string{"s": "starts_at", "k": key, "i": id})
		cursors = append(cursors, base64.RawURLEncoding.EncodeToString(c))
	}
	rows.Close()
	day := func() string { return time.Now().AddDate(0, 0, rand.IntN(13000)).Format(time.DateOnly) }
	for _, c := range []struct {
		name string
		path func() string
	}{
		{"first page", func() string { return base }},
		{"deep page by cursor", func() string { return base + "&after=" + cursors[rand.IntN(len(cursors))] }},
		{"organisation", func() string { return base + "&organization_id=" + orgs[rand.IntN(len(orgs))] }},
		{"activity", func() string { return base + "&activity_id=" + acts[rand.IntN(len(acts))] }},
		{"one day", func() string { d := day(); return base + "&from=" + d + "&to=" + d }},
		{"organisation, from a day on", func() string {
			return base + "&organization_id=" + orgs[rand.IntN(len(orgs))] + "&from=" + day()
		}},
		{"organisation, deep cursor", func() string {
			return base + "&organization_id=" + orgs[rand.IntN(len(orgs))] + "&after=" + cursors[rand.IntN(len(cursors))]
		}},
		{"100 per page", func() string {
			return "/v1/admin/applications/sessions?itemsPerPage=100&after=" + cursors[rand.IntN(len(cursors))]
		}},
	} {
		d := make([]time.Duration, 300)
		for i := range d {
			d[i] = timedGet(b, srv, app, c.path())
		}
		sortDurations(d)
		b.Logf("sessions over 1,000,000: %-30s p50 %v  p99 %v", c.name, percentile(d, 0.50).Round(10*time.Microsecond), percentile(d, 0.99).Round(10*time.Microsecond))
	}
}

// BenchmarkSessionsExport: sessions.xlsx of 100,000 sessions: time and the heap's growth
// while streaming, against a plain COPY … TO of the same rows, interleaved.
func BenchmarkSessionsExport(b *testing.B) {
	env, app, _, _, srv := sessionRows(b, 100_000)
	exportAgainstCopy(b, "sessions.xlsx of 100,000 sessions", env, func() time.Duration {
		return timedGet(b, srv, app, "/v1/admin/applications/sessions/export")
	}, fmt.Sprintf(`COPY (
		SELECT s.date, s.start_time, s.end_time, a.name, s.organization_id, s.spots, s.subscribe_from, s.subscribe_until, s.repeats, s.id
		  FROM readmodel.sessions s JOIN readmodel.activities a ON a.id = s.activity_id
		 WHERE s.application_id = '%s' ORDER BY s.starts_at, s.id) TO STDOUT`, app))
}

// exportAgainstCopy runs an export and a COPY … TO of its rows interleaved (export's
// seconds against COPY's) and logs the heap's largest growth during the exports.
func exportAgainstCopy(b *testing.B, name string, env *testenv.Env, export func() time.Duration, copySQL string) ratio {
	b.Helper()
	return exportAgainstCopyIn(b, name, env, export, "", copySQL)
}

// exportAgainstCopyIn is exportAgainstCopy with the COPY run as the export reads: in a
// read-only transaction as the read API's role in the tenant (row-level security and
// the personal data's policy apply), unless tenant is empty (then as the benchmark's
// own role, which reads every row unchecked).
func exportAgainstCopyIn(b *testing.B, name string, env *testenv.Env, export func() time.Duration, tenant, copySQL string) ratio {
	b.Helper()
	conn, err := env.DB.Acquire(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Release()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var peak atomic.Uint64
	var goExport, pgExport, goCopy, pgCopy []float64 // CPU seconds per round: the test process (server and client), the backends
	spent := func(f func() float64, goCPU, pgCPU *[]float64) float64 {
		g0, p0 := cpuSpent(b, env.DB)
		v := f()
		g1, p1 := cpuSpent(b, env.DB)
		*goCPU, *pgCPU = append(*goCPU, (g1-g0).Seconds()), append(*pgCPU, (p1-p0).Seconds())
		return v
	}
	r := interleaved(b, name+": seconds against COPY … TO of its rows", func() float64 {
		return spent(func() float64 {
			stop := make(chan struct{})
			sampled := make(chan struct{})
			go func() {
				defer close(sampled)
				var m runtime.MemStats
				for {
					select {
					case <-stop:
						return
					case <-time.After(10 * time.Millisecond):
						runtime.ReadMemStats(&m)
						if m.HeapInuse > peak.Load() {
							peak.Store(m.HeapInuse)
						}
					}
				}
			}()
			took := export()
			close(stop)
			<-sampled
			return took.Seconds()
		}, &goExport, &pgExport)
	}, func() float64 {
		return spent(func() float64 {
			ctx := context.Background()
			start := time.Now()
			if tenant != "" {
				for _, sql := range []string{`BEGIN READ ONLY`, `SET LOCAL ROLE move_reader`,
					`SELECT set_config('move.application_id', '` + tenant + `', true)`} {
					if _, err := conn.Exec(ctx, sql); err != nil {
						b.Fatal(err)
					}
				}
			}
			if _, err := conn.Conn().PgConn().CopyTo(ctx, io.Discard, copySQL); err != nil {
				b.Fatal(err)
			}
			if tenant != "" {
				if _, err := conn.Exec(ctx, `ROLLBACK`); err != nil {
					b.Fatal(err)
				}
			}
			return time.Since(start).Seconds()
		}, &goCopy, &pgCopy)
	})
	b.Logf("%s: heap growth at most %.1f MB", name, float64(peak.Load()-min(peak.Load(), before.HeapInuse))/1e6)
	b.Logf("%s: CPU seconds (medians of the rounds) — export: Go %.2f + Postgres %.2f; COPY: Go %.2f + Postgres %.2f",
		name, median(goExport), median(pgExport), median(goCopy), median(pgCopy))
	return r
}
