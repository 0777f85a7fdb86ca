package identity

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/authz"
	"move/commands"
	"move/domain/identity"
)

// ErrUnknownApplication: the application does not exist or the caller is no member.
var ErrUnknownApplication = errors.New("unknown application")

// ReadInTenant runs fn in a read-only transaction as move_reader, a role that owns no
// table and cannot bypass row-level security, with the tenant set for this transaction
// only: tenant-owned read-model rows of other applications are invisible to fn.
func ReadInTenant(ctx context.Context, db *pgxpool.Pool, applicationID string, fn func(pgx.Tx) error) error {
	if _, err := uuid.Parse(applicationID); err != nil {
		return ErrUnknownApplication
	}
	return pgx.BeginTxFunc(ctx, db, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_reader`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT set_config('move.application_id', $1, true)`, applicationID); err != nil {
			return err
		}
		return fn(tx)
	})
}

// ReadAcrossTenants runs fn in a read-only transaction as the read models' owner
// (move_projector), whose policy sees every tenant's rows: for the few reads that are
// about one user or the platform, not a tenant. The server's own role (move_server)
// sees no tenant row outside such a transaction or ReadInTenant (decision 0502).
func ReadAcrossTenants(ctx context.Context, db *pgxpool.Pool, fn func(pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, db, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_projector`); err != nil {
			return err
		}
		return fn(tx)
	})
}

// Resolve checks that the application exists and the caller may act in it.
func (s *Service) Resolve(ctx context.Context, p Principal, applicationID string) error {
	id, err := uuid.Parse(applicationID)
	if err != nil || len(applicationID) != 36 {
		return ErrUnknownApplication
	}
	ok := false
	err = ReadInTenant(ctx, s.db, id.String(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `
			SELECT EXISTS (SELECT 1 FROM readmodel.identity_applications a WHERE a.id = $1)
			   AND ($3 OR EXISTS (SELECT 1 FROM readmodel.identity_memberships m WHERE m.application_id = $1 AND m.user_id = $2))`,
			id, p.UserID, p.Superadmin).Scan(&ok)
	})
	if err != nil {
		return err
	}
	if !ok {
		return ErrUnknownApplication
	}
	return nil
}

// grants answers the caller's roles in one application (and superadmin).
func grants(ctx context.Context, tx pgx.Tx, p Principal, applicationID string) ([]identity.Grant, error) {
	var out []identity.Grant
	if p.Superadmin {
		out = append(out, identity.Grant{Role: identity.RoleSuperadmin})
	}
	rows, err := tx.Query(ctx, `SELECT role, application_id::text, organization_id FROM readmodel.identity_memberships
		WHERE user_id = $1 AND application_id = $2 ORDER BY role, organization_id`, p.UserID, applicationID)
	if err != nil {
		return nil, err
	}
	more, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (identity.Grant, error) {
		var g identity.Grant
		return g, r.Scan(&g.Role, &g.ApplicationID, &g.OrganizationID)
	})
	return append(out, more...), err
}

func matrix(ctx context.Context, tx pgx.Tx) ([]identity.Rule, error) {
	rows, err := tx.Query(ctx, `SELECT role, permission FROM readmodel.identity_permissions ORDER BY role, permission`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (identity.Rule, error) {
		var x identity.Rule
		return x, r.Scan(&x.Role, &x.Permission)
	})
}

// enforcer loads the matrix and the caller's grants in the application.
func (s *Service) enforcer(ctx context.Context, p Principal, applicationID string) (*authz.Enforcer, []identity.Grant, error) {
	var rules []identity.Rule
	var gs []identity.Grant
	err := ReadInTenant(ctx, s.db, applicationID, func(tx pgx.Tx) error {
		var err error
		if rules, err = matrix(ctx, tx); err != nil {
			return err
		}
		gs, err = grants(ctx, tx, p, applicationID)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	e, err := s.enforcers.For(rules, p.UserID, gs)
	return e, gs, err
}

// Allowed decides a permission for the caller in the application (and organisation).
func (s *Service) Allowed(ctx context.Context, p Principal, applicationID, organizationID, permission string) (bool, error) {
	e, gs, err := s.enforcer(ctx, p, applicationID)
	if err != nil {
		return false, err
	}
	return e.Allowed(p.UserID, gs, applicationID, organizationID, permission)
}

// AllowedOnPlatform decides a permission outside any application (a platform-wide
// route called without an ApplicationId): only platform grants — superadmin — count.
func (s *Service) AllowedOnPlatform(ctx context.Context, p Principal, permission string) (bool, error) {
	if !p.Superadmin {
		return false, nil
	}
	var rules []identity.Rule
	err := pgx.BeginTxFunc(ctx, s.db, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		rules, err = matrix(ctx, tx)
		return err
	})
	if err != nil {
		return false, err
	}
	gs := []identity.Grant{{Role: identity.RoleSuperadmin}}
	e, err := s.enforcers.For(rules, p.UserID, gs)
	if err != nil {
		return false, err
	}
	return e.Allowed(p.UserID, gs, "", "", permission)
}

// Organization is an organisation the caller works in, named from the organisations
// read model.
type Organization struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Profile is the caller's roles and abilities in the application (and organisation).
type Profile struct {
	Roles         []string       `json:"roles"`
	Abilities     []string       `json:"abilities"`
	Organizations []Organization `json:"organizations"`
}

// Profile answers what the SPA shows and hides.
func (s *Service) Profile(ctx context.Context, p Principal, applicationID, organizationID string) (Profile, error) {
	e, gs, err := s.enforcer(ctx, p, applicationID)
	if err != nil {
		return Profile{}, err
	}
	out := Profile{Roles: []string{}, Organizations: []Organization{}}
	for _, g := range gs {
		if !slices.Contains(out.Roles, g.Role) {
			out.Roles = append(out.Roles, g.Role)
		}
		if g.OrganizationID != "" && !slices.ContainsFunc(out.Organizations, func(o Organization) bool { return o.ID == g.OrganizationID }) {
			out.Organizations = append(out.Organizations, Organization{ID: g.OrganizationID})
		}
	}
	if out.Abilities, err = e.Abilities(p.UserID, gs, applicationID, organizationID, authz.Permissions); err != nil {
		return Profile{}, err
	}
	if err := s.nameOrganizations(ctx, applicationID, out.Organizations); err != nil {
		return Profile{}, err
	}
	if out.Abilities == nil {
		out.Abilities = []string{}
	}
	return out, nil
}

// nameOrganizations fills in the names of the caller's organisations.
func (s *Service) nameOrganizations(ctx context.Context, applicationID string, orgs []Organization) error {
	if len(orgs) == 0 {
		return nil
	}
	ids := make([]string, len(orgs))
	for i, o := range orgs {
		ids[i] = o.ID
	}
	return ReadInTenant(ctx, s.db, applicationID, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id::text, name FROM readmodel.organizations WHERE application_id = $1 AND id::text = ANY($2)`, applicationID, ids)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, name string
			if err := rows.Scan(&id, &name); err != nil {
				return err
			}
			for i := range orgs {
				if orgs[i].ID == id {
					orgs[i].Name = name
				}
			}
		}
		return rows.Err()
	})
}

// defaultsCommand is the command id of the first default matrix; a release that adds
// permissions seeds with an id derived from it and the names it knows.
var defaultsCommand = uuid.MustParse("8d0c2a57-5d0e-4a53-9d3c-6a2f4f0b7e01")

// EnsureDefaultPermissions writes the default rows of permissions not seeded before
// (0101): all on first start, those of new permissions after an upgrade.
func (s *Service) EnsureDefaultPermissions(ctx context.Context) error {
	rules, err := authz.ParseDefaults(authz.DefaultMatrix)
	if err != nil {
		return err
	}
	id := uuid.NewSHA1(defaultsCommand, []byte(strings.Join(slices.Sorted(slices.Values(authz.Permissions)), ",")))
	_, err = s.app.SeedDefaultPermissions(ctx, commands.Meta{CommandID: id, ActorID: "system"}, rules, authz.Permissions)
	return err
}
