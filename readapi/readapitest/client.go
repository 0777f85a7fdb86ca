package readapitest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"move/internal/testenv"
	rmcatalog "move/projections/catalog"
	rmidentity "move/projections/identity"
	"move/readapi"
	"move/readapi/kernel"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
)

func (c *Client) UploadCSV(path, file string, fields ...string) Response {
	c.T.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", "organizations.csv")
	_, _ = fw.Write([]byte(file))
	for i := 0; i+1 < len(fields); i += 2 {
		_ = mw.WriteField(fields[i], fields[i+1])
	}
	_ = mw.Close()
	return c.Do("POST", path, buf.String(), "Content-Type", mw.FormDataContentType())
}

func Total(r Response) int { return int(Dig(r.Body, "meta", "pagination", "total").(float64)) }

// Upload posts a multipart form: the file part and other fields.
func (c *Client) Upload(filename string, data []byte, fields map[string]string, headers ...string) Response {
	c.T.Helper()
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
	return c.Do("POST", "/v1/admin/files/upload", buf.String(), append([]string{"Content-Type", mw.FormDataContentType()}, headers...)...)
}

// Public fetches without credentials, as an <img> tag does.
func (c *Client) Public(path string, headers ...string) (*http.Response, []byte) {
	c.T.Helper()
	req, _ := http.NewRequest("GET", c.Base+path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.T.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

// RoleAuth stands in for identity in these tests of the HTTP layer: "Bearer role:<r>".
// Identity's own tests run the real authenticator through the same chain.
type RoleAuth struct{}

func (RoleAuth) Authenticate(r *http.Request) (kernel.Principal, error) {
	role, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer role:")
	if !ok {
		return kernel.Principal{}, kernel.ErrUnauthenticated
	}
	return kernel.Principal{UserID: role, Superadmin: role == "superadmin"}, nil
}

func (RoleAuth) Resolve(_ context.Context, _ kernel.Principal, app string) (kernel.Tenant, error) {
	if _, err := uuid.Parse(app); err != nil {
		return kernel.Tenant{}, kernel.ErrUnknownApplication
	}
	return kernel.Tenant{ApplicationID: app}, nil
}

func (RoleAuth) Allowed(_ context.Context, p kernel.Principal, _ kernel.Tenant, _, perm string) (bool, error) {
	return p.Superadmin || perm == kernel.PermViewCatalog, nil
}

type Client struct {
	T        *testing.T
	Base     string
	Role     string
	Lang     string
	Position string
}

var AppID = uuid.NewString()

func NewServer(t *testing.T) *Client {
	t.Helper()
	env := testenv.New(t)
	// The guard reads the identity read model, so a request after a write waits for it
	// (decision 1330): without its projector each such request waited out ReadWait.
	env.RunProjections(t, env.Runner(t, append(rmcatalog.Projectors(), rmidentity.Projector())...))
	api, err := readapi.New(kernel.Deps{
		App: env.App, DB: env.DB, Auth: RoleAuth{}, Tenants: RoleAuth{}, Authz: RoleAuth{},
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(),
		Ready: func(context.Context) error { return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	return &Client{T: t, Base: srv.URL, Role: "superadmin", Lang: "nl"}
}

type Response struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    string
}

func (c *Client) Do(method, path string, body any, headers ...string) Response {
	c.T.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		buf, _ := json.Marshal(b)
		rd = bytes.NewReader(buf)
	}
	req, _ := http.NewRequest(method, c.Base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if c.Role != "" {
		req.Header.Set("Authorization", "Bearer role:"+c.Role)
	}
	req.Header.Set("ApplicationId", AppID)
	req.Header.Set("Accept-Language", c.Lang)
	if c.Position != "" {
		req.Header.Set("X-Min-Position", c.Position)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.T.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := Response{Status: res.StatusCode, Header: res.Header, Raw: string(raw)}
	_ = json.Unmarshal(raw, &out.Body)
	if p := res.Header.Get("X-Event-Position"); p != "" {
		c.Position = p
	}
	return out
}

func (c *Client) Want(r Response, status int) Response {
	c.T.Helper()
	if r.Status != status {
		c.T.Fatalf("want %d, got %d: %s", status, r.Status, r.Raw)
	}
	return r
}

func Dig(v any, path ...string) any {
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[p]
	}
	return v
}

func Names(r Response) []string {
	var out []string
	for _, row := range r.Body["data"].([]any) {
		out = append(out, row.(map[string]any)["name"].(string))
	}
	return out
}
