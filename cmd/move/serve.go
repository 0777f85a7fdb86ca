package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"move/audit"
	"move/audit/seal"
	"move/commands"
	"move/domain/finance"
	"move/files"
	"move/operations"
	"move/processes"
	"move/projections"
	"move/readapi"
	"move/readapi/kernel"
	"move/web"
)

func serve(ctx context.Context, cfg config, log *slog.Logger, args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("serve takes no arguments")
	}
	if err := migrate(ctx, cfg); err != nil {
		return err
	}
	// Migrated as the owner, served as the role that owns nothing (decision 0502).
	serving, err := servingURL(cfg)
	if err != nil {
		return err
	}
	cfg.DatabaseURL = serving
	b, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer b.close()
	metrics := newMetrics()
	runner, err := b.runner(log, projections.NewMetrics(metrics))
	if err != nil {
		return err
	}
	projections.RegisterParkedGauge(metrics, b.db)
	auth, tenants, authz, err := identity(ctx, cfg, b, log)
	if err != nil {
		return err
	}
	// Audit facts written after their answer reach the log before the database closes.
	defer auth.(*kernel.Identity).Service.WaitRecorded()
	fileService, err := files.FromEnv(os.Getenv, b.db, log)
	if err != nil {
		return err
	}
	spa, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		return err
	}
	if _, err := fs.Stat(spa, "index.html"); err != nil {
		log.Warn("the SPA is not built (web/dist): serving the API only; run make build")
		spa = nil
	}

	if err := runner.Prepare(ctx); err != nil {
		return err
	}
	var projecting atomic.Bool
	projecting.Store(true)
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	projectorsDone := make(chan error, 1)
	go func() {
		err := runner.Run(runCtx)
		projecting.Store(false)
		projectorsDone <- err
	}()
	mail := auth.(*kernel.Identity).Service.Mailer()
	worker := processes.NewWorker(b.app, b.db, runner.Locks(), log, metrics)
	worker.Mail = mail
	worker.HoldTime = cfg.HoldTime
	sender, localPush, err := pushSender(os.Getenv, cfg.Production, log)
	if err != nil {
		return err
	}
	if localPush != nil {
		defer localPush.Close()
	}
	worker.Push = sender
	go func() { _ = worker.Run(runCtx) }()
	sealer := seal.NewSealer(b.store, b.db, runner.Locks(), log)
	go func() { _ = sealer.Run(runCtx) }()
	setFailpoint(b.app, log)
	hookSecret := webhookSecret(loadIdentityConfig().pepper)
	localProvider, err := usePayments(b.app, os.Getenv, cfg.Production, hookSecret, log)
	if err != nil {
		return err
	}
	if localProvider != nil {
		defer localProvider.Close()
	}
	localBuilds, err := useBuildService(b.app, os.Getenv, cfg.Production, log)
	if err != nil {
		return err
	}
	if localBuilds != nil {
		defer localBuilds.Close()
	}

	console := &operations.Console{Store: b.store, DB: b.db, Projectors: runner.Projectors(), Parking: runner, Now: time.Now}
	api, err := readapi.New(kernel.Deps{
		App: b.app, DB: b.db, Auth: auth, Tenants: tenants, Authz: authz, Log: log, Metrics: metrics, SPA: spa,
		TrustedProxies: cfg.TrustedProxies, CORSOrigins: cfg.CORSOrigins, Files: fileService,
		Mail: mail, QRSecret: qrSecret(loadIdentityConfig().pepper), Finance: financeSettings(cfg.Production), WebhookSecret: hookSecret,
		Operations: console,
		Audit:      &audit.Decoder{Registry: b.registry, Vault: b.vault},
		// The console's verdict (decision 1310): a read model being built, failed, with
		// parked events or lagging keeps the server unready, named in the answer.
		Ready: func(ctx context.Context) error {
			if err := b.db.Ping(ctx); err != nil {
				return errors.New("database unreachable")
			}
			if !projecting.Load() {
				return errors.New("projectors stopped")
			}
			return console.Ready(ctx)
		},
	})
	if err != nil {
		return err
	}
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           api,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      120 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.ListenAndServe() }()
	log.Info("serving", "addr", cfg.HTTPAddr, "event_store", storeName(cfg))
	_, stopMetrics := serveMetrics(cfg.MetricsAddr, metrics, log)
	defer stopMetrics()

	select {
	case <-ctx.Done():
	case err := <-serveErr:
		return err
	case err := <-projectorsDone:
		if ctx.Err() == nil {
			return fmt.Errorf("projectors stopped: %w", err)
		}
	}
	shutdown, done := context.WithTimeout(context.Background(), 15*time.Second)
	defer done()
	err = srv.Shutdown(shutdown)
	cancel()
	return err
}

// serveMetrics serves /metrics on its own listener (decision 0521): the API's port is
// public, the metrics (routes, command outcomes, checkpoints) are for the operator's
// scraper only. A listener that cannot start is logged and the API serves on: the
// metrics are the operator's aid, not the product. It answers the address it listens
// on ("" for none) and how to stop it.
func serveMetrics(addr string, reg *prometheus.Registry, log *slog.Logger) (string, func()) {
	if addr == "off" {
		return "", func() {}
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Error("metrics not served: its listener could not start (set METRICS_ADDR)", "addr", addr, "error", err)
		return "", func() {}
	}
	go func() { _ = srv.Serve(ln) }()
	log.Info("serving metrics", "addr", ln.Addr().String())
	return ln.Addr().String(), func() { _ = srv.Close() }
}

// setFailpoint stops the process, as a crash would, where MOVE_FAILPOINT says: the
// crash test of issue 6 sets "after-coupon-redeemed" to stop between a coupon's
// redemption and its credit. Unset (always, outside that test) it does nothing.
func setFailpoint(app *commands.App, log *slog.Logger) {
	switch os.Getenv("MOVE_FAILPOINT") {
	case "":
	case "after-coupon-redeemed":
		log.Warn("failpoint set: the process dies after the next coupon redemption")
		app.AfterRedeem(func() { _ = syscall.Kill(os.Getpid(), syscall.SIGKILL) })
	case "after-provider-paid":
		log.Warn("failpoint set: the process dies when the provider next reports a payment paid")
		app.AfterProviderPaid(func() { _ = syscall.Kill(os.Getpid(), syscall.SIGKILL) })
	case "after-build-submitted":
		log.Warn("failpoint set: the process dies when the build service next accepts a build")
		app.AfterBuildSubmitted(func() { _ = syscall.Kill(os.Getpid(), syscall.SIGKILL) })
	case "before-batch-appended", "after-batch-appended":
		// A batch of more than one booking: the crash lands in the middle of a crowd.
		// Its commands are logged first, so the test knows which bookings died with it.
		log.Warn("failpoint set: the process dies around the next append of a batch of bookings", "failpoint", os.Getenv("MOVE_FAILPOINT"))
		die := func(commands []uuid.UUID) {
			if len(commands) > 1 {
				log.Warn("failpoint: the process dies at this batch", "commands", commands)
				_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
			}
		}
		if os.Getenv("MOVE_FAILPOINT") == "before-batch-appended" {
			app.BeforeBatchAppend(die)
		} else {
			app.AfterBatchAppend(die)
		}
	default:
		log.Warn("unknown failpoint ignored", "failpoint", os.Getenv("MOVE_FAILPOINT"))
	}
}

func storeName(cfg config) string {
	if cfg.EventStoreURL == "" {
		return "postgres"
	}
	return "eventstoredb"
}

// financeSettings are the platform's details on SEPA files and invoices (decision
// 0922). In production, without FINANCE_DEBTOR_IBAN generating a SEPA batch is
// refused; elsewhere a demo account stands in, so demo data and end-to-end tests work.
func financeSettings(production bool) kernel.FinanceSettings {
	iban := os.Getenv("FINANCE_DEBTOR_IBAN")
	if iban == "" && !production {
		iban = demoDebtorIBAN
	}
	return kernel.FinanceSettings{
		Debtor: finance.Debtor{Name: envOr("FINANCE_DEBTOR_NAME", "Move"), IBAN: iban, BIC: os.Getenv("FINANCE_DEBTOR_BIC")},
		Issuer: finance.Issuer{Name: envOr("FINANCE_ISSUER_NAME", "Move"), Address: os.Getenv("FINANCE_ISSUER_ADDRESS"),
			KVK: os.Getenv("FINANCE_ISSUER_KVK"), VATNumber: os.Getenv("FINANCE_ISSUER_VAT_NUMBER"), IBAN: iban},
	}
}

// demoDebtorIBAN is the textbook example IBAN (valid check digits, no real account).
const demoDebtorIBAN = "NL91ABNA0417164300"

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}
