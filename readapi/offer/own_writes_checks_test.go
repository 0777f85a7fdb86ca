package offer_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"move/readapi/readapitest"
)

// A shared check reads a read model its route does not name — the organisation in
// scope, for a contact of it — and still sees the caller's own write (decision 1880):
// while the organisations read model is held behind the caller's new organisation, the
// contact waits for it instead of answering that the organisation does not exist.
func TestAContactOfAnOrganisationJustMadeWaitsForIt(t *testing.T) {
	w := newActivityWorld(t)
	var org string
	r := heldBehind(t, w, "readmodel.organizations", func() {
		org = readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/applications/organizations", map[string]any{"name": "Studio Nieuw"}), 201).Body, "data", "id").(string)
	}, func() readapitest.Response {
		return w.Do("POST", "/v1/admin/organizations/"+org+"/contacts", map[string]any{"name": "Coach", "roles": []string{"trainer"}})
	})
	if r.Status != 201 {
		t.Fatalf("the contact of the organisation just made: %d %s", r.Status, r.Raw)
	}
}

// The rate-usage and sport-usage checks wait for the offer read models when they run
// (decision 1880): a rate, or a sport, the caller just gave a product is in use.
func TestAnOfferJustChangedCountsInTheUsageChecks(t *testing.T) {
	w := newActivityWorld(t)
	product := w.newProduct(w.org, map[string]any{"name": "Club shirt", "product_type_id": w.newProductType("T-shirt")})
	rate := readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/rates", map[string]any{"name": "Shirt", "price_cents": 1500, "vat_tier": "high"}), 201).Body, "data", "id").(string)
	w.Want(w.Do("GET", "/v1/admin/products/"+product, nil), 200) // projected before the lock

	r := heldBehind(t, w, "readmodel.products", func() {
		w.Want(w.Do("PATCH", "/v1/admin/products/"+product, map[string]any{"rate_id": rate}), 200)
	}, func() readapitest.Response { return w.Do("DELETE", "/v1/admin/rates/"+rate, nil) })
	if msg, _ := readapitest.Dig(r.Body, "errors", "message").(string); r.Status != 409 || !strings.Contains(msg, "Club shirt") {
		t.Fatalf("deleting the rate a product was just given: %d %s", r.Status, r.Raw)
	}

	r = heldBehind(t, w, "readmodel.products", func() {
		w.Want(w.Do("PATCH", "/v1/admin/products/"+product, map[string]any{"sport_id": w.sport}), 200)
	}, func() readapitest.Response {
		return w.Do("POST", "/v1/admin/organizations/"+w.org+"/validate-sports", map[string]any{"sports": []string{}})
	})
	if msg, _ := readapitest.Dig(r.Body, "errors", "message").(string); r.Status != 409 || !strings.Contains(msg, "Club shirt") {
		t.Fatalf("unlinking the sport a product was just given: %d %s", r.Status, r.Raw)
	}
}

// heldBehind holds table's projector behind the caller's write (a lock that lets reads
// go on), runs check, and answers it once released: a check that waited for the caller's
// own write is not answered while the lock is held.
func heldBehind(t *testing.T, w *activityWorld, table string, write func(), check func() readapitest.Response) readapitest.Response {
	t.Helper()
	ctx := context.Background()
	hold, err := w.env.DB.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Rollback(ctx) //nolint:errcheck // released below; a second rollback is a no-op
	if _, err := hold.Exec(ctx, `LOCK TABLE `+table+` IN SHARE MODE`); err != nil {
		t.Fatal(err)
	}
	write()
	answered := make(chan readapitest.Response, 1)
	go func() { answered <- check() }()
	select {
	case r := <-answered:
		t.Fatalf("answered before %s had the caller's write: %d %s", table, r.Status, r.Raw)
	case <-time.After(300 * time.Millisecond):
	}
	if err := hold.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	return <-answered
}
