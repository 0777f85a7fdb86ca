package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"move/commands"
	"move/domain"
	"move/domain/registry"
	"move/eventstore"
	"move/eventstore/kurrentdb"
	"move/eventstore/postgres"
	"move/internal/connbudget"
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

func migrateCmd(ctx context.Context, cfg config) error {
	if err := migrate(ctx, cfg); err != nil {
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

// migrate applies the migrations as the owner and gives the serving role the password
// SERVER_DATABASE_URL names, if any (without one it logs in where trust allows).
func migrate(ctx context.Context, cfg config) error {
	if err := migrations.Up(cfg.DatabaseURL); err != nil {
		return err
	}
	if cfg.ServerDatabaseURL == "" {
		return nil
	}
	serving, err := pgx.ParseConfig(cfg.ServerDatabaseURL)
	if err != nil {
		return fmt.Errorf("SERVER_DATABASE_URL: %w", err)
	}
	if serving.User != servingRole {
		return fmt.Errorf("SERVER_DATABASE_URL: the serving user must be %s, not %q", servingRole, serving.User)
	}
	if serving.Password == "" {
		return nil
	}
	conn, err := pgx.Connect(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	var statement string
	if err := conn.QueryRow(ctx, `SELECT format('ALTER ROLE move_server PASSWORD %L', $1::text)`, serving.Password).Scan(&statement); err != nil {
		return err
	}
	_, err = conn.Exec(ctx, statement)
	return err
}

// servingRole is the role serve logs in as (migration 0060, decision 0502).
const servingRole = "move_server"

// servingURL is SERVER_DATABASE_URL, else DATABASE_URL with the serving role as user.
func servingURL(cfg config) (string, error) {
	if cfg.ServerDatabaseURL != "" {
		return cfg.ServerDatabaseURL, nil
	}
	u, err := url.Parse(cfg.DatabaseURL)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return "", errors.New("DATABASE_URL is not a postgres:// URL: set SERVER_DATABASE_URL for the serving role")
	}
	u.User = url.User(servingRole)
	return u.String(), nil
}

// defaultPoolSize is the pool of a server whose DATABASE_URL sets no pool_max_conns: with
// the lock connection, the event store's LISTEN connection and one socket for a
// connection being closed (or its cancel request), a server holds at most 10 sockets to
// Postgres (decisions 0500, 1341).
const defaultPoolSize = 7

// budgetBeyondPool are the sockets a server may hold besides its pool: the lock
// connection, the LISTEN connection and one being closed (decision 1341).
const budgetBeyondPool = 3

// poolConfig reads DATABASE_URL; its pool_max_conns, when given, is the pool's size.
func poolConfig(databaseURL string) (*pgxpool.Config, error) {
	pc, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("DATABASE_URL: %w", err)
	}
	if !strings.Contains(databaseURL, "pool_max_conns") {
		pc.MaxConns = defaultPoolSize
	}
	// Every socket of the process, the pool's and those dialled with a copy of its
	// configuration (locks, LISTEN, cancel requests), takes a slot of the budget.
	connbudget.Limit(&pc.ConnConfig.Config, int(pc.MaxConns)+budgetBeyondPool)
	return pc, nil
}

// open connects to the database and the event store the configuration names.
func open(ctx context.Context, cfg config) (*backend, error) {
	secret, err := personalSecret(cfg)
	if err != nil {
		return nil, err
	}
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
	vault, err := personal.NewVault(db, secret)
	if err != nil {
		return nil, err
	}
	reg := registry.All()
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
