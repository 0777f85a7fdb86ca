package identity_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"move/commands"
	domainidentity "move/domain/identity"
	"move/identity"
	"move/internal/testenv"
)

func TestLoginRefreshReuseAndLogout(t *testing.T) {
	w := newWorld(t, identity.Config{})
	a := w.call("POST", "/v1/auth/login", "", "", map[string]string{"email": "ADMIN@example.test ", "password": password})
	if a.Status != http.StatusOK {
		t.Fatalf("login: %d %v", a.Status, a.Body)
	}
	user := a.Body["user"].(map[string]any)
	apps := user["applications"].([]any)
	if user["email"] != "admin@example.test" || len(apps) != 1 || apps[0].(map[string]any)["id"] != w.appA {
		t.Fatalf("user %v", user)
	}
	tok := a.Body["api_token"].(map[string]any)
	access, refresh := tok["token"].(string), tok["refresh_token"].(string)
	if exp, _ := time.Parse(time.RFC3339, tok["expires_at"].(string)); time.Until(exp) > 15*time.Minute+time.Second {
		t.Fatalf("access token lives until %v", exp)
	}

	wrong := w.call("POST", "/v1/auth/login", "", "", map[string]string{"email": "admin@example.test", "password": "not the password"})
	unknown := w.call("POST", "/v1/auth/login", "", "", map[string]string{"email": "nobody@example.test", "password": password})
	if wrong.Status != 422 || unknown.Status != 422 || message(wrong) != message(unknown) || message(wrong) != "These credentials do not match our records" {
		t.Fatalf("wrong password %d %q, unknown address %d %q", wrong.Status, message(wrong), unknown.Status, message(unknown))
	}

	if p := w.call("GET", "/v1/admin/profile", access, w.appA, nil); p.Status != 200 {
		t.Fatalf("profile: %d %v", p.Status, p.Body)
	}
	r1 := w.call("POST", "/v1/token/refresh", "", "", map[string]string{"refresh_token": refresh})
	if r1.Status != 200 {
		t.Fatalf("refresh: %d %v", r1.Status, r1.Body)
	}
	tok1 := r1.Body["api_token"].(map[string]any)
	access1, refresh1 := tok1["token"].(string), tok1["refresh_token"].(string)
	if refresh1 == refresh || access1 == access {
		t.Fatal("refresh did not rotate")
	}
	// The old refresh token again: reuse revokes the whole family.
	if r := w.call("POST", "/v1/token/refresh", "", "", map[string]string{"refresh_token": refresh}); r.Status != 401 {
		t.Fatalf("reused refresh token: %d", r.Status)
	}
	if r := w.call("POST", "/v1/token/refresh", "", "", map[string]string{"refresh_token": refresh1}); r.Status != 401 {
		t.Fatalf("the family's newest refresh token after reuse: %d", r.Status)
	}
	if p := w.call("GET", "/v1/admin/profile", access1, w.appA, nil); p.Status != 401 {
		t.Fatalf("the family's access token after reuse: %d", p.Status)
	}

	access2, refresh2 := w.login("admin@example.test", password)
	if r := w.call("POST", "/v1/auth/logout", access2, "", nil); r.Status != 204 {
		t.Fatalf("logout: %d %v", r.Status, r.Body)
	}
	if p := w.call("GET", "/v1/admin/profile", access2, w.appA, nil); p.Status != 401 {
		t.Fatalf("access after logout: %d", p.Status)
	}
	if r := w.call("POST", "/v1/token/refresh", "", "", map[string]string{"refresh_token": refresh2}); r.Status != 401 {
		t.Fatalf("refresh after logout: %d", r.Status)
	}
	if r := w.call("POST", "/v1/auth/logout", "", "", nil); r.Status != 401 {
		t.Fatalf("logout without a token: %d", r.Status)
	}

	// Auditors see the facts, and no secret nor address in any payload.
	w.svc.WaitRecorded()
	var leaks int
	var facts int
	_ = w.env.DB.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE data::text ILIKE '%example.test%' OR data::text ILIKE '%argon2%' OR data::text ILIKE '%mv1_%'),
		count(*) FILTER (WHERE type IN ('user.logged_in.v1', 'user.login_failed.v1', 'user.tokens_revoked.v1', 'user.registered.v1', 'user.role_granted.v1'))
		FROM eventstore_events`).Scan(&leaks, &facts)
	if leaks != 0 || facts < 8 {
		t.Fatalf("events: %d with personal data or secrets, %d identity facts", leaks, facts)
	}
	var plain int
	_ = w.env.DB.QueryRow(context.Background(), `SELECT count(*) FROM identity_tokens WHERE token_hash = convert_to($1, 'UTF8')`, access).Scan(&plain)
	if plain != 0 {
		t.Fatal("a token is stored in the clear")
	}
}

func TestLoginRateLimits(t *testing.T) {
	w := newWorld(t, identity.Config{
		LoginPerClient:  identity.Limit{N: 4, Window: time.Minute},
		LoginPerAccount: identity.Limit{N: 2, Window: time.Minute},
	})
	try := func(email string) answer {
		return w.call("POST", "/v1/auth/login", "", "", map[string]string{"email": email, "password": "wrong password"})
	}
	for i := 0; i < 2; i++ {
		if a := try("admin@example.test"); a.Status != 422 {
			t.Fatalf("attempt %d: %d", i+1, a.Status)
		}
	}
	a := try("admin@example.test")
	if a.Status != http.StatusTooManyRequests {
		t.Fatalf("third attempt on one account: %d", a.Status)
	}
	if s, err := strconv.Atoi(a.Header.Get("Retry-After")); err != nil || s < 1 || s > 60 {
		t.Fatalf("Retry-After %q", a.Header.Get("Retry-After"))
	}
	if a := try("trainer@example.test"); a.Status != 422 {
		t.Fatalf("another account from the same client: %d", a.Status)
	}
	if a := try("organization@example.test"); a.Status != http.StatusTooManyRequests || a.Header.Get("Retry-After") == "" {
		t.Fatalf("fifth attempt from one client: %d", a.Status)
	}
}

// The login limits count failures: staff behind one office address all log in at nine
// o'clock, while guesses stay limited per account and per address.
func TestLoginLimitsCountFailuresOnly(t *testing.T) {
	w := newWorld(t, identity.Config{
		LoginPerClient:  identity.Limit{N: 5, Window: time.Minute},
		LoginPerAccount: identity.Limit{N: 3, Window: time.Minute},
	})
	for i := range 25 {
		email := w.users[roles[i%4]]
		if a := w.call("POST", "/v1/auth/login", "", "", map[string]string{"email": email, "password": password}); a.Status != 200 {
			t.Fatalf("successful login %d from one address: %d %v", i+1, a.Status, a.Body)
		}
	}
	try := func(email string) int {
		return w.call("POST", "/v1/auth/login", "", "", map[string]string{"email": email, "password": "wrong password"}).Status
	}
	for i := range 3 {
		if got := try("admin@example.test"); got != 422 {
			t.Fatalf("failure %d on one account: %d", i+1, got)
		}
	}
	if got := w.call("POST", "/v1/auth/login", "", "", map[string]string{"email": "admin@example.test", "password": password}).Status; got != 429 {
		t.Fatalf("the right password after the account's failures: %d", got)
	}
	// The address has four failures now (the refused attempt counts too): one more passes.
	if got := try("nobody@example.test"); got != 422 {
		t.Fatalf("fifth failure from the address: %d", got)
	}
	if got := w.call("POST", "/v1/auth/login", "", "", map[string]string{"email": "trainer@example.test", "password": password}).Status; got != 429 {
		t.Fatalf("a login from an address over its failures: %d", got)
	}
}

func TestForgotAndResetPassword(t *testing.T) {
	w := newWorld(t, identity.Config{})
	oldAccess, _ := w.login("trainer@example.test", password)
	if a := w.call("POST", "/v1/auth/forgot-password", "", "", map[string]string{"email": "nobody@example.test"}); a.Status != 202 {
		t.Fatalf("unknown address: %d", a.Status)
	}
	if a := w.call("POST", "/v1/auth/forgot-password", "", "", map[string]string{"email": "trainer@example.test"}); a.Status != 202 {
		t.Fatalf("known address: %d", a.Status)
	}
	token := w.mail.token(t, "trainer@example.test")
	if a := w.call("POST", "/v1/auth/reset-password", "", "", map[string]string{"token": token, "password": "short"}); a.Status != 422 {
		t.Fatalf("short password: %d", a.Status)
	}
	if a := w.call("POST", "/v1/auth/reset-password", "", "", map[string]string{"token": token, "password": "a brand new password"}); a.Status != 200 {
		t.Fatalf("reset: %d %v", a.Status, a.Body)
	}
	if a := w.call("POST", "/v1/auth/reset-password", "", "", map[string]string{"token": token, "password": "yet another password"}); a.Status != 422 {
		t.Fatalf("a reset token used twice: %d", a.Status)
	}
	if p := w.call("GET", "/v1/admin/profile", oldAccess, w.appA, nil); p.Status != 401 {
		t.Fatalf("a session from before the reset: %d", p.Status)
	}
	if a := w.call("POST", "/v1/auth/login", "", "", map[string]string{"email": "trainer@example.test", "password": password}); a.Status != 422 {
		t.Fatalf("the old password: %d", a.Status)
	}
	w.login("trainer@example.test", "a brand new password")
}

func TestInviteFlow(t *testing.T) {
	w := newWorld(t, identity.Config{})
	admin, _ := w.login("admin@example.test", password)
	path := "/v1/admin/applications/" + w.appA + "/invites"
	invite := map[string]string{"first_name": "Ivo", "last_name": "Invitee", "email": "ivo@example.test", "role": "trainer", "organization_id": w.orgA}
	if a := w.call("POST", path, admin, w.appA, map[string]string{"first_name": "X", "last_name": "Y", "email": "x@example.test", "role": "admin", "organization_id": w.orgA}); a.Status != 422 {
		t.Fatalf("invite as admin role: %d", a.Status)
	}
	if a := w.call("POST", path, admin, w.appA, invite); a.Status != 201 {
		t.Fatalf("invite: %d %v", a.Status, a.Body)
	}
	w.eventually("the invite is listed", func(tx pgx.Tx) bool {
		var n int
		_ = tx.QueryRow(context.Background(), `SELECT count(*) FROM readmodel.identity_invites`).Scan(&n)
		return n == 1
	})
	list := w.call("GET", path, admin, w.appA, nil)
	rows := list.Body["data"].([]any)
	if list.Status != 200 || len(rows) != 1 || rows[0].(map[string]any)["status"] != "sent" || rows[0].(map[string]any)["email"] != "ivo@example.test" {
		t.Fatalf("invites: %d %v", list.Status, list.Body)
	}
	token := w.mail.token(t, "ivo@example.test")
	accept := map[string]string{"token": token, "first_name": "Ivo", "last_name": "Invitee", "password": "ivo's own password"}
	a := w.call("POST", "/v1/auth/invites/accept", "", "", accept)
	if a.Status != 200 {
		t.Fatalf("accept: %d %v", a.Status, a.Body)
	}
	if again := w.call("POST", "/v1/auth/invites/accept", "", "", accept); again.Status != 422 {
		t.Fatalf("an invite used twice: %d", again.Status)
	}
	w.eventually("the invite is accepted", func(tx pgx.Tx) bool {
		var n int
		_ = tx.QueryRow(context.Background(), `SELECT count(*) FROM readmodel.identity_invites WHERE status = 'accepted'`).Scan(&n)
		return n == 1
	})
	access, _ := w.login("ivo@example.test", "ivo's own password")
	p := w.call("GET", "/v1/admin/profile?organization_id="+w.orgA, access, w.appA, nil)
	roles := p.Body["data"].(map[string]any)["roles"].([]any)
	if p.Status != 200 || len(roles) != 1 || roles[0] != "trainer" {
		t.Fatalf("profile of the invitee: %d %v", p.Status, p.Body)
	}
	list = w.call("GET", path, admin, w.appA, nil)
	if row := list.Body["data"].([]any)[0].(map[string]any); row["status"] != "accepted" || row["first_name"] != "Ivo" {
		t.Fatalf("accepted invite: %v", row)
	}
}

// Expired tokens are swept a day after they expire; live ones stay and keep working.
func TestSweepExpiredTokens(t *testing.T) {
	w := newWorld(t, identity.Config{})
	ctx := context.Background()
	a := w.call("POST", "/v1/auth/login", "", "", map[string]string{"email": "admin@example.test", "password": password})
	if a.Status != http.StatusOK {
		t.Fatalf("login: %d %v", a.Status, a.Body)
	}
	access := a.Body["api_token"].(map[string]any)["token"].(string)
	var live int64
	if err := w.env.DB.QueryRow(ctx, `SELECT count(*) FROM identity_tokens`).Scan(&live); err != nil || live == 0 {
		t.Fatalf("tokens after login: %d %v", live, err)
	}
	// Two tokens of an earlier login: one expired two days ago, one an hour ago.
	if _, err := w.env.DB.Exec(ctx, `INSERT INTO identity_tokens (token_hash, kind, family_id, user_id, expires_at)
		SELECT decode(md5(random()::text), 'hex'), 'refresh', gen_random_uuid(), user_id, now() - interval '2 days' FROM identity_tokens LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if _, err := w.env.DB.Exec(ctx, `INSERT INTO identity_tokens (token_hash, kind, family_id, user_id, expires_at)
		SELECT decode(md5(random()::text), 'hex'), 'refresh', gen_random_uuid(), user_id, now() - interval '1 hour' FROM identity_tokens LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if _, err := w.env.DB.Exec(ctx, `INSERT INTO identity_one_time_tokens (token_hash, purpose, subject_id, expires_at)
		VALUES (decode(md5(random()::text), 'hex'), 'reset', gen_random_uuid(), now() - interval '3 days')`); err != nil {
		t.Fatal(err)
	}
	n, err := w.svc.SweepExpired(ctx)
	if err != nil || n != 2 {
		t.Fatalf("swept %d (%v), want the two tokens a day past expiry", n, err)
	}
	var left int64
	if err := w.env.DB.QueryRow(ctx, `SELECT count(*) FROM identity_tokens`).Scan(&left); err != nil || left != live+1 {
		t.Fatalf("%d tokens left, want the live ones and the one expired an hour ago", left)
	}
	if p := w.call("GET", "/v1/admin/profile", access, w.appA, nil); p.Status != 200 {
		t.Fatalf("a live token after the sweep: %d", p.Status)
	}
}

// Two servers share the limits: attempts on either count toward one window.
func TestLoginRateLimitHoldsAcrossServers(t *testing.T) {
	cfg := identity.Config{LoginPerAccount: identity.Limit{N: 3, Window: time.Minute}}
	w := newWorld(t, cfg)
	other, err := identity.New(w.env.DB, w.env.App, w.mail, testenv.Logger(t), time.Now, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for i, svc := range []*identity.Service{w.svc, other, w.svc} {
		if _, err := svc.Login(ctx, "admin@example.test", "wrong password", "10.0.0.1"); !errors.Is(err, identity.ErrInvalidCredentials) {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
	}
	_, err = other.Login(ctx, "admin@example.test", password, "10.0.0.2")
	var limited *identity.RateLimitedError
	if !errors.As(err, &limited) || limited.RetryAfter <= 0 || limited.RetryAfter > time.Minute {
		t.Fatalf("the fourth attempt, on the other server: %v", err)
	}
}

// Erasing a person revokes their roles, frees their address, blanks their personal data
// and ends their sessions; the log keeps only the id. Erasing again changes nothing.
func TestErasePerson(t *testing.T) {
	w := newWorld(t, identity.Config{})
	ctx := context.Background()
	email := w.users["trainer"]
	access, _ := w.login(email, password)
	id, err := w.svc.UserIDByEmail(ctx, email)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.svc.ErasePerson(ctx, commands.Meta{ActorID: "dpo"}, id); err != nil {
		t.Fatal(err)
	}
	if p := w.call("GET", "/v1/admin/profile", access, w.appA, nil); p.Status != http.StatusUnauthorized {
		t.Fatalf("the erased user's session: %d", p.Status)
	}
	if a := w.call("POST", "/v1/auth/login", "", "", map[string]string{"email": email, "password": password}); a.Status != 422 {
		t.Fatalf("the erased user logs in: %d", a.Status)
	}
	var first, last, stored string
	if err := w.env.DB.QueryRow(ctx, `SELECT first_name, last_name, email FROM identity_personal_data WHERE subject_id = $1`, id).Scan(&first, &last, &stored); err != nil {
		t.Fatal(err)
	}
	if first != "" || last != "" || stored != "" {
		t.Fatalf("personal data kept: %q %q %q", first, last, stored)
	}
	w.eventually("the roles are revoked in the read model", func(tx pgx.Tx) bool {
		var n int
		_ = tx.QueryRow(ctx, `SELECT count(*) FROM readmodel.identity_memberships WHERE user_id = $1`, id).Scan(&n)
		return n == 0
	})
	var erased int
	if err := w.env.DB.QueryRow(ctx, `SELECT count(*) FROM eventstore_events WHERE stream = $1 AND type = 'user.erased.v1' AND metadata->>'actor_id' = 'dpo'`,
		"user-"+id).Scan(&erased); err != nil || erased != 1 {
		t.Fatalf("user.erased.v1 events: %d %v", erased, err)
	}
	if err := w.svc.ErasePerson(ctx, commands.Meta{ActorID: "dpo"}, id); err != nil {
		t.Fatalf("erasing again: %v", err)
	}
	// The address is free: the person may come back as someone new.
	again, err := w.svc.CreateUser(ctx, commands.Meta{}, identity.NewUser{Email: email, FirstName: "T", LastName: "New", Password: password})
	if err != nil || again == id {
		t.Fatalf("registering the freed address: %s %v", again, err)
	}
	if _, err := w.env.App.GrantRole(ctx, commands.Meta{}, id, domainidentity.Grant{Role: "admin", ApplicationID: w.appA}); err == nil {
		t.Fatal("an erased user was granted a role")
	}
}
