package commands

import (
	"context"

	"move/domain/identity"
)

// RegisterUser records a new account with id, reserving its e-mail address (the
// reservation stream holds a hash, not the address). The identity service writes the
// person's name and address to the personal-data store under the same id.
func (a *App) RegisterUser(ctx context.Context, meta Meta, id, email string) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		user := identity.NewUser(id)
		if err := u.load(identity.UserStream(id), user); err != nil {
			return err
		}
		events, err := user.Register()
		if err != nil {
			return err
		}
		if err := u.append(identity.UserStream(id), user, events...); err != nil {
			return err
		}
		return u.reserve(identity.EmailScope, "email", id, email)
	})
}
