package readapi

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
)

// walletInScope answers the path's wallet when it exists in the tenant.
func (s *Server) walletInScope(r *http.Request) (walletRow, error) {
	id, err := uuidParam(r, "wallet_id", "wallet")
	if err != nil {
		return walletRow{}, err
	}
	var x walletRow
	err = s.inTenant(r, func(tx pgx.Tx) error {
		var err error
		x, err = scanWallet(tx.QueryRow(r.Context(), `SELECT `+walletColumns+` FROM readmodel.wallets WHERE application_id = $1 AND id = $2`,
			TenantFrom(r.Context()).ApplicationID, id))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return x, &domain.NotFoundError{Kind: "wallet", ID: id}
	}
	return x, err
}

// mustBeCustomer refuses callers who are not customers of the application: 403, as
// a wallet or a booking is the customer's own and staff may not act through these
// routes (0530).
func (s *Server) mustBeCustomer(r *http.Request) error {
	ctx := r.Context()
	var ok bool
	err := s.inTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM readmodel.identity_memberships
			WHERE application_id = $1 AND user_id::text = $2 AND role = $3)`,
			TenantFrom(ctx).ApplicationID, PrincipalFrom(ctx).UserID, domainidentity.RoleCustomer).Scan(&ok)
	})
	if err != nil {
		return err
	}
	if !ok {
		return errStatus(http.StatusForbidden, "customer.only")
	}
	return nil
}

// applicationZone is the time zone the application's calendars live in (decision 0405's
// choice: its setting, else Europe/Amsterdam).
func (s *Server) applicationZone(r *http.Request) (string, *time.Location, error) {
	var name string
	var loc *time.Location
	err := s.inTenant(r, func(tx pgx.Tx) error {
		var err error
		name, loc, err = statisticsZone(r.Context(), tx, TenantFrom(r.Context()).ApplicationID)
		return err
	})
	return name, loc, err
}

// applicationWide is an organisation id no one is a member of: holding a permission
// there means holding it in the whole application (admin), not through a membership.
const applicationWide = "00000000-0000-0000-0000-000000000000"

// inTenant reads the request's tenant only (forced row-level security, 0102).
func (s *Server) inTenant(r *http.Request, fn func(pgx.Tx) error) error {
	return identity.ReadInTenant(r.Context(), s.DB, TenantFrom(r.Context()).ApplicationID, fn)
}

// allowedIn asks whether the caller holds permission in the organisation.
func (s *Server) allowedIn(r *http.Request, organizationID, permission string) (bool, error) {
	ctx := r.Context()
	return s.Authz.Allowed(ctx, PrincipalFrom(ctx), TenantFrom(ctx), organizationID, permission)
}

// organizationInScope answers the organisation's id when the caller holds permission
// in it; one of another organisation or application is simply not found.
func (s *Server) organizationInScope(r *http.Request, permission string) (string, error) {
	id, err := orgPathID(r)
	if err != nil {
		return "", err
	}
	ok, err := s.allowedIn(r, id, permission)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", &domain.NotFoundError{Kind: "organization", ID: id}
	}
	return id, nil
}

func (s *Server) readOrganization(r *http.Request, id string) (organizationRow, error) {
	var o organizationRow
	err := s.inTenant(r, func(tx pgx.Tx) error {
		var err error
		o, err = scanOrganization(tx.QueryRow(r.Context(), `SELECT `+organizationColumns+` FROM readmodel.organizations
			WHERE application_id = $1 AND id = $2`, TenantFrom(r.Context()).ApplicationID, id))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return o, &domain.NotFoundError{Kind: "organization", ID: id}
	}
	return o, err
}

func versionQuery(r *http.Request) (*uint64, error) {
	v := r.URL.Query().Get("version")
	if v == "" {
		return nil, nil
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return nil, badQuery("version")
	}
	return &n, nil
}

func (s *Server) applicationName(r *http.Request) (string, error) {
	var name string
	err := s.inTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT name FROM readmodel.identity_applications WHERE id = $1`,
			TenantFrom(r.Context()).ApplicationID).Scan(&name)
	})
	return name, err
}

// organizationsInView answers which organisations' rows an application-wide list shows
// the caller: all (nil) for those who hold permission application-wide, else the
// organisations they are a member of and hold it in.
func (s *Server) organizationsInView(r *http.Request, permission string) ([]string, error) {
	all, err := s.allowedIn(r, applicationWide, permission)
	if err != nil || all {
		return nil, err
	}
	var members []string
	err = s.inTenant(r, func(tx pgx.Tx) error {
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
		ok, err := s.allowedIn(r, org, permission)
		if err != nil {
			return nil, err
		}
		if _, perr := uuid.Parse(org); ok && perr == nil {
			out = append(out, org)
		}
	}
	return out, nil
}
