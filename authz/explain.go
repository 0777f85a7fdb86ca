package authz

import (
	"github.com/casbin/casbin/v2/util"

	"move/domain/identity"
)

// Reason is one grant and the matrix rule of its role that allow a permission; a
// superadmin's reason has the rule "*" (the model passes a superadmin whatever the
// matrix says).
type Reason struct {
	Grant identity.Grant
	Rule  string
}

// Explain answers every grant of the user that allows permission in the application
// (and organisation), each with the rule that matches: the same matching as the
// enforcer (keyMatch on domains and permission patterns, and without an organisation
// any of the user's organisations in the application counts), so the answer is empty
// exactly when Allowed says no (a test keeps them equal).
func Explain(rules []identity.Rule, grants []identity.Grant, applicationID, organizationID, permission string) []Reason {
	domains := []string{Domain(applicationID, organizationID)}
	if organizationID == "" {
		for _, g := range grants {
			if g.ApplicationID == applicationID && g.OrganizationID != "" {
				domains = append(domains, Domain(applicationID, g.OrganizationID))
			}
		}
	}
	var out []Reason
	for _, g := range grants {
		if g.Role == identity.RoleSuperadmin {
			out = append(out, Reason{Grant: g, Rule: "*"})
			continue
		}
		if !coversAny(GrantDomain(g), domains) {
			continue
		}
		for _, r := range RulesMatching(rules, permission) {
			if r.Role == g.Role {
				out = append(out, Reason{Grant: g, Rule: r.Permission})
			}
		}
	}
	return out
}

// RulesMatching answers the matrix rules whose permission pattern matches permission:
// the roles that would allow it wherever they are held.
func RulesMatching(rules []identity.Rule, permission string) []identity.Rule {
	var out []identity.Rule
	for _, r := range rules {
		if util.KeyMatch(permission, r.Permission) {
			out = append(out, r)
		}
	}
	return out
}

func coversAny(grantDomain string, domains []string) bool {
	for _, d := range domains {
		if util.KeyMatch(d, grantDomain) {
			return true
		}
	}
	return false
}
