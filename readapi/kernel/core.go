package kernel

import (
	"context"
	"io/fs"
	"log/slog"
	"move/audit"
	"move/commands"
	"move/domain/finance"
	"move/files"
	"move/identity"
	"move/operations"
	"net/netip"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
)

// Deps is what the HTTP face needs; New refuses missing ones.
type Deps struct {
	App     *commands.App
	DB      *pgxpool.Pool // read models (and projection checkpoints)
	Auth    Authenticator
	Tenants TenantResolver
	Authz   Authorizer
	Log     *slog.Logger
	Metrics *prometheus.Registry
	// SPA is the built single-page app (index.html at its root); nil serves none.
	SPA fs.FS
	// Ready reports whether the server can serve (database, projectors).
	Ready func(context.Context) error
	// TrustedProxies may set X-Forwarded-For.
	TrustedProxies []netip.Prefix
	// CORSOrigins may call the API from a browser on another origin.
	CORSOrigins []string
	// ReadWait bounds how long a read waits for the caller's own writes.
	ReadWait time.Duration
	// Files is the file service (uploads, images); without it file routes answer 503.
	Files *files.Service
	// RedeemLimit bounds a consumer's refused coupon redemptions (default 10 per 10
	// minutes).
	RedeemLimit identity.Limit
	// Mail is the mail port messages to participants leave through; without it the
	// contact route answers 503.
	Mail identity.Mailer
	// QRSecret signs bookings' QR codes (at least 32 bytes); without it the QR routes
	// Answer 503.
	QRSecret []byte
	// WebhookSecret signs the payment provider's webhook addresses (decision 0903);
	// without it no webhook verifies.
	WebhookSecret []byte
	// Finance is the platform's account and invoice details (SEPA files, invoices).
	Finance FinanceSettings
	// Operations is the operations console's report and rebuild (decision 0804);
	// without it its routes answer 503.
	Operations *operations.Console
	// Audit reads the audit area's events as the domain sees them (decision 1401);
	// without it its routes answer 503.
	Audit *audit.Decoder
}

// FinanceSettings are the platform's own details on its SEPA files and invoices
// (cmd/move: FINANCE_* variables). Without a debtor, generating a batch is refused.
type FinanceSettings struct {
	Debtor finance.Debtor
	Issuer finance.Issuer
}

// Core is what every context's handlers share: the dependencies, the count of commands
// by outcome, and the limiter of refused coupon redemptions. A context embeds it in
// its Handlers; the server makes one with NewCore.
type Core struct {
	Deps
	commands *prometheus.CounterVec
	// RedeemFailures counts each consumer's refused redemptions (codes are not guessed).
	RedeemFailures *identity.Limiter
}

// NewCore makes the shared part of the handlers; it registers the command counter.
// Deps must be complete (readapi.New checks them).
func NewCore(d Deps) *Core {
	commands := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "move_commands_total",
		Help: "Commands by name and outcome (ok, invalid, not_found, conflict, error)."}, []string{"command", "outcome"})
	d.Metrics.MustRegister(commands)
	return &Core{Deps: d, commands: commands, RedeemFailures: identity.NewLimiter(d.DB, "redeem-refusals", d.RedeemLimit)}
}
