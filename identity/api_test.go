package identity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"

	"move/audit"
	"move/commands"
	domainidentity "move/domain/identity"
	"move/domain/organization"
	"move/identity"
	"move/internal/testenv"
	"move/operations"
	"move/projections"
	"move/projections/readmodels"
	"move/readapi"
	"move/readapi/kernel"
)

const password = "correct horse battery"

// outbox is a Mailer that keeps what was sent.
type outbox struct {
	mu   sync.Mutex
	sent []identity.Mail
}

func (o *outbox) Send(_ context.Context, m identity.Mail) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, m)
	return nil
}

// token waits for a mail to `to` and answers the token in its link.
func (o *outbox) token(t *testing.T, to string) string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		o.mu.Lock()
		for _, m := range o.sent {
			if m.To == to {
				o.mu.Unlock()
				_, after, _ := strings.Cut(m.Body, "token=")
				return strings.Fields(after)[0]
			}
		}
		o.mu.Unlock()
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no mail to %s", to)
	return ""
}

// world is a real server on a fresh database with two applications and one user per
// role in application A.
type world struct {
	t      *testing.T
	env    *testenv.Env
	runner *projections.Runner
	svc    *identity.Service
	server *readapi.Server
	base   string
	mail   *outbox
	appA   string
	appB   string
	orgA   string
	users  map[string]string // role → e-mail
	grants map[string][]domainidentity.Grant
}

var roles = []string{"superadmin", "admin", "organization", "trainer", "customer", "anonymous"}

func newWorld(t *testing.T, cfg identity.Config) *world {
	t.Helper()
	// Cheap hashes for every user of the world and the service's own dummy: Argon2id at
	// its real cost was a third of this package's time (TestPasswordsAreHashedAtOWASPCost
	// checks that cost; a hash keeps its cost, so the logins behave alike).
	identity.CheapPasswords(t)
	env := testenv.New(t)
	runner := env.Runner(t, readmodels.All()...)
	env.RunProjections(t, runner)
	w := &world{t: t, env: env, runner: runner, mail: &outbox{}, users: map[string]string{}, grants: map[string][]domainidentity.Grant{}}
	svc, err := identity.New(env.DB, env.App, w.mail, testenv.Logger(t), time.Now, cfg)
	if err != nil {
		t.Fatal(err)
	}
	w.svc = svc
	guards := &kernel.Identity{Service: svc}
	console := &operations.Console{Store: env.Store, DB: env.DB, Projectors: runner.Projectors(), Parking: runner, Now: time.Now}
	api, err := readapi.New(kernel.Deps{App: env.App, DB: env.DB, Auth: guards, Tenants: guards, Authz: guards,
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(), Ready: console.Ready, Operations: console,
		Audit: &audit.Decoder{Registry: env.Registry, Vault: env.Vault}})
	if err != nil {
		t.Fatal(err)
	}
	w.server = api
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	w.base = srv.URL
	ctx := context.Background()
	if err := svc.EnsureDefaultPermissions(ctx); err != nil {
		t.Fatal(err)
	}
	for i, slug := range []string{"app-a", "app-b"} {
		res, err := env.App.CreateApplication(ctx, commands.Meta{}, domainidentity.ApplicationSettings{Name: "App " + slug, Slug: slug})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			w.appA = res.ID
		} else {
			w.appB = res.ID
		}
	}
	w.orgA = w.approvedOrganization(w.appA, "Organisatie A")
	for _, role := range roles[:5] {
		email := role + "@example.test"
		var g *domainidentity.Grant
		switch role {
		case "superadmin":
			g = &domainidentity.Grant{Role: role}
		case "admin":
			g = &domainidentity.Grant{Role: role, ApplicationID: w.appA}
		case "organization", "trainer":
			g = &domainidentity.Grant{Role: role, ApplicationID: w.appA, OrganizationID: w.orgA}
		}
		if _, err := svc.CreateUser(ctx, commands.Meta{}, identity.NewUser{Email: email, FirstName: "F", LastName: role, Password: password, Grant: g}); err != nil {
			t.Fatal(err)
		}
		w.users[role] = email
		if g != nil {
			w.grants[role] = []domainidentity.Grant{*g}
		}
	}
	w.eventually("the read model caught up", func(tx pgx.Tx) bool {
		var n int
		_ = tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM readmodel.identity_memberships) + (SELECT count(*) FROM readmodel.identity_users WHERE superadmin)
			+ (SELECT count(*) FROM readmodel.identity_applications) + least(1, (SELECT count(*) FROM readmodel.identity_permissions))`).Scan(&n)
		return n == 3+1+2+1
	})
	return w
}

// eventually polls the database (as its owner) until ok.
func (w *world) eventually(what string, ok func(pgx.Tx) bool) {
	w.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var done bool
		_ = pgx.BeginFunc(context.Background(), w.env.DB, func(tx pgx.Tx) error { done = ok(tx); return nil })
		if done {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	w.t.Fatalf("timed out waiting until %s", what)
}

type answer struct {
	Status int
	Header http.Header
	Body   map[string]any
}

func (w *world) call(method, path, token, app string, body any) answer {
	w.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, w.base+path, rd)
	req.Header.Set("Accept-Language", "en")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if app != "" {
		req.Header.Set("ApplicationId", app)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer res.Body.Close()
	a := answer{Status: res.StatusCode, Header: res.Header}
	raw, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(raw, &a.Body)
	return a
}

// login answers the access and refresh tokens.
func (w *world) login(email, pw string) (string, string) {
	w.t.Helper()
	a := w.call("POST", "/v1/auth/login", "", "", map[string]string{"email": email, "password": pw})
	if a.Status != http.StatusOK {
		w.t.Fatalf("login %s: %d %v", email, a.Status, a.Body)
	}
	tok := a.Body["api_token"].(map[string]any)
	return tok["token"].(string), tok["refresh_token"].(string)
}

func message(a answer) string {
	errs, _ := a.Body["errors"].(map[string]any)
	m, _ := errs["message"].(string)
	return m
}

// approvedOrganization creates an approved organisation in app (invites name one).
func (w *world) approvedOrganization(app, name string) string {
	w.t.Helper()
	ctx := context.Background()
	created, err := w.env.App.CreateOrganization(ctx, commands.Meta{ApplicationID: app}, organization.Profile{Name: name})
	if err != nil {
		w.t.Fatal(err)
	}
	if _, err := w.env.App.ApproveOrganization(ctx, commands.Meta{ApplicationID: app, OrganizationID: created.ID}, created.ID); err != nil {
		w.t.Fatal(err)
	}
	return created.ID
}
