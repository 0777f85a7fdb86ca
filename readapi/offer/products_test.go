package offer_test

import (
	"context"
	"move/readapi/readapitest"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
)

func (w *activityWorld) newProductType(name string) string {
	w.T.Helper()
	return readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/product-types", map[string]any{"name": name}), 201).Body, "data", "id").(string)
}

func (w *activityWorld) newProduct(org string, body map[string]any) string {
	w.T.Helper()
	return readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/organizations/"+org+"/products", body), 201).Body, "data", "id").(string)
}

// A product's life: create, PATCH, refusals each with their own message, the sub-pages,
// the lists and their filters, the delete impact and the deletion.
func TestProductLifecycle(t *testing.T) {
	w := newActivityWorld(t)
	shirt, locker := w.newProductType("T-shirt"), w.newProductType("Locker")
	label := readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/labels", map[string]any{"name": "Sportpas"}), 201).Body, "data", "id").(string)
	id := w.newProduct(w.org, map[string]any{"name": "Club shirt", "product_type_id": shirt, "sport_id": w.sport, "level": "beginner",
		"gender": "female", "age_min": 12, "age_max": 99, "should_validate_age": true, "price_display_mode": "both", "draft": true, "spots": 40,
		"contacts": []map[string]any{{"contact_id": w.newContact(w.org), "roles": []string{"mail"}}}})
	one := w.Want(w.Do("GET", "/v1/admin/products/"+id, nil), 200)
	if readapitest.Dig(one.Body, "data", "name") != "Club shirt" || readapitest.Dig(one.Body, "data", "organization_name") != "Studio Zen" || readapitest.Dig(one.Body, "data", "product_type_id") != shirt || readapitest.Dig(one.Body, "data", "draft") != true || readapitest.Dig(one.Body, "data", "spots") != 40.0 {
		t.Fatalf("one: %s", one.Raw)
	}
	// PATCH changes only what it names; a stale version is refused.
	w.Want(w.Do("PATCH", "/v1/admin/products/"+id, map[string]any{"description": "Cotton", "spots": nil}), 200)
	one = w.Want(w.Do("GET", "/v1/admin/products/"+id, nil), 200)
	if readapitest.Dig(one.Body, "data", "description") != "Cotton" || readapitest.Dig(one.Body, "data", "level") != "beginner" || readapitest.Dig(one.Body, "data", "spots") != nil {
		t.Fatalf("patch: %s", one.Raw)
	}
	w.Want(w.Do("PATCH", "/v1/admin/products/"+id, map[string]any{"name": "Stale", "version": 0}), 409)
	// Each refused field with its own message, in the user's language; nothing is written.
	bad := w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/products", map[string]any{"name": "", "product_type_id": "",
		"spots": -2, "age_min": 10, "age_max": 5, "contacts": []map[string]any{{"contact_id": w.newContact(w.org), "roles": []string{}}}}), 422)
	for f, want := range map[string]string{
		"product_type_id":  "Choose a product type",
		"spots":            "The number of spots is between 0 and 100000; empty is unlimited",
		"age_max":          "The product's maximum age must be at least its minimum age",
		"contacts.0.roles": "Choose at least one role for this contact of the product (mail, contact person, trainer)",
	} {
		if got := readapitest.Field(bad, f); got != want {
			t.Errorf("%s: %q, want %q (%s)", f, got, want, bad.Raw)
		}
	}
	if readapitest.Field(bad, "name") == "" {
		t.Errorf("name: %s", bad.Raw)
	}
	w.Lang = "nl"
	if r := w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/products", map[string]any{"name": "x", "product_type_id": uuid.NewString()}), 422); readapitest.Field(r, "product_type_id") != "Dit producttype bestaat niet (meer)" {
		t.Fatalf("an unknown product type: %s", r.Raw)
	}
	if r := w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/products", map[string]any{"name": "x", "product_type_id": shirt, "sport_id": uuid.NewString()}), 422); readapitest.Field(r, "sport_id") != "Deze sport hoort niet bij de organisatie van het product" {
		t.Fatalf("a sport outside the organisation: %s", r.Raw)
	}
	if r := w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/products", map[string]any{"name": "x", "product_type_id": shirt, "should_validate_age": true}), 422); readapitest.Field(r, "should_validate_age") == "" {
		t.Fatalf("an age check without ages: %s", r.Raw)
	}
	if r := w.Want(w.Do("PATCH", "/v1/admin/products/"+id, map[string]any{"category_ids": []string{uuid.NewString()}}), 422); readapitest.Field(r, "category_ids") == "" {
		t.Fatalf("another application's category: %s", r.Raw)
	}
	if r := w.Want(w.Do("PATCH", "/v1/admin/products/"+id, map[string]any{"image_id": uuid.NewString()}), 422); readapitest.Field(r, "image_id") == "" {
		t.Fatalf("an image that is no file of the application: %s", r.Raw)
	}
	w.Lang = "en"
	// Sub-pages.
	if r := w.Want(w.Do("PATCH", "/v1/admin/products/"+id+"/location", map[string]any{"location_id": uuid.NewString()}), 422); readapitest.Field(r, "location_id") != "The location field refers to something this organisation does not have" {
		t.Fatalf("unknown location: %s", r.Raw)
	}
	w.Want(w.Do("PATCH", "/v1/admin/products/"+id+"/location", map[string]any{"location_id": nil}), 200)
	w.Want(w.Do("PUT", "/v1/admin/products/"+id+"/questions", map[string]any{"questions": []map[string]any{
		{"title": "Size", "type": "single_select", "required": true, "options": []string{"S", "M", "L"}},
	}}), 200)
	qs := w.Want(w.Do("GET", "/v1/admin/products/"+id+"/questions", nil), 200)
	if list := readapitest.Dig(qs.Body, "data", "questions").([]any); len(list) != 1 || readapitest.Dig(list[0], "id") == "" {
		t.Fatalf("questions: %s", qs.Raw)
	}
	if r := w.Want(w.Do("PUT", "/v1/admin/products/"+id+"/questions", map[string]any{"questions": []map[string]any{{"title": "Pick", "type": "multi_select", "options": []string{"one"}}}}), 422); readapitest.Field(r, "questions.0.options") != "A choice question of a product needs at least two options" {
		t.Fatalf("question options: %s", r.Raw)
	}
	if r := w.Want(w.Do("PUT", "/v1/admin/products/"+id+"/labels", map[string]any{"label_ids": []string{uuid.NewString()}}), 422); readapitest.Field(r, "label_ids") == "" {
		t.Fatalf("an unknown label: %s", r.Raw)
	}
	w.Want(w.Do("PUT", "/v1/admin/products/"+id+"/labels", map[string]any{"label_ids": []string{label}}), 200)
	if r := w.Want(w.Do("GET", "/v1/admin/products/"+id+"/labels", nil), 200); len(readapitest.Dig(r.Body, "data", "label_ids").([]any)) != 1 {
		t.Fatalf("labels: %s", r.Raw)
	}
	// Lists and their filters.
	w.newProduct(w.org, map[string]any{"name": "Locker 12", "product_type_id": locker})
	for query, want := range map[string][]string{
		"":                           {"Club shirt", "Locker 12"},
		"?draft=true":                {"Club shirt"},
		"?draft=false":               {"Locker 12"},
		"?sport_id=" + w.sport:       {"Club shirt"},
		"?product_type_id=" + locker: {"Locker 12"},
		"?label_id=" + label:         {"Club shirt"},
		"?search=lock":               {"Locker 12"},
	} {
		if got := readapitest.Names(w.Want(w.Do("GET", "/v1/admin/organizations/"+w.org+"/products"+query, nil), 200)); !slices.Equal(got, want) {
			t.Errorf("list%s: %v, want %v", query, got, want)
		}
	}
	w.Want(w.Do("GET", "/v1/admin/organizations/"+w.org+"/products?draft=maybe", nil), 400)
	w.Want(w.Do("GET", "/v1/admin/organizations/"+w.org+"/products?product_type_id=nope", nil), 400)
	// Keyset pages: one a page, the cursor leads to the next.
	first := w.Want(w.Do("GET", "/v1/admin/organizations/"+w.org+"/products?itemsPerPage=1", nil), 200)
	next, _ := readapitest.Dig(first.Body, "meta", "pagination", "next_cursor").(string)
	if readapitest.Names(first)[0] != "Club shirt" || next == "" {
		t.Fatalf("first page: %s", first.Raw)
	}
	if got := readapitest.Names(w.Want(w.Do("GET", "/v1/admin/organizations/"+w.org+"/products?itemsPerPage=1&after="+next, nil), 200)); !slices.Equal(got, []string{"Locker 12"}) {
		t.Fatalf("second page: %v", got)
	}
	if got := readapitest.Names(w.Want(w.Do("GET", "/v1/admin/applications/products?organization_id="+w.org+"&draft=false", nil), 200)); !slices.Equal(got, []string{"Locker 12"}) {
		t.Fatalf("application list: %v", got)
	}
	// Unlinking the sport the product uses is refused, naming it.
	used := w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/validate-sports", map[string]any{"sports": []string{}}), 409)
	if !strings.Contains(readapitest.Dig(used.Body, "errors", "message").(string), "Club shirt") {
		t.Fatalf("validate-sports: %s", used.Raw)
	}
	// A rate a product uses cannot be deleted.
	rate := readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/rates", map[string]any{"name": "Shirt", "price_cents": 1500, "vat_tier": "high"}), 201).Body, "data", "id").(string)
	w.Want(w.Do("PATCH", "/v1/admin/products/"+id, map[string]any{"rate_id": rate}), 200)
	if r := w.Want(w.Do("DELETE", "/v1/admin/rates/"+rate, nil), 409); !strings.Contains(readapitest.Dig(r.Body, "errors", "message").(string), "Club shirt") {
		t.Fatalf("rate in use: %s", r.Raw)
	}
	// The delete impact names the labels the product leaves; deleting writes.
	impact := w.Want(w.Do("GET", "/v1/admin/products/"+id+"/delete-impact", nil), 200)
	if l := readapitest.Dig(impact.Body, "data", "labels").([]any); len(l) != 1 || l[0] != "Sportpas" {
		t.Fatalf("impact: %s", impact.Raw)
	}
	w.Want(w.Do("DELETE", "/v1/admin/products/"+id+"?version=1", nil), 409)
	w.Want(w.Do("DELETE", "/v1/admin/products/"+id, nil), 200)
	w.Want(w.Do("GET", "/v1/admin/products/"+id, nil), 404)
	w.Want(w.Do("DELETE", "/v1/admin/products/"+id, nil), 404)
	w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/validate-sports", map[string]any{"sports": []string{}}), 200)
	w.Want(w.Do("DELETE", "/v1/admin/rates/"+rate, nil), 200)
}

// Consumers see a product only when it is not a draft and its organisation is approved.
func TestProductOfferVisibleAfterApproval(t *testing.T) {
	w := newActivityWorld(t)
	typ := w.newProductType("Pass")
	w.newProduct(w.org, map[string]any{"name": "Season pass", "product_type_id": typ, "spots": 3})
	w.newProduct(w.org, map[string]any{"name": "Draft pass", "product_type_id": typ, "draft": true})
	consumer := w.as("")
	if got := readapitest.Names(consumer.Want(consumer.Do("GET", "/v1/offer/products", nil), 200)); len(got) != 0 {
		t.Fatalf("an unapproved organisation's products are visible: %v", got)
	}
	w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/approve", nil), 200)
	consumer.Position = w.Position
	offer := consumer.Want(consumer.Do("GET", "/v1/offer/products", nil), 200)
	if got := readapitest.Names(offer); !slices.Equal(got, []string{"Season pass"}) || readapitest.Dig(records(offer)[0], "spots") != 3.0 {
		t.Fatalf("after approval: %s", offer.Raw)
	}
	for search, want := range map[string][]string{"SEASON": {"Season pass"}, "draft": {}, "locker": {}} {
		if got := readapitest.Names(consumer.Want(consumer.Do("GET", "/v1/offer/products?search="+search, nil), 200)); !slices.Equal(got, want) {
			t.Errorf("offer, search %q: %v, want %v", search, got, want)
		}
	}
	if got := readapitest.Names(consumer.Want(consumer.Do("GET", "/v1/offer/products", nil, "ApplicationId", uuid.NewString()), 200)); len(got) != 0 {
		t.Fatalf("another application's products: %v", got)
	}
	consumer.Want(consumer.Do("GET", "/v1/offer/products", nil, "ApplicationId", "nope"), 403)
}

// Every product route, per role, and across organisations and applications.
func TestProductPermissionsAndIsolation(t *testing.T) {
	w := newActivityWorld(t)
	typ := w.newProductType("Pass")
	mine := w.newProduct(w.org, map[string]any{"name": "Mine", "product_type_id": typ})
	theirsOrg := w.newOrganization("Other studio")
	theirs := w.newProduct(theirsOrg, map[string]any{"name": "Theirs", "product_type_id": typ})
	type call struct{ method, path string }
	writes := map[call]any{ // each write with its body
		{"PATCH", "/v1/admin/products/{p}"}:              map[string]any{"name": "Renamed"},
		{"PATCH", "/v1/admin/products/{p}/location"}:     map[string]any{"location_id": nil},
		{"PUT", "/v1/admin/products/{p}/questions"}:      map[string]any{"questions": []any{}},
		{"PUT", "/v1/admin/products/{p}/labels"}:         map[string]any{"label_ids": []string{}},
		{"POST", "/v1/admin/organizations/{o}/products"}: map[string]any{"name": "New", "product_type_id": typ},
	}
	reads := []call{{"GET", "/v1/admin/products/{p}"}, {"GET", "/v1/admin/products/{p}/questions"}, {"GET", "/v1/admin/products/{p}/labels"},
		{"GET", "/v1/admin/products/{p}/delete-impact"}, {"GET", "/v1/admin/organizations/{o}/products"}}
	fill := func(path, p, o string) string { return strings.NewReplacer("{p}", p, "{o}", o).Replace(path) }
	// Organisation staff: their own organisation only; another's is not found.
	staff := w.as("organization")
	for c, body := range writes {
		if r := staff.Do(c.method, fill(c.path, mine, w.org), body); r.Status >= 300 {
			t.Errorf("staff %s %s: %d %s", c.method, c.path, r.Status, r.Raw)
		}
		if r := staff.Do(c.method, fill(c.path, theirs, theirsOrg), body); r.Status != 404 {
			t.Errorf("staff %s %s in another organisation: %d %s", c.method, c.path, r.Status, r.Raw)
		}
	}
	for _, c := range reads {
		staff.Want(staff.Do(c.method, fill(c.path, mine, w.org), nil), 200)
		staff.Want(staff.Do(c.method, fill(c.path, theirs, theirsOrg), nil), 404)
	}
	staff.Want(staff.Do("DELETE", "/v1/admin/products/"+theirs, nil), 404)
	if r := staff.Want(staff.Do("GET", "/v1/admin/applications/products", nil), 200); readapitest.Total(r) != 0 {
		t.Errorf("staff without memberships see the application's products: %s", r.Raw)
	}
	// Trainers hold no product permission.
	trainer := w.as("trainer")
	for c, body := range writes {
		if r := trainer.Do(c.method, fill(c.path, mine, w.org), body); r.Status != 403 && r.Status != 404 {
			t.Errorf("trainer %s %s: %d %s", c.method, c.path, r.Status, r.Raw)
		}
	}
	trainer.Want(trainer.Do("GET", "/v1/admin/applications/products", nil), 403)
	trainer.Want(trainer.Do("DELETE", "/v1/admin/products/"+mine, nil), 403)
	// Admins see the application's overview and change nothing of an organisation's products.
	admin := w.as("admin")
	if got := readapitest.Names(admin.Want(admin.Do("GET", "/v1/admin/applications/products", nil), 200)); len(got) != 3 {
		t.Errorf("admin overview: %v", got)
	}
	admin.Want(admin.Do("PATCH", "/v1/admin/products/"+theirs, map[string]any{"name": "x"}), 403)
	admin.Want(admin.Do("DELETE", "/v1/admin/products/"+theirs, nil), 403)
	// Another application sees nothing of this one.
	elsewhere := uuid.NewString()
	w.Want(w.Do("GET", "/v1/admin/products/"+mine, nil, "ApplicationId", elsewhere), 404)
	w.Want(w.Do("DELETE", "/v1/admin/products/"+mine, nil, "ApplicationId", elsewhere), 404)
	if r := w.Want(w.Do("GET", "/v1/admin/applications/products", nil, "ApplicationId", elsewhere), 200); readapitest.Total(r) != 0 {
		t.Fatalf("products in another application: %s", r.Raw)
	}
	staff.Want(staff.Do("DELETE", "/v1/admin/products/"+mine, nil), 200)
	anonymous := w.as("")
	anonymous.Want(anonymous.Do("GET", "/v1/admin/products/"+theirs, nil), 401)
}

// A label's product filter covers products of the named product types (never
// activities); a category a product filter names and a label a product has by hand are
// in use; bad references are refused on their field (decision 1001).
func TestLabelProductFilter(t *testing.T) {
	w := newActivityWorld(t)
	clothing, gear := w.newProductType("Clothing"), w.newProductType("Gear")
	category := readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/categories", map[string]any{"title": "Swimming"}), 201).Body, "data", "id").(string)
	label := readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/labels", map[string]any{"name": "Shop pass"}), 201).Body, "data", "id").(string)
	w.newProduct(w.org, map[string]any{"name": "Shirt", "product_type_id": clothing, "level": "beginner"})
	lock := w.newProduct(w.org, map[string]any{"name": "Lock", "product_type_id": gear})
	w.newActivity(w.org, map[string]any{"type": "session", "name": "Yoga", "level": "beginner"})
	filter := "/v1/admin/labels/" + label + "/product-filter"
	w.Want(w.Do("PUT", filter, map[string]any{"product_type_ids": []string{clothing}, "levels": []string{"beginner"}, "category_ids": []string{}}), 200)
	coverage := w.Want(w.Do("GET", "/v1/admin/labels/"+label+"/coverage", nil), 200)
	if got := readapitest.Names(coverage); !slices.Equal(got, []string{"Shirt"}) || readapitest.Dig(records(coverage)[0], "offer_type") != "product" || readapitest.Dig(records(coverage)[0], "by_filter") != true {
		t.Fatalf("coverage: %s", coverage.Raw)
	}
	one := w.Want(w.Do("GET", "/v1/admin/labels/"+label, nil), 200)
	if got := readapitest.Dig(one.Body, "data", "product_filter", "product_type_ids").([]any); len(got) != 1 || got[0] != clothing {
		t.Fatalf("the label's product filter: %s", one.Raw)
	}
	// By hand too; the filter and the hand are kept apart.
	w.Want(w.Do("PUT", "/v1/admin/products/"+lock+"/labels", map[string]any{"label_ids": []string{label}}), 200)
	if got := readapitest.Names(w.Want(w.Do("GET", "/v1/admin/labels/"+label+"/coverage", nil), 200)); !slices.Equal(got, []string{"Lock", "Shirt"}) {
		t.Fatalf("by hand and by filter: %v", got)
	}
	// Refusals: an unknown product type, a malformed level, another application's label.
	if r := w.Want(w.Do("PUT", filter, map[string]any{"product_type_ids": []string{uuid.NewString()}}), 422); readapitest.Field(r, "product_type_ids") == "" {
		t.Fatalf("unknown product type: %s", r.Raw)
	}
	if r := w.Want(w.Do("PUT", filter, map[string]any{"levels": []string{"pro"}}), 422); readapitest.Field(r, "levels") == "" {
		t.Fatalf("unknown level: %s", r.Raw)
	}
	if r := w.Want(w.Do("PUT", filter, map[string]any{"category_ids": []string{uuid.NewString()}}), 422); readapitest.Field(r, "category_ids") == "" {
		t.Fatalf("unknown category: %s", r.Raw)
	}
	w.Want(w.Do("PUT", filter, map[string]any{}, "ApplicationId", uuid.NewString()), 404)
	// In use: the category a product filter names; the label a product has by hand.
	w.Want(w.Do("PUT", filter, map[string]any{"category_ids": []string{category}}), 200)
	if r := w.Want(w.Do("DELETE", "/v1/admin/categories/"+category, nil), 409); !strings.Contains(readapitest.Dig(r.Body, "errors", "message").(string), "Shop pass") {
		t.Fatalf("category in a product filter: %s", r.Raw)
	}
	if r := w.Want(w.Do("DELETE", "/v1/admin/labels/"+label, nil), 409); !strings.Contains(readapitest.Dig(r.Body, "errors", "message").(string), "Lock") {
		t.Fatalf("label a product has by hand: %s", r.Raw)
	}
	// Naming nothing covers nothing but the hand; a deleted product leaves the coverage.
	w.Want(w.Do("PUT", filter, map[string]any{}), 200)
	if got := readapitest.Names(w.Want(w.Do("GET", "/v1/admin/labels/"+label+"/coverage", nil), 200)); !slices.Equal(got, []string{"Lock"}) {
		t.Fatalf("an empty filter: %v", got)
	}
	w.Want(w.Do("DELETE", "/v1/admin/products/"+lock, nil), 200)
	if r := w.Want(w.Do("GET", "/v1/admin/labels/"+label+"/coverage", nil), 200); readapitest.Total(r) != 0 {
		t.Fatalf("a deleted product: %s", r.Raw)
	}
	w.Want(w.Do("DELETE", "/v1/admin/labels/"+label, nil), 200)
}

// A product's image meets the same rule as an activity's (decision 1650, web-090): the
// form says "at least 500 × 250" up front and the server refuses a smaller one on create
// and on a change, while a save that keeps the stored image is not checked again.
func TestProductImageRule(t *testing.T) {
	w := newActivityWorld(t)
	shirt := w.newProductType("T-shirt")
	small, large := "0123456789abcdef0123456789abcd11", "0123456789abcdef0123456789abcd12"
	for id, size := range map[string][2]int{small: {499, 250}, large: {500, 250}} {
		if _, err := w.env.DB.Exec(context.Background(), `INSERT INTO files (id, application_id, filename, size, mime_type, width, height, visibility, uploaded_by)
			VALUES ($1, $2, 'image.png', 1000, 'image/png', $3, $4, 'public', 'test')`, id, readapitest.AppID, size[0], size[1]); err != nil {
			t.Fatal(err)
		}
	}
	body := map[string]any{"name": "Club shirt", "product_type_id": shirt, "image_id": small}
	r := w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/products", body), 422)
	if got := readapitest.Field(r, "image_id"); got != "The image must be at least 500 by 250 pixels (this image is 499 by 250)" {
		t.Fatalf("small image: %q (%s)", got, r.Raw)
	}
	body["image_id"] = large
	id := w.newProduct(w.org, body)
	w.Want(w.Do("PATCH", "/v1/admin/products/"+id, map[string]any{"image_id": small}), 422)
	w.Want(w.Do("PATCH", "/v1/admin/products/"+id, map[string]any{"name": "Club shirt 2"}), 200)
}
