package identity

import (
	"errors"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"move/domain"
	"move/identity"
	"move/readapi/kernel"
)

// PermissionExplainRoutes answer "why denied?" (decision 1500). Any caller may ask
// about themself; asking about someone else needs manage-permissions. A question about
// a route is answered from the whole route table, which table gives (the server's,
// made after this group).
func (s *Handlers) PermissionExplainRoutes(table func() []kernel.Route) []kernel.Route {
	explain := &explainer{Handlers: s, table: table}
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: "/v1/admin/permissions/explain", Permission: kernel.Authenticated, Handler: explain.explainPermission,
			Doc: kernel.Doc{Summary: "Why a user may or may not use a permission (or an API route) in the application and organisation: the grants that allow it, or what would and who could give it",
				Response: kernel.DataAnswer[identity.Access]{}, Query: []string{"permission", "route", "organization_id", "user_id", "email"},
				Errors: []int{http.StatusNotFound}}},
	}
}

// explainer answers "why denied?" questions; routes are looked up in table.
type explainer struct {
	*Handlers
	table func() []kernel.Route
}

func (s *explainer) explainPermission(w http.ResponseWriter, r *http.Request) error {
	svc, err := s.identityService()
	if err != nil {
		return err
	}
	ctx := r.Context()
	caller, tenant := kernel.PrincipalFrom(ctx), kernel.TenantFrom(ctx)
	q := r.URL.Query()
	question := identity.AccessQuestion{UserID: caller.UserID, ApplicationID: tenant.ApplicationID,
		OrganizationID: strings.ToLower(strings.TrimSpace(q.Get("organization_id"))), Permission: strings.TrimSpace(q.Get("permission"))}
	v := &domain.ValidationError{}
	if question.OrganizationID != "" {
		if _, err := uuid.Parse(question.OrganizationID); err != nil {
			v.Add("organization_id", "validation.invalid", nil)
		}
	}
	if route := strings.TrimSpace(q.Get("route")); route != "" {
		permission, organizationID, key := s.routePermission(route)
		if key != "" {
			v.Add("route", key, nil)
		}
		question.Permission = permission
		if question.OrganizationID == "" {
			question.OrganizationID = organizationID
		}
	} else if question.Permission == "" {
		v.Add("permission", "validation.required", nil)
	}
	if err := v.OrNil(); err != nil {
		return err
	}
	if who, err := s.explainedUser(r, svc); err != nil {
		return err
	} else if who != "" {
		question.UserID = who
	}
	if question.UserID != caller.UserID {
		ok, err := s.Authz.Allowed(ctx, caller, tenant, "", PermManagePermissions)
		if err != nil {
			return err
		}
		if !ok {
			return kernel.ErrStatus(http.StatusForbidden, "error.forbidden")
		}
	}
	access, err := svc.ExplainAccess(ctx, question)
	if errors.Is(err, identity.ErrUnknownPermission) {
		v.Add("permission", "validation.invalid", nil)
		return v
	}
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[identity.Access]{Data: access})
	return nil
}

// explainedUser reads user_id or email; empty means the caller.
func (s *explainer) explainedUser(r *http.Request, svc *identity.Service) (string, error) {
	q := r.URL.Query()
	if id := strings.TrimSpace(q.Get("user_id")); id != "" {
		parsed, err := uuid.Parse(id)
		if err != nil {
			v := &domain.ValidationError{}
			v.Add("user_id", "validation.invalid", nil)
			return "", v
		}
		return parsed.String(), nil
	}
	if email := strings.TrimSpace(q.Get("email")); email != "" {
		return svc.UserIDByEmail(r.Context(), email)
	}
	return "", nil
}

// routePermission finds the route "METHOD /path" (a pattern or a concrete path) in the
// table: its permission, the organisation a concrete path names, or the message key of
// why it cannot be explained.
func (s *explainer) routePermission(route string) (permission, organizationID, problem string) {
	method, path, ok := strings.Cut(route, " ")
	if !ok {
		return "", "", "validation.invalid"
	}
	method, path = strings.ToUpper(strings.TrimSpace(method)), strings.TrimSpace(path)
	// The match with the fewest parameters wins: /organizations/simple before
	// /organizations/{organization_id}.
	routes := s.table()
	var best *kernel.Route
	var bestParams map[string]string
	for i, rt := range routes {
		if rt.Method != method {
			continue
		}
		if params, ok := matchPattern(rt.Pattern, path); ok && (best == nil || len(params) < len(bestParams)) {
			best, bestParams = &routes[i], params
		}
	}
	if best != nil {
		switch best.Permission {
		case kernel.Public, kernel.Authenticated, kernel.Customer:
			return "", "", "validation.route_needs_no_permission"
		}
		if _, err := uuid.Parse(bestParams[organizationSegment]); err == nil {
			organizationID = strings.ToLower(bestParams[organizationSegment])
		}
		return best.Permission, organizationID, ""
	}
	return "", "", "validation.unknown_route"
}

// organizationSegment names, in matchPattern's answer, the segment after
// "organizations": the organisation the route's handler checks its permission in,
// whatever the pattern calls it ({id}, {organization_id}).
const organizationSegment = "organizations/"

// matchPattern matches a chi pattern ({name} is one segment) against a path, which may
// be the pattern itself; it answers the concrete segments by name.
func matchPattern(pattern, path string) (map[string]string, bool) {
	want, got := strings.Split(pattern, "/"), strings.Split(strings.TrimSuffix(path, "/"), "/")
	if len(want) != len(got) {
		return nil, false
	}
	params := map[string]string{}
	for i, segment := range want {
		if strings.HasPrefix(segment, "{") && strings.HasSuffix(segment, "}") {
			if got[i] == "" {
				return nil, false
			}
			params[strings.Trim(segment, "{}")] = got[i]
			if i > 0 && want[i-1] == "organizations" {
				params[organizationSegment] = got[i]
			}
			continue
		}
		if segment != got[i] {
			return nil, false
		}
	}
	return params, true
}
