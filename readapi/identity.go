package readapi

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/eventstore"
	"move/identity"
)

// Identity plugs the identity service into the guard chain: it is the server's
// Authenticator, TenantResolver and Authorizer, and serves the identity routes.
type Identity struct{ Service *identity.Service }

// Authenticate reads the bearer access token.
func (i *Identity) Authenticate(r *http.Request) (Principal, error) {
	p, err := i.Service.Authenticate(r.Context(), bearer(r))
	if errors.Is(err, identity.ErrInvalidToken) {
		return Principal{}, ErrUnauthenticated
	}
	if err != nil {
		return Principal{}, err
	}
	return Principal{UserID: p.UserID, Superadmin: p.Superadmin, Session: p.FamilyID, LastWrite: p.LastWrite}, nil
}

// RememberWrite records the session's last write (decision 1330).
func (i *Identity) RememberWrite(ctx context.Context, session string, pos eventstore.Position) error {
	return i.Service.RememberWrite(ctx, session, pos)
}

// Resolve checks the ApplicationId: an existing application the caller belongs to.
func (i *Identity) Resolve(ctx context.Context, p Principal, applicationID string) (Tenant, error) {
	err := i.Service.Resolve(ctx, principal(p), applicationID)
	if errors.Is(err, identity.ErrUnknownApplication) {
		return Tenant{}, ErrUnknownApplication
	}
	if err != nil {
		return Tenant{}, err
	}
	return Tenant{ApplicationID: strings.ToLower(applicationID)}, nil
}

// Allowed asks casbin, with the matrix and the caller's grants in the tenant, or on the
// platform when there is none.
func (i *Identity) Allowed(ctx context.Context, p Principal, t Tenant, organizationID, permission string) (bool, error) {
	if t.ApplicationID == "" {
		return i.Service.AllowedOnPlatform(ctx, principal(p), permission)
	}
	return i.Service.Allowed(ctx, principal(p), t.ApplicationID, organizationID, permission)
}

func principal(p Principal) identity.Principal {
	return identity.Principal{UserID: p.UserID, Superadmin: p.Superadmin}
}

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// Permissions of identity.
const (
	PermManageInvites     = "manage-invites"
	PermManagePermissions = "manage-permissions"
)

// identityRoutes are the identity API's endpoints.
func (s *Server) identityRoutes() []Route {
	return []Route{
		{Method: http.MethodPost, Pattern: "/v1/auth/login", Permission: Public, Handler: s.login,
			Doc: Doc{Summary: "Log in with e-mail and password (rate-limited per client and account)", Request: loginInput{}, Response: identity.Session{},
				Errors: []int{http.StatusTooManyRequests}}},
		{Method: http.MethodPost, Pattern: "/v1/token/refresh", Permission: Public, Handler: s.refresh,
			Doc: Doc{Summary: "Rotate a refresh token; a reused one revokes its family", Request: refreshInput{}, Response: identity.Session{},
				Errors: []int{http.StatusUnauthorized}}},
		{Method: http.MethodPost, Pattern: "/v1/auth/logout", Permission: Public, Handler: s.logout,
			Doc: Doc{Summary: "Revoke the bearer token's family", Status: http.StatusNoContent, Errors: []int{http.StatusUnauthorized}}},
		{Method: http.MethodPost, Pattern: "/v1/auth/forgot-password", Permission: Public, Handler: s.forgotPassword,
			Doc: Doc{Summary: "Mail a reset link (answers 202 whether or not the address is known)", Request: forgotInput{}, Status: http.StatusAccepted}},
		{Method: http.MethodPost, Pattern: "/v1/auth/reset-password", Permission: Public, Handler: s.resetPassword,
			Doc: Doc{Summary: "Set a password with a reset token; revokes every session", Request: resetInput{}, Response: messageAnswer{}}},
		{Method: http.MethodPost, Pattern: "/v1/auth/invites/accept", Permission: Public, Handler: s.acceptInvite,
			Doc: Doc{Summary: "Accept an invite: register (or confirm) and receive the role", Request: acceptInput{}, Response: identity.Session{}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/application", Permission: Public, Handler: s.publicApplication,
			Doc: Doc{Summary: "The application named by ApplicationId, else the default one (before login)", Response: dataAnswer[applicationSettings]{}, Errors: []int{http.StatusNotFound}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/profile", Permission: Authenticated, Handler: s.profile,
			Doc: Doc{Summary: "The caller's roles, abilities and organisations in the application", Response: dataAnswer[identity.Profile]{}, Query: []string{"organization_id"}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/applications/{application_id}/invites", Permission: PermManageInvites, Handler: s.listInvites,
			Doc: Doc{Summary: "Invites of the application", Response: listAnswer[inviteRow]{}, Query: listQueryDoc}},
		{Method: http.MethodPost, Pattern: "/v1/admin/applications/{application_id}/invites", Permission: PermManageInvites, Handler: s.sendInvite,
			Doc: Doc{Summary: "Invite someone as organization or trainer", Request: identity.InviteInput{}, Response: commandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: "/v1/admin/permissions", Permission: PermManagePermissions, Handler: s.listPermissions,
			Doc: Doc{Summary: "The role → permission matrix", Response: dataAnswer[permissionMatrix]{}}},
		{Method: http.MethodPost, Pattern: "/v1/admin/permissions/grant", Permission: PermManagePermissions, Handler: s.changePermission(true),
			Doc: Doc{Summary: "Give a role a permission", Request: permissionInput{}, Response: commandAnswer{}}},
		{Method: http.MethodPost, Pattern: "/v1/admin/permissions/revoke", Permission: PermManagePermissions, Handler: s.changePermission(false),
			Doc: Doc{Summary: "Take a permission from a role", Request: permissionInput{}, Response: commandAnswer{}}},
	}
}

// identityService answers the service, or an error when the server runs without it.
func (s *Server) identityService() (*identity.Service, error) {
	if i, ok := s.Auth.(*Identity); ok && i.Service != nil {
		return i.Service, nil
	}
	return nil, errors.New("readapi: identity routes need readapi.Identity as the authenticator")
}

// identityError maps the identity service's errors; invalidToken is the answer to a
// bad token on this route (401 for sessions, 422 for one-time tokens).
func identityError(w http.ResponseWriter, err error, invalidToken *apiError) error {
	var limited *identity.RateLimitedError
	switch {
	case errors.As(err, &limited):
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(limited.RetryAfter.Seconds()))))
		return errStatus(http.StatusTooManyRequests, "error.rate_limited")
	case errors.Is(err, identity.ErrInvalidCredentials):
		return errStatus(http.StatusUnprocessableEntity, "auth.failed")
	case errors.Is(err, identity.ErrInvalidToken):
		return invalidToken
	}
	return err
}

type loginInput struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	svc, err := s.identityService()
	if err != nil {
		return err
	}
	var in loginInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	session, err := svc.Login(r.Context(), in.Email, in.Password, ClientIP(r).String())
	if err != nil {
		return identityError(w, err, errStatus(http.StatusUnprocessableEntity, "auth.failed"))
	}
	writeJSON(w, http.StatusOK, session)
	return nil
}

type refreshInput struct {
	RefreshToken string `json:"refresh_token"`
}

func (s *Server) refresh(w http.ResponseWriter, r *http.Request) error {
	svc, err := s.identityService()
	if err != nil {
		return err
	}
	var in refreshInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	session, err := svc.Refresh(r.Context(), in.RefreshToken)
	if err != nil {
		return identityError(w, err, errStatus(http.StatusUnauthorized, "error.unauthenticated"))
	}
	writeJSON(w, http.StatusOK, session)
	return nil
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	svc, err := s.identityService()
	if err != nil {
		return err
	}
	if err := svc.Logout(r.Context(), bearer(r)); err != nil {
		return identityError(w, err, errStatus(http.StatusUnauthorized, "error.unauthenticated"))
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type forgotInput struct {
	Email string `json:"email"`
}

type messageAnswer struct {
	Message string `json:"message"`
}

func (s *Server) forgotPassword(w http.ResponseWriter, r *http.Request) error {
	svc, err := s.identityService()
	if err != nil {
		return err
	}
	var in forgotInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	if err := svc.ForgotPassword(r.Context(), in.Email, ClientIP(r).String()); err != nil {
		return identityError(w, err, nil)
	}
	writeJSON(w, http.StatusAccepted, messageAnswer{Message: translate(lang(r), "auth.reset_sent", nil)})
	return nil
}

type resetInput struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) error {
	svc, err := s.identityService()
	if err != nil {
		return err
	}
	var in resetInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	if err := svc.ResetPassword(r.Context(), in.Token, in.Password); err != nil {
		return identityError(w, err, errStatus(http.StatusUnprocessableEntity, "auth.token_invalid"))
	}
	writeJSON(w, http.StatusOK, messageAnswer{Message: translate(lang(r), "auth.password_reset", nil)})
	return nil
}

type acceptInput struct {
	Token     string `json:"token"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Password  string `json:"password"`
}

func (s *Server) acceptInvite(w http.ResponseWriter, r *http.Request) error {
	svc, err := s.identityService()
	if err != nil {
		return err
	}
	var in acceptInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	session, err := svc.AcceptInvite(r.Context(), in.Token, in.FirstName, in.LastName, in.Password)
	if err != nil {
		return identityError(w, err, errStatus(http.StatusUnprocessableEntity, "auth.token_invalid"))
	}
	writeJSON(w, http.StatusOK, session)
	return nil
}

// applicationSettings is what the SPA loads before anything else.
type applicationSettings struct {
	ID             string  `json:"id"`
	Name           string  `json:"name"`
	Slug           string  `json:"slug"`
	LogoURL        *string `json:"logo_url"`
	FaviconURL     *string `json:"favicon_url"`
	PrimaryColor   *string `json:"primary_color"`
	SecondaryColor *string `json:"secondary_color"`
	// The map's centre and zoom (the mapbox settings): location forms centre their
	// map preview on them.
	Longitude *float64 `json:"longitude"`
	Latitude  *float64 `json:"latitude"`
	Zoom      *float64 `json:"zoom"`
}

func fileURL(id *string) *string {
	if id == nil || *id == "" {
		return nil
	}
	u := "/v1/files/" + *id + "/thumbnail"
	return &u
}

// publicApplication answers the application of the ApplicationId header, or the
// default (first created) one. Applications are the platform's tenant registry, not
// tenant-owned rows: their branding is public.
func (s *Server) publicApplication(w http.ResponseWriter, r *http.Request) error {
	const columns = `SELECT id::text, name, slug, logo_id, favicon_id, primary_color, secondary_color, longitude, latitude, zoom
		FROM readmodel.identity_applications `
	var row pgx.Row
	if h := r.Header.Get("ApplicationId"); h != "" {
		id, err := uuid.Parse(h)
		if err != nil {
			return errStatus(http.StatusNotFound, "error.not_found")
		}
		row = s.DB.QueryRow(r.Context(), columns+`WHERE id = $1`, id)
	} else {
		row = s.DB.QueryRow(r.Context(), columns+`ORDER BY created_at, id LIMIT 1`)
	}
	var a applicationSettings
	var logo, favicon *string
	err := row.Scan(&a.ID, &a.Name, &a.Slug, &logo, &favicon, &a.PrimaryColor, &a.SecondaryColor, &a.Longitude, &a.Latitude, &a.Zoom)
	if errors.Is(err, pgx.ErrNoRows) {
		return errStatus(http.StatusNotFound, "error.not_found")
	}
	if err != nil {
		return err
	}
	a.LogoURL, a.FaviconURL = fileURL(logo), fileURL(favicon)
	writeJSON(w, http.StatusOK, dataAnswer[applicationSettings]{Data: a})
	return nil
}

func (s *Server) profile(w http.ResponseWriter, r *http.Request) error {
	svc, err := s.identityService()
	if err != nil {
		return err
	}
	org := r.URL.Query().Get("organization_id")
	if org != "" {
		if _, err := uuid.Parse(org); err != nil {
			return badQuery("organization_id")
		}
	}
	p, t := PrincipalFrom(r.Context()), TenantFrom(r.Context())
	profile, err := svc.Profile(r.Context(), principal(p), t.ApplicationID, strings.ToLower(org))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[identity.Profile]{Data: profile})
	return nil
}

// inviteApplication is the {application_id} of the path: it must be the tenant.
func inviteApplication(r *http.Request) (string, error) {
	id := strings.ToLower(chi.URLParam(r, "application_id"))
	if id != TenantFrom(r.Context()).ApplicationID {
		return "", errStatus(http.StatusForbidden, "error.application")
	}
	return id, nil
}

type inviteRow struct {
	ID             string    `json:"id"`
	FirstName      string    `json:"first_name"`
	LastName       string    `json:"last_name"`
	Email          string    `json:"email"`
	Role           string    `json:"role"`
	OrganizationID string    `json:"organization_id"`
	Status         string    `json:"status"`
	ExpiresAt      time.Time `json:"expires_at"`
	CreatedAt      time.Time `json:"created_at"`
}

var inviteSorts = map[string]string{"created_at": "i.created_at", "status": "i.status", "role": "i.role"}

func (s *Server) listInvites(w http.ResponseWriter, r *http.Request) error {
	app, err := inviteApplication(r)
	if err != nil {
		return err
	}
	q, err := parseListQuery(r, inviteSorts, "created_at")
	if err != nil {
		return err
	}
	var total int64
	var items []inviteRow
	err = identity.ReadInTenant(r.Context(), s.DB, app, func(tx pgx.Tx) error {
		if err := tx.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.identity_invites i WHERE i.application_id = $1`, app).Scan(&total); err != nil {
			return err
		}
		rows, err := tx.Query(r.Context(), `
			SELECT i.id::text, coalesce(u.first_name, i.first_name), coalesce(u.last_name, i.last_name),
			       coalesce(u.email, i.email), i.role, i.organization_id, i.status, i.expires_at, i.created_at
			  FROM readmodel.identity_invites i
			  LEFT JOIN identity_personal_data u ON u.subject_id = i.user_id
			 WHERE i.application_id = $1
			 ORDER BY `+inviteSorts[q.Sort]+` `+q.direction()+`, i.id LIMIT $2 OFFSET $3`, app, q.PerPage, q.offset())
		if err != nil {
			return err
		}
		items, err = collect(rows, func(row pgx.Row) (inviteRow, error) {
			var x inviteRow
			return x, row.Scan(&x.ID, &x.FirstName, &x.LastName, &x.Email, &x.Role, &x.OrganizationID, &x.Status, &x.ExpiresAt, &x.CreatedAt)
		})
		return err
	})
	if err != nil {
		return err
	}
	if items == nil {
		items = []inviteRow{}
	}
	writeJSON(w, http.StatusOK, listAnswer[inviteRow]{Data: items, Meta: listMeta{Pagination: q.pagination(total)}})
	return nil
}

func (s *Server) sendInvite(w http.ResponseWriter, r *http.Request) error {
	svc, err := s.identityService()
	if err != nil {
		return err
	}
	app, err := inviteApplication(r)
	if err != nil {
		return err
	}
	var in identity.InviteInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := svc.SendInvite(r.Context(), m, app, in)
	return s.answerCommand(w, "send_invite", http.StatusCreated, res, err)
}

type permissionMatrix struct {
	Roles       []string            `json:"roles"`
	Permissions []string            `json:"permissions"`
	Matrix      map[string][]string `json:"matrix"`
}

func (s *Server) listPermissions(w http.ResponseWriter, r *http.Request) error {
	rows, err := s.DB.Query(r.Context(), `SELECT role, permission FROM readmodel.identity_permissions ORDER BY role, permission`)
	if err != nil {
		return err
	}
	m := permissionMatrix{Roles: rolesOrder(), Permissions: knownPermissions(), Matrix: map[string][]string{}}
	for _, role := range m.Roles {
		m.Matrix[role] = []string{}
	}
	pairs, err := collect(rows, func(row pgx.Row) ([2]string, error) {
		var p [2]string
		return p, row.Scan(&p[0], &p[1])
	})
	if err != nil {
		return err
	}
	for _, p := range pairs {
		m.Matrix[p[0]] = append(m.Matrix[p[0]], p[1])
	}
	writeJSON(w, http.StatusOK, dataAnswer[permissionMatrix]{Data: m})
	return nil
}

type permissionInput struct {
	Role       string `json:"role"`
	Permission string `json:"permission"`
}

func (s *Server) changePermission(grant bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var in permissionInput
		if err := decode(r, w, &in); err != nil {
			return err
		}
		m, err := meta(r)
		if err != nil {
			return err
		}
		rule := ruleOf(in)
		if grant {
			res, err := s.App.GrantPermission(r.Context(), m, rule)
			return s.answerCommand(w, "grant_permission", http.StatusOK, res, err)
		}
		res, err := s.App.RevokePermission(r.Context(), m, rule)
		return s.answerCommand(w, "revoke_permission", http.StatusOK, res, err)
	}
}
