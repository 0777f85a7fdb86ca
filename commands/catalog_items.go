package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/catalog"
	"move/domain/reservation"
)

// CreateCatalogItem adds a sport, location type or product type, reserving its name
// in the same atomic append. The new id derives from the command id, so a retry
// creates nothing twice.
func (a *App) CreateCatalogItem(ctx context.Context, meta Meta, kind catalog.Kind, f catalog.Fields) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte(kind.Name)).String()
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		item := catalog.NewItem(kind, id)
		if err := u.load(kind.Stream(id), item); err != nil {
			return err
		}
		events, err := item.Create(f)
		if err != nil {
			return err
		}
		if err := u.append(kind.Stream(id), item, events...); err != nil {
			return err
		}
		return u.reserveName(kind, id, item.Fields.Name)
	})
}

// UpdateCatalogItem changes an item's values; expected, when given, is the version the
// user edited (a stale one is a conflict). A new name is reserved and the old released.
func (a *App) UpdateCatalogItem(ctx context.Context, meta Meta, kind catalog.Kind, id string, expected *uint64, f catalog.Fields) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		item := catalog.NewItem(kind, id)
		if err := u.load(kind.Stream(id), item); err != nil {
			return err
		}
		if err := u.checkVersion(kind.Stream(id), expected); err != nil {
			return err
		}
		oldName, renamed := item.Fields.Name, item.Exists && item.Renamed(f)
		events, err := item.Update(f)
		if err != nil {
			return err
		}
		if err := u.append(kind.Stream(id), item, events...); err != nil {
			return err
		}
		if !renamed {
			return nil
		}
		if err := u.reserveName(kind, id, item.Fields.Name); err != nil {
			return err
		}
		return u.releaseName(kind, id, oldName)
	})
}

// DeleteCatalogItem removes an item and frees its name.
func (a *App) DeleteCatalogItem(ctx context.Context, meta Meta, kind catalog.Kind, id string, expected *uint64) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		item := catalog.NewItem(kind, id)
		if err := u.load(kind.Stream(id), item); err != nil {
			return err
		}
		if err := u.checkVersion(kind.Stream(id), expected); err != nil {
			return err
		}
		events, err := item.Delete()
		if err != nil {
			return err
		}
		if err := u.append(kind.Stream(id), item, events...); err != nil {
			return err
		}
		return u.releaseName(kind, id, item.Fields.Name)
	})
}

// reserveName takes name for owner within kind; taken by another item, it is a field
// error on "name".
func (u *unit) reserveName(kind catalog.Kind, owner, name string) error {
	stream := reservation.Stream(kind.NameScope(), name)
	var r reservation.Reservation
	if err := u.load(stream, &r); err != nil {
		return err
	}
	events, ok := r.Reserve(owner)
	if !ok {
		v := &domain.ValidationError{}
		v.Add("name", "validation.unique", nil)
		return v
	}
	return u.append(stream, &r, events...)
}

func (u *unit) releaseName(kind catalog.Kind, owner, name string) error {
	stream := reservation.Stream(kind.NameScope(), name)
	var r reservation.Reservation
	if err := u.load(stream, &r); err != nil {
		return err
	}
	return u.append(stream, &r, r.Release(owner)...)
}
