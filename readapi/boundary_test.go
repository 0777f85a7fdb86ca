package readapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"move/audit"
	"move/commands"
	domainidentity "move/domain/identity"
	"move/files"
	"move/identity"
	"move/internal/testenv"
	"move/operations"
	"move/projections/readmodels"
	"move/readapi"
	"move/readapi/kernel"
	"move/readapi/readapitest"
)

// boundaryWorld is the whole product behind the real server: real identity (login, a
// superadmin who passes every permission), files, every projector; a sport, an
// organisation and a wallet to aim the routes with ids at.
type boundaryWorld struct {
	t      testing.TB
	base   string
	server *readapi.Server
	env    *testenv.Env
	users  *identity.Service
	token  string
	app    string
	ids    map[string]string // path prefix → an id that exists there
	// Position is the last command's: reads wait for it.
	position string
}

func newBoundaryWorld(t testing.TB) *boundaryWorld {
	t.Helper()
	env := testenv.New(t)
	runner := env.Runner(t, readmodels.All()...)
	env.RunProjections(t, runner)
	svc, err := identity.New(env.DB, env.App, readapitest.NoMail{}, testenv.Logger(t), time.Now, identity.Config{})
	if err != nil {
		t.Fatal(err)
	}
	blobs, err := files.NewLocalStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fileService, err := files.New(env.DB, blobs, nil, files.Config{}, testenv.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	guards := &kernel.Identity{Service: svc}
	api, err := readapi.New(kernel.Deps{App: env.App, DB: env.DB, Auth: guards, Tenants: guards, Authz: guards, Files: fileService,
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(), Ready: func(context.Context) error { return nil },
		Mail: &readapitest.Mailbox{}, QRSecret: []byte("a test key for QR codes, 32 bytes or more"),
		// Every route answers as in production: the operations console's too (its parking routes take bodies).
		Operations: &operations.Console{Store: env.Store, DB: env.DB, Projectors: runner.Projectors(), Parking: runner, Now: time.Now},
		Audit:      &audit.Decoder{Registry: env.Registry, Vault: env.Vault}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	w := &boundaryWorld{t: t, base: srv.URL, server: api, env: env, users: svc, ids: map[string]string{}}
	ctx := context.Background()
	if err := svc.EnsureDefaultPermissions(ctx); err != nil {
		t.Fatal(err)
	}
	res, err := env.App.CreateApplication(ctx, commands.Meta{}, domainidentity.ApplicationSettings{Name: "App A", Slug: "app-a"})
	if err != nil {
		t.Fatal(err)
	}
	w.app = res.ID
	if _, err := svc.CreateUser(ctx, commands.Meta{}, identity.NewUser{Email: "super@example.test", FirstName: "Su", LastName: "Per",
		Password: "a long enough password", Grant: &domainidentity.Grant{Role: domainidentity.RoleSuperadmin}}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		login := w.send("POST", "/v1/auth/login", []byte(`{"email":"super@example.test","password":"a long enough password"}`), "application/json")
		if login.Status == http.StatusOK {
			w.token = readapitest.Dig(login.Body, "api_token", "token").(string)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("login: %s", login.Raw)
		}
		time.Sleep(50 * time.Millisecond)
	}
	deadline = time.Now().Add(30 * time.Second)
	create := func(path, body string) string {
		r := w.send("POST", path, []byte(body), "application/json")
		for r.Status == http.StatusForbidden && time.Now().Before(deadline) { // the application's read model catches up
			time.Sleep(50 * time.Millisecond)
			r = w.send("POST", path, []byte(body), "application/json")
		}
		if r.Status != http.StatusCreated {
			t.Fatalf("%s: %s", path, r.Raw)
		}
		return readapitest.Dig(r.Body, "data", "id").(string)
	}
	w.ids["/v1/admin/sports/"] = create("/v1/admin/sports", `{"name":"Hockey"}`)
	w.ids["/v1/admin/location-types/"] = create("/v1/admin/location-types", `{"name":"Hal"}`)
	w.ids["/v1/admin/product-types/"] = create("/v1/admin/product-types", `{"name":"Les"}`)
	w.ids["/v1/admin/organizations/"] = create("/v1/admin/applications/organizations", `{"name":"HC Utrecht"}`)
	w.ids["/v1/admin/wallets/"] = create("/v1/admin/wallets", `{"name":"Sportpas","slug":"sportpas","included_labels":[],"excluded_labels":[],"price_display_mode":"moves","can_top_up":false,"can_top_up_once":false}`)
	w.ids["/v1/wallets/"] = w.ids["/v1/admin/wallets/"]
	return w
}

// path fills a pattern's parameters: the application, else an id that exists under the
// pattern's prefix, else a random one.
func (w *boundaryWorld) path(pattern string) string {
	path := strings.ReplaceAll(pattern, "{application_id}", w.app)
	for strings.Contains(path, "{") {
		i, j := strings.Index(path, "{"), strings.Index(path, "}")
		id := uuid.NewString()
		for prefix, existing := range w.ids {
			if path[:i] == prefix {
				id = existing
			}
		}
		path = path[:i] + id + path[j+1:]
	}
	return path
}

func (w *boundaryWorld) send(method, path string, body []byte, contentType string) readapitest.Response {
	w.t.Helper()
	req, _ := http.NewRequest(method, w.base+path, bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("ApplicationId", w.app)
	req.Header.Set("Accept-Language", "en")
	if w.token != "" {
		req.Header.Set("Authorization", "Bearer "+w.token)
	}
	if w.position != "" {
		req.Header.Set("X-Min-Position", w.position)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := readapitest.Response{Status: res.StatusCode, Header: res.Header, Raw: string(raw)}
	_ = json.Unmarshal(raw, &out.Body)
	if p := res.Header.Get("X-Event-Position"); p != "" {
		w.position = p
	}
	return out
}

// hostileStrings are what a string may hold that no string may be, as JSON string
// contents: a NUL, invalid UTF-8, other control characters; and one that is text but
// shows nothing (zero-width characters), which no write may answer with a 5xx either.
var hostileStrings = []struct {
	name    string
	json    string // the string's contents inside a JSON text
	query   string // the same, as a query parameter value
	refused bool   // must be refused (4xx), not merely survived
}{
	{"NUL", `Tennis\u0000club`, "Tennis%00club", true},
	{"invalid UTF-8", "Tennis\xff\xfeclub", "Tennis%ff%feclub", true},
	{"escape sequence", `\u001b[31mred`, "%1b%5b31mred", true},
	{"zero-width only", "\u200b\u200d", "%e2%80%8b", false},
}

// bodyOf is a request body of the route's type with hostile in every string (every
// Field present, so the body passes the required check and reaches the domain).
func bodyOf(t reflect.Type, hostile string) []byte {
	const marker = "\x01HOSTILE\x01"
	b, _ := json.Marshal(valueOf(t, marker))
	return bytes.ReplaceAll(b, []byte(`"\u0001HOSTILE\u0001"`), []byte(`"`+hostile+`"`))
}

func valueOf(t reflect.Type, marker string) any {
	switch t.Kind() {
	case reflect.Pointer:
		return valueOf(t.Elem(), marker)
	case reflect.String:
		return marker
	case reflect.Bool:
		return false
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Uint64, reflect.Uint32, reflect.Uint:
		return 1
	case reflect.Float64, reflect.Float32:
		return 1
	case reflect.Slice:
		return []any{valueOf(t.Elem(), marker)}
	case reflect.Struct:
		out := map[string]any{}
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if f.Anonymous && name == "" {
				for k, v := range valueOf(f.Type, marker).(map[string]any) {
					out[k] = v
				}
				continue
			}
			if !f.IsExported() || name == "-" || name == "version" {
				continue
			}
			out[name] = valueOf(f.Type, marker)
		}
		return out
	}
	return nil
}

// Every write route of the route table, and every documented query parameter of every
// route, meets NUL, invalid UTF-8, control and zero-width characters in every string:
// the first three are refused with a 4xx, none is ever a 5xx (15 routes answered 500).
func TestHostileStringsOnEveryRoute(t *testing.T) {
	w := newBoundaryWorld(t)
	for _, rt := range w.server.Routes() {
		for _, h := range hostileStrings {
			check := func(what string, r readapitest.Response) {
				t.Helper()
				if r.Status >= 500 || (h.refused && r.Status < 400) {
					t.Errorf("%s %s, %s in the %s: %d %s", rt.Method, rt.Pattern, h.name, what, r.Status, r.Raw)
				}
			}
			path := w.path(rt.Pattern)
			if rt.Doc.Request != nil {
				if body := bodyOf(reflect.TypeOf(rt.Doc.Request), h.json); bytes.Contains(body, []byte(h.json)) {
					check("body", w.send(rt.Method, path, body, "application/json"))
				}
			}
			for _, q := range rt.Doc.Query {
				check("query "+q, w.send(rt.Method, path+"?"+q+"="+h.query, nil, "application/json"))
			}
		}
	}
	// The multipart routes: a CSV cell and an upload's form fields.
	for _, h := range hostileStrings[:3] {
		cell, _ := url.QueryUnescape(h.query)
		csv := "name,street,house_number,zipcode,city,country\n" + cell + ",Laan 1,1,1234AB,Utrecht,nl\n"
		for _, dryRun := range []string{"true", "false"} {
			r := w.multipart("/v1/admin/applications/organizations/import", "organizations.csv", []byte(csv), "dry_run", dryRun)
			if r.Status != http.StatusUnprocessableEntity {
				t.Errorf("import (dry run %s) with %s in a cell: %d %s", dryRun, h.name, r.Status, r.Raw)
			}
		}
		r := w.multipart("/v1/admin/files/upload", "logo.png", readapitest.TestPNG(4, 4, false), "visibility", cell)
		if r.Status != http.StatusUnprocessableEntity || readapitest.Dig(r.Body, "errors", "fields", "visibility") == nil {
			t.Errorf("upload with %s in visibility: %d %s", h.name, r.Status, r.Raw)
		}
	}
}

func (w *boundaryWorld) multipart(path, filename string, data []byte, fields ...string) readapitest.Response {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", filename)
	_, _ = fw.Write(data)
	for i := 0; i+1 < len(fields); i += 2 {
		_ = mw.WriteField(fields[i], fields[i+1])
	}
	_ = mw.Close()
	return w.send("POST", path, buf.Bytes(), mw.FormDataContentType())
}

// The refusals name what is wrong: a 422 naming each field of the body, a 400 naming
// the parameter; a name of only zero-width characters is a missing name.
func TestHostileStringsAreRefusedByName(t *testing.T) {
	w := newBoundaryWorld(t)
	login := w.send("POST", "/v1/auth/login", []byte(`{"email":"a\u0000@example.test","password":"pass`+"\xff"+`word"}`), "application/json")
	if login.Status != http.StatusUnprocessableEntity || readapitest.Dig(login.Body, "errors", "fields", "email") != "The email field holds characters that are not allowed (invalid UTF-8 or control characters)" || readapitest.Dig(login.Body, "errors", "fields", "password") == nil {
		t.Fatalf("login: %d %s", login.Status, login.Raw)
	}
	search := w.send("GET", "/v1/admin/sports?search=%00", nil, "")
	if search.Status != http.StatusBadRequest || readapitest.Dig(search.Body, "errors", "message") != "The query is not valid: search" {
		t.Fatalf("search: %d %s", search.Status, search.Raw)
	}
	invisible := w.send("POST", "/v1/admin/sports", []byte(`{"name":"\u200b\u200c\u2060"}`), "application/json")
	if invisible.Status != http.StatusUnprocessableEntity || readapitest.Dig(invisible.Body, "errors", "fields", "name") != "The name field is required" {
		t.Fatalf("invisible name: %d %s", invisible.Status, invisible.Raw)
	}
	nested := w.send("PUT", "/v1/admin/organizations/"+w.ids["/v1/admin/organizations/"], bodyOf(reflect.TypeOf(struct {
		Name    string   `json:"name"`
		Sports  []string `json:"sports"`
		Country string   `json:"country"`
	}{}), `\u0000`), "application/json")
	if nested.Status != http.StatusUnprocessableEntity || readapitest.Dig(nested.Body, "errors", "fields", "sports") == nil || readapitest.Dig(nested.Body, "errors", "fields", "country") == nil {
		t.Fatalf("array items and fields: %d %s", nested.Status, nested.Raw)
	}
}

// The API's port does not answer /metrics (it has its own listener, cmd/move's
// TestMetricsListener); answers carrying tokens, secrets or personal data are not
// stored by any cache; a 405 says so in the error shape and lists what is allowed.
func TestHTTPAnswersMetricsCachingAndMethods(t *testing.T) {
	w := newBoundaryWorld(t)
	if r := w.send("GET", "/metrics", nil, ""); r.Status != http.StatusNotFound || strings.Contains(r.Raw, "move_http_requests_total") {
		t.Fatalf("/metrics on the API: %d %.200s", r.Status, r.Raw)
	}
	token := w.token
	w.token = ""
	login := w.send("POST", "/v1/auth/login", []byte(`{"email":"super@example.test","password":"a long enough password"}`), "application/json")
	w.token = token
	for what, r := range map[string]readapitest.Response{
		"login":   login,
		"profile": w.send("GET", "/v1/admin/profile", nil, ""),
		"secret":  w.send("POST", "/v1/admin/organizations/"+w.ids["/v1/admin/organizations/"]+"/rotate-secret", nil, ""),
		"contact": w.send("GET", "/v1/admin/organizations/"+w.ids["/v1/admin/organizations/"], nil, ""),
		"list":    w.send("GET", "/v1/admin/applications/organizations", nil, ""),
	} {
		if r.Status != http.StatusOK || r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: %d, Cache-Control %q", what, r.Status, r.Header.Get("Cache-Control"))
		}
	}
	codes := w.send("GET", "/v1/countries", nil, "")
	if list, _ := codes.Body["data"].([]any); codes.Status != http.StatusOK || len(list) != 249 || list[0] != "ad" {
		t.Errorf("countries: %d %.100s", codes.Status, codes.Raw)
	}
	r := w.send("PATCH", "/v1/admin/sports/"+w.ids["/v1/admin/sports/"], []byte(`{}`), "application/json")
	if r.Status != http.StatusMethodNotAllowed || r.Header.Get("Allow") != "GET, PUT, DELETE" || readapitest.Dig(r.Body, "errors", "message") != "This method is not allowed here (allowed: GET, PUT, DELETE)" {
		t.Fatalf("405: %d Allow %q %s", r.Status, r.Header.Get("Allow"), r.Raw)
	}
}

// jsonString writes s as the contents of a JSON string, keeping invalid UTF-8 as raw
// bytes (encoding/json would replace them) so the server meets them as a client may
// send them.
func jsonString(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[c>>4])
			b.WriteByte("0123456789abcdef"[c&0xf])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Any string, in every string field of any write route's body or in a query parameter,
// goes the whole way (decoder, domain, command, event store, read models) without a 5xx.
// `go test -fuzz FuzzStringsIntoPostgres ./readapi/` explores; the seeds run always.
func FuzzStringsIntoPostgres(f *testing.F) {
	w := newBoundaryWorld(f)
	var targets []kernel.Route
	for _, rt := range w.server.Routes() {
		if rt.Doc.Request != nil || len(rt.Doc.Query) > 0 {
			targets = append(targets, rt)
		}
	}
	for i, seed := range []string{"Tennis\x00club", "\xff\xfe", "\u200b", "\x1b[31m", "Ok name", "a\u202eb", "\ufffe", "'; DROP TABLE x; --", "%00", "\\u0000"} {
		f.Add(uint8(i*7), seed)
	}
	f.Fuzz(func(t *testing.T, pick uint8, s string) {
		w.t = t
		rt := targets[int(pick)%len(targets)]
		path := w.path(rt.Pattern)
		var r readapitest.Response
		if rt.Doc.Request != nil {
			r = w.send(rt.Method, path, bodyOf(reflect.TypeOf(rt.Doc.Request), jsonString(s)), "application/json")
		} else {
			r = w.send(rt.Method, path+"?"+rt.Doc.Query[0]+"="+url.QueryEscape(s), nil, "application/json")
		}
		if r.Status >= 500 {
			t.Fatalf("%s %s with %q: %d %s", rt.Method, rt.Pattern, s, r.Status, r.Raw)
		}
	})
}
