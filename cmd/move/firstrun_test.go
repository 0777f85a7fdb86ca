package main_test

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/internal/testdb"
)

// productionEnv is what the binary demands with MOVE_ENV=production (decision 0104); the
// SMTP server is never dialled here.
var productionEnv = []string{"MOVE_ENV=production", "TOKEN_PEPPER=" + strings.Repeat("p", 40), "SMTP_URL=smtp://127.0.0.1:1?from=noreply@move.test",
	"PERSONAL_DATA_KEY=" + strings.Repeat("k", 40)}

// From an empty database to a superadmin who creates an application and a sport through
// the API, with MOVE_ENV=production (no seed): the operator's first hour.
func TestFirstRunInProduction(t *testing.T) {
	bin := buildBinary(t)
	dsn := testdb.Empty(t)
	runIn(t, bin, dsn, "", "migrate")
	runIn(t, bin, dsn, "first-run-password\n", "users", "create", "--email", "root@move.test", "--first-name", "Root", "--last-name", "Operator", "--role", "superadmin")
	first := strings.TrimSpace(runIn(t, bin, dsn, "", "applications", "create", "--name", "Sportief Zwolle", "--slug", "sportief-zwolle",
		"--email", "info@zwolle.test", "--time-zone", "Europe/Amsterdam"))
	if _, err := uuid.Parse(first); err != nil {
		t.Fatalf("applications create must print the new id, got %q", first)
	}
	srv := startServer(t, bin, dsn, productionEnv...)

	status, body := call(srv.url, "", "", "POST", "/v1/auth/login", "", map[string]any{"email": "root@move.test", "password": "first-run-password"})
	if status != http.StatusOK {
		t.Fatalf("login: %d %v", status, body)
	}
	token := body["api_token"].(map[string]any)["token"].(string)
	// Platform routes take no ApplicationId.
	status, body = call(srv.url, token, "", "POST", "/v1/admin/applications", uuid.NewString(),
		map[string]any{"name": "Sportief Deventer", "slug": "sportief-deventer", "timezone": "Europe/Amsterdam"})
	if status != http.StatusCreated {
		t.Fatalf("create an application without ApplicationId: %d %v", status, body)
	}
	status, body = call(srv.url, token, "", "POST", "/v1/admin/sports", uuid.NewString(), map[string]any{"name": "Korfbal"})
	if status != http.StatusCreated {
		t.Fatalf("create a sport without ApplicationId: %d %v", status, body)
	}
	position := body["meta"].(map[string]any)["position"].(string)
	deadline := time.Now().Add(10 * time.Second)
	for {
		list := get(t, srv.url+"/v1/admin/applications?min_position="+position, token)
		sports := get(t, srv.url+"/v1/admin/sports/all?min_position="+position, token)
		if strings.Contains(list, "sportief-zwolle") && strings.Contains(list, "sportief-deventer") && strings.Contains(sports, "Korfbal") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the applications and the sport do not show:\n%s\n%s", list, sports)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Without an application only platform grants count: an application's admin gets 403
// on a platform route, and tenant routes still demand an ApplicationId.
func TestPlatformRoutesWithoutApplicationNeedPlatformGrants(t *testing.T) {
	srv := seeded(t).serve()
	admin, _ := loginAs(t, srv.url, "admin@move.test")
	if status, body := call(srv.url, admin, "", "GET", "/v1/admin/sports", "", nil); status != http.StatusForbidden {
		t.Fatalf("an admin outside any application: %d %v", status, body)
	}
	if status, body := call(srv.url, admin, "", "POST", "/v1/admin/applications", uuid.NewString(), map[string]any{"name": "X", "slug": "x-app"}); status != http.StatusForbidden {
		t.Fatalf("an admin creating an application: %d %v", status, body)
	}
	super, _ := login(t, srv.url)
	if status, body := call(srv.url, super, "", "GET", "/v1/admin/applications/organizations", "", nil); status != http.StatusForbidden {
		t.Fatalf("a tenant route without ApplicationId: %d %v", status, body)
	}
	if status, body := call(srv.url, super, "", "GET", "/v1/admin/sports", "", nil); status != http.StatusOK {
		t.Fatalf("a superadmin lists sports without ApplicationId: %d %v", status, body)
	}
}

// runIn runs the binary with stdin and the production environment, and answers its
// standard output.
func runIn(t *testing.T, bin, dsn, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(append(os.Environ(), "DATABASE_URL="+dsn, "LOG_LEVEL=warn"), productionEnv...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("move %s: %v\n%s%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

func get(t *testing.T, url, token string) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body bytes.Buffer
	_, _ = body.ReadFrom(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", url, res.StatusCode, body.String())
	}
	return body.String()
}

// `move seed` with MOVE_ENV=production fails and writes nothing: no demo user with the
// published password ever exists in a production install.
func TestSeedRefusesProduction(t *testing.T) {
	bin := buildBinary(t)
	dsn := testdb.Empty(t)
	runIn(t, bin, dsn, "", "migrate")
	cmd := exec.Command(bin, "seed")
	cmd.Env = append(append(os.Environ(), "DATABASE_URL="+dsn, "LOG_LEVEL=warn"), productionEnv...)
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("move seed succeeded with MOVE_ENV=production:\n%s", out)
	}
	if !strings.Contains(string(out), "MOVE_ENV=production") {
		t.Errorf("the refusal does not say why:\n%s", out)
	}
	if n := count(t, testdb.Pool(t, dsn), `SELECT count(*) FROM eventstore_events`); n != 0 {
		t.Fatalf("a refused seed wrote %d events", n)
	}
}
