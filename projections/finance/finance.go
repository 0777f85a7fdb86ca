// Package finance is the read model of the platform's money towards organisations:
// every order's paid, refunded and fee amounts (from the order events), the payouts
// per organisation and payout month they add up to (paid − refunded − fees), and the
// SEPA batches and invoices as they were generated. Tenant-owned, forced row-level
// security; the per-payment and per-refund bookkeeping is internal.
//
// Money is counted once: a payment adds to paid only the first time it is reported
// paid, a refund to refunded only the first time it is reported refunded, and an
// order's fee when its first payment is paid (decision 0920). The statements guard
// this themselves (UPDATE … WHERE NOT paid RETURNING), so a duplicate provider report
// changes nothing.
package finance

import (
	"context"
	"encoding/json"
	"strings"

	"move/domain/finance"
	"move/domain/order"
	"move/domain/organization"
	"move/personal"
	"move/projections"
)

// Name is the projector's permanent name; the table names follow.
const (
	Name          = "finance"
	Orders        = "finance_orders"
	Payments      = "finance_payments"
	Refunds       = "finance_refunds"
	Payouts       = "finance_payouts"
	SepaBatches   = "sepa_batches"
	SepaTransfers = "sepa_transfers"
	Invoices      = "invoices"
	InvoiceMonths = "invoice_months"
)

// Projector builds the finance tables.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string { return Name }
func (projector) Version() int { return 1 }
func (projector) Tables() []string {
	return []string{Orders, Payments, Refunds, Payouts, SepaBatches, SepaTransfers, Invoices, InvoiceMonths}
}

// ReadIndexes: Apply finds rows by their keys (an erasure's organisation_id::text
// matches no index anyway); the screens' indexes are built after a rebuild's load.
func (projector) ReadIndexes() []string {
	return []string{"finance_orders_by_month", "finance_payouts_by_month", "sepa_transfers_by_organization", "invoices_by_number",
		"invoices_by_organization"}
}

func (projector) EventTypes() []string {
	return []string{
		order.Placed{}.EventType(), order.PaymentStarted{}.EventType(), order.PaymentStatusChanged{}.EventType(),
		order.PaymentAfterClose{}.EventType(), order.RefundRequested{}.EventType(), order.RefundStatusChanged{}.EventType(),
		order.Canceled{}.EventType(),
		finance.SepaBatchGenerated{}.EventType(), finance.InvoiceIssued{}.EventType(), finance.InvoiceMonthClosed{}.EventType(),
		personal.Erased{}.EventType(),
	}
}

func (projector) Schema() string {
	return `
CREATE TABLE finance_orders (
    id              uuid        PRIMARY KEY,
    application_id  uuid        NOT NULL,
    organization_id uuid        NOT NULL,
    payout_month    text        NOT NULL,
    payment_type    text        NOT NULL,
    total_cents     bigint      NOT NULL,
    fee_cents       bigint      NOT NULL,
    paid_cents      bigint      NOT NULL DEFAULT 0,
    refunded_cents  bigint      NOT NULL DEFAULT 0,
    fee_charged     boolean     NOT NULL DEFAULT false,
    canceled        boolean     NOT NULL DEFAULT false,
    placed_at       timestamptz NOT NULL
);
CREATE INDEX finance_orders_by_month ON finance_orders (application_id, organization_id, payout_month, placed_at DESC, id);` + projections.TenantRLS("finance_orders") + `
CREATE TABLE finance_payments (
    id             text    PRIMARY KEY,
    application_id uuid    NOT NULL,
    order_id       uuid    NOT NULL,
    amount_cents   bigint  NOT NULL,
    paid           boolean NOT NULL DEFAULT false
);` + projections.InternalRLS("finance_payments") + `
CREATE TABLE finance_refunds (
    id             text    PRIMARY KEY,
    application_id uuid    NOT NULL,
    order_id       uuid    NOT NULL,
    amount_cents   bigint  NOT NULL,
    payout_month   text    NOT NULL,
    refunded       boolean NOT NULL DEFAULT false
);` + projections.InternalRLS("finance_refunds") + `
CREATE TABLE finance_payouts (
    application_id  uuid   NOT NULL,
    organization_id uuid   NOT NULL,
    month           text   NOT NULL,
    paid_cents      bigint NOT NULL DEFAULT 0,
    refunded_cents  bigint NOT NULL DEFAULT 0,
    fee_cents       bigint NOT NULL DEFAULT 0,
    orders          bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (application_id, organization_id, month)
);
CREATE INDEX finance_payouts_by_month ON finance_payouts (application_id, month, organization_id);` + projections.TenantRLS("finance_payouts") + `
CREATE TABLE sepa_batches (
    id             uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    month          text        NOT NULL,
    generated_at   timestamptz NOT NULL,
    execution_date date        NOT NULL,
    debtor         jsonb       NOT NULL,
    transfers      integer     NOT NULL,
    total_cents    bigint      NOT NULL,
    UNIQUE (application_id, month)
);` + projections.TenantRLS("sepa_batches") + `
CREATE TABLE sepa_transfers (
    batch_id        uuid    NOT NULL,
    line            integer NOT NULL,
    application_id  uuid    NOT NULL,
    organization_id uuid    NOT NULL,
    name            text    NOT NULL,
    account_name    text    NOT NULL,
    iban            text    NOT NULL,
    amount_cents    bigint  NOT NULL,
    end_to_end_id   text    NOT NULL,
    PRIMARY KEY (batch_id, line)
);
CREATE INDEX sepa_transfers_by_organization ON sepa_transfers (application_id, organization_id);` + projections.TenantRLS("sepa_transfers") + `
CREATE TABLE invoices (
    id               uuid    PRIMARY KEY,
    application_id   uuid    NOT NULL,
    organization_id  uuid    NOT NULL,
    number           text    NOT NULL UNIQUE,
    year             integer NOT NULL,
    sequence         bigint  NOT NULL,
    kind             text    NOT NULL,
    month            text    NOT NULL,
    issued_on        date    NOT NULL,
    amount_cents     bigint  NOT NULL,
    vat_cents        bigint  NOT NULL,
    vat_percent      integer NOT NULL,
    corrects         uuid,
    credited_by      uuid,
    reason           text    NOT NULL,
    issuer           jsonb   NOT NULL,
    customer_name    text    NOT NULL,
    customer_attn    text    NOT NULL,
    customer_address text    NOT NULL,
    UNIQUE (year, sequence)
);
CREATE INDEX invoices_by_number ON invoices (application_id, year DESC, sequence DESC);
CREATE INDEX invoices_by_organization ON invoices (application_id, organization_id, year DESC, sequence DESC);` + projections.TenantRLS("invoices") + `
CREATE TABLE invoice_months (
    application_id uuid        NOT NULL,
    month          text        NOT NULL,
    closed_at      timestamptz NOT NULL,
    invoices       integer     NOT NULL,
    PRIMARY KEY (application_id, month)
);` + projections.TenantRLS("invoice_months")
}

// addToPayouts adds the amounts of the rows a CTE named "moved" returns
// (application_id, organization_id, month, paid, refunded, fee, orders) to the payouts.
const addToPayouts = `
INSERT INTO finance_payouts AS p (application_id, organization_id, month, paid_cents, refunded_cents, fee_cents, orders)
SELECT application_id, organization_id, month, paid, refunded, fee, orders FROM moved
ON CONFLICT (application_id, organization_id, month) DO UPDATE
   SET paid_cents = p.paid_cents + excluded.paid_cents, refunded_cents = p.refunded_cents + excluded.refunded_cents,
       fee_cents = p.fee_cents + excluded.fee_cents, orders = p.orders + excluded.orders`

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	orderID := strings.TrimPrefix(e.Stream, order.StreamPrefix)
	switch p := e.Payload.(type) {
	case order.Placed:
		return w.Exec(ctx, `
			INSERT INTO finance_orders (id, application_id, organization_id, payout_month, payment_type, total_cents, fee_cents, placed_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
			orderID, p.ApplicationID, p.OrganizationID, p.PayoutMonth, p.PaymentType, p.TotalCents, p.TransactionFeeCents, p.PlacedAt)
	case order.PaymentStarted:
		return w.Exec(ctx, `
			INSERT INTO finance_payments (id, application_id, order_id, amount_cents)
			SELECT $1, application_id, id, $3 FROM finance_orders WHERE id = $2 ON CONFLICT (id) DO NOTHING`,
			p.PaymentID, orderID, p.AmountCents)
	case order.PaymentStatusChanged:
		if p.Status != order.PaymentPaid {
			return nil
		}
		if err := paid(ctx, w, p.PaymentID); err != nil {
			return err
		}
		// The fee is the platform's once the order's first payment is paid — not for a
		// payment that arrives after the order was cancelled (order.payment_after_close.v1
		// follows it): that money goes back to the customer.
		return w.Exec(ctx, `
			WITH moved AS (
			    UPDATE finance_orders SET fee_charged = true WHERE id = $1 AND NOT fee_charged AND NOT canceled
			    RETURNING application_id, organization_id, payout_month AS month, 0::bigint AS paid, 0::bigint AS refunded, fee_cents AS fee, 1::bigint AS orders)`+
			addToPayouts, orderID)
	case order.Canceled:
		return w.Exec(ctx, `UPDATE finance_orders SET canceled = true WHERE id = $1`, orderID)
	case order.PaymentAfterClose:
		// The status change before it counted the money as paid (a refund will follow);
		// counting again here changes nothing when it did.
		return paid(ctx, w, p.PaymentID)
	case order.RefundRequested:
		return w.Exec(ctx, `
			INSERT INTO finance_refunds (id, application_id, order_id, amount_cents, payout_month)
			SELECT $1, application_id, id, $3, $4 FROM finance_orders WHERE id = $2 ON CONFLICT (id) DO NOTHING`,
			p.RefundID, orderID, p.AmountCents, p.PayoutMonth)
	case order.RefundStatusChanged:
		if p.Status != order.RefundRefunded {
			return nil
		}
		// A refund counts in its own payout month: a month already paid out is never
		// corrected in place.
		return w.Exec(ctx, `
			WITH r AS (UPDATE finance_refunds SET refunded = true WHERE id = $1 AND NOT refunded RETURNING order_id, amount_cents, payout_month),
			     moved AS (
			    UPDATE finance_orders o SET refunded_cents = o.refunded_cents + r.amount_cents FROM r WHERE o.id = r.order_id
			    RETURNING o.application_id, o.organization_id, r.payout_month AS month, 0::bigint AS paid, r.amount_cents AS refunded, 0::bigint AS fee, 0::bigint AS orders)`+
			addToPayouts, p.RefundID)
	case finance.SepaBatchGenerated:
		return applyBatch(ctx, w, e, p)
	case finance.InvoiceIssued:
		return applyInvoice(ctx, w, p)
	case finance.InvoiceMonthClosed:
		return w.Exec(ctx, `INSERT INTO invoice_months (application_id, month, closed_at, invoices) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
			p.ApplicationID, string(p.Month), e.RecordedAt, p.Invoices)
	case personal.Erased:
		if !strings.HasPrefix(p.Subject, organization.StreamPrefix) {
			return nil
		}
		id := strings.TrimPrefix(p.Subject, organization.StreamPrefix)
		if err := w.Exec(ctx, `UPDATE sepa_transfers SET account_name = '', iban = '' WHERE organization_id::text = $1`, id); err != nil {
			return err
		}
		return w.Exec(ctx, `UPDATE invoices SET customer_attn = '', customer_address = '' WHERE organization_id::text = $1`, id)
	}
	return nil
}

// paid adds a payment to its order and payout month, the first time it is paid.
func paid(ctx context.Context, w projections.Writer, paymentID string) error {
	return w.Exec(ctx, `
		WITH pay AS (UPDATE finance_payments SET paid = true WHERE id = $1 AND NOT paid RETURNING order_id, amount_cents),
		     moved AS (
		    UPDATE finance_orders o SET paid_cents = o.paid_cents + pay.amount_cents FROM pay WHERE o.id = pay.order_id
		    RETURNING o.application_id, o.organization_id, o.payout_month AS month, pay.amount_cents AS paid, 0::bigint AS refunded, 0::bigint AS fee, 0::bigint AS orders)`+
		addToPayouts, paymentID)
}

func applyBatch(ctx context.Context, w projections.Writer, e projections.Event, b finance.SepaBatchGenerated) error {
	debtor, err := json.Marshal(b.Debtor)
	if err != nil {
		return err
	}
	var total int64
	for i, t := range b.Transfers {
		total += t.AmountCents
		if err := w.Exec(ctx, `
			INSERT INTO sepa_transfers (batch_id, line, application_id, organization_id, name, account_name, iban, amount_cents, end_to_end_id)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
			b.BatchID, i+1, b.ApplicationID, t.OrganizationID, t.Name, t.AccountName, t.IBAN, t.AmountCents, t.EndToEndID); err != nil {
			return err
		}
	}
	return w.Exec(ctx, `
		INSERT INTO sepa_batches (id, application_id, month, generated_at, execution_date, debtor, transfers, total_cents)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
		b.BatchID, b.ApplicationID, string(b.Month), b.GeneratedAt, b.ExecutionDate, debtor, len(b.Transfers), total)
}

func applyInvoice(ctx context.Context, w projections.Writer, inv finance.InvoiceIssued) error {
	issuer, err := json.Marshal(inv.Issuer)
	if err != nil {
		return err
	}
	var corrects *string
	if inv.Corrects != "" {
		corrects = &inv.Corrects
		if err := w.Exec(ctx, `UPDATE invoices SET credited_by = $2 WHERE id = $1`, inv.Corrects, inv.InvoiceID); err != nil {
			return err
		}
	}
	c := inv.Customer
	return w.Exec(ctx, `
		INSERT INTO invoices (id, application_id, organization_id, number, year, sequence, kind, month, issued_on, amount_cents, vat_cents,
		                      vat_percent, corrects, reason, issuer, customer_name, customer_attn, customer_address)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) ON CONFLICT (id) DO NOTHING`,
		inv.InvoiceID, inv.ApplicationID, c.OrganizationID, inv.Number, inv.Year, inv.Sequence, inv.Kind, string(inv.Month), inv.IssuedOn,
		inv.AmountCents, inv.VATCents, inv.VATPercent, corrects, inv.Reason, issuer, c.Name, c.ATTN, c.Address)
}
