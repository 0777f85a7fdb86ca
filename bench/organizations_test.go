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
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	"move/domain/organization"
	"move/internal/testenv"
	rmorg "move/projections/organizations"
	"move/readapi"
	"move/readapi/kernel"
)

// BenchmarkOrganizationImport: a 10,000-row CSV parsed, validated and appended in one
// atomic import; then the same file again (recognised, nothing written); then the time
// until the read model shows every row.
func BenchmarkOrganizationImport(b *testing.B) {
	env := testenv.New(b)
	ctx := context.Background()
	var sb strings.Builder
	sb.WriteString("name;street;house_number;zipcode;city;country;email;website;notes\n")
	for i := range 10_000 {
		fmt.Fprintf(&sb, "Club %05d;Straat %d;%d;%04dAB;Utrecht;nl;info%d@club.test;https://club%d.test;\"regel 1\nregel 2\"\n", i, i, i%300+1, 1000+i%9000, i, i)
	}
	data := []byte(sb.String())
	app := uuid.NewString()
	start := time.Now()
	rows, digest, err := organization.ParseCSV(data)
	if err != nil {
		b.Fatal(err)
	}
	parsed := time.Since(start)
	res, err := env.App.ImportOrganizations(ctx, commands.Meta{ApplicationID: app, ActorID: "bench"}, digest, rows)
	if err != nil || res.Created != 10_000 {
		b.Fatal(err, res.Created)
	}
	imported := time.Since(start)
	start = time.Now()
	again, err := env.App.ImportOrganizations(ctx, commands.Meta{ApplicationID: app, ActorID: "bench"}, digest, rows)
	if err != nil || again.Created != 0 {
		b.Fatal(err, again.Created)
	}
	reimport := time.Since(start)
	start = time.Now()
	runner := env.Runner(b, rmorg.Projector())
	env.RunProjections(b, runner)
	for {
		var n int
		_ = env.DB.QueryRow(ctx, `SELECT count(*) FROM readmodel.organizations`).Scan(&n)
		if n == 10_000 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.Logf("import 10,000 rows (%.1f MB): parse+validate %v, parse+append %v (%.0f rows/s); re-import %v; read model built (from scratch) %v",
		float64(len(data))/1e6, parsed.Round(time.Millisecond), imported.Round(time.Millisecond), 10_000/imported.Seconds(),
		reimport.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}

// allowAll stands in for identity: every caller is a superadmin of any application.
type allowAll struct{}

func (allowAll) Authenticate(*http.Request) (kernel.Principal, error) {
	return kernel.Principal{UserID: "bench", Superadmin: true}, nil
}
func (allowAll) Resolve(_ context.Context, _ kernel.Principal, app string) (kernel.Tenant, error) {
	return kernel.Tenant{ApplicationID: app}, nil
}
func (allowAll) Allowed(context.Context, kernel.Principal, kernel.Tenant, string, string) (bool, error) {
	return true, nil
}

// BenchmarkOrganizationList: the management list over 100,000 organisations of one
// application (and 20,000 of another), through the real HTTP server: p50/p99 per page
// for first pages, deep pages, the review filter, search and the 10,000-row select.
func BenchmarkOrganizationList(b *testing.B) {
	env := testenv.New(b)
	ctx := context.Background()
	runner := env.Runner(b, rmorg.Projector())
	if err := runner.Prepare(ctx); err != nil {
		b.Fatal(err)
	}
	app, other := uuid.NewString(), uuid.NewString()
	for _, t := range []struct {
		app string
		n   int
	}{{app, 100_000}, {other, 20_000}} {
		if _, err := env.DB.Exec(ctx, `
			INSERT INTO readmodel.organizations (id, application_id, name, name_key, street, house_number, zipcode, city, country,
			       state, client_id, version, created_at, updated_at)
			SELECT gen_random_uuid(), $1, 'Club ' || md5(i::text), 'club ' || md5(i::text), 'Straat', i::text,
			       lpad((1000 + i % 9000)::text, 4, '0') || 'AB', (ARRAY['Utrecht','Amsterdam','Delft','Zwolle'])[1 + i % 4], 'nl',
			       (ARRAY['approved','approved','approved','pending','rejected'])[1 + i % 5], 'org_' || i, 0,
			       now() - (i || ' minutes')::interval, now()
			  FROM generate_series(1, $2) AS i`, t.app, t.n); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := env.DB.Exec(ctx, `VACUUM ANALYZE readmodel.organizations`); err != nil {
		b.Fatal(err)
	}
	api, err := readapi.New(kernel.Deps{App: env.App, DB: env.DB, Auth: allowAll{}, Tenants: allowAll{}, Authz: allowAll{},
		Log: testenv.Logger(b), Metrics: prometheus.NewRegistry(), Ready: func(context.Context) error { return nil }})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(api)
	defer srv.Close()
	get := func(b *testing.B, path string) time.Duration {
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
	base := "/v1/admin/applications/organizations"
	// Cursors into deep pages (rows 1,000..99,000 by name), as the keyset walk answers them.
	var cursors []string
	rows, err := env.DB.Query(ctx, `SELECT name_key, id::text FROM readmodel.organizations WHERE application_id = $1 ORDER BY name_key, id OFFSET 1000`, app)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; rows.Next(); i++ {
		var key, id string
		if err := rows.Scan(&key, &id); err != nil {
			b.Fatal(err)
		}
		if i%1000 == 0 {
			c, _ := json.Marshal(map[string]string{"s": "name", "k": key, "i": id})
			cursors = append(cursors, base64.RawURLEncoding.EncodeToString(c))
		}
	}
	rows.Close()
	for _, c := range []struct {
		name string
		path func() string
	}{
		{"first page, by name (25)", func() string { return base + "?page=1&itemsPerPage=25" }},
		{"random page 1..4000, by name", func() string { return fmt.Sprintf("%s?page=%d&itemsPerPage=25", base, 1+rand.IntN(4000)) }},
		{"last page, newest first", func() string { return base + "?page=4000&itemsPerPage=25&sort=-created_at" }},
		{"deep page by cursor (after=)", func() string {
			return fmt.Sprintf("%s?itemsPerPage=25&after=%s", base, cursors[rand.IntN(len(cursors))])
		}},
		{"review: pending, first page", func() string { return base + "?state=pending&itemsPerPage=25" }},
		{"search (3 hex chars)", func() string { return fmt.Sprintf("%s?search=%03x&itemsPerPage=25", base, rand.IntN(4096)) }},
		{"switcher (simple, 5, search)", func() string {
			return fmt.Sprintf("/v1/admin/organizations/simple?itemsPerPage=5&search=%02x", rand.IntN(256))
		}},
		// The worst case of decision 0540: two characters that match nothing (letters
		// neither the hex names nor the cities hold), so every row is read once.
		{"switcher, 2 chars matching none", func() string {
			const rare = "gjkpqvxy"
			return fmt.Sprintf("/v1/admin/organizations/simple?itemsPerPage=5&search=%c%c", rare[rand.IntN(len(rare))], rare[rand.IntN(len(rare))])
		}},
		{"switcher, 1 char", func() string {
			return fmt.Sprintf("/v1/admin/organizations/simple?itemsPerPage=5&search=%x", rand.IntN(16))
		}},
		{"select (simple, 10000)", func() string { return "/v1/admin/organizations/simple?itemsPerPage=10000" }},
	} {
		// Sub-benchmarks, so one case can be measured alone: -bench 'OrganizationList/switcher'.
		b.Run(c.name, func(b *testing.B) {
			n := 200
			if strings.Contains(c.name, "10000") {
				n = 30
			}
			d := make([]time.Duration, n)
			for i := range d {
				d[i] = get(b, c.path())
			}
			sortDurations(d)
			b.Logf("list over 100,000: %-32s p50 %v  p99 %v", c.name, percentile(d, 0.50).Round(10*time.Microsecond), percentile(d, 0.99).Round(10*time.Microsecond))
		})
	}
}
