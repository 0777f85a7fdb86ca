package offer_test

import (
	"move/readapi/readapitest"
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
	w := readapitest.NewOfferWorld(t)
	staff := w.As(w.Users["organization"], w.AppA).En()
	base := "/v1/admin/organizations/" + w.OrgA + "/locations"

	// Closing before opening is refused on that day's field; nothing is written.
	bad := locationBody("Sporthal")
	bad["opening_hours"] = week(map[int][2]string{2: {"18:00", "09:00"}})
	bad["latitude"] = 95.0
	refused := staff.Want("POST", base, bad, 422)
	if readapitest.Field(refused, "opening_hours.2.closed_at") != "The closing time must be after the opening time" || readapitest.Field(refused, "latitude") == "" {
		t.Fatalf("refusal: %s", refused.Raw)
	}
	// An image smaller than 500×250 is refused; a large enough one is kept.
	small := readapitest.Dig(staff.C.Want(staff.C.Upload("small.png", readapitest.TestPNG(400, 250, false), map[string]string{"visibility": "public"},
		"Authorization", "Bearer user:"+staff.User, "ApplicationId", w.AppA), 201).Body, "data", "token").(string)
	withSmall := locationBody("Sporthal")
	withSmall["image_id"] = small
	if got := readapitest.Field(staff.Want("POST", base, withSmall, 422), "image_id"); got != "The image must be at least 500 by 250 pixels" {
		t.Fatalf("small image: %q", got)
	}
	if n := readapitest.Total(staff.Want("GET", base, nil, 200)); n != 0 {
		t.Fatalf("refused locations were written: %d", n)
	}
	large := readapitest.Dig(staff.C.Want(staff.C.Upload("large.png", readapitest.TestPNG(600, 300, false), map[string]string{"visibility": "public"},
		"Authorization", "Bearer user:"+staff.User, "ApplicationId", w.AppA), 201).Body, "data", "token").(string)
	good := locationBody("Sporthal")
	good["image_id"] = large
	id := readapitest.Dig(staff.Want("POST", base, good, 201).Body, "data", "id").(string)
	w.Settle() // read-your-writes waits 3 s at most; this machine may be busier than that

	list := staff.Want("GET", base, nil, 200)
	if readapitest.Total(list) != 1 || readapitest.Dig(list.Body, "meta", "pagination", "itemsPerPage") != 250.0 {
		t.Fatalf("list: %s", list.Raw)
	}
	one := staff.Want("GET", "/v1/admin/locations/"+id, nil, 200)
	hours := readapitest.Dig(one.Body, "data", "opening_hours").([]any)
	if len(hours) != 7 || readapitest.Dig(hours[0], "opened_at") != "09:00" || readapitest.Dig(hours[1], "is_open") != false || readapitest.Dig(one.Body, "data", "zipcode") != "3511AB" || readapitest.Dig(one.Body, "data", "image_url") == nil {
		t.Fatalf("one: %s", one.Raw)
	}
	// Pending organisation: not visible to consumers yet, though not hidden.
	if readapitest.Dig(one.Body, "data", "is_visible") != false || readapitest.Dig(one.Body, "data", "organization_name") != "Club A1" {
		t.Fatalf("visibility of a pending organisation's location: %s", one.Raw)
	}
	admin := w.As(w.Admin, w.AppA)
	admin.Want("POST", "/v1/admin/organizations/"+w.OrgA+"/approve", nil, 200)
	w.Settle()
	if readapitest.Dig(admin.Want("GET", "/v1/admin/locations/"+id, nil, 200).Body, "data", "is_visible") != true {
		t.Fatal("approval makes the location visible")
	}
	// The application area: the admin sees every organisation's locations.
	if n := readapitest.Total(admin.Want("GET", "/v1/admin/applications/locations?search=sport", nil, 200)); n != 1 {
		t.Fatalf("application list: %d", n)
	}
	updated := locationBody("Sporthal Noord")
	updated["is_hidden"], updated["version"] = true, readapitest.Dig(one.Body, "data", "version")
	admin.Want("PUT", "/v1/admin/locations/"+id, updated, 200)
	w.Settle()
	again := staff.Want("GET", "/v1/admin/locations/"+id, nil, 200)
	if readapitest.Dig(again.Body, "data", "name") != "Sporthal Noord" || readapitest.Dig(again.Body, "data", "is_visible") != false || readapitest.Dig(again.Body, "data", "image_id") != nil {
		t.Fatalf("updated: %s", again.Raw)
	}
	staff.Want("PUT", "/v1/admin/locations/"+id, updated, 409) // the version is stale now
	staff.Want("DELETE", "/v1/admin/locations/"+id, nil, 200)
	staff.Want("GET", "/v1/admin/locations/"+id, nil, 404)
}

// TestLocationsByRoleAndTenant: another organisation's or application's locations are
// not found; staff's application list holds only their organisations'.
func TestLocationsByRoleAndTenant(t *testing.T) {
	w := readapitest.NewOfferWorld(t)
	staff := w.As(w.Users["organization"], w.AppA)
	staffB := w.As(w.StaffB, w.AppB)
	admin := w.As(w.Admin, w.AppA)
	id := readapitest.Dig(staff.Want("POST", "/v1/admin/organizations/"+w.OrgA+"/locations", locationBody("Hal A1"), 201).Body, "data", "id").(string)
	admin.Want("POST", "/v1/admin/organizations/"+w.OrgA2+"/locations", locationBody("Hal A2"), 403) // admin views and edits, staff create
	staffB.Want("POST", "/v1/admin/organizations/"+w.OrgB+"/locations", locationBody("Hal B1"), 201)
	w.Settle()

	for _, c := range []struct {
		who    *readapitest.Caller
		method string
		path   string
		status int
	}{
		{staff, "GET", "/v1/admin/organizations/" + w.OrgA2 + "/locations", 404},
		{staff, "POST", "/v1/admin/organizations/" + w.OrgA2 + "/locations", 404},
		{staff, "GET", "/v1/admin/organizations/" + w.OrgB + "/locations", 404},
		{staffB, "GET", "/v1/admin/locations/" + id, 404},
		{staffB, "PUT", "/v1/admin/locations/" + id, 404},
		{staffB, "DELETE", "/v1/admin/locations/" + id, 404},
		{w.As(w.AdminB, w.AppB), "GET", "/v1/admin/locations/" + id, 404},
		{staff, "GET", "/v1/admin/locations/" + uuid.NewString(), 404},
		{w.As(w.Users["trainer"], w.AppA), "GET", "/v1/admin/locations/" + id, 403},
		{w.As(w.Users["customer"], w.AppA), "GET", "/v1/admin/applications/locations", 403},
	} {
		var body any
		if c.method == "POST" || c.method == "PUT" {
			body = locationBody("X")
		}
		if got := c.who.Do(c.method, c.path, body); got.Status != c.status {
			t.Errorf("%s %s: %d, want %d (%s)", c.method, c.path, got.Status, c.status, got.Raw)
		}
	}
	if got := readapitest.Total(staff.Want("GET", "/v1/admin/applications/locations", nil, 200)); got != 1 {
		t.Fatalf("staff see their own organisation's locations: %d", got)
	}
	if got := readapitest.Total(admin.Want("GET", "/v1/admin/applications/locations", nil, 200)); got != 1 {
		t.Fatalf("the admin sees application A's: %d", got)
	}
	if got := readapitest.Total(w.As(w.AdminB, w.AppB).Want("GET", "/v1/admin/applications/locations", nil, 200)); got != 1 {
		t.Fatalf("B's admin sees B's only: %d", got)
	}
}
