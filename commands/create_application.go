package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain/identity"
)

// CreateApplication adds a tenant with every setting (spec section 3), reserving
// its slug in the same atomic append; a parent must exist. The id derives from the
// command id, so a retry creates nothing twice.
func (a *App) CreateApplication(ctx context.Context, meta Meta, s identity.ApplicationSettings) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("application")).String()
	meta.ApplicationID = id
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		app := &identity.Application{ID: id}
		if err := u.load(identity.ApplicationStream(id), app); err != nil {
			return err
		}
		events, err := app.Create(s)
		if err != nil {
			return err
		}
		created := events[0].(identity.ApplicationCreated)
		if err := u.checkParent(id, created.ParentID); err != nil {
			return err
		}
		if err := u.append(identity.ApplicationStream(id), app, events...); err != nil {
			return err
		}
		return u.reserve(identity.SlugScope, "slug", id, created.Slug)
	})
}
