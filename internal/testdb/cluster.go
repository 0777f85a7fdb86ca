package testdb

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
)

// BinDir is where Postgres's server programs are (initdb, pg_ctl, pg_dump, pg_restore).
func BinDir(t testing.TB) string {
	t.Helper()
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(matches) == 0 {
		if p, err := exec.LookPath("initdb"); err == nil {
			return filepath.Dir(p)
		}
		t.Fatal("testdb: no initdb: install Debian's postgresql package")
	}
	return filepath.Dir(matches[len(matches)-1])
}

// FreshCluster starts a new, empty Postgres cluster (its transaction ids start low) on
// a free port, stopped after the test, and answers its admin URL. As root it runs the
// cluster as the postgres user, since initdb refuses root.
func FreshCluster(t testing.TB) string {
	t.Helper()
	return StartCluster(t).URL
}

// Cluster is a test's private Postgres cluster: unlike the shared server, a test may
// stop and restart it.
type Cluster struct {
	URL  string // the admin URL (database postgres)
	bin  string
	dir  string
	data string
	opts string
}

// StartCluster is FreshCluster answering the cluster itself, for a test that restarts it.
func StartCluster(t testing.TB) *Cluster {
	t.Helper()
	c := &Cluster{bin: BinDir(t), dir: t.TempDir()}
	c.data = filepath.Join(c.dir, "data")
	if u, _ := user.Current(); u != nil && u.Uid == "0" {
		if out, err := exec.Command("chown", "-R", "postgres", c.dir).CombinedOutput(); err != nil {
			t.Fatalf("testdb: chown: %v %s", err, out)
		}
		// t.TempDir's parents are private to root: let postgres reach its folder.
		for d := c.dir; d != "/" && d != os.TempDir(); d = filepath.Dir(d) {
			_ = os.Chmod(d, 0o755)
		}
	}
	if out, err := c.asPostgres("initdb", "-D", c.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale").CombinedOutput(); err != nil {
		t.Fatalf("testdb: initdb: %v\n%s", err, out)
	}
	port := freePort(t)
	c.opts = fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off", port, c.dir)
	c.Start(t)
	t.Cleanup(func() {
		_ = c.asPostgres("pg_ctl", "-D", c.data, "-m", "immediate", "stop").Run()
	})
	c.URL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	return c
}

// Start starts the cluster and waits until it takes connections.
func (c *Cluster) Start(t testing.TB) {
	t.Helper()
	if out, err := c.asPostgres("pg_ctl", "-D", c.data, "-l", filepath.Join(c.dir, "log"), "-w", "-o", c.opts, "start").CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "log"))
		t.Fatalf("testdb: pg_ctl start: %v\n%s\n%s", err, out, log)
	}
}

// Stop stops the cluster in mode (smart, fast or immediate: immediate is a crash, the
// next start recovers from the write-ahead log).
func (c *Cluster) Stop(t testing.TB, mode string) {
	t.Helper()
	if out, err := c.asPostgres("pg_ctl", "-D", c.data, "-m", mode, "-w", "stop").CombinedOutput(); err != nil {
		t.Fatalf("testdb: pg_ctl stop: %v\n%s", err, out)
	}
}

// asPostgres runs one of Postgres's programs, as the postgres user when the test runs
// as root.
func (c *Cluster) asPostgres(name string, args ...string) *exec.Cmd {
	if u, _ := user.Current(); u != nil && u.Uid == "0" {
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", filepath.Join(c.bin, name)}, args...)...)
	}
	return exec.Command(filepath.Join(c.bin, name), args...)
}

// Run runs a Postgres client program (pg_dump, pg_restore, …) and fails the test on error.
func Run(t testing.TB, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(filepath.Join(BinDir(t), name), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("testdb: %s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
