package readapi_test

import (
	"context"
	"move/commands"
	"move/domain/activity"
	"move/domain/finance"
	domainidentity "move/domain/identity"
	"move/domain/organization"
	domainorg "move/domain/organization"
	"move/domain/series"
	"move/eventstore"
	"move/files"
	"move/identity"
	"move/internal/testenv"
	"move/projections"
	"move/projections/readmodels"
	"move/readapi"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
)

// walletWorld is a real server on a fresh database with identity's real tenant and
// permission checks (the default matrix), two applications and users by role. Tokens
// are stood in for ("Bearer user:<id>"): identity's own tests run the token path, and
// hashing a password per user would only slow these down.
type walletWorld struct {
	t      *testing.T
	env    *testenv.Env
	base   string
	appA   string
	appB   string
	orgA   string
	admin  string // admin of A
	adminB string // admin of B
	users  map[string]string
	// last is the latest position a command of the test answered: settle waits for it
	// (the store's head may lag behind while another test's transaction is open).
	last    eventstore.Position
	callers []*caller
	mu      sync.Mutex
	mails   *mailbox
}

type userAuth struct{ *readapi.Identity }

func (userAuth) Authenticate(r *http.Request) (readapi.Principal, error) {
	if id, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer superadmin:"); ok {
		return readapi.Principal{UserID: id, Superadmin: true}, nil
	}
	id, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer user:")
	if !ok {
		return readapi.Principal{}, readapi.ErrUnauthenticated
	}
	return readapi.Principal{UserID: id}, nil
}

type noMail struct{}

func (noMail) Send(context.Context, identity.Mail) error { return nil }

// mailbox keeps the mail the server sent.
type mailbox struct {
	mu   sync.Mutex
	sent []identity.Mail
}

func (m *mailbox) Send(_ context.Context, mail identity.Mail) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, mail)
	return nil
}

func newWalletWorld(t *testing.T, limit identity.Limit) *walletWorld {
	t.Helper()
	env := testenv.New(t)
	env.RunProjections(t, env.Runner(t, readmodels.All()...))
	svc, err := identity.New(env.DB, env.App, noMail{}, testenv.Logger(t), time.Now, identity.Config{})
	if err != nil {
		t.Fatal(err)
	}
	guards := userAuth{&readapi.Identity{Service: svc}}
	mails := &mailbox{}
	blobs, err := files.NewLocalStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fileService, err := files.New(env.DB, blobs, nil, files.Config{}, testenv.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	api, err := readapi.New(readapi.Deps{App: env.App, DB: env.DB, Auth: guards, Tenants: guards, Authz: guards,
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(), Ready: func(context.Context) error { return nil },
		RedeemLimit: limit, Files: fileService, Mail: mails, QRSecret: []byte("a test key for QR codes, 32 bytes or more"),
		Finance: readapi.FinanceSettings{Debtor: finance.Debtor{Name: "Move Platform B.V.", IBAN: "NL91ABNA0417164300"},
			Issuer: finance.Issuer{Name: "Move Platform B.V.", Address: "Stationsplein 1, Utrecht", KVK: "12345678", VATNumber: "NL001234567B01"}},
		WebhookSecret: testWebhookSecret})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	w := &walletWorld{t: t, env: env, base: srv.URL, orgA: uuid.NewString(), users: map[string]string{}, mails: mails}
	ctx := context.Background()
	if err := svc.EnsureDefaultPermissions(ctx); err != nil {
		t.Fatal(err)
	}
	// The wallet permissions are the admin's by default (0101); granted here as well so
	// these tests do not depend on when the defaults were seeded.
	for _, p := range []string{readapi.PermViewWallets, readapi.PermManageWallets, readapi.PermRedeemCoupons} {
		res, err := env.App.GrantPermission(ctx, commands.Meta{}, domainidentity.Rule{Role: domainidentity.RoleAdmin, Permission: p})
		if err != nil {
			t.Fatal(err)
		}
		w.saw(res.Position)
	}
	for i, slug := range []string{"app-a", "app-b"} {
		res, err := env.App.CreateApplication(ctx, commands.Meta{}, domainidentity.ApplicationSettings{Name: "App " + slug, Slug: slug})
		if err != nil {
			t.Fatal(err)
		}
		w.saw(res.Position)
		if i == 0 {
			w.appA = res.ID
		} else {
			w.appB = res.ID
		}
	}
	w.admin = w.user("Ada", "Admin", &domainidentity.Grant{Role: domainidentity.RoleAdmin, ApplicationID: w.appA})
	w.adminB = w.user("Bert", "Admin", &domainidentity.Grant{Role: domainidentity.RoleAdmin, ApplicationID: w.appB})
	w.users["organization"] = w.user("Olga", "Org", &domainidentity.Grant{Role: domainidentity.RoleOrganization, ApplicationID: w.appA, OrganizationID: w.orgA})
	w.users["trainer"] = w.user("Tom", "Trainer", &domainidentity.Grant{Role: domainidentity.RoleTrainer, ApplicationID: w.appA, OrganizationID: w.orgA})
	w.users["customer"] = w.customer("Carla", "Klant", w.appA)
	w.settle()
	return w
}

// user registers a user with personal data and a role, as identity.CreateUser does
// (without a password).
func (w *walletWorld) user(first, last string, g *domainidentity.Grant) string {
	w.t.Helper()
	ctx := context.Background()
	id := uuid.NewString()
	email := strings.ToLower(first+"."+last) + "." + id[:8] + "@example.test"
	if _, err := w.env.App.RegisterUser(ctx, commands.Meta{}, id, email); err != nil {
		w.t.Fatal(err)
	}
	if _, err := w.env.DB.Exec(ctx, `INSERT INTO identity_personal_data (subject_id, email, email_key, first_name, last_name, is_user)
		VALUES ($1, $2, $2, $3, $4, true)`, id, email, first, last); err != nil {
		w.t.Fatal(err)
	}
	if g != nil {
		res, err := w.env.App.GrantRole(ctx, commands.Meta{}, id, *g)
		if err != nil {
			w.t.Fatal(err)
		}
		w.saw(res.Position)
	}
	return id
}

func (w *walletWorld) customer(first, last, app string) string {
	return w.user(first, last, &domainidentity.Grant{Role: domainidentity.RoleCustomer, ApplicationID: app})
}

func (w *walletWorld) saw(p eventstore.Position) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.last.Less(p) {
		w.last = p
	}
}

// settle waits until every read model has passed every write of the test so far.
func (w *walletWorld) settle() {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, k := range w.callers {
		if p, err := eventstore.ParsePosition(k.c.position); err == nil {
			w.saw(p)
		}
	}
	head, err := w.env.Store.Head(ctx)
	if err != nil {
		w.t.Fatal(err)
	}
	w.saw(head)
	// The last stored event too: the head stops short of events that other tests' open
	// transactions on the cluster keep behind the horizon (writes made beside the
	// callers, such as the raw requests of the concurrency tests, are not in w.callers).
	var last eventstore.Position
	if err := w.env.DB.QueryRow(ctx, `SELECT commit_key, position FROM eventstore_events ORDER BY commit_key DESC, position DESC LIMIT 1`).
		Scan(&last.Commit, &last.Prepare); err != nil {
		w.t.Fatal(err)
	}
	w.saw(last)
	head = w.last
	var names []string
	for _, p := range readmodels.All() {
		names = append(names, p.Name())
	}
	if err := projections.WaitFor(ctx, w.env.DB, names, head); err != nil {
		w.t.Fatal(err)
	}
}

// as is a client acting as user in app; its language is nl unless set.
func (w *walletWorld) as(user, app string) *caller {
	k := &caller{c: &client{t: w.t, base: w.base, lang: "nl"}, user: user, app: app}
	w.callers = append(w.callers, k)
	return k
}

type caller struct {
	c    *client
	user string
	app  string
}

func (k *caller) do(method, path string, body any, headers ...string) response {
	k.c.t.Helper()
	return k.c.do(method, path, body, append([]string{"Authorization", "Bearer user:" + k.user, "ApplicationId", k.app}, headers...)...)
}

func (k *caller) want(method, path string, body any, status int, headers ...string) response {
	k.c.t.Helper()
	return k.c.want(k.do(method, path, body, headers...), status)
}

func (k *caller) en() *caller { k.c.lang = "en"; return k }

func message(r response) string { s, _ := dig(r.Body, "errors", "message").(string); return s }

func field(r response, f string) string {
	s, _ := dig(r.Body, "errors", "fields", f).(string)
	return s
}

func rows(r response) []any { d, _ := r.Body["data"].([]any); return d }

// walletBody is a valid wallet form.
func walletBody(name, slug string) map[string]any {
	return map[string]any{"name": name, "slug": slug, "icon_id": nil, "included_labels": []string{}, "excluded_labels": []string{},
		"price_display_mode": "both", "can_top_up": true, "can_top_up_once": false}
}

// newWallet creates a wallet and answers its id.
func (k *caller) newWallet(name, slug string, change func(map[string]any)) string {
	k.c.t.Helper()
	body := walletBody(name, slug)
	if change != nil {
		change(body)
	}
	return dig(k.want("POST", "/v1/admin/wallets", body, 201).Body, "data", "id").(string)
}

// generate makes a batch and answers its id and its codes (from the coupon list).
func (k *caller) generate(walletID string, body map[string]any) (string, []string) {
	k.c.t.Helper()
	res := k.want("POST", "/v1/admin/wallets/"+walletID+"/coupons", body, 201)
	batch := dig(res.Body, "data", "id").(string)
	list := k.want("GET", "/v1/admin/wallets/"+walletID+"/coupons?itemsPerPage=1000&sort=code&batch_id="+batch, nil, 200)
	var codes []string
	for _, row := range rows(list) {
		codes = append(codes, dig(row, "code").(string))
	}
	return batch, codes
}

// redeemer redeems as a customer through the consumer route.
func redeemIn(k *caller, walletID, code string) response {
	k.c.t.Helper()
	return k.do("POST", "/v1/wallets/"+walletID+"/redeem", map[string]any{"code": code})
}

// organization creates an organisation with id in app.
func (w *walletWorld) organization(app, id, name string) {
	w.t.Helper()
	res, err := w.env.App.CreateOrganization(context.Background(), commands.Meta{ApplicationID: app, OrganizationID: id},
		organization.Profile{Name: name})
	if err != nil {
		w.t.Fatal(err)
	}
	w.saw(res.Position)
}

// bookable makes an organisation of app (orgA for appA), an activity with settings and
// questions, and one session next week with spots; it answers the session's id.
func (w *walletWorld) bookable(app, org string, spots int, settings activity.Settings, questions []activity.Question) string {
	w.t.Helper()
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: app, OrganizationID: org}
	if _, made := organizations.LoadOrStore(app+"/"+org, true); !made {
		if _, err := w.env.App.CreateOrganization(ctx, meta, domainorg.Profile{Name: "Studio " + org[:6]}); err != nil {
			w.t.Fatal(err)
		}
	}
	meta.OrganizationID = ""
	act, err := w.env.App.CreateActivity(ctx, meta, org, activity.TypeSession, activity.Details{Name: "Yoga"}, settings)
	if err != nil {
		w.t.Fatal(err)
	}
	if len(questions) > 0 {
		if _, err := w.env.App.ChangeActivityQuestions(ctx, meta, act.ID, questions); err != nil {
			w.t.Fatal(err)
		}
	}
	day := time.Now().AddDate(0, 0, 7).Format(time.DateOnly)
	res, err := w.env.App.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: day, StartTime: "19:00", EndTime: "20:00", Spots: spots}})
	if err != nil {
		w.t.Fatal(err)
	}
	w.saw(res.Position)
	return series.SessionID(res.ID, day)
}
