package kernel

import (
	domainidentity "move/domain/identity"
	"move/identity"

	"errors"
	"move/domain"
	"net/http"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	rmorg "move/projections/organizations"
)

// WalletInScope answers the path's wallet when it exists in the tenant.
func (s *Core) WalletInScope(r *http.Request) (WalletRow, error) {
	id, err := UUIDParam(r, "wallet_id", "wallet")
	if err != nil {
		return WalletRow{}, err
	}
	var x WalletRow
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		x, err = ScanWallet(tx.QueryRow(r.Context(), `SELECT `+WalletColumns+` FROM readmodel.wallets WHERE application_id = $1 AND id = $2`,
			TenantFrom(r.Context()).ApplicationID, id))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return x, &domain.NotFoundError{Kind: "wallet", ID: id}
	}
	return x, err
}

// MustBeCustomer refuses callers who are not customers of the application: 403, as
// a wallet or a booking is the customer's own and staff may not act through these
// routes (0530).
func (s *Core) MustBeCustomer(r *http.Request) error {
	ctx := r.Context()
	var ok bool
	err := s.InTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM readmodel.identity_memberships
			WHERE application_id = $1 AND user_id::text = $2 AND role = $3)`,
			TenantFrom(ctx).ApplicationID, PrincipalFrom(ctx).UserID, domainidentity.RoleCustomer).Scan(&ok)
	})
	if err != nil {
		return err
	}
	if !ok {
		return ErrStatus(http.StatusForbidden, "customer.only")
	}
	return nil
}

// ApplicationZone is the time zone the application's calendars live in (decision 0405's
// Choice: its setting, else Europe/Amsterdam).
func (s *Core) ApplicationZone(r *http.Request) (string, *time.Location, error) {
	var name string
	var loc *time.Location
	err := s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		name, loc, err = StatisticsZone(r.Context(), tx, TenantFrom(r.Context()).ApplicationID)
		return err
	})
	return name, loc, err
}

// ApplicationWide is an organisation id no one is a member of: holding a permission
// there means holding it in the whole application (admin), not through a membership.
const ApplicationWide = "00000000-0000-0000-0000-000000000000"

// InTenant reads the request's tenant only (forced row-level security, 0102).
func (s *Core) InTenant(r *http.Request, fn func(pgx.Tx) error) error {
	return identity.ReadInTenant(r.Context(), s.DB, TenantFrom(r.Context()).ApplicationID, fn)
}

// AllowedIn asks whether the caller holds permission in the organisation.
func (s *Core) AllowedIn(r *http.Request, organizationID, permission string) (bool, error) {
	ctx := r.Context()
	return s.Authz.Allowed(ctx, PrincipalFrom(ctx), TenantFrom(ctx), organizationID, permission)
}

// OrganizationInScope answers the organisation's id when the caller holds permission
// in it; one of another organisation or application is simply not found.
func (s *Core) OrganizationInScope(r *http.Request, permission string) (string, error) {
	id, err := orgPathID(r)
	if err != nil {
		return "", err
	}
	ok, err := s.AllowedIn(r, id, permission)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", &domain.NotFoundError{Kind: "organization", ID: id}
	}
	return id, nil
}

// ExistingOrganizationInScope answers the path's organisation when it is in the tenant
// and the caller holds permission in it; else (another application's, an unknown one)
// it is not found.
func (s *Core) ExistingOrganizationInScope(r *http.Request, permission string) (string, error) {
	id, err := s.OrganizationInScope(r, permission)
	if err != nil {
		return "", err
	}
	if _, err := s.ReadOrganization(r, id); err != nil {
		return "", err
	}
	return id, nil
}

func (s *Core) ReadOrganization(r *http.Request, id string) (OrganizationRow, error) {
	AwaitOwnWrites(r, rmorg.Name) // an organisation the caller just made is found
	var o OrganizationRow
	err := s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		o, err = ScanOrganization(tx.QueryRow(r.Context(), `SELECT `+OrganizationColumns+` FROM readmodel.organizations
			WHERE application_id = $1 AND id = $2`, TenantFrom(r.Context()).ApplicationID, id))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return o, &domain.NotFoundError{Kind: "organization", ID: id}
	}
	return o, err
}

func VersionQuery(r *http.Request) (*uint64, error) {
	v := r.URL.Query().Get("version")
	if v == "" {
		return nil, nil
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return nil, BadQuery("version")
	}
	return &n, nil
}

func (s *Core) ApplicationName(r *http.Request) (string, error) {
	var name string
	err := s.InTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT name FROM readmodel.identity_applications WHERE id = $1`,
			TenantFrom(r.Context()).ApplicationID).Scan(&name)
	})
	return name, err
}

// OrganizationsInView answers which organisations' rows an application-wide list shows
// the caller: all (nil) for those who hold permission application-wide, else the
// organisations they are a member of and hold it in.
func (s *Core) OrganizationsInView(r *http.Request, permission string) ([]string, error) {
	all, err := s.AllowedIn(r, ApplicationWide, permission)
	if err != nil || all {
		return nil, err
	}
	var members []string
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT DISTINCT organization_id FROM readmodel.identity_memberships
			WHERE application_id = $1 AND user_id::text = $2 AND organization_id <> ''`,
			TenantFrom(r.Context()).ApplicationID, PrincipalFrom(r.Context()).UserID)
		if err != nil {
			return err
		}
		members, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	if err != nil {
		return nil, err
	}
	out := []string{}
	for _, org := range members {
		ok, err := s.AllowedIn(r, org, permission)
		if err != nil {
			return nil, err
		}
		if _, perr := uuid.Parse(org); ok && perr == nil {
			out = append(out, org)
		}
	}
	return out, nil
}
