// Command move is the one binary of the Move back office: the server, migrations,
// demo data, projection operations and the event history for auditors.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"move/readapi"
)

const usage = `move — the Move back office

Usage:
  move serve                              HTTP server (API, identity, SPA) with the projectors
  move migrate                            apply database migrations
  move seed                               demo data, through the real commands
  move projections status                 each projector: version, checkpoint, head, lag, state
  move projections rebuild [NAME ...|--all]
                                          rebuild read models from the log, swapped in when caught up
  move events stream STREAM               one stream's events as JSON lines
  move events log [--from POS] [--type T] [--stream-prefix P] [--until TIME]
                                          the global log as JSON lines
  move audit verify [--anchor BLOCK:HASH ...]
                                          recompute the log's hash chain against its seals; names the
                                          first event altered, removed or moved (decision 1400)
  move audit seal                         seal the log's unsealed events now (serve seals by itself)
  move applications create --name N --slug S [--email E] [--time-zone Z]
                                          make an application (the first of a production install)
  move openapi                            the API's OpenAPI document (JSON), for generating clients
  move users create --email E --first-name F --last-name L [--role ROLE [--application SLUG [--organization ID]]]
                                          make a user; the password is read from standard input
                                          (--role superadmin takes no --application)
  move users erase --email E [--organization ID ...]
                                          forget a person everywhere: account, invites, organisations'
                                          contact and finance data (decision 0511)

Environment:
  DATABASE_URL    Postgres for read models (and the event store by default), as the
                  owner (migrations, CLI); default ` + defaultDatabaseURL + `
  SERVER_DATABASE_URL
                  what serve connects as: user move_server, which owns nothing;
                  default DATABASE_URL with that user and no password
  EVENTSTORE_URL  unset: the Postgres event store; esdb://… or kurrentdb://…: EventStoreDB
  HTTP_ADDR       listen address of serve, default :8080
  LOG_LEVEL       debug, info (default), warn, error
  PERSONAL_DATA_KEY
                  wraps the keys of personal data and names e-mail reservations
                  (at least 32 characters; required in production; back it up)
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "move:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	if len(args) == 0 {
		fmt.Print(usage)
		return nil
	}
	cfg := loadConfig()
	log := newLogger(cfg.LogLevel)
	switch args[0] {
	case "serve":
		return serve(ctx, cfg, log, args[1:])
	case "migrate":
		return migrateCmd(ctx, cfg)
	case "seed":
		return awaitingReadModels(ctx, cfg, os.Stderr, func(ctx context.Context) error { return seedCmd(ctx, cfg, log) })
	case "projections":
		return projectionsCmd(ctx, cfg, log, args[1:])
	case "events":
		return eventsCmd(ctx, cfg, log, args[1:])
	case "openapi":
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(readapi.Document())
	case "audit":
		return auditCmd(ctx, cfg, log, args[1:])
	case "users":
		return awaitingReadModels(ctx, cfg, os.Stderr, func(ctx context.Context) error { return usersCmd(ctx, cfg, log, args[1:]) })
	case "applications":
		return awaitingReadModels(ctx, cfg, os.Stderr, func(ctx context.Context) error { return applicationsCmd(ctx, cfg, args[1:], os.Stdout) })
	case "help", "-h", "--help":
		fmt.Print(usage)
		return nil
	}
	return fmt.Errorf("unknown command %q\n\n%s", args[0], usage)
}

func newLogger(level string) *slog.Logger {
	var l slog.Level
	switch strings.ToLower(level) {
	case "debug":
		l = slog.LevelDebug
	case "warn":
		l = slog.LevelWarn
	case "error":
		l = slog.LevelError
	default:
		l = slog.LevelInfo
	}
	log := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: l}))
	slog.SetDefault(log)
	return log
}
