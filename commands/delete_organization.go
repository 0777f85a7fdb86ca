package commands

import (
	"context"

	"move/domain"
	"move/domain/organization"
)

// DeleteOrganization removes an organisation; expected, when given, is the version the
// user saw.
func (a *App) DeleteOrganization(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return a.onOrganization(ctx, meta, id, expected, func(o *organization.Organization) ([]domain.Event, error) {
		return o.Delete(meta.ApplicationID)
	})
}
