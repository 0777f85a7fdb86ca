package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"move/commands"
	"move/domain"
	"move/eventstore"
	"move/eventstore/kurrentdb"
	"move/eventstore/postgres"
	"move/migrations"
	"move/projections"
	"move/projections/readmodels"
)

// backend is the wired core every subcommand shares.
type backend struct {
	db       *pgxpool.Pool
	store    eventstore.Store
	registry *domain.Registry
	app      *commands.App
}

func migrateCmd(cfg config) error {
	if err := migrations.Up(cfg.DatabaseURL); err != nil {
		return err
	}
	fmt.Println("migrations applied")
	return nil
}

// defaultPoolSize is the pool of a server whose DATABASE_URL sets no pool_max_conns: with
// the lock connection and the event store's LISTEN connection, a server holds at most
// 10 connections (decision 0500).
const defaultPoolSize = 8

// poolConfig reads DATABASE_URL; its pool_max_conns, when given, is the pool's size.
func poolConfig(databaseURL string) (*pgxpool.Config, error) {
	pc, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("DATABASE_URL: %w", err)
	}
	if !strings.Contains(databaseURL, "pool_max_conns") {
		pc.MaxConns = defaultPoolSize
	}
	return pc, nil
}

// open connects to the database and the event store the configuration names.
func open(ctx context.Context, cfg config) (*backend, error) {
	pc, err := poolConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	db, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, err
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.Ping(pingCtx); err != nil {
		db.Close()
		return nil, fmt.Errorf("database unreachable (DATABASE_URL): %w", err)
	}
	var store eventstore.Store
	switch u := cfg.EventStoreURL; {
	case u == "":
		store, err = postgres.Open(ctx, db)
	case strings.HasPrefix(u, "esdb") || strings.HasPrefix(u, "kurrent") || strings.HasPrefix(u, "kdb"):
		store, err = kurrentdb.Open(ctx, u)
	default:
		err = fmt.Errorf("EVENTSTORE_URL: want esdb://… or kurrentdb://…")
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	reg := commands.Registry()
	app, err := commands.New(store, reg, time.Now)
	if err != nil {
		return nil, err
	}
	return &backend{db: db, store: store, registry: reg, app: app}, nil
}

func (b *backend) close() {
	b.store.Close()
	b.db.Close()
}

func (b *backend) runner(log *slog.Logger, metrics *projections.Metrics) (*projections.Runner, error) {
	return projections.NewRunner(b.store, b.db, b.registry, log, metrics, readmodels.All()...)
}

func newMetrics() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}
