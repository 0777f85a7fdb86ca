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

	"github.com/jackc/pgx/v5/pgxpool"

	"move/internal/testdb"
)

// The one launcher of the tests that run the real binary: built once per test run, a
// fresh seeded database per test, servers started (and SIGKILLed) on it.

// stack is one test's seeded database and the binary that serves it.
type stack struct {
	t   *testing.T
	bin string
	dsn string
	db  *pgxpool.Pool
}

// seeded builds (once) the binary and gives the test a fresh database with `move seed`
// run on it.
func seeded(t *testing.T) *stack {
	t.Helper()
	st := &stack{t: t, bin: buildBinary(t), dsn: testdb.New(t)}
	st.db = testdb.Pool(t, st.dsn)
	run(t, st.bin, st.dsn, "seed")
	return st
}

// serve starts a server on the stack's database; env adds to its environment (a
// failpoint, a log level). It is SIGKILLed at the end of the test if still running.
func (st *stack) serve(env ...string) *server {
	st.t.Helper()
	return startServer(st.t, st.bin, st.dsn, env...)
}

// actor is the seeded superadmin's user id (a key's command id depends on it:
// decision 0532).
func (st *stack) actor() string {
	st.t.Helper()
	var actor string
	if err := st.db.QueryRow(context.Background(), `SELECT subject_id::text FROM identity_personal_data WHERE email_key = 'superadmin@move.test' AND is_user`).Scan(&actor); err != nil {
		st.t.Fatal(err)
	}
	return actor
}

var binary struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// buildBinary builds the move binary once for the whole test run.
func buildBinary(t *testing.T) string {
	t.Helper()
	binary.once.Do(func() {
		if binary.dir, binary.err = os.MkdirTemp("", "move-test-bin-"); binary.err != nil {
			return
		}
		binary.path = filepath.Join(binary.dir, "move")
		if out, err := exec.Command("go", "build", "-o", binary.path, ".").CombinedOutput(); err != nil {
			binary.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binary.err != nil {
		t.Fatal(binary.err)
	}
	return binary.path
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binary.dir != "" {
		_ = os.RemoveAll(binary.dir)
	}
	os.Exit(code)
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

// kill ends the server with SIGKILL (a crash: nothing is flushed or answered).
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

// loginAs logs a seeded user in once the read model lists their application (a server
// just started may still be projecting it), and answers the token and that application.
func loginAs(t *testing.T, base, email string) (token, app string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		status, body := call(base, "", "", "POST", "/v1/auth/login", "", map[string]any{"email": email, "password": "move-demo-password"})
		user, _ := body["user"].(map[string]any)
		apps, _ := user["applications"].([]any)
		if status == http.StatusOK && len(apps) > 0 {
			return body["api_token"].(map[string]any)["token"].(string), apps[0].(map[string]any)["id"].(string)
		}
		if time.Now().After(deadline) {
			t.Fatalf("login %s: %d %v", email, status, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// loginWithApplication is the superadmin's login on srv.
func loginWithApplication(t *testing.T, srv *server) (token, app string) {
	t.Helper()
	return loginAs(t, srv.url, "superadmin@move.test")
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

func count(t *testing.T, db *pgxpool.Pool, sql string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
