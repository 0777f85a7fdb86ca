package commands

import (
	"context"

	"move/domain"
	"move/domain/identity"
)

// GrantRole gives a user a role in an application (and organisation).
func (a *App) GrantRole(ctx context.Context, meta Meta, userID string, g identity.Grant) (Result, error) {
	return a.changeUser(ctx, meta, userID, g, func(u *identity.User) ([]domain.Event, error) { return u.GrantRole(g) })
}

// RevokeRole takes a role away from a user.
func (a *App) RevokeRole(ctx context.Context, meta Meta, userID string, g identity.Grant) (Result, error) {
	return a.changeUser(ctx, meta, userID, g, func(u *identity.User) ([]domain.Event, error) { return u.RevokeRole(g) })
}

func (a *App) changeUser(ctx context.Context, meta Meta, userID string, g identity.Grant, decide func(*identity.User) ([]domain.Event, error)) (Result, error) {
	if g.ApplicationID != "" {
		meta.ApplicationID = g.ApplicationID
	}
	if g.OrganizationID != "" {
		meta.OrganizationID = g.OrganizationID
	}
	return a.run.execute(ctx, meta, userID, func(u *unit) error {
		user := identity.NewUser(userID)
		if err := u.load(identity.UserStream(userID), user); err != nil {
			return err
		}
		events, err := decide(user)
		if err != nil {
			return err
		}
		return u.append(identity.UserStream(userID), user, events...)
	})
}
