// Package wallets is the read model of an application's wallets and coupons: the
// wallets with their settings, the coupon batches, every coupon (searchable by code,
// filterable by batch and status), each customer's account and ledger, and the
// statistics (issued and redeemed moves per UTC quarter hour, summed into the
// application's days when read, decision 0405; unredeemed moves per expiry instant,
// so "expired" is computed at query time against the clock of the reader, not of the
// projector). Every table is tenant-owned, with forced row-level security (0102).
//
// A batch of 100,000 coupons is 100,000 coupon.issued events: each is one INSERT, and
// the counters (wallet, batch, day, expiry) move once per chunk, on the batch's
// coupon_batch.coupons_issued event, which carries the chunk's count.
package wallets

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"

	"move/domain/names"
	"move/domain/wallet"
	"move/projections"
)

// Table names; Name is the projector's permanent name.
const (
	Name     = "wallets"
	Wallets  = "wallets"
	Batches  = "coupon_batches"
	Coupons  = "coupons"
	Accounts = "wallet_accounts"
	Ledger   = "wallet_ledger"
	// QuarterHours counts issued and redeemed moves per wallet and UTC quarter hour.
	QuarterHours = "wallet_quarter_hours"
	Expiry       = "wallet_expiry"
	// History is every coupon's life, one row per event (decision 0403).
	History = "coupon_history"
)

// Quarter is the statistics' bucket (as the organisations'): every time zone in use
// today is a whole number of quarter hours away from UTC.
const Quarter = 15 * time.Minute

// Projector builds the wallet tables.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string { return Name }
func (projector) Version() int { return 3 }
func (projector) Tables() []string {
	return []string{Wallets, Batches, Coupons, Accounts, Ledger, QuarterHours, Expiry, History}
}
func (projector) EventTypes() []string { return wallet.EventTypes() }

// Schema. Lists are index ranges under (application_id, wallet_id, …). A coupon's code
// is searched by prefix on code_normalized (collation "C", compared with >= and <:
// those operators are leakproof, so the index stays usable under row-level security,
// where LIKE's would not be).
func (projector) Schema() string {
	return `
CREATE TABLE wallets (
    id                 uuid        PRIMARY KEY,
    application_id     uuid        NOT NULL,
    name               text        NOT NULL,
    name_key           text        NOT NULL,
    slug               text        NOT NULL,
    icon_id            text,
    included_labels    text[]      NOT NULL DEFAULT '{}',
    excluded_labels    text[]      NOT NULL DEFAULT '{}',
    price_display_mode text        NOT NULL,
    can_top_up         boolean     NOT NULL,
    can_top_up_once    boolean     NOT NULL,
    coupons_count      bigint      NOT NULL DEFAULT 0,
    version            bigint      NOT NULL,
    created_at         timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL
);
CREATE INDEX wallets_by_name ON wallets (application_id, name_key, id);
CREATE INDEX wallets_by_slug ON wallets (application_id, slug, id);
CREATE INDEX wallets_by_created ON wallets (application_id, created_at, id);
` + projections.TenantRLS(Wallets) + `

CREATE TABLE coupon_batches (
    id             uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    wallet_id      uuid        NOT NULL,
    quantity       integer     NOT NULL,
    value_moves    bigint      NOT NULL,
    prefix         text        NOT NULL DEFAULT '',
    suffix         text        NOT NULL DEFAULT '',
    expires_at     timestamptz,
    enabled        boolean     NOT NULL,
    issued         integer     NOT NULL DEFAULT 0,
    redeemed_count integer     NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL,
    created_by     uuid
);
CREATE INDEX coupon_batches_by_wallet ON coupon_batches (application_id, wallet_id, created_at, id);
` + projections.TenantRLS(Batches) + `

CREATE TABLE coupons (
    id              uuid        PRIMARY KEY,
    application_id  uuid        NOT NULL,
    wallet_id       uuid        NOT NULL,
    batch_id        uuid        NOT NULL,
    code            text        NOT NULL,
    code_normalized text        COLLATE "C" NOT NULL,
    value_moves     bigint      NOT NULL,
    expires_at      timestamptz,
    is_enabled      boolean     NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL,
    created_by      uuid,
    redeemed_at     timestamptz,
    redeemed_by     uuid,
    customer_id     uuid,
    via             text
);
CREATE INDEX coupons_by_created ON coupons (application_id, wallet_id, created_at, id);
CREATE INDEX coupons_by_code ON coupons (application_id, wallet_id, code_normalized);
CREATE INDEX coupons_by_batch ON coupons (application_id, batch_id, code_normalized);
CREATE INDEX coupons_redeemed ON coupons (application_id, wallet_id, redeemed_at, id) WHERE redeemed_at IS NOT NULL;
` + projections.TenantRLS(Coupons) + `

CREATE TABLE wallet_accounts (
    application_id  uuid        NOT NULL,
    wallet_id       uuid        NOT NULL,
    customer_id     uuid        NOT NULL,
    balance         bigint      NOT NULL DEFAULT 0,
    credits_count   integer     NOT NULL DEFAULT 0,
    first_top_up_at timestamptz NOT NULL,
    last_top_up_at  timestamptz NOT NULL,
    PRIMARY KEY (wallet_id, customer_id)
);
CREATE INDEX wallet_accounts_by_customer ON wallet_accounts (application_id, customer_id);
` + projections.TenantRLS(Accounts) + `

CREATE TABLE wallet_ledger (
    event_id       uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    wallet_id      uuid        NOT NULL,
    customer_id    uuid        NOT NULL,
    moves          bigint      NOT NULL,
    coupon_id      uuid,
    at             timestamptz NOT NULL,
    commit_key     bigint      NOT NULL,
    position       bigint      NOT NULL
);
CREATE INDEX wallet_ledger_by_customer ON wallet_ledger (application_id, customer_id, commit_key, position);
` + projections.TenantRLS(Ledger) + `

CREATE TABLE wallet_quarter_hours (
    application_id uuid        NOT NULL,
    wallet_id      uuid        NOT NULL,
    quarter_hour   timestamptz NOT NULL,
    issued_moves   bigint      NOT NULL DEFAULT 0,
    issued_count   integer     NOT NULL DEFAULT 0,
    redeemed_moves bigint      NOT NULL DEFAULT 0,
    redeemed_count integer     NOT NULL DEFAULT 0,
    PRIMARY KEY (application_id, wallet_id, quarter_hour)
);
` + projections.TenantRLS(QuarterHours) + `

CREATE TABLE wallet_expiry (
    application_id   uuid        NOT NULL,
    wallet_id        uuid        NOT NULL,
    expires_at       timestamptz NOT NULL,
    unredeemed_moves bigint      NOT NULL DEFAULT 0,
    unredeemed_count integer     NOT NULL DEFAULT 0,
    PRIMARY KEY (application_id, wallet_id, expires_at)
);
` + projections.TenantRLS(Expiry) + `

CREATE TABLE coupon_history (
    event_id       uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    coupon_id      uuid,
    batch_id       uuid,
    event          text        NOT NULL,
    at             timestamptz NOT NULL,
    actor_id       uuid,
    details        jsonb       NOT NULL,
    commit_key     bigint      NOT NULL,
    position       bigint      NOT NULL
);
CREATE INDEX coupon_history_by_coupon ON coupon_history (coupon_id, commit_key, position);
CREATE INDEX coupon_history_by_batch ON coupon_history (batch_id, commit_key, position) WHERE coupon_id IS NULL;
` + projections.TenantRLS(History)
}

// actor is the event's acting user, or nil when the actor is not a user (a process).
func actor(e projections.Event) *string {
	id, err := uuid.Parse(e.Metadata.ActorID)
	if err != nil {
		return nil
	}
	s := id.String()
	return &s
}

// quarterHour is the statistics' bucket of the event: the UTC quarter hour it was
// recorded in. The day it belongs to is the reader's question (the application's time
// zone, decision 0405), so Apply needs nothing but the event.
func quarterHour(e projections.Event) time.Time { return e.RecordedAt.UTC().Truncate(Quarter) }

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	if err := recordHistory(ctx, w, e); err != nil {
		return err
	}
	switch p := e.Payload.(type) {
	case wallet.Created:
		s := p.Settings
		return w.Exec(ctx, `
			INSERT INTO wallets (id, application_id, name, name_key, slug, icon_id, included_labels, excluded_labels,
			       price_display_mode, can_top_up, can_top_up_once, version, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) ON CONFLICT (id) DO NOTHING`,
			strings.TrimPrefix(e.Stream, wallet.Stream("")), p.ApplicationID, s.Name, names.Normalize(s.Name), s.Slug, s.IconID,
			nonNil(s.IncludedLabels), nonNil(s.ExcludedLabels), s.PriceDisplayMode, s.CanTopUp, s.CanTopUpOnce, int64(e.Version), e.RecordedAt)
	case wallet.Updated:
		s := p.Settings
		return w.Exec(ctx, `
			UPDATE wallets SET name = $2, name_key = $3, slug = $4, icon_id = $5, included_labels = $6, excluded_labels = $7,
			       price_display_mode = $8, can_top_up = $9, can_top_up_once = $10, version = $11, updated_at = $12
			 WHERE id = $1`,
			strings.TrimPrefix(e.Stream, wallet.Stream("")), s.Name, names.Normalize(s.Name), s.Slug, s.IconID,
			nonNil(s.IncludedLabels), nonNil(s.ExcludedLabels), s.PriceDisplayMode, s.CanTopUp, s.CanTopUpOnce, int64(e.Version), e.RecordedAt)

	case wallet.BatchGenerated:
		s := p.BatchSpec
		return w.Exec(ctx, `
			INSERT INTO coupon_batches (id, application_id, wallet_id, quantity, value_moves, prefix, suffix, expires_at, enabled, created_at, created_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING`,
			strings.TrimPrefix(e.Stream, wallet.BatchStream("")), p.ApplicationID, p.WalletID, s.Quantity, s.ValueMoves,
			s.Prefix, s.Suffix, s.ExpiresAt, s.Enabled, e.RecordedAt, actor(e))
	case wallet.CouponsIssued:
		// The chunk's counters, once per chunk: the coupons' own events only insert rows.
		id := strings.TrimPrefix(e.Stream, wallet.BatchStream(""))
		if err := w.Exec(ctx, `UPDATE coupon_batches SET issued = issued + $2 WHERE id = $1`, id, p.Count); err != nil {
			return err
		}
		if err := w.Exec(ctx, `
			UPDATE wallets w SET coupons_count = w.coupons_count + $2 FROM coupon_batches b
			 WHERE b.id = $1 AND w.id = b.wallet_id`, id, p.Count); err != nil {
			return err
		}
		if err := w.Exec(ctx, `
			INSERT INTO wallet_quarter_hours (application_id, wallet_id, quarter_hour, issued_moves, issued_count)
			SELECT application_id, wallet_id, $3, value_moves * $2, $2 FROM coupon_batches WHERE id = $1
			ON CONFLICT (application_id, wallet_id, quarter_hour) DO UPDATE
			   SET issued_moves = wallet_quarter_hours.issued_moves + excluded.issued_moves,
			       issued_count = wallet_quarter_hours.issued_count + excluded.issued_count`, id, p.Count, quarterHour(e)); err != nil {
			return err
		}
		return w.Exec(ctx, `
			INSERT INTO wallet_expiry (application_id, wallet_id, expires_at, unredeemed_moves, unredeemed_count)
			SELECT application_id, wallet_id, expires_at, value_moves * $2, $2 FROM coupon_batches WHERE id = $1 AND expires_at IS NOT NULL
			ON CONFLICT (application_id, wallet_id, expires_at) DO UPDATE
			   SET unredeemed_moves = wallet_expiry.unredeemed_moves + excluded.unredeemed_moves,
			       unredeemed_count = wallet_expiry.unredeemed_count + excluded.unredeemed_count`, id, p.Count)
	case wallet.BatchEnabled:
		return w.Exec(ctx, `UPDATE coupon_batches SET enabled = true WHERE id = $1`, strings.TrimPrefix(e.Stream, wallet.BatchStream("")))
	case wallet.BatchDisabled:
		return w.Exec(ctx, `UPDATE coupon_batches SET enabled = false WHERE id = $1`, strings.TrimPrefix(e.Stream, wallet.BatchStream("")))

	case wallet.CouponIssued:
		return w.Exec(ctx, `
			INSERT INTO coupons (id, application_id, wallet_id, batch_id, code, code_normalized, value_moves, expires_at, created_at, created_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
			strings.TrimPrefix(e.Stream, wallet.CouponStream("")), p.ApplicationID, p.WalletID, p.BatchID, p.Code,
			wallet.NormalizeCode(p.Code), p.ValueMoves, p.ExpiresAt, e.RecordedAt, actor(e))
	case wallet.CouponEnabled:
		return w.Exec(ctx, `UPDATE coupons SET is_enabled = true WHERE id = $1`, strings.TrimPrefix(e.Stream, wallet.CouponStream("")))
	case wallet.CouponDisabled:
		return w.Exec(ctx, `UPDATE coupons SET is_enabled = false WHERE id = $1`, strings.TrimPrefix(e.Stream, wallet.CouponStream("")))
	case wallet.CouponRedeemed:
		id := strings.TrimPrefix(e.Stream, wallet.CouponStream(""))
		if err := w.Exec(ctx, `UPDATE coupons SET redeemed_at = $2, redeemed_by = $3, customer_id = $4, via = $5 WHERE id = $1`,
			id, e.RecordedAt, actor(e), p.CustomerID, p.Via); err != nil {
			return err
		}
		if err := w.Exec(ctx, `UPDATE coupon_batches b SET redeemed_count = b.redeemed_count + 1 FROM coupons c WHERE c.id = $1 AND b.id = c.batch_id`, id); err != nil {
			return err
		}
		if err := w.Exec(ctx, `
			INSERT INTO wallet_quarter_hours (application_id, wallet_id, quarter_hour, redeemed_moves, redeemed_count)
			SELECT application_id, wallet_id, $2, $3, 1 FROM coupons WHERE id = $1
			ON CONFLICT (application_id, wallet_id, quarter_hour) DO UPDATE
			   SET redeemed_moves = wallet_quarter_hours.redeemed_moves + excluded.redeemed_moves,
			       redeemed_count = wallet_quarter_hours.redeemed_count + 1`, id, quarterHour(e), p.ValueMoves); err != nil {
			return err
		}
		return w.Exec(ctx, `
			UPDATE wallet_expiry x SET unredeemed_moves = x.unredeemed_moves - $2, unredeemed_count = x.unredeemed_count - 1
			  FROM coupons c
			 WHERE c.id = $1 AND x.application_id = c.application_id AND x.wallet_id = c.wallet_id AND x.expires_at = c.expires_at`,
			id, p.ValueMoves)

	case wallet.Credited:
		if err := w.Exec(ctx, `
			INSERT INTO wallet_accounts (application_id, wallet_id, customer_id, balance, credits_count, first_top_up_at, last_top_up_at)
			VALUES ($1, $2, $3, $4, 1, $5, $5)
			ON CONFLICT (wallet_id, customer_id) DO UPDATE
			   SET balance = wallet_accounts.balance + excluded.balance, credits_count = wallet_accounts.credits_count + 1,
			       last_top_up_at = excluded.last_top_up_at`,
			p.ApplicationID, p.WalletID, p.CustomerID, p.Moves, e.RecordedAt); err != nil {
			return err
		}
		var coupon *string
		if p.CouponID != "" {
			coupon = &p.CouponID
		}
		return w.Exec(ctx, `
			INSERT INTO wallet_ledger (event_id, application_id, wallet_id, customer_id, moves, coupon_id, at, commit_key, position)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (event_id) DO NOTHING`,
			e.ID, p.ApplicationID, p.WalletID, p.CustomerID, p.Moves, coupon, e.RecordedAt, int64(e.Position.Commit), int64(e.Position.Prepare))
	case wallet.Debited:
		return orderMoves(ctx, w, e, p.ApplicationID, p.WalletID, p.CustomerID, -p.Moves)
	case wallet.RefundCredited:
		return orderMoves(ctx, w, e, p.ApplicationID, p.WalletID, p.CustomerID, p.Moves)
	}
	return nil
}

// orderMoves moves a balance for an order's payment (negative) or refund, with its
// ledger line; top-up counters are the coupons', not these.
func orderMoves(ctx context.Context, w projections.Writer, e projections.Event, app, walletID, customer string, moves int64) error {
	// The account exists: moves are only debited from a balance a coupon credited.
	if err := w.Exec(ctx, `UPDATE wallet_accounts SET balance = balance + $3 WHERE wallet_id = $1 AND customer_id = $2`,
		walletID, customer, moves); err != nil {
		return err
	}
	return w.Exec(ctx, `
		INSERT INTO wallet_ledger (event_id, application_id, wallet_id, customer_id, moves, coupon_id, at, commit_key, position)
		VALUES ($1, $2, $3, $4, $5, NULL, $6, $7, $8) ON CONFLICT (event_id) DO NOTHING`,
		e.ID, app, walletID, customer, moves, e.RecordedAt, int64(e.Position.Commit), int64(e.Position.Prepare))
}

// recordHistory writes the line of a coupon's life an event is: its own events and the
// credit naming it by coupon, its batch's order and switches by batch (the history
// shows them for each of the batch's coupons). Who acted is an id; names are the
// reader's (0100).
func recordHistory(ctx context.Context, w projections.Writer, e projections.Event) error {
	var coupon, batch string
	var details map[string]any
	switch p := e.Payload.(type) {
	case wallet.CouponIssued:
		coupon, batch = strings.TrimPrefix(e.Stream, wallet.CouponStream("")), p.BatchID
		details = map[string]any{"code": p.Code, "value_moves": p.ValueMoves, "expires_at": instant(p.ExpiresAt),
			"batch_id": p.BatchID, "wallet_id": p.WalletID}
	case wallet.CouponEnabled, wallet.CouponDisabled:
		coupon, details = strings.TrimPrefix(e.Stream, wallet.CouponStream("")), map[string]any{}
	case wallet.CouponRedeemed:
		coupon = strings.TrimPrefix(e.Stream, wallet.CouponStream(""))
		details = map[string]any{"customer_id": p.CustomerID, "value_moves": p.ValueMoves, "via": p.Via, "wallet_id": p.WalletID}
	case wallet.Credited:
		if p.CouponID == "" {
			return nil
		}
		coupon, details = p.CouponID, map[string]any{"customer_id": p.CustomerID, "moves": p.Moves, "wallet_id": p.WalletID}
	case wallet.BatchGenerated:
		batch = strings.TrimPrefix(e.Stream, wallet.BatchStream(""))
		details = map[string]any{"batch_id": batch, "quantity": p.Quantity, "value_moves": p.ValueMoves, "prefix": p.Prefix,
			"suffix": p.Suffix, "expires_at": instant(p.ExpiresAt), "enabled": p.Enabled}
	case wallet.BatchEnabled, wallet.BatchDisabled:
		batch = strings.TrimPrefix(e.Stream, wallet.BatchStream(""))
		details = map[string]any{"batch_id": batch}
	default:
		return nil
	}
	// The event's type without its version: a new version does not change the screen.
	name := e.Type[:strings.LastIndex(e.Type, ".v")]
	return w.Exec(ctx, `
		INSERT INTO coupon_history (event_id, application_id, coupon_id, batch_id, event, at, actor_id, details, commit_key, position)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (event_id) DO NOTHING`,
		e.ID, e.Metadata.ApplicationID, nilIfEmpty(coupon), nilIfEmpty(batch), name, e.RecordedAt, actor(e), details,
		int64(e.Position.Commit), int64(e.Position.Prepare))
}

// instant is a time as the API answers it (RFC 3339, UTC), or nil.
func instant(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := t.UTC().Format(time.RFC3339)
	return &s
}

func nilIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
