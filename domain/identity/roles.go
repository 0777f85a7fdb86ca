package identity

import (
	"regexp"

	"github.com/google/uuid"

	"move/domain"
)

// Roles. A superadmin acts everywhere; an admin in one application; organization and
// trainer in one organisation of one application. A customer is a consumer-app user of
// one application: a member with no back-office permission by default, who owns wallet
// balances and redeems coupons (docs/decisions/0400-wallets-and-coupons.md).
const (
	RoleSuperadmin   = "superadmin"
	RoleAdmin        = "admin"
	RoleOrganization = "organization"
	RoleTrainer      = "trainer"
	RoleCustomer     = "customer"
)

// Roles lists every role, widest first.
var Roles = []string{RoleSuperadmin, RoleAdmin, RoleOrganization, RoleTrainer, RoleCustomer}

// Grant is a role in a scope.
type Grant struct {
	Role           string `json:"role"`
	ApplicationID  string `json:"application_id,omitempty"`
	OrganizationID string `json:"organization_id,omitempty"`
}

// Rule is one cell of the matrix: the role holds the permission (a name or a pattern
// such as "view-*").
type Rule struct {
	Role       string `json:"role"`
	Permission string `json:"permission"`
}

// Validate checks that the grant's scope fits its role.
func (g Grant) Validate() error {
	var v domain.ValidationError
	needApp, needOrg := false, false
	switch g.Role {
	case RoleSuperadmin:
		if g.ApplicationID != "" || g.OrganizationID != "" {
			v.Add("application_id", "validation.invalid", nil)
		}
	case RoleAdmin, RoleCustomer:
		needApp = true
		if g.OrganizationID != "" {
			v.Add("organization_id", "validation.invalid", nil)
		}
	case RoleOrganization, RoleTrainer:
		needApp, needOrg = true, true
	default:
		v.Add("role", "validation.invalid", nil)
	}
	if needApp && !isUUID(g.ApplicationID) {
		v.Add("application_id", "validation.required", nil)
	}
	if needOrg && !isUUID(g.OrganizationID) {
		v.Add("organization_id", "validation.required", nil)
	}
	return v.OrNil()
}

var permissionPattern = regexp.MustCompile(`^(\*|[a-z][a-z0-9]*(-[a-z0-9]+)*(-\*)?)$`)

// Validate checks the rule's role and permission pattern.
func (r Rule) Validate() error {
	var v domain.ValidationError
	if !isRole(r.Role) {
		v.Add("role", "validation.invalid", nil)
	}
	if !permissionPattern.MatchString(r.Permission) {
		v.Add("permission", "validation.invalid", nil)
	}
	return v.OrNil()
}

func isRole(s string) bool {
	for _, r := range Roles {
		if r == s {
			return true
		}
	}
	return false
}

func isUUID(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil && len(s) == 36
}
