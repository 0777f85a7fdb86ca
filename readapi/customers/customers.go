package customers

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/identity"
	rmactivities "move/projections/activities"
	rmbookings "move/projections/bookings"
	rmbundles "move/projections/bundles"
	rmidentity "move/projections/identity"
	rmorders "move/projections/orders"
	rmproducts "move/projections/products"
	rmwallets "move/projections/wallets"
	"move/readapi/kernel"
)

// PermViewCustomers is the permission of a customer's page: the support line's, so the
// orders' own (decision 1710). Held only in an organisation, the page shows that
// organisation's bookings, purchases and orders, and no wallets (they are the
// application's).
const PermViewCustomers = "view-application-orders"

// sectionCap bounds each section of the page: the newest rows, and a flag when there
// are more (a customer of years; the orders list finds the rest).
const sectionCap = 200

// Routes: one read, built from the read models the lists already use (no read model of
// its own: a copy would follow every booking, order and wallet event again).
func (s *Handlers) Routes() []kernel.Route {
	reads := []string{rmidentity.Name, rmorders.Name, rmbookings.Name, rmbundles.Name, rmproducts.Name, rmwallets.Name, rmactivities.Name}
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: "/v1/admin/customers/{customer_id}", Permission: PermViewCustomers, Reads: reads, Handler: s.customerPage,
			Doc: kernel.Doc{Summary: "A customer's page (the support line): who they are, their session and bundle bookings, product purchases, orders with their refunds, and wallet balances — the newest 200 of each, newest first; staff who see one organisation's orders see that organisation's rows and no wallets (decision 1710)",
				Response: kernel.DataAnswer[customerPage]{}}},
	}
}

type customerRef struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// booking is one session or bundle booking of the customer.
type booking struct {
	BookingID        string  `json:"booking_id"`
	Kind             string  `json:"kind"` // session or bundle
	ActivityID       string  `json:"activity_id"`
	ActivityName     string  `json:"activity_name"`
	OrganizationID   string  `json:"organization_id"`
	OrganizationName string  `json:"organization_name"`
	SessionID        *string `json:"session_id"`
	BundleID         *string `json:"bundle_id"`
	BundleName       *string `json:"bundle_name"`
	// StartsAt is the session's start; a bundle's first day is StartDate.
	StartsAt    *string `json:"starts_at"`
	StartDate   *string `json:"start_date"`
	Status      string  `json:"status"`
	Attendance  *string `json:"attendance"`
	Participant string  `json:"participant"`
	BookedAt    string  `json:"booked_at"`
}

type purchase struct {
	PurchaseID       string `json:"purchase_id"`
	ProductID        string `json:"product_id"`
	ProductName      string `json:"product_name"`
	OrganizationID   string `json:"organization_id"`
	OrganizationName string `json:"organization_name"`
	Quantity         int    `json:"quantity"`
	Status           string `json:"status"`
	BoughtAt         string `json:"bought_at"`
}

type refund struct {
	RefundID    string `json:"refund_id"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
	Status      string `json:"status"`
	RequestedAt string `json:"requested_at"`
}

type order struct {
	ID               string   `json:"id"`
	Title            string   `json:"title"`
	OrganizationID   string   `json:"organization_id"`
	OrganizationName string   `json:"organization_name"`
	Status           string   `json:"status"`
	PaymentType      string   `json:"payment_type"`
	TotalCents       int64    `json:"total"`
	PaidCents        int64    `json:"paid_cents"`
	RefundedCents    int64    `json:"refunded_cents"`
	PlacedAt         string   `json:"placed_at"`
	Refunds          []refund `json:"refunds"`
}

type wallet struct {
	WalletID    string  `json:"wallet_id"`
	Name        string  `json:"name"`
	Balance     int64   `json:"balance"`
	LastTopUpAt *string `json:"last_top_up_at"`
}

// more says which sections hold more rows than the page shows.
type more struct {
	Bookings  bool `json:"bookings"`
	Purchases bool `json:"purchases"`
	Orders    bool `json:"orders"`
}

type customerPage struct {
	Customer  customerRef `json:"customer"`
	Bookings  []booking   `json:"bookings"`
	Purchases []purchase  `json:"purchases"`
	Orders    []order     `json:"orders"`
	// Wallets is null for a caller who may not see the application's wallets.
	Wallets []wallet `json:"wallets"`
	More    more     `json:"more"`
}

// customerPage answers one customer of the tenant: a person with the customer role in
// the application (any other id, another application's customer included, is not
// found). Every query runs in the tenant under forced row-level security and names the
// application as well, so another application's rows cannot appear (decision 0102).
func (s *Handlers) customerPage(w http.ResponseWriter, r *http.Request) error {
	customerID, err := kernel.UUIDParam(r, "customer_id", "customer")
	if err != nil {
		return err
	}
	organizations, err := s.OrganizationsInView(r, PermViewCustomers)
	if err != nil {
		return err
	}
	showWallets := false
	if organizations == nil {
		if showWallets, err = s.AllowedIn(r, kernel.ApplicationWide, kernel.PermViewWallets); err != nil {
			return err
		}
	}
	ctx := r.Context()
	app := kernel.TenantFrom(ctx).ApplicationID
	out := customerPage{Bookings: []booking{}, Purchases: []purchase{}, Orders: []order{}}
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
		if out.Bookings, out.More.Bookings, err = bookingsOf(ctx, tx, app, customerID, organizations); err != nil {
			return err
		}
		if out.Purchases, out.More.Purchases, err = purchasesOf(ctx, tx, app, customerID, organizations); err != nil {
			return err
		}
		if out.Orders, out.More.Orders, err = ordersOf(ctx, tx, app, customerID, organizations); err != nil {
			return err
		}
		if showWallets {
			out.Wallets, err = walletsOf(ctx, tx, app, customerID)
		}
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[customerPage]{Data: out})
	return nil
}

// capped cuts a section to sectionCap rows (it was read with one more) and says
// whether there were more.
func capped[T any](rows []T) ([]T, bool) {
	if len(rows) > sectionCap {
		return rows[:sectionCap], true
	}
	return rows, false
}

// bookingsOf: session bookings (their session's start) and bundle bookings (the
// bundle's first day), newest booked first. organizations nil is every organisation.
func bookingsOf(ctx context.Context, tx pgx.Tx, app, customerID string, organizations []string) ([]booking, bool, error) {
	rows, err := tx.Query(ctx, `
		SELECT booking_id, kind, activity_id, activity_name, organization_id, organization_name, session_id, bundle_id, bundle_name,
		       starts_at, start_date, status, attendance, participant, booked_at
		  FROM (
			SELECT sp.booking_id::text, 'session' AS kind, sp.activity_id::text, coalesce(a.name, '') AS activity_name,
			       sp.organization_id::text, coalesce(g.name, '') AS organization_name, sp.session_id::text, NULL::text AS bundle_id,
			       NULL::text AS bundle_name, se.starts_at, NULL::date AS start_date, sp.status, sp.attendance::text,
			       trim(sp.first_name || ' ' || sp.last_name) AS participant, sp.booked_at
			  FROM readmodel.session_participants sp
			  LEFT JOIN readmodel.activities a ON a.id = sp.activity_id
			  LEFT JOIN readmodel.organizations g ON g.id = sp.organization_id
			  LEFT JOIN readmodel.sessions se ON se.id = sp.session_id
			 WHERE sp.application_id = $1 AND sp.customer_id = $2 AND ($3::uuid[] IS NULL OR sp.organization_id = ANY ($3))
			UNION ALL
			SELECT bp.booking_id::text, 'bundle', b.activity_id::text, coalesce(a.name, ''), bp.organization_id::text, coalesce(g.name, ''),
			       NULL, bp.bundle_id::text, b.name, NULL, b.start_date, bp.status, NULL,
			       trim(bp.first_name || ' ' || bp.last_name), bp.booked_at
			  FROM readmodel.bundle_participants bp
			  LEFT JOIN readmodel.bundles b ON b.id = bp.bundle_id
			  LEFT JOIN readmodel.activities a ON a.id = b.activity_id
			  LEFT JOIN readmodel.organizations g ON g.id = bp.organization_id
			 WHERE bp.application_id = $1 AND bp.customer_id = $2 AND ($3::uuid[] IS NULL OR bp.organization_id = ANY ($3))
		  ) x
		 ORDER BY booked_at DESC, booking_id LIMIT $4`, app, customerID, organizations, sectionCap+1)
	if err != nil {
		return nil, false, err
	}
	list, err := kernel.Collect(rows, func(row pgx.Row) (booking, error) {
		var b booking
		var activityID *string
		var startsAt, booked *time.Time
		var startDate *time.Time
		err := row.Scan(&b.BookingID, &b.Kind, &activityID, &b.ActivityName, &b.OrganizationID, &b.OrganizationName, &b.SessionID,
			&b.BundleID, &b.BundleName, &startsAt, &startDate, &b.Status, &b.Attendance, &b.Participant, &booked)
		if activityID != nil {
			b.ActivityID = *activityID
		}
		b.StartsAt = kernel.StampOrNil(startsAt)
		if startDate != nil {
			d := startDate.Format(time.DateOnly)
			b.StartDate = &d
		}
		if booked != nil {
			b.BookedAt = kernel.Stamp(*booked)
		}
		return b, err
	})
	if err != nil {
		return nil, false, err
	}
	list, truncated := capped(list)
	return list, truncated, nil
}

func purchasesOf(ctx context.Context, tx pgx.Tx, app, customerID string, organizations []string) ([]purchase, bool, error) {
	rows, err := tx.Query(ctx, `
		SELECT pp.purchase_id::text, pp.product_id::text, coalesce(p.name, ''), pp.organization_id::text, coalesce(g.name, ''),
		       pp.quantity, pp.status, pp.bought_at
		  FROM readmodel.product_purchases pp
		  LEFT JOIN readmodel.products p ON p.id = pp.product_id
		  LEFT JOIN readmodel.organizations g ON g.id = pp.organization_id
		 WHERE pp.application_id = $1 AND pp.customer_id = $2 AND ($3::uuid[] IS NULL OR pp.organization_id = ANY ($3))
		 ORDER BY pp.bought_at DESC, pp.purchase_id LIMIT $4`, app, customerID, organizations, sectionCap+1)
	if err != nil {
		return nil, false, err
	}
	list, err := kernel.Collect(rows, func(row pgx.Row) (purchase, error) {
		var p purchase
		var bought time.Time
		err := row.Scan(&p.PurchaseID, &p.ProductID, &p.ProductName, &p.OrganizationID, &p.OrganizationName, &p.Quantity, &p.Status, &bought)
		p.BoughtAt = kernel.Stamp(bought)
		return p, err
	})
	if err != nil {
		return nil, false, err
	}
	list, truncated := capped(list)
	return list, truncated, nil
}

// ordersOf: the customer's orders, newest first (the orders_by_customer index), each
// with its refunds.
func ordersOf(ctx context.Context, tx pgx.Tx, app, customerID string, organizations []string) ([]order, bool, error) {
	rows, err := tx.Query(ctx, `
		SELECT o.id::text, o.title, o.organization_id::text, coalesce(g.name, ''), o.status, o.payment_type, o.total_cents,
		       o.paid_cents, o.refunded_cents, o.placed_at
		  FROM readmodel.orders o LEFT JOIN readmodel.organizations g ON g.id = o.organization_id
		 WHERE o.customer_id = $2 AND o.application_id = $1 AND ($3::uuid[] IS NULL OR o.organization_id = ANY ($3))
		 ORDER BY o.placed_at DESC, o.id DESC LIMIT $4`, app, customerID, organizations, sectionCap+1)
	if err != nil {
		return nil, false, err
	}
	list, err := kernel.Collect(rows, func(row pgx.Row) (order, error) {
		o := order{Refunds: []refund{}}
		var placed time.Time
		err := row.Scan(&o.ID, &o.Title, &o.OrganizationID, &o.OrganizationName, &o.Status, &o.PaymentType, &o.TotalCents,
			&o.PaidCents, &o.RefundedCents, &placed)
		o.PlacedAt = kernel.Stamp(placed)
		return o, err
	})
	if err != nil {
		return nil, false, err
	}
	list, truncated := capped(list)
	if len(list) == 0 {
		return list, truncated, nil
	}
	ids := make([]string, len(list))
	at := map[string]int{}
	for i, o := range list {
		ids[i], at[o.ID] = o.ID, i
	}
	rows, err = tx.Query(ctx, `
		SELECT order_id::text, refund_id::text, amount_cents, reason, status, requested_at
		  FROM readmodel.order_refunds WHERE application_id = $1 AND order_id = ANY ($2::uuid[])
		 ORDER BY requested_at, refund_id`, app, ids)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	for rows.Next() {
		var orderID string
		var x refund
		var requested time.Time
		if err := rows.Scan(&orderID, &x.RefundID, &x.AmountCents, &x.Reason, &x.Status, &requested); err != nil {
			return nil, false, err
		}
		x.RequestedAt = kernel.Stamp(requested)
		list[at[orderID]].Refunds = append(list[at[orderID]].Refunds, x)
	}
	return list, truncated, rows.Err()
}

// walletsOf: the wallets the customer holds an account in, by name.
func walletsOf(ctx context.Context, tx pgx.Tx, app, customerID string) ([]wallet, error) {
	rows, err := tx.Query(ctx, `
		SELECT w.id::text, w.name, a.balance, a.last_top_up_at
		  FROM readmodel.wallet_accounts a JOIN readmodel.wallets w ON w.id = a.wallet_id AND w.application_id = a.application_id
		 WHERE a.application_id = $1 AND a.customer_id = $2
		 ORDER BY w.name_key, w.id`, app, customerID)
	if err != nil {
		return nil, err
	}
	return kernel.Collect(rows, func(row pgx.Row) (wallet, error) {
		var x wallet
		var last time.Time
		err := row.Scan(&x.WalletID, &x.Name, &x.Balance, &last)
		x.LastTopUpAt = kernel.StampOrNil(&last)
		return x, err
	})
}
