package files_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"move/commands"
	domainidentity "move/domain/identity"
	"move/domain/organization"
	"move/files"
	"move/identity"
	"move/internal/testenv"
	"move/projections/readmodels"
	"move/readapi"
	"move/readapi/kernel"
	"move/readapi/readapitest"
)

// Staff upload; a customer may not (403). A private file is read by its uploader, the
// application's admins and superadmins; to another organisation's staff it does not
// exist (404). A public file is every member's (decision 1334).
func TestWhoUploadsAndReadsPrivateFiles(t *testing.T) {
	env := testenv.New(t)
	env.RunProjections(t, env.Runner(t, readmodels.All()...))
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
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(), Ready: func(context.Context) error { return nil }, ReadWait: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	ctx := context.Background()
	if err := svc.EnsureDefaultPermissions(ctx); err != nil {
		t.Fatal(err)
	}
	app, err := env.App.CreateApplication(ctx, commands.Meta{}, domainidentity.ApplicationSettings{Name: "App", Slug: "app"})
	if err != nil {
		t.Fatal(err)
	}
	org := func(name string) string {
		o, err := env.App.CreateOrganization(ctx, commands.Meta{ApplicationID: app.ID}, organization.Profile{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		return o.ID
	}
	orgX, orgY := org("Club X"), org("Club Y")
	const pw = "a long enough password"
	login := func(email string, g domainidentity.Grant) string {
		if _, err := svc.CreateUser(ctx, commands.Meta{}, identity.NewUser{Email: email, FirstName: "F", LastName: "L", Password: pw, Grant: &g}); err != nil {
			t.Fatal(err)
		}
		s, err := svc.Login(ctx, email, pw, "10.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		return s.APIToken.Token
	}
	super := login("super@example.test", domainidentity.Grant{Role: domainidentity.RoleSuperadmin})
	admin := login("admin@example.test", domainidentity.Grant{Role: domainidentity.RoleAdmin, ApplicationID: app.ID})
	staffX := login("x@example.test", domainidentity.Grant{Role: domainidentity.RoleOrganization, ApplicationID: app.ID, OrganizationID: orgX})
	staffY := login("y@example.test", domainidentity.Grant{Role: domainidentity.RoleOrganization, ApplicationID: app.ID, OrganizationID: orgY})
	customer := login("klant@example.test", domainidentity.Grant{Role: domainidentity.RoleCustomer, ApplicationID: app.ID})

	send := func(method, path, token string, body io.Reader, contentType string) (int, map[string]any) {
		req, _ := http.NewRequest(method, srv.URL+path, body)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("ApplicationId", app.ID)
		req.Header.Set("Accept-Language", "en")
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(res.Body).Decode(&out)
		return res.StatusCode, out
	}
	upload := func(token, visibility string) (int, string) {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		fw, _ := mw.CreateFormFile("file", "doc.png")
		_, _ = fw.Write(readapitest.TestPNG(300, 300, false))
		_ = mw.WriteField("visibility", visibility)
		_ = mw.Close()
		status, body := send("POST", "/v1/admin/files/upload", token, &buf, mw.FormDataContentType())
		id, _ := readapitest.Dig(body, "data", "token").(string)
		return status, id
	}
	if status, _ := upload(customer, "public"); status != http.StatusForbidden {
		t.Fatalf("a customer uploads: %d", status)
	}
	status, private := upload(staffX, "private")
	if status != http.StatusCreated {
		t.Fatalf("staff upload a private file: %d", status)
	}
	_, public := upload(staffX, "public")
	for who, c := range map[string]struct {
		token string
		want  int
	}{"the uploader": {staffX, 200}, "the admin": {admin, 200}, "a superadmin": {super, 200}, "another organisation's staff": {staffY, 404}, "a customer": {customer, 404}} {
		for _, path := range []string{"/v1/admin/files/" + private, "/v1/admin/files/" + private + "/content/thumbnail"} {
			if status, _ := send("GET", path, c.token, nil, ""); status != c.want {
				t.Errorf("%s reads %s: %d, want %d", who, path, status, c.want)
			}
		}
	}
	if status, _ := send("GET", "/v1/admin/files/"+public, staffY, nil, ""); status != http.StatusOK {
		t.Errorf("another organisation's staff reads a public file: %d", status)
	}
}
