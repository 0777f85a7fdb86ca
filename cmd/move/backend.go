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
	"move/personal"
	"move/projections"
	"move/projections/readmodels"
)

// backend is the wired core every subcommand shares.
type backend struct {
	db       *pgxpool.Pool
	store    eventstore.Store
	registry *domain.Registry
	vault    *personal.Vault
	app      *commands.App
}

func migrateCmd(cfg config) error {
	if err := migrations.Up(cfg.DatabaseURL); err != nil {
		return err
	}
	fmt.Println("migrations applied")
	return nil
}

// personalSecret reads PERSONAL_DATA_KEY: the development default outside production,
// at least 32 characters and not the default in production.
func personalSecret(cfg config) (*personal.Secret, error) {
	key := cfg.PersonalDataKey
	if cfg.Production && (len(key) < 32 || key == personal.DevelopmentSecret) {
		return nil, fmt.Errorf("MOVE_ENV=production: PERSONAL_DATA_KEY must be set to a random value of at least 32 characters")
	}
	if key == "" {
		key = personal.DevelopmentSecret
	}
	return personal.NewSecret(key)
}

// open connects to the database and the event store the configuration names.
func open(ctx context.Context, cfg config) (*backend, error) {
	secret, err := personalSecret(cfg)
	if err != nil {
		return nil, err
	}
	pc, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("DATABASE_URL: %w", err)
	}
	if pc.MaxConns < 20 {
		pc.MaxConns = 20
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
	vault, err := personal.NewVault(db, secret)
	if err != nil {
		return nil, err
	}
	reg := commands.Registry()
	app, err := commands.New(store, reg, vault, time.Now)
	if err != nil {
		return nil, err
	}
	return &backend{db: db, store: store, registry: reg, vault: vault, app: app}, nil
}

func (b *backend) close() {
	b.store.Close()
	b.db.Close()
}

func (b *backend) runner(log *slog.Logger, metrics *projections.Metrics) (*projections.Runner, error) {
	return projections.NewRunner(b.store, b.db, b.registry, b.vault, log, metrics, readmodels.All()...)
}

func newMetrics() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}
