package readapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain"
	"move/domain/identity"
	"move/domain/names"
	"move/domain/wallet"
	"move/eventstore"
	"move/projections"
	rmtaxonomy "move/projections/taxonomy"
	rmwallets "move/projections/wallets"
)

// Permissions of the wallet routes (0101). Consumer routes need only a customer.
const (
	PermManageWallets = "manage-wallets"
	PermRedeemCoupons = "redeem-coupons"
)

// walletInput is the body of create and update.
type walletInput struct {
	Name             string   `json:"name"`
	Slug             string   `json:"slug"`
	IconID           *string  `json:"icon_id"`
	IncludedLabels   []string `json:"included_labels"`
	ExcludedLabels   []string `json:"excluded_labels"`
	PriceDisplayMode string   `json:"price_display_mode"`
	CanTopUp         bool     `json:"can_top_up"`
	CanTopUpOnce     bool     `json:"can_top_up_once"`
	// Version is the version the user edited (update only); a stale one is a 409.
	Version *uint64 `json:"version,omitempty"`
}

func (in walletInput) settings() wallet.Settings {
	return wallet.Settings{Name: in.Name, Slug: in.Slug, IconID: in.IconID, IncludedLabels: in.IncludedLabels,
		ExcludedLabels: in.ExcludedLabels, PriceDisplayMode: in.PriceDisplayMode, CanTopUp: in.CanTopUp, CanTopUpOnce: in.CanTopUpOnce}
}

// couponRow is a coupon as the coupon lists show it. Status is available, redeemed,
// expired or disabled (0402).
type couponRow struct {
	ID           string   `json:"id"`
	Code         string   `json:"code"`
	ValueMoves   int64    `json:"value_moves"`
	BatchID      string   `json:"batch_id"`
	ExpiresAt    *string  `json:"expires_at"`
	IsEnabled    bool     `json:"is_enabled"`
	BatchEnabled bool     `json:"batch_enabled"`
	Status       string   `json:"status"`
	CreatedAt    string   `json:"created_at"`
	CreatedBy    *userRef `json:"created_by"`
	RedeemedAt   *string  `json:"redeemed_at"`
	RedeemedBy   *userRef `json:"redeemed_by"`
	Customer     *userRef `json:"customer"`
	Via          *string  `json:"via"`
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
	Meta commandMeta `json:"meta"`
}

type batchRow struct {
	ID            string   `json:"id"`
	Quantity      int      `json:"quantity"`
	Issued        int      `json:"issued"`
	ValueMoves    int64    `json:"value_moves"`
	Prefix        string   `json:"prefix"`
	Suffix        string   `json:"suffix"`
	ExpiresAt     *string  `json:"expires_at"`
	Enabled       bool     `json:"enabled"`
	CreatedAt     string   `json:"created_at"`
	CreatedBy     *userRef `json:"created_by"`
	RedeemedCount int      `json:"redeemed_count"`
}

type enabledInput struct {
	IsEnabled *bool `json:"is_enabled"`
}

type walletStatistics struct {
	From   string        `json:"from"`
	To     string        `json:"to"`
	Totals walletTotals  `json:"totals"`
	Days   []walletDaily `json:"days"`
}

// walletTotals are moves over the wallet's whole life; expired and outstanding as of now.
type walletTotals struct {
	Issued      int64 `json:"issued"`
	Redeemed    int64 `json:"redeemed"`
	Outstanding int64 `json:"outstanding"`
	Expired     int64 `json:"expired"`
}

type walletDaily struct {
	Day      string `json:"day"`
	Issued   int64  `json:"issued"`
	Redeemed int64  `json:"redeemed"`
	Expired  int64  `json:"expired"`
}

type historyEntry struct {
	Event    string         `json:"event"`
	At       string         `json:"at"`
	Actor    *userRef       `json:"actor"`
	Details  map[string]any `json:"details"`
	Position string         `json:"position"`
}

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
	Meta commandMeta `json:"meta"`
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

func (s *Server) walletRoutes() []Route {
	reads := []string{rmwallets.Name}
	list := "/v1/admin/wallets"
	item := list + "/{wallet_id}"
	batch := item + "/batches/{batch_id}"
	couponQuery := append([]string{"batch_id", "status", "after"}, listQueryDoc...)
	return []Route{
		{Method: http.MethodGet, Pattern: list, Permission: PermViewWallets, Reads: reads, Handler: s.listWallets,
			Doc: Doc{Summary: "Wallets of the application (search on name and slug, sort, page)", Response: listAnswer[walletRow]{}, Query: listQueryDoc}},
		{Method: http.MethodPost, Pattern: list, Permission: PermManageWallets, Reads: []string{rmtaxonomy.Name}, Handler: s.createWallet,
			Doc: Doc{Summary: "Create a wallet (slug unique in the application)", Request: walletInput{}, Response: commandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: item, Permission: PermViewWallets, Reads: reads, Handler: s.getWallet,
			Doc: Doc{Summary: "One wallet", Response: dataAnswer[walletRow]{}}},
		{Method: http.MethodPut, Pattern: item, Permission: PermManageWallets, Reads: []string{rmtaxonomy.Name}, Handler: s.updateWallet,
			Doc: Doc{Summary: "Change a wallet's settings (version: the one edited; stale is a 409)", Request: walletInput{}, Response: commandAnswer{}}},
		{Method: http.MethodGet, Pattern: item + "/statistics", Permission: PermViewWallets, Reads: reads, Handler: s.walletStatistics,
			Doc: Doc{Summary: "Moves issued, redeemed, expired and outstanding: totals, and per day (from, to: YYYY-MM-DD, days in the application's time zone; default the last 30)", Response: dataAnswer[walletStatistics]{}, Query: []string{"from", "to"}}},
		{Method: http.MethodGet, Pattern: item + "/coupons", Permission: PermViewWallets, Reads: reads, Handler: s.listCoupons(false),
			Doc: Doc{Summary: "Coupons of the wallet (search: code prefix; batch_id; status available|redeemed|expired|disabled; after: keyset cursor for sort code or created_at)", Response: listAnswer[couponRow]{}, Query: couponQuery}},
		{Method: http.MethodPost, Pattern: item + "/coupons", Permission: PermManageWallets, Handler: s.generateCoupons,
			Doc: Doc{Summary: "Generate a batch of coupons (issued in chunks; answers when all exist)", Request: batchInput{}, Response: batchCreatedAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: item + "/coupons/redeemed", Permission: PermViewWallets, Reads: reads, Handler: s.listCoupons(true),
			Doc: Doc{Summary: "Redeemed coupons of the wallet, newest first", Response: listAnswer[couponRow]{}, Query: couponQuery}},
		{Method: http.MethodPost, Pattern: item + "/coupons/redeem", Permission: PermRedeemCoupons, Handler: s.redeemForCustomer,
			Doc: Doc{Summary: "Redeem a code for a customer (support); answers the customer's new balance", Request: supportRedeemInput{}, Response: redeemAnswer{}}},
		{Method: http.MethodGet, Pattern: item + "/batches", Permission: PermViewWallets, Reads: reads, Handler: s.listBatches,
			Doc: Doc{Summary: "Coupon batches of the wallet, newest first", Response: listAnswer[batchRow]{}, Query: listQueryDoc}},
		{Method: http.MethodPatch, Pattern: batch, Permission: PermManageWallets, Handler: s.setBatchEnabled,
			Doc: Doc{Summary: "Enable or disable every coupon of a batch", Request: enabledInput{}, Response: commandAnswer{}}},
		{Method: http.MethodGet, Pattern: batch + "/export", Permission: PermManageWallets, Reads: reads, Handler: s.exportBatch,
			Doc: Doc{Summary: "The batch's codes for printing (format=csv|xlsx, default xlsx): code, value_moves, expires_at, status", Query: []string{"format"}}},
		{Method: http.MethodGet, Pattern: item + "/customers", Permission: PermRedeemCoupons, Reads: reads, Handler: s.walletCustomers,
			Doc: Doc{Summary: "Customers of the application with their balance in this wallet (search on name and e-mail)", Response: listAnswer[customerBalance]{}, Query: listQueryDoc}},
		{Method: http.MethodPatch, Pattern: "/v1/admin/coupons/{coupon_id}", Permission: PermManageWallets, Handler: s.setCouponEnabled,
			Doc: Doc{Summary: "Enable or disable one coupon", Request: enabledInput{}, Response: commandAnswer{}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/coupons/{coupon_id}/history", Permission: PermViewWallets, Reads: reads, Handler: s.couponHistory,
			Doc: Doc{Summary: "A coupon's whole life (its batch's order and switches, its own events, its credit), in log order", Response: dataAnswer[[]historyEntry]{}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/customers/{customer_id}/wallets", Permission: PermRedeemCoupons, Reads: reads, Handler: s.customerWallets,
			Doc: Doc{Summary: "A customer's balance in every wallet of the application, and their credits, newest first", Response: dataAnswer[customerWallets]{}}},
		{Method: http.MethodGet, Pattern: "/v1/wallets", Permission: Customer, Reads: reads, Handler: s.ownWallets,
			Doc: Doc{Summary: "Consumer app: every wallet of the application with the caller's balance (customers only)", Response: dataAnswer[[]consumerWallet]{}}},
		{Method: http.MethodGet, Pattern: "/v1/wallets/history", Permission: Customer, Reads: reads, Handler: s.ownHistory,
			Doc: Doc{Summary: "Consumer app: the caller's credits in every wallet of the application, newest first (customers only)", Response: dataAnswer[[]ledgerEntry]{}}},
		{Method: http.MethodPost, Pattern: "/v1/wallets/{wallet_id}/redeem", Permission: Customer, Handler: s.redeemOwn,
			Doc: Doc{Summary: "Consumer app: redeem a code into the caller's wallet (refusals are rate limited per user: 429 with Retry-After)", Request: redeemInput{}, Response: redeemAnswer{},
				Errors: []int{http.StatusTooManyRequests}}},
	}
}

var walletSorts = map[string]string{
	"name": "name_key", "slug": "slug", "created_at": "created_at", "updated_at": "updated_at", "coupons_count": "coupons_count",
}

func (s *Server) listWallets(w http.ResponseWriter, r *http.Request) error {
	q, err := parseListQuery(r, walletSorts, "name")
	if err != nil {
		return err
	}
	where := `application_id = $1`
	args := []any{TenantFrom(r.Context()).ApplicationID}
	if search := strings.TrimSpace(q.Search); search != "" {
		args = append(args, "%"+escapeLike(names.Normalize(search))+"%", "%"+escapeLike(strings.ToLower(search))+"%")
		where += ` AND (name_key LIKE $2 OR slug LIKE $3)`
	}
	var total int64
	var items []walletRow
	err = s.inTenant(r, func(tx pgx.Tx) error {
		if err := tx.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.wallets WHERE `+where, args...).Scan(&total); err != nil {
			return err
		}
		n := len(args)
		rows, err := tx.Query(r.Context(), fmt.Sprintf(`SELECT %s FROM readmodel.wallets WHERE %s ORDER BY %s %s, id %[4]s LIMIT $%d OFFSET $%d`,
			walletColumns, where, walletSorts[q.Sort], q.direction(), n+1, n+2), append(args, q.PerPage, q.offset())...)
		if err != nil {
			return err
		}
		items, err = collect(rows, scanWallet)
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, listAnswer[walletRow]{Data: items, Meta: listMeta{Pagination: q.pagination(total)}})
	return nil
}

func (s *Server) createWallet(w http.ResponseWriter, r *http.Request) error {
	var in walletInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	if err := s.checkFileRefs(r, ownFiles, fileRef{"icon_id", in.IconID}); err != nil {
		return err
	}
	if err := s.checkAppRefs(r, appRefs{"included_labels", labelsTable, in.IncludedLabels}, appRefs{"excluded_labels", labelsTable, in.ExcludedLabels}); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateWallet(r.Context(), m, in.settings())
	return s.answerCommand(w, "create_wallet", http.StatusCreated, res, err)
}

func (s *Server) getWallet(w http.ResponseWriter, r *http.Request) error {
	x, err := s.walletInScope(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[walletRow]{Data: x})
	return nil
}

func (s *Server) updateWallet(w http.ResponseWriter, r *http.Request) error {
	id, err := uuidParam(r, "wallet_id", "wallet")
	if err != nil {
		return err
	}
	var in walletInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	if err := s.checkFileRefs(r, ownFiles, fileRef{"icon_id", in.IconID}); err != nil {
		return err
	}
	if err := s.checkAppRefs(r, appRefs{"included_labels", labelsTable, in.IncludedLabels}, appRefs{"excluded_labels", labelsTable, in.ExcludedLabels}); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateWallet(r.Context(), m, id, in.Version, in.settings())
	return s.answerCommand(w, "update_wallet", http.StatusOK, res, err)
}

func (s *Server) walletStatistics(w http.ResponseWriter, r *http.Request) error {
	x, err := s.walletInScope(r)
	if err != nil {
		return err
	}
	app, now := TenantFrom(r.Context()).ApplicationID, time.Now().UTC()
	var out walletStatistics
	err = s.inTenant(r, func(tx pgx.Tx) error {
		zone, loc, err := statisticsZone(r.Context(), tx, app)
		if err != nil {
			return err
		}
		from, to, err := statisticsPeriod(r, loc)
		if err != nil {
			return err
		}
		out = walletStatistics{From: from.Format(time.DateOnly), To: to.Format(time.DateOnly)}
		if err := tx.QueryRow(r.Context(), `
			SELECT coalesce(sum(issued_moves), 0)::bigint, coalesce(sum(redeemed_moves), 0)::bigint
			  FROM readmodel.wallet_quarter_hours WHERE application_id = $1 AND wallet_id = $2`, app, x.ID).
			Scan(&out.Totals.Issued, &out.Totals.Redeemed); err != nil {
			return err
		}
		// Unredeemed moves whose expiry has passed: a coupon is never redeemed after its
		// expiry, so these are final.
		if err := tx.QueryRow(r.Context(), `
			SELECT coalesce(sum(unredeemed_moves), 0)::bigint FROM readmodel.wallet_expiry
			 WHERE application_id = $1 AND wallet_id = $2 AND expires_at <= $3`, app, x.ID, now).
			Scan(&out.Totals.Expired); err != nil {
			return err
		}
		out.Totals.Outstanding = out.Totals.Issued - out.Totals.Redeemed - out.Totals.Expired
		// The period's days in the application's zone (decision 0405): the quarter hours
		// and the passed expiry instants between the zone's first and last midnight, each
		// one index range, summed per local day.
		rows, err := tx.Query(r.Context(), `
			WITH q AS (
			  SELECT (quarter_hour AT TIME ZONE $6)::date AS day, sum(issued_moves) AS issued, sum(redeemed_moves) AS redeemed
			    FROM readmodel.wallet_quarter_hours
			   WHERE application_id = $1 AND wallet_id = $2
			     AND quarter_hour >= ($3::date)::timestamp AT TIME ZONE $6
			     AND quarter_hour < ($4::date + 1)::timestamp AT TIME ZONE $6
			   GROUP BY 1),
			x AS (
			  SELECT (expires_at AT TIME ZONE $6)::date AS day, sum(unredeemed_moves) AS expired
			    FROM readmodel.wallet_expiry
			   WHERE application_id = $1 AND wallet_id = $2 AND expires_at <= $5
			     AND expires_at >= ($3::date)::timestamp AT TIME ZONE $6
			     AND expires_at < ($4::date + 1)::timestamp AT TIME ZONE $6
			   GROUP BY 1)
			SELECT g.day::date, coalesce(q.issued, 0)::bigint, coalesce(q.redeemed, 0)::bigint, coalesce(x.expired, 0)::bigint
			  FROM generate_series($3::date::timestamp, $4::date::timestamp, interval '1 day') AS g(day)
			  LEFT JOIN q ON q.day = g.day::date
			  LEFT JOIN x ON x.day = g.day::date
			 ORDER BY 1`, app, x.ID, from, to, now, zone)
		if err != nil {
			return err
		}
		out.Days, err = collect(rows, func(row pgx.Row) (walletDaily, error) {
			var d walletDaily
			var day time.Time
			err := row.Scan(&day, &d.Issued, &d.Redeemed, &d.Expired)
			d.Day = day.Format(time.DateOnly)
			return d, err
		})
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[walletStatistics]{Data: out})
	return nil
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
	       c.created_at, c.created_by::text, ` + personName("pc") + `, c.redeemed_at, c.redeemed_by::text, ` + personName("pr") + `,
	       c.customer_id::text, ` + personName("pu") + `, c.via
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
	x.ExpiresAt, x.CreatedAt, x.RedeemedAt = stampOrNil(expires), stamp(created), stampOrNil(redeemed)
	x.CreatedBy, x.RedeemedBy, x.Customer = ref(createdBy, createdName), ref(redeemedBy, redeemedName), ref(customer, customerName)
	return x, err
}

// listCoupons is the wallet's coupons, or its redeemed ones (newest first by default).
func (s *Server) listCoupons(redeemedOnly bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		x, err := s.walletInScope(r)
		if err != nil {
			return err
		}
		defaultSort := "created_at"
		if redeemedOnly {
			defaultSort = "redeemed_at"
		}
		q, err := parseListQuery(r, couponSorts, defaultSort)
		if err != nil {
			return err
		}
		if r.URL.Query().Get("sort") == "" {
			q.Desc = true // newest first
		}
		after, err := decodeCursor(r, q)
		if err != nil {
			return err
		}
		if _, keyed := couponKeyTypes[q.Sort]; after != nil && !keyed {
			return badQuery("after")
		}
		query := r.URL.Query()
		args := []any{TenantFrom(r.Context()).ApplicationID, x.ID, time.Now().UTC()}
		where := `c.application_id = $1 AND c.wallet_id = $2`
		if redeemedOnly {
			where += ` AND c.redeemed_at IS NOT NULL`
		}
		if v := query.Get("batch_id"); v != "" {
			id, err := uuid.Parse(v)
			if err != nil {
				return badQuery("batch_id")
			}
			args = append(args, id)
			where += fmt.Sprintf(` AND c.batch_id = $%d`, len(args))
		}
		if v := query.Get("status"); v != "" {
			cond, ok := statusFilter(v, "$3")
			if !ok {
				return badQuery("status")
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
		order := column + " " + q.direction() + nulls + ", c.id " + q.direction()
		var total int64
		var items []couponRow
		var next string
		err = s.inTenant(r, func(tx pgx.Tx) error {
			if err := tx.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.coupons c JOIN readmodel.coupon_batches b ON b.id = c.batch_id
				WHERE `+where+` AND $3::timestamptz IS NOT NULL`, args...).Scan(&total); err != nil {
				return err
			}
			var err error
			items, next, err = keysetPage(r.Context(), tx, q, after, keysetList{
				Select: couponSelect(couponStatus("$3")), Where: where, Args: args, Order: order,
				Column: column, ID: "c.id", Type: couponKeyTypes[q.Sort],
				Key: `SELECT ` + strings.TrimPrefix(column, "c.") + `::text FROM readmodel.coupons WHERE id = $1`,
			}, scanCoupon, func(c couponRow) string { return c.ID })
			return err
		})
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, listAnswer[couponRow]{Data: items, Meta: listMeta{Pagination: q.paginationNext(total, next)}})
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
				return sp, &apiError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
					Fields: map[string]domain.FieldError{"expires_at": {Field: "expires_at", Key: "validation.invalid"}}}
			}
			at = day.AddDate(0, 0, 1) // valid through that day
		}
		sp.ExpiresAt = &at
	}
	return sp, nil
}

func (s *Server) generateCoupons(w http.ResponseWriter, r *http.Request) error {
	walletID, err := uuidParam(r, "wallet_id", "wallet")
	if err != nil {
		return err
	}
	var in batchInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	sp, err := in.spec()
	if err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.GenerateCoupons(r.Context(), m, walletID, sp)
	s.countCommand("generate_coupons", err)
	if err != nil {
		return err
	}
	var a batchCreatedAnswer
	a.Data.ID, a.Data.Version, a.Data.Issued = res.ID, res.Version, res.Issued
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	writeJSON(w, http.StatusCreated, a)
	return nil
}

var batchSorts = map[string]string{"created_at": "b.created_at", "value_moves": "b.value_moves", "expires_at": "b.expires_at", "quantity": "b.quantity"}

func (s *Server) listBatches(w http.ResponseWriter, r *http.Request) error {
	x, err := s.walletInScope(r)
	if err != nil {
		return err
	}
	q, err := parseListQuery(r, batchSorts, "created_at")
	if err != nil {
		return err
	}
	if r.URL.Query().Get("sort") == "" {
		q.Desc = true
	}
	app := TenantFrom(r.Context()).ApplicationID
	var total int64
	var items []batchRow
	err = s.inTenant(r, func(tx pgx.Tx) error {
		if err := tx.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.coupon_batches WHERE application_id = $1 AND wallet_id = $2`, app, x.ID).Scan(&total); err != nil {
			return err
		}
		rows, err := tx.Query(r.Context(), `
			SELECT b.id::text, b.quantity, b.issued, b.value_moves, b.prefix, b.suffix, b.expires_at, b.enabled, b.created_at,
			       b.created_by::text, `+personName("p")+`, b.redeemed_count
			  FROM readmodel.coupon_batches b LEFT JOIN identity_personal_data p ON p.subject_id = b.created_by
			 WHERE b.application_id = $1 AND b.wallet_id = $2
			 ORDER BY `+batchSorts[q.Sort]+` `+q.direction()+` NULLS LAST, b.id `+q.direction()+` LIMIT $3 OFFSET $4`, app, x.ID, q.PerPage, q.offset())
		if err != nil {
			return err
		}
		items, err = collect(rows, func(row pgx.Row) (batchRow, error) {
			var b batchRow
			var expires *time.Time
			var created time.Time
			var by, name *string
			err := row.Scan(&b.ID, &b.Quantity, &b.Issued, &b.ValueMoves, &b.Prefix, &b.Suffix, &expires, &b.Enabled, &created, &by, &name, &b.RedeemedCount)
			b.ExpiresAt, b.CreatedAt, b.CreatedBy = stampOrNil(expires), stamp(created), ref(by, name)
			return b, err
		})
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, listAnswer[batchRow]{Data: items, Meta: listMeta{Pagination: q.pagination(total)}})
	return nil
}

func decodeEnabled(r *http.Request, w http.ResponseWriter) (bool, error) {
	var in enabledInput
	if err := decode(r, w, &in); err != nil {
		return false, err
	}
	if in.IsEnabled == nil {
		return false, &apiError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
			Fields: map[string]domain.FieldError{"is_enabled": {Field: "is_enabled", Key: "validation.required"}}}
	}
	return *in.IsEnabled, nil
}

func (s *Server) setBatchEnabled(w http.ResponseWriter, r *http.Request) error {
	walletID, err := uuidParam(r, "wallet_id", "wallet")
	if err != nil {
		return err
	}
	batchID, err := uuidParam(r, "batch_id", "coupon_batch")
	if err != nil {
		return err
	}
	enabled, err := decodeEnabled(r, w)
	if err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetBatchEnabled(r.Context(), m, walletID, batchID, enabled)
	return s.answerCommand(w, "set_batch_enabled", http.StatusOK, res, err)
}

func (s *Server) setCouponEnabled(w http.ResponseWriter, r *http.Request) error {
	couponID, err := uuidParam(r, "coupon_id", "coupon")
	if err != nil {
		return err
	}
	enabled, err := decodeEnabled(r, w)
	if err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetCouponEnabled(r.Context(), m, couponID, enabled)
	return s.answerCommand(w, "set_coupon_enabled", http.StatusOK, res, err)
}

// balanceAfter is the customer's balance in the wallet once the read model has passed
// pos (the credit), within the read wait.
func (s *Server) balanceAfter(r *http.Request, walletID, customerID string, pos eventstore.Position) (int64, error) {
	ctx, cancel := context.WithTimeout(r.Context(), s.ReadWait)
	defer cancel()
	if err := projections.WaitFor(ctx, s.DB, []string{rmwallets.Name}, pos); err != nil {
		logger(r).Warn("wallet read model behind the redemption", "position", pos.String(), "error", err)
	}
	var balance int64
	err := s.inTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT coalesce((SELECT balance FROM readmodel.wallet_accounts
			WHERE application_id = $1 AND wallet_id = $2 AND customer_id = $3), 0)`,
			TenantFrom(r.Context()).ApplicationID, walletID, customerID).Scan(&balance)
	})
	return balance, err
}

// redeem runs a redemption and answers the coupon, its moves and the new balance.
func (s *Server) redeem(w http.ResponseWriter, r *http.Request, in commands.Redemption) error {
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.RedeemCoupon(r.Context(), m, in)
	s.countCommand("redeem_coupon", err)
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
	writeJSON(w, http.StatusOK, a)
	return nil
}

// redeemForCustomer: support staff redeem a code for a customer.
func (s *Server) redeemForCustomer(w http.ResponseWriter, r *http.Request) error {
	walletID, err := uuidParam(r, "wallet_id", "wallet")
	if err != nil {
		return err
	}
	var in supportRedeemInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	customer := strings.TrimSpace(in.CustomerID)
	if id, err := uuid.Parse(customer); err == nil {
		customer = id.String() // one account per customer, however the id is spelled
	} else {
		return &apiError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
			Fields: map[string]domain.FieldError{"customer_id": {Field: "customer_id", Key: "wallet.unknown_customer"}}}
	}
	return s.redeem(w, r, commands.Redemption{WalletID: walletID, CustomerID: customer, Code: in.Code, Via: wallet.ViaSupport})
}

// refused tells a redemption the customer was refused (counted against guessing) from
// a failure of the server.
func refused(err error) bool {
	var (
		api        *apiError
		validation *domain.ValidationError
		notFound   *domain.NotFoundError
		conflict   *domain.ConflictError
	)
	return errors.As(err, &api) || errors.As(err, &validation) || errors.As(err, &notFound) || errors.As(err, &conflict)
}

// redeemOwn: a customer redeems a code in the consumer app. Refusals count against a
// per-user limit, so codes cannot be guessed (0404).
func (s *Server) redeemOwn(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	caller, app := PrincipalFrom(ctx).UserID, TenantFrom(ctx).ApplicationID
	// The attempt is counted before the code is tried, so concurrent guesses cannot all
	// be tried before any is counted; one that is not refused is forgiven (0531).
	attempt, ok, wait, err := s.redeemFailures.Take(ctx, app+"/"+caller, time.Now())
	if err != nil {
		return err
	}
	if !ok {
		w.Header().Set("Retry-After", fmt.Sprint(int(wait.Seconds()+0.999)))
		return errStatus(http.StatusTooManyRequests, "error.rate_limited")
	}
	err = func() error {
		walletID, err := uuidParam(r, "wallet_id", "wallet")
		if err != nil {
			return err
		}
		var in redeemInput
		if err := decode(r, w, &in); err != nil {
			return err
		}
		return s.redeem(w, r, commands.Redemption{WalletID: walletID, CustomerID: caller, Code: in.Code, Via: wallet.ViaApp})
	}()
	if err == nil || !refused(err) {
		if forgiveErr := attempt.Forgive(ctx); forgiveErr != nil {
			logger(r).Error("forgive a redemption that was not refused", "error", forgiveErr)
		}
	}
	return err
}

func (s *Server) ownWallets(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var items []consumerWallet
	err := s.inTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT w.id::text, w.name, w.slug, w.icon_id, w.price_display_mode, w.can_top_up, w.can_top_up_once, coalesce(a.balance, 0)
			  FROM readmodel.wallets w
			  LEFT JOIN readmodel.wallet_accounts a ON a.application_id = w.application_id AND a.wallet_id = w.id AND a.customer_id = $2
			 WHERE w.application_id = $1
			 ORDER BY w.name_key, w.id`, TenantFrom(ctx).ApplicationID, PrincipalFrom(ctx).UserID)
		if err != nil {
			return err
		}
		items, err = collect(rows, func(row pgx.Row) (consumerWallet, error) {
			var x consumerWallet
			return x, row.Scan(&x.ID, &x.Name, &x.Slug, &x.IconID, &x.PriceDisplayMode, &x.CanTopUp, &x.CanTopUpOnce, &x.Balance)
		})
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[[]consumerWallet]{Data: items})
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
	return collect(rows, func(row pgx.Row) (ledgerEntry, error) {
		var e ledgerEntry
		var at time.Time
		err := row.Scan(&e.WalletID, &e.WalletName, &e.Moves, &e.CouponID, &e.Code, &at)
		e.At = stamp(at)
		return e, err
	})
}

// ownHistory answers the caller's own credits: the consumer app's wallet history.
func (s *Server) ownHistory(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var entries []ledgerEntry
	err := s.inTenant(r, func(tx pgx.Tx) error {
		var err error
		entries, err = ledger(ctx, tx, TenantFrom(ctx).ApplicationID, PrincipalFrom(ctx).UserID)
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[[]ledgerEntry]{Data: entries})
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
func (s *Server) walletCustomers(w http.ResponseWriter, r *http.Request) error {
	x, err := s.walletInScope(r)
	if err != nil {
		return err
	}
	q, err := parseListQuery(r, customerSorts, "name")
	if err != nil {
		return err
	}
	args := []any{TenantFrom(r.Context()).ApplicationID, x.ID, identity.RoleCustomer}
	where := `m.application_id = $1 AND m.role = $3`
	if search := strings.TrimSpace(q.Search); search != "" {
		args = append(args, "%"+escapeLike(names.Normalize(search))+"%")
		where += ` AND (p.email_key LIKE $4 OR lower(p.first_name || ' ' || p.last_name) LIKE $4)`
	}
	from := `FROM readmodel.identity_memberships m
		  LEFT JOIN identity_personal_data p ON p.subject_id = m.user_id
		  LEFT JOIN readmodel.wallet_accounts a ON a.application_id = m.application_id AND a.wallet_id = $2 AND a.customer_id = m.user_id`
	var total int64
	var items []customerBalance
	err = s.inTenant(r, func(tx pgx.Tx) error {
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
			  %s WHERE %s ORDER BY %s%s, m.user_id LIMIT $%d OFFSET $%d`,
			personName("p"), from, where, orderEach(customerSorts[q.Sort], q.direction()), nulls, n+1, n+2), append(args, q.PerPage, q.offset())...)
		if err != nil {
			return err
		}
		items, err = collect(rows, func(row pgx.Row) (customerBalance, error) {
			var c customerBalance
			var last *time.Time
			err := row.Scan(&c.Customer.ID, &c.Customer.Name, &c.Customer.Email, &c.Balance, &c.CreditsCount, &last)
			c.LastTopUpAt = stampOrNil(last)
			return c, err
		})
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, listAnswer[customerBalance]{Data: items, Meta: listMeta{Pagination: q.pagination(total)}})
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

func (s *Server) customerWallets(w http.ResponseWriter, r *http.Request) error {
	customerID, err := uuidParam(r, "customer_id", "customer")
	if err != nil {
		return err
	}
	ctx := r.Context()
	app := TenantFrom(ctx).ApplicationID
	out := customerWallets{Wallets: []walletBalance{}, History: []ledgerEntry{}}
	err = s.inTenant(r, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `
			SELECT m.user_id::text, `+personName("p")+`, coalesce(p.email, '')
			  FROM readmodel.identity_memberships m LEFT JOIN identity_personal_data p ON p.subject_id = m.user_id
			 WHERE m.application_id = $1 AND m.user_id = $2 AND m.role = $3 LIMIT 1`, app, customerID, identity.RoleCustomer).
			Scan(&out.Customer.ID, &out.Customer.Name, &out.Customer.Email)
		if errors.Is(err, pgx.ErrNoRows) {
			return &domain.NotFoundError{Kind: "customer", ID: customerID}
		}
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `
			SELECT w.id::text, w.name, coalesce(a.balance, 0)
			  FROM readmodel.wallets w
			  LEFT JOIN readmodel.wallet_accounts a ON a.application_id = w.application_id AND a.wallet_id = w.id AND a.customer_id = $2
			 WHERE w.application_id = $1 ORDER BY w.name_key, w.id`, app, customerID)
		if err != nil {
			return err
		}
		if out.Wallets, err = collect(rows, func(row pgx.Row) (walletBalance, error) {
			var b walletBalance
			return b, row.Scan(&b.WalletID, &b.Name, &b.Balance)
		}); err != nil {
			return err
		}
		out.History, err = ledger(ctx, tx, app, customerID)
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[customerWallets]{Data: out})
	return nil
}
