package commands

import (
	"context"

	"move/domain"
	"move/domain/campaign"
)

// Campaigns belong to the meta's application (decision 1100). Create derives the id
// from the command id, so a retry creates nothing twice; the read API checks the image
// is a public file of the tenant (0534).

// CreateCampaign adds a campaign to the application.
func (a *App) CreateCampaign(ctx context.Context, meta Meta, f campaign.Fields) (Result, error) {
	id, meta := newID(meta, "campaign")
	return onCampaign(a, ctx, meta, id, nil, func(c *campaign.Campaign) ([]domain.Event, error) { return c.Create(meta.ApplicationID, f) })
}

// UpdateCampaign replaces a campaign's fields; expected, when set, is the version the user edited.
func (a *App) UpdateCampaign(ctx context.Context, meta Meta, id string, expected *uint64, f campaign.Fields) (Result, error) {
	return onCampaign(a, ctx, meta, id, expected, func(c *campaign.Campaign) ([]domain.Event, error) { return c.Update(meta.ApplicationID, f) })
}

// DeleteCampaign removes a campaign.
func (a *App) DeleteCampaign(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return onCampaign(a, ctx, meta, id, expected, func(c *campaign.Campaign) ([]domain.Event, error) { return c.Delete(meta.ApplicationID) })
}

func onCampaign(a *App, ctx context.Context, meta Meta, id string, expected *uint64, decide func(*campaign.Campaign) ([]domain.Event, error)) (Result, error) {
	return onTaxonomy(a, ctx, meta, id, expected, campaign.Stream(id), campaign.New(id), decide)
}
