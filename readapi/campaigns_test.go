package readapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestCampaigns: an application admin manages campaigns (title, link, image of the
// application); bad input is refused per field in both languages and writes nothing;
// the list searches and pages; organisation staff may not; another application sees
// nothing of them and can change nothing.
func TestCampaigns(t *testing.T) {
	w := newOfferWorld(t)
	admin := w.as(w.admin, w.appA)
	base := "/v1/admin/campaigns"

	nl := admin.want("POST", base, map[string]any{"title": " ", "url": "ftp://x"}, 422)
	if field(nl, "title") != "Het veld titel is verplicht" || field(nl, "url") != "Het veld URL moet een geldige URL zijn (https://…)" {
		t.Fatalf("nl: %s", nl.Raw)
	}
	en := w.as(w.admin, w.appA).en().want("POST", base, map[string]any{"title": strings.Repeat("x", 101), "url": ""}, 422)
	if field(en, "title") != "The title field may not be longer than 100 characters" || field(en, "url") != "The URL field is required" {
		t.Fatalf("en: %s", en.Raw)
	}
	// An image must be a public file of this application (0534).
	foreign := dig(w.as(w.adminB, w.appB).c.want(w.as(w.adminB, w.appB).c.upload("b.png", testPNG(600, 300, false), map[string]string{"visibility": "public"},
		"Authorization", "Bearer user:"+w.adminB, "ApplicationId", w.appB), 201).Body, "data", "token").(string)
	if got := field(w.as(w.admin, w.appA).en().want("POST", base, map[string]any{"title": "Zomer", "url": "https://example.test", "image_id": foreign}, 422), "image_id"); got == "" {
		t.Fatal("another application's image was accepted")
	}
	w.settle()
	if n := total(admin.want("GET", base, nil, 200)); n != 0 {
		t.Fatalf("a refused campaign was written: %d", n)
	}

	image := dig(admin.c.want(admin.c.upload("a.png", testPNG(600, 300, false), map[string]string{"visibility": "public"},
		"Authorization", "Bearer user:"+w.admin, "ApplicationId", w.appA), 201).Body, "data", "token").(string)
	summer := created(admin.want("POST", base, map[string]any{"title": "Zomersport", "url": "https://example.test/zomer", "image_id": image}, 201))
	for i := range 3 {
		admin.want("POST", base, map[string]any{"title": fmt.Sprintf("Actie %d", i), "url": "http://example.test/" + fmt.Sprint(i)}, 201)
	}
	w.settle()
	page := admin.want("GET", base+"?itemsPerPage=2&page=2&sort=name", nil, 200)
	if total(page) != 4 || len(rows(page)) != 2 || dig(rows(page)[0], "title") != "Actie 2" {
		t.Fatalf("page 2: %s", page.Raw)
	}
	if got := rows(admin.want("GET", base+"?search=zomer", nil, 200)); len(got) != 1 || dig(got[0], "image_id") != image || dig(got[0], "url") != "https://example.test/zomer" {
		t.Fatalf("search: %v", got)
	}

	one := base + "/" + summer
	admin.want("PUT", one, map[string]any{"title": "Zomer 2027", "url": "https://example.test/2027", "image_id": nil, "version": 0}, 200)
	w.settle()
	got := admin.want("GET", one, nil, 200)
	if dig(got.Body, "data", "title") != "Zomer 2027" || dig(got.Body, "data", "image_id") != nil || dig(got.Body, "data", "version") != 1.0 {
		t.Fatalf("updated: %s", got.Raw)
	}
	// A stale version is a conflict.
	admin.want("PUT", one, map[string]any{"title": "Oud", "url": "https://example.test", "image_id": nil, "version": 0}, 409)

	// Staff of an organisation, and the other application, reach none of it.
	staff := w.as(w.users["organization"], w.appA)
	staff.want("GET", base, nil, 403)
	staff.want("POST", base, map[string]any{"title": "X", "url": "https://example.test"}, 403)
	staff.want("DELETE", one, nil, 403)
	other := w.as(w.adminB, w.appB)
	if n := total(other.want("GET", base, nil, 200)); n != 0 {
		t.Fatalf("application B sees %d campaigns of A", n)
	}
	other.want("GET", one, nil, 404)
	other.want("PUT", one, map[string]any{"title": "Gekaapt", "url": "https://example.test", "image_id": nil}, 404)
	other.want("DELETE", one, nil, 404)
	// A header naming A does not help B's admin.
	w.as(w.adminB, w.appA).want("GET", one, nil, 403)

	admin.want("DELETE", one+"?version=1", nil, 200)
	w.settle()
	admin.want("GET", one, nil, 404)
	if n := total(admin.want("GET", base, nil, 200)); n != 3 {
		t.Fatalf("after deleting: %d", n)
	}
}

// TestNotifications: an admin schedules a notification in the application's time zone
// (Europe/Amsterdam by default) with the variables; a past time, an unknown variable and
// a text over the maximum are refused with their own messages; the overview shows status,
// send time and how many customers it reaches; it is edited and cancelled before
// sending, and a cancelled one no more; another application sees nothing of it.
func TestNotifications(t *testing.T) {
	w := newOfferWorld(t)
	admin := w.as(w.admin, w.appA).en()
	base := "/v1/admin/notifications"
	zone, _ := time.LoadLocation("Europe/Amsterdam")
	at := time.Now().In(zone).Add(48 * time.Hour).Truncate(time.Minute)
	sendOn := at.Format("2006-01-02T15:04")

	bad := admin.want("POST", base, map[string]any{"title": "Hoi {voornaam}", "contents": strings.Repeat("a", 241),
		"send_on": time.Now().In(zone).Add(-time.Hour).Format("2006-01-02T15:04")}, 422)
	if field(bad, "title") != "The title field holds the unknown variable {voornaam}; use {first_name}, {last_name} or {app_name}" ||
		field(bad, "contents") != "The contents field may not be longer than 240 characters" || field(bad, "send_on") != "The send time must be in the future" {
		t.Fatalf("refusals: %s", bad.Raw)
	}
	if got := field(w.as(w.admin, w.appA).want("POST", base, map[string]any{"title": "X", "contents": "Y", "send_on": "morgen"}, 422), "send_on"); got != "Het veld verzendmoment moet een datum en tijd zijn (jjjj-mm-ddTuu:mm)" {
		t.Fatalf("nl: %q", got)
	}
	settings := admin.want("GET", base+"/settings", nil, 200)
	if dig(settings.Body, "data", "max_length") != 240.0 || dig(settings.Body, "data", "advised_length") != 100.0 || dig(settings.Body, "data", "zone") != "Europe/Amsterdam" {
		t.Fatalf("settings: %s", settings.Raw)
	}

	id := created(admin.want("POST", base, map[string]any{"title": "Nieuw bij {app_name}", "contents": "Hallo {first_name}, er is een nieuwe les!", "send_on": sendOn}, 201))
	w.settle()
	list := admin.want("GET", base, nil, 200)
	if total(list) != 1 {
		t.Fatalf("list: %s", list.Raw)
	}
	row := rows(list)[0]
	wantAt := at.UTC().Format(time.RFC3339)
	if dig(row, "status") != "scheduled" || dig(row, "send_on") != sendOn || dig(row, "zone") != "Europe/Amsterdam" || !strings.HasPrefix(dig(row, "send_at").(string), wantAt[:16]) ||
		dig(row, "recipients") != 1.0 || dig(row, "editable") != true {
		t.Fatalf("row (want send_at %s): %v", wantAt, row)
	}
	one := base + "/" + id
	later := at.Add(time.Hour).Format("2006-01-02T15:04")
	admin.want("PUT", one, map[string]any{"title": "Nieuw", "contents": "Hoi {first_name} {last_name}", "send_on": later, "version": 0}, 200)
	w.settle()
	if got := admin.want("GET", one, nil, 200); dig(got.Body, "data", "send_on") != later || dig(got.Body, "data", "contents") != "Hoi {first_name} {last_name}" {
		t.Fatalf("edited: %s", got.Raw)
	}
	if n := total(admin.want("GET", base+"?status=sent", nil, 200)); n != 0 {
		t.Fatalf("sent: %d", n)
	}
	if n := total(admin.want("GET", base+"?status=scheduled&search=nieu", nil, 200)); n != 1 {
		t.Fatalf("scheduled and searched: %d", n)
	}
	admin.want("GET", base+"?status=unknown", nil, 400)

	// Another application and organisation staff reach none of it.
	other := w.as(w.adminB, w.appB)
	other.want("GET", one, nil, 404)
	other.want("POST", one+"/cancel", nil, 404)
	other.want("PUT", one, map[string]any{"title": "X", "contents": "Y", "send_on": later}, 404)
	if n := total(other.want("GET", base, nil, 200)); n != 0 {
		t.Fatalf("B sees %d", n)
	}
	w.as(w.users["organization"], w.appA).want("GET", base, nil, 403)

	admin.want("POST", one+"/cancel", nil, 200)
	w.settle()
	if got := admin.want("GET", one, nil, 200); dig(got.Body, "data", "status") != "cancelled" || dig(got.Body, "data", "editable") != false {
		t.Fatalf("cancelled: %s", got.Raw)
	}
	refused := admin.want("PUT", one, map[string]any{"title": "Toch", "contents": "Y", "send_on": later}, 409)
	if message(refused) != "This notification was cancelled and can no longer be changed" {
		t.Fatalf("edit after cancel: %s", refused.Raw)
	}
	admin.want("POST", one+"/cancel", nil, 409)
}
