package readapitest

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
	"move/readapi/kernel"
	"move/readapi/wallets"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
)

// WalletWorld is a real server on a fresh database with identity's real tenant and
// permission checks (the default matrix), two applications and users by role. Tokens
// are stood in for ("Bearer user:<id>"): identity's own tests run the token path, and
// hashing a password per user would only slow these down.
type WalletWorld struct {
	T      *testing.T
	Env    *testenv.Env
	Base   string
	AppA   string
	AppB   string
	OrgA   string
	Admin  string // admin of A
	AdminB string // admin of B
	Users  map[string]string
	// last is the latest position a command of the test answered: settle waits for it
	// (the store's head may lag behind while another test's transaction is open).
	last    eventstore.Position
	callers []*Caller
	mu      sync.Mutex
	Mails   *Mailbox
}

type UserAuth struct{ *kernel.Identity }

func (UserAuth) Authenticate(r *http.Request) (kernel.Principal, error) {
	if id, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer superadmin:"); ok {
		return kernel.Principal{UserID: id, Superadmin: true}, nil
	}
	id, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer user:")
	if !ok {
		return kernel.Principal{}, kernel.ErrUnauthenticated
	}
	return kernel.Principal{UserID: id}, nil
}

type NoMail struct{}

func (NoMail) Send(context.Context, identity.Mail) error { return nil }

// Mailbox keeps the mail the server sent.
type Mailbox struct {
	Mu   sync.Mutex
	Sent []identity.Mail
}

func (m *Mailbox) Send(_ context.Context, mail identity.Mail) error {
	m.Mu.Lock()
	defer m.Mu.Unlock()
	m.Sent = append(m.Sent, mail)
	return nil
}

func NewWalletWorld(t *testing.T, limit identity.Limit) *WalletWorld {
	t.Helper()
	env := testenv.New(t)
	env.RunProjections(t, env.Runner(t, readmodels.All()...))
	svc, err := identity.New(env.DB, env.App, NoMail{}, testenv.Logger(t), time.Now, identity.Config{})
	if err != nil {
		t.Fatal(err)
	}
	guards := UserAuth{&kernel.Identity{Service: svc}}
	mails := &Mailbox{}
	blobs, err := files.NewLocalStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fileService, err := files.New(env.DB, blobs, nil, files.Config{}, testenv.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	api, err := readapi.New(kernel.Deps{App: env.App, DB: env.DB, Auth: guards, Tenants: guards, Authz: guards,
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(), Ready: func(context.Context) error { return nil },
		RedeemLimit: limit, Files: fileService, Mail: mails, QRSecret: []byte("a test key for QR codes, 32 bytes or more"),
		Finance: kernel.FinanceSettings{Debtor: finance.Debtor{Name: "Move Platform B.V.", IBAN: "NL91ABNA0417164300"},
			Issuer: finance.Issuer{Name: "Move Platform B.V.", Address: "Stationsplein 1, Utrecht", KVK: "12345678", VATNumber: "NL001234567B01"}},
		WebhookSecret: testWebhookSecret})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	w := &WalletWorld{T: t, Env: env, Base: srv.URL, OrgA: uuid.NewString(), Users: map[string]string{}, Mails: mails}
	ctx := context.Background()
	if err := svc.EnsureDefaultPermissions(ctx); err != nil {
		t.Fatal(err)
	}
	// The wallet permissions are the admin's by default (0101); granted here as well so
	// these tests do not depend on when the defaults were seeded.
	for _, p := range []string{kernel.PermViewWallets, wallets.PermManageWallets, wallets.PermRedeemCoupons} {
		res, err := env.App.GrantPermission(ctx, commands.Meta{}, domainidentity.Rule{Role: domainidentity.RoleAdmin, Permission: p})
		if err != nil {
			t.Fatal(err)
		}
		w.Saw(res.Position)
	}
	for i, slug := range []string{"app-a", "app-b"} {
		res, err := env.App.CreateApplication(ctx, commands.Meta{}, domainidentity.ApplicationSettings{Name: "App " + slug, Slug: slug})
		if err != nil {
			t.Fatal(err)
		}
		w.Saw(res.Position)
		if i == 0 {
			w.AppA = res.ID
		} else {
			w.AppB = res.ID
		}
	}
	w.Admin = w.User("Ada", "Admin", &domainidentity.Grant{Role: domainidentity.RoleAdmin, ApplicationID: w.AppA})
	w.AdminB = w.User("Bert", "Admin", &domainidentity.Grant{Role: domainidentity.RoleAdmin, ApplicationID: w.AppB})
	w.Users["organization"] = w.User("Olga", "Org", &domainidentity.Grant{Role: domainidentity.RoleOrganization, ApplicationID: w.AppA, OrganizationID: w.OrgA})
	w.Users["trainer"] = w.User("Tom", "Trainer", &domainidentity.Grant{Role: domainidentity.RoleTrainer, ApplicationID: w.AppA, OrganizationID: w.OrgA})
	w.Users["customer"] = w.Customer("Carla", "Klant", w.AppA)
	w.Settle()
	return w
}

// User registers a user with personal data and a role, as identity.CreateUser does
// (without a password).
func (w *WalletWorld) User(first, last string, g *domainidentity.Grant) string {
	w.T.Helper()
	ctx := context.Background()
	id := uuid.NewString()
	email := strings.ToLower(first+"."+last) + "." + id[:8] + "@example.test"
	if _, err := w.Env.App.RegisterUser(ctx, commands.Meta{}, id, email); err != nil {
		w.T.Fatal(err)
	}
	if _, err := w.Env.DB.Exec(ctx, `INSERT INTO identity_personal_data (subject_id, email, email_key, first_name, last_name, is_user)
		VALUES ($1, $2, $2, $3, $4, true)`, id, email, first, last); err != nil {
		w.T.Fatal(err)
	}
	if g != nil {
		res, err := w.Env.App.GrantRole(ctx, commands.Meta{}, id, *g)
		if err != nil {
			w.T.Fatal(err)
		}
		w.Saw(res.Position)
	}
	return id
}

func (w *WalletWorld) Customer(first, last, app string) string {
	return w.User(first, last, &domainidentity.Grant{Role: domainidentity.RoleCustomer, ApplicationID: app})
}

func (w *WalletWorld) Saw(p eventstore.Position) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.last.Less(p) {
		w.last = p
	}
}

// Settle waits until every read model has passed every write of the test so far.
func (w *WalletWorld) Settle() {
	w.T.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, k := range w.callers {
		if p, err := eventstore.ParsePosition(k.C.Position); err == nil {
			w.Saw(p)
		}
	}
	head, err := w.Env.Store.Head(ctx)
	if err != nil {
		w.T.Fatal(err)
	}
	w.Saw(head)
	// The last stored event too: the head stops short of events that other tests' open
	// transactions on the cluster keep behind the horizon (writes made beside the
	// callers, such as the raw requests of the concurrency tests, are not in w.callers).
	var last eventstore.Position
	if err := w.Env.DB.QueryRow(ctx, `SELECT commit_key, position FROM eventstore_events ORDER BY commit_key DESC, position DESC LIMIT 1`).
		Scan(&last.Commit, &last.Prepare); err != nil {
		w.T.Fatal(err)
	}
	w.Saw(last)
	head = w.last
	var names []string
	for _, p := range readmodels.All() {
		names = append(names, p.Name())
	}
	if err := projections.WaitFor(ctx, w.Env.DB, names, head); err != nil {
		w.T.Fatal(err)
	}
}

// As is a client acting as user in app; its language is nl unless set.
func (w *WalletWorld) As(user, app string) *Caller {
	k := &Caller{C: &Client{T: w.T, Base: w.Base, Lang: "nl"}, User: user, app: app}
	w.callers = append(w.callers, k)
	return k
}

type Caller struct {
	C    *Client
	User string
	app  string
}

func (k *Caller) Do(method, path string, body any, headers ...string) Response {
	k.C.T.Helper()
	return k.C.Do(method, path, body, append([]string{"Authorization", "Bearer user:" + k.User, "ApplicationId", k.app}, headers...)...)
}

func (k *Caller) Want(method, path string, body any, status int, headers ...string) Response {
	k.C.T.Helper()
	return k.C.Want(k.Do(method, path, body, headers...), status)
}

func (k *Caller) En() *Caller { k.C.Lang = "en"; return k }

func Message(r Response) string { s, _ := Dig(r.Body, "errors", "message").(string); return s }

func Field(r Response, f string) string {
	s, _ := Dig(r.Body, "errors", "fields", f).(string)
	return s
}

func Rows(r Response) []any { d, _ := r.Body["data"].([]any); return d }

// WalletBody is a valid wallet form.
func WalletBody(name, slug string) map[string]any {
	return map[string]any{"name": name, "slug": slug, "icon_id": nil, "included_labels": []string{}, "excluded_labels": []string{},
		"price_display_mode": "both", "can_top_up": true, "can_top_up_once": false}
}

// NewWallet creates a wallet and answers its id.
func (k *Caller) NewWallet(name, slug string, change func(map[string]any)) string {
	k.C.T.Helper()
	body := WalletBody(name, slug)
	if change != nil {
		change(body)
	}
	return Dig(k.Want("POST", "/v1/admin/wallets", body, 201).Body, "data", "id").(string)
}

// Generate makes a batch and answers its id and its codes (from the coupon list).
func (k *Caller) Generate(walletID string, body map[string]any) (string, []string) {
	k.C.T.Helper()
	res := k.Want("POST", "/v1/admin/wallets/"+walletID+"/coupons", body, 201)
	batch := Dig(res.Body, "data", "id").(string)
	list := k.Want("GET", "/v1/admin/wallets/"+walletID+"/coupons?itemsPerPage=1000&sort=code&batch_id="+batch, nil, 200)
	var codes []string
	for _, row := range Rows(list) {
		codes = append(codes, Dig(row, "code").(string))
	}
	return batch, codes
}

// redeemer redeems as a customer through the consumer route.
func RedeemIn(k *Caller, walletID, code string) Response {
	k.C.T.Helper()
	return k.Do("POST", "/v1/wallets/"+walletID+"/redeem", map[string]any{"code": code})
}

// organization creates an organisation with id in app.
func (w *WalletWorld) organization(app, id, name string) {
	w.T.Helper()
	res, err := w.Env.App.CreateOrganization(context.Background(), commands.Meta{ApplicationID: app, OrganizationID: id},
		organization.Profile{Name: name})
	if err != nil {
		w.T.Fatal(err)
	}
	w.Saw(res.Position)
}

// Bookable makes an organisation of app (orgA for appA), an activity with settings and
// questions, and one session next week with spots; it answers the session's id. The
// week counts from Amsterdam's today, the session's own zone: from the UTC date the
// session fell within the dashboard's 7 days between midnight in Amsterdam and in UTC.
func (w *WalletWorld) Bookable(app, org string, spots int, settings activity.Settings, questions []activity.Question) string {
	w.T.Helper()
	nextWeek := time.Now().In(Amsterdam(w.T)).AddDate(0, 0, 7).Format(time.DateOnly)
	return w.BookableOn(nextWeek, app, org, spots, settings, questions)
}

// BookableOn is Bookable with a session on day (YYYY-MM-DD, 19:00–20:00 Amsterdam time).
func (w *WalletWorld) BookableOn(day, app, org string, spots int, settings activity.Settings, questions []activity.Question) string {
	w.T.Helper()
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: app, OrganizationID: org}
	if _, made := Organizations.LoadOrStore(app+"/"+org, true); !made {
		if _, err := w.Env.App.CreateOrganization(ctx, meta, domainorg.Profile{Name: "Studio " + org[:6]}); err != nil {
			w.T.Fatal(err)
		}
		if _, err := w.Env.App.ApproveOrganization(ctx, meta, org); err != nil { // customers book only what the offer shows
			w.T.Fatal(err)
		}
	}
	meta.OrganizationID = ""
	act, err := w.Env.App.CreateActivity(ctx, meta, org, activity.TypeSession, activity.Details{Name: "Yoga"}, settings)
	if err != nil {
		w.T.Fatal(err)
	}
	if len(questions) > 0 {
		if _, err := w.Env.App.ChangeActivityQuestions(ctx, meta, act.ID, questions); err != nil {
			w.T.Fatal(err)
		}
	}
	res, err := w.Env.App.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: day, StartTime: "19:00", EndTime: "20:00", Spots: spots}})
	if err != nil {
		w.T.Fatal(err)
	}
	w.Saw(res.Position)
	return series.SessionID(res.ID, day)
}
