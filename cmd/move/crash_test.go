package main_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/internal/testdb"
)

// The server is killed (SIGKILL) while commands stream in. After a restart every
// acknowledged command has its events in the log exactly once, a retry of it writes
// nothing, and the read model converges to its rebuild from the log.
func TestCrashWhileCommandsStreamIn(t *testing.T) {
	bin := buildBinary(t)
	dsn := testdb.New(t)
	db := testdb.Pool(t, dsn)
	run(t, bin, dsn, "seed")

	srv := startServer(t, bin, dsn)
	token, app := login(t, srv.url)

	var mu sync.Mutex
	acked := map[string]string{} // Idempotency-Key → sport id
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				key := uuid.NewString()
				status, body := call(srv.url, token, app, "POST", "/v1/admin/sports", key, map[string]any{"name": fmt.Sprintf("Crash %d-%d", w, i)})
				if status == http.StatusCreated {
					mu.Lock()
					acked[key] = body["data"].(map[string]any)["id"].(string)
					mu.Unlock()
				}
			}
		}()
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		mu.Lock()
		n := len(acked)
		mu.Unlock()
		if n >= 150 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	srv.kill(t)
	close(stop)
	wg.Wait()
	if len(acked) == 0 {
		t.Fatal("no command was acknowledged before the kill")
	}
	t.Logf("%d commands acknowledged before SIGKILL", len(acked))

	srv = startServer(t, bin, dsn)
	token, app = login(t, srv.url)
	ctx := context.Background()
	for key := range acked {
		if n := count(t, db, `SELECT count(*) FROM eventstore_events WHERE metadata->>'command_id' = $1 AND type = 'sport.created.v1'`, key); n != 1 {
			t.Fatalf("acknowledged command %s has %d created events, want 1", key, n)
		}
	}
	if n := count(t, db, `SELECT count(*) FROM (SELECT metadata->>'command_id' FROM eventstore_events WHERE type = 'sport.created.v1'
		GROUP BY 1 HAVING count(*) > 1) twice`); n != 0 {
		t.Fatalf("%d commands wrote their events twice", n)
	}
	for key, id := range acked { // a client retrying after the crash gets the first answer
		status, body := call(srv.url, token, app, "POST", "/v1/admin/sports", key, map[string]any{"name": "retried"})
		if status != http.StatusCreated || body["data"].(map[string]any)["id"] != id {
			t.Fatalf("retry of %s after restart: %d %v", key, status, body)
		}
		break
	}

	live := waitConverged(t, db)
	if _, err := db.Exec(ctx, `UPDATE projection_checkpoints SET rebuild_requested = true WHERE name = 'sports'`); err != nil {
		t.Fatal(err)
	}
	deadline = time.Now().Add(30 * time.Second)
	for count(t, db, `SELECT count(*) FROM projection_checkpoints WHERE name = 'sports' AND (rebuild_requested OR state <> 'running')`) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the rebuild did not finish")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if rebuilt := sportsDump(t, db); rebuilt != live {
		t.Fatalf("after the crash the live read model differs from its rebuild:\nlive %d bytes, rebuilt %d bytes", len(live), len(rebuilt))
	}
	if !strings.Contains(live, acked[firstKey(acked)]) {
		t.Fatal("an acknowledged sport is missing from the read model")
	}
}

func firstKey(m map[string]string) string {
	for k := range m {
		return k
	}
	return ""
}

// waitConverged waits until the sports projector has passed the head of the log, and
// answers the read model's rows.
func waitConverged(t *testing.T, db *pgxpool.Pool) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for count(t, db, `SELECT count(*) FROM projection_checkpoints c, (SELECT commit_key, position FROM eventstore_events
		ORDER BY commit_key DESC, position DESC LIMIT 1) h WHERE c.name = 'sports' AND (c.commit_key, c.position) >= (h.commit_key, h.position)`) != 1 {
		if time.Now().After(deadline) {
			t.Fatal("the sports read model did not catch up after the restart")
		}
		time.Sleep(50 * time.Millisecond)
	}
	return sportsDump(t, db)
}

func sportsDump(t *testing.T, db *pgxpool.Pool) string {
	t.Helper()
	var dump string
	if err := db.QueryRow(context.Background(), `SELECT coalesce(string_agg(id || '|' || name || '|' || version || '|' || created_at, E'\n' ORDER BY id), '') FROM readmodel.sports`).Scan(&dump); err != nil {
		t.Fatal(err)
	}
	return dump
}

func count(t *testing.T, db *pgxpool.Pool, sql string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "move")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func run(t *testing.T, bin, dsn string, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dsn, "LOG_LEVEL=warn")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("move %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

type server struct {
	cmd *exec.Cmd
	url string
	log *output
}

// output is a child's output, read by the test while the child writes it.
type output struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.Write(p)
}

func (o *output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}

func startServer(t *testing.T, bin, dsn string, env ...string) *server {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	s := &server{cmd: exec.Command(bin, "serve"), url: "http://" + addr, log: &output{}}
	s.cmd.Env = append(append(os.Environ(), "DATABASE_URL="+dsn, "HTTP_ADDR="+addr, "LOG_LEVEL=warn"), env...)
	s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.kill(t) })
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := http.Get(s.url + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not get ready:\n%s", s.log)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *server) kill(t *testing.T) {
	if s.cmd.ProcessState != nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	_ = s.cmd.Wait()
}

func login(t *testing.T, base string) (token, app string) {
	return loginAs(t, base, "superadmin@move.test")
}

func loginAs(t *testing.T, base, email string) (token, app string) {
	t.Helper()
	status, body := call(base, "", "", "POST", "/v1/auth/login", "", map[string]any{"email": email, "password": "move-demo-password"})
	if status != http.StatusOK {
		t.Fatalf("login: %d %v", status, body)
	}
	token = body["api_token"].(map[string]any)["token"].(string)
	app = body["user"].(map[string]any)["applications"].([]any)[0].(map[string]any)["id"].(string)
	return token, app
}

func call(base, token, app, method, path, key string, in any) (int, map[string]any) {
	buf, _ := json.Marshal(in)
	req, _ := http.NewRequest(method, base+path, bytes.NewReader(buf))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("ApplicationId", app)
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	client := http.Client{Timeout: 10 * time.Second}
	res, err := client.Do(req)
	if err != nil {
		return 0, nil
	}
	defer res.Body.Close()
	var body map[string]any
	_ = json.NewDecoder(res.Body).Decode(&body)
	return res.StatusCode, body
}

// The test reads a running server's output while the server writes it (the crash tests
// print it when they fail): the race detector finds no race.
func TestServerOutputReadableWhileItRuns(t *testing.T) {
	srv := startServer(t, buildBinary(t), testdb.New(t), "LOG_LEVEL=debug")
	for range 20 {
		_, _ = call(srv.url, "", "", "GET", "/v1/nothing-here", "", nil)
		_ = srv.log.String()
	}
	if !strings.Contains(srv.log.String(), `"msg":"serving"`) {
		t.Fatalf("the server's output was not captured:\n%s", srv.log)
	}
}
