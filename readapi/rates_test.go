package readapi_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/readapi"
)

func threePeriods() []map[string]any {
	return []map[string]any{
		{"from_minutes": nil, "until_minutes": 2880, "refund_percent": 100},
		{"from_minutes": 2880, "until_minutes": 1440, "refund_percent": 50},
		{"from_minutes": 1440, "until_minutes": nil, "refund_percent": 0},
	}
}

func TestRatesAndCancellationTerms(t *testing.T) {
	w := newOfferWorld(t)
	staff := w.as(w.users["organization"], w.appA).en()
	orgRates := "/v1/admin/organizations/" + w.orgA + "/rates"
	orgTerms := "/v1/admin/organizations/" + w.orgA + "/cancellation-terms"

	// Each period rule answers its own message, on its own field; nothing is written.
	bad := staff.want("POST", orgTerms, map[string]any{"name": "Standard", "periods": []map[string]any{
		{"from_minutes": 10, "until_minutes": 2880, "refund_percent": 100},
		{"from_minutes": 2880, "until_minutes": nil, "refund_percent": 50},
		{"from_minutes": 1440, "until_minutes": nil, "refund_percent": 120},
	}}, 422)
	for f, want := range map[string]string{
		"periods.0.from_minutes":   "The first period starts at booking and has no 'from'",
		"periods.1.until_minutes":  "Period 2 needs an 'until'",
		"periods.2.refund_percent": "The refund of period 3 is between 0 and 100 %",
	} {
		if got := field(bad, f); got != want {
			t.Errorf("%s: %q, want %q (%s)", f, got, want, bad.Raw)
		}
	}
	nl := w.as(w.users["organization"], w.appA)
	if got := field(nl.want("POST", orgTerms, map[string]any{"name": "Leeg", "periods": []any{}}, 422), "periods"); got != "Voeg minstens één periode toe" {
		t.Errorf("no periods in nl: %q", got)
	}
	w.settle()
	if n := total(staff.want("GET", orgTerms, nil, 200)); n != 0 {
		t.Fatalf("a refused term was written: %d", n)
	}

	term := dig(staff.want("POST", orgTerms, map[string]any{"name": "Standard", "periods": threePeriods()}, 201).Body, "data", "id").(string)
	staff.want("POST", orgRates, map[string]any{"name": "", "price_cents": -5, "vat_tier": "6"}, 422)
	foreignTerm := dig(w.as(w.staffB, w.appB).want("POST", "/v1/admin/organizations/"+w.orgB+"/cancellation-terms",
		map[string]any{"name": "B's", "periods": threePeriods()}, 201).Body, "data", "id").(string)
	if got := field(staff.want("POST", orgRates, map[string]any{"name": "Adult", "price_cents": 1250, "vat_tier": "low", "cancellation_term_id": foreignTerm}, 422),
		"cancellation_term_id"); got == "" {
		t.Fatal("another application's term was accepted")
	}
	created := staff.want("POST", orgRates, map[string]any{"name": "Adult", "price_cents": 1250, "vat_tier": "low", "cancellation_term_id": term}, 201)
	id := dig(created.Body, "data", "id").(string)
	w.settle() // read-your-writes waits 3 s at most; this machine may be busier than that

	list := staff.want("GET", orgRates, nil, 200)
	data := rows(list)
	if len(data) != 2 || dig(data[0], "id") != nil || dig(data[0], "name") != "Free" || dig(data[0], "price_cents") != 0.0 {
		t.Fatalf("the list starts with Free: %s", list.Raw)
	}
	if dig(data[1], "name") != "Adult" || dig(data[1], "vat_percent") != 9.0 || dig(data[1], "cancellation_term_name") != "Standard" {
		t.Fatalf("the rate: %s", list.Raw)
	}
	if total(list) != 1 || dig(list.Body, "meta", "pagination", "itemsPerPage") != 250.0 {
		t.Fatalf("250 a page, Free not counted: %s", list.Raw)
	}
	if rows := rows(staff.want("GET", orgRates+"?search=adu", nil, 200)); len(rows) != 1 {
		t.Fatalf("a search shows no Free: %v", rows)
	}
	if dig(rows(nl.want("GET", orgRates, nil, 200))[0], "name") != "Gratis" {
		t.Fatal("Free is named in the user's language")
	}

	// A new price; the term a rate names cannot go, the rate can (no offer uses it).
	staff.want("PUT", "/v1/admin/rates/"+id, map[string]any{"name": "Adult", "price_cents": 1500, "vat_tier": "high", "cancellation_term_id": term}, 200)
	w.settle()
	one := staff.want("GET", "/v1/admin/rates/"+id, nil, 200)
	if dig(one.Body, "data", "price_cents") != 1500.0 || dig(one.Body, "data", "vat_percent") != 21.0 {
		t.Fatalf("updated: %s", one.Raw)
	}
	inUse := staff.want("DELETE", "/v1/admin/cancellation-terms/"+term, nil, 409)
	if !strings.Contains(message(inUse), "Adult") {
		t.Fatalf("term in use: %s", inUse.Raw)
	}
	staff.want("PUT", "/v1/admin/cancellation-terms/"+term, map[string]any{"name": "Standard", "periods": []map[string]any{
		{"from_minutes": nil, "until_minutes": nil, "refund_percent": 100}}}, 200)
	if p := dig(staff.want("GET", "/v1/admin/cancellation-terms/"+term, nil, 200).Body, "data", "periods").([]any); len(p) != 1 {
		t.Fatalf("periods after update: %v", p)
	}

	// An offer that uses the rate keeps it.
	readapi.OffersUsingRate = usedBy{readapi.OfferRef{ID: uuid.NewString(), Type: "activity", Name: "Yoga"}}
	t.Cleanup(func() { readapi.OffersUsingRate = usedBy{} })
	if got := message(staff.want("DELETE", "/v1/admin/rates/"+id, nil, 409)); got != "This rate is used by Yoga and cannot be deleted" {
		t.Fatalf("rate in use: %q", got)
	}
	readapi.OffersUsingRate = usedBy{}
	staff.want("DELETE", "/v1/admin/rates/"+id, nil, 200)
	staff.want("GET", "/v1/admin/rates/"+id, nil, 404)
	staff.want("DELETE", "/v1/admin/cancellation-terms/"+term, nil, 200)
}

type usedBy []readapi.OfferRef

func (u usedBy) OffersUsingRate(context.Context, pgx.Tx, string, string) ([]readapi.OfferRef, error) {
	return u, nil
}

// TestRatesByRoleAndTenant: staff reach their own organisation's rates only; another
// organisation's or application's are not found; roles without view-rates are refused.
func TestRatesByRoleAndTenant(t *testing.T) {
	w := newOfferWorld(t)
	staff := w.as(w.users["organization"], w.appA)
	staffB := w.as(w.staffB, w.appB)
	id := dig(staff.want("POST", "/v1/admin/organizations/"+w.orgA+"/rates", map[string]any{"name": "Adult", "price_cents": 1000, "vat_tier": "high"}, 201).Body, "data", "id").(string)
	term := dig(staff.want("POST", "/v1/admin/organizations/"+w.orgA+"/cancellation-terms", map[string]any{"name": "S", "periods": threePeriods()}, 201).Body, "data", "id").(string)
	w.settle()

	for _, c := range []struct {
		who    *caller
		method string
		path   string
		status int
	}{
		{staff, "GET", "/v1/admin/organizations/" + w.orgA2 + "/rates", 404},
		{staff, "POST", "/v1/admin/organizations/" + w.orgA2 + "/rates", 404},
		{staff, "GET", "/v1/admin/organizations/" + w.orgB + "/rates", 404},
		{staff, "GET", "/v1/admin/organizations/" + uuid.NewString() + "/rates", 404},
		{staffB, "GET", "/v1/admin/organizations/" + w.orgA + "/rates", 404},
		{staffB, "GET", "/v1/admin/rates/" + id, 404},
		{staffB, "PUT", "/v1/admin/rates/" + id, 404},
		{staffB, "DELETE", "/v1/admin/rates/" + id, 404},
		{staffB, "GET", "/v1/admin/cancellation-terms/" + term, 404},
		{staffB, "DELETE", "/v1/admin/cancellation-terms/" + term, 404},
		{staff, "GET", "/v1/admin/rates/not-a-uuid", 404},
		{w.as(w.users["trainer"], w.appA), "GET", "/v1/admin/organizations/" + w.orgA + "/rates", 403},
		{w.as(w.users["trainer"], w.appA), "GET", "/v1/admin/rates/" + id, 403},
		{w.as(w.admin, w.appA), "POST", "/v1/admin/organizations/" + w.orgA + "/rates", 403},
		{w.as(w.users["customer"], w.appA), "GET", "/v1/admin/organizations/" + w.orgA + "/rates", 403},
	} {
		var body any
		if c.method == "POST" || c.method == "PUT" {
			body = map[string]any{"name": "X", "price_cents": 1, "vat_tier": "zero"}
		}
		if got := c.who.do(c.method, c.path, body); got.Status != c.status {
			t.Errorf("%s %s: %d, want %d (%s)", c.method, c.path, got.Status, c.status, got.Raw)
		}
	}
	if p := dig(staff.want("GET", "/v1/admin/rates/"+id, nil, 200).Body, "data", "price_cents"); p != 1000.0 {
		t.Fatalf("refused writes changed the rate: %v", p)
	}
}
