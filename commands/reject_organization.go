package commands

import (
	"context"

	"move/domain"
	"move/domain/organization"
)

// RejectOrganization rejects a pending organisation with a reason; rejecting twice, or
// an approved one, is a conflict.
func (a *App) RejectOrganization(ctx context.Context, meta Meta, id, reason string) (Result, error) {
	return a.onOrganization(ctx, meta, id, nil, func(o *organization.Organization) ([]domain.Event, error) {
		return o.Reject(meta.ApplicationID, reason)
	})
}
