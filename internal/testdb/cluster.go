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
	bin := BinDir(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	asPostgres := func(name string, args ...string) *exec.Cmd {
		cmd := exec.Command(filepath.Join(bin, name), args...)
		if u, _ := user.Current(); u != nil && u.Uid == "0" {
			cmd = exec.Command("runuser", append([]string{"-u", "postgres", "--", filepath.Join(bin, name)}, args...)...)
		}
		return cmd
	}
	if u, _ := user.Current(); u != nil && u.Uid == "0" {
		if out, err := exec.Command("chown", "-R", "postgres", dir).CombinedOutput(); err != nil {
			t.Fatalf("testdb: chown: %v %s", err, out)
		}
		// t.TempDir's parents are private to root: let postgres reach its folder.
		for d := dir; d != "/" && d != os.TempDir(); d = filepath.Dir(d) {
			_ = os.Chmod(d, 0o755)
		}
	}
	if out, err := asPostgres("initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale").CombinedOutput(); err != nil {
		t.Fatalf("testdb: initdb: %v\n%s", err, out)
	}
	port := freePort(t)
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off", port, dir)
	if out, err := asPostgres("pg_ctl", "-D", data, "-l", filepath.Join(dir, "log"), "-w", "-o", opts, "start").CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		t.Fatalf("testdb: pg_ctl start: %v\n%s\n%s", err, out, log)
	}
	t.Cleanup(func() {
		_ = asPostgres("pg_ctl", "-D", data, "-m", "immediate", "stop").Run()
	})
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
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
