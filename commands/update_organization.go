package commands

import (
	"context"

	"move/domain"

	"move/domain/organization"
)

// UpdateOrganization changes an organisation's profile in the meta's application;
// expected, when given, is the version the user edited (a stale one is a conflict).
func (a *App) UpdateOrganization(ctx context.Context, meta Meta, id string, expected *uint64, p organization.Profile) (Result, error) {
	meta.OrganizationID = id
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		o := organization.New(id)
		if err := u.load(organization.Stream(id), o); err != nil {
			return err
		}
		if err := u.checkVersion(organization.Stream(id), expected); err != nil {
			return err
		}
		var added []string
		for _, s := range p.Sports {
			if !o.VisibleIn(meta.ApplicationID) || !contains(o.Profile.Sports, s) {
				added = append(added, s)
			}
		}
		events, err := o.Update(meta.ApplicationID, p)
		if err != nil {
			return err
		}
		if err := u.checkSports(added); err != nil {
			return err
		}
		return u.append(organization.Stream(id), o, events...)
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// onOrganization runs one decision on an existing organisation of the meta's
// application and appends what it decides.
func (a *App) onOrganization(ctx context.Context, meta Meta, id string, expected *uint64, decide func(*organization.Organization) ([]domain.Event, error)) (Result, error) {
	res, _, err := a.onOrganizationFresh(ctx, meta, id, expected, decide)
	return res, err
}

// onOrganizationFresh also tells whether this call decided (false: a retried command
// answered its first result).
func (a *App) onOrganizationFresh(ctx context.Context, meta Meta, id string, expected *uint64, decide func(*organization.Organization) ([]domain.Event, error)) (Result, bool, error) {
	meta.OrganizationID = id
	fresh := false
	res, err := a.run.execute(ctx, meta, id, func(u *unit) error {
		fresh = false
		o := organization.New(id)
		if err := u.load(organization.Stream(id), o); err != nil {
			return err
		}
		if err := u.checkVersion(organization.Stream(id), expected); err != nil {
			return err
		}
		events, err := decide(o)
		if err != nil {
			return err
		}
		fresh = true
		return u.append(organization.Stream(id), o, events...)
	})
	return res, fresh, err
}
