package offer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/readapi/offer"
	"move/readapi/readapitest"
)

func threePeriods() []map[string]any {
	return []map[string]any{
		{"from_minutes": nil, "until_minutes": 2880, "refund_percent": 100},
		{"from_minutes": 2880, "until_minutes": 1440, "refund_percent": 50},
		{"from_minutes": 1440, "until_minutes": nil, "refund_percent": 0},
	}
}

func TestRatesAndCancellationTerms(t *testing.T) {
	w := readapitest.NewOfferWorld(t)
	staff := w.As(w.Users["organization"], w.AppA).En()
	orgRates := "/v1/admin/organizations/" + w.OrgA + "/rates"
	orgTerms := "/v1/admin/organizations/" + w.OrgA + "/cancellation-terms"

	// Each period rule answers its own message, on its own field; nothing is written.
	bad := staff.Want("POST", orgTerms, map[string]any{"name": "Standard", "periods": []map[string]any{
		{"from_minutes": 10, "until_minutes": 2880, "refund_percent": 100},
		{"from_minutes": 2880, "until_minutes": nil, "refund_percent": 50},
		{"from_minutes": 1440, "until_minutes": nil, "refund_percent": 120},
	}}, 422)
	for f, want := range map[string]string{
		"periods.0.from_minutes":   "The first period starts at booking and has no 'from'",
		"periods.1.until_minutes":  "Period 2 needs an 'until'",
		"periods.2.refund_percent": "The refund of period 3 is between 0 and 100 %",
	} {
		if got := readapitest.Field(bad, f); got != want {
			t.Errorf("%s: %q, want %q (%s)", f, got, want, bad.Raw)
		}
	}
	nl := w.As(w.Users["organization"], w.AppA)
	if got := readapitest.Field(nl.Want("POST", orgTerms, map[string]any{"name": "Leeg", "periods": []any{}}, 422), "periods"); got != "Voeg minstens één periode toe" {
		t.Errorf("no periods in nl: %q", got)
	}
	w.Settle()
	if n := readapitest.Total(staff.Want("GET", orgTerms, nil, 200)); n != 0 {
		t.Fatalf("a refused term was written: %d", n)
	}

	term := readapitest.Dig(staff.Want("POST", orgTerms, map[string]any{"name": "Standard", "periods": threePeriods()}, 201).Body, "data", "id").(string)
	w.Settle()
	for search, want := range map[string]int{"stand": 1, "STANDARD": 1, "flex": 0} {
		if n := readapitest.Total(staff.Want("GET", orgTerms+"?search="+search, nil, 200)); n != want {
			t.Errorf("terms, search %q: %d, want %d", search, n, want)
		}
	}
	staff.Want("POST", orgRates, map[string]any{"name": "", "price_cents": -5, "vat_tier": "6"}, 422)
	foreignTerm := readapitest.Dig(w.As(w.StaffB, w.AppB).Want("POST", "/v1/admin/organizations/"+w.OrgB+"/cancellation-terms",
		map[string]any{"name": "B's", "periods": threePeriods()}, 201).Body, "data", "id").(string)
	if got := readapitest.Field(staff.Want("POST", orgRates, map[string]any{"name": "Adult", "price_cents": 1250, "vat_tier": "low", "cancellation_term_id": foreignTerm}, 422),
		"cancellation_term_id"); got == "" {
		t.Fatal("another application's term was accepted")
	}
	created := staff.Want("POST", orgRates, map[string]any{"name": "Adult", "price_cents": 1250, "vat_tier": "low", "cancellation_term_id": term}, 201)
	id := readapitest.Dig(created.Body, "data", "id").(string)
	w.Settle() // read-your-writes waits 3 s at most; this machine may be busier than that

	list := staff.Want("GET", orgRates, nil, 200)
	data := readapitest.Rows(list)
	if len(data) != 2 || readapitest.Dig(data[0], "id") != nil || readapitest.Dig(data[0], "name") != "Free" || readapitest.Dig(data[0], "price_cents") != 0.0 {
		t.Fatalf("the list starts with Free: %s", list.Raw)
	}
	if readapitest.Dig(data[1], "name") != "Adult" || readapitest.Dig(data[1], "vat_percent") != 9.0 || readapitest.Dig(data[1], "cancellation_term_name") != "Standard" {
		t.Fatalf("the rate: %s", list.Raw)
	}
	if readapitest.Total(list) != 1 || readapitest.Dig(list.Body, "meta", "pagination", "itemsPerPage") != 250.0 {
		t.Fatalf("250 a page, Free not counted: %s", list.Raw)
	}
	if rows := readapitest.Rows(staff.Want("GET", orgRates+"?search=adu", nil, 200)); len(rows) != 1 {
		t.Fatalf("a search shows no Free: %v", rows)
	}
	if readapitest.Dig(readapitest.Rows(nl.Want("GET", orgRates, nil, 200))[0], "name") != "Gratis" {
		t.Fatal("Free is named in the user's language")
	}

	// A new price; the term a rate names cannot go, the rate can (no offer uses it).
	staff.Want("PUT", "/v1/admin/rates/"+id, map[string]any{"name": "Adult", "price_cents": 1500, "vat_tier": "high", "cancellation_term_id": term}, 200)
	w.Settle()
	one := staff.Want("GET", "/v1/admin/rates/"+id, nil, 200)
	if readapitest.Dig(one.Body, "data", "price_cents") != 1500.0 || readapitest.Dig(one.Body, "data", "vat_percent") != 21.0 {
		t.Fatalf("updated: %s", one.Raw)
	}
	inUse := staff.Want("DELETE", "/v1/admin/cancellation-terms/"+term, nil, 409)
	if !strings.Contains(readapitest.Message(inUse), "Adult") {
		t.Fatalf("term in use: %s", inUse.Raw)
	}
	staff.Want("PUT", "/v1/admin/cancellation-terms/"+term, map[string]any{"name": "Standard", "periods": []map[string]any{
		{"from_minutes": nil, "until_minutes": nil, "refund_percent": 100}}}, 200)
	if p := readapitest.Dig(staff.Want("GET", "/v1/admin/cancellation-terms/"+term, nil, 200).Body, "data", "periods").([]any); len(p) != 1 {
		t.Fatalf("periods after update: %v", p)
	}

	// An offer that uses the rate keeps it.
	offer.OffersUsingRate = usedBy{offer.OfferRef{ID: uuid.NewString(), Type: "activity", Name: "Yoga"}}
	t.Cleanup(func() { offer.OffersUsingRate = usedBy{} })
	if got := readapitest.Message(staff.Want("DELETE", "/v1/admin/rates/"+id, nil, 409)); got != "This rate is used by Yoga and cannot be deleted" {
		t.Fatalf("rate in use: %q", got)
	}
	offer.OffersUsingRate = usedBy{}
	staff.Want("DELETE", "/v1/admin/rates/"+id, nil, 200)
	staff.Want("GET", "/v1/admin/rates/"+id, nil, 404)
	staff.Want("DELETE", "/v1/admin/cancellation-terms/"+term, nil, 200)
}

type usedBy []offer.OfferRef

func (u usedBy) OffersUsingRate(context.Context, pgx.Tx, string, string) ([]offer.OfferRef, error) {
	return u, nil
}

// TestRatesByRoleAndTenant: staff reach their own organisation's rates only; another
// organisation's or application's are not found; roles without view-rates are refused.
func TestRatesByRoleAndTenant(t *testing.T) {
	w := readapitest.NewOfferWorld(t)
	staff := w.As(w.Users["organization"], w.AppA)
	staffB := w.As(w.StaffB, w.AppB)
	id := readapitest.Dig(staff.Want("POST", "/v1/admin/organizations/"+w.OrgA+"/rates", map[string]any{"name": "Adult", "price_cents": 1000, "vat_tier": "high"}, 201).Body, "data", "id").(string)
	term := readapitest.Dig(staff.Want("POST", "/v1/admin/organizations/"+w.OrgA+"/cancellation-terms", map[string]any{"name": "S", "periods": threePeriods()}, 201).Body, "data", "id").(string)
	w.Settle()

	for _, c := range []struct {
		who    *readapitest.Caller
		method string
		path   string
		status int
	}{
		{staff, "GET", "/v1/admin/organizations/" + w.OrgA2 + "/rates", 404},
		{staff, "POST", "/v1/admin/organizations/" + w.OrgA2 + "/rates", 404},
		{staff, "GET", "/v1/admin/organizations/" + w.OrgB + "/rates", 404},
		{staff, "GET", "/v1/admin/organizations/" + uuid.NewString() + "/rates", 404},
		{staffB, "GET", "/v1/admin/organizations/" + w.OrgA + "/rates", 404},
		{staffB, "GET", "/v1/admin/rates/" + id, 404},
		{staffB, "PUT", "/v1/admin/rates/" + id, 404},
		{staffB, "DELETE", "/v1/admin/rates/" + id, 404},
		{staffB, "GET", "/v1/admin/cancellation-terms/" + term, 404},
		{staffB, "DELETE", "/v1/admin/cancellation-terms/" + term, 404},
		{staff, "GET", "/v1/admin/rates/not-a-uuid", 404},
		{w.As(w.Users["trainer"], w.AppA), "GET", "/v1/admin/organizations/" + w.OrgA + "/rates", 403},
		{w.As(w.Users["trainer"], w.AppA), "GET", "/v1/admin/rates/" + id, 403},
		{w.As(w.Admin, w.AppA), "POST", "/v1/admin/organizations/" + w.OrgA + "/rates", 403},
		{w.As(w.Users["customer"], w.AppA), "GET", "/v1/admin/organizations/" + w.OrgA + "/rates", 403},
	} {
		var body any
		if c.method == "POST" || c.method == "PUT" {
			body = map[string]any{"name": "X", "price_cents": 1, "vat_tier": "zero"}
		}
		if got := c.who.Do(c.method, c.path, body); got.Status != c.status {
			t.Errorf("%s %s: %d, want %d (%s)", c.method, c.path, got.Status, c.status, got.Raw)
		}
	}
	if p := readapitest.Dig(staff.Want("GET", "/v1/admin/rates/"+id, nil, 200).Body, "data", "price_cents"); p != 1000.0 {
		t.Fatalf("refused writes changed the rate: %v", p)
	}
}
