package commands

import (
	"context"

	"move/domain/identity"
)

// RecordPasswordChange records that a user's password was set; the hash itself is a
// secret the identity service keeps in its credential table.
func (a *App) RecordPasswordChange(ctx context.Context, meta Meta, userID, reason string) (Result, error) {
	return a.run.execute(ctx, meta, userID, func(u *unit) error {
		user := identity.NewUser(userID)
		if err := u.load(identity.UserStream(userID), user); err != nil {
			return err
		}
		events, err := user.ChangePassword(reason)
		if err != nil {
			return err
		}
		return u.append(identity.UserStream(userID), user, events...)
	})
}
