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
	// Orders' payments debited and refunds credited, by their ids: each happens once.
	Debits, Refunds map[string]bool
}

// NewAccount is the account with id, before its events are applied.
func NewAccount(id string) *Account {
	return &Account{ID: id, Credited: map[string]bool{}, Debits: map[string]bool{}, Refunds: map[string]bool{}}
}

// Apply implements domain.Aggregate.
func (a *Account) Apply(e domain.Event) {
	switch e := e.(type) {
	case Credited:
		a.Balance += e.Moves
		a.Credited[e.CouponID] = true
	case Debited:
		a.Balance -= e.Moves
		a.Debits[e.PaymentID] = true
	case RefundCredited:
		a.Balance += e.Moves
		a.Refunds[e.RefundID] = true
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

// Debit decides paying an order's payment with moves: refused when the balance is too
// low; a payment debited before decides nothing.
func (a *Account) Debit(applicationID, walletID, customerID string, moves int64, orderID, paymentID string) ([]domain.Event, error) {
	if a.Debits[paymentID] {
		return nil, nil
	}
	if moves > a.Balance {
		return nil, &domain.ConflictError{Key: "order.insufficient_moves", Params: map[string]any{"balance": a.Balance, "price": moves}}
	}
	return []domain.Event{Debited{ApplicationID: applicationID, WalletID: walletID, CustomerID: customerID, Moves: moves,
		OrderID: orderID, PaymentID: paymentID}}, nil
}

// CreditRefund decides returning a refund's moves, once.
func (a *Account) CreditRefund(applicationID, walletID, customerID string, moves int64, orderID, refundID string) []domain.Event {
	if a.Refunds[refundID] || moves <= 0 {
		return nil
	}
	return []domain.Event{RefundCredited{ApplicationID: applicationID, WalletID: walletID, CustomerID: customerID, Moves: moves,
		OrderID: orderID, RefundID: refundID}}
}
