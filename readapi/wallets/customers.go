package wallets

import (
	"context"
	"errors"
	"fmt"
	"move/commands"
	"move/domain"
	"move/domain/identity"
	"move/domain/names"
	"move/domain/wallet"
	"move/eventstore"
	"move/projections"
	rmwallets "move/projections/wallets"
	"move/readapi/kernel"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

type supportRedeemInput struct {
	CustomerID string `json:"customer_id"`
	Code       string `json:"code"`
}

type redeemInput struct {
	Code string `json:"code"`
}

type redeemAnswer struct {
	Data struct {
		CouponID string `json:"coupon_id"`
		Moves    int64  `json:"moves"`
		Balance  int64  `json:"balance"`
	} `json:"data"`
	Meta kernel.CommandMeta `json:"meta"`
}

type customerRef struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

type customerBalance struct {
	Customer     customerRef `json:"customer"`
	Balance      int64       `json:"balance"`
	CreditsCount int         `json:"credits_count"`
	LastTopUpAt  *string     `json:"last_top_up_at"`
}

type customerWallets struct {
	Customer customerRef     `json:"customer"`
	Wallets  []walletBalance `json:"wallets"`
	History  []ledgerEntry   `json:"history"`
}

type walletBalance struct {
	WalletID string `json:"wallet_id"`
	Name     string `json:"name"`
	Balance  int64  `json:"balance"`
}

type ledgerEntry struct {
	WalletID   string  `json:"wallet_id"`
	WalletName string  `json:"wallet_name"`
	Moves      int64   `json:"moves"`
	CouponID   *string `json:"coupon_id"`
	Code       *string `json:"code"`
	At         string  `json:"at"`
}

// consumerWallet is a wallet as the consumer app shows it, with the caller's balance.
type consumerWallet struct {
	ID               string  `json:"id"`
	Name             string  `json:"name"`
	Slug             string  `json:"slug"`
	IconID           *string `json:"icon_id"`
	PriceDisplayMode string  `json:"price_display_mode"`
	CanTopUp         bool    `json:"can_top_up"`
	CanTopUpOnce     bool    `json:"can_top_up_once"`
	Balance          int64   `json:"balance"`
}

// balanceAfter is the customer's balance in the wallet once the read model has passed
// pos (the credit), within the read wait.
func (s *Handlers) balanceAfter(r *http.Request, walletID, customerID string, pos eventstore.Position) (int64, error) {
	ctx, cancel := context.WithTimeout(r.Context(), s.ReadWait)
	defer cancel()
	if err := projections.WaitFor(ctx, s.DB, []string{rmwallets.Name}, pos); err != nil {
		kernel.Logger(r).Warn("wallet read model behind the redemption", "position", pos.String(), "error", err)
	}
	var balance int64
	err := s.InTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT coalesce((SELECT balance FROM readmodel.wallet_accounts
			WHERE application_id = $1 AND wallet_id = $2 AND customer_id = $3), 0)`, kernel.TenantFrom(r.Context()).ApplicationID, walletID, customerID).Scan(&balance)
	})
	return balance, err
}

// redeem runs a redemption and answers the coupon, its moves and the new balance.
func (s *Handlers) redeem(w http.ResponseWriter, r *http.Request, in commands.Redemption) error {
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.RedeemCoupon(r.Context(), m, in)
	s.CountCommand("redeem_coupon", err)
	if err != nil {
		return err
	}
	balance, err := s.balanceAfter(r, in.WalletID, in.CustomerID, res.Position)
	if err != nil {
		return err
	}
	var a redeemAnswer
	a.Data.CouponID, a.Data.Moves, a.Data.Balance = res.CouponID, res.Moves, balance
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	kernel.WriteJSON(w, http.StatusOK, a)
	return nil
}

// redeemForCustomer: support staff redeem a code for a customer.
func (s *Handlers) redeemForCustomer(w http.ResponseWriter, r *http.Request) error {
	walletID, err := kernel.UUIDParam(r, "wallet_id", "wallet")
	if err != nil {
		return err
	}
	var in supportRedeemInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	customer := strings.TrimSpace(in.CustomerID)
	if id, err := uuid.Parse(customer); err == nil {
		customer = id.String() // one account per customer, however the id is spelled
	} else {
		return &kernel.APIError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
			Fields: map[string]domain.FieldError{"customer_id": {Field: "customer_id", Key: "wallet.unknown_customer"}}}
	}
	return s.redeem(w, r, commands.Redemption{WalletID: walletID, CustomerID: customer, Code: in.Code, Via: wallet.ViaSupport})
}

// refused tells a redemption the customer was refused (counted against guessing) from
// a failure of the server.
func refused(err error) bool {
	var (
		api        *kernel.APIError
		validation *domain.ValidationError
		notFound   *domain.NotFoundError
		conflict   *domain.ConflictError
	)
	return errors.As(err, &api) || errors.As(err, &validation) || errors.As(err, &notFound) || errors.As(err, &conflict)
}

// redeemOwn: a customer redeems a code in the consumer app. Refusals count against a
// per-user limit, so codes cannot be guessed (0404).
func (s *Handlers) redeemOwn(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	caller, app := kernel.PrincipalFrom(ctx).UserID, kernel.TenantFrom(ctx).ApplicationID
	// The attempt is counted before the code is tried, so concurrent guesses cannot all
	// be tried before any is counted; one that is not refused is forgiven (0531).
	attempt, ok, wait, err := s.RedeemFailures.Take(ctx, app+"/"+caller, time.Now())
	if err != nil {
		return err
	}
	if !ok {
		w.Header().Set("Retry-After", fmt.Sprint(int(wait.Seconds()+0.999)))
		return kernel.ErrStatus(http.StatusTooManyRequests, "error.rate_limited")
	}
	err = func() error {
		walletID, err := kernel.UUIDParam(r, "wallet_id", "wallet")
		if err != nil {
			return err
		}
		var in redeemInput
		if err := kernel.Decode(r, w, &in); err != nil {
			return err
		}
		return s.redeem(w, r, commands.Redemption{WalletID: walletID, CustomerID: caller, Code: in.Code, Via: wallet.ViaApp})
	}()
	if err == nil || !refused(err) {
		if forgiveErr := attempt.Forgive(ctx); forgiveErr != nil {
			kernel.Logger(r).Error("forgive a redemption that was not refused", "error", forgiveErr)
		}
	}
	return err
}

func (s *Handlers) ownWallets(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var items []consumerWallet
	err := s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT w.id::text, w.name, w.slug, w.icon_id, w.price_display_mode, w.can_top_up, w.can_top_up_once, coalesce(a.balance, 0)
			  FROM readmodel.wallets w
			  LEFT JOIN readmodel.wallet_accounts a ON a.application_id = w.application_id AND a.wallet_id = w.id AND a.customer_id = $2
			 WHERE w.application_id = $1
			 ORDER BY w.name_key, w.id`, kernel.TenantFrom(ctx).ApplicationID, kernel.PrincipalFrom(ctx).UserID)
		if err != nil {
			return err
		}
		items, err = kernel.Collect(rows, func(row pgx.Row) (consumerWallet, error) {
			var x consumerWallet
			return x, row.Scan(&x.ID, &x.Name, &x.Slug, &x.IconID, &x.PriceDisplayMode, &x.CanTopUp, &x.CanTopUpOnce, &x.Balance)
		})
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]consumerWallet]{Data: items})
	return nil
}

// ledger answers a customer's credits in the application, newest first (the last 1,000).
func ledger(ctx context.Context, tx pgx.Tx, applicationID, customerID string) ([]ledgerEntry, error) {
	rows, err := tx.Query(ctx, `
		SELECT l.wallet_id::text, coalesce(w.name, ''), l.moves, l.coupon_id::text, c.code, l.at
		  FROM readmodel.wallet_ledger l
		  LEFT JOIN readmodel.wallets w ON w.id = l.wallet_id
		  LEFT JOIN readmodel.coupons c ON c.id = l.coupon_id
		 WHERE l.application_id = $1 AND l.customer_id = $2
		 ORDER BY l.commit_key DESC, l.position DESC LIMIT 1000`, applicationID, customerID)
	if err != nil {
		return nil, err
	}
	return kernel.Collect(rows, func(row pgx.Row) (ledgerEntry, error) {
		var e ledgerEntry
		var at time.Time
		err := row.Scan(&e.WalletID, &e.WalletName, &e.Moves, &e.CouponID, &e.Code, &at)
		e.At = kernel.Stamp(at)
		return e, err
	})
}

// ownHistory answers the caller's own credits: the consumer app's wallet history.
func (s *Handlers) ownHistory(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var entries []ledgerEntry
	err := s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		entries, err = ledger(ctx, tx, kernel.TenantFrom(ctx).ApplicationID, kernel.PrincipalFrom(ctx).UserID)
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]ledgerEntry]{Data: entries})
	return nil
}

var customerSorts = map[string]string{
	"name":           "lower(p.last_name), lower(p.first_name)",
	"email":          "p.email_key",
	"balance":        "coalesce(a.balance, 0)",
	"last_top_up_at": "a.last_top_up_at",
}

// walletCustomers lists the application's customers with their balance in the wallet.
// Names and addresses come from the personal-data store (0100), never from events.
func (s *Handlers) walletCustomers(w http.ResponseWriter, r *http.Request) error {
	x, err := s.WalletInScope(r)
	if err != nil {
		return err
	}
	q, err := kernel.ParseListQuery(r, customerSorts, "name")
	if err != nil {
		return err
	}
	args := []any{kernel.TenantFrom(r.Context()).ApplicationID, x.ID, identity.RoleCustomer}
	where := `m.application_id = $1 AND m.role = $3`
	if search := strings.TrimSpace(q.Search); search != "" {
		args = append(args, "%"+kernel.EscapeLike(names.Normalize(search))+"%")
		where += ` AND (p.email_key LIKE $4 OR lower(p.first_name || ' ' || p.last_name) LIKE $4)`
	}
	from := `FROM readmodel.identity_memberships m
		  LEFT JOIN identity_personal_data p ON p.subject_id = m.user_id
		  LEFT JOIN readmodel.wallet_accounts a ON a.application_id = m.application_id AND a.wallet_id = $2 AND a.customer_id = m.user_id`
	var total int64
	var items []customerBalance
	err = s.InTenant(r, func(tx pgx.Tx) error {
		if err := tx.QueryRow(r.Context(), `SELECT count(*) `+from+` WHERE `+where, args...).Scan(&total); err != nil {
			return err
		}
		n := len(args)
		nulls := ""
		if q.Sort == "last_top_up_at" {
			nulls = " NULLS LAST"
		}
		rows, err := tx.Query(r.Context(), fmt.Sprintf(`
			SELECT m.user_id::text, %s, coalesce(p.email, ''), coalesce(a.balance, 0), coalesce(a.credits_count, 0), a.last_top_up_at
			  %s WHERE %s ORDER BY %s%s, m.user_id LIMIT $%d OFFSET $%d`, kernel.PersonName("p"), from, where, orderEach(customerSorts[q.Sort], q.Direction()), nulls, n+1, n+2), append(args, q.PerPage, q.Offset())...)
		if err != nil {
			return err
		}
		items, err = kernel.Collect(rows, func(row pgx.Row) (customerBalance, error) {
			var c customerBalance
			var last *time.Time
			err := row.Scan(&c.Customer.ID, &c.Customer.Name, &c.Customer.Email, &c.Balance, &c.CreditsCount, &last)
			c.LastTopUpAt = kernel.StampOrNil(last)
			return c, err
		})
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[customerBalance]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}

// orderEach puts the direction after each of a sort's comma-separated columns.
func orderEach(columns, direction string) string {
	parts := strings.Split(columns, ", ")
	for i := range parts {
		parts[i] += " " + direction
	}
	return strings.Join(parts, ", ")
}
