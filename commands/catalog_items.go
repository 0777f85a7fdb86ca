package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain/catalog"
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
		return u.reserve(kind.NameScope(), "name", id, item.Fields.Name)
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
		if err := u.reserve(kind.NameScope(), "name", id, item.Fields.Name); err != nil {
			return err
		}
		return u.release(kind.NameScope(), id, oldName)
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
		return u.release(kind.NameScope(), id, item.Fields.Name)
	})
}
