// Package wallet is the platform's internal credit: wallets (an application's kinds of
// moves), coupon batches and coupons that carry moves, and each customer's account in a
// wallet. A coupon is redeemed once; its moves are credited to the customer's account
// once (the credit is a separate step, driven by the coupon's redeemed event: see
// processes/ and docs/decisions/0400-wallets-and-coupons.md).
//
// Streams: wallet-{id}, coupon_batch-{id}, coupon-{id} (the id derives from the code,
// so the stream itself keeps codes unique), wallet_account-{id} (one per wallet and
// customer).
package wallet

import (
	"time"

	"move/domain"
)

// Settings are what the wallet form edits.
type Settings struct {
	Name             string   `json:"name"`
	Slug             string   `json:"slug"`
	IconID           *string  `json:"icon_id,omitempty"`
	IncludedLabels   []string `json:"included_labels"`
	ExcludedLabels   []string `json:"excluded_labels"`
	PriceDisplayMode string   `json:"price_display_mode"`
	CanTopUp         bool     `json:"can_top_up"`
	CanTopUpOnce     bool     `json:"can_top_up_once"`
}

// Created: a new wallet of an application.
type Created struct {
	ApplicationID string `json:"application_id"`
	Settings
}

// Updated: the wallet's settings, whole.
type Updated struct{ Settings }

// BatchGenerated: a batch of Quantity coupons was ordered; its coupons are issued in
// chunks (CouponsIssued) until all exist.
type BatchGenerated struct {
	ApplicationID string `json:"application_id"`
	WalletID      string `json:"wallet_id"`
	BatchSpec
}

// CouponsIssued: Count more coupons of the batch exist (one chunk, written in the same
// append as the chunk's coupons).
type CouponsIssued struct {
	Count int `json:"count"`
}

type BatchEnabled struct{}
type BatchDisabled struct{}

// CouponIssued: one coupon with its code. Value and expiry are copied from the batch so
// the coupon decides redemptions alone.
type CouponIssued struct {
	ApplicationID string     `json:"application_id"`
	WalletID      string     `json:"wallet_id"`
	BatchID       string     `json:"batch_id"`
	Code          string     `json:"code"`
	ValueMoves    int64      `json:"value_moves"`
	ExpiresAt     *time.Time `json:"expires_at,omitempty"`
}

type CouponEnabled struct{}
type CouponDisabled struct{}

// CouponRedeemed: the coupon's moves belong to the customer now. The acting user (the
// customer, or support staff acting for them) is the event's actor; Via says which.
type CouponRedeemed struct {
	WalletID   string `json:"wallet_id"`
	CustomerID string `json:"customer_id"`
	ValueMoves int64  `json:"value_moves"`
	Via        string `json:"via"`
}

// Credited: moves were added to a customer's account, for a redeemed coupon.
type Credited struct {
	ApplicationID string `json:"application_id"`
	WalletID      string `json:"wallet_id"`
	CustomerID    string `json:"customer_id"`
	Moves         int64  `json:"moves"`
	CouponID      string `json:"coupon_id"`
}

// Debited: moves left a customer's account to pay an order (decision 0904); the order's
// payment id makes it once.
type Debited struct {
	ApplicationID string `json:"application_id"`
	WalletID      string `json:"wallet_id"`
	CustomerID    string `json:"customer_id"`
	Moves         int64  `json:"moves"`
	OrderID       string `json:"order_id"`
	PaymentID     string `json:"payment_id"`
}

// RefundCredited: moves came back to a customer's account from an order's refund.
type RefundCredited struct {
	ApplicationID string `json:"application_id"`
	WalletID      string `json:"wallet_id"`
	CustomerID    string `json:"customer_id"`
	Moves         int64  `json:"moves"`
	OrderID       string `json:"order_id"`
	RefundID      string `json:"refund_id"`
}

func (Debited) EventType() string        { return "wallet.debited.v1" }
func (RefundCredited) EventType() string { return "wallet.refund_credited.v1" }
func (Created) EventType() string        { return "wallet.created.v1" }
func (Updated) EventType() string        { return "wallet.updated.v1" }
func (BatchGenerated) EventType() string { return "coupon_batch.generated.v1" }
func (CouponsIssued) EventType() string  { return "coupon_batch.coupons_issued.v1" }
func (BatchEnabled) EventType() string   { return "coupon_batch.enabled.v1" }
func (BatchDisabled) EventType() string  { return "coupon_batch.disabled.v1" }
func (CouponIssued) EventType() string   { return "coupon.issued.v1" }
func (CouponEnabled) EventType() string  { return "coupon.enabled.v1" }
func (CouponDisabled) EventType() string { return "coupon.disabled.v1" }
func (CouponRedeemed) EventType() string { return "coupon.redeemed.v1" }
func (Credited) EventType() string       { return "wallet.credited.v1" }

// Register adds the wallet events to a registry.
func Register(r *domain.Registry) {
	r.Register(Created{}, Updated{}, BatchGenerated{}, CouponsIssued{}, BatchEnabled{}, BatchDisabled{},
		CouponIssued{}, CouponEnabled{}, CouponDisabled{}, CouponRedeemed{}, Credited{}, Debited{}, RefundCredited{})
}

// EventTypes lists every wallet event type.
func EventTypes() []string {
	return []string{Created{}.EventType(), Updated{}.EventType(), BatchGenerated{}.EventType(),
		CouponsIssued{}.EventType(), BatchEnabled{}.EventType(), BatchDisabled{}.EventType(),
		CouponIssued{}.EventType(), CouponEnabled{}.EventType(), CouponDisabled{}.EventType(),
		CouponRedeemed{}.EventType(), Credited{}.EventType(), Debited{}.EventType(), RefundCredited{}.EventType()}
}

// Stream names; the prefixes are permanent.
func Stream(id string) string        { return "wallet-" + id }
func BatchStream(id string) string   { return "coupon_batch-" + id }
func CouponStream(id string) string  { return "coupon-" + id }
func AccountStream(id string) string { return "wallet_account-" + id }

// Reservation scopes: a wallet's slug within its application, and a customer's first
// top-up of a wallet (taken by the coupon that made it, so "top up once" holds even
// for two codes redeemed at the same instant).
const (
	SlugScope       = "wallet_slug"
	FirstTopUpScope = "wallet_first_topup"
)

// Price display modes (spec section 9).
const (
	DisplayEUR   = "eur"
	DisplayMoves = "moves"
	DisplayBoth  = "both"
)

// Ways a coupon is redeemed.
const (
	ViaApp     = "app"
	ViaSupport = "support"
)
