package offer_test

import (
	"context"
	"testing"

	"move/readapi/readapitest"
)

// A location, a product and an activity name what they refer to (web-111), so a reader
// who may not read the lists (contacts, rates, catalogue, categories) sees "Zwembad De
// Ring", not "Chosen"; a name is read only within the record's own application and
// organisation.
func TestOfferAnswersNameTheirChoices(t *testing.T) {
	w := newActivityWorld(t)
	id := func(r readapitest.Response) string { return readapitest.Dig(r.Body, "data", "id").(string) }
	coach := w.newContact(w.org)
	pool := readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/location-types", map[string]any{"name": "Zwembad"}), 201).Body, "data", "id").(string)
	body := locationBody("De Ring")
	body["sports"], body["location_types"], body["contacts"] = []string{w.sport}, []string{pool}, []string{coach}
	ring := id(w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/locations", body), 201))

	names := func(path string) map[string]any {
		t.Helper()
		r := w.Want(w.Do("GET", path, nil), 200)
		got, ok := readapitest.Dig(r.Body, "data", "names").(map[string]any)
		if !ok {
			t.Fatalf("%s has no names: %s", path, r.Raw)
		}
		return got
	}
	if got := names("/v1/admin/locations/" + ring); got[w.sport] != "Yoga" || got[pool] != "Zwembad" || got[coach] != "Coach" || len(got) != 3 {
		t.Errorf("location names: %v", got)
	}

	// A product: its rate with its price, and the names of its type, sport, location,
	// contact, category, tag and label.
	shirt := w.newProductType("T-shirt")
	category := id(w.Want(w.Do("POST", "/v1/admin/categories", map[string]any{"title": "Zwemmen"}), 201))
	tag := id(w.Want(w.Do("POST", "/v1/admin/tags", map[string]any{"name": "Buiten"}), 201))
	label := id(w.Want(w.Do("POST", "/v1/admin/labels", map[string]any{"name": "Sportpas"}), 201))
	term := id(w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/cancellation-terms", map[string]any{"name": "Flexible", "periods": threePeriods()}), 201))
	rate := id(w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/rates",
		map[string]any{"name": "Volwassenen", "price_cents": 1250, "vat_tier": "low", "cancellation_term_id": term}), 201))
	product := w.newProduct(w.org, map[string]any{"name": "Zwemles", "product_type_id": shirt, "sport_id": w.sport, "rate_id": rate,
		"category_ids": []string{category}, "tag_ids": []string{tag},
		"contacts": []map[string]any{{"contact_id": coach, "roles": []string{"mail"}}}})
	w.Want(w.Do("PATCH", "/v1/admin/products/"+product+"/location", map[string]any{"location_id": ring}), 200)
	w.Want(w.Do("PUT", "/v1/admin/products/"+product+"/labels", map[string]any{"label_ids": []string{label}}), 200)
	one := w.Want(w.Do("GET", "/v1/admin/products/"+product, nil), 200)
	if readapitest.Dig(one.Body, "data", "rate_name") != "Volwassenen" || readapitest.Dig(one.Body, "data", "rate_price_cents") != float64(1250) {
		t.Errorf("product rate: %s", one.Raw)
	}
	want := map[string]string{shirt: "T-shirt", w.sport: "Yoga", ring: "De Ring (Utrecht)", coach: "Coach", category: "Zwemmen", tag: "Buiten", label: "Sportpas"}
	got := names("/v1/admin/products/" + product)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("product names[%s] = %v, want %q (%v)", k, got[k], v, got)
		}
	}
	// Without a rate, none is named.
	free := w.newProduct(w.org, map[string]any{"name": "Open dag", "product_type_id": shirt})
	if r := w.Want(w.Do("GET", "/v1/admin/products/"+free, nil), 200); readapitest.Dig(r.Body, "data", "rate_name") != nil || readapitest.Dig(r.Body, "data", "rate_price_cents") != nil {
		t.Errorf("free product: %s", r.Raw)
	}

	// An activity names its contacts, categories and tags (its rate it names already).
	activity := w.newActivity(w.org, map[string]any{"type": "session", "name": "Zwemles", "category_ids": []string{category}, "tag_ids": []string{tag},
		"contacts": []map[string]any{{"contact_id": coach, "roles": []string{"trainer"}}}})
	if got := names("/v1/admin/activities/" + activity); got[coach] != "Coach" || got[category] != "Zwemmen" || got[tag] != "Buiten" {
		t.Errorf("activity names: %v", got)
	}

	// Tenancy: another organisation's contact, had a record ever held its id, is not named
	// (the read model is edited directly: the commands refuse such a reference).
	other := w.newOrganization("Other club")
	theirs := w.newContact(other)
	if _, err := w.env.DB.Exec(context.Background(), `UPDATE readmodel.locations SET contacts = contacts || ARRAY[$2::text] WHERE id = $1`, ring, theirs); err != nil {
		t.Fatal(err)
	}
	got = names("/v1/admin/locations/" + ring)
	if _, leaked := got[theirs]; leaked || got[coach] != "Coach" {
		t.Errorf("another organisation's contact named: %v", got)
	}
	// The names change with the record they name.
	w.Want(w.Do("PUT", "/v1/admin/contacts/"+coach, map[string]any{"name": "Coach Anna", "email": "", "phone": "", "roles": []string{"trainer", "mail"}}), 200)
	if got := names("/v1/admin/locations/" + ring); got[coach] != "Coach Anna" {
		t.Errorf("after the rename: %v", got)
	}
}
