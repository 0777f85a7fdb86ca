package engagement_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"move/commands"
	domainidentity "move/domain/identity"
	"move/readapi/readapitest"
)

func themedBody(title string, blocks ...map[string]any) map[string]any {
	if blocks == nil {
		blocks = []map[string]any{}
	}
	return map[string]any{"title": map[string]any{"nl": title, "en": ""}, "image_id": nil, "blocks": blocks}
}

func block(kind, nl, en string, extra ...any) map[string]any {
	b := map[string]any{"type": kind, "text": map[string]any{"nl": nl, "en": en}, "image_id": nil, "url": nil}
	for i := 0; i+1 < len(extra); i += 2 {
		b[extra[i].(string)] = extra[i+1]
	}
	return b
}

// TestThemedPages: an application admin writes a page of blocks (nl, with en beside
// it), checked per field in both languages and written only when valid; publishes it,
// orders the pages, deletes one; the app reads only the published pages, in order, in
// its language (English falling back to Dutch), with the application's colours.
func TestThemedPages(t *testing.T) {
	w := readapitest.NewOfferWorld(t)
	admin := w.As(w.Admin, w.AppA)
	base := "/v1/admin/themed-pages"
	primary, secondary := "#0A7F3F", "#FFCC00"
	res, err := w.Env.App.UpdateApplication(context.Background(), commands.Meta{}, w.AppA, nil,
		domainidentity.ApplicationSettings{Name: "App app-a", Slug: "app-a", PrimaryColor: &primary, SecondaryColor: &secondary})
	if err != nil {
		t.Fatal(err)
	}
	w.Saw(res.Position)

	// Refusals, per field, in Dutch and English; nothing is written.
	bad := themedBody(" ", block("heading", "", "Only English"), block("text", strings.Repeat("é", 5001), ""),
		block("image", "", ""), block("button", "Boek", "", "url", "javascript:alert(1)"), block("video", "x", ""))
	nl := admin.Want("POST", base, bad, 422)
	for field, want := range map[string]string{
		"title.nl":          "Het veld titel (Nederlands) is verplicht",
		"blocks.0.text.nl":  "Het veld kop (Nederlands) is verplicht",
		"blocks.1.text.nl":  "Het veld tekst (Nederlands) mag niet langer zijn dan 5000 tekens",
		"blocks.2.image_id": "Het veld afbeelding van het blok is verplicht",
		"blocks.3.url":      "Het veld link van de knop moet een geldige URL zijn (https://…)",
		"blocks.4.type":     "Kies een bloksoort: kop, tekst, afbeelding of knop",
	} {
		if got := readapitest.Field(nl, field); got != want {
			t.Errorf("nl %s: %q, want %q", field, got, want)
		}
	}
	en := w.As(w.Admin, w.AppA).En().Want("POST", base, bad, 422)
	if got := readapitest.Field(en, "blocks.0.text.nl"); got != "The heading (Dutch) field is required" {
		t.Errorf("en: %q", got)
	}
	many := make([]map[string]any, 51)
	for i := range many {
		many[i] = block("heading", "Kop", "")
	}
	if got := readapitest.Field(w.As(w.Admin, w.AppA).En().Want("POST", base, themedBody("Veel", many...), 422), "blocks"); got != "A page has at most 50 blocks" {
		t.Errorf("too many blocks: %q", got)
	}
	// Images must be public files of this application (0534).
	upload := func(k *readapitest.Caller, user, app string) string {
		r := k.C.Want(k.C.Upload("p.png", readapitest.TestPNG(600, 300, false), map[string]string{"visibility": "public"},
			"Authorization", "Bearer user:"+user, "ApplicationId", app), 201)
		return readapitest.Dig(r.Body, "data", "token").(string)
	}
	foreign := upload(w.As(w.AdminB, w.AppB), w.AdminB, w.AppB)
	refused := admin.Want("POST", base, themedBody("Over ons", block("image", "", "", "image_id", foreign)), 422)
	if got := readapitest.Field(refused, "blocks.0.image_id"); !strings.Contains(got, "afbeelding van het blok") {
		t.Errorf("another application's image in a block: %s", refused.Raw)
	}
	admin.Want("POST", base, map[string]any{"title": map[string]any{"nl": "Over ons"}, "image_id": foreign, "blocks": []any{}}, 422)
	w.Settle()
	if n := readapitest.Total(admin.Want("GET", base, nil, 200)); n != 0 {
		t.Fatalf("a refused page was written: %d", n)
	}

	// A page of every block type.
	image := upload(admin, w.Admin, w.AppA)
	about := readapitest.Created(admin.Want("POST", base, map[string]any{
		"title": map[string]any{"nl": "Over ons", "en": "About us"}, "image_id": image,
		"blocks": []any{
			block("heading", "Welkom", "Welcome"),
			block("text", "Eerste alinea.\n\nTweede alinea.", ""),
			block("image", "Het veld", "The field", "image_id", image),
			block("button", "Boek nu", "Book now", "url", "https://example.test/boek"),
		}}, 201))
	rules := readapitest.Created(admin.Want("POST", base, themedBody("Huisregels"), 201))
	faq := readapitest.Created(admin.Want("POST", base, themedBody("Vragen"), 201))
	w.Settle()
	list := admin.Want("GET", base, nil, 200)
	if titles := titlesOf(list); titles != "Over ons,Huisregels,Vragen" {
		t.Fatalf("order of creation: %s", titles)
	}
	if row := readapitest.Rows(list)[0]; readapitest.Dig(row, "status") != "draft" || readapitest.Dig(row, "block_count") != 4.0 || readapitest.Dig(row, "image_url") != "/v1/files/"+image+"/thumbnail" {
		t.Fatalf("row: %v", row)
	}
	one := admin.Want("GET", base+"/"+about, nil, 200)
	if readapitest.Dig(one.Body, "data", "title", "en") != "About us" || len(readapitest.Dig(one.Body, "data", "blocks").([]any)) != 4 ||
		readapitest.Dig(one.Body, "data", "blocks").([]any)[1].(map[string]any)["text"].(map[string]any)["nl"] != "Eerste alinea.\n\nTweede alinea." {
		t.Fatalf("one: %s", one.Raw)
	}

	// The app sees nothing until a page is published.
	app := &readapitest.Client{T: t, Base: w.Base, Lang: "en"}
	public := app.Want(app.Do("GET", "/v1/themed-pages", nil, "ApplicationId", w.AppA), 200)
	if len(readapitest.Rows(public)) != 0 || readapitest.Dig(public.Body, "meta", "theme", "primary_color") != primary {
		t.Fatalf("public before publishing: %s", public.Raw)
	}
	app.Want(app.Do("GET", "/v1/themed-pages/"+about, nil, "ApplicationId", w.AppA), 404)
	admin.Want("POST", base+"/"+about+"/publish?version=0", nil, 200)
	admin.Want("POST", base+"/"+faq+"/publish", nil, 200)
	w.Settle()
	if n := readapitest.Total(admin.Want("GET", base+"?status=published", nil, 200)); n != 2 {
		t.Fatalf("published: %d", n)
	}
	admin.Want("GET", base+"?status=other", nil, 400)

	// Reorder: every page once, else refused.
	admin.Want("POST", base+"/reorder", map[string]any{"page_ids": []string{faq, about}}, 422)
	admin.Want("POST", base+"/reorder", map[string]any{"page_ids": []string{faq, about, about}}, 422)
	admin.Want("POST", base+"/reorder", map[string]any{"page_ids": []string{faq, about, rules}}, 200)
	w.Settle()
	if titles := titlesOf(admin.Want("GET", base, nil, 200)); titles != "Vragen,Over ons,Huisregels" {
		t.Fatalf("reordered: %s", titles)
	}
	public = app.Want(app.Do("GET", "/v1/themed-pages", nil, "ApplicationId", w.AppA), 200)
	if titles := titlesOf(public); titles != "Vragen,About us" || readapitest.Dig(public.Body, "meta", "language") != "en" {
		t.Fatalf("the app's pages in English: %s", public.Raw)
	}
	page := app.Want(app.Do("GET", "/v1/themed-pages/"+about, nil, "ApplicationId", w.AppA), 200)
	blocks := readapitest.Dig(page.Body, "data", "blocks").([]any)
	if readapitest.Dig(page.Body, "data", "title") != "About us" || blocks[1].(map[string]any)["text"] != "Eerste alinea.\n\nTweede alinea." ||
		blocks[2].(map[string]any)["image_url"] != "/v1/files/"+image+"/medium" || blocks[3].(map[string]any)["url"] != "https://example.test/boek" ||
		readapitest.Dig(page.Body, "meta", "theme", "secondary_color") != secondary {
		t.Fatalf("the app's page (English falls back to Dutch): %s", page.Raw)
	}
	app.Lang = "nl"
	if got := app.Want(app.Do("GET", "/v1/themed-pages/"+about, nil, "ApplicationId", w.AppA), 200); readapitest.Dig(got.Body, "data", "title") != "Over ons" {
		t.Fatalf("nl: %s", got.Raw)
	}
	// Another application's header shows none of A's pages; a draft is not found.
	app.Want(app.Do("GET", "/v1/themed-pages/"+about, nil, "ApplicationId", w.AppB), 404)
	app.Want(app.Do("GET", "/v1/themed-pages/"+rules, nil, "ApplicationId", w.AppA), 404)
	// Without an application, or an unknown one, the app reads nothing.
	app.Want(app.Do("GET", "/v1/themed-pages", nil, "ApplicationId", ""), 403)
	app.Want(app.Do("GET", "/v1/themed-pages", nil, "ApplicationId", "6f1c1a7e-0000-4000-8000-000000000009"), 404)
	if got := app.Want(app.Do("GET", "/v1/themed-pages", nil, "ApplicationId", w.AppB), 200); len(readapitest.Rows(got)) != 0 {
		t.Fatalf("B's app sees A's pages: %s", got.Raw)
	}

	// Edit a published page: it stays published; a stale version is a conflict.
	admin.Want("PUT", base+"/"+about, map[string]any{"title": map[string]any{"nl": "Over de club", "en": ""}, "image_id": nil, "blocks": []any{}, "version": 1}, 200)
	admin.Want("PUT", base+"/"+about, map[string]any{"title": map[string]any{"nl": "Oud", "en": ""}, "image_id": nil, "blocks": []any{}, "version": 1}, 409)
	w.Settle()
	if got := admin.Want("GET", base+"/"+about, nil, 200); readapitest.Dig(got.Body, "data", "status") != "published" || readapitest.Dig(got.Body, "data", "title", "nl") != "Over de club" {
		t.Fatalf("edited: %s", got.Raw)
	}
	admin.Want("POST", base+"/"+about+"/unpublish", nil, 200)
	w.Settle()
	if got := app.Want(app.Do("GET", "/v1/themed-pages", nil, "ApplicationId", w.AppA), 200); titlesOf(got) != "Vragen" {
		t.Fatalf("after unpublishing: %s", got.Raw)
	}

	// Roles: staff of an organisation and trainers reach none of it; the other
	// application's admin finds nothing and changes nothing; a superadmin manages
	// pages in any application.
	for _, user := range []string{w.Users["organization"], w.Users["trainer"]} {
		k := w.As(user, w.AppA)
		k.Want("GET", base, nil, 403)
		k.Want("GET", base+"/"+about, nil, 403)
		k.Want("POST", base, themedBody("X"), 403)
		k.Want("POST", base+"/"+about+"/publish", nil, 403)
		k.Want("POST", base+"/reorder", map[string]any{"page_ids": []string{}}, 403)
		k.Want("DELETE", base+"/"+about, nil, 403)
	}
	other := w.As(w.AdminB, w.AppB)
	if n := readapitest.Total(other.Want("GET", base, nil, 200)); n != 0 {
		t.Fatalf("application B sees %d pages of A", n)
	}
	other.Want("GET", base+"/"+about, nil, 404)
	other.Want("PUT", base+"/"+about, themedBody("Gekaapt"), 404)
	other.Want("POST", base+"/"+about+"/publish", nil, 404)
	other.Want("DELETE", base+"/"+about, nil, 404)
	other.Want("POST", base+"/reorder", map[string]any{"page_ids": []string{faq, about, rules}}, 422)
	w.As(w.AdminB, w.AppA).Want("GET", base, nil, 403)
	super := w.User("Sam", "Super", &domainidentity.Grant{Role: domainidentity.RoleSuperadmin})
	w.Settle()
	sa := w.AsSuperadmin(super, w.AppB)
	inB := readapitest.Created(sa.Want("POST", base, themedBody("Welkom in B"), 201))
	sa.Want("POST", base+"/"+inB+"/publish", nil, 200)
	w.Settle()
	if got := app.Want(app.Do("GET", "/v1/themed-pages", nil, "ApplicationId", w.AppB), 200); titlesOf(got) != "Welkom in B" {
		t.Fatalf("the superadmin's page in B: %s", got.Raw)
	}
	w.AsSuperadmin(super, w.AppA).Want("GET", base+"/"+inB, nil, 404)

	// Delete; the order goes on without it.
	admin.Want("DELETE", base+"/"+faq+"?version=0", nil, 409)
	admin.Want("DELETE", base+"/"+faq, nil, 200)
	w.Settle()
	admin.Want("GET", base+"/"+faq, nil, 404)
	if titles := titlesOf(admin.Want("GET", base, nil, 200)); titles != "Over de club,Huisregels" {
		t.Fatalf("after deleting: %s", titles)
	}
	for i := range 2 {
		admin.Want("POST", base, themedBody(fmt.Sprintf("Nieuw %d", i)), 201)
	}
	w.Settle()
	if titles := titlesOf(admin.Want("GET", base+"?sort=name", nil, 200)); titles != "Huisregels,Nieuw 0,Nieuw 1,Over de club" {
		t.Fatalf("by name: %s", titles)
	}
}

func titlesOf(r readapitest.Response) string {
	var out []string
	for _, row := range readapitest.Rows(r) {
		switch t := readapitest.Dig(row, "title").(type) {
		case string:
			out = append(out, t)
		case map[string]any:
			out = append(out, t["nl"].(string))
		}
	}
	return strings.Join(out, ",")
}
