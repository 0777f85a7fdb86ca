package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"move/audit"
	"move/internal/testenv"
	rmauditlog "move/projections/auditlog"
	"move/readapi"
	"move/readapi/kernel"
)

// BenchmarkAuditLog: the audit area over a copy of the log of BENCH_EVENTS events
// (default 1,000,000) of one application (and 100,000 of another), written straight into
// its read model, through the real HTTP server: p50/p99 of a page of the log (50 events in
// words) unfiltered and filtered by actor, entity type, event type, correlation id and
// time, first and deep (before=), and of an entity's history, its state as of a moment
// and the difference of two moments.
//
// The log: 250,000 catalogue entities (sports, location types, product types) of four
// events each, one event a minute back from now (about 1.9 years), 50 actors, one
// correlation id per entity's event pair.
func BenchmarkAuditLog(b *testing.B) {
	env := testenv.New(b)
	ctx := context.Background()
	runner := env.Runner(b, rmauditlog.Projector(env.Registry.Types()))
	if err := runner.Prepare(ctx); err != nil {
		b.Fatal(err)
	}
	n := logSize()
	app, other := uuid.NewString(), uuid.NewString()
	actors := make([]string, 50)
	for i := range actors {
		actors[i] = uuid.NewSHA1(uuid.NameSpaceOID, fmt.Appendf(nil, "bench-actor-%d", i)).String()
	}
	start := time.Now()
	for _, t := range []struct {
		app string
		n   int
	}{{app, n}, {other, 100_000}} {
		const perTx = 100_000
		for first := 0; first < t.n; first += perTx {
			if _, err := env.DB.Exec(ctx, `
				INSERT INTO readmodel.audit_events (event_id, application_id, commit_key, position, stream, version, entity_type,
				       entity_id, type, organization_id, actor_id, correlation_id, causation_id, command_id, recorded_at, data)
				SELECT gen_random_uuid(), $1::uuid, i, i, k.kind || '-' || md5($1::text || (i / 4))::uuid, i % 4, k.kind,
				       md5($1::text || (i / 4))::uuid::text, k.kind || CASE WHEN i % 4 = 0 THEN '.created.v1' ELSE '.updated.v1' END,
				       '', ($4::text[])[i % 50 + 1], md5($1::text || '/request/' || (i / 2))::uuid::text, '', gen_random_uuid()::text,
				       now() - ($3 - i) * interval '1 minute',
				       jsonb_build_object('name', 'Item ' || (i / 4) || ' v' || (i % 4))
				  FROM generate_series($2::bigint, $2::bigint + least($5::bigint, $3 - $2) - 1) i,
				       LATERAL (SELECT (ARRAY['sport','location_type','product_type'])[(i / 4) % 3 + 1] AS kind) k`,
				t.app, first, t.n, actors, perTx); err != nil {
				b.Fatal(err)
			}
		}
	}
	if _, err := env.DB.Exec(ctx, `VACUUM ANALYZE readmodel.audit_events`); err != nil {
		b.Fatal(err)
	}
	b.Logf("audit log of %d events (+100,000 of another application) written in %s", n, time.Since(start).Round(time.Millisecond))

	api, err := readapi.New(kernel.Deps{App: env.App, DB: env.DB, Auth: allowAll{}, Tenants: allowAll{}, Authz: allowAll{},
		Audit: &audit.Decoder{Registry: env.Registry, Vault: env.Vault},
		Log:   testenv.Logger(b), Metrics: prometheus.NewRegistry(), Ready: func(context.Context) error { return nil }})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(api)
	b.Cleanup(srv.Close)

	position := func() int { return rand.IntN(n) }
	entity := func() (string, string) {
		item := position() / 4
		kind := []string{"sport", "location_type", "product_type"}[item%3]
		var id string
		if err := env.DB.QueryRow(ctx, `SELECT md5($1::text || $2::bigint)::uuid::text`, app, item).Scan(&id); err != nil {
			b.Fatal(err)
		}
		return kind, id
	}
	correlation := func() string {
		var id string
		if err := env.DB.QueryRow(ctx, `SELECT md5($1::text || '/request/' || $2::bigint)::uuid::text`, app, position()/2).Scan(&id); err != nil {
			b.Fatal(err)
		}
		return id
	}
	moment := func(back time.Duration) string { return time.Now().Add(-back).UTC().Format(time.RFC3339) }
	randomMoment := func() time.Duration { return time.Duration(rand.IntN(n)) * time.Minute }
	const log = "/v1/admin/audit/events?limit=50"
	before := func() string { return fmt.Sprintf("&before=%d.%d", position(), position()) }
	for _, c := range []struct {
		name string
		path func() string
	}{
		{"log, first page", func() string { return log }},
		{"log, deep page", func() string { return log + before() }},
		{"by actor", func() string { return log + "&actor_id=" + actors[rand.IntN(len(actors))] }},
		{"by actor, deep page", func() string { return log + "&actor_id=" + actors[rand.IntN(len(actors))] + before() }},
		{"by entity type", func() string { return log + "&entity_type=location_type" }},
		{"by entity type, deep page", func() string { return log + "&entity_type=location_type" + before() }},
		{"by event type, deep page", func() string { return log + "&type=sport.updated" + before() }},
		{"by correlation id", func() string { return log + "&correlation_id=" + correlation() }},
		{"one day", func() string {
			d := randomMoment()
			return log + "&from=" + moment(d+24*time.Hour) + "&to=" + moment(d)
		}},
		{"one month", func() string {
			d := randomMoment()
			return log + "&from=" + moment(d+30*24*time.Hour) + "&to=" + moment(d)
		}},
		{"actor, one month", func() string {
			d := randomMoment()
			return log + "&actor_id=" + actors[rand.IntN(len(actors))] + "&from=" + moment(d+30*24*time.Hour) + "&to=" + moment(d)
		}},
		{"entity history", func() string { kind, id := entity(); return "/v1/admin/audit/entities/" + kind + "/" + id }},
		{"entity as of a moment", func() string {
			kind, id := entity()
			return "/v1/admin/audit/entities/" + kind + "/" + id + "/state?at=" + url.QueryEscape(moment(0))
		}},
		{"entity difference", func() string {
			kind, id := entity()
			return "/v1/admin/audit/entities/" + kind + "/" + id + "/diff?from=" + url.QueryEscape(moment(time.Duration(n)*time.Minute)) + "&to=" + url.QueryEscape(moment(0))
		}},
	} {
		d := make([]time.Duration, 200)
		for i := range d {
			d[i] = timedGet(b, srv, app, c.path())
		}
		sortDurations(d)
		b.Logf("audit log over %d: %-26s p50 %v  p99 %v (load average %s)", n, c.name,
			percentile(d, 0.50).Round(10*time.Microsecond), percentile(d, 0.99).Round(10*time.Microsecond), loadAverage())
	}
}
