package commands

import (
	"context"

	"move/domain"
	"move/domain/organization"
)

// SetOrganizationFinance changes where the organisation's payouts go (IBAN mod-97).
func (a *App) SetOrganizationFinance(ctx context.Context, meta Meta, id string, expected *uint64, f organization.Finance) (Result, error) {
	return a.onOrganization(ctx, meta, id, expected, func(o *organization.Organization) ([]domain.Event, error) {
		return o.SetFinance(meta.ApplicationID, f)
	})
}
