package readapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"move/readapi"
)

func TestSportsLifecycle(t *testing.T) {
	c := newServer(t)
	created := c.want(c.do("POST", "/v1/admin/sports", map[string]any{"name": "Tennis"}), http.StatusCreated)
	id := dig(created.Body, "data", "id").(string)
	if created.Header.Get("X-Event-Position") == "" || dig(created.Body, "meta", "position") == nil {
		t.Fatal("a command answers its position")
	}
	// Read-your-writes: the list already shows it.
	list := c.want(c.do("GET", "/v1/admin/sports", nil), http.StatusOK)
	if got := names(list); len(got) != 1 || got[0] != "Tennis" {
		t.Fatalf("want [Tennis], got %v", got)
	}
	if dig(list.Body, "meta", "pagination", "total").(float64) != 1 {
		t.Fatalf("total: %v", list.Raw)
	}

	one := c.want(c.do("GET", "/v1/admin/sports/"+id, nil), http.StatusOK)
	if dig(one.Body, "data", "highlighted") != false {
		t.Fatalf("a new sport is not highlighted: %s", one.Raw)
	}
	version := dig(one.Body, "data", "version")
	c.want(c.do("PUT", "/v1/admin/sports/"+id, map[string]any{"name": "Tennis", "highlighted": true, "version": version}), http.StatusOK)
	one = c.want(c.do("GET", "/v1/admin/sports/"+id, nil), http.StatusOK)
	if dig(one.Body, "data", "highlighted") != true {
		t.Fatalf("highlight switch did not stick: %s", one.Raw)
	}
	// The version the user edited is stale now.
	stale := c.want(c.do("PUT", "/v1/admin/sports/"+id, map[string]any{"name": "Tennis 2", "version": version}), http.StatusConflict)
	if msg := dig(stale.Body, "errors", "message").(string); !strings.Contains(msg, "gewijzigd") {
		t.Fatalf("stale version message: %q", msg)
	}

	c.want(c.do("DELETE", "/v1/admin/sports/"+id, nil), http.StatusOK)
	c.want(c.do("GET", "/v1/admin/sports/"+id, nil), http.StatusNotFound)
	c.want(c.do("DELETE", "/v1/admin/sports/"+id, nil), http.StatusNotFound)
	// A deleted sport's name is free again.
	c.want(c.do("POST", "/v1/admin/sports", map[string]any{"name": "tennis"}), http.StatusCreated)
}

func TestNamesAreUniquePerCatalogue(t *testing.T) {
	c := newServer(t)
	c.want(c.do("POST", "/v1/admin/sports", map[string]any{"name": "Beach Volleyball"}), http.StatusCreated)
	dup := c.want(c.do("POST", "/v1/admin/sports", map[string]any{"name": "  beach   volleyball "}), http.StatusUnprocessableEntity)
	if got := dig(dup.Body, "errors", "fields", "name"); got != "Deze naam is al in gebruik" {
		t.Fatalf("duplicate name in nl: %v", got)
	}
	// Another catalogue may use the same name.
	c.want(c.do("POST", "/v1/admin/product-types", map[string]any{"name": "Beach Volleyball"}), http.StatusCreated)
	// Renaming onto a taken name is refused too, and changes nothing.
	other := c.want(c.do("POST", "/v1/admin/sports", map[string]any{"name": "Golf"}), http.StatusCreated)
	id := dig(other.Body, "data", "id").(string)
	c.want(c.do("PUT", "/v1/admin/sports/"+id, map[string]any{"name": "Beach volleyball"}), http.StatusUnprocessableEntity)
	if got := names(c.want(c.do("GET", "/v1/admin/sports?sort=name", nil), http.StatusOK)); fmt.Sprint(got) != "[Beach Volleyball Golf]" {
		t.Fatalf("after a refused rename: %v", got)
	}
	// The old name is released by a rename.
	c.want(c.do("PUT", "/v1/admin/sports/"+id, map[string]any{"name": "Minigolf"}), http.StatusOK)
	c.want(c.do("POST", "/v1/admin/sports", map[string]any{"name": "Golf"}), http.StatusCreated)
}

func TestBadInputChangesNothing(t *testing.T) {
	c := newServer(t)
	cases := []struct {
		name   string
		method string
		path   string
		body   any
		lang   string
		status int
		field  string
		text   string
	}{
		{"empty name", "POST", "/v1/admin/sports", map[string]any{"name": " "}, "nl", 422, "name", "Het veld naam is verplicht"},
		{"empty name in English", "POST", "/v1/admin/location-types", map[string]any{"name": ""}, "en-GB,en;q=0.9", 422, "name", "The name field is required"},
		{"name too long", "POST", "/v1/admin/product-types", map[string]any{"name": strings.Repeat("x", 101)}, "en", 422, "name", "The name field may not be longer than 100 characters"},
		{"malformed JSON", "POST", "/v1/admin/sports", `{"name": `, "nl", 400, "", ""},
		{"two objects", "POST", "/v1/admin/sports", `{"name":"a"}{"name":"b"}`, "nl", 400, "", ""},
		{"unknown field", "POST", "/v1/admin/sports", map[string]any{"name": "x", "colour": "red"}, "en", 422, "colour", "The colour field is unknown"},
		{"wrong type", "POST", "/v1/admin/sports", map[string]any{"name": 42}, "en", 422, "name", "The name field has the wrong type"},
		{"oversized body", "POST", "/v1/admin/sports", `{"name":"` + strings.Repeat("x", 2<<20) + `"}`, "nl", 413, "", ""},
		{"unknown id", "PUT", "/v1/admin/sports/" + uuid.NewString(), map[string]any{"name": "x"}, "nl", 404, "", ""},
		{"malformed id", "GET", "/v1/admin/sports/not-an-id", nil, "nl", 404, "", ""},
		{"bad page", "GET", "/v1/admin/sports?page=0", nil, "nl", 400, "", ""},
		{"bad sort", "GET", "/v1/admin/sports?sort=password", nil, "nl", 400, "", ""},
		{"unknown API path", "GET", "/v1/admin/nothing-here", nil, "nl", 404, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.t, c.lang = t, tc.lang
			r := c.want(c.do(tc.method, tc.path, tc.body), tc.status)
			if msg, _ := dig(r.Body, "errors", "message").(string); msg == "" {
				t.Fatalf("every error has a message: %s", r.Raw)
			}
			if tc.field != "" {
				if got := dig(r.Body, "errors", "fields", tc.field); got != tc.text {
					t.Fatalf("field %s: want %q, got %v (%s)", tc.field, tc.text, got, r.Raw)
				}
			}
		})
	}
	c.t, c.lang = t, "nl"
	for _, path := range []string{"/v1/admin/sports", "/v1/admin/location-types", "/v1/admin/product-types"} {
		if r := c.want(c.do("GET", path, nil), 200); len(r.Body["data"].([]any)) != 0 {
			t.Fatalf("bad input wrote something to %s: %s", path, r.Raw)
		}
	}
}

func TestRetriedCommandWritesOnce(t *testing.T) {
	c := newServer(t)
	key := uuid.NewString()
	first := c.want(c.do("POST", "/v1/admin/sports", map[string]any{"name": "Padel"}, "Idempotency-Key", key), http.StatusCreated)
	again := c.want(c.do("POST", "/v1/admin/sports", map[string]any{"name": "Padel"}, "Idempotency-Key", key), http.StatusCreated)
	if dig(first.Body, "data", "id") != dig(again.Body, "data", "id") || dig(first.Body, "meta", "position") != dig(again.Body, "meta", "position") {
		t.Fatalf("a retry answers the first result:\n%s\n%s", first.Raw, again.Raw)
	}
	if got := names(c.want(c.do("GET", "/v1/admin/sports", nil), 200)); len(got) != 1 {
		t.Fatalf("a retry writes nothing: %v", got)
	}
	c.want(c.do("POST", "/v1/admin/sports", map[string]any{"name": "x"}, "Idempotency-Key", "not-a-uuid"), http.StatusBadRequest)
}

func TestListSearchSortPage(t *testing.T) {
	c := newServer(t)
	for _, n := range []string{"Hockey", "Handbal", "Honkbal", "Tennis", "Tafeltennis", "Zwemmen", "100% fun"} {
		c.want(c.do("POST", "/v1/admin/sports", map[string]any{"name": n}), http.StatusCreated)
	}
	cases := map[string]string{
		"/v1/admin/sports?sort=name&itemsPerPage=3":             "[100% fun Handbal Hockey]",
		"/v1/admin/sports?sort=name&itemsPerPage=3&page=2":      "[Honkbal Tafeltennis Tennis]",
		"/v1/admin/sports?sort=-name&itemsPerPage=2":            "[Zwemmen Tennis]",
		"/v1/admin/sports?search=TENNIS&sort=name":              "[Tafeltennis Tennis]",
		"/v1/admin/sports?search=%25&sort=name":                 "[100% fun]",
		"/v1/admin/sports?search=h&sort=name&itemsPerPage=1000": "[Handbal Hockey Honkbal]",
	}
	for path, want := range cases {
		if got := fmt.Sprint(names(c.want(c.do("GET", path, nil), 200))); got != want {
			t.Errorf("%s: want %s, got %s", path, want, got)
		}
	}
	all := c.want(c.do("GET", "/v1/admin/sports/all", nil), 200)
	if len(all.Body["data"].([]any)) != 7 {
		t.Fatalf("all: %s", all.Raw)
	}
}

func TestGuards(t *testing.T) {
	c := newServer(t)
	c.role = ""
	c.want(c.do("GET", "/v1/admin/sports", nil), http.StatusUnauthorized)
	c.role = "trainer"
	c.want(c.do("GET", "/v1/admin/sports", nil), http.StatusOK)
	denied := c.want(c.do("POST", "/v1/admin/sports", map[string]any{"name": "x"}), http.StatusForbidden)
	if dig(denied.Body, "errors", "message") == nil {
		t.Fatal("403 has a message")
	}
	c.role = "superadmin"
	r := c.want(c.do("GET", "/v1/admin/sports", nil, "ApplicationId", "nope"), http.StatusForbidden)
	if !strings.Contains(dig(r.Body, "errors", "message").(string), "ApplicationId") {
		t.Fatalf("a bad application says so: %s", r.Raw)
	}
	for _, h := range []string{"X-Content-Type-Options", "X-Frame-Options", "Content-Security-Policy", "Referrer-Policy", "X-Request-Id"} {
		if r.Header.Get(h) == "" {
			t.Errorf("missing security header %s", h)
		}
	}
}

func TestOpenAPIDocumentsEveryRoute(t *testing.T) {
	c := newServer(t)
	doc := c.want(c.do("GET", "/v1/openapi.json", nil), 200)
	paths := doc.Body["paths"].(map[string]any)
	for _, p := range []string{"/v1/admin/sports", "/v1/admin/sports/all", "/v1/admin/sports/{id}", "/v1/admin/location-types/{id}", "/v1/admin/product-types"} {
		if paths[p] == nil {
			t.Errorf("openapi lacks %s", p)
		}
	}
	post := dig(paths["/v1/admin/sports"], "post", "x-permission")
	if post != readapi.PermManageCatalog {
		t.Fatalf("each operation names its permission, got %v", post)
	}
}
