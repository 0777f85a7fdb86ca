package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"move/readapi"
)

// identity wires authentication, tenancy and permissions into the read API. Until the
// identity service lands, nobody is authenticated: every protected route answers 401.
func identity(_ context.Context, _ config, _ *backend, _ *slog.Logger) (readapi.Authenticator, readapi.TenantResolver, readapi.Authorizer, error) {
	return nobody{}, nobody{}, nobody{}, nil
}

type nobody struct{}

func (nobody) Authenticate(*http.Request) (readapi.Principal, error) {
	return readapi.Principal{}, readapi.ErrUnauthenticated
}

func (nobody) Resolve(context.Context, readapi.Principal, string) (readapi.Tenant, error) {
	return readapi.Tenant{}, readapi.ErrUnknownApplication
}

func (nobody) Allowed(context.Context, readapi.Principal, readapi.Tenant, string, string) (bool, error) {
	return false, nil
}

func usersCmd(context.Context, config, *slog.Logger, []string) error {
	return errors.New("users: arrives with the identity service")
}

// seedIdentity makes the demo applications and users.
func seedIdentity(context.Context, config, *backend, *slog.Logger) error { return nil }
