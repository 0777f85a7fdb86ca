// Package order is what a customer pays for a booking and what comes back: the order
// with its lines, VAT per tier, transaction fee and total, its payments (each with its
// own state, as a Mollie-style provider reports it) and its refunds (each with its own
// state too). The transaction status the spec shows (free, open, complete, paid,
// failed, canceled, expired, external, refunded, partly_refunded) is derived from them
// (Order.Status), never stored as a fact.
//
// Stream: order-{id}; the id derives from the booking it pays for, so one booking has
// one order however often placing it is retried. Every event of an order lands in its
// stream; refunds are decided at the stream's version, so several refunds at once can
// never return more than was paid (docs/decisions/0900-orders-and-payments.md).
//
// The shapes below are read by the finance context (payouts, SEPA, invoices): they are
// permanent. A change is a new version with an upcaster.
package order

import (
	"encoding/json"
	"time"

	"move/domain"
)

// Payment types (spec §3 Order.payment_type).
const (
	PaymentFree     = "free"     // nothing to pay: total 0
	PaymentMoves    = "moves"    // paid from a customer's wallet account
	PaymentEuros    = "euros"    // paid through the payment provider
	PaymentExternal = "external" // paid elsewhere (the activity's payment_url)
)

// Payment statuses, as a Mollie-style provider names them.
const (
	PaymentOpen       = "open"
	PaymentPending    = "pending"
	PaymentAuthorized = "authorized"
	PaymentPaid       = "paid"
	PaymentCanceled   = "canceled"
	PaymentExpired    = "expired"
	PaymentFailed     = "failed"
)

// Refund statuses, as a Mollie-style provider names them; a refund in moves is
// refunded at once.
const (
	RefundQueued     = "queued"
	RefundPending    = "pending"
	RefundProcessing = "processing"
	RefundRefunded   = "refunded"
	RefundFailed     = "failed"
)

// Line is one thing bought. Prices include VAT (spec §9); the VAT of a line is not
// stored, only its tier: VAT is computed per tier over the order (decision 0901).
type Line struct {
	LineID         string `json:"line_id"`
	Title          string `json:"title"`
	Quantity       int64  `json:"quantity"`
	UnitPriceCents int64  `json:"unit_price_cents"`
	TotalCents     int64  `json:"total_cents"` // quantity × unit price
	VATTier        string `json:"vat_tier"`    // zero, low, high (rate.VATTier)
	VATPercent     int    `json:"vat_percent"` // 0, 9, 21 at the time of placing
	RateID         string `json:"rate_id,omitempty"`
	BookingID      string `json:"booking_id,omitempty"`
	SessionID      string `json:"session_id,omitempty"`
	// BundleID names the bundle of a bundle booking's line (decision 0908): added
	// optional, so lines placed before read as sessions' lines, as they were.
	BundleID string `json:"bundle_id,omitempty"`
	// ProductID names the product of a purchase's line; BookingID is then the purchase
	// (order.placed.v2, decision 1003).
	ProductID string `json:"product_id,omitempty"`
}

// TierVAT is the VAT of one tier: GrossCents (including VAT) of the tier's lines and
// the VAT in it, rounded once per tier (decision 0901).
type TierVAT struct {
	VATTier    string `json:"vat_tier"`
	VATPercent int    `json:"vat_percent"`
	GrossCents int64  `json:"gross_cents"`
	VATCents   int64  `json:"vat_cents"`
}

// Placed: a customer ordered. SubtotalCents = TotalCents − VATCents; TotalCents is the
// sum of the lines; the fee is what the platform keeps of it (paid by the organisation
// out of its payout, not added to the customer's price). PayoutMonth (YYYY-MM, in the
// application's time zone) is the month the order counts in for payouts.
type Placed struct {
	ApplicationID       string    `json:"application_id"`
	OrganizationID      string    `json:"organization_id"`
	CustomerID          string    `json:"customer_id,omitempty"`
	ActivityID          string    `json:"activity_id,omitempty"`
	Lines               []Line    `json:"lines"`
	VAT                 []TierVAT `json:"vat"`
	SubtotalCents       int64     `json:"subtotal_cents"`
	VATCents            int64     `json:"vat_cents"`
	TransactionFeeCents int64     `json:"transaction_fee_cents"`
	TotalCents          int64     `json:"total_cents"`
	PaymentType         string    `json:"payment_type"`
	WalletID            string    `json:"wallet_id,omitempty"`   // moves: the wallet paid from
	PaymentURL          string    `json:"payment_url,omitempty"` // external: where it is paid
	PayoutMonth         string    `json:"payout_month"`
	PlacedAt            time.Time `json:"placed_at"`
}

// PaymentStarted: a payment of the order began (moves: the debit; euros: a payment to
// create at the provider, by the payment process, with PaymentID as idempotency key).
type PaymentStarted struct {
	PaymentID   string    `json:"payment_id"`
	Method      string    `json:"method"` // moves or euros
	AmountCents int64     `json:"amount_cents"`
	Moves       int64     `json:"moves,omitempty"` // moves: the moves debited
	WalletID    string    `json:"wallet_id,omitempty"`
	At          time.Time `json:"at"`
}

// PaymentCreated: the provider created the payment; the customer pays at CheckoutURL.
type PaymentCreated struct {
	PaymentID         string    `json:"payment_id"`
	ProviderPaymentID string    `json:"provider_payment_id"`
	CheckoutURL       string    `json:"checkout_url"`
	At                time.Time `json:"at"`
}

// PaymentStatusChanged: a payment's status changed (moves: paid at once; euros: as the
// provider reports it, learned from a webhook or by asking). Status changes only
// forward (a late "open" after "paid" is not recorded).
type PaymentStatusChanged struct {
	PaymentID string    `json:"payment_id"`
	From      string    `json:"from"`
	Status    string    `json:"status"`
	At        time.Time `json:"at"`
}

// RefundLine is the part of one order line a refund returns.
type RefundLine struct {
	LineID      string `json:"line_id"`
	AmountCents int64  `json:"amount_cents"`
}

// Refund reasons' origin.
const (
	RefundByStaff        = "staff"        // a person refunded (refund order command)
	RefundByCancellation = "cancellation" // a participant cancelled: the term's percentage
	RefundByAfterClose   = "after_close"  // paid after the order was cancelled: all of it (0911)
)

// RefundRequested: money goes back to the customer. AmountCents is spread over the
// lines (Lines sum to it) and VAT is that of the refunded amount per tier, with the
// same rounding as the order. ActorID is who asked (a user, or a process for a
// cancellation); Reason is required. Moves: RefundStatusChanged(refunded) and the
// wallet credit are in the same append. PayoutMonth is the month the refund counts in.
type RefundRequested struct {
	RefundID    string       `json:"refund_id"`
	PaymentID   string       `json:"payment_id"`
	Method      string       `json:"method"` // moves or euros
	AmountCents int64        `json:"amount_cents"`
	Moves       int64        `json:"moves,omitempty"`
	Lines       []RefundLine `json:"lines"`
	VAT         []TierVAT    `json:"vat"`
	Reason      string       `json:"reason"`
	Origin      string       `json:"origin"` // staff, cancellation or after_close (0911)
	ActorID     string       `json:"actor_id"`
	PayoutMonth string       `json:"payout_month"`
	At          time.Time    `json:"at"`
}

// RefundStatusChanged: a refund's status changed (euros: as the provider reports it;
// ProviderRefundID is set once the provider took the refund).
type RefundStatusChanged struct {
	RefundID         string    `json:"refund_id"`
	ProviderRefundID string    `json:"provider_refund_id,omitempty"`
	From             string    `json:"from"`
	Status           string    `json:"status"`
	At               time.Time `json:"at"`
}

// Canceled: the order was cancelled before it was paid (its booking was cancelled
// while the payment was open); an open payment is no longer awaited.
type Canceled struct {
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
}

// PaymentAfterClose: a provider reported a payment paid for an order that was already
// cancelled or expired (pretix: a case for a person, not a silent success). Nothing
// else changes; the overview shows it for staff to refund.
type PaymentAfterClose struct {
	PaymentID string    `json:"payment_id"`
	At        time.Time `json:"at"`
}

func (Placed) EventType() string { return "order.placed.v2" }

// PlacedV1 is order.placed.v1: the same shape without a line's product_id. It reads as
// v2 unchanged (decision 1003).
const PlacedV1 = "order.placed.v1"

func (PaymentStarted) EventType() string       { return "order.payment_started.v1" }
func (PaymentCreated) EventType() string       { return "order.payment_created.v1" }
func (PaymentStatusChanged) EventType() string { return "order.payment_status_changed.v1" }
func (RefundRequested) EventType() string      { return "order.refund_requested.v1" }
func (RefundStatusChanged) EventType() string  { return "order.refund_status_changed.v1" }
func (Canceled) EventType() string             { return "order.canceled.v1" }
func (PaymentAfterClose) EventType() string    { return "order.payment_after_close.v1" }

// Register adds the order events to a registry.
func Register(r *domain.Registry) {
	r.Register(Placed{}, PaymentStarted{}, PaymentCreated{}, PaymentStatusChanged{}, RefundRequested{},
		RefundStatusChanged{}, Canceled{}, PaymentAfterClose{})
	r.RegisterUpcaster(PlacedV1, func(data json.RawMessage) (string, json.RawMessage, error) {
		return Placed{}.EventType(), data, nil
	})
}

// EventTypes lists every order event type.
func EventTypes() []string {
	return []string{PlacedV1, Placed{}.EventType(), PaymentStarted{}.EventType(), PaymentCreated{}.EventType(),
		PaymentStatusChanged{}.EventType(), RefundRequested{}.EventType(), RefundStatusChanged{}.EventType(),
		Canceled{}.EventType(), PaymentAfterClose{}.EventType()}
}

// StreamPrefix names an order's stream; permanent.
const StreamPrefix = "order-"

// Stream is the stream of one order.
func Stream(orderID string) string { return StreamPrefix + orderID }
