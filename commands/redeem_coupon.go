package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/identity"
	"move/domain/reservation"
	"move/domain/wallet"
)

// CreditActor is the actor of the credits the wallet-credit step writes: a step of the
// system, caused by a redemption (its correlation id ties them).
const CreditActor = "process:wallet-credit"

// Redemption asks to redeem a code into a customer's account in a wallet.
type Redemption struct {
	WalletID   string
	CustomerID string
	Code       string
	// Via is wallet.ViaApp (the customer) or wallet.ViaSupport (staff acting for them).
	Via string
}

// Redeemed is a redemption's outcome: the coupon, its moves, and where the credit
// landed (the position the customer's balance includes).
type Redeemed struct {
	Result
	CouponID string
	Moves    int64
}

// RedeemCoupon redeems a code, once: any number of concurrent redemptions of one code
// find one coupon stream version, and one append wins. The credit to the customer's
// account follows as its own step (CreditRedemption); should the process stop between
// the two, the wallet-credit process finds the redeemed coupon without a credit and
// completes it (processes/wallet_credit.go).
func (a *App) RedeemCoupon(ctx context.Context, meta Meta, in Redemption) (Redeemed, error) {
	code := wallet.NormalizeCode(in.Code)
	if code == "" {
		v := &domain.ValidationError{}
		v.Add("code", "validation.required", nil)
		return Redeemed{}, v
	}
	if len(code) > 2*wallet.MaxAffix+wallet.RandomLength {
		v := &domain.ValidationError{}
		v.Add("code", "coupon.unknown", nil)
		return Redeemed{}, v
	}
	couponID := wallet.CouponID(code)
	// Ids in one spelling: an upper-case customer id must not open a second account
	// (and a second "first top-up").
	in.WalletID, in.CustomerID = canonicalID(in.WalletID), canonicalID(in.CustomerID)
	var moves int64
	_, err := a.run.execute(ctx, meta, couponID, func(u *unit) error {
		c := wallet.NewCoupon(couponID)
		if err := u.load(wallet.CouponStream(couponID), c); err != nil {
			return err
		}
		w := wallet.New(in.WalletID)
		if in.WalletID != "" {
			if err := u.load(wallet.Stream(in.WalletID), w); err != nil {
				return err
			}
		}
		b := wallet.NewBatch(c.BatchID)
		if c.Exists {
			if err := u.load(wallet.BatchStream(c.BatchID), b); err != nil {
				return err
			}
		}
		if err := u.checkCustomer(meta.ApplicationID, in.CustomerID); err != nil {
			return err
		}
		firstTopUp := reservation.Stream(wallet.FirstTopUpScope, in.WalletID+"/"+in.CustomerID)
		var first reservation.Reservation
		if err := u.load(firstTopUp, &first); err != nil {
			return err
		}
		events, err := c.Redeem(w, b, wallet.Redemption{ApplicationID: meta.ApplicationID, WalletID: in.WalletID,
			CustomerID: in.CustomerID, Via: in.Via, FirstTopUp: first.Owner == "" || first.Owner == couponID}, u.now)
		if err != nil {
			return err
		}
		moves = c.ValueMoves
		if err := u.append(wallet.CouponStream(couponID), c, events...); err != nil {
			return err
		}
		reserved, _ := first.Reserve(couponID) // nothing when an earlier top-up holds it
		return u.append(firstTopUp, &first, reserved...)
	})
	if err != nil {
		return Redeemed{}, err
	}
	if a.afterRedeem != nil {
		a.afterRedeem()
	}
	res, err := a.CreditRedemption(ctx, meta.CorrelationID, couponID)
	if err != nil {
		return Redeemed{}, err
	}
	return Redeemed{Result: res, CouponID: couponID, Moves: moves}, nil
}

// CreditRedemption credits a redeemed coupon's moves to its customer's account. Its
// command id derives from the coupon, and the account remembers the coupons it was
// credited for: repeating it (the redeem request, then the wallet-credit process after
// a crash) credits once.
func (a *App) CreditRedemption(ctx context.Context, correlationID, couponID string) (Result, error) {
	id, err := uuid.Parse(couponID)
	if err != nil {
		return Result{}, &domain.NotFoundError{Kind: "coupon", ID: couponID}
	}
	meta := Meta{CommandID: uuid.NewSHA1(id, []byte("credit")), ActorID: CreditActor, CorrelationID: correlationID}
	return a.run.execute(ctx, meta, couponID, func(u *unit) error {
		c := wallet.NewCoupon(couponID)
		if err := u.load(wallet.CouponStream(couponID), c); err != nil {
			return err
		}
		if !c.Redeemed {
			return &domain.ConflictError{Key: "coupon.not_redeemed"}
		}
		u.meta.ApplicationID = c.ApplicationID
		account := wallet.NewAccount(wallet.AccountID(c.WalletID, c.CustomerID))
		if err := u.load(wallet.AccountStream(account.ID), account); err != nil {
			return err
		}
		events, err := account.CreditRedemption(c)
		if err != nil {
			return err
		}
		return u.append(wallet.AccountStream(account.ID), account, events...)
	})
}

// canonicalID answers a UUID in its one lower-case spelling, and anything else empty.
func canonicalID(s string) string {
	id, err := uuid.Parse(s)
	if err != nil {
		return ""
	}
	return id.String()
}

// checkCustomer: the user exists and is a customer of the application.
func (u *unit) checkCustomer(applicationID, userID string) error {
	unknown := func() error {
		v := &domain.ValidationError{}
		v.Add("customer_id", "wallet.unknown_customer", nil)
		return v
	}
	if _, err := uuid.Parse(userID); err != nil {
		return unknown()
	}
	user := identity.NewUser(userID)
	if err := u.load(identity.UserStream(userID), user); err != nil {
		return err
	}
	if !user.Exists || !user.Grants[identity.Grant{Role: identity.RoleCustomer, ApplicationID: applicationID}] {
		return unknown()
	}
	return nil
}

// SetCouponEnabled enables or disables one coupon.
func (a *App) SetCouponEnabled(ctx context.Context, meta Meta, couponID string, enabled bool) (Result, error) {
	if _, err := uuid.Parse(couponID); err != nil {
		return Result{}, &domain.NotFoundError{Kind: "coupon", ID: couponID}
	}
	return a.run.execute(ctx, meta, couponID, func(u *unit) error {
		c := wallet.NewCoupon(couponID)
		if err := u.load(wallet.CouponStream(couponID), c); err != nil {
			return err
		}
		events, err := c.SetEnabled(meta.ApplicationID, enabled)
		if err != nil {
			return err
		}
		return u.append(wallet.CouponStream(couponID), c, events...)
	})
}

// SetBatchEnabled enables or disables a wallet's whole batch.
func (a *App) SetBatchEnabled(ctx context.Context, meta Meta, walletID, batchID string, enabled bool) (Result, error) {
	if _, err := uuid.Parse(batchID); err != nil {
		return Result{}, &domain.NotFoundError{Kind: "coupon_batch", ID: batchID}
	}
	return a.run.execute(ctx, meta, batchID, func(u *unit) error {
		b := wallet.NewBatch(batchID)
		if err := u.load(wallet.BatchStream(batchID), b); err != nil {
			return err
		}
		events, err := b.SetEnabled(meta.ApplicationID, walletID, enabled)
		if err != nil {
			return err
		}
		return u.append(wallet.BatchStream(batchID), b, events...)
	})
}
