package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	"move/domain"
	"move/domain/finance"
	domainidentity "move/domain/identity"
	"move/domain/order"
	"move/domain/organization"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	rmfinance "move/projections/finance"
	rmidentity "move/projections/identity"
	rmorg "move/projections/organizations"
	"move/readapi"
	"move/readapi/kernel"
)

// BenchmarkFinanceMonth: 1,000 organisations of one application with an account, three
// paid orders each (one partly refunded) in a past month; then, through the real HTTP
// server, the month's SEPA batch (generate, read model caught up, download the file),
// the month's 1,000 invoices (issue, caught up, list, one PDF) and a credit note on a
// ledger of 1,000 invoices.
func BenchmarkFinanceMonth(b *testing.B) {
	const orgs = 1_000
	env := testenv.New(b)
	ctx := context.Background()
	runner := env.Runner(b, rmidentity.Projector(), rmorg.Projector(), rmfinance.Projector())
	env.RunProjections(b, runner)
	appRes, err := env.App.CreateApplication(ctx, commands.Meta{}, domainidentity.ApplicationSettings{Name: "Bench", Slug: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	app := appRes.ID
	start := time.Now()
	var orderAppends []eventstore.StreamAppend
	for i := range orgs {
		org := uuid.NewString()
		m := commands.Meta{ApplicationID: app, OrganizationID: org}
		if _, err := env.App.CreateOrganization(ctx, m, organization.Profile{Name: fmt.Sprintf("Club %04d", i)}); err != nil {
			b.Fatal(err)
		}
		if _, err := env.App.SetOrganizationFinance(ctx, m, org, nil, organization.Finance{ATTN: "Penningmeester",
			Address: "Sportlaan 1", IBAN: "NL91ABNA0417164300", AccountName: fmt.Sprintf("Club %04d", i)}); err != nil {
			b.Fatal(err)
		}
		for k := range 3 {
			orderAppends = append(orderAppends, paidOrderEvents(b, env, app, org, int64(1_000+i+k*500), k == 0))
		}
	}
	// last is the newest write: the read models are waited for up to there (the store's
	// Head stops at the read horizon, which other transactions can hold back).
	var last eventstore.Position
	for len(orderAppends) > 0 {
		n := min(300, len(orderAppends))
		results, err := env.Store.AppendMulti(ctx, orderAppends[:n]...)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range results {
			if last.Less(r.Position) {
				last = r.Position
			}
		}
		orderAppends = orderAppends[n:]
	}
	b.Logf("set up %d organisations and %d orders in %v", orgs, 3*orgs, time.Since(start).Round(time.Millisecond))
	caughtUp(b, env, last)

	api, err := readapi.New(kernel.Deps{App: env.App, DB: env.DB, Auth: allowAll{}, Tenants: allowAll{}, Authz: allowAll{},
		Log: testenv.Logger(b), Metrics: prometheus.NewRegistry(), Ready: func(context.Context) error { return nil },
		Finance: kernel.FinanceSettings{Debtor: finance.Debtor{Name: "Move Platform B.V.", IBAN: "NL91ABNA0417164300"},
			Issuer: finance.Issuer{Name: "Move Platform B.V.", Address: "Stationsplein 1, Utrecht"}}})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(api)
	defer srv.Close()
	call := func(method, path string, body any) ([]byte, time.Duration) {
		var rd io.Reader
		if body != nil {
			raw, _ := json.Marshal(body)
			rd = bytes.NewReader(raw)
		}
		req, _ := http.NewRequest(method, srv.URL+path, rd)
		req.Header.Set("ApplicationId", app)
		req.Header.Set("Content-Type", "application/json")
		t0 := time.Now()
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		out, _ := io.ReadAll(res.Body)
		res.Body.Close()
		took := time.Since(t0)
		if res.StatusCode >= 300 {
			b.Fatalf("%s %s: %d %s", method, path, res.StatusCode, out)
		}
		if p, err := eventstore.ParsePosition(res.Header.Get("X-Event-Position")); err == nil && last.Less(p) {
			last = p
		}
		return out, took
	}
	b.ResetTimer()
	for range b.N {
		_, generate := call("POST", "/v1/admin/sepas", map[string]any{"month": "2026-01"})
		projected := caughtUp(b, env, last)
		list, _ := call("GET", "/v1/admin/sepas", nil)
		var batches struct {
			Data []struct {
				ID        string `json:"id"`
				Transfers int    `json:"transfers"`
			} `json:"data"`
		}
		_ = json.Unmarshal(list, &batches)
		if len(batches.Data) != 1 || batches.Data[0].Transfers != orgs {
			b.Fatalf("batches %s", list)
		}
		xml, download := call("GET", "/v1/admin/sepas/"+batches.Data[0].ID+"/xml", nil)
		validate(b, xml)
		b.Logf("SEPA batch of %d transfers: generate %v, read model %v, file %v (%d KiB, valid against the schema)",
			orgs, generate.Round(time.Millisecond), projected.Round(time.Millisecond), download.Round(time.Millisecond), len(xml)/1024)

		_, issue := call("POST", "/v1/admin/invoices", map[string]any{"month": "2026-01"})
		projected = caughtUp(b, env, last)
		page, listed := call("GET", "/v1/admin/invoices?itemsPerPage=100", nil)
		var invoices struct {
			Data []struct {
				ID string `json:"id"`
			} `json:"data"`
			Meta struct {
				Pagination struct {
					Total int `json:"total"`
				} `json:"pagination"`
			} `json:"meta"`
		}
		_ = json.Unmarshal(page, &invoices)
		if invoices.Meta.Pagination.Total != orgs {
			b.Fatalf("invoices %d", invoices.Meta.Pagination.Total)
		}
		pdf, rendered := call("GET", "/v1/admin/invoices/"+invoices.Data[0].ID+"/pdf", nil)
		_, credit := call("POST", "/v1/admin/invoices/"+invoices.Data[0].ID+"/credit-note", map[string]any{"reason": "bench"})
		b.Logf("%d invoices: issue %v, read model %v, first page of 100 %v, one PDF %v (%d KiB), a credit note on the ledger %v",
			orgs, issue.Round(time.Millisecond), projected.Round(time.Millisecond), listed.Round(time.Millisecond),
			rendered.Round(time.Millisecond), len(pdf)/1024, credit.Round(time.Millisecond))
		b.ReportMetric(float64(generate.Milliseconds()), "sepa-ms")
		b.ReportMetric(float64(issue.Milliseconds()), "invoices-ms")
	}
}

// paidOrderEvents is one paid order's stream; refunded ones get a quarter back.
func paidOrderEvents(b *testing.B, env *testenv.Env, app, org string, total int64, refunded bool) eventstore.StreamAppend {
	id := uuid.NewString()
	payment, refund := order.PaymentID(id, 1), uuid.NewString()
	events := []domain.Event{
		order.Placed{ApplicationID: app, OrganizationID: org, TotalCents: total, TransactionFeeCents: order.TransactionFee(order.PaymentEuros, total),
			PaymentType: order.PaymentEuros, PayoutMonth: "2026-01", PlacedAt: time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)},
		order.PaymentStarted{PaymentID: payment, Method: order.PaymentEuros, AmountCents: total},
		order.PaymentStatusChanged{PaymentID: payment, From: order.PaymentOpen, Status: order.PaymentPaid},
	}
	if refunded {
		events = append(events, order.RefundRequested{RefundID: refund, PaymentID: payment, Method: order.PaymentEuros, AmountCents: total / 4, PayoutMonth: "2026-01"},
			order.RefundStatusChanged{RefundID: refund, From: order.RefundPending, Status: order.RefundRefunded})
	}
	data := make([]eventstore.EventData, len(events))
	for i, e := range events {
		typ, payload, err := env.Registry.Encode(e)
		if err != nil {
			b.Fatal(err)
		}
		data[i] = eventstore.EventData{ID: uuid.New(), Type: typ, Data: payload, Metadata: eventstore.Metadata{ApplicationID: app, OrganizationID: org}}
	}
	return eventstore.StreamAppend{Stream: order.Stream(id), Expected: eventstore.NoStream, Events: data}
}

// caughtUp waits until the finance and organisation read models have passed pos.
func caughtUp(b *testing.B, env *testenv.Env, pos eventstore.Position) time.Duration {
	ctx := context.Background()
	start := time.Now()
	wctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	if err := projections.WaitFor(wctx, env.DB, []string{rmfinance.Name, rmorg.Name, rmidentity.Name}, pos); err != nil {
		b.Fatal(err)
	}
	return time.Since(start)
}

func validate(b *testing.B, doc []byte) {
	file := filepath.Join(b.TempDir(), "sepa.xml")
	if err := os.WriteFile(file, doc, 0o600); err != nil {
		b.Fatal(err)
	}
	if out, err := exec.Command("xmllint", "--noout", "--schema", "../domain/finance/testdata/pain.001.001.03.xsd", file).CombinedOutput(); err != nil {
		b.Fatalf("xmllint: %v %s", err, out)
	}
}
