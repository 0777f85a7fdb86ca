package files

import (
	"net/http"
	"slices"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/identity"
	"move/files"
	"move/readapi/kernel"
)

// Who may upload and read private files (decision 1334): staff upload — a caller whose
// roles in the application are only customer (a consumer-app user) may not; a private
// file is read by whoever uploaded it, the application's admins and superadmins; to
// anyone else it does not exist (404, as another application's file).

// callerRoles answers the caller's roles in the request's application.
func (s *Handlers) callerRoles(r *http.Request) ([]string, error) {
	ctx := r.Context()
	var roles []string
	err := s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT DISTINCT role FROM readmodel.identity_memberships WHERE application_id = $1 AND user_id::text = $2`,
			kernel.TenantFrom(ctx).ApplicationID, kernel.PrincipalFrom(ctx).UserID)
		if err != nil {
			return err
		}
		roles, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	return roles, err
}

// mustBeStaff refuses (403) a caller who is only a customer of the application.
func (s *Handlers) mustBeStaff(r *http.Request) error {
	if kernel.PrincipalFrom(r.Context()).Superadmin {
		return nil
	}
	roles, err := s.callerRoles(r)
	if err != nil {
		return err
	}
	if len(roles) > 0 && !slices.ContainsFunc(roles, func(role string) bool { return role != identity.RoleCustomer }) {
		return kernel.ErrStatus(http.StatusForbidden, "files.staff_only")
	}
	return nil
}

// mayRead answers whether the caller may read f: a public file, or a private one it
// uploaded or oversees as the application's admin.
func (s *Handlers) mayRead(r *http.Request, f files.File) error {
	p := kernel.PrincipalFrom(r.Context())
	if f.Visibility != files.Private || p.Superadmin || f.UploadedBy == p.UserID {
		return nil
	}
	roles, err := s.callerRoles(r)
	if err != nil {
		return err
	}
	if !slices.Contains(roles, identity.RoleAdmin) {
		return &domain.NotFoundError{Kind: "file", ID: f.Token}
	}
	return nil
}
