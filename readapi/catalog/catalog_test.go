package catalog_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"move/readapi/kernel"
	"move/readapi/readapitest"
)

func TestSportsLifecycle(t *testing.T) {
	c := readapitest.NewServer(t)
	created := c.Want(c.Do("POST", "/v1/admin/sports", map[string]any{"name": "Tennis"}), http.StatusCreated)
	id := readapitest.Dig(created.Body, "data", "id").(string)
	if created.Header.Get("X-Event-Position") == "" || readapitest.Dig(created.Body, "meta", "position") == nil {
		t.Fatal("a command answers its position")
	}
	// Read-your-writes: the list already shows it.
	list := c.Want(c.Do("GET", "/v1/admin/sports", nil), http.StatusOK)
	if got := readapitest.Names(list); len(got) != 1 || got[0] != "Tennis" {
		t.Fatalf("want [Tennis], got %v", got)
	}
	if readapitest.Dig(list.Body, "meta", "pagination", "total").(float64) != 1 {
		t.Fatalf("total: %v", list.Raw)
	}

	one := c.Want(c.Do("GET", "/v1/admin/sports/"+id, nil), http.StatusOK)
	if readapitest.Dig(one.Body, "data", "highlighted") != false {
		t.Fatalf("a new sport is not highlighted: %s", one.Raw)
	}
	version := readapitest.Dig(one.Body, "data", "version")
	c.Want(c.Do("PUT", "/v1/admin/sports/"+id, map[string]any{"name": "Tennis", "highlighted": true, "version": version}), http.StatusOK)
	one = c.Want(c.Do("GET", "/v1/admin/sports/"+id, nil), http.StatusOK)
	if readapitest.Dig(one.Body, "data", "highlighted") != true {
		t.Fatalf("highlight switch did not stick: %s", one.Raw)
	}
	// The version the user edited is stale now.
	stale := c.Want(c.Do("PUT", "/v1/admin/sports/"+id, map[string]any{"name": "Tennis 2", "version": version}), http.StatusConflict)
	if msg := readapitest.Dig(stale.Body, "errors", "message").(string); !strings.Contains(msg, "gewijzigd") {
		t.Fatalf("stale version message: %q", msg)
	}

	c.Want(c.Do("DELETE", "/v1/admin/sports/"+id, nil), http.StatusOK)
	c.Want(c.Do("GET", "/v1/admin/sports/"+id, nil), http.StatusNotFound)
	c.Want(c.Do("DELETE", "/v1/admin/sports/"+id, nil), http.StatusNotFound)
	// A deleted sport's name is free again.
	c.Want(c.Do("POST", "/v1/admin/sports", map[string]any{"name": "tennis"}), http.StatusCreated)
}

func TestNamesAreUniquePerCatalogue(t *testing.T) {
	c := readapitest.NewServer(t)
	c.Want(c.Do("POST", "/v1/admin/sports", map[string]any{"name": "Beach Volleyball"}), http.StatusCreated)
	dup := c.Want(c.Do("POST", "/v1/admin/sports", map[string]any{"name": "  beach   volleyball "}), http.StatusUnprocessableEntity)
	if got := readapitest.Dig(dup.Body, "errors", "fields", "name"); got != "Deze naam is al in gebruik" {
		t.Fatalf("duplicate name in nl: %v", got)
	}
	// Another catalogue may use the same name.
	c.Want(c.Do("POST", "/v1/admin/product-types", map[string]any{"name": "Beach Volleyball"}), http.StatusCreated)
	// Renaming onto a taken name is refused too, and changes nothing.
	other := c.Want(c.Do("POST", "/v1/admin/sports", map[string]any{"name": "Golf"}), http.StatusCreated)
	id := readapitest.Dig(other.Body, "data", "id").(string)
	c.Want(c.Do("PUT", "/v1/admin/sports/"+id, map[string]any{"name": "Beach volleyball"}), http.StatusUnprocessableEntity)
	if got := readapitest.Names(c.Want(c.Do("GET", "/v1/admin/sports?sort=name", nil), http.StatusOK)); fmt.Sprint(got) != "[Beach Volleyball Golf]" {
		t.Fatalf("after a refused rename: %v", got)
	}
	// The old name is released by a rename.
	c.Want(c.Do("PUT", "/v1/admin/sports/"+id, map[string]any{"name": "Minigolf"}), http.StatusOK)
	c.Want(c.Do("POST", "/v1/admin/sports", map[string]any{"name": "Golf"}), http.StatusCreated)
}

func TestBadInputChangesNothing(t *testing.T) {
	c := readapitest.NewServer(t)
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
			c.T, c.Lang = t, tc.lang
			r := c.Want(c.Do(tc.method, tc.path, tc.body), tc.status)
			if msg, _ := readapitest.Dig(r.Body, "errors", "message").(string); msg == "" {
				t.Fatalf("every error has a message: %s", r.Raw)
			}
			if tc.field != "" {
				if got := readapitest.Dig(r.Body, "errors", "fields", tc.field); got != tc.text {
					t.Fatalf("field %s: want %q, got %v (%s)", tc.field, tc.text, got, r.Raw)
				}
			}
		})
	}
	c.T, c.Lang = t, "nl"
	for _, path := range []string{"/v1/admin/sports", "/v1/admin/location-types", "/v1/admin/product-types"} {
		if r := c.Want(c.Do("GET", path, nil), 200); len(r.Body["data"].([]any)) != 0 {
			t.Fatalf("bad input wrote something to %s: %s", path, r.Raw)
		}
	}
}

func TestRetriedCommandWritesOnce(t *testing.T) {
	c := readapitest.NewServer(t)
	key := uuid.NewString()
	first := c.Want(c.Do("POST", "/v1/admin/sports", map[string]any{"name": "Padel"}, "Idempotency-Key", key), http.StatusCreated)
	again := c.Want(c.Do("POST", "/v1/admin/sports", map[string]any{"name": "Padel"}, "Idempotency-Key", key), http.StatusCreated)
	if readapitest.Dig(first.Body, "data", "id") != readapitest.Dig(again.Body, "data", "id") || readapitest.Dig(first.Body, "meta", "position") != readapitest.Dig(again.Body, "meta", "position") {
		t.Fatalf("a retry answers the first result:\n%s\n%s", first.Raw, again.Raw)
	}
	if got := readapitest.Names(c.Want(c.Do("GET", "/v1/admin/sports", nil), 200)); len(got) != 1 {
		t.Fatalf("a retry writes nothing: %v", got)
	}
	c.Want(c.Do("POST", "/v1/admin/sports", map[string]any{"name": "x"}, "Idempotency-Key", "not-a-uuid"), http.StatusBadRequest)
}

func TestListSearchSortPage(t *testing.T) {
	c := readapitest.NewServer(t)
	for _, n := range []string{"Hockey", "Handbal", "Honkbal", "Tennis", "Tafeltennis", "Zwemmen", "100% fun"} {
		c.Want(c.Do("POST", "/v1/admin/sports", map[string]any{"name": n}), http.StatusCreated)
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
		if got := fmt.Sprint(readapitest.Names(c.Want(c.Do("GET", path, nil), 200))); got != want {
			t.Errorf("%s: want %s, got %s", path, want, got)
		}
	}
	all := c.Want(c.Do("GET", "/v1/admin/sports/all", nil), 200)
	if len(all.Body["data"].([]any)) != 7 {
		t.Fatalf("all: %s", all.Raw)
	}
}

func TestGuards(t *testing.T) {
	c := readapitest.NewServer(t)
	c.Role = ""
	c.Want(c.Do("GET", "/v1/admin/sports", nil), http.StatusUnauthorized)
	c.Role = "trainer"
	c.Want(c.Do("GET", "/v1/admin/sports", nil), http.StatusOK)
	denied := c.Want(c.Do("POST", "/v1/admin/sports", map[string]any{"name": "x"}), http.StatusForbidden)
	if readapitest.Dig(denied.Body, "errors", "message") == nil {
		t.Fatal("403 has a message")
	}
	c.Role = "superadmin"
	r := c.Want(c.Do("GET", "/v1/admin/sports", nil, "ApplicationId", "nope"), http.StatusForbidden)
	if !strings.Contains(readapitest.Dig(r.Body, "errors", "message").(string), "ApplicationId") {
		t.Fatalf("a bad application says so: %s", r.Raw)
	}
	for _, h := range []string{"X-Content-Type-Options", "X-Frame-Options", "Content-Security-Policy", "Referrer-Policy", "X-Request-Id"} {
		if r.Header.Get(h) == "" {
			t.Errorf("missing security header %s", h)
		}
	}
}

func TestOpenAPIDocumentsEveryRoute(t *testing.T) {
	c := readapitest.NewServer(t)
	doc := c.Want(c.Do("GET", "/v1/openapi.json", nil), 200)
	paths := doc.Body["paths"].(map[string]any)
	for _, p := range []string{"/v1/admin/sports", "/v1/admin/sports/all", "/v1/admin/sports/{id}", "/v1/admin/location-types/{id}", "/v1/admin/product-types"} {
		if paths[p] == nil {
			t.Errorf("openapi lacks %s", p)
		}
	}
	post := readapitest.Dig(paths["/v1/admin/sports"], "post", "x-permission")
	if post != kernel.PermManageCatalog {
		t.Fatalf("each operation names its permission, got %v", post)
	}
}
