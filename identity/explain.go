package identity

import (
	"context"
	"errors"
	"slices"

	"github.com/jackc/pgx/v5"

	"move/authz"
	"move/domain"
	"move/domain/identity"
)

// AccessQuestion asks why a user may or may not use a permission in the application
// (and organisation).
type AccessQuestion struct {
	UserID         string
	ApplicationID  string
	OrganizationID string
	Permission     string
}

// Access answers "why denied?": the grants that allow the permission, or, when none
// does, what would allow it and who could give that (decision 1500).
type Access struct {
	User           Person         `json:"user"`
	ApplicationID  string         `json:"application_id"`
	OrganizationID string         `json:"organization_id"`
	Permission     string         `json:"permission"`
	Allowed        bool           `json:"allowed"`
	Grants         []AccessGrant  `json:"grants"`
	AllowedBy      []AccessReason `json:"allowed_by"`
	Remedies       []AccessRemedy `json:"remedies"`
}

// Person is a user as the explanation names them.
type Person struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// AccessGrant is a role the user holds in the application: in one organisation, in the
// whole application (admin), or on the platform (superadmin).
type AccessGrant struct {
	Role             string `json:"role"`
	OrganizationID   string `json:"organization_id"`
	OrganizationName string `json:"organization_name"`
}

// AccessReason is a grant and the matrix rule of its role that allows the permission
// ("*" for a superadmin, who passes every check).
type AccessReason struct {
	AccessGrant
	Rule string `json:"rule"`
}

// Remedy kinds: grant the user a role that holds the permission, or add the permission
// to a role the user already holds here.
const (
	RemedyGrantRole  = "grant_role"
	RemedyExtendRole = "extend_role"
)

// AccessRemedy is one change that would allow the permission, and who may make it:
// Through is the permission they use (manage-invites for organisation and trainer
// roles, manage-permissions for the matrix), or the role superadmin for an admin role,
// which only the platform gives.
type AccessRemedy struct {
	Kind             string   `json:"kind"`
	Role             string   `json:"role"`
	Rule             string   `json:"rule"`
	OrganizationID   string   `json:"organization_id"`
	OrganizationName string   `json:"organization_name"`
	Through          string   `json:"through"`
	Grantors         []Person `json:"grantors"`
}

// grantorsShown bounds the people named per remedy.
const grantorsShown = 10

// ErrUnknownPermission: the question names no permission the product checks.
var ErrUnknownPermission = errors.New("unknown permission")

// ExplainAccess answers the question with the same matrix and grants the guard uses.
// The user must be a member of the application or a superadmin: other users answer
// not found, so the question reveals nothing about other tenants.
func (s *Service) ExplainAccess(ctx context.Context, q AccessQuestion) (Access, error) {
	if !slices.Contains(authz.Permissions, q.Permission) {
		return Access{}, ErrUnknownPermission
	}
	out := Access{ApplicationID: q.ApplicationID, OrganizationID: q.OrganizationID, Permission: q.Permission,
		Grants: []AccessGrant{}, AllowedBy: []AccessReason{}, Remedies: []AccessRemedy{}}
	person, err := s.person(ctx, q.UserID)
	if err != nil {
		return Access{}, err
	}
	out.User = person
	var superadmin bool
	err = ReadAcrossTenants(ctx, s.db, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT superadmin FROM readmodel.identity_users WHERE id = $1`, q.UserID).Scan(&superadmin)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return Access{}, err
	}
	var rules []identity.Rule
	var gs []identity.Grant
	orgNames := map[string]string{}
	err = ReadInTenant(ctx, s.db, q.ApplicationID, func(tx pgx.Tx) error {
		var err error
		if rules, err = matrix(ctx, tx); err != nil {
			return err
		}
		if gs, err = grants(ctx, tx, Principal{UserID: q.UserID, Superadmin: superadmin}, q.ApplicationID); err != nil {
			return err
		}
		ids := []string{q.OrganizationID}
		for _, g := range gs {
			ids = append(ids, g.OrganizationID)
		}
		rows, err := tx.Query(ctx, `SELECT id::text, name FROM readmodel.organizations WHERE application_id = $1 AND id::text = ANY($2)`, q.ApplicationID, ids)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, name string
			if err := rows.Scan(&id, &name); err != nil {
				return err
			}
			orgNames[id] = name
		}
		return rows.Err()
	})
	if err != nil {
		return Access{}, err
	}
	if len(gs) == 0 {
		return Access{}, &domain.NotFoundError{Kind: "user", ID: q.UserID}
	}
	if q.OrganizationID != "" && orgNames[q.OrganizationID] == "" {
		v := &domain.ValidationError{}
		v.Add("organization_id", "validation.unknown_reference_application", nil)
		return Access{}, v
	}
	grantOf := func(g identity.Grant) AccessGrant {
		return AccessGrant{Role: g.Role, OrganizationID: g.OrganizationID, OrganizationName: orgNames[g.OrganizationID]}
	}
	for _, g := range gs {
		out.Grants = append(out.Grants, grantOf(g))
	}
	for _, r := range authz.Explain(rules, gs, q.ApplicationID, q.OrganizationID, q.Permission) {
		out.AllowedBy = append(out.AllowedBy, AccessReason{AccessGrant: grantOf(r.Grant), Rule: r.Rule})
	}
	out.Allowed = len(out.AllowedBy) > 0
	if out.Allowed {
		return out, nil
	}
	if out.Remedies, err = s.remedies(ctx, rules, gs, q, orgNames[q.OrganizationID]); err != nil {
		return Access{}, err
	}
	return out, nil
}

// remedies lists what would allow a denied permission: each role whose matrix rules
// match it, granted where the question acts, and each role the user holds here with the
// permission added to the matrix.
func (s *Service) remedies(ctx context.Context, rules []identity.Rule, gs []identity.Grant, q AccessQuestion, orgName string) ([]AccessRemedy, error) {
	out := []AccessRemedy{}
	for _, r := range authz.RulesMatching(rules, q.Permission) {
		remedy := AccessRemedy{Kind: RemedyGrantRole, Role: r.Role, Rule: r.Permission}
		switch r.Role {
		case identity.RoleAdmin:
			remedy.Through = identity.RoleSuperadmin
		case identity.RoleOrganization, identity.RoleTrainer:
			remedy.OrganizationID, remedy.OrganizationName = q.OrganizationID, orgName
			remedy.Through = "manage-invites"
		default: // superadmin holds every permission anyway; customers work in no organisation
			continue
		}
		out = append(out, remedy)
	}
	held := []string{}
	for _, g := range gs {
		if !slices.Contains(held, g.Role) {
			held = append(held, g.Role)
			out = append(out, AccessRemedy{Kind: RemedyExtendRole, Role: g.Role, Rule: q.Permission, Through: "manage-permissions"})
		}
	}
	for i := range out {
		people, err := s.grantors(ctx, rules, q.ApplicationID, out[i].Through)
		if err != nil {
			return nil, err
		}
		out[i].Grantors = people
	}
	return out, nil
}

// grantors are the first people (by name) who may make a change: superadmins, and the
// application's members whose role holds the permission through (any role matching
// counts, as the guard checks these routes without an organisation).
func (s *Service) grantors(ctx context.Context, rules []identity.Rule, applicationID, through string) ([]Person, error) {
	roles := []string{}
	if through != identity.RoleSuperadmin {
		for _, r := range authz.RulesMatching(rules, through) {
			roles = append(roles, r.Role)
		}
	}
	var ids []string
	err := ReadAcrossTenants(ctx, s.db, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT id::text FROM readmodel.identity_users WHERE superadmin
			UNION
			SELECT user_id::text FROM readmodel.identity_memberships WHERE application_id = $1 AND role = ANY($2)`, applicationID, roles)
		if err != nil {
			return err
		}
		ids, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `
		SELECT subject_id::text, first_name, last_name, email FROM identity_personal_data
		 WHERE subject_id::text = ANY($1) AND is_user AND erased_at IS NULL
		 ORDER BY last_name, first_name, email LIMIT $2`, ids, grantorsShown)
	if err != nil {
		return nil, err
	}
	people, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Person, error) {
		var p Person
		var first, last string
		err := r.Scan(&p.ID, &first, &last, &p.Email)
		p.Name = fullName(first, last)
		return p, err
	})
	if people == nil {
		people = []Person{}
	}
	return people, err
}

// person names a registered user; an erased or unknown one is not found.
func (s *Service) person(ctx context.Context, userID string) (Person, error) {
	p := Person{ID: userID}
	var first, last string
	err := s.db.QueryRow(ctx, `SELECT first_name, last_name, email FROM identity_personal_data
		WHERE subject_id::text = $1 AND is_user AND erased_at IS NULL`, userID).Scan(&first, &last, &p.Email)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, &domain.NotFoundError{Kind: "user", ID: userID}
	}
	p.Name = fullName(first, last)
	return p, err
}

func fullName(first, last string) string {
	switch {
	case first == "":
		return last
	case last == "":
		return first
	}
	return first + " " + last
}
