package wallet

import (
	"github.com/google/uuid"

	"move/domain"
)

var accountNamespace = uuid.MustParse("0d6f3f0e-2f5e-4a8c-8d0b-7c4b1e9a6f21")

// AccountID is the id of a customer's account in a wallet.
func AccountID(walletID, customerID string) string {
	return uuid.NewSHA1(accountNamespace, []byte(walletID+"/"+customerID)).String()
}

// Account is one customer's moves in one wallet.
type Account struct {
	ID       string
	Balance  int64
	Credited map[string]bool // coupon ids already credited
}

// NewAccount is the account with id, before its events are applied.
func NewAccount(id string) *Account { return &Account{ID: id, Credited: map[string]bool{}} }

// Apply implements domain.Aggregate.
func (a *Account) Apply(e domain.Event) {
	if e, ok := e.(Credited); ok {
		a.Balance += e.Moves
		a.Credited[e.CouponID] = true
	}
}

// CreditRedemption decides the credit of a redeemed coupon's moves; a coupon credited
// before decides nothing, so the step is safe to repeat.
func (a *Account) CreditRedemption(c *Coupon) ([]domain.Event, error) {
	if !c.Exists || !c.Redeemed {
		return nil, &domain.ConflictError{Key: "coupon.not_redeemed"}
	}
	if AccountID(c.WalletID, c.CustomerID) != a.ID {
		return nil, &domain.ConflictError{Key: "wallet.account_mismatch"}
	}
	if a.Credited[c.ID] {
		return nil, nil
	}
	return []domain.Event{Credited{ApplicationID: c.ApplicationID, WalletID: c.WalletID, CustomerID: c.CustomerID,
		Moves: c.ValueMoves, CouponID: c.ID}}, nil
}
