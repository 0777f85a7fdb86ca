package wallets

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/identity"
	"move/domain/names"
	"move/domain/wallet"
	rmtaxonomy "move/projections/taxonomy"
	rmwallets "move/projections/wallets"
	"move/readapi/kernel"
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
	Event    string          `json:"event"`
	At       string          `json:"at"`
	Actor    *kernel.UserRef `json:"actor"`
	Details  map[string]any  `json:"details"`
	Position string          `json:"position"`
}

func (s *Handlers) Routes() []kernel.Route {
	reads := []string{rmwallets.Name}
	list := "/v1/admin/wallets"
	item := list + "/{wallet_id}"
	batch := item + "/batches/{batch_id}"
	couponQuery := append([]string{"batch_id", "status", "after"}, kernel.ListQueryDoc...)
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: list, Permission: kernel.PermViewWallets, Reads: reads, Handler: s.listWallets,
			Doc: kernel.Doc{Summary: "Wallets of the application (search on name and slug, sort, page)", Response: kernel.ListAnswer[kernel.WalletRow]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodPost, Pattern: list, Permission: PermManageWallets, Reads: []string{rmtaxonomy.Name}, Handler: s.createWallet,
			Doc: kernel.Doc{Summary: "Create a wallet (slug unique in the application)", Request: walletInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: item, Permission: kernel.PermViewWallets, Reads: reads, Handler: s.getWallet,
			Doc: kernel.Doc{Summary: "One wallet", Response: kernel.DataAnswer[kernel.WalletRow]{}}},
		{Method: http.MethodPut, Pattern: item, Permission: PermManageWallets, Reads: []string{rmtaxonomy.Name, rmwallets.Name}, Handler: s.updateWallet,
			Doc: kernel.Doc{Summary: "Change a wallet's settings (version: the one edited; stale is a 409)", Request: walletInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: item + "/statistics", Permission: kernel.PermViewWallets, Reads: reads, Handler: s.walletStatistics,
			Doc: kernel.Doc{Summary: "Moves issued, redeemed, expired and outstanding: totals, and per day (days: the last so many up to today, or from, to: YYYY-MM-DD; days in the application's time zone; default the last 30)", Response: kernel.DataAnswer[walletStatistics]{}, Query: []string{"days", "from", "to"}}},
		{Method: http.MethodGet, Pattern: item + "/coupons", Permission: kernel.PermViewWallets, Reads: reads, Handler: s.listCoupons(false),
			Doc: kernel.Doc{Summary: "Coupons of the wallet (search: code prefix; batch_id; status available|redeemed|expired|disabled; after: keyset cursor for sort code or created_at)", Response: kernel.ListAnswer[couponRow]{}, Query: couponQuery}},
		{Method: http.MethodPost, Pattern: item + "/coupons", Permission: PermManageWallets, Handler: s.generateCoupons,
			Doc: kernel.Doc{Summary: "Generate a batch of coupons (issued in chunks; answers when all exist)", Request: batchInput{}, Response: batchCreatedAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: item + "/coupons/redeemed", Permission: kernel.PermViewWallets, Reads: reads, Handler: s.listCoupons(true),
			Doc: kernel.Doc{Summary: "Redeemed coupons of the wallet, newest first", Response: kernel.ListAnswer[couponRow]{}, Query: couponQuery}},
		{Method: http.MethodPost, Pattern: item + "/coupons/redeem", Permission: PermRedeemCoupons, Handler: s.redeemForCustomer,
			Doc: kernel.Doc{Summary: "Redeem a code for a customer (support); answers the customer's new balance", Request: supportRedeemInput{}, Response: redeemAnswer{}}},
		{Method: http.MethodGet, Pattern: item + "/batches", Permission: kernel.PermViewWallets, Reads: reads, Handler: s.listBatches,
			Doc: kernel.Doc{Summary: "Coupon batches of the wallet, newest first", Response: kernel.ListAnswer[batchRow]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodPatch, Pattern: batch, Permission: PermManageWallets, Handler: s.setBatchEnabled,
			Doc: kernel.Doc{Summary: "Enable or disable every coupon of a batch", Request: enabledInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: batch + "/export", Permission: PermManageWallets, Reads: reads, Handler: s.exportBatch,
			Doc: kernel.Doc{Summary: "The batch's codes for printing (format=csv|xlsx, default xlsx): code, value_moves, expires_at, status", Query: []string{"format"}}},
		{Method: http.MethodGet, Pattern: item + "/customers", Permission: PermRedeemCoupons, Reads: reads, Handler: s.walletCustomers,
			Doc: kernel.Doc{Summary: "Customers of the application with their balance in this wallet (search on name and e-mail)", Response: kernel.ListAnswer[customerBalance]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodPatch, Pattern: "/v1/admin/coupons/{coupon_id}", Permission: PermManageWallets, Handler: s.setCouponEnabled,
			Doc: kernel.Doc{Summary: "Enable or disable one coupon", Request: enabledInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/coupons/{coupon_id}/history", Permission: kernel.PermViewWallets, Reads: reads, Handler: s.couponHistory,
			Doc: kernel.Doc{Summary: "A coupon's whole life (its batch's order and switches, its own events, its credit), in log order", Response: kernel.DataAnswer[[]historyEntry]{}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/customers/{customer_id}/wallets", Permission: PermRedeemCoupons, Reads: reads, Handler: s.customerWallets,
			Doc: kernel.Doc{Summary: "A customer's balance in every wallet of the application, and their credits, newest first", Response: kernel.DataAnswer[customerWallets]{}}},
		{Method: http.MethodGet, Pattern: "/v1/wallets", Permission: kernel.Customer, Reads: reads, Handler: s.ownWallets,
			Doc: kernel.Doc{Summary: "Consumer app: every wallet of the application with the caller's balance (customers only)", Response: kernel.DataAnswer[[]consumerWallet]{}}},
		{Method: http.MethodGet, Pattern: "/v1/wallets/history", Permission: kernel.Customer, Reads: reads, Handler: s.ownHistory,
			Doc: kernel.Doc{Summary: "Consumer app: the caller's credits in every wallet of the application, newest first (customers only)", Response: kernel.DataAnswer[[]ledgerEntry]{}}},
		{Method: http.MethodPost, Pattern: "/v1/wallets/{wallet_id}/redeem", Permission: kernel.Customer, Handler: s.redeemOwn,
			Doc: kernel.Doc{Summary: "Consumer app: redeem a code into the caller's wallet (refusals are rate limited per user: 429 with Retry-After)", Request: redeemInput{}, Response: redeemAnswer{},
				Errors: []int{http.StatusTooManyRequests}}},
	}
}

var walletSorts = map[string]string{
	"name": "name_key", "slug": "slug", "created_at": "created_at", "updated_at": "updated_at", "coupons_count": "coupons_count",
}

func (s *Handlers) listWallets(w http.ResponseWriter, r *http.Request) error {
	q, err := kernel.ParseListQuery(r, walletSorts, "name")
	if err != nil {
		return err
	}
	where := `application_id = $1`
	args := []any{kernel.TenantFrom(r.Context()).ApplicationID}
	if search := strings.TrimSpace(q.Search); search != "" {
		args = append(args, "%"+kernel.EscapeLike(names.Normalize(search))+"%", "%"+kernel.EscapeLike(strings.ToLower(search))+"%")
		where += ` AND (name_key LIKE $2 OR slug LIKE $3)`
	}
	var total int64
	var items []kernel.WalletRow
	err = s.InTenant(r, func(tx pgx.Tx) error {
		if err := tx.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.wallets WHERE `+where, args...).Scan(&total); err != nil {
			return err
		}
		n := len(args)
		rows, err := tx.Query(r.Context(), fmt.Sprintf(`SELECT %s FROM readmodel.wallets WHERE %s ORDER BY %s %s, id %[4]s LIMIT $%d OFFSET $%d`, kernel.WalletColumns, where, walletSorts[q.Sort], q.Direction(), n+1, n+2), append(args, q.PerPage, q.Offset())...)
		if err != nil {
			return err
		}
		items, err = kernel.Collect(rows, kernel.ScanWallet)
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[kernel.WalletRow]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}

func (s *Handlers) createWallet(w http.ResponseWriter, r *http.Request) error {
	var in walletInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if err := s.CheckFileRefs(r, kernel.OwnFiles, kernel.FileRef{Field: "icon_id", Token: in.IconID, Rule: kernel.Rule("wallet.icon_id")}); err != nil {
		return err
	}
	if err := s.CheckAppRefs(r, kernel.AppRefs{Field: "included_labels", Table: kernel.LabelsTable, IDs: in.IncludedLabels}, kernel.AppRefs{Field: "excluded_labels", Table: kernel.LabelsTable, IDs: in.ExcludedLabels}); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateWallet(r.Context(), m, in.settings())
	return s.AnswerCommand(w, "create_wallet", http.StatusCreated, res, err)
}

func (s *Handlers) getWallet(w http.ResponseWriter, r *http.Request) error {
	x, err := s.WalletInScope(r)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[kernel.WalletRow]{Data: x})
	return nil
}

func (s *Handlers) updateWallet(w http.ResponseWriter, r *http.Request) error {
	id, err := kernel.UUIDParam(r, "wallet_id", "wallet")
	if err != nil {
		return err
	}
	var in walletInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	current, err := s.WalletInScope(r)
	if err != nil {
		return err
	}
	if err := s.CheckFileRefs(r, kernel.OwnFiles, kernel.FileRef{Field: "icon_id", Token: in.IconID, Rule: kernel.Rule("wallet.icon_id"), Was: current.IconID}); err != nil {
		return err
	}
	if err := s.CheckAppRefs(r, kernel.AppRefs{Field: "included_labels", Table: kernel.LabelsTable, IDs: in.IncludedLabels}, kernel.AppRefs{Field: "excluded_labels", Table: kernel.LabelsTable, IDs: in.ExcludedLabels}); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateWallet(r.Context(), m, id, in.Version, in.settings())
	return s.AnswerCommand(w, "update_wallet", http.StatusOK, res, err)
}

func (s *Handlers) walletStatistics(w http.ResponseWriter, r *http.Request) error {
	x, err := s.WalletInScope(r)
	if err != nil {
		return err
	}
	app, now := kernel.TenantFrom(r.Context()).ApplicationID, time.Now().UTC()
	var out walletStatistics
	err = s.InTenant(r, func(tx pgx.Tx) error {
		zone, loc, err := kernel.StatisticsZone(r.Context(), tx, app)
		if err != nil {
			return err
		}
		from, to, err := kernel.StatisticsPeriod(r, loc)
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
		out.Days, err = kernel.Collect(rows, func(row pgx.Row) (walletDaily, error) {
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
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[walletStatistics]{Data: out})
	return nil
}

func (s *Handlers) customerWallets(w http.ResponseWriter, r *http.Request) error {
	customerID, err := kernel.UUIDParam(r, "customer_id", "customer")
	if err != nil {
		return err
	}
	ctx := r.Context()
	app := kernel.TenantFrom(ctx).ApplicationID
	out := customerWallets{Wallets: []walletBalance{}, History: []ledgerEntry{}}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `
			SELECT m.user_id::text, `+kernel.PersonName("p")+`, coalesce(p.email, '')
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
		if out.Wallets, err = kernel.Collect(rows, func(row pgx.Row) (walletBalance, error) {
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
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[customerWallets]{Data: out})
	return nil
}
