package wallet

import (
	"strings"
	"time"

	"move/domain"
	"move/domain/bounds"
)

// Batch limits.
const (
	MaxQuantity   = 100_000
	MaxValueMoves = 1_000_000
	// ChunkSize is how many coupons one append issues: a batch of 100,000 is 50 appends,
	// each of which a crash leaves whole or absent.
	ChunkSize = 2000
)

// BatchSpec is what the generate form asks.
type BatchSpec struct {
	Quantity   int        `json:"quantity"`
	ValueMoves int64      `json:"value_moves"`
	Prefix     string     `json:"prefix,omitempty"`
	Suffix     string     `json:"suffix,omitempty"`
	ExpiresAt  *time.Time `json:"expires_at,omitempty"`
	Enabled    bool       `json:"enabled"`
}

// Batch is a generated set of coupons of one wallet.
type Batch struct {
	ID            string
	ApplicationID string
	WalletID      string
	Exists        bool
	Spec          BatchSpec
	Enabled       bool
	Issued        int
}

// NewBatch is the batch with id, before its events are applied.
func NewBatch(id string) *Batch { return &Batch{ID: id} }

// Apply implements domain.Aggregate.
func (b *Batch) Apply(e domain.Event) {
	switch e := e.(type) {
	case BatchGenerated:
		b.Exists, b.ApplicationID, b.WalletID, b.Spec, b.Enabled = true, e.ApplicationID, e.WalletID, e.BatchSpec, e.Enabled
	case CouponsIssued:
		b.Issued += e.Count
	case BatchEnabled:
		b.Enabled = true
	case BatchDisabled:
		b.Enabled = false
	}
}

// VisibleIn tells whether the batch exists in the application.
func (b *Batch) VisibleIn(applicationID string) bool {
	return b.Exists && b.ApplicationID == applicationID
}

// Generate decides a new batch for a wallet of the application.
func (b *Batch) Generate(w *Wallet, applicationID string, spec BatchSpec, now time.Time) ([]domain.Event, error) {
	if b.Exists {
		return nil, &domain.ConflictError{Key: "coupon_batch.exists"}
	}
	if err := w.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	spec, err := CleanBatchSpec(spec, now)
	if err != nil {
		return nil, err
	}
	return []domain.Event{BatchGenerated{ApplicationID: applicationID, WalletID: w.ID, BatchSpec: spec}}, nil
}

// Remaining is how many of the batch's coupons are still to be issued.
func (b *Batch) Remaining() int { return b.Spec.Quantity - b.Issued }

// IssueChunk decides the next chunk: the coupons with the given codes, and the batch's
// progress. The events answered for the batch go to its stream; each coupon's to its own.
func (b *Batch) IssueChunk(codes []string) (batchEvents []domain.Event, coupons []CouponIssued, err error) {
	if !b.Exists {
		return nil, nil, &domain.NotFoundError{Kind: "coupon_batch", ID: b.ID}
	}
	if len(codes) == 0 || len(codes) > b.Remaining() {
		return nil, nil, &domain.ConflictError{Key: "coupon_batch.complete"}
	}
	coupons = make([]CouponIssued, len(codes))
	for i, c := range codes {
		coupons[i] = CouponIssued{ApplicationID: b.ApplicationID, WalletID: b.WalletID, BatchID: b.ID, Code: c,
			ValueMoves: b.Spec.ValueMoves, ExpiresAt: b.Spec.ExpiresAt}
	}
	return []domain.Event{CouponsIssued{Count: len(codes)}}, coupons, nil
}

// SetEnabled enables or disables every coupon of the batch at once (a coupon is
// redeemable when it and its batch are enabled); unchanged decides nothing.
func (b *Batch) SetEnabled(applicationID, walletID string, enabled bool) ([]domain.Event, error) {
	if !b.VisibleIn(applicationID) || b.WalletID != walletID {
		return nil, &domain.NotFoundError{Kind: "coupon_batch", ID: b.ID}
	}
	if b.Enabled == enabled {
		return nil, nil
	}
	if enabled {
		return []domain.Event{BatchEnabled{}}, nil
	}
	return []domain.Event{BatchDisabled{}}, nil
}

// CleanBatchSpec validates a batch order; each failing field is named.
func CleanBatchSpec(s BatchSpec, now time.Time) (BatchSpec, error) {
	var v domain.ValidationError
	if s.Quantity < 1 || s.Quantity > MaxQuantity {
		v.Add("quantity", "validation.between", map[string]any{"min": 1, "max": MaxQuantity})
	}
	if s.ValueMoves < 1 || s.ValueMoves > MaxValueMoves {
		v.Add("value_moves", "validation.between", map[string]any{"min": 1, "max": MaxValueMoves})
	}
	s.Prefix = strings.ToUpper(strings.TrimSpace(s.Prefix))
	s.Suffix = strings.ToUpper(strings.TrimSpace(s.Suffix))
	for _, f := range []struct{ field, value string }{{"prefix", s.Prefix}, {"suffix", s.Suffix}} {
		if len(f.value) > MaxAffix || NormalizeCode(f.value) != f.value {
			v.Add(f.field, "coupon.affix", map[string]any{"max": MaxAffix})
		}
	}
	if s.ExpiresAt != nil {
		at := s.ExpiresAt.UTC().Truncate(time.Second)
		if !at.After(now) {
			v.Add("expires_at", "validation.future", nil)
		} else {
			bounds.Instant(&v, "expires_at", at, now)
		}
		s.ExpiresAt = &at
	}
	return s, v.OrNil()
}

// Coupon is one code worth some moves in one wallet.
type Coupon struct {
	ID            string
	ApplicationID string
	WalletID      string
	BatchID       string
	Code          string
	ValueMoves    int64
	ExpiresAt     *time.Time
	Exists        bool
	Enabled       bool
	Redeemed      bool
	CustomerID    string
}

// NewCoupon is the coupon with id, before its events are applied.
func NewCoupon(id string) *Coupon { return &Coupon{ID: id} }

// Apply implements domain.Aggregate.
func (c *Coupon) Apply(e domain.Event) {
	switch e := e.(type) {
	case CouponIssued:
		c.Exists, c.Enabled = true, true
		c.ApplicationID, c.WalletID, c.BatchID, c.Code = e.ApplicationID, e.WalletID, e.BatchID, e.Code
		c.ValueMoves, c.ExpiresAt = e.ValueMoves, e.ExpiresAt
	case CouponEnabled:
		c.Enabled = true
	case CouponDisabled:
		c.Enabled = false
	case CouponRedeemed:
		c.Redeemed, c.CustomerID = true, e.CustomerID
	}
}

// VisibleIn tells whether the coupon exists in the application.
func (c *Coupon) VisibleIn(applicationID string) bool {
	return c.Exists && c.ApplicationID == applicationID
}

// SetEnabled enables or disables this coupon; unchanged decides nothing. A redeemed
// coupon has nothing left to enable or disable.
func (c *Coupon) SetEnabled(applicationID string, enabled bool) ([]domain.Event, error) {
	if !c.VisibleIn(applicationID) {
		return nil, &domain.NotFoundError{Kind: "coupon", ID: c.ID}
	}
	if c.Redeemed {
		return nil, &domain.ConflictError{Key: "coupon.already_redeemed"}
	}
	if c.Enabled == enabled {
		return nil, nil
	}
	if enabled {
		return []domain.Event{CouponEnabled{}}, nil
	}
	return []domain.Event{CouponDisabled{}}, nil
}

// Redemption is a customer's request to redeem a coupon into a wallet.
type Redemption struct {
	ApplicationID string
	WalletID      string
	CustomerID    string
	Via           string
	// FirstTopUp: the customer has never topped this wallet up before (the caller
	// holds the wallet's first-top-up reservation for this coupon).
	FirstTopUp bool
}

// Redeem decides the redemption, or refuses it with the reason: an unknown code (in
// this application and wallet), a disabled coupon or batch, an expired coupon, one
// already redeemed, or a wallet that takes no (more) top-ups.
func (c *Coupon) Redeem(w *Wallet, b *Batch, r Redemption, now time.Time) ([]domain.Event, error) {
	if !c.VisibleIn(r.ApplicationID) || c.WalletID != r.WalletID || !w.VisibleIn(r.ApplicationID) {
		v := &domain.ValidationError{}
		v.Add("code", "coupon.unknown", nil)
		return nil, v
	}
	switch {
	case c.Redeemed && c.CustomerID == r.CustomerID:
		return nil, &domain.ConflictError{Key: "coupon.already_redeemed_by_you"}
	case c.Redeemed:
		return nil, &domain.ConflictError{Key: "coupon.already_redeemed"}
	case !c.Enabled || !b.Enabled:
		return nil, &domain.ConflictError{Key: "coupon.disabled"}
	case c.ExpiresAt != nil && !now.Before(*c.ExpiresAt):
		return nil, &domain.ConflictError{Key: "coupon.expired", Params: map[string]any{"expired_at": c.ExpiresAt.Format(time.RFC3339)}}
	case !w.Settings.CanTopUp:
		return nil, &domain.ConflictError{Key: "wallet.no_top_up"}
	case w.Settings.CanTopUpOnce && !r.FirstTopUp:
		return nil, &domain.ConflictError{Key: "wallet.topped_up_once"}
	}
	if r.CustomerID == "" || (r.Via != ViaApp && r.Via != ViaSupport) {
		return nil, &domain.ConflictError{Key: "coupon.redemption_invalid"}
	}
	return []domain.Event{CouponRedeemed{WalletID: w.ID, CustomerID: r.CustomerID, ValueMoves: c.ValueMoves, Via: r.Via}}, nil
}
