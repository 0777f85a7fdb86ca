// Package authz decides permissions with casbin: RBAC with domains, where a domain is an
// application, or an organisation inside one, and permissions match wildcard patterns.
// Which role holds which permission is data (the matrix read model); the grants are the
// user's memberships.
package authz

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/casbin/casbin/v2"
	"github.com/casbin/casbin/v2/model"
	"github.com/casbin/casbin/v2/util"

	"move/domain/identity"
)

// modelText: a request (user, domain, permission, action) passes when the user holds,
// in a domain pattern matching the request's, a role whose matrix row has a permission
// pattern matching the request's. A superadmin (granted in "*") passes every check.
//
// Domains end with a delimiter ("app:<id>/", "app:<id>/org:<id>/"), and so do the
// patterns granted ("app:<id>/*"): "app:1*" would also match "app:12/".
const modelText = `
[request_definition]
r = sub, dom, obj, act

[policy_definition]
p = sub, dom, obj, act

[role_definition]
g = _, _, _

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = g(r.sub, "role:superadmin", r.dom) || (g(r.sub, p.sub, r.dom) && keyMatch(r.dom, p.dom) && keyMatch(r.obj, p.obj) && r.act == p.act)
`

// Action is the one action a permission is used with.
const Action = "use"

// Subject is a user's casbin subject.
func Subject(userID string) string { return "user:" + userID }

// RoleSubject is a role's casbin subject.
func RoleSubject(role string) string { return "role:" + role }

// Domain is where a request acts: an application, or an organisation in one.
func Domain(applicationID, organizationID string) string {
	if organizationID == "" {
		return "app:" + applicationID + "/"
	}
	return "app:" + applicationID + "/org:" + organizationID + "/"
}

// GrantDomain is the domain pattern a grant holds its role in: everywhere for a
// superadmin, the application and all its organisations for an admin, one organisation
// for organization and trainer.
func GrantDomain(g identity.Grant) string {
	switch g.Role {
	case identity.RoleSuperadmin:
		return "*"
	case identity.RoleAdmin:
		return "app:" + g.ApplicationID + "/*"
	default:
		return Domain(g.ApplicationID, g.OrganizationID)
	}
}

// Enforcer is a casbin enforcer loaded with the matrix and some users' grants. One kept
// in Enforcers checks for several requests at once, as casbin allows: nothing changes it
// after it is built, and its role manager locks its own look-ups.
type Enforcer struct{ e *casbin.Enforcer }

// NewEnforcer loads rules (the matrix) and grants (by user id).
func NewEnforcer(rules []identity.Rule, grants map[string][]identity.Grant) (*Enforcer, error) {
	m, err := model.NewModelFromString(modelText)
	if err != nil {
		return nil, err
	}
	e, err := casbin.NewEnforcer(m)
	if err != nil {
		return nil, err
	}
	// Without a domain matching function the "*" and "app:<id>/*" grant domains would
	// be compared literally.
	e.AddNamedDomainMatchingFunc("g", "keyMatch", util.KeyMatch)
	var policies [][]string
	for _, r := range rowsHeld(rules, slices.Collect(maps.Values(grants))...) {
		policies = append(policies, []string{RoleSubject(r.Role), "*", r.Permission, Action})
	}
	if len(policies) > 0 {
		if _, err := e.AddPolicies(policies); err != nil {
			return nil, err
		}
	}
	var links [][]string
	for user, gs := range grants {
		for _, g := range gs {
			links = append(links, []string{Subject(user), RoleSubject(g.Role), GrantDomain(g)})
		}
	}
	if len(links) > 0 {
		if _, err := e.AddGroupingPolicies(links); err != nil {
			return nil, err
		}
	}
	return &Enforcer{e: e}, nil
}

// rowsHeld answers the matrix rows of the roles some grant holds, the only rows an
// enforcer loads: a row allows only through a role the user holds (roles inherit
// nothing), and casbin evaluates its matcher once per row, so each row left out is work
// saved on every check (decision 1930).
func rowsHeld(rules []identity.Rule, grants ...[]identity.Grant) []identity.Rule {
	held := map[string]bool{}
	for _, gs := range grants {
		for _, g := range gs {
			held[g.Role] = true
		}
	}
	var out []identity.Rule
	for _, r := range rules {
		if held[r.Role] {
			out = append(out, r)
		}
	}
	return out
}

// enforcersKept bounds Enforcers: an enforcer holds tens of kilobytes, and a server
// sees a few hundred callers in the minutes their sessions overlap.
const enforcersKept = 256

// Enforcers keeps the enforcer built for each caller, so a request's check does not
// parse the model, compile its matcher and load the rows again: that was three quarters
// of a check's CPU (decision 1930). An enforcer is found by its whole content — the
// user, their grants and the matrix rows of their roles, all read for the request — so
// a changed grant or matrix finds another one, and nothing kept is ever out of date.
// The zero value is ready to use.
type Enforcers struct {
	mu    sync.Mutex
	byKey map[string]*Enforcer
}

// For answers the enforcer of the user with grants under rules, built once.
func (c *Enforcers) For(rules []identity.Rule, userID string, grants []identity.Grant) (*Enforcer, error) {
	key := enforcerKey(rules, userID, grants)
	c.mu.Lock()
	e := c.byKey[key]
	c.mu.Unlock()
	if e != nil {
		return e, nil
	}
	e, err := NewEnforcer(rules, map[string][]identity.Grant{userID: grants})
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.byKey) >= enforcersKept || c.byKey == nil {
		// Begin again rather than track which was used last: the callers still active
		// are kept again by their next request.
		c.byKey = make(map[string]*Enforcer, enforcersKept)
	}
	c.byKey[key] = e
	return e, nil
}

// enforcerKey is everything an enforcer for the user is built from: the grants and the
// matrix rows of the roles they hold (NewEnforcer loads no other row).
func enforcerKey(rules []identity.Rule, userID string, grants []identity.Grant) string {
	var k strings.Builder
	k.WriteString(userID)
	for _, g := range grants {
		k.WriteString("\x00" + g.Role + "\x01" + g.ApplicationID + "\x01" + g.OrganizationID)
	}
	k.WriteString("\x00\x00")
	for _, r := range rowsHeld(rules, grants) {
		k.WriteString(r.Role + "\x01" + r.Permission + "\x00")
	}
	return k.String()
}

// Enforce is the raw casbin check.
func (x *Enforcer) Enforce(subject, domain, object, action string) (bool, error) {
	return x.e.Enforce(subject, domain, object, action)
}

// Allowed tells whether the user may use permission in the application (and
// organisation). Without an organisation, holding the permission in the application or
// in any of the user's organisations of it is enough: routes over one organisation's
// data name the organisation.
func (x *Enforcer) Allowed(userID string, grants []identity.Grant, applicationID, organizationID, permission string) (bool, error) {
	domains := []string{Domain(applicationID, organizationID)}
	if organizationID == "" {
		for _, g := range grants {
			if g.ApplicationID == applicationID && g.OrganizationID != "" {
				domains = append(domains, Domain(applicationID, g.OrganizationID))
			}
		}
	}
	for _, d := range domains {
		ok, err := x.Enforce(Subject(userID), d, permission, Action)
		if err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// Abilities answers the matrix's permission names the user holds in the domain, for
// the profile (patterns are expanded against known, the permissions the product names).
func (x *Enforcer) Abilities(userID string, grants []identity.Grant, applicationID, organizationID string, known []string) ([]string, error) {
	var out []string
	for _, p := range known {
		ok, err := x.Allowed(userID, grants, applicationID, organizationID, p)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// Allowed checks one user with a fresh enforcer: the matrix and that user's grants.
func Allowed(rules []identity.Rule, userID string, grants []identity.Grant, applicationID, organizationID, permission string) (bool, error) {
	e, err := NewEnforcer(rules, map[string][]identity.Grant{userID: grants})
	if err != nil {
		return false, fmt.Errorf("authz: %w", err)
	}
	return e.Allowed(userID, grants, applicationID, organizationID, permission)
}

// ParseDefaults reads the default matrix: one line per role, "role: perm, perm, …".
func ParseDefaults(text string) ([]identity.Rule, error) {
	var rules []identity.Rule
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		role, perms, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("authz: default matrix line %q: want role: permissions", line)
		}
		for _, p := range strings.Split(perms, ",") {
			r := identity.Rule{Role: strings.TrimSpace(role), Permission: strings.TrimSpace(p)}
			if err := r.Validate(); err != nil {
				return nil, fmt.Errorf("authz: default matrix %s/%s: %w", r.Role, r.Permission, err)
			}
			rules = append(rules, r)
		}
	}
	return rules, nil
}
