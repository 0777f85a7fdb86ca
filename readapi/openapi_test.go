package readapi_test

import (
	"encoding/json"
	"net/http"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"move/readapi"
)

// The SPA's types are generated from web/src/lib/api/openapi.json (decision web-011):
// a route changed without regenerating it (cd web && npm run api-types) fails here.
func TestCommittedOpenAPIDocumentIsCurrent(t *testing.T) {
	raw, err := os.ReadFile("../web/src/lib/api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var committed, current any
	if err := json.Unmarshal(raw, &committed); err != nil {
		t.Fatal(err)
	}
	doc, err := json.Marshal(readapi.Document())
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(doc, &current); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(committed, current) {
		t.Fatal("web/src/lib/api/openapi.json is out of date: run `cd web && npm run api-types`")
	}
}

// The document lists each route's error answers (the field errors schema on 422), marks
// public routes with an empty security list, and its required body fields are exactly
// the ones the decoder demands: a body of {} is refused naming every one of them.
func TestOpenAPIDocumentsErrorsSecurityAndRequiredFields(t *testing.T) {
	w := newBoundaryWorld(t)
	var doc map[string]any
	raw, _ := json.Marshal(readapi.Document())
	_ = json.Unmarshal(raw, &doc)
	op := func(path, method string) map[string]any {
		return dig(doc, "paths", path, method).(map[string]any)
	}
	codes := func(o map[string]any) string {
		var out []string
		for code := range o["responses"].(map[string]any) {
			out = append(out, code)
		}
		sort.Strings(out)
		return strings.Join(out, " ")
	}
	for _, tc := range []struct{ path, method, want string }{
		{"/v1/auth/login", "post", "200 400 413 422 429 default"},
		{"/v1/admin/sports", "get", "200 400 401 403 default"},
		{"/v1/admin/organizations/{id}", "put", "200 400 401 403 404 409 413 422 default"},
		{"/v1/admin/applications/organizations/import", "post", "201 400 401 403 409 413 422 default"},
		{"/v1/wallets/{wallet_id}/redeem", "post", "200 400 401 403 404 409 413 422 429 default"},
	} {
		if got := codes(op(tc.path, tc.method)); got != tc.want {
			t.Errorf("%s %s answers %s, want %s", tc.method, tc.path, got, tc.want)
		}
	}
	if ref := dig(doc, "components", "responses", "ValidationFailed", "content", "application/json", "schema", "$ref"); ref != "#/components/schemas/FieldErrors" {
		t.Errorf("422 schema: %v", ref)
	}
	if req := dig(doc, "components", "schemas", "FieldErrors", "properties", "errors", "required"); !reflect.DeepEqual(req, []any{"message", "fields"}) {
		t.Errorf("the field errors schema requires the fields: %v", req)
	}
	if sec, ok := op("/v1/auth/login", "post")["security"].([]any); !ok || len(sec) != 0 {
		t.Errorf("a public route has an empty security list: %v", op("/v1/auth/login", "post")["security"])
	}
	for _, rt := range w.server.Routes() {
		if rt.Doc.Request == nil {
			continue
		}
		schema := dig(op(rt.Pattern, strings.ToLower(rt.Method)), "requestBody", "content", "application/json", "schema").(map[string]any)
		documented := map[string]bool{}
		required, _ := schema["required"].([]any)
		for _, f := range required {
			documented[f.(string)] = true
		}
		r := w.send(rt.Method, w.path(rt.Pattern), []byte(`{}`), "application/json")
		demanded := map[string]bool{}
		if r.Status == http.StatusUnprocessableEntity {
			for f, message := range dig(r.Body, "errors", "fields").(map[string]any) {
				if strings.HasSuffix(message.(string), "field is required") {
					demanded[f] = true
				}
			}
		}
		// A route may refuse before it reads the body (another tenant's object, a caller
		// who is no customer): those are 404, 403 and 409.
		if len(documented) > 0 && r.Status != http.StatusUnprocessableEntity && r.Status != http.StatusNotFound &&
			r.Status != http.StatusForbidden && r.Status != http.StatusConflict {
			t.Errorf("%s %s with {}: %d %s", rt.Method, rt.Pattern, r.Status, r.Raw)
		}
		if r.Status == http.StatusUnprocessableEntity && len(documented) > 0 && !reflect.DeepEqual(documented, demanded) {
			t.Errorf("%s %s: the document requires %v, the decoder demands %v", rt.Method, rt.Pattern, documented, demanded)
		}
	}
}
