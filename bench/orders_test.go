package bench

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"move/internal/testenv"
	rmidentity "move/projections/identity"
	rmorders "move/projections/orders"
	rmorg "move/projections/organizations"
	"move/readapi"
	"move/readapi/kernel"
)

// orderCustomers is how many customers the benchmark's application has (each with
// n / orderCustomers orders); the other application has 20,000.
const orderCustomers = 100_000

// orderRows fills the orders read model with n orders of one application (and 50,000 of
// another), placed one every 2 minutes back from now over 200 organisations and
// orderCustomers customers (named in the personal data, members of their application),
// paid in euros or moves, some refunded, with one version row each (what a pinned export
// reads).
func orderRows(b *testing.B, n int) (*testenv.Env, string, []string, *httptest.Server) {
	env := testenv.New(b)
	ctx := context.Background()
	runner := env.Runner(b, rmorders.Projector(), rmorg.Projector(), rmidentity.Projector())
	if err := runner.Prepare(ctx); err != nil {
		b.Fatal(err)
	}
	app, other := uuid.NewString(), uuid.NewString()
	for _, t := range []struct {
		app          string
		n, customers int
	}{{app, n, orderCustomers}, {other, 50_000, 20_000}} {
		if _, err := env.DB.Exec(ctx, `
			INSERT INTO readmodel.orders (id, application_id, organization_id, customer_id, title, search_text, lines, vat,
			       subtotal_cents, vat_cents, transaction_fee_cents, total_cents, payment_type, payout_month, payment_method,
			       payment_status, paid_cents, refunded_cents, placed_at, updated_at, version)
			SELECT md5($1::text || '/order/' || i)::uuid, $1::uuid, md5($1::text || '/o/' || (i % 200))::uuid,
			       md5($1::text || '/c/' || (i % $3))::uuid,
			       'Activity ' || (i % 2000), lower('activity ' || (i % 2000) || ' ' || md5($1::text || '/order/' || i)::uuid),
			       '[]', '[]', 917, 83, 45, 1000, CASE WHEN i % 3 = 0 THEN 'moves' ELSE 'euros' END,
			       to_char(now() - i * interval '2 minutes', 'YYYY-MM'), CASE WHEN i % 3 = 0 THEN 'moves' ELSE 'euros' END,
			       CASE WHEN i % 10 = 1 THEN 'open' WHEN i % 10 = 2 THEN 'expired' ELSE 'paid' END,
			       CASE WHEN i % 10 IN (1, 2) THEN 0 ELSE 1000 END, CASE WHEN i % 17 = 0 THEN 500 ELSE 0 END,
			       now() - i * interval '2 minutes', now(), 3
			  FROM generate_series(1, $2) AS i`, t.app, t.n, t.customers); err != nil {
			b.Fatal(err)
		}
		// The customers: names and addresses in the personal data, a membership in their
		// application (decision 1630: a search finds them first, then their orders).
		if _, err := env.DB.Exec(ctx, `
			INSERT INTO identity_personal_data (subject_id, email, email_key, first_name, last_name, is_user)
			SELECT md5($1::text || '/c/' || j)::uuid, 'c' || j || '.' || left($1::text, 8) || '@example.test',
			       'c' || j || '.' || left($1::text, 8) || '@example.test', 'First' || (j % 997), 'Last' || j, true
			  FROM generate_series(0, $2 - 1) AS j`, t.app, t.customers); err != nil {
			b.Fatal(err)
		}
		if _, err := env.DB.Exec(ctx, `
			INSERT INTO readmodel.identity_memberships (user_id, role, application_id, granted_at)
			SELECT md5($1::text || '/c/' || j)::uuid, 'customer', $1::uuid, now() FROM generate_series(0, $2 - 1) AS j`,
			t.app, t.customers); err != nil {
			b.Fatal(err)
		}
		// The projector keeps each application's distinct titles beside its orders (0912).
		if _, err := env.DB.Exec(ctx, `INSERT INTO readmodel.order_titles (application_id, title)
			SELECT DISTINCT application_id, title FROM readmodel.orders WHERE application_id = $1 ON CONFLICT DO NOTHING`, t.app); err != nil {
			b.Fatal(err)
		}
		if _, err := env.DB.Exec(ctx, `
			INSERT INTO readmodel.order_versions (order_id, version, application_id, event, actor_id, at, detail, status,
			       paid_cents, refunded_cents, from_commit, from_position)
			SELECT id, version, application_id, 'order.payment_status_changed.v1', 'bench', placed_at, '{}', status,
			       paid_cents, refunded_cents, 1, row_number() OVER (ORDER BY placed_at)
			  FROM readmodel.orders WHERE application_id = $1`, t.app); err != nil {
			b.Fatal(err)
		}
	}
	for _, table := range []string{"readmodel.orders", "readmodel.order_versions", "readmodel.order_titles", "readmodel.identity_memberships", "identity_personal_data"} {
		if _, err := env.DB.Exec(ctx, `VACUUM ANALYZE `+table); err != nil {
			b.Fatal(err)
		}
	}
	var orgs []string
	rows, err := env.DB.Query(ctx, `SELECT DISTINCT organization_id::text FROM readmodel.orders WHERE application_id = $1`, app)
	if err != nil {
		b.Fatal(err)
	}
	for rows.Next() {
		var s string
		_ = rows.Scan(&s)
		orgs = append(orgs, s)
	}
	rows.Close()
	api, err := readapi.New(kernel.Deps{App: env.App, DB: env.DB, Auth: allowAll{}, Tenants: allowAll{}, Authz: allowAll{},
		Log: testenv.Logger(b), Metrics: prometheus.NewRegistry(), Ready: func(context.Context) error { return nil }})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(api)
	b.Cleanup(srv.Close)
	return env, app, orgs, srv
}

// BenchmarkOrdersOverview: the application's orders over 1,000,000 rows, through the
// real HTTP server: p50/p99 of first pages, date filters, status, organisation, search
// and deep pages by cursor.
func BenchmarkOrdersOverview(b *testing.B) {
	n := 1_000_000
	if v, err := strconv.Atoi(os.Getenv("BENCH_ORDERS")); err == nil && v > 0 {
		n = v // a smaller table for a quick look; the figures in docs/benchmarks.md are at 1,000,000
	}
	env, app, orgs, srv := orderRows(b, n)
	base := "/v1/admin/application/orders?itemsPerPage=25"
	var cursors []string
	rows, err := env.DB.Query(context.Background(), `SELECT placed_at::text, id::text FROM readmodel.orders
		WHERE application_id = $1 AND random() < 0.001`, app)
	if err != nil {
		b.Fatal(err)
	}
	for rows.Next() {
		var key, id string
		_ = rows.Scan(&key, &id)
		c, _ := json.Marshal(map[string]string{"s": "-placed_at", "k": key, "i": id})
		cursors = append(cursors, base64.RawURLEncoding.EncodeToString(c))
	}
	rows.Close()
	// 1,000,000 orders two minutes apart span about 1,390 days back from today.
	day := func() string { return time.Now().AddDate(0, 0, -rand.IntN(1380)).Format(time.DateOnly) }
	month := func() (string, string) {
		d := time.Now().AddDate(0, -rand.IntN(44), 0)
		first := time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC)
		return first.Format(time.DateOnly), first.AddDate(0, 1, -1).Format(time.DateOnly)
	}
	for _, c := range []struct {
		name string
		path func() string
	}{
		{"first page", func() string { return base }},
		{"deep page by cursor", func() string { return base + "&after=" + cursors[rand.IntN(len(cursors))] }},
		{"one day", func() string { d := day(); return base + "&from=" + d + "&to=" + d }},
		{"one month", func() string { from, to := month(); return base + "&from=" + from + "&to=" + to }},
		{"from a day on, deep cursor", func() string { return base + "&from=" + day() + "&after=" + cursors[rand.IntN(len(cursors))] }},
		{"status refunded-partly", func() string { return base + "&status=partly_refunded" }},
		{"status open, one month", func() string { from, to := month(); return base + "&status=open&from=" + from + "&to=" + to }},
		{"organisation, one month", func() string {
			from, to := month()
			return base + "&organization_id=" + orgs[rand.IntN(len(orgs))] + "&from=" + from + "&to=" + to
		}},
		{"payment type moves", func() string { return base + "&payment_type=moves" }},
		{"search a common title", func() string { return base + fmt.Sprintf("&search=activity+%d", rand.IntN(2000)) }},
		{"search an order id", func() string { return base + "&search=" + cursorID(cursors[rand.IntN(len(cursors))])[:8] }},
		// The support line (decision 1630): one customer by last name or a piece of the
		// address (~10 orders each); a first name shared by ~1,100 customers (over the
		// 1,000 that narrow by id: through the search function).
		{"search a customer's last name", func() string { return base + fmt.Sprintf("&search=last%d", 10_000+rand.IntN(orderCustomers-10_000)) }},
		{"search a customer's e-mail", func() string { return base + fmt.Sprintf("&search=c%d.", 10_000+rand.IntN(orderCustomers-10_000)) }},
		{"search a common first name", func() string { return base + fmt.Sprintf("&search=first%d", 10+rand.IntN(89)) }},
	} {
		d := make([]time.Duration, 200)
		for i := range d {
			d[i] = timedGet(b, srv, app, c.path())
		}
		sortDurations(d)
		b.Logf("orders over %d: %-30s p50 %v  p99 %v", n, c.name, percentile(d, 0.50).Round(10*time.Microsecond), percentile(d, 0.99).Round(10*time.Microsecond))
	}
}

// BenchmarkOrdersExport: orders.csv and orders.xlsx of 100,000 orders, pinned to a
// position: time and the heap's growth while streaming, each against two COPY … TO,
// interleaved (decision 1800):
//
//   - the file's rows: the export's 15 columns (organisation, the customer's name and
//     address from the personal data) of the same orders at the same position in the
//     same order, read as the export reads them (the read API's role in the tenant, so
//     the personal data's policy applies) — what the file needs from the database;
//   - two tables: orders and their versions alone (13 columns, no names, as the
//     benchmark's owner, no policy) — the baseline of the earlier figures, kept to
//     compare with them.
func BenchmarkOrdersExport(b *testing.B) {
	env, app, _, srv := orderRows(b, 100_000)
	fileRows := fmt.Sprintf(`COPY (
		SELECT o.id, o.placed_at, coalesce(g.name, ''), nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''),
		       nullif(p.email, ''), o.title, o.payment_type, v.status, o.payout_month, o.subtotal_cents, o.vat_cents,
		       o.transaction_fee_cents, o.total_cents, v.paid_cents, v.refunded_cents
		  FROM readmodel.orders o JOIN readmodel.order_versions v ON v.order_id = o.id
		  LEFT JOIN readmodel.organizations g ON g.id = o.organization_id
		  LEFT JOIN identity_personal_data p ON p.subject_id = o.customer_id
		 WHERE o.application_id = '%s' AND (v.from_commit, v.from_position) <= (1, 100000)
		   AND (v.to_commit IS NULL OR (v.to_commit, v.to_position) > (1, 100000))
		 ORDER BY o.placed_at, o.id) TO STDOUT`, app)
	twoTables := fmt.Sprintf(`COPY (
		SELECT o.id, o.placed_at, o.organization_id, o.title, o.payment_type, v.status, o.payout_month, o.subtotal_cents,
		       o.vat_cents, o.transaction_fee_cents, o.total_cents, v.paid_cents, v.refunded_cents
		  FROM readmodel.orders o JOIN readmodel.order_versions v ON v.order_id = o.id
		 WHERE o.application_id = '%s' ORDER BY o.placed_at, o.id) TO STDOUT`, app)
	for _, format := range []string{"csv", "xlsx"} {
		export := func() time.Duration {
			return timedGet(b, srv, app, "/v1/admin/application/orders/export?format="+format+"&position=1.100000")
		}
		exportAgainstCopyIn(b, "orders."+format+" of 100,000 orders against the file's rows", env, export, app, fileRows)
		exportAgainstCopy(b, "orders."+format+" of 100,000 orders against two tables", env, export, twoTables)
	}
}

// cursorID is the order id a cursor names (a known order to search for).
func cursorID(cursor string) string {
	raw, _ := base64.RawURLEncoding.DecodeString(cursor)
	var c struct {
		ID string `json:"i"`
	}
	_ = json.Unmarshal(raw, &c)
	return c.ID
}
