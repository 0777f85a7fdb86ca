package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/identity"
)

// maxApplicationDepth bounds the parent chain walked when a parent is set.
const maxApplicationDepth = 16

// UpdateApplication replaces an application's settings; expected, when given, is the
// version the user edited. A new slug is reserved and the old one released in the same
// append, so the old slug is free for others at once.
func (a *App) UpdateApplication(ctx context.Context, meta Meta, id string, expected *uint64, s identity.ApplicationSettings) (Result, error) {
	return a.onApplication(ctx, meta, id, expected, func(app *identity.Application) (identity.ApplicationSettings, error) {
		return s, nil
	})
}

// MapSettings are an application's map centre and zoom.
type MapSettings struct {
	Longitude *float64
	Latitude  *float64
	Zoom      *float64
}

// SetApplicationMap changes only the map centre and zoom of an application.
func (a *App) SetApplicationMap(ctx context.Context, meta Meta, id string, m MapSettings) (Result, error) {
	return a.onApplication(ctx, meta, id, nil, func(app *identity.Application) (identity.ApplicationSettings, error) {
		s := app.Settings
		s.Longitude, s.Latitude, s.Zoom = m.Longitude, m.Latitude, m.Zoom
		return s, nil
	})
}

func (a *App) onApplication(ctx context.Context, meta Meta, id string, expected *uint64, next func(*identity.Application) (identity.ApplicationSettings, error)) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	meta.ApplicationID = id
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		app := &identity.Application{ID: id}
		if err := u.load(identity.ApplicationStream(id), app); err != nil {
			return err
		}
		if !app.Exists {
			return &domain.NotFoundError{Kind: "application", ID: id}
		}
		if err := u.checkVersion(identity.ApplicationStream(id), expected); err != nil {
			return err
		}
		s, err := next(app)
		if err != nil {
			return err
		}
		old := app.Slug
		events, err := app.Update(s)
		if err != nil || len(events) == 0 {
			return err
		}
		updated := events[0].(identity.ApplicationUpdated)
		if err := u.checkParent(id, updated.ParentID); err != nil {
			return err
		}
		if err := u.append(identity.ApplicationStream(id), app, events...); err != nil {
			return err
		}
		if updated.Slug == old {
			return nil
		}
		if err := u.reserve(identity.SlugScope, "slug", id, updated.Slug); err != nil {
			return err
		}
		return u.release(identity.SlugScope, id, old)
	})
}

// checkParent: the parent exists and id is not among its ancestors (no cycles).
func (u *unit) checkParent(id string, parent *string) error {
	if parent == nil {
		return nil
	}
	invalid := func() error {
		v := &domain.ValidationError{}
		v.Add("parent_id", "validation.invalid", nil)
		return v
	}
	next := *parent
	for depth := 0; next != ""; depth++ {
		if next == id || depth >= maxApplicationDepth {
			return invalid()
		}
		p := &identity.Application{ID: next}
		if err := u.load(identity.ApplicationStream(next), p); err != nil {
			return err
		}
		if !p.Exists {
			return invalid()
		}
		next = ""
		if p.Settings.ParentID != nil {
			next = *p.Settings.ParentID
		}
	}
	return nil
}
