package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/catalog"
	"move/eventstore"
	"move/internal/testenv"
)

// Asking a subcommand for help answers it, without a database (this one is unreachable),
// instead of failing or taking --help for a projector's name.
func TestSubcommandHelpNeedsNoDatabase(t *testing.T) {
	t.Setenv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=1")
	for _, args := range [][]string{
		{"events", "log", "--help"},
		{"events", "stream", "-h"},
		{"projections", "rebuild", "--help"},
		{"projections", "--help"},
		{"audit", "verify", "--help"},
	} {
		if err := run(context.Background(), args); err != nil {
			t.Errorf("move %s: %v", strings.Join(args, " "), err)
		}
	}
}

// `events log --type` takes a type without its version (every version) or with it; an
// unknown type is refused with the known ones listed, not answered with nothing.
func TestEventsLogType(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	var last eventstore.Position
	for _, name := range []string{"Golf", "Tennis"} {
		res, err := env.App.CreateCatalogItem(ctx, commands.Meta{CommandID: uuid.New(), ActorID: "tester"}, catalog.Sport, catalog.Fields{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		last = res.Position
	}
	// The log reader sees events once every older transaction of the cluster has ended.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		head, err := env.Store.Head(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !head.Less(last) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the events never became readable")
		}
	}
	for _, typ := range []string{"sport.created", "sport.created.v1"} {
		filter, err := parseLogFilter(env.Registry, []string{"--type", typ}, &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := printLog(ctx, env.Store, filter, &out); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(out.String(), `"type":"sport.created.v1"`); n != 2 || strings.Count(out.String(), "\n") != 2 {
			t.Errorf("--type %s: want the 2 sport.created events, got:\n%s", typ, out.String())
		}
	}
	_, err := parseLogFilter(env.Registry, []string{"--type", "sport.creatd"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), `no event type "sport.creatd"`) || !strings.Contains(err.Error(), "\n  sport.created\n") {
		t.Fatalf("an unknown type must be refused with the known ones listed, got %v", err)
	}
}

// `make help` lists every documented target, those with a digit in their name too.
func TestMakeHelpListsEveryTarget(t *testing.T) {
	out, err := exec.Command("make", "-s", "-C", "../..", "help").CombinedOutput()
	if err != nil {
		t.Fatalf("make help: %v\n%s", err, out)
	}
	makefile, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	targets := regexp.MustCompile(`(?m)^([A-Za-z0-9_.-]+):.*## `).FindAllSubmatch(makefile, -1)
	if len(targets) < 5 {
		t.Fatalf("found only %d documented targets", len(targets))
	}
	for _, m := range targets {
		if !regexp.MustCompile(`(?m)^  make ` + regexp.QuoteMeta(string(m[1])) + ` `).Match(out) {
			t.Errorf("make help does not list %s:\n%s", m[1], out)
		}
	}
}

// The README opens with the two commands, unchanged, and tells a newcomer the headers,
// the database overrides and the first run in production.
func TestReadmeTellsANewcomer(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	opening := "# Move back office\n\n```sh\nmake run    # database, migrations, demo data, server and SPA on http://localhost:8080\n" +
		"make test   # every test: Go unit and integration (real Postgres), web unit, Storybook, end to end (Chromium)\n```\n"
	if !strings.HasPrefix(string(readme), opening) {
		t.Error("the README must open with the two commands, exactly")
	}
	for _, want := range []string{"## First run in production", "move applications create",
		"export SMTP_URL=", "export PERSONAL_DATA_KEY=", "export TOKEN_PEPPER=", "`ApplicationId", "`Accept-Language",
		"`POSTGRES_ADMIN_URL`", "`MACHINE_PG_PORT`", "`TEST_DATABASE_URL`", "pool_max_conns"} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("the README does not mention %s", want)
		}
	}
}
