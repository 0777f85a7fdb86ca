package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/identity"
)

// RegisterUser records a new account with id, reserving its e-mail address (the
// reservation stream is named by a keyed digest of the address, decision 0511). The identity service writes the
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
		return u.reservePersonal(identity.EmailScope, "email", id, email)
	})
}

// EraseUser records a user's erasure: their roles revoked and user.erased.v1, and
// frees their e-mail address (email is the address the personal-data store holds; the
// reservation knows only its keyed digest). Its command id derives from the user, so an
// erasure interrupted before the personal data was blanked can simply run again.
func (a *App) EraseUser(ctx context.Context, meta Meta, id, email string) (Result, error) {
	userID, err := uuid.Parse(id)
	if err != nil {
		return Result{}, &domain.NotFoundError{Kind: "user", ID: id}
	}
	meta.CommandID = uuid.NewSHA1(userID, []byte("erase"))
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		user := identity.NewUser(id)
		if err := u.load(identity.UserStream(id), user); err != nil {
			return err
		}
		events, err := user.Erase()
		if err != nil || len(events) == 0 {
			return err
		}
		if err := u.append(identity.UserStream(id), user, events...); err != nil {
			return err
		}
		return u.releasePersonal(identity.EmailScope, id, email)
	})
}
