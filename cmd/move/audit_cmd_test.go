package main_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// The server seals the log by itself; `move audit verify` finds it clean, and after an
// UPDATE behind the product's back exits 1 naming the event. Its runs are recorded.
func TestServerSealsAndVerifyNamesTheAlteredEvent(t *testing.T) {
	st := seeded(t)
	bin, dsn := st.bin, st.dsn
	srv := st.serve()
	ctx := context.Background()
	db, err := pgxpool.New(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var unsealed bool
		if err := db.QueryRow(ctx, `SELECT (SELECT count(*) FROM eventstore_events) >
			coalesce((SELECT sum(cardinality(event_ids)) FROM audit_seals), 0)`).Scan(&unsealed); err != nil {
			t.Fatal(err)
		}
		if !unsealed {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not seal the log:\n%s", srv.log)
		}
	}
	srv.kill(t)

	out, code := auditVerify(t, bin, dsn)
	block := regexp.MustCompile(`newest verified block: (\d+:[0-9a-f]{64})`).FindStringSubmatch(out)
	if code != 0 || !strings.Contains(out, "clean") || block == nil {
		t.Fatalf("verify of an untouched log: exit %d\n%s", code, out)
	}
	if out, code := auditVerify(t, bin, dsn, "--anchor", block[1]); code != 0 || !strings.Contains(out, "anchors matched") {
		t.Fatalf("verify against its own anchor: exit %d\n%s", code, out)
	}

	var altered string
	if err := db.QueryRow(ctx, `UPDATE eventstore_events SET data = data || '{"name":"Forged"}'
		WHERE position = (SELECT min(position) + 7 FROM eventstore_events) RETURNING event_id::text`).Scan(&altered); err != nil {
		t.Fatal(err)
	}
	out, code = auditVerify(t, bin, dsn)
	if code != 1 || !strings.Contains(out, "TAMPERED: event "+altered) {
		t.Fatalf("verify after an UPDATE: exit %d\n%s", code, out)
	}
	var clean, tampered int
	if err := db.QueryRow(ctx, `SELECT count(*) FILTER (WHERE finding = ''), count(*) FILTER (WHERE finding LIKE '%'||$1||'%')
		FROM audit_verifications`, altered).Scan(&clean, &tampered); err != nil || clean != 2 || tampered != 1 {
		t.Fatalf("recorded verifications: %d clean, %d naming the event, %v", clean, tampered, err)
	}
	if out, code := auditVerify(t, bin, dsn, "--anchor", "nonsense"); code != 1 || !strings.Contains(out, "want BLOCK:HASH") {
		t.Fatalf("a malformed anchor: exit %d\n%s", code, out)
	}
}

func auditVerify(t *testing.T, bin, dsn string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"audit", "verify"}, args...)...)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dsn, "LOG_LEVEL=warn")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return out.String(), exit.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), 0
}
