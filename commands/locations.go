package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/catalog"
	"move/domain/contact"
	"move/domain/location"
)

// CreateLocation adds a location to an organisation of the meta's application. The id
// derives from the command id, so a retry creates nothing twice.
func (a *App) CreateLocation(ctx context.Context, meta Meta, organizationID string, f location.Fields) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	meta.OrganizationID = organizationID
	id := uuid.NewSHA1(meta.CommandID, []byte("location")).String()
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		l := location.New(id)
		if err := u.load(location.Stream(id), l); err != nil {
			return err
		}
		if err := u.checkOrganization(organizationID); err != nil {
			return err
		}
		if err := u.checkLocationReferences(organizationID, f); err != nil {
			return err
		}
		events, err := l.Create(meta.ApplicationID, organizationID, f)
		if err != nil {
			return err
		}
		return u.append(location.Stream(id), l, events...)
	})
}

// UpdateLocation replaces a location's fields; expected, when set, is the version the
// user edited.
func (a *App) UpdateLocation(ctx context.Context, meta Meta, id string, expected *uint64, f location.Fields) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		l := location.New(id)
		if err := u.load(location.Stream(id), l); err != nil {
			return err
		}
		if err := u.checkVersion(location.Stream(id), expected); err != nil {
			return err
		}
		if l.VisibleIn(meta.ApplicationID) {
			if err := u.checkLocationReferences(l.OrganizationID, f); err != nil {
				return err
			}
		}
		events, err := l.Update(meta.ApplicationID, f)
		if err != nil {
			return err
		}
		return u.append(location.Stream(id), l, events...)
	})
}

// DeleteLocation removes a location.
func (a *App) DeleteLocation(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		l := location.New(id)
		if err := u.load(location.Stream(id), l); err != nil {
			return err
		}
		if err := u.checkVersion(location.Stream(id), expected); err != nil {
			return err
		}
		events, err := l.Delete(meta.ApplicationID)
		if err != nil {
			return err
		}
		return u.append(location.Stream(id), l, events...)
	})
}

// checkLocationReferences refuses sports and location types outside the platform
// catalogue, and contacts that are not the organisation's.
func (u *unit) checkLocationReferences(organizationID string, f location.Fields) error {
	for _, s := range f.Contacts {
		id, err := uuid.Parse(s)
		if err != nil {
			continue // the domain names the field
		}
		c := contact.New(id.String())
		if err := u.load(contact.Stream(id.String()), c); err != nil {
			return err
		}
		if !c.VisibleIn(u.meta.ApplicationID) || c.OrganizationID != organizationID {
			v := &domain.ValidationError{}
			v.Add("contacts", "validation.unknown", nil)
			return v
		}
	}
	if err := u.checkSports(f.Sports); err != nil {
		return err
	}
	for _, s := range f.LocationTypes {
		id, err := uuid.Parse(s)
		if err != nil {
			continue // the domain names the field
		}
		item := catalog.NewItem(catalog.LocationType, id.String())
		if err := u.load(catalog.LocationType.Stream(id.String()), item); err != nil {
			return err
		}
		if !item.Exists || item.Deleted {
			v := &domain.ValidationError{}
			v.Add("location_types", "validation.unknown", nil)
			return v
		}
	}
	return nil
}
