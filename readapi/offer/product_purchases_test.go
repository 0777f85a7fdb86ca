package offer_test

import (
	"context"
	"strings"
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
	"move/readapi/readapitest"
)

// sellable makes (once) the organisation org of app, approved when approve, and a
// product of it with d (its type made here); it answers the product's id.
func sellable(w *readapitest.WalletWorld, app, org string, approve bool, d product.Details) string {
	w.T.Helper()
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: app}
	sellerOrg(w, app, org, approve)
	typ, err := w.Env.App.CreateCatalogItem(ctx, commands.Meta{ActorID: "test"}, catalog.ProductType, catalog.Fields{Name: "Shirt " + uuid.NewString()[:8]})
	if err != nil {
		w.T.Fatal(err)
	}
	d.ProductTypeID = typ.ID
	if d.Name == "" {
		d.Name = "Club shirt"
	}
	res, err := w.Env.App.CreateProduct(ctx, meta, org, d)
	if err != nil {
		w.T.Fatal(err)
	}
	w.Saw(res.Position)
	w.Settle()
	return res.ID
}

// sellerOrg makes (once) the organisation org of app, approved when approve.
func sellerOrg(w *readapitest.WalletWorld, app, org string, approve bool) {
	w.T.Helper()
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: app, OrganizationID: org}
	if _, made := readapitest.Organizations.LoadOrStore(app+"/"+org, true); !made {
		res, err := w.Env.App.CreateOrganization(ctx, meta, domainorg.Profile{Name: "Studio " + org[:6]})
		if err != nil {
			w.T.Fatal(err)
		}
		w.Saw(res.Position)
		if approve {
			res, err := w.Env.App.ApproveOrganization(ctx, commands.Meta{ActorID: "test", ApplicationID: app}, org)
			if err != nil {
				w.T.Fatal(err)
			}
			w.Saw(res.Position)
		}
	}
}

// 100 customers buy the 10 spots of a free product at the same moment: exactly 10 get
// one (confirmed), the other 90 are told it is sold out; the staff list shows the 10.
func TestConcurrentProductPurchasesNeverOversell(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	spots := 10
	id := sellable(w, w.AppA, w.OrgA, true, product.Details{Spots: &spots})
	customers := make([]string, 100)
	for i := range customers {
		customers[i] = w.Customer("Klant", "Product", w.AppA)
	}
	w.Settle()
	counts := confirmedOrRefused(t, w.AtOnce(w.AppA, "POST", "/v1/products/"+id+"/purchases", customers,
		func(int) any { return readapitest.Person("Bea") }), "Dit product is uitverkocht (alle 10 plekken zijn verkocht)")
	if counts[201] != 10 || counts[409] != 90 {
		t.Fatalf("answers %v, want 10 × 201 and 90 × 409", counts)
	}
	w.Settle()
	got := w.As(w.Users["organization"], w.AppA).Want("GET", "/v1/admin/products/"+id+"/purchases", nil, 200)
	if readapitest.Data(got, "taken") != 10.0 || readapitest.Data(got, "spots") != 10.0 || len(readapitest.List(got, "purchases")) != 10 {
		t.Fatalf("purchases: %s", got.Raw)
	}
	for _, p := range readapitest.List(got, "purchases") {
		if p["status"] != "confirmed" || p["first_name"] != "Bea" || p["paid_at"] != nil {
			t.Fatalf("a free purchase: %v", p)
		}
	}
}

// Refusals each with their own message, changing nothing; customers only; another
// application's customer and staff see nothing of it.
func TestProductPurchaseRefusalsAndIsolation(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	ctx := context.Background()
	minAge := 18
	id := sellable(w, w.AppA, w.OrgA, false, product.Details{Draft: true, AgeMin: &minAge, ShouldValidateAge: true})
	admin := w.As(w.Users["organization"], w.AppA) // the organisation's staff edit and see its products
	c := w.As(w.Users["customer"], w.AppA)
	adult := readapitest.Person("Carla")
	adult["participant"].(map[string]any)["date_of_birth"] = "1990-01-01"
	path := "/v1/products/" + id + "/purchases"
	if r := c.Want("POST", path, adult, 409); readapitest.Message(r) != "Dit product is nog een concept en kan niet gekocht worden" {
		t.Fatalf("draft: %s", r.Raw)
	}
	admin.Want("PATCH", "/v1/admin/products/"+id, map[string]any{"draft": false}, 200)
	w.Settle()
	if r := c.Want("POST", path, adult, 409); readapitest.Message(r) != "De organisatie van dit product is nog niet goedgekeurd; het kan nog niet gekocht worden" {
		t.Fatalf("unapproved organisation: %s", r.Raw)
	}
	res, err := w.Env.App.ApproveOrganization(ctx, commands.Meta{ActorID: "test", ApplicationID: w.AppA}, w.OrgA)
	if err != nil {
		t.Fatal(err)
	}
	w.Saw(res.Position)
	w.Settle()
	if r := c.Want("POST", path, readapitest.Person("Kim"), 422); !strings.Contains(r.Raw, "participant.date_of_birth") {
		t.Fatalf("no birth date with an age check: %s", r.Raw)
	}
	young := readapitest.Person("Kim")
	young["participant"].(map[string]any)["date_of_birth"] = time.Now().AddDate(-10, 0, 0).Format(time.DateOnly)
	c.Want("POST", path, young, 422)
	admin.Want("PUT", "/v1/admin/products/"+id+"/questions", map[string]any{"questions": []map[string]any{
		{"title": "Maat", "type": "single_select", "required": true, "options": []string{"S", "M"}}}}, 200)
	w.Settle()
	if r := c.Want("POST", path, adult, 422); !strings.Contains(r.Raw, "answers") {
		t.Fatalf("a required question unanswered: %s", r.Raw)
	}
	c.Want("POST", path, map[string]any{"participant": "nope"}, 422)
	c.Want("POST", "/v1/products/not-an-id/purchases", adult, 404)
	w.Settle()
	if got := admin.Want("GET", "/v1/admin/products/"+id+"/purchases", nil, 200); len(readapitest.List(got, "purchases")) != 0 {
		t.Fatalf("refusals bought something: %s", got.Raw)
	}
	qs := readapitest.Dig(admin.Want("GET", "/v1/admin/products/"+id+"/questions", nil, 200).Body, "data", "questions").([]any)
	qid := readapitest.Dig(qs[0], "id").(string)
	adult["answers"] = []map[string]any{{"question_id": qid, "value": "M"}}
	bought := c.Want("POST", path, adult, 201)
	if readapitest.Data(bought, "status") != "confirmed" {
		t.Fatalf("a free product: %s", bought.Raw)
	}
	w.Settle()

	// Customers only; staff of the organisation and the application see the list,
	// another application's staff and customers do not reach the product.
	admin.Want("POST", path, adult, 403)
	c.Want("GET", "/v1/admin/products/"+id+"/purchases", nil, 403)
	w.As(w.AdminB, w.AppB).Want("GET", "/v1/admin/products/"+id+"/purchases", nil, 403) // no view-product there: refused before any lookup
	bo := w.Customer("Bo", "B", w.AppB)
	w.Settle()
	w.As(bo, w.AppB).Want("POST", path, adult, 404)
	got := admin.Want("GET", "/v1/admin/products/"+id+"/purchases", nil, 200)
	ps := readapitest.List(got, "purchases")
	if len(ps) != 1 || ps[0]["first_name"] != "Carla" {
		t.Fatalf("purchases: %s", got.Raw)
	}
	if answers, _ := ps[0]["answers"].([]any); len(answers) != 1 || readapitest.Dig(answers[0], "value") != "M" {
		t.Fatalf("answers: %s", got.Raw)
	}

	// The delete impact counts the purchases.
	impact := admin.Want("GET", "/v1/admin/products/"+id+"/delete-impact", nil, 200)
	if readapitest.Data(impact, "purchases_confirmed") != 1.0 || readapitest.Data(impact, "purchases_held") != 0.0 {
		t.Fatalf("impact: %s", impact.Raw)
	}
	// Deleted: its own refusal.
	admin.Want("DELETE", "/v1/admin/products/"+id, nil, 200)
	if r := c.Want("POST", path, adult, 409); readapitest.Message(r) != "Dit product is verwijderd en kan niet meer gekocht worden" {
		t.Fatalf("deleted: %s", r.Raw)
	}
}

// A priced product is paid like a bundle: the purchase is held, its order
// (order.placed.v2, a line naming the product) paid at the provider confirms it; an
// unpaid purchase is released after the hold time and its spot sold again.
func TestPayingForAProduct(t *testing.T) {
	s := readapitest.NewShop(t)
	ctx := context.Background()
	sellerOrg(s.WalletWorld, s.AppA, s.OrgA, true)
	r, err := s.Env.App.CreateRate(ctx, commands.Meta{ActorID: "test", ApplicationID: s.AppA}, s.OrgA,
		rate.Fields{Name: "Shirt", PriceCents: 2500, VATTier: rate.VATHigh})
	if err != nil {
		t.Fatal(err)
	}
	s.Saw(r.Position)
	spots := 1
	id := sellable(s.WalletWorld, s.AppA, s.OrgA, true, product.Details{Spots: &spots, RateID: &r.ID, PriceDisplayMode: "eur"})
	carla, bram := s.Customer("Carla", "Klant", s.AppA), s.Customer("Bram", "Klant", s.AppA)
	s.Settle()
	c := s.As(carla, s.AppA)
	held := c.Want("POST", "/v1/products/"+id+"/purchases", readapitest.Person("Carla"), 201)
	if readapitest.Data(held, "status") != "held" {
		t.Fatalf("a priced purchase: %s", held.Raw)
	}
	purchase := readapitest.Data(held, "purchase_id").(string)
	if r := s.As(bram, s.AppA).Want("POST", "/v1/products/"+id+"/purchases", readapitest.Person("Bram"), 409); !strings.Contains(r.Raw, "uitverkocht") {
		t.Fatalf("the held spot is taken: %s", r.Raw)
	}
	orderPath := "/v1/products/" + id + "/purchases/" + purchase + "/order"
	c.Want("POST", orderPath, map[string]any{"payment_type": "cash"}, 422)
	s.As(bram, s.AppA).Want("POST", orderPath, map[string]any{"payment_type": "euros"}, 404) // not his purchase
	if n := s.Events("order.placed.v2"); n != 0 {
		t.Fatalf("%d orders after bad input", n)
	}
	placed := c.Want("POST", orderPath, map[string]any{"payment_type": "euros"}, 201)
	orderID := readapitest.Data(placed, "order_id").(string)
	o := s.Order(orderID)
	lines := readapitest.Dig(o.Body, "data", "lines").([]any)
	if len(lines) != 1 || readapitest.Dig(lines[0], "total_cents") != 2500.0 || readapitest.Dig(lines[0], "title") != "Club shirt" {
		t.Fatalf("the order: %s", o.Raw)
	}
	pay := s.ProviderPayment(orderID)
	s.Provider.Settle(pay, "paid")
	s.Notify(pay, 200)
	for deadline := time.Now().Add(5 * time.Second); s.Events("product.purchase_confirmed.v1") != 1 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	if n := s.Events("product.purchase_confirmed.v1"); n != 1 {
		t.Fatalf("paid: %d confirmations", n)
	}
	var row map[string]any
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		s.Settle()
		got := s.As(s.Users["organization"], s.AppA).Want("GET", "/v1/admin/products/"+id+"/purchases", nil, 200)
		if ps := readapitest.List(got, "purchases"); len(ps) == 1 && ps[0]["status"] == "confirmed" {
			row = ps[0]
			break
		}
	}
	if row == nil || row["paid_at"] == nil {
		t.Fatalf("the paid purchase: %v", row)
	}

	// An unpaid purchase holds its spot for the hold time, then is released.
	spots2 := 1
	other := sellable(s.WalletWorld, s.AppA, s.OrgA, true, product.Details{Name: "Locker", Spots: &spots2, RateID: &r.ID, PriceDisplayMode: "eur"})
	h := s.As(bram, s.AppA).Want("POST", "/v1/products/"+other+"/purchases", readapitest.Person("Bram"), 201)
	s.Settle()
	if _, err := s.Worker.Pass(ctx); err != nil {
		t.Fatal(err)
	}
	s.Worker.Now = func() time.Time { return time.Now().Add(processes.DefaultHoldTime + time.Second) }
	for deadline := time.Now().Add(5 * time.Second); s.Events("product.purchase_cancelled.v1") == 0 && time.Now().Before(deadline); {
		s.Settle()
		if _, err := s.Worker.Pass(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := s.Events("product.purchase_cancelled.v1"); n != 1 {
		t.Fatalf("the unpaid hold was not released (%d): %s", n, h.Raw)
	}
	s.As(carla, s.AppA).Want("POST", "/v1/products/"+other+"/purchases", readapitest.Person("Carla"), 201)
}
