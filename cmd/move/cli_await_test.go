package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"move/internal/testdb"
)

// Command-line writes return when the running server's read models hold them (decision
// 1330): the application and the admin's role are readable the moment `applications
// create` and `users create` return. Without a server they say so at once.
func TestCLIWritesReturnWhenTheServerHoldsThem(t *testing.T) {
	bin := buildBinary(t)
	dsn := testdb.New(t)
	db := testdb.Pool(t, dsn)
	_, stderr := runWith(t, bin, dsn, "", "applications", "create", "--name", "Vooraf", "--slug", "vooraf")
	if !strings.Contains(stderr, "no server is running") {
		t.Fatalf("without a server the command must say so: %q", stderr)
	}
	startServer(t, bin, dsn)
	for i, slug := range []string{"zwolle", "deventer", "kampen", "almelo", "hengelo"} {
		app, _ := runWith(t, bin, dsn, "", "applications", "create", "--name", slug, "--slug", slug)
		if n := count(t, db, `SELECT count(*) FROM readmodel.identity_applications WHERE id = $1::uuid`, strings.TrimSpace(app)); n != 1 {
			t.Fatalf("round %d: application %s not in the read model when the command returned", i, app)
		}
		user, stderr := runWith(t, bin, dsn, "a-password-of-some-length\n", "users", "create", "--email", "admin@"+slug+".test",
			"--first-name", "Ad", "--last-name", "Min", "--role", "admin", "--application", slug)
		if n := count(t, db, `SELECT count(*) FROM readmodel.identity_memberships WHERE user_id = $1::uuid`, strings.TrimSpace(user)); n != 1 {
			t.Fatalf("round %d: the admin's role not in the read model when the command returned (%s)", i, stderr)
		}
	}
}

// runWith runs the binary with stdin and answers its standard output and error.
func runWith(t *testing.T, bin, dsn, stdin string, args ...string) (string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dsn, "LOG_LEVEL=warn")
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("move %s: %v\n%s%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String(), stderr.String()
}
