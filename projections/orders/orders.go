// Package orders is the orders read model: one row per order (the overview and its
// filters), its payments and refunds, and one version row per order event — the order's
// history for its dialog, and what a finance export pinned to a log position reads, so
// the same position gives the same file whatever happened since (decision 0905).
//
// Every table is tenant-owned with forced row-level security. The spec's transaction
// status is a generated column, the SQL twin of order.Order.Status (a test keeps them
// equal over generated orders).
package orders

import (
	"context"
	"encoding/json"
	"strings"

	"move/domain/order"
	"move/projections"
)

// Name is the projector's permanent name; the tables follow.
const (
	Name     = "orders"
	Orders   = "orders"
	Payments = "order_payments"
	Refunds  = "order_refunds"
	Versions = "order_versions"
	Titles   = "order_titles"
)

// Projector builds the orders read model.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string         { return Name }
func (projector) Version() int         { return 3 } // 2: order_titles and orders_by_title (decision 0912); 3: orders_by_customer (1630)
func (projector) Tables() []string     { return []string{Orders, Payments, Refunds, Versions, Titles} }
func (projector) EventTypes() []string { return order.EventTypes() }

// ReadIndexes: Apply finds rows by their keys alone (an order's id, a payment's, a
// refund's, an order's versions); the overview's and exports' indexes are built after a
// rebuild's load.
func (projector) ReadIndexes() []string {
	return []string{"orders_by_placed", "orders_by_organization", "orders_by_status", "orders_all_by_placed", "orders_search",
		"orders_by_title", "orders_by_customer", "order_payments_by_order", "order_refunds_by_order", "order_versions_by_position"}
}

// StatusSQL derives the transaction status from an orders row (decision 0900), as
// order.Order.Status does from the events.
const StatusSQL = `CASE
        WHEN refunded_cents > 0 AND refunded_cents >= paid_cents THEN 'refunded'
        WHEN refunded_cents > 0 THEN 'partly_refunded'
        WHEN payment_type IN ('free', 'external') THEN payment_type
        WHEN payment_status = 'paid' AND payment_method = 'moves' THEN 'complete'
        WHEN payment_status = 'paid' THEN 'paid'
        WHEN canceled THEN 'canceled'
        WHEN payment_status IS NULL OR payment_status IN ('open', 'pending', 'authorized') THEN 'open'
        ELSE payment_status END`

// Schema. The overview pages by (placed_at, id) within the tenant, optionally within an
// organisation; status and payment type narrow those ranges. search_text is the title
// and the order's id, lower case, for a trigram search. The customer is an id: names and
// addresses stay in the erasable personal data and are read at query time (1630).
func (projector) Schema() string {
	return `
CREATE TABLE orders (
    id                    uuid        PRIMARY KEY,
    application_id        uuid        NOT NULL,
    organization_id       uuid        NOT NULL,
    customer_id           uuid,
    activity_id           uuid,
    session_id            uuid,
    booking_id            uuid,
    title                 text        NOT NULL,
    search_text           text        NOT NULL,
    lines                 jsonb       NOT NULL,
    vat                   jsonb       NOT NULL,
    subtotal_cents        bigint      NOT NULL,
    vat_cents             bigint      NOT NULL,
    transaction_fee_cents bigint      NOT NULL,
    total_cents           bigint      NOT NULL,
    payment_type          text        NOT NULL,
    wallet_id             uuid,
    payment_url           text        NOT NULL DEFAULT '',
    payout_month          text        NOT NULL,
    payment_method        text,
    payment_status        text,
    paid_cents            bigint      NOT NULL DEFAULT 0,
    refunded_cents        bigint      NOT NULL DEFAULT 0,
    canceled              boolean     NOT NULL DEFAULT false,
    paid_after_close      boolean     NOT NULL DEFAULT false,
    status                text        GENERATED ALWAYS AS (` + StatusSQL + `) STORED,
    placed_at             timestamptz NOT NULL,
    updated_at            timestamptz NOT NULL,
    version               bigint      NOT NULL
);
CREATE INDEX orders_by_placed ON orders (application_id, placed_at, id);
CREATE INDEX orders_by_organization ON orders (application_id, organization_id, placed_at, id);
CREATE INDEX orders_by_status ON orders (application_id, status, placed_at, id);
CREATE INDEX orders_all_by_placed ON orders (placed_at, id);
CREATE INDEX orders_search ON orders USING gin (search_text public.gin_trgm_ops);
CREATE INDEX orders_by_title ON orders (application_id, title, placed_at, id);
-- A customer's orders, newest first, in every application (a search by the customer's
-- name or address finds the customers first, decision 1630).
CREATE INDEX orders_by_customer ON orders (customer_id, placed_at, id);
` + projections.TenantRLS(Orders) + `

-- The distinct titles of each application's orders (its activities' and bundles' names,
-- a few thousand at most): a search finds the matching titles here, then the orders by
-- title through orders_by_title (decision 0912), instead of the trigram index, whose
-- posting lists of the trigrams every title shares cost 100 ms and more at a million.
CREATE TABLE order_titles (
    application_id uuid NOT NULL,
    title          text NOT NULL,
    PRIMARY KEY (application_id, title)
);
` + projections.TenantRLS(Titles) + `

CREATE TABLE order_payments (
    payment_id          uuid        PRIMARY KEY,
    order_id            uuid        NOT NULL,
    application_id      uuid        NOT NULL,
    method              text        NOT NULL,
    amount_cents        bigint      NOT NULL,
    moves               bigint      NOT NULL DEFAULT 0,
    provider_payment_id text,
    status              text        NOT NULL,
    started_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL
);
CREATE INDEX order_payments_by_order ON order_payments (order_id);
` + projections.TenantRLS(Payments) + `

CREATE TABLE order_refunds (
    refund_id          uuid        PRIMARY KEY,
    order_id           uuid        NOT NULL,
    application_id     uuid        NOT NULL,
    payment_id         uuid        NOT NULL,
    method             text        NOT NULL,
    amount_cents       bigint      NOT NULL,
    lines              jsonb       NOT NULL,
    vat                jsonb       NOT NULL,
    reason             text        NOT NULL,
    origin             text        NOT NULL,
    actor_id           text        NOT NULL,
    payout_month       text        NOT NULL,
    provider_refund_id text,
    status             text        NOT NULL,
    requested_at       timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL
);
CREATE INDEX order_refunds_by_order ON order_refunds (order_id);
` + projections.TenantRLS(Refunds) + `

-- One row per order event: the event (history) and the order's changing figures after
-- it, valid from its position until the next event's (pinned exports).
CREATE TABLE order_versions (
    order_id        uuid        NOT NULL,
    version         bigint      NOT NULL,
    application_id  uuid        NOT NULL,
    event           text        NOT NULL,
    actor_id        text        NOT NULL,
    at              timestamptz NOT NULL,
    detail          jsonb       NOT NULL,
    status          text        NOT NULL,
    paid_cents      bigint      NOT NULL,
    refunded_cents  bigint      NOT NULL,
    from_commit     bigint      NOT NULL,
    from_position   bigint      NOT NULL,
    to_commit       bigint,
    to_position     bigint,
    PRIMARY KEY (order_id, version)
);
CREATE INDEX order_versions_by_position ON order_versions (application_id, from_commit, from_position);
` + projections.TenantRLS(Versions)
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	id := strings.TrimPrefix(e.Stream, order.StreamPrefix)
	switch p := e.Payload.(type) {
	case order.Placed:
		lines, err := json.Marshal(p.Lines)
		if err != nil {
			return err
		}
		vat, err := json.Marshal(p.VAT)
		if err != nil {
			return err
		}
		var title, session, booking string
		if len(p.Lines) > 0 {
			title, session, booking = p.Lines[0].Title, p.Lines[0].SessionID, p.Lines[0].BookingID
		}
		if err := w.Exec(ctx, `INSERT INTO orders (id, application_id, organization_id, customer_id, activity_id, session_id,
			booking_id, title, search_text, lines, vat, subtotal_cents, vat_cents, transaction_fee_cents, total_cents, payment_type,
			wallet_id, payment_url, payout_month, placed_at, updated_at, version)
			VALUES ($1, $2, $3, nullif($4, '')::uuid, nullif($5, '')::uuid, nullif($6, '')::uuid, nullif($7, '')::uuid, $8, $9,
			        $10, $11, $12, $13, $14, $15, $16, nullif($17, '')::uuid, $18, $19, $20, $21, $22)
			ON CONFLICT (id) DO NOTHING`,
			id, p.ApplicationID, p.OrganizationID, p.CustomerID, p.ActivityID, session, booking, title,
			strings.ToLower(title+" "+id), lines, vat, p.SubtotalCents, p.VATCents, p.TransactionFeeCents, p.TotalCents,
			p.PaymentType, p.WalletID, p.PaymentURL, p.PayoutMonth, p.PlacedAt, e.RecordedAt, e.Version); err != nil {
			return err
		}
		if err := w.Exec(ctx, `INSERT INTO order_titles (application_id, title) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
			p.ApplicationID, title); err != nil {
			return err
		}
	case order.PaymentStarted:
		if err := w.Exec(ctx, `INSERT INTO order_payments (payment_id, order_id, application_id, method, amount_cents, moves,
			status, started_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $7) ON CONFLICT (payment_id) DO NOTHING`,
			p.PaymentID, id, e.Metadata.ApplicationID, p.Method, p.AmountCents, p.Moves, p.At); err != nil {
			return err
		}
		if err := touch(ctx, w, e, id, `payment_method = $4, payment_status = 'open'`, p.Method); err != nil {
			return err
		}
	case order.PaymentCreated:
		if err := w.Exec(ctx, `UPDATE order_payments SET provider_payment_id = $2, updated_at = $3 WHERE payment_id = $1`,
			p.PaymentID, p.ProviderPaymentID, p.At); err != nil {
			return err
		}
		if err := touch(ctx, w, e, id, ``); err != nil {
			return err
		}
	case order.PaymentStatusChanged:
		if err := w.Exec(ctx, `UPDATE order_payments SET status = $2, updated_at = $3 WHERE payment_id = $1`,
			p.PaymentID, p.Status, p.At); err != nil {
			return err
		}
		if err := touch(ctx, w, e, id, `payment_status = $4,
			paid_cents = paid_cents + CASE WHEN $4 = 'paid' THEN (SELECT amount_cents FROM order_payments WHERE payment_id = $5) ELSE 0 END`,
			p.Status, p.PaymentID); err != nil {
			return err
		}
	case order.RefundRequested:
		lines, err := json.Marshal(p.Lines)
		if err != nil {
			return err
		}
		vat, err := json.Marshal(p.VAT)
		if err != nil {
			return err
		}
		if err := w.Exec(ctx, `INSERT INTO order_refunds (refund_id, order_id, application_id, payment_id, method, amount_cents,
			lines, vat, reason, origin, actor_id, payout_month, status, requested_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'queued', $13, $13) ON CONFLICT (refund_id) DO NOTHING`,
			p.RefundID, id, e.Metadata.ApplicationID, p.PaymentID, p.Method, p.AmountCents, lines, vat, p.Reason, p.Origin,
			p.ActorID, p.PayoutMonth, p.At); err != nil {
			return err
		}
		if err := touch(ctx, w, e, id, ``); err != nil {
			return err
		}
	case order.RefundStatusChanged:
		if err := w.Exec(ctx, `UPDATE order_refunds SET status = $2, provider_refund_id = coalesce(nullif($3, ''), provider_refund_id),
			updated_at = $4 WHERE refund_id = $1`, p.RefundID, p.Status, p.ProviderRefundID, p.At); err != nil {
			return err
		}
		if err := touch(ctx, w, e, id, `refunded_cents = refunded_cents +
			CASE WHEN $4 = 'refunded' THEN (SELECT amount_cents FROM order_refunds WHERE refund_id = $5) ELSE 0 END`,
			p.Status, p.RefundID); err != nil {
			return err
		}
	case order.Canceled:
		if err := touch(ctx, w, e, id, `canceled = true`); err != nil {
			return err
		}
	case order.PaymentAfterClose:
		if err := touch(ctx, w, e, id, `paid_after_close = true`); err != nil {
			return err
		}
	default:
		return nil
	}
	return version(ctx, w, e, id, detailOf(e))
}

// detailOf is what an order event's version row keeps of it (its history line).
func detailOf(e projections.Event) any {
	switch p := e.Payload.(type) {
	case order.Placed:
		return map[string]any{"total_cents": p.TotalCents, "payment_type": p.PaymentType}
	case order.PaymentStarted:
		return map[string]any{"payment_id": p.PaymentID, "method": p.Method, "amount_cents": p.AmountCents}
	case order.PaymentCreated:
		return map[string]any{"payment_id": p.PaymentID, "provider_payment_id": p.ProviderPaymentID}
	case order.PaymentStatusChanged:
		return map[string]any{"payment_id": p.PaymentID, "from": p.From, "status": p.Status}
	case order.RefundRequested:
		return map[string]any{"refund_id": p.RefundID, "amount_cents": p.AmountCents, "reason": p.Reason, "origin": p.Origin}
	case order.RefundStatusChanged:
		return map[string]any{"refund_id": p.RefundID, "from": p.From, "status": p.Status}
	case order.Canceled:
		return map[string]any{"reason": p.Reason}
	case order.PaymentAfterClose:
		return map[string]any{"payment_id": p.PaymentID}
	}
	return struct{}{}
}

// touch updates an order's row: set (which may use $4, $5 … for args) and its version.
func touch(ctx context.Context, w projections.Writer, e projections.Event, id, set string, args ...any) error {
	if set != "" {
		set += ", "
	}
	return w.Exec(ctx, `UPDATE orders SET `+set+`updated_at = $2, version = $3 WHERE id = $1`,
		append([]any{id, e.RecordedAt, e.Version}, args...)...)
}

// version closes the order's current version at this event's position and opens the
// event's own, with the figures the row has now.
func version(ctx context.Context, w projections.Writer, e projections.Event, id string, detail any) error {
	d, err := json.Marshal(detail)
	if err != nil {
		return err
	}
	commit, position := int64(e.Position.Commit), int64(e.Position.Prepare)
	if err := w.Exec(ctx, `UPDATE order_versions SET to_commit = $2, to_position = $3
		WHERE order_id = $1 AND to_commit IS NULL AND version < $4`, id, commit, position, e.Version); err != nil {
		return err
	}
	return w.Exec(ctx, `INSERT INTO order_versions (order_id, version, application_id, event, actor_id, at, detail, status,
		paid_cents, refunded_cents, from_commit, from_position)
		SELECT id, $2, application_id, $3, $4, $5, $6, status, paid_cents, refunded_cents, $7, $8 FROM orders WHERE id = $1
		ON CONFLICT (order_id, version) DO NOTHING`,
		id, e.Version, e.Type, e.Metadata.ActorID, e.RecordedAt, d, commit, position)
}
