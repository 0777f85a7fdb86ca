package applications_test

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"move/internal/testenv"
	rmidentity "move/projections/identity"
	"move/readapi"
	"move/readapi/kernel"
	"move/readapi/readapitest"
)

const (
	logoFile     = "10000000000000000000000000000001"
	fallbackFile = "20000000000000000000000000000002"
	faviconFile  = "30000000000000000000000000000003"
)

func newApplicationServer(t *testing.T) *readapitest.Client {
	t.Helper()
	env := testenv.New(t)
	env.RunProjections(t, env.Runner(t, rmidentity.Projector()))
	api, err := readapi.New(kernel.Deps{
		App: env.App, DB: env.DB, Auth: readapitest.RoleAuth{}, Tenants: readapitest.RoleAuth{}, Authz: readapitest.RoleAuth{},
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(),
		Ready: func(context.Context) error { return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	// The images the forms name: public files (of another application, as the catalogue
	// and applications may name any public file, decision 0534).
	for _, id := range []string{logoFile, fallbackFile, faviconFile} {
		if _, err := env.DB.Exec(context.Background(), `INSERT INTO files (id, application_id, filename, size, mime_type, width, height, visibility, uploaded_by)
			VALUES ($1, gen_random_uuid(), 'image.png', 1, 'image/png', 300, 300, 'public', 'test')`, id); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	return &readapitest.Client{T: t, Base: srv.URL, Role: "superadmin", Lang: "en"}
}

func TestApplicationsLifecycle(t *testing.T) {
	c := newApplicationServer(t)
	full := map[string]any{
		"name": "Move Utrecht", "slug": "utrecht", "email": "info@utrecht.test", "description": "Sport in Utrecht",
		"dashboard_url": "https://dash.utrecht.test", "website_url": "https://utrecht.test", "support_url": "https://utrecht.test/help",
		"timezone": "Europe/Amsterdam", "sport_id_alias": "sports-utrecht", "longitude": 5.1214, "latitude": 52.0907, "zoom": 12,
		"logo_id": logoFile, "fallback_image_id": fallbackFile, "favicon_id": faviconFile, "primary_color": "#112233", "secondary_color": "#445566CC",
	}
	id := readapitest.Dig(c.Want(c.Do("POST", "/v1/admin/applications", full), 201).Body, "data", "id").(string)
	got := c.Want(c.Do("GET", "/v1/admin/applications/"+id, nil), 200)
	for k, want := range full {
		if have := readapitest.Dig(got.Body, "data", k); have != want && !(k == "zoom" && have == float64(12)) {
			t.Errorf("%s: got %v, want %v", k, have, want)
		}
	}
	if readapitest.Dig(got.Body, "data", "logo_url") != "/v1/files/"+logoFile+"/thumbnail" {
		t.Errorf("logo_url: %s", got.Raw)
	}

	// A child application, listed under its parent.
	child := readapitest.Dig(c.Want(c.Do("POST", "/v1/admin/applications", map[string]any{"name": "Move Utrecht Oost", "slug": "utrecht-oost", "parent_id": id}), 201).Body, "data", "id").(string)
	children := c.Want(c.Do("GET", "/v1/admin/applications/"+id+"/children", nil), 200)
	if readapitest.Total(children) != 1 || readapitest.Names(children)[0] != "Move Utrecht Oost" {
		t.Fatalf("children: %s", children.Raw)
	}
	if n := readapitest.Dig(c.Do("GET", "/v1/admin/applications/"+id, nil).Body, "data", "children_count"); n != float64(1) {
		t.Fatalf("children_count %v", n)
	}
	// A parent must exist, and an application cannot be its own ancestor.
	c.Want(c.Do("PUT", "/v1/admin/applications/"+id, map[string]any{"name": "Move Utrecht", "slug": "utrecht", "parent_id": child}), 422)
	c.Want(c.Do("POST", "/v1/admin/applications", map[string]any{"name": "Orphan", "slug": "orphan", "parent_id": "0b5a8a57-3f7e-4d4c-9f51-6f0d1c2e3a4b"}), 422)

	// The list: search, sort, page.
	list := c.Want(c.Do("GET", "/v1/admin/applications?search=oost&sort=-name&itemsPerPage=1", nil), 200)
	if readapitest.Total(list) != 1 || readapitest.Names(list)[0] != "Move Utrecht Oost" {
		t.Fatalf("search: %s", list.Raw)
	}
	if readapitest.Total(c.Want(c.Do("GET", "/v1/admin/applications?page=2&itemsPerPage=1", nil), 200)) != 2 {
		t.Fatal("total")
	}

	// Duplicate slug.
	dup := c.Want(c.Do("POST", "/v1/admin/applications", map[string]any{"name": "Other", "slug": "utrecht"}), 422)
	if readapitest.Dig(dup.Body, "errors", "fields", "slug") != "This slug is already taken" {
		t.Fatalf("duplicate slug: %s", dup.Raw)
	}

	// Edit: rename the slug; the old one is free at once.
	edit := map[string]any{"name": "Move Utrecht Stad", "slug": "utrecht-stad", "timezone": "Europe/London",
		"logo_id": faviconFile, "favicon_id": logoFile, "primary_color": "#abcdef", "secondary_color": "#000000"}
	c.Want(c.Do("PUT", "/v1/admin/applications/"+id, edit), 200)
	after := c.Want(c.Do("GET", "/v1/admin/applications/"+id, nil), 200)
	if readapitest.Dig(after.Body, "data", "slug") != "utrecht-stad" || readapitest.Dig(after.Body, "data", "email") != nil || readapitest.Dig(after.Body, "data", "timezone") != "Europe/London" {
		t.Fatalf("edited: %s", after.Raw)
	}
	c.Want(c.Do("POST", "/v1/admin/applications", map[string]any{"name": "New Utrecht", "slug": "utrecht"}), 201)
	c.Want(c.Do("POST", "/v1/admin/applications", map[string]any{"name": "Taken", "slug": "utrecht-stad"}), 422)

	// The public settings the SPA reads at start follow the edit.
	settings := c.Want(c.Do("GET", "/v1/admin/application", nil, "ApplicationId", id), 200)
	if readapitest.Dig(settings.Body, "data", "logo_url") != "/v1/files/"+faviconFile+"/thumbnail" || readapitest.Dig(settings.Body, "data", "favicon_url") != "/v1/files/"+logoFile+"/thumbnail" || readapitest.Dig(settings.Body, "data", "primary_color") != "#abcdef" || readapitest.Dig(settings.Body, "data", "name") != "Move Utrecht Stad" {
		t.Fatalf("public settings: %s", settings.Raw)
	}

	// Mapbox settings change only the map.
	c.Want(c.Do("PUT", "/v1/admin/applications/"+id+"/mapbox-settings", map[string]any{"longitude": 4.9, "latitude": 52.37, "zoom": 10.5}), 200)
	m := c.Want(c.Do("GET", "/v1/admin/applications/"+id+"/mapbox-settings", nil), 200)
	if readapitest.Dig(m.Body, "data", "longitude") != 4.9 || readapitest.Dig(m.Body, "data", "zoom") != 10.5 {
		t.Fatalf("map: %s", m.Raw)
	}
	if readapitest.Dig(c.Do("GET", "/v1/admin/applications/"+id, nil).Body, "data", "slug") != "utrecht-stad" {
		t.Fatal("the map change touched the slug")
	}
	bad := c.Want(c.Do("PUT", "/v1/admin/applications/"+id+"/mapbox-settings", map[string]any{"longitude": 181, "latitude": -91, "zoom": 23}), 422)
	for _, f := range []string{"longitude", "latitude", "zoom"} {
		if readapitest.Dig(bad.Body, "errors", "fields", f) == nil {
			t.Errorf("%s range: %s", f, bad.Raw)
		}
	}
	c.Want(c.Do("GET", "/v1/admin/applications/6b1f4c2e-1d2a-4c3b-8e9f-0a1b2c3d4e5f", nil), 404)
}

func TestApplicationBadInput(t *testing.T) {
	c := newApplicationServer(t)
	in := map[string]any{"name": "X", "slug": "x", "timezone": "Mars/Olympus", "primary_color": "red", "secondary_color": "#12345", "website_url": "ftp://x"}
	en := c.Want(c.Do("POST", "/v1/admin/applications", in), 422)
	if readapitest.Dig(en.Body, "errors", "fields", "timezone") != "The time zone field must be a time zone, e.g. Europe/Amsterdam" || readapitest.Dig(en.Body, "errors", "fields", "primary_color") != "The primary colour field must be a colour like #RRGGBB or #RRGGBBAA" || readapitest.Dig(en.Body, "errors", "fields", "secondary_color") == nil || readapitest.Dig(en.Body, "errors", "fields", "website_url") == nil {
		t.Fatalf("en: %s", en.Raw)
	}
	c.Lang = "nl"
	nl := c.Want(c.Do("POST", "/v1/admin/applications", in), 422)
	if readapitest.Dig(nl.Body, "errors", "fields", "timezone") != "Het veld tijdzone moet een tijdzone zijn, bijvoorbeeld Europe/Amsterdam" || readapitest.Dig(nl.Body, "errors", "fields", "primary_color") != "Het veld primaire kleur moet een kleur zijn als #RRGGBB of #RRGGBBAA" {
		t.Fatalf("nl: %s", nl.Raw)
	}
	c.Want(c.Do("POST", "/v1/admin/applications", map[string]any{"name": "X", "slug": "x", "timezone": "Local"}), 422)
	c.Want(c.Do("POST", "/v1/admin/applications", map[string]any{"name": "X", "slug": "Not A Slug"}), 422)
	// Nothing was written: the slug is still free.
	c.Want(c.Do("POST", "/v1/admin/applications", map[string]any{"name": "X", "slug": "x", "timezone": "UTC"}), 201)

	// Only superadmin manages applications.
	c.Role = "admin"
	c.Want(c.Do("GET", "/v1/admin/applications", nil), 403)
	c.Want(c.Do("POST", "/v1/admin/applications", map[string]any{"name": "Y", "slug": "y"}), 403)
	c.Want(c.Do("PUT", "/v1/admin/applications/"+readapitest.AppID+"/mapbox-settings", map[string]any{}), 403)
}
