package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/domain/projection"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	rmcatalog "move/projections/catalog"
)

// `move projections parked|retry|skip`: a sport whose event cannot be decoded is parked
// by the sports read model; the CLI lists it, a retry with this code leaves it parked,
// a skip without a reason is refused, and a skip with one is recorded in the log with
// its actor and empties the list.
func TestProjectionsParkedRetrySkip(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	runner := env.Runner(t, rmcatalog.Projectors()...)
	env.RunProjections(t, runner)
	t.Setenv("DATABASE_URL", env.DSN)
	stream := "sport-" + uuid.NewString()
	if _, err := env.Store.Append(ctx, stream, eventstore.NoStream, eventstore.EventData{ID: uuid.New(), Type: "sport.created.v1",
		Data: json.RawMessage(`{"name": 5}`), Metadata: eventstore.Metadata{ActorID: "test"}}); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		if parked, err := projections.ReadParked(ctx, env.DB); err == nil && len(parked) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the undecodable event was never parked")
		}
	}

	out, err := captured(t, "projections", "parked")
	if err != nil || !strings.Contains(out, "sports") || !strings.Contains(out, stream) || !strings.Contains(out, "sport.created.v1") ||
		!strings.Contains(out, "decode") {
		t.Fatalf("parked: %v\n%s", err, out)
	}
	if out, err := captured(t, "projections", "retry", "sports", stream); err == nil || !strings.Contains(out, "0 applied, 1 still parked") {
		t.Fatalf("retry with the same code must say it still fails: %v\n%s", err, out)
	}
	if _, err := captured(t, "projections", "skip", "sports", stream); err == nil || !strings.Contains(err.Error(), "--reason is required") {
		t.Fatalf("a skip without a reason: %v", err)
	}
	if out, err := captured(t, "projections", "skip", "sports", stream, "--reason", "test data from a broken import"); err != nil ||
		!strings.Contains(out, "skipped the first parked event") {
		t.Fatalf("skip: %v\n%s", err, out)
	}
	if out, err := captured(t, "projections", "parked"); err != nil || !strings.Contains(out, "no parked events") {
		t.Fatalf("parked after the skip: %v\n%s", err, out)
	}
	logged, err := env.Store.ReadStream(ctx, projection.SkipStream("sports"), eventstore.Forwards, 0, 10)
	if err != nil || len(logged) != 1 || !strings.HasPrefix(logged[0].Metadata.ActorID, "cli") ||
		!strings.Contains(string(logged[0].Data), "test data from a broken import") {
		t.Fatalf("the skip in the log: %+v %v", logged, err)
	}
}

// captured runs the CLI and answers what it printed.
func captured(t *testing.T, args ...string) (string, error) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	runErr := run(context.Background(), args)
	os.Stdout = stdout
	w.Close()
	return <-done, runErr
}
