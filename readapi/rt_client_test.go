package readapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"move/internal/testenv"
	rmcatalog "move/projections/catalog"
	"move/readapi"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
)

func (c *client) uploadCSV(path, file string, fields ...string) response {
	c.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", "organizations.csv")
	_, _ = fw.Write([]byte(file))
	for i := 0; i+1 < len(fields); i += 2 {
		_ = mw.WriteField(fields[i], fields[i+1])
	}
	_ = mw.Close()
	return c.do("POST", path, buf.String(), "Content-Type", mw.FormDataContentType())
}

func total(r response) int { return int(dig(r.Body, "meta", "pagination", "total").(float64)) }

// upload posts a multipart form: the file part and other fields.
func (c *client) upload(filename string, data []byte, fields map[string]string, headers ...string) response {
	c.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if filename != "" {
		fw, _ := mw.CreateFormFile("file", filename)
		_, _ = fw.Write(data)
	}
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	_ = mw.Close()
	return c.do("POST", "/v1/admin/files/upload", buf.String(), append([]string{"Content-Type", mw.FormDataContentType()}, headers...)...)
}

// public fetches without credentials, as an <img> tag does.
func (c *client) public(path string, headers ...string) (*http.Response, []byte) {
	c.t.Helper()
	req, _ := http.NewRequest("GET", c.base+path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

// roleAuth stands in for identity in these tests of the HTTP layer: "Bearer role:<r>".
// Identity's own tests run the real authenticator through the same chain.
type roleAuth struct{}

func (roleAuth) Authenticate(r *http.Request) (readapi.Principal, error) {
	role, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer role:")
	if !ok {
		return readapi.Principal{}, readapi.ErrUnauthenticated
	}
	return readapi.Principal{UserID: role, Superadmin: role == "superadmin"}, nil
}

func (roleAuth) Resolve(_ context.Context, _ readapi.Principal, app string) (readapi.Tenant, error) {
	if _, err := uuid.Parse(app); err != nil {
		return readapi.Tenant{}, readapi.ErrUnknownApplication
	}
	return readapi.Tenant{ApplicationID: app}, nil
}

func (roleAuth) Allowed(_ context.Context, p readapi.Principal, _ readapi.Tenant, _, perm string) (bool, error) {
	return p.Superadmin || perm == readapi.PermViewCatalog, nil
}

type client struct {
	t        *testing.T
	base     string
	role     string
	lang     string
	position string
}

var appID = uuid.NewString()

func newServer(t *testing.T) *client {
	t.Helper()
	env := testenv.New(t)
	env.RunProjections(t, env.Runner(t, rmcatalog.Projectors()...))
	api, err := readapi.New(readapi.Deps{
		App: env.App, DB: env.DB, Auth: roleAuth{}, Tenants: roleAuth{}, Authz: roleAuth{},
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(),
		Ready: func(context.Context) error { return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	return &client{t: t, base: srv.URL, role: "superadmin", lang: "nl"}
}

type response struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    string
}

func (c *client) do(method, path string, body any, headers ...string) response {
	c.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		buf, _ := json.Marshal(b)
		rd = bytes.NewReader(buf)
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if c.role != "" {
		req.Header.Set("Authorization", "Bearer role:"+c.role)
	}
	req.Header.Set("ApplicationId", appID)
	req.Header.Set("Accept-Language", c.lang)
	if c.position != "" {
		req.Header.Set("X-Min-Position", c.position)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := response{Status: res.StatusCode, Header: res.Header, Raw: string(raw)}
	_ = json.Unmarshal(raw, &out.Body)
	if p := res.Header.Get("X-Event-Position"); p != "" {
		c.position = p
	}
	return out
}

func (c *client) want(r response, status int) response {
	c.t.Helper()
	if r.Status != status {
		c.t.Fatalf("want %d, got %d: %s", status, r.Status, r.Raw)
	}
	return r
}

func dig(v any, path ...string) any {
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[p]
	}
	return v
}

func names(r response) []string {
	var out []string
	for _, row := range r.Body["data"].([]any) {
		out = append(out, row.(map[string]any)["name"].(string))
	}
	return out
}
