package kernel

import (
	"context"
	"errors"
	"move/eventstore"
	"move/identity"
	"net/http"
	"strings"
)

// Identity plugs the identity service into the guard chain: it is the server's
// Authenticator, TenantResolver and Authorizer, and serves the identity routes.
type Identity struct{ Service *identity.Service }

func IdentityPrincipal(p Principal) identity.Principal {
	return identity.Principal{UserID: p.UserID, Superadmin: p.Superadmin}
}

func Bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// Authenticate reads the bearer access token.
func (i *Identity) Authenticate(r *http.Request) (Principal, error) {
	p, err := i.Service.Authenticate(r.Context(), Bearer(r))
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
	err := i.Service.Resolve(ctx, IdentityPrincipal(p), applicationID)
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
		return i.Service.AllowedOnPlatform(ctx, IdentityPrincipal(p), permission)
	}
	return i.Service.Allowed(ctx, IdentityPrincipal(p), t.ApplicationID, organizationID, permission)
}
