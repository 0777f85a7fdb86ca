package kernel_test

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"net/http"
	"strings"
	"testing"

	"move/files"
	"move/readapi/readapitest"
)

// The image rules of spec section 5, checked by the server on real uploaded images
// (decision 1650): an image of the wrong size or type is a 422 naming its field in the
// user's language, and nothing is written; the right one is taken.
func TestImageRulesOnRealImages(t *testing.T) {
	w := readapitest.NewFileServer(t, nil, files.Config{})
	w.Role = "superadmin"
	upload := func(name string, data []byte) string {
		t.Helper()
		r := w.Want(w.Upload(name, data, map[string]string{"visibility": "public"}), http.StatusCreated)
		return readapitest.Dig(r.Body, "data", "token").(string)
	}
	png := func(width, height int) string { return upload("image.png", readapitest.TestPNG(width, height, false)) }
	jpg := func(width, height int) string {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, width, height)), nil); err != nil {
			t.Fatal(err)
		}
		return upload("image.jpg", buf.Bytes())
	}
	refused := func(path string, body map[string]any, field, want string, lang ...string) {
		t.Helper()
		headers := []string{}
		if len(lang) > 0 {
			headers = append(headers, "Accept-Language", lang[0])
		}
		r := w.Want(w.Do(http.MethodPost, path, body, headers...), http.StatusUnprocessableEntity)
		if got := readapitest.Field(r, field); got != want {
			t.Fatalf("%s %s: %q, want %q (%s)", path, field, got, want, r.Raw)
		}
	}

	// The application's logo: at least 300 × 300.
	apps := "/v1/admin/applications"
	refused(apps, map[string]any{"name": "Klein", "slug": "klein", "logo_id": png(299, 300)}, "logo_id",
		"The logo must be at least 300 by 300 pixels (this image is 299 by 300)")
	refused(apps, map[string]any{"name": "Klein", "slug": "klein", "logo_id": png(300, 120)}, "logo_id",
		"Het logo moet minstens 300 bij 300 pixels zijn (deze afbeelding is 300 bij 120)", "nl")
	created := w.Want(w.Do(http.MethodPost, apps, map[string]any{"name": "Groot", "slug": "groot", "logo_id": jpg(300, 300)}), http.StatusCreated)
	appID := readapitest.Dig(created.Body, "data", "id").(string)

	// The organisation's logo too (spec: "logo 300x300").
	orgs := "/v1/admin/applications/organizations"
	refused(orgs, map[string]any{"name": "Klein BV", "logo_id": png(200, 200)}, "logo_id",
		"The logo must be at least 300 by 300 pixels (this image is 200 by 200)")
	w.Want(w.Do(http.MethodPost, orgs, map[string]any{"name": "Groot BV", "logo_id": png(640, 300)}), http.StatusCreated)

	// Icons: at least 200 × 200; a location type's icon is a png.
	wallet := map[string]any{"name": "Pas", "slug": "pas", "included_labels": []string{}, "excluded_labels": []string{},
		"price_display_mode": "both", "can_top_up": true, "can_top_up_once": false, "icon_id": png(199, 400)}
	refused("/v1/admin/wallets", wallet, "icon_id", "The icon must be at least 200 by 200 pixels (this image is 199 by 400)")
	wallet["icon_id"] = png(200, 200)
	w.Want(w.Do(http.MethodPost, "/v1/admin/wallets", wallet), http.StatusCreated)

	refused("/v1/admin/location-types", map[string]any{"name": "Bad", "icon_id": png(150, 150)}, "icon_id",
		"The icon must be at least 200 by 200 pixels (this image is 150 by 150)")
	refused("/v1/admin/location-types", map[string]any{"name": "Bad", "icon_id": jpg(400, 400)}, "icon_id", "The icon must be a png image")
	refused("/v1/admin/location-types", map[string]any{"name": "Bad", "icon_id": jpg(400, 400)}, "icon_id", "Het icoon moet een png-afbeelding zijn", "nl")
	w.Want(w.Do(http.MethodPost, "/v1/admin/location-types", map[string]any{"name": "Zwembad", "icon_id": png(256, 256)}), http.StatusCreated)

	refused("/v1/admin/sports", map[string]any{"name": "Klein", "icon_id": jpg(100, 300)}, "icon_id",
		"The icon must be at least 200 by 200 pixels (this image is 100 by 300)")
	w.Want(w.Do(http.MethodPost, "/v1/admin/sports", map[string]any{"name": "Padel", "icon_id": jpg(200, 200)}), http.StatusCreated)

	// A category's image, as an activity's: at least 500 × 250.
	refused("/v1/admin/categories", map[string]any{"title": "Buiten", "image_id": png(500, 249)}, "image_id",
		"The image must be at least 500 by 250 pixels (this image is 500 by 249)")
	w.Want(w.Do(http.MethodPost, "/v1/admin/categories", map[string]any{"title": "Buiten", "image_id": jpg(500, 250)}), http.StatusCreated)

	// Nothing refused was written: one application, organisation, wallet, location type,
	// sport and category were created.
	var n int
	if err := w.Env.DB.QueryRow(context.Background(), `SELECT count(*) FROM eventstore_events WHERE type LIKE '%.created%'
		AND split_part(type, '.', 1) IN ('application', 'organization', 'wallet', 'location_type', 'sport', 'category')`).Scan(&n); err != nil || n != 6 {
		t.Fatalf("%d creations, want 6 (%v)", n, err)
	}

	// An image saved before the rule existed does not block saving the other fields; a
	// new small one is refused.
	old := png(300, 300)
	update := map[string]any{"name": "Groot", "slug": "groot", "logo_id": old}
	w.Want(w.Do(http.MethodPut, apps+"/"+appID, update), http.StatusOK)
	if _, err := w.Env.DB.Exec(context.Background(), `UPDATE files SET width = 64, height = 64 WHERE id = $1`, old); err != nil {
		t.Fatal(err)
	}
	update["name"] = "Groter"
	w.Want(w.Do(http.MethodPut, apps+"/"+appID, update), http.StatusOK)
	update["logo_id"] = png(64, 64)
	r := w.Want(w.Do(http.MethodPut, apps+"/"+appID, update), http.StatusUnprocessableEntity)
	if !strings.Contains(readapitest.Field(r, "logo_id"), "at least 300 by 300") {
		t.Fatalf("a new small logo: %s", r.Raw)
	}
}
