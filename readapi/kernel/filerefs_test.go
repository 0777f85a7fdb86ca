package kernel_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"move/files"
	"move/readapi/readapitest"
)

// Image references are checked within the tenant: an organisation or wallet shows a
// Public file of its own application; the platform-wide catalogue and applications
// any public file; a private file or one that does not exist is refused, naming the
// Field, and nothing is written.
func TestFileReferencesAreCheckedInTheTenant(t *testing.T) {
	w := readapitest.NewFileServer(t, nil, files.Config{})
	w.Role = "superadmin"
	other := uuid.NewString()
	upload := func(visibility string, headers ...string) string {
		r := w.Want(w.Upload("logo.png", readapitest.TestPNG(300, 300, false), map[string]string{"visibility": visibility}, headers...), http.StatusCreated)
		return readapitest.Dig(r.Body, "data", "token").(string)
	}
	ownPublic, ownPrivate := upload("public"), upload("private")
	otherPublic, otherPrivate := upload("public", "ApplicationId", other), upload("private", "ApplicationId", other)
	missing := "0123456789abcdef0123456789abcdef"

	refused := func(method, path string, body map[string]any, fields ...string) {
		t.Helper()
		r := w.Want(w.Do(method, path, body), http.StatusUnprocessableEntity)
		for _, f := range fields {
			if readapitest.Dig(r.Body, "errors", "fields", f) == nil {
				t.Fatalf("%s %s: no error for %s: %s", method, path, f, r.Raw)
			}
		}
	}
	orgs := "/v1/admin/applications/organizations"
	refused("POST", orgs, map[string]any{"name": "Spiegel BV", "logo_id": otherPrivate, "header_id": missing}, "logo_id", "header_id")
	refused("POST", orgs, map[string]any{"name": "Spiegel BV", "logo_id": otherPublic}, "logo_id")
	refused("POST", orgs, map[string]any{"name": "Spiegel BV", "header_id": ownPrivate}, "header_id")
	if r := w.Want(w.Do("POST", orgs, map[string]any{"name": "Spiegel BV", "logo_id": otherPublic}), 422); readapitest.Dig(r.Body, "errors", "fields", "logo_id") != "The logo must be a public file uploaded in this application" {
		t.Fatalf("the message: %s", r.Raw)
	}
	w.Want(w.Do("POST", orgs, map[string]any{"name": "Eigen BV", "logo_id": ownPublic, "header_id": ownPublic}), http.StatusCreated)

	wallet := map[string]any{"name": "Pas", "slug": "pas", "included_labels": []string{}, "excluded_labels": []string{}, "price_display_mode": "both", "can_top_up": true, "can_top_up_once": false}
	wallet["icon_id"] = otherPublic
	refused("POST", "/v1/admin/wallets", wallet, "icon_id")
	wallet["icon_id"] = ownPublic
	w.Want(w.Do("POST", "/v1/admin/wallets", wallet), http.StatusCreated)

	refused("POST", "/v1/admin/sports", map[string]any{"name": "Padel", "icon_id": otherPrivate}, "icon_id")
	refused("POST", "/v1/admin/sports", map[string]any{"name": "Padel", "icon_id": missing}, "icon_id")
	w.Want(w.Do("POST", "/v1/admin/sports", map[string]any{"name": "Padel", "icon_id": otherPublic}), http.StatusCreated)

	refused("POST", "/v1/admin/applications", map[string]any{"name": "Nieuw", "slug": "nieuw", "favicon_id": missing, "fallback_image_id": otherPrivate},
		"favicon_id", "fallback_image_id")

	var created int
	if err := w.Env.DB.QueryRow(context.Background(), `SELECT count(*) FROM eventstore_events
		WHERE type LIKE 'organization.created%' OR type LIKE 'wallet.created%' OR type LIKE 'sport.created%' OR type LIKE 'application.created%'`).Scan(&created); err != nil || created != 3 {
		t.Fatalf("%d creations, want the three accepted ones (%v)", created, err)
	}
}
