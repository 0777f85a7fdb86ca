package wallets

import (
	"fmt"
	"move/domain"
	"move/domain/wallet"
	"move/readapi/kernel"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// couponRow is a coupon as the coupon lists show it. Status is available, redeemed,
// expired or disabled (0402).
type couponRow struct {
	ID           string          `json:"id"`
	Code         string          `json:"code"`
	ValueMoves   int64           `json:"value_moves"`
	BatchID      string          `json:"batch_id"`
	ExpiresAt    *string         `json:"expires_at"`
	IsEnabled    bool            `json:"is_enabled"`
	BatchEnabled bool            `json:"batch_enabled"`
	Status       string          `json:"status"`
	CreatedAt    string          `json:"created_at"`
	CreatedBy    *kernel.UserRef `json:"created_by"`
	RedeemedAt   *string         `json:"redeemed_at"`
	RedeemedBy   *kernel.UserRef `json:"redeemed_by"`
	Customer     *kernel.UserRef `json:"customer"`
	Via          *string         `json:"via"`
}

// batchInput is the generate form. expires_at is an instant (RFC 3339) or a day
// (YYYY-MM-DD: the codes hold through that day, UTC); enabled defaults to true.
type batchInput struct {
	Quantity   int     `json:"quantity"`
	ValueMoves int64   `json:"value_moves"`
	Prefix     string  `json:"prefix,omitempty"`
	Suffix     string  `json:"suffix,omitempty"`
	ExpiresAt  *string `json:"expires_at"`
	Enabled    *bool   `json:"enabled"`
}

type batchCreatedAnswer struct {
	Data struct {
		ID      string `json:"id"`
		Version uint64 `json:"version"`
		Issued  int    `json:"issued"`
	} `json:"data"`
	Meta kernel.CommandMeta `json:"meta"`
}

type batchRow struct {
	ID            string          `json:"id"`
	Quantity      int             `json:"quantity"`
	Issued        int             `json:"issued"`
	ValueMoves    int64           `json:"value_moves"`
	Prefix        string          `json:"prefix"`
	Suffix        string          `json:"suffix"`
	ExpiresAt     *string         `json:"expires_at"`
	Enabled       bool            `json:"enabled"`
	CreatedAt     string          `json:"created_at"`
	CreatedBy     *kernel.UserRef `json:"created_by"`
	RedeemedCount int             `json:"redeemed_count"`
}

type enabledInput struct {
	IsEnabled *bool `json:"is_enabled"`
}

// Coupon statuses, in the order the redemption checks them (0402).
const (
	statusAvailable = "available"
	statusRedeemed  = "redeemed"
	statusExpired   = "expired"
	statusDisabled  = "disabled"
)

// couponStatus is the status of coupon c of batch b at the instant $now.
func couponStatus(now string) string {
	return `CASE WHEN c.redeemed_at IS NOT NULL THEN 'redeemed'
	             WHEN NOT (c.is_enabled AND b.enabled) THEN 'disabled'
	             WHEN c.expires_at <= ` + now + ` THEN 'expired'
	             ELSE 'available' END`
}

func statusFilter(status, now string) (string, bool) {
	switch status {
	case statusRedeemed:
		return `c.redeemed_at IS NOT NULL`, true
	case statusDisabled:
		return `c.redeemed_at IS NULL AND NOT (c.is_enabled AND b.enabled)`, true
	case statusExpired:
		return `c.redeemed_at IS NULL AND c.is_enabled AND b.enabled AND c.expires_at <= ` + now, true
	case statusAvailable:
		return `c.redeemed_at IS NULL AND c.is_enabled AND b.enabled AND (c.expires_at IS NULL OR c.expires_at > ` + now + `)`, true
	}
	return "", false
}

var couponSorts = map[string]string{
	"created_at": "c.created_at", "code": "c.code_normalized", "expires_at": "c.expires_at",
	"value_moves": "c.value_moves", "redeemed_at": "c.redeemed_at",
}

// couponKeyTypes are the sorts that page by keyset (after=): their columns are never null.
var couponKeyTypes = map[string]string{"created_at": "timestamptz", "code": "text"}

func couponSelect(status string) string {
	return `SELECT c.id::text, c.code, c.value_moves, c.batch_id::text, c.expires_at, c.is_enabled, b.enabled, ` + status + `,
	       c.created_at, c.created_by::text, ` + kernel.PersonName("pc") + `, c.redeemed_at, c.redeemed_by::text, ` + kernel.PersonName("pr") + `,
	       c.customer_id::text, ` + kernel.PersonName("pu") + `, c.via
	  FROM readmodel.coupons c
	  JOIN readmodel.coupon_batches b ON b.id = c.batch_id
	  LEFT JOIN identity_personal_data pc ON pc.subject_id = c.created_by
	  LEFT JOIN identity_personal_data pr ON pr.subject_id = c.redeemed_by
	  LEFT JOIN identity_personal_data pu ON pu.subject_id = c.customer_id`
}

func scanCoupon(row pgx.Row) (couponRow, error) {
	var x couponRow
	var expires, redeemed *time.Time
	var created time.Time
	var createdBy, createdName, redeemedBy, redeemedName, customer, customerName *string
	err := row.Scan(&x.ID, &x.Code, &x.ValueMoves, &x.BatchID, &expires, &x.IsEnabled, &x.BatchEnabled, &x.Status,
		&created, &createdBy, &createdName, &redeemed, &redeemedBy, &redeemedName, &customer, &customerName, &x.Via)
	x.ExpiresAt, x.CreatedAt, x.RedeemedAt = kernel.StampOrNil(expires), kernel.Stamp(created), kernel.StampOrNil(redeemed)
	x.CreatedBy, x.RedeemedBy, x.Customer = kernel.Ref(createdBy, createdName), kernel.Ref(redeemedBy, redeemedName), kernel.Ref(customer, customerName)
	return x, err
}

// listCoupons is the wallet's coupons, or its redeemed ones (newest first by default).
func (s *Handlers) listCoupons(redeemedOnly bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		x, err := s.WalletInScope(r)
		if err != nil {
			return err
		}
		defaultSort := "created_at"
		if redeemedOnly {
			defaultSort = "redeemed_at"
		}
		q, err := kernel.ParseListQuery(r, couponSorts, defaultSort)
		if err != nil {
			return err
		}
		if r.URL.Query().Get("sort") == "" {
			q.Desc = true // newest first
		}
		after, err := kernel.DecodeCursor(r, q)
		if err != nil {
			return err
		}
		if _, keyed := couponKeyTypes[q.Sort]; after != nil && !keyed {
			return kernel.BadQuery("after")
		}
		query := r.URL.Query()
		args := []any{kernel.TenantFrom(r.Context()).ApplicationID, x.ID, time.Now().UTC()}
		where := `c.application_id = $1 AND c.wallet_id = $2`
		if redeemedOnly {
			where += ` AND c.redeemed_at IS NOT NULL`
		}
		if v := query.Get("batch_id"); v != "" {
			id, err := uuid.Parse(v)
			if err != nil {
				return kernel.BadQuery("batch_id")
			}
			args = append(args, id)
			where += fmt.Sprintf(` AND c.batch_id = $%d`, len(args))
		}
		if v := query.Get("status"); v != "" {
			cond, ok := statusFilter(v, "$3")
			if !ok {
				return kernel.BadQuery("status")
			}
			where += ` AND ` + cond
		}
		if code := wallet.NormalizeCode(q.Search); code != "" {
			// A prefix as a range: leakproof comparisons, so the index serves under RLS.
			args = append(args, code)
			where += fmt.Sprintf(` AND c.code_normalized >= $%d AND c.code_normalized < $%[1]d || '~'`, len(args))
		} else if strings.TrimSpace(q.Search) != "" {
			where += ` AND false`
		}
		column := couponSorts[q.Sort]
		nulls := ""
		if q.Sort == "expires_at" || q.Sort == "redeemed_at" {
			nulls = " NULLS LAST"
		}
		order := column + " " + q.Direction() + nulls + ", c.id " + q.Direction()
		var answer kernel.ListAnswer[couponRow]
		err = s.InTenant(r, func(tx pgx.Tx) error {
			var err error
			answer, err = kernel.ListPage(r.Context(), tx, q, after, kernel.KeysetList{
				Select: couponSelect(couponStatus("$3")), Where: where, Args: args, Order: order,
				Column: column, ID: "c.id", Type: couponKeyTypes[q.Sort],
				Key: `SELECT ` + strings.TrimPrefix(column, "c.") + `::text FROM readmodel.coupons WHERE id = $1`,
				Count: `SELECT count(*) FROM readmodel.coupons c JOIN readmodel.coupon_batches b ON b.id = c.batch_id
					WHERE ` + where + ` AND $3::timestamptz IS NOT NULL`,
			}, scanCoupon, func(c couponRow) string { return c.ID })
			return err
		})
		if err != nil {
			return err
		}
		kernel.WriteJSON(w, http.StatusOK, answer)
		return nil
	}
}

// spec reads the generate form; a malformed expiry is a field error.
func (in batchInput) spec() (wallet.BatchSpec, error) {
	sp := wallet.BatchSpec{Quantity: in.Quantity, ValueMoves: in.ValueMoves, Prefix: in.Prefix, Suffix: in.Suffix, Enabled: true}
	if in.Enabled != nil {
		sp.Enabled = *in.Enabled
	}
	if in.ExpiresAt != nil && strings.TrimSpace(*in.ExpiresAt) != "" {
		v := strings.TrimSpace(*in.ExpiresAt)
		at, err := time.Parse(time.RFC3339, v)
		if err != nil {
			day, derr := time.Parse(time.DateOnly, v)
			if derr != nil {
				return sp, &kernel.APIError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
					Fields: map[string]domain.FieldError{"expires_at": {Field: "expires_at", Key: "validation.invalid"}}}
			}
			at = day.AddDate(0, 0, 1) // valid through that day
		}
		sp.ExpiresAt = &at
	}
	return sp, nil
}

func (s *Handlers) generateCoupons(w http.ResponseWriter, r *http.Request) error {
	walletID, err := kernel.UUIDParam(r, "wallet_id", "wallet")
	if err != nil {
		return err
	}
	var in batchInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	sp, err := in.spec()
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.GenerateCoupons(r.Context(), m, walletID, sp)
	s.CountCommand("generate_coupons", err)
	if err != nil {
		return err
	}
	var a batchCreatedAnswer
	a.Data.ID, a.Data.Version, a.Data.Issued = res.ID, res.Version, res.Issued
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	kernel.WriteJSON(w, http.StatusCreated, a)
	return nil
}

var batchSorts = map[string]string{"created_at": "b.created_at", "value_moves": "b.value_moves", "expires_at": "b.expires_at", "quantity": "b.quantity"}

func (s *Handlers) listBatches(w http.ResponseWriter, r *http.Request) error {
	x, err := s.WalletInScope(r)
	if err != nil {
		return err
	}
	q, err := kernel.ParseListQuery(r, batchSorts, "created_at")
	if err != nil {
		return err
	}
	if r.URL.Query().Get("sort") == "" {
		q.Desc = true
	}
	app := kernel.TenantFrom(r.Context()).ApplicationID
	var total int64
	var items []batchRow
	err = s.InTenant(r, func(tx pgx.Tx) error {
		if err := tx.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.coupon_batches WHERE application_id = $1 AND wallet_id = $2`, app, x.ID).Scan(&total); err != nil {
			return err
		}
		rows, err := tx.Query(r.Context(), `
			SELECT b.id::text, b.quantity, b.issued, b.value_moves, b.prefix, b.suffix, b.expires_at, b.enabled, b.created_at,
			       b.created_by::text, `+kernel.PersonName("p")+`, b.redeemed_count
			  FROM readmodel.coupon_batches b LEFT JOIN identity_personal_data p ON p.subject_id = b.created_by
			 WHERE b.application_id = $1 AND b.wallet_id = $2
			 ORDER BY `+batchSorts[q.Sort]+` `+q.Direction()+` NULLS LAST, b.id `+q.Direction()+` LIMIT $3 OFFSET $4`, app, x.ID, q.PerPage, q.Offset())
		if err != nil {
			return err
		}
		items, err = kernel.Collect(rows, func(row pgx.Row) (batchRow, error) {
			var b batchRow
			var expires *time.Time
			var created time.Time
			var by, name *string
			err := row.Scan(&b.ID, &b.Quantity, &b.Issued, &b.ValueMoves, &b.Prefix, &b.Suffix, &expires, &b.Enabled, &created, &by, &name, &b.RedeemedCount)
			b.ExpiresAt, b.CreatedAt, b.CreatedBy = kernel.StampOrNil(expires), kernel.Stamp(created), kernel.Ref(by, name)
			return b, err
		})
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[batchRow]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}

func decodeEnabled(r *http.Request, w http.ResponseWriter) (bool, error) {
	var in enabledInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return false, err
	}
	if in.IsEnabled == nil {
		return false, &kernel.APIError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
			Fields: map[string]domain.FieldError{"is_enabled": {Field: "is_enabled", Key: "validation.required"}}}
	}
	return *in.IsEnabled, nil
}

func (s *Handlers) setBatchEnabled(w http.ResponseWriter, r *http.Request) error {
	walletID, err := kernel.UUIDParam(r, "wallet_id", "wallet")
	if err != nil {
		return err
	}
	batchID, err := kernel.UUIDParam(r, "batch_id", "coupon_batch")
	if err != nil {
		return err
	}
	enabled, err := decodeEnabled(r, w)
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetBatchEnabled(r.Context(), m, walletID, batchID, enabled)
	return s.AnswerCommand(w, "set_batch_enabled", http.StatusOK, res, err)
}

func (s *Handlers) setCouponEnabled(w http.ResponseWriter, r *http.Request) error {
	couponID, err := kernel.UUIDParam(r, "coupon_id", "coupon")
	if err != nil {
		return err
	}
	enabled, err := decodeEnabled(r, w)
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetCouponEnabled(r.Context(), m, couponID, enabled)
	return s.AnswerCommand(w, "set_coupon_enabled", http.StatusOK, res, err)
}
