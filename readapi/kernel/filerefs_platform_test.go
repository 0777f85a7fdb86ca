package kernel_test

import (
	"net/http"
	"testing"

	"move/files"
	"move/readapi/readapitest"
)

// A superadmin on a platform route without ApplicationId (decision 0501) names an image:
// a public file of any application is taken, a private or missing one is a 422 on its
// field — never a 500.
func TestPlatformRoutesCheckImagesWithoutAnApplication(t *testing.T) {
	w := readapitest.NewFileServer(t, nil, files.Config{})
	w.Role = "superadmin"
	upload := func(visibility string) string {
		r := w.Want(w.Upload("icon.png", readapitest.TestPNG(300, 300, false), map[string]string{"visibility": visibility}), http.StatusCreated)
		return readapitest.Dig(r.Body, "data", "token").(string)
	}
	public, private := upload("public"), upload("private")
	missing := "0123456789abcdef0123456789abcdef"
	noApplication := []string{"ApplicationId", ""}
	for _, path := range []string{"/v1/admin/sports", "/v1/admin/location-types", "/v1/admin/product-types"} {
		for _, bad := range []string{private, missing} {
			r := w.Want(w.Do("POST", path, map[string]any{"name": "Padel " + bad[:4], "icon_id": bad}, noApplication...), http.StatusUnprocessableEntity)
			if readapitest.Dig(r.Body, "errors", "fields", "icon_id") == nil {
				t.Fatalf("%s: no error for icon_id: %s", path, r.Raw)
			}
		}
		w.Want(w.Do("POST", path, map[string]any{"name": "Padel", "icon_id": public}, noApplication...), http.StatusCreated)
	}
	r := w.Want(w.Do("POST", "/v1/admin/applications", map[string]any{"name": "Nieuw", "slug": "nieuw", "favicon_id": missing, "logo_id": private},
		noApplication...), http.StatusUnprocessableEntity)
	if readapitest.Dig(r.Body, "errors", "fields", "favicon_id") == nil || readapitest.Dig(r.Body, "errors", "fields", "logo_id") == nil {
		t.Fatalf("the application's images: %s", r.Raw)
	}
	w.Want(w.Do("POST", "/v1/admin/applications", map[string]any{"name": "Nieuw", "slug": "nieuw", "logo_id": public}, noApplication...), http.StatusCreated)
}
