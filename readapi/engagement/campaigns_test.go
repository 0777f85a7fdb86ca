package engagement_test

import (
	"fmt"
	"move/readapi/readapitest"
	"strings"
	"testing"
	"time"
)

// TestCampaigns: an application admin manages campaigns (title, link, image of the
// application); bad input is refused per field in both languages and writes nothing;
// the list searches and pages; organisation staff may not; another application sees
// nothing of them and can change nothing.
func TestCampaigns(t *testing.T) {
	w := readapitest.NewOfferWorld(t)
	admin := w.As(w.Admin, w.AppA)
	base := "/v1/admin/campaigns"

	nl := admin.Want("POST", base, map[string]any{"title": " ", "url": "ftp://x"}, 422)
	if readapitest.Field(nl, "title") != "Het veld titel is verplicht" || readapitest.Field(nl, "url") != "Het veld URL moet een geldige URL zijn (https://…)" {
		t.Fatalf("nl: %s", nl.Raw)
	}
	en := w.As(w.Admin, w.AppA).En().Want("POST", base, map[string]any{"title": strings.Repeat("x", 101), "url": ""}, 422)
	if readapitest.Field(en, "title") != "The title field may not be longer than 100 characters" || readapitest.Field(en, "url") != "The URL field is required" {
		t.Fatalf("en: %s", en.Raw)
	}
	// An image must be a public file of this application (0534).
	foreign := readapitest.Dig(w.As(w.AdminB, w.AppB).C.Want(w.As(w.AdminB, w.AppB).C.Upload("b.png", readapitest.TestPNG(600, 300, false), map[string]string{"visibility": "public"},
		"Authorization", "Bearer user:"+w.AdminB, "ApplicationId", w.AppB), 201).Body, "data", "token").(string)
	if got := readapitest.Field(w.As(w.Admin, w.AppA).En().Want("POST", base, map[string]any{"title": "Zomer", "url": "https://example.test", "image_id": foreign}, 422), "image_id"); got == "" {
		t.Fatal("another application's image was accepted")
	}
	w.Settle()
	if n := readapitest.Total(admin.Want("GET", base, nil, 200)); n != 0 {
		t.Fatalf("a refused campaign was written: %d", n)
	}

	image := readapitest.Dig(admin.C.Want(admin.C.Upload("a.png", readapitest.TestPNG(600, 300, false), map[string]string{"visibility": "public"},
		"Authorization", "Bearer user:"+w.Admin, "ApplicationId", w.AppA), 201).Body, "data", "token").(string)
	summer := readapitest.Created(admin.Want("POST", base, map[string]any{"title": "Zomersport", "url": "https://example.test/zomer", "image_id": image}, 201))
	for i := range 3 {
		admin.Want("POST", base, map[string]any{"title": fmt.Sprintf("Actie %d", i), "url": "http://example.test/" + fmt.Sprint(i)}, 201)
	}
	w.Settle()
	page := admin.Want("GET", base+"?itemsPerPage=2&page=2&sort=name", nil, 200)
	if readapitest.Total(page) != 4 || len(readapitest.Rows(page)) != 2 || readapitest.Dig(readapitest.Rows(page)[0], "title") != "Actie 2" {
		t.Fatalf("page 2: %s", page.Raw)
	}
	if got := readapitest.Rows(admin.Want("GET", base+"?search=zomer", nil, 200)); len(got) != 1 || readapitest.Dig(got[0], "image_id") != image || readapitest.Dig(got[0], "url") != "https://example.test/zomer" {
		t.Fatalf("search: %v", got)
	}

	one := base + "/" + summer
	admin.Want("PUT", one, map[string]any{"title": "Zomer 2027", "url": "https://example.test/2027", "image_id": nil, "version": 0}, 200)
	w.Settle()
	got := admin.Want("GET", one, nil, 200)
	if readapitest.Dig(got.Body, "data", "title") != "Zomer 2027" || readapitest.Dig(got.Body, "data", "image_id") != nil || readapitest.Dig(got.Body, "data", "version") != 1.0 {
		t.Fatalf("updated: %s", got.Raw)
	}
	// A stale version is a conflict.
	admin.Want("PUT", one, map[string]any{"title": "Oud", "url": "https://example.test", "image_id": nil, "version": 0}, 409)

	// Staff of an organisation, and the other application, reach none of it.
	staff := w.As(w.Users["organization"], w.AppA)
	staff.Want("GET", base, nil, 403)
	staff.Want("POST", base, map[string]any{"title": "X", "url": "https://example.test"}, 403)
	staff.Want("DELETE", one, nil, 403)
	other := w.As(w.AdminB, w.AppB)
	if n := readapitest.Total(other.Want("GET", base, nil, 200)); n != 0 {
		t.Fatalf("application B sees %d campaigns of A", n)
	}
	other.Want("GET", one, nil, 404)
	other.Want("PUT", one, map[string]any{"title": "Gekaapt", "url": "https://example.test", "image_id": nil}, 404)
	other.Want("DELETE", one, nil, 404)
	// A header naming A does not help B's admin.
	w.As(w.AdminB, w.AppA).Want("GET", one, nil, 403)

	admin.Want("DELETE", one+"?version=1", nil, 200)
	w.Settle()
	admin.Want("GET", one, nil, 404)
	if n := readapitest.Total(admin.Want("GET", base, nil, 200)); n != 3 {
		t.Fatalf("after deleting: %d", n)
	}
}

// TestNotifications: an admin schedules a notification in the application's time zone
// (Europe/Amsterdam by default) with the variables; a past time, an unknown variable and
// a text over the maximum are refused with their own messages; the overview shows status,
// send time and how many customers it reaches; it is edited and cancelled before
// sending, and a cancelled one no more; another application sees nothing of it.
func TestNotifications(t *testing.T) {
	w := readapitest.NewOfferWorld(t)
	admin := w.As(w.Admin, w.AppA).En()
	base := "/v1/admin/notifications"
	zone, _ := time.LoadLocation("Europe/Amsterdam")
	at := time.Now().In(zone).Add(48 * time.Hour).Truncate(time.Minute)
	sendOn := at.Format("2006-01-02T15:04")

	bad := admin.Want("POST", base, map[string]any{"title": "Hoi {voornaam}", "contents": strings.Repeat("a", 241),
		"send_on": time.Now().In(zone).Add(-time.Hour).Format("2006-01-02T15:04")}, 422)
	if readapitest.Field(bad, "title") != "The title field holds the unknown variable {voornaam}; use {first_name}, {last_name} or {app_name}" || readapitest.Field(bad, "contents") != "The contents field may not be longer than 240 characters" || readapitest.Field(bad, "send_on") != "The send time must be in the future" {
		t.Fatalf("refusals: %s", bad.Raw)
	}
	if got := readapitest.Field(w.As(w.Admin, w.AppA).Want("POST", base, map[string]any{"title": "X", "contents": "Y", "send_on": "morgen"}, 422), "send_on"); got != "Het veld verzendmoment moet een datum en tijd zijn (jjjj-mm-ddTuu:mm)" {
		t.Fatalf("nl: %q", got)
	}
	settings := admin.Want("GET", base+"/settings", nil, 200)
	if readapitest.Dig(settings.Body, "data", "max_length") != 240.0 || readapitest.Dig(settings.Body, "data", "advised_length") != 100.0 || readapitest.Dig(settings.Body, "data", "zone") != "Europe/Amsterdam" {
		t.Fatalf("settings: %s", settings.Raw)
	}

	id := readapitest.Created(admin.Want("POST", base, map[string]any{"title": "Nieuw bij {app_name}", "contents": "Hallo {first_name}, er is een nieuwe les!", "send_on": sendOn}, 201))
	w.Settle()
	list := admin.Want("GET", base, nil, 200)
	if readapitest.Total(list) != 1 {
		t.Fatalf("list: %s", list.Raw)
	}
	row := readapitest.Rows(list)[0]
	wantAt := at.UTC().Format(time.RFC3339)
	if readapitest.Dig(row, "status") != "scheduled" || readapitest.Dig(row, "send_on") != sendOn || readapitest.Dig(row, "zone") != "Europe/Amsterdam" || !strings.HasPrefix(readapitest.Dig(row, "send_at").(string), wantAt[:16]) || readapitest.Dig(row, "recipients") != 1.0 || readapitest.Dig(row, "editable") != true {
		t.Fatalf("row (want send_at %s): %v", wantAt, row)
	}
	one := base + "/" + id
	later := at.Add(time.Hour).Format("2006-01-02T15:04")
	admin.Want("PUT", one, map[string]any{"title": "Nieuw", "contents": "Hoi {first_name} {last_name}", "send_on": later, "version": 0}, 200)
	w.Settle()
	if got := admin.Want("GET", one, nil, 200); readapitest.Dig(got.Body, "data", "send_on") != later || readapitest.Dig(got.Body, "data", "contents") != "Hoi {first_name} {last_name}" {
		t.Fatalf("edited: %s", got.Raw)
	}
	if n := readapitest.Total(admin.Want("GET", base+"?status=sent", nil, 200)); n != 0 {
		t.Fatalf("sent: %d", n)
	}
	if n := readapitest.Total(admin.Want("GET", base+"?status=scheduled&search=nieu", nil, 200)); n != 1 {
		t.Fatalf("scheduled and searched: %d", n)
	}
	admin.Want("GET", base+"?status=unknown", nil, 400)

	// Another application and organisation staff reach none of it.
	other := w.As(w.AdminB, w.AppB)
	other.Want("GET", one, nil, 404)
	other.Want("POST", one+"/cancel", nil, 404)
	other.Want("PUT", one, map[string]any{"title": "X", "contents": "Y", "send_on": later}, 404)
	if n := readapitest.Total(other.Want("GET", base, nil, 200)); n != 0 {
		t.Fatalf("B sees %d", n)
	}
	w.As(w.Users["organization"], w.AppA).Want("GET", base, nil, 403)

	admin.Want("POST", one+"/cancel", nil, 200)
	w.Settle()
	if got := admin.Want("GET", one, nil, 200); readapitest.Dig(got.Body, "data", "status") != "cancelled" || readapitest.Dig(got.Body, "data", "editable") != false {
		t.Fatalf("cancelled: %s", got.Raw)
	}
	refused := admin.Want("PUT", one, map[string]any{"title": "Toch", "contents": "Y", "send_on": later}, 409)
	if readapitest.Message(refused) != "This notification was cancelled and can no longer be changed" {
		t.Fatalf("edit after cancel: %s", refused.Raw)
	}
	admin.Want("POST", one+"/cancel", nil, 409)
}
