package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain"
	"move/domain/order"
	"move/identity"
	"move/payments"
	rmorders "move/projections/orders"
	"move/readapi/kernel"
)

// Permissions of orders (decision 0906): the spec's view-application-orders for an
// application's orders; view-orders (every application, the superadmin's) and
// refund-orders for the refund action.
const (
	PermViewApplicationOrders = "view-application-orders"
	PermViewOrders            = "view-orders"
	PermRefundOrders          = "refund-orders"
	// PermRefundAnyOrder moves money in every application (decision 1502): no view
	// permission does, and no role but the superadmin's "*" holds it by default.
	PermRefundAnyOrder = "refund-any-order"
)

// ordersTotalCap bounds the overview's count, as the sessions overview's (0702).
const ordersTotalCap = 10_000

// orderStatuses are the spec's transaction statuses (§4), the status filter's values.
var orderStatuses = []string{"free", "open", "complete", "paid", "failed", "canceled", "expired", "external", "refunded", "partly_refunded"}

var orderPaymentTypes = []string{order.PaymentFree, order.PaymentMoves, order.PaymentEuros, order.PaymentExternal}

var orderListQuery = append(append([]string{}, kernel.ListQueryDoc...), "after", "from", "to", "status", "payment_type", "organization_id")

func (s *Handlers) Routes() []kernel.Route {
	reads := []string{rmorders.Name}
	app := "/v1/admin/application/orders"
	all := "/v1/admin/orders"
	return []kernel.Route{
		{Method: http.MethodPost, Pattern: "/v1/sessions/{id}/bookings/{booking_id}/order", Permission: kernel.Customer, Handler: s.placeOwnOrder,
			Doc: kernel.Doc{Summary: "Consumer app: pay for one's held booking, in moves (a wallet) or euros (answers the provider's checkout URL); free and external orders follow from the offer. Repeated, it answers the order as it stands, or, after a failed, canceled or expired payment while the spot is still held, starts a new payment of the same order (409 when the spot was released)", Request: kernel.OrderInput{}, Response: kernel.DataAnswer[kernel.PlacedOrder]{}, Status: http.StatusCreated}},
		{Method: http.MethodPost, Pattern: "/v1/bundles/{id}/bookings/{booking_id}/order", Permission: kernel.Customer, Handler: s.placeOwnBundleOrder,
			Doc: kernel.Doc{Summary: "Consumer app: pay for one's held bundle booking, as for a session's (moves, euros or the activity's external link; paying again after a failed payment too)", Request: kernel.OrderInput{}, Response: kernel.DataAnswer[kernel.PlacedOrder]{}, Status: http.StatusCreated}},
		{Method: http.MethodPost, Pattern: "/v1/payments/webhook/{order_id}", Permission: kernel.Public, Handler: s.paymentWebhook,
			Doc: kernel.Doc{Summary: "The payment provider's webhook: verified by the signature in the URL; the status is asked of the provider, never read from the body", Query: []string{"signature"}, Response: kernel.DataAnswer[map[string]string]{}}},
		{Method: http.MethodGet, Pattern: app, Permission: PermViewApplicationOrders, Reads: reads, Handler: s.listApplicationOrders,
			Doc: kernel.Doc{Summary: "The application's orders, newest first: placed between from and to (dates in the application's zone), status, payment type, organisation, search (a piece of the title or order id, or from three characters the customer's name or e-mail address; each row names its customer); pages by after=", Query: orderListQuery, Response: kernel.ListAnswer[orderRow]{}}},
		{Method: http.MethodGet, Pattern: app + "/export", Permission: PermViewApplicationOrders, Reads: reads, Handler: s.exportApplicationOrders,
			Doc: kernel.Doc{Summary: "orders.xlsx or orders.csv: exactly the orders the filters show, with a total row, as they stood at position (default: now; the answer names it in X-Event-Position)", Query: append(orderListQuery, "format", "position")}},
		{Method: http.MethodGet, Pattern: app + "/{order_id}", Permission: PermViewApplicationOrders, Reads: reads, Handler: s.getApplicationOrder,
			Doc: kernel.Doc{Summary: "One order: lines, VAT per tier, fee, payments, refunds and its history", Response: kernel.DataAnswer[orderDetail]{}}},
		{Method: http.MethodPost, Pattern: app + "/{order_id}/refunds", Permission: PermRefundOrders, Reads: reads, Handler: s.refundApplicationOrder,
			Doc: kernel.Doc{Summary: "Refund an order in full or in part (amount_cents, or lines), with a reason; never more than paid minus refunded", Request: refundInput{}, Response: kernel.DataAnswer[refundAnswer]{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: all, Permission: PermViewOrders, Platform: true, Reads: reads, Handler: s.listAllOrders,
			Doc: kernel.Doc{Summary: "Every application's orders (superadmin), filtered like the application's, and by application_id (a search looks in customers' names and addresses only within application_id)", Query: append(orderListQuery, "application_id"), Response: kernel.ListAnswer[orderRow]{}}},
		{Method: http.MethodGet, Pattern: all + "/export", Permission: PermViewOrders, Platform: true, Reads: reads, Handler: s.exportAllOrders,
			Doc: kernel.Doc{Summary: "Every application's orders as xlsx or csv, pinned to a position like the application's export", Query: append(orderListQuery, "application_id", "format", "position")}},
		{Method: http.MethodGet, Pattern: all + "/{order_id}", Permission: PermViewOrders, Platform: true, Reads: reads, Handler: s.getAnyOrder,
			Doc: kernel.Doc{Summary: "One order of any application (superadmin)", Response: kernel.DataAnswer[orderDetail]{}}},
		// Not refund-orders: an application's admin holds that in their application, and
		// this route reaches every application's orders (decision 1502).
		{Method: http.MethodPost, Pattern: all + "/{order_id}/refunds", Permission: PermRefundAnyOrder, Platform: true, Reads: reads, Handler: s.refundAnyOrder,
			Doc: kernel.Doc{Summary: "Refund an order of any application (superadmin)", Request: refundInput{}, Response: kernel.DataAnswer[refundAnswer]{}, Status: http.StatusCreated}},
	}
}

func (s *Handlers) placeOwnOrder(w http.ResponseWriter, r *http.Request) error {
	ref, err := s.SessionRef(r)
	if err != nil {
		return err
	}
	bookingID, err := kernel.UUIDParam(r, "booking_id", "booking")
	if err != nil {
		return err
	}
	var in kernel.OrderInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	placing := commands.OrderPlacing{Session: ref, BookingID: bookingID, CustomerID: kernel.PrincipalFrom(r.Context()).UserID, PaymentType: in.PaymentType}
	if in.WalletID != nil {
		placing.WalletID = *in.WalletID
	}
	res, err := s.App.PlaceOrder(r.Context(), m, placing)
	return s.AnswerPlacedOrder(w, res, err)
}

// placeOwnBundleOrder is placeOwnOrder for a held bundle booking (decision 0908).
func (s *Handlers) placeOwnBundleOrder(w http.ResponseWriter, r *http.Request) error {
	bundleID, err := kernel.BundlePathID(r)
	if err != nil {
		return err
	}
	bookingID, err := kernel.UUIDParam(r, "booking_id", "booking")
	if err != nil {
		return err
	}
	var in kernel.OrderInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	placing := commands.BundleOrderPlacing{BundleID: bundleID, OrderPlacing: commands.OrderPlacing{BookingID: bookingID,
		CustomerID: kernel.PrincipalFrom(r.Context()).UserID, PaymentType: in.PaymentType}}
	if in.WalletID != nil {
		placing.WalletID = *in.WalletID
	}
	res, err := s.App.PlaceBundleOrder(r.Context(), m, placing)
	return s.AnswerPlacedOrder(w, res, err)
}

// paymentWebhook is the provider's call: it names a payment, nothing more. The URL's
// signature proves we gave the provider this order's address; the order's state is
// then asked of the provider (SyncOrder), so a forged or repeated call changes nothing
// the provider did not say. Any order of ours answers 200 (the provider stops
// retrying); a provider that cannot be reached answers 503 (the provider retries, and
// so does the payment process).
func (s *Handlers) paymentWebhook(w http.ResponseWriter, r *http.Request) error {
	orderID, err := kernel.UUIDParam(r, "order_id", "order")
	if err != nil {
		return err
	}
	if !payments.VerifyWebhook(s.WebhookSecret, orderID, r.URL.Query().Get("signature")) {
		return &domain.NotFoundError{Kind: "order", ID: orderID}
	}
	if _, err := s.App.Order(r.Context(), "", orderID); err != nil {
		return err
	}
	err = s.App.SyncOrder(r.Context(), orderID)
	s.CountCommand("payment_webhook", err)
	if errors.Is(err, payments.ErrUnavailable) {
		kernel.Logger(r).Warn("payment webhook: provider unavailable", "order_id", orderID, "error", err)
		return kernel.ErrStatus(http.StatusServiceUnavailable, "error.unavailable")
	}
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[map[string]string]{Data: map[string]string{"status": "ok"}})
	return nil
}

// orderRow is one order of the overview.
type orderRow struct {
	ID                  string    `json:"id"`
	ApplicationID       string    `json:"application_id"`
	OrganizationID      string    `json:"organization_id"`
	OrganizationName    string    `json:"organization_name"`
	CustomerID          *string   `json:"customer_id"`
	CustomerName        *string   `json:"customer_name"`
	CustomerEmail       *string   `json:"customer_email"`
	Title               string    `json:"title"`
	Status              string    `json:"status"`
	PaymentType         string    `json:"payment_type"`
	SubtotalCents       int64     `json:"subtotal_price_in_cents"`
	VATCents            int64     `json:"vat"`
	TransactionFeeCents int64     `json:"transaction_fee"`
	TotalCents          int64     `json:"total"`
	PaidCents           int64     `json:"paid_cents"`
	RefundedCents       int64     `json:"refunded_cents"`
	PayoutMonth         string    `json:"payout_month"`
	PaidAfterClose      bool      `json:"paid_after_close"`
	PlacedAt            string    `json:"placed_at"`
	placed              time.Time // PlacedAt as read, for the export's local time without a round trip through RFC 3339
}

// orderColumns reads an orderRow; status, paid and refunded come from st (the current
// row, or a version of it for a pinned export).
func orderColumns(st string) string {
	return `o.id::text, o.application_id::text, o.organization_id::text, coalesce(g.name, ''), o.customer_id::text,
		nullif(` + kernel.PersonName("p") + `, ''), nullif(p.email, ''), o.title,
		` + st + `.status, o.payment_type, o.subtotal_cents, o.vat_cents, o.transaction_fee_cents, o.total_cents, ` + st + `.paid_cents,
		` + st + `.refunded_cents, o.payout_month, o.paid_after_close, o.placed_at`
}

// orderFrom joins the organisation and the customer's personal data (names are read at
// query time from the erasable store, never copied into the read model; under the
// reader's row-level security only persons of the tenant are seen, decision 1630). The
// platform's reads across tenants run as a role that may not read personal data: they
// join none, and fillCustomers names a page's customers tenant by tenant.
func orderFrom(sc orderScope) string {
	people := `identity_personal_data p ON p.subject_id = o.customer_id`
	if sc.platform {
		people = `(SELECT NULL::text AS first_name, NULL::text AS last_name, NULL::text AS email) p ON false`
	}
	return ` FROM readmodel.orders o LEFT JOIN readmodel.organizations g ON g.id = o.organization_id LEFT JOIN ` + people
}

// fillCustomers names the customers of a page of the platform's view, reading each
// application's personal data in its own tenant, as the application's screens do.
func (s *Handlers) fillCustomers(ctx context.Context, items []orderRow) error {
	byApp := map[string][]string{}
	for _, x := range items {
		if x.CustomerID != nil {
			byApp[x.ApplicationID] = append(byApp[x.ApplicationID], *x.CustomerID)
		}
	}
	type person struct{ name, email *string }
	found := map[string]person{}
	for app, ids := range byApp {
		err := identity.ReadInTenant(ctx, s.DB, app, func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, `SELECT p.subject_id::text, nullif(`+kernel.PersonName("p")+`, ''), nullif(p.email, '')
				FROM identity_personal_data p WHERE p.subject_id = ANY ($1::uuid[])`, ids)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var id string
				var p person
				if err := rows.Scan(&id, &p.name, &p.email); err != nil {
					return err
				}
				found[app+"/"+id] = p
			}
			return rows.Err()
		})
		if err != nil {
			return err
		}
	}
	for i, x := range items {
		if x.CustomerID != nil {
			p := found[x.ApplicationID+"/"+*x.CustomerID]
			items[i].CustomerName, items[i].CustomerEmail = p.name, p.email
		}
	}
	return nil
}

func scanOrder(row pgx.Row) (orderRow, error) {
	var x orderRow
	var placed time.Time
	err := row.Scan(&x.ID, &x.ApplicationID, &x.OrganizationID, &x.OrganizationName, &x.CustomerID, &x.CustomerName, &x.CustomerEmail, &x.Title, &x.Status,
		&x.PaymentType, &x.SubtotalCents, &x.VATCents, &x.TransactionFeeCents, &x.TotalCents, &x.PaidCents, &x.RefundedCents,
		&x.PayoutMonth, &x.PaidAfterClose, &placed)
	x.PlacedAt, x.placed = kernel.Stamp(placed), placed
	return x, err
}

// orderScope is where an orders request looks: one application (its id, zone and the
// organisations the caller may see, nil for all), or every application.
type orderScope struct {
	applicationID string
	organizations []string
	zone          *time.Location
	platform      bool
	customers     []string // the platform's view: the customers its search matched (platformCustomers)
}

// platformCustomers finds, for the platform's view filtered to one application, the
// customers of that application whose name or address contains the search, in the
// application's own tenant (the platform's role reads no personal data). Without an
// application the platform's view searches titles and ids only.
func (s *Handlers) platformCustomers(r *http.Request, sc *orderScope) error {
	app, search := r.URL.Query().Get("application_id"), strings.TrimSpace(r.URL.Query().Get("search"))
	id, err := uuid.Parse(app)
	if !sc.platform || err != nil || len([]rune(search)) < customerSearchMin || len(search) > 200 {
		return nil
	}
	return identity.ReadInTenant(r.Context(), s.DB, id.String(), func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT array(SELECT readmodel.customer_search(lower($1), $2))::text[]`,
			"%"+kernel.EscapeLike(strings.ToLower(search))+"%", customerSearchCap).Scan(&sc.customers)
	})
}

func (s *Handlers) applicationOrderScope(r *http.Request) (orderScope, error) {
	organizations, err := s.OrganizationsInView(r, PermViewApplicationOrders)
	if err != nil {
		return orderScope{}, err
	}
	_, zone, err := s.ApplicationZone(r)
	return orderScope{applicationID: kernel.TenantFrom(r.Context()).ApplicationID, organizations: organizations, zone: zone}, err
}

// platformOrderScope is every application's orders; dates are read in the product's
// home zone (0405's default), since the applications' zones differ.
func platformOrderScope() orderScope {
	zone, err := time.LoadLocation(kernel.DefaultStatisticsZone)
	if err != nil {
		zone = time.UTC
	}
	return orderScope{platform: true, zone: zone}
}

// read runs fn in the scope: the tenant (row-level security) or across tenants.
func (s *Handlers) read(r *http.Request, sc orderScope, fn func(pgx.Tx) error) error {
	if sc.platform {
		return identity.ReadAcrossTenants(r.Context(), s.DB, fn)
	}
	return identity.ReadInTenant(r.Context(), s.DB, sc.applicationID, fn)
}

// orderFilter is the WHERE of the overview and its export; st names where the status
// is read (o, or the version v of a pinned export). A search is checked here and
// answered as its pattern: searchOrders adds it inside the read's transaction.
func orderFilter(r *http.Request, sc orderScope, st string) (string, []any, string, error) {
	q := r.URL.Query()
	where, args := `true`, []any{}
	add := func(clause string, v any) {
		args = append(args, v)
		where += fmt.Sprintf(" AND "+clause, len(args))
	}
	if !sc.platform {
		add(`o.application_id = $%d`, sc.applicationID)
	} else if v := q.Get("application_id"); v != "" {
		id, err := uuid.Parse(v)
		if err != nil {
			return "", nil, "", kernel.BadQuery("application_id")
		}
		add(`o.application_id = $%d`, id.String())
	}
	if sc.organizations != nil {
		add(`o.organization_id = ANY ($%d::uuid[])`, sc.organizations)
	}
	if v := q.Get("organization_id"); v != "" {
		id, err := uuid.Parse(v)
		if err != nil {
			return "", nil, "", kernel.BadQuery("organization_id")
		}
		add(`o.organization_id = $%d`, id.String())
	}
	if v := q.Get("status"); v != "" {
		for _, status := range strings.Split(v, ",") {
			if !kernel.Contains(orderStatuses, status) {
				return "", nil, "", kernel.BadQuery("status")
			}
		}
		add(st+`.status = ANY ($%d::text[])`, strings.Split(v, ","))
	}
	if v := q.Get("payment_type"); v != "" {
		if !kernel.Contains(orderPaymentTypes, v) {
			return "", nil, "", kernel.BadQuery("payment_type")
		}
		add(`o.payment_type = $%d`, v)
	}
	search := ""
	if v := strings.TrimSpace(q.Get("search")); v != "" {
		if len(v) > 200 {
			return "", nil, "", kernel.BadQuery("search")
		}
		search = "%" + kernel.EscapeLike(strings.ToLower(v)) + "%"
	}
	for _, bound := range []struct {
		param, clause string
		days          int
	}{{"from", `o.placed_at >= $%d`, 0}, {"to", `o.placed_at < $%d`, 1}} {
		v := q.Get(bound.param)
		if v == "" {
			continue
		}
		d, err := time.ParseInLocation(time.DateOnly, v, sc.zone)
		if err != nil {
			return "", nil, "", kernel.BadQuery(bound.param)
		}
		add(bound.clause, time.Date(d.Year(), d.Month(), d.Day()+bound.days, 0, 0, 0, 0, sc.zone))
	}
	return where, args, search, nil
}

// orderIDSearchCap is how many orders an id-like search narrows to by id; more (a
// pattern of a few digits common in ids and titles) goes through the search function.
const orderIDSearchCap = 1000

// orderIDLike: a search that may be (a piece of) an order's id — hexadecimal digits and
// dashes, at least six — is looked for in the ids too; a shorter one would match most.
var orderIDLike = regexp.MustCompile(`^%[0-9a-f-]{6,}%$`)

// searchOrders narrows a filter to the orders whose title, id or customer (name or
// e-mail address, from three characters on: customerClause, decision 1630) contains the
// search (decision 0912): the matching titles come from order_titles (a few thousand a tenant,
// read under the reader's row-level security) and the orders by title through
// orders_by_title, so a title shared by tens of thousands of orders costs what its
// newest page does. An id-like search also asks the trigram index for ids: through
// the tenant's search function (migration 0090) for the reader, whose row-level
// security keeps LIKE from the index; directly for the platform's view.
func searchOrders(ctx context.Context, tx pgx.Tx, sc orderScope, where string, args []any, pattern string) (string, []any, error) {
	if pattern == "" {
		return where, args, nil
	}
	var titles []string
	if err := tx.QueryRow(ctx, `SELECT coalesce(array_agg(DISTINCT title), '{}') FROM readmodel.order_titles
		WHERE lower(title) LIKE lower($1)`, pattern).Scan(&titles); err != nil {
		return "", nil, err
	}
	var clauses []string
	if len(titles) > 0 {
		args = append(args, titles)
		clauses = append(clauses, fmt.Sprintf(`o.title = ANY ($%d::text[])`, len(args)))
	}
	if len([]rune(pattern)) >= customerSearchMin+2 {
		clause, more, err := customerClause(ctx, tx, sc, pattern, len(args)+1)
		if err != nil {
			return "", nil, err
		}
		if clause != "" {
			args = append(args, more)
			clauses = append(clauses, clause)
		}
	}
	if orderIDLike.MatchString(pattern) {
		query := `SELECT array(SELECT readmodel.order_search($1) LIMIT $2)::text[]`
		if sc.platform {
			query = `SELECT array(SELECT id FROM readmodel.orders WHERE search_text LIKE $1 LIMIT $2)::text[]`
		}
		var ids []string
		if err := tx.QueryRow(ctx, query, pattern, orderIDSearchCap+1).Scan(&ids); err != nil {
			return "", nil, err
		}
		switch {
		case len(ids) > orderIDSearchCap && sc.platform:
			args = append(args, pattern)
			clauses = append(clauses, fmt.Sprintf(`o.search_text LIKE $%d`, len(args)))
		case len(ids) > orderIDSearchCap:
			args = append(args, pattern)
			clauses = append(clauses, fmt.Sprintf(`o.id IN (SELECT readmodel.order_search($%d))`, len(args)))
		case len(ids) > 0:
			args = append(args, ids)
			clauses = append(clauses, fmt.Sprintf(`o.id = ANY ($%d::uuid[])`, len(args)))
		}
	}
	if len(clauses) == 0 {
		return where + " AND false", args, nil
	}
	return where + " AND (" + strings.Join(clauses, " OR ") + ")", args, nil
}

// customerSearchMin is the shortest search that looks in customers' names and
// addresses: a trigram needs three characters, and a shorter piece matches most people.
const customerSearchMin = 3

// customerSearchCap is how many matching customers a search narrows to by id (through
// orders_by_customer); more (a piece of a mail domain) goes through the search function
// itself, whose capped count walks the tenant's orders (docs/benchmarks.md: 24 ms for
// ~1,100 customers by id, 256 ms through the function).
const customerSearchCap = 5000

// customerClause narrows a search to the orders of the customers whose name or e-mail
// address contains it (decision 1630). The customers come from the erasable personal
// data: for an application through readmodel.customer_search (migration 0180: the
// tenant's persons only, with the trigram index that row-level security keeps from the
// reader's LIKE); the platform's view, whose role reads no personal data, searches the
// customers of the application it is filtered to (platformCustomers). Their orders come through
// orders_by_customer. It answers the clause (using $n) and its argument, or "" when no
// customer matches.
func customerClause(ctx context.Context, tx pgx.Tx, sc orderScope, pattern string, n int) (string, any, error) {
	ids := sc.customers
	if !sc.platform {
		if err := tx.QueryRow(ctx, `SELECT array(SELECT readmodel.customer_search(lower($1), $2))::text[]`, pattern,
			customerSearchCap+1).Scan(&ids); err != nil {
			return "", nil, err
		}
	}
	switch {
	case len(ids) == 0:
		return "", nil, nil
	case len(ids) <= customerSearchCap || sc.platform:
		return fmt.Sprintf(`o.customer_id = ANY ($%d::uuid[])`, n), ids, nil
	default:
		return fmt.Sprintf(`o.customer_id IN (SELECT readmodel.customer_search(lower($%d), 2147483647))`, n), pattern, nil
	}
}

func (s *Handlers) listApplicationOrders(w http.ResponseWriter, r *http.Request) error {
	sc, err := s.applicationOrderScope(r)
	if err != nil {
		return err
	}
	return s.listOrders(w, r, sc)
}

func (s *Handlers) listAllOrders(w http.ResponseWriter, r *http.Request) error {
	return s.listOrders(w, r, platformOrderScope())
}

// listOrders answers one page, newest first by default: keyset pages (after=) over the
// (application, placed_at, id) indexes; the total counts up to ordersTotalCap + 1.
func (s *Handlers) listOrders(w http.ResponseWriter, r *http.Request, sc orderScope) error {
	q, err := kernel.ParseListQuery(r, map[string]string{"placed_at": "o.placed_at"}, "placed_at")
	if err != nil {
		return err
	}
	if r.URL.Query().Get("sort") == "" {
		q.Desc = true
	}
	after, err := kernel.DecodeCursor(r, q)
	if err != nil {
		return err
	}
	where, args, search, err := orderFilter(r, sc, "o")
	if err != nil {
		return err
	}
	if err := s.platformCustomers(r, &sc); err != nil {
		return err
	}
	var answer kernel.ListAnswer[orderRow]
	err = s.read(r, sc, func(tx pgx.Tx) error {
		where, args, err := searchOrders(r.Context(), tx, sc, where, args, search)
		if err != nil {
			return err
		}
		answer, err = kernel.ListPage(r.Context(), tx, q, after, kernel.KeysetList{
			Select: `SELECT ` + orderColumns("o") + orderFrom(sc), Where: where, Args: args,
			Order:  "o.placed_at " + q.Direction() + ", o.id " + q.Direction(),
			Column: "o.placed_at", ID: "o.id", Type: "timestamptz",
			Key:   `SELECT o.placed_at::text FROM readmodel.orders o WHERE o.id = $1`,
			Count: fmt.Sprintf(`SELECT count(*) FROM (SELECT 1 FROM readmodel.orders o WHERE %s LIMIT %d) c`, where, ordersTotalCap+1),
		}, scanOrder, func(x orderRow) string { return x.ID })
		return err
	})
	if err != nil {
		return err
	}
	if sc.platform {
		if err := s.fillCustomers(r.Context(), answer.Data); err != nil {
			return err
		}
	}
	kernel.WriteJSON(w, http.StatusOK, answer)
	return nil
}

func (s *Handlers) orderDetail(r *http.Request, sc orderScope, id string) (orderDetail, error) {
	var d orderDetail
	ctx := r.Context()
	if sc.platform {
		// The platform finds the order's application, then reads it in that tenant like
		// the application's own screens (names come from the tenant's personal data).
		err := identity.ReadAcrossTenants(ctx, s.DB, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, `SELECT application_id::text FROM readmodel.orders WHERE id = $1`, id).Scan(&sc.applicationID)
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return d, &domain.NotFoundError{Kind: "order", ID: id}
		}
		if err != nil {
			return d, err
		}
		sc.platform = false
	}
	err := s.read(r, sc, func(tx pgx.Tx) error {
		scope, scopeArgs := `o.id = $1`, []any{id}
		if !sc.platform {
			scope, scopeArgs = scope+` AND o.application_id = $2`, append(scopeArgs, sc.applicationID)
		}
		if sc.organizations != nil {
			scope, scopeArgs = scope+fmt.Sprintf(` AND o.organization_id = ANY ($%d::uuid[])`, len(scopeArgs)+1), append(scopeArgs, sc.organizations)
		}
		var lines, vat []byte
		row := tx.QueryRow(ctx, `SELECT `+orderColumns("o")+`, o.lines, o.vat`+orderFrom(sc)+` WHERE `+scope, scopeArgs...)
		var x orderRow
		var placed time.Time
		if err := row.Scan(&x.ID, &x.ApplicationID, &x.OrganizationID, &x.OrganizationName, &x.CustomerID, &x.CustomerName, &x.CustomerEmail, &x.Title, &x.Status,
			&x.PaymentType, &x.SubtotalCents, &x.VATCents, &x.TransactionFeeCents, &x.TotalCents, &x.PaidCents, &x.RefundedCents,
			&x.PayoutMonth, &x.PaidAfterClose, &placed, &lines, &vat); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return &domain.NotFoundError{Kind: "order", ID: id}
			}
			return err
		}
		x.PlacedAt = kernel.Stamp(placed)
		d.orderRow = x
		if err := json.Unmarshal(lines, &d.Lines); err != nil {
			return err
		}
		if err := json.Unmarshal(vat, &d.VATSplit); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT payment_id::text, method, amount_cents, moves, coalesce(provider_payment_id, ''), status,
			started_at, updated_at FROM readmodel.order_payments WHERE order_id = $1 ORDER BY started_at, payment_id`, id)
		if err != nil {
			return err
		}
		if d.Payments, err = kernel.Collect(rows, func(row pgx.Row) (orderPayment, error) {
			var p orderPayment
			var started, updated time.Time
			err := row.Scan(&p.ID, &p.Method, &p.AmountCents, &p.Moves, &p.ProviderPaymentID, &p.Status, &started, &updated)
			p.StartedAt, p.UpdatedAt = kernel.Stamp(started), kernel.Stamp(updated)
			return p, err
		}); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT refund_id::text, method, amount_cents, lines, vat, reason, origin, actor_id, `+
			fmt.Sprintf(actorName, "actor_id")+`, payout_month, status, requested_at, updated_at
			FROM readmodel.order_refunds WHERE order_id = $1 ORDER BY requested_at, refund_id`, id)
		if err != nil {
			return err
		}
		var committed int64
		if d.Refunds, err = kernel.Collect(rows, func(row pgx.Row) (orderRefund, error) {
			var f orderRefund
			var lines, vat []byte
			var requested, updated time.Time
			err := row.Scan(&f.ID, &f.Method, &f.AmountCents, &lines, &vat, &f.Reason, &f.Origin, &f.ActorID, &f.ActorName,
				&f.PayoutMonth, &f.Status, &requested, &updated)
			if err == nil {
				err = errors.Join(json.Unmarshal(lines, &f.Lines), json.Unmarshal(vat, &f.VAT))
			}
			if f.Status != order.RefundFailed {
				committed += f.AmountCents
			}
			f.RequestedAt, f.UpdatedAt = kernel.Stamp(requested), kernel.Stamp(updated)
			return f, err
		}); err != nil {
			return err
		}
		d.RefundableCents = max(0, d.PaidCents-committed)
		rows, err = tx.Query(ctx, `SELECT event, actor_id, `+fmt.Sprintf(actorName, "actor_id")+`, at, detail, status
			FROM readmodel.order_versions WHERE order_id = $1 ORDER BY version`, id)
		if err != nil {
			return err
		}
		d.History, err = kernel.Collect(rows, func(row pgx.Row) (orderEvent, error) {
			var e orderEvent
			var at time.Time
			err := row.Scan(&e.Event, &e.ActorID, &e.ActorName, &at, &e.Detail, &e.Status)
			e.At = kernel.Stamp(at)
			return e, err
		})
		return err
	})
	return d, err
}
