package commands

import (
	"context"

	"move/domain"
	"move/domain/organization"
)

// ApproveOrganization approves a pending (or earlier rejected) organisation; approving
// twice is a conflict.
func (a *App) ApproveOrganization(ctx context.Context, meta Meta, id string) (Result, error) {
	return a.onOrganization(ctx, meta, id, nil, func(o *organization.Organization) ([]domain.Event, error) {
		return o.Approve(meta.ApplicationID)
	})
}
