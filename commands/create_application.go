package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/identity"
	"move/domain/reservation"
)

// CreateApplication adds a tenant, reserving its slug in the same atomic append. The
// id derives from the command id, so a retry creates nothing twice.
func (a *App) CreateApplication(ctx context.Context, meta Meta, c identity.ApplicationCreated) (Result, error) {
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
		events, err := app.Create(c)
		if err != nil {
			return err
		}
		if err := u.append(identity.ApplicationStream(id), app, events...); err != nil {
			return err
		}
		return u.reserve(identity.SlugScope, "slug", id, c.Slug)
	})
}

// reserve takes value within scope for owner; taken by another, it is a field error.
func (u *unit) reserve(scope, field, owner, value string) error {
	stream := reservation.Stream(scope, value)
	var r reservation.Reservation
	if err := u.load(stream, &r); err != nil {
		return err
	}
	events, ok := r.Reserve(owner)
	if !ok {
		v := &domain.ValidationError{}
		v.Add(field, "validation.unique", nil)
		return v
	}
	return u.append(stream, &r, events...)
}
