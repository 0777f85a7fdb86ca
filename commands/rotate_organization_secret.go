package commands

import (
	"context"

	"move/domain"
	"move/domain/organization"
)

// RotateOrganizationSecret replaces the organisation's API client secret and answers
// the new one, once; the event keeps only its hash.
func (a *App) RotateOrganizationSecret(ctx context.Context, meta Meta, id string) (OrganizationCreated, error) {
	secret, hash := NewAPISecret()
	res, fresh, err := a.onOrganizationFresh(ctx, meta, id, nil, func(o *organization.Organization) ([]domain.Event, error) {
		return o.RotateSecret(meta.ApplicationID, hash)
	})
	if err != nil {
		return OrganizationCreated{}, err
	}
	out := OrganizationCreated{Result: res, ClientID: OrganizationClientID(id)}
	if fresh { // a retried rotation answers no secret: the kept hash is the first one's
		out.Secret = secret
	}
	return out, nil
}
