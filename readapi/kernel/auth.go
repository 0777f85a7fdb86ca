package kernel

import (
	"context"
	"errors"
	"net/http"

	"move/eventstore"
)

// Principal is the authenticated caller.
type Principal struct {
	UserID     string
	Superadmin bool
	// Session names the caller's login session (its token family), LastWrite where its
	// last command landed, when the Authenticator remembers it (decision 1330).
	Session   string
	LastWrite eventstore.Position
}

// Tenant is the application a request acts in.
type Tenant struct {
	ApplicationID string
}

// ErrUnauthenticated: no valid credentials (answered 401, without a message worth
// showing the user).
var ErrUnauthenticated = errors.New("unauthenticated")

// ErrUnknownApplication: the ApplicationId is missing, malformed, unknown, or not one
// the caller belongs to (answered 403 with a clear message).
var ErrUnknownApplication = errors.New("unknown application")

// Authenticator tells who sends a request (identity plugs in here).
type Authenticator interface {
	Authenticate(r *http.Request) (Principal, error)
}

// TenantResolver checks the request's ApplicationId for the caller.
type TenantResolver interface {
	Resolve(ctx context.Context, p Principal, applicationID string) (Tenant, error)
}

// Authorizer decides a permission for a caller in an application (and organisation,
// when the route has one); with no application (a platform route called without one),
// on the platform.
type Authorizer interface {
	Allowed(ctx context.Context, p Principal, t Tenant, organizationID, permission string) (bool, error)
}

// SessionWrites is an Authenticator that remembers each login session's last write,
// across servers; the guard records every command's position with it (decision 1330).
type SessionWrites interface {
	RememberWrite(ctx context.Context, session string, pos eventstore.Position) error
}

type principalKey struct{}
type tenantKey struct{}

// PrincipalFrom answers the caller; it panics when the route skipped authentication,
// which the route table makes impossible.
func PrincipalFrom(ctx context.Context) Principal {
	p, ok := ctx.Value(principalKey{}).(Principal)
	if !ok {
		panic("readapi: no principal: route is not behind authentication")
	}
	return p
}

// TenantFrom answers the request's application; it panics on a route without a tenant.
func TenantFrom(ctx context.Context) Tenant {
	t, ok := ctx.Value(tenantKey{}).(Tenant)
	if !ok {
		panic("readapi: no tenant: route is not behind the tenant middleware")
	}
	return t
}

// WithPrincipal is the context of a request the guard authenticated as p.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// WithTenant is the context of a request the guard resolved to application t.
func WithTenant(ctx context.Context, t Tenant) context.Context {
	return context.WithValue(ctx, tenantKey{}, t)
}
