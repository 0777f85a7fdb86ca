package readapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/catalog"
	domainorg "move/domain/organization"
	"move/domain/product"
	"move/domain/rate"
	"move/identity"
	"move/processes"
)

// sellable makes (once) the organisation org of app, approved when approve, and a
// product of it with d (its type made here); it answers the product's id.
func (w *walletWorld) sellable(app, org string, approve bool, d product.Details) string {
	w.t.Helper()
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: app}
	w.sellerOrg(app, org, approve)
	typ, err := w.env.App.CreateCatalogItem(ctx, commands.Meta{ActorID: "test"}, catalog.ProductType, catalog.Fields{Name: "Shirt " + uuid.NewString()[:8]})
	if err != nil {
		w.t.Fatal(err)
	}
	d.ProductTypeID = typ.ID
	if d.Name == "" {
		d.Name = "Club shirt"
	}
	res, err := w.env.App.CreateProduct(ctx, meta, org, d)
	if err != nil {
		w.t.Fatal(err)
	}
	w.saw(res.Position)
	w.settle()
	return res.ID
}

// sellerOrg makes (once) the organisation org of app, approved when approve.
func (w *walletWorld) sellerOrg(app, org string, approve bool) {
	w.t.Helper()
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: app, OrganizationID: org}
	if _, made := organizations.LoadOrStore(app+"/"+org, true); !made {
		res, err := w.env.App.CreateOrganization(ctx, meta, domainorg.Profile{Name: "Studio " + org[:6]})
		if err != nil {
			w.t.Fatal(err)
		}
		w.saw(res.Position)
		if approve {
			res, err := w.env.App.ApproveOrganization(ctx, commands.Meta{ActorID: "test", ApplicationID: app}, org)
			if err != nil {
				w.t.Fatal(err)
			}
			w.saw(res.Position)
		}
	}
}

// 100 customers buy the 10 spots of a free product at the same moment: exactly 10 get
// one (confirmed), the other 90 are told it is sold out; the staff list shows the 10.
func TestConcurrentProductPurchasesNeverOversell(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{})
	spots := 10
	id := w.sellable(w.appA, w.orgA, true, product.Details{Spots: &spots})
	customers := make([]string, 100)
	for i := range customers {
		customers[i] = w.customer("Klant", "Product", w.appA)
	}
	w.settle()
	type outcome struct {
		status int
		state  string
		raw    string
	}
	results := make(chan outcome, len(customers))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for _, c := range customers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			body, _ := json.Marshal(person("Bea"))
			req, _ := http.NewRequest("POST", w.base+"/v1/products/"+id+"/purchases", strings.NewReader(string(body)))
			req.Header.Set("Authorization", "Bearer user:"+c)
			req.Header.Set("ApplicationId", w.appA)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				results <- outcome{status: -1, raw: err.Error()}
				return
			}
			defer res.Body.Close()
			raw, _ := io.ReadAll(res.Body)
			var b map[string]any
			_ = json.Unmarshal(raw, &b)
			st, _ := dig(b, "data", "status").(string)
			results <- outcome{status: res.StatusCode, state: st, raw: string(raw)}
		}()
	}
	close(start)
	wg.Wait()
	close(results)
	counts := map[int]int{}
	for o := range results {
		counts[o.status]++
		switch {
		case o.status == 201 && o.state != "confirmed":
			t.Fatalf("a free product's purchase is confirmed: %s", o.raw)
		case o.status == 409 && !strings.Contains(o.raw, "Dit product is uitverkocht (alle 10 plekken zijn verkocht)"):
			t.Fatalf("refusal: %s", o.raw)
		case o.status != 201 && o.status != 409:
			t.Fatalf("unexpected answer: %d %s", o.status, o.raw)
		}
	}
	if counts[201] != 10 || counts[409] != 90 {
		t.Fatalf("answers %v, want 10 × 201 and 90 × 409", counts)
	}
	w.settle()
	got := w.as(w.users["organization"], w.appA).want("GET", "/v1/admin/products/"+id+"/purchases", nil, 200)
	if data(got, "taken") != 10.0 || data(got, "spots") != 10.0 || len(list(got, "purchases")) != 10 {
		t.Fatalf("purchases: %s", got.Raw)
	}
	for _, p := range list(got, "purchases") {
		if p["status"] != "confirmed" || p["first_name"] != "Bea" || p["paid_at"] != nil {
			t.Fatalf("a free purchase: %v", p)
		}
	}
}

// Refusals each with their own message, changing nothing; customers only; another
// application's customer and staff see nothing of it.
func TestProductPurchaseRefusalsAndIsolation(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{})
	ctx := context.Background()
	minAge := 18
	id := w.sellable(w.appA, w.orgA, false, product.Details{Draft: true, AgeMin: &minAge, ShouldValidateAge: true})
	admin := w.as(w.users["organization"], w.appA) // the organisation's staff edit and see its products
	c := w.as(w.users["customer"], w.appA)
	adult := person("Carla")
	adult["participant"].(map[string]any)["date_of_birth"] = "1990-01-01"
	path := "/v1/products/" + id + "/purchases"
	if r := c.want("POST", path, adult, 409); message(r) != "Dit product is nog een concept en kan niet gekocht worden" {
		t.Fatalf("draft: %s", r.Raw)
	}
	admin.want("PATCH", "/v1/admin/products/"+id, map[string]any{"draft": false}, 200)
	w.settle()
	if r := c.want("POST", path, adult, 409); message(r) != "De organisatie van dit product is nog niet goedgekeurd; het kan nog niet gekocht worden" {
		t.Fatalf("unapproved organisation: %s", r.Raw)
	}
	res, err := w.env.App.ApproveOrganization(ctx, commands.Meta{ActorID: "test", ApplicationID: w.appA}, w.orgA)
	if err != nil {
		t.Fatal(err)
	}
	w.saw(res.Position)
	w.settle()
	if r := c.want("POST", path, person("Kim"), 422); !strings.Contains(r.Raw, "participant.date_of_birth") {
		t.Fatalf("no birth date with an age check: %s", r.Raw)
	}
	young := person("Kim")
	young["participant"].(map[string]any)["date_of_birth"] = time.Now().AddDate(-10, 0, 0).Format(time.DateOnly)
	c.want("POST", path, young, 422)
	admin.want("PUT", "/v1/admin/products/"+id+"/questions", map[string]any{"questions": []map[string]any{
		{"title": "Maat", "type": "single_select", "required": true, "options": []string{"S", "M"}}}}, 200)
	w.settle()
	if r := c.want("POST", path, adult, 422); !strings.Contains(r.Raw, "answers") {
		t.Fatalf("a required question unanswered: %s", r.Raw)
	}
	c.want("POST", path, map[string]any{"participant": "nope"}, 422)
	c.want("POST", "/v1/products/not-an-id/purchases", adult, 404)
	w.settle()
	if got := admin.want("GET", "/v1/admin/products/"+id+"/purchases", nil, 200); len(list(got, "purchases")) != 0 {
		t.Fatalf("refusals bought something: %s", got.Raw)
	}
	qs := dig(admin.want("GET", "/v1/admin/products/"+id+"/questions", nil, 200).Body, "data", "questions").([]any)
	qid := dig(qs[0], "id").(string)
	adult["answers"] = []map[string]any{{"question_id": qid, "value": "M"}}
	bought := c.want("POST", path, adult, 201)
	if data(bought, "status") != "confirmed" {
		t.Fatalf("a free product: %s", bought.Raw)
	}
	w.settle()

	// Customers only; staff of the organisation and the application see the list,
	// another application's staff and customers do not reach the product.
	admin.want("POST", path, adult, 403)
	c.want("GET", "/v1/admin/products/"+id+"/purchases", nil, 403)
	w.as(w.adminB, w.appB).want("GET", "/v1/admin/products/"+id+"/purchases", nil, 403) // no view-product there: refused before any lookup
	bo := w.customer("Bo", "B", w.appB)
	w.settle()
	w.as(bo, w.appB).want("POST", path, adult, 404)
	got := admin.want("GET", "/v1/admin/products/"+id+"/purchases", nil, 200)
	ps := list(got, "purchases")
	if len(ps) != 1 || ps[0]["first_name"] != "Carla" {
		t.Fatalf("purchases: %s", got.Raw)
	}
	if answers, _ := ps[0]["answers"].([]any); len(answers) != 1 || dig(answers[0], "value") != "M" {
		t.Fatalf("answers: %s", got.Raw)
	}

	// The delete impact counts the purchases.
	impact := admin.want("GET", "/v1/admin/products/"+id+"/delete-impact", nil, 200)
	if data(impact, "purchases_confirmed") != 1.0 || data(impact, "purchases_held") != 0.0 {
		t.Fatalf("impact: %s", impact.Raw)
	}
	// Deleted: its own refusal.
	admin.want("DELETE", "/v1/admin/products/"+id, nil, 200)
	if r := c.want("POST", path, adult, 409); message(r) != "Dit product is verwijderd en kan niet meer gekocht worden" {
		t.Fatalf("deleted: %s", r.Raw)
	}
}

// A priced product is paid like a bundle: the purchase is held, its order
// (order.placed.v2, a line naming the product) paid at the provider confirms it; an
// unpaid purchase is released after the hold time and its spot sold again.
func TestPayingForAProduct(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	s.sellerOrg(s.appA, s.orgA, true)
	r, err := s.env.App.CreateRate(ctx, commands.Meta{ActorID: "test", ApplicationID: s.appA}, s.orgA,
		rate.Fields{Name: "Shirt", PriceCents: 2500, VATTier: rate.VATHigh})
	if err != nil {
		t.Fatal(err)
	}
	s.saw(r.Position)
	spots := 1
	id := s.sellable(s.appA, s.orgA, true, product.Details{Spots: &spots, RateID: &r.ID, PriceDisplayMode: "eur"})
	carla, bram := s.customer("Carla", "Klant", s.appA), s.customer("Bram", "Klant", s.appA)
	s.settle()
	c := s.as(carla, s.appA)
	held := c.want("POST", "/v1/products/"+id+"/purchases", person("Carla"), 201)
	if data(held, "status") != "held" {
		t.Fatalf("a priced purchase: %s", held.Raw)
	}
	purchase := data(held, "purchase_id").(string)
	if r := s.as(bram, s.appA).want("POST", "/v1/products/"+id+"/purchases", person("Bram"), 409); !strings.Contains(r.Raw, "uitverkocht") {
		t.Fatalf("the held spot is taken: %s", r.Raw)
	}
	orderPath := "/v1/products/" + id + "/purchases/" + purchase + "/order"
	c.want("POST", orderPath, map[string]any{"payment_type": "cash"}, 422)
	s.as(bram, s.appA).want("POST", orderPath, map[string]any{"payment_type": "euros"}, 404) // not his purchase
	if n := s.events("order.placed.v2"); n != 0 {
		t.Fatalf("%d orders after bad input", n)
	}
	placed := c.want("POST", orderPath, map[string]any{"payment_type": "euros"}, 201)
	orderID := data(placed, "order_id").(string)
	o := s.order(orderID)
	lines := dig(o.Body, "data", "lines").([]any)
	if len(lines) != 1 || dig(lines[0], "total_cents") != 2500.0 || dig(lines[0], "title") != "Club shirt" {
		t.Fatalf("the order: %s", o.Raw)
	}
	pay := s.providerPayment(orderID)
	s.provider.Settle(pay, "paid")
	s.notify(pay, 200)
	for deadline := time.Now().Add(5 * time.Second); s.events("product.purchase_confirmed.v1") != 1 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	if n := s.events("product.purchase_confirmed.v1"); n != 1 {
		t.Fatalf("paid: %d confirmations", n)
	}
	var row map[string]any
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		s.settle()
		got := s.as(s.users["organization"], s.appA).want("GET", "/v1/admin/products/"+id+"/purchases", nil, 200)
		if ps := list(got, "purchases"); len(ps) == 1 && ps[0]["status"] == "confirmed" {
			row = ps[0]
			break
		}
	}
	if row == nil || row["paid_at"] == nil {
		t.Fatalf("the paid purchase: %v", row)
	}

	// An unpaid purchase holds its spot for the hold time, then is released.
	spots2 := 1
	other := s.sellable(s.appA, s.orgA, true, product.Details{Name: "Locker", Spots: &spots2, RateID: &r.ID, PriceDisplayMode: "eur"})
	h := s.as(bram, s.appA).want("POST", "/v1/products/"+other+"/purchases", person("Bram"), 201)
	s.settle()
	if _, err := s.worker.Pass(ctx); err != nil {
		t.Fatal(err)
	}
	s.worker.Now = func() time.Time { return time.Now().Add(processes.DefaultHoldTime + time.Second) }
	for deadline := time.Now().Add(5 * time.Second); s.events("product.purchase_cancelled.v1") == 0 && time.Now().Before(deadline); {
		s.settle()
		if _, err := s.worker.Pass(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := s.events("product.purchase_cancelled.v1"); n != 1 {
		t.Fatalf("the unpaid hold was not released (%d): %s", n, h.Raw)
	}
	s.as(carla, s.appA).want("POST", "/v1/products/"+other+"/purchases", person("Carla"), 201)
}
