package readapi_test

import (
	"testing"

	"github.com/google/uuid"
)

func week(open map[int][2]string) []map[string]any {
	var days []map[string]any
	for i, name := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"} {
		d := map[string]any{"weekday": name, "is_open": false}
		if t, ok := open[i]; ok {
			d["is_open"], d["opened_at"], d["closed_at"] = true, t[0], t[1]
		}
		days = append(days, d)
	}
	return days
}

func locationBody(name string) map[string]any {
	return map[string]any{"name": name, "street": "Laan", "house_number": "1", "zipcode": "3511ab", "city": "Utrecht", "notes": "Ingang aan de achterkant",
		"latitude": 52.09, "longitude": 5.12, "location_types": []string{}, "sports": []string{}, "contacts": []string{},
		"is_hidden": false, "show_link": true, "link_label": "Book", "link": "https://example.org/book",
		"opening_hours": week(map[int][2]string{0: {"09:00", "17:00"}, 5: {"10:00", "14:00"}})}
}

func TestLocations(t *testing.T) {
	w := newOfferWorld(t)
	staff := w.as(w.users["organization"], w.appA).en()
	base := "/v1/admin/organizations/" + w.orgA + "/locations"

	// Closing before opening is refused on that day's field; nothing is written.
	bad := locationBody("Sporthal")
	bad["opening_hours"] = week(map[int][2]string{2: {"18:00", "09:00"}})
	bad["latitude"] = 95.0
	refused := staff.want("POST", base, bad, 422)
	if field(refused, "opening_hours.2.closed_at") != "The closing time must be after the opening time" || field(refused, "latitude") == "" {
		t.Fatalf("refusal: %s", refused.Raw)
	}
	// An image smaller than 500×250 is refused; a large enough one is kept.
	small := dig(staff.c.want(staff.c.upload("small.png", testPNG(400, 250, false), map[string]string{"visibility": "public"},
		"Authorization", "Bearer user:"+staff.user, "ApplicationId", w.appA), 201).Body, "data", "token").(string)
	withSmall := locationBody("Sporthal")
	withSmall["image_id"] = small
	if got := field(staff.want("POST", base, withSmall, 422), "image_id"); got != "The image must be at least 500 by 250 pixels" {
		t.Fatalf("small image: %q", got)
	}
	if n := total(staff.want("GET", base, nil, 200)); n != 0 {
		t.Fatalf("refused locations were written: %d", n)
	}
	large := dig(staff.c.want(staff.c.upload("large.png", testPNG(600, 300, false), map[string]string{"visibility": "public"},
		"Authorization", "Bearer user:"+staff.user, "ApplicationId", w.appA), 201).Body, "data", "token").(string)
	good := locationBody("Sporthal")
	good["image_id"] = large
	id := dig(staff.want("POST", base, good, 201).Body, "data", "id").(string)
	w.settle() // read-your-writes waits 3 s at most; this machine may be busier than that

	list := staff.want("GET", base, nil, 200)
	if total(list) != 1 || dig(list.Body, "meta", "pagination", "itemsPerPage") != 250.0 {
		t.Fatalf("list: %s", list.Raw)
	}
	one := staff.want("GET", "/v1/admin/locations/"+id, nil, 200)
	hours := dig(one.Body, "data", "opening_hours").([]any)
	if len(hours) != 7 || dig(hours[0], "opened_at") != "09:00" || dig(hours[1], "is_open") != false ||
		dig(one.Body, "data", "zipcode") != "3511AB" || dig(one.Body, "data", "image_url") == nil {
		t.Fatalf("one: %s", one.Raw)
	}
	// Pending organisation: not visible to consumers yet, though not hidden.
	if dig(one.Body, "data", "is_visible") != false || dig(one.Body, "data", "organization_name") != "Club A1" {
		t.Fatalf("visibility of a pending organisation's location: %s", one.Raw)
	}
	admin := w.as(w.admin, w.appA)
	admin.want("POST", "/v1/admin/organizations/"+w.orgA+"/approve", nil, 200)
	w.settle()
	if dig(admin.want("GET", "/v1/admin/locations/"+id, nil, 200).Body, "data", "is_visible") != true {
		t.Fatal("approval makes the location visible")
	}
	// The application area: the admin sees every organisation's locations.
	if n := total(admin.want("GET", "/v1/admin/applications/locations?search=sport", nil, 200)); n != 1 {
		t.Fatalf("application list: %d", n)
	}
	updated := locationBody("Sporthal Noord")
	updated["is_hidden"], updated["version"] = true, dig(one.Body, "data", "version")
	admin.want("PUT", "/v1/admin/locations/"+id, updated, 200)
	w.settle()
	again := staff.want("GET", "/v1/admin/locations/"+id, nil, 200)
	if dig(again.Body, "data", "name") != "Sporthal Noord" || dig(again.Body, "data", "is_visible") != false || dig(again.Body, "data", "image_id") != nil {
		t.Fatalf("updated: %s", again.Raw)
	}
	staff.want("PUT", "/v1/admin/locations/"+id, updated, 409) // the version is stale now
	staff.want("DELETE", "/v1/admin/locations/"+id, nil, 200)
	staff.want("GET", "/v1/admin/locations/"+id, nil, 404)
}

// TestLocationsByRoleAndTenant: another organisation's or application's locations are
// not found; staff's application list holds only their organisations'.
func TestLocationsByRoleAndTenant(t *testing.T) {
	w := newOfferWorld(t)
	staff := w.as(w.users["organization"], w.appA)
	staffB := w.as(w.staffB, w.appB)
	admin := w.as(w.admin, w.appA)
	id := dig(staff.want("POST", "/v1/admin/organizations/"+w.orgA+"/locations", locationBody("Hal A1"), 201).Body, "data", "id").(string)
	admin.want("POST", "/v1/admin/organizations/"+w.orgA2+"/locations", locationBody("Hal A2"), 403) // admin views and edits, staff create
	staffB.want("POST", "/v1/admin/organizations/"+w.orgB+"/locations", locationBody("Hal B1"), 201)
	w.settle()

	for _, c := range []struct {
		who    *caller
		method string
		path   string
		status int
	}{
		{staff, "GET", "/v1/admin/organizations/" + w.orgA2 + "/locations", 404},
		{staff, "POST", "/v1/admin/organizations/" + w.orgA2 + "/locations", 404},
		{staff, "GET", "/v1/admin/organizations/" + w.orgB + "/locations", 404},
		{staffB, "GET", "/v1/admin/locations/" + id, 404},
		{staffB, "PUT", "/v1/admin/locations/" + id, 404},
		{staffB, "DELETE", "/v1/admin/locations/" + id, 404},
		{w.as(w.adminB, w.appB), "GET", "/v1/admin/locations/" + id, 404},
		{staff, "GET", "/v1/admin/locations/" + uuid.NewString(), 404},
		{w.as(w.users["trainer"], w.appA), "GET", "/v1/admin/locations/" + id, 403},
		{w.as(w.users["customer"], w.appA), "GET", "/v1/admin/applications/locations", 403},
	} {
		var body any
		if c.method == "POST" || c.method == "PUT" {
			body = locationBody("X")
		}
		if got := c.who.do(c.method, c.path, body); got.Status != c.status {
			t.Errorf("%s %s: %d, want %d (%s)", c.method, c.path, got.Status, c.status, got.Raw)
		}
	}
	if got := total(staff.want("GET", "/v1/admin/applications/locations", nil, 200)); got != 1 {
		t.Fatalf("staff see their own organisation's locations: %d", got)
	}
	if got := total(admin.want("GET", "/v1/admin/applications/locations", nil, 200)); got != 1 {
		t.Fatalf("the admin sees application A's: %d", got)
	}
	if got := total(w.as(w.adminB, w.appB).want("GET", "/v1/admin/applications/locations", nil, 200)); got != 1 {
		t.Fatalf("B's admin sees B's only: %d", got)
	}
}
