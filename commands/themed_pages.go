package commands

import (
	"context"

	"move/domain"
	"move/domain/themedpage"
)

// Themed pages belong to the meta's application (decision 1640). Create derives the id
// from the command id, so a retry creates nothing twice; the read API checks the
// images are public files of the tenant (0534) and that an order names every page.

// CreateThemedPage adds a draft page to the application.
func (a *App) CreateThemedPage(ctx context.Context, meta Meta, f themedpage.Fields) (Result, error) {
	id, meta := newID(meta, "themed_page")
	return onThemedPage(a, ctx, meta, id, nil, func(p *themedpage.Page) ([]domain.Event, error) { return p.Create(meta.ApplicationID, f) })
}

// UpdateThemedPage replaces a page's contents; expected, when set, is the version the user edited.
func (a *App) UpdateThemedPage(ctx context.Context, meta Meta, id string, expected *uint64, f themedpage.Fields) (Result, error) {
	return onThemedPage(a, ctx, meta, id, expected, func(p *themedpage.Page) ([]domain.Event, error) { return p.Update(meta.ApplicationID, f) })
}

// PublishThemedPage shows the page in the app (publish true) or makes it a draft again.
func (a *App) PublishThemedPage(ctx context.Context, meta Meta, id string, expected *uint64, publish bool) (Result, error) {
	return onThemedPage(a, ctx, meta, id, expected, func(p *themedpage.Page) ([]domain.Event, error) {
		if publish {
			return p.Publish(meta.ApplicationID)
		}
		return p.Unpublish(meta.ApplicationID)
	})
}

// DeleteThemedPage removes a page.
func (a *App) DeleteThemedPage(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return onThemedPage(a, ctx, meta, id, expected, func(p *themedpage.Page) ([]domain.Event, error) { return p.Delete(meta.ApplicationID) })
}

// OrderThemedPages sets the order of the application's pages, first to last.
func (a *App) OrderThemedPages(ctx context.Context, meta Meta, pageIDs []string) (Result, error) {
	app := meta.ApplicationID
	return onTaxonomy(a, ctx, meta, app, nil, themedpage.OrderStream(app), themedpage.NewOrder(app),
		func(o *themedpage.Order) ([]domain.Event, error) { return o.Set(pageIDs) })
}

func onThemedPage(a *App, ctx context.Context, meta Meta, id string, expected *uint64, decide func(*themedpage.Page) ([]domain.Event, error)) (Result, error) {
	return onTaxonomy(a, ctx, meta, id, expected, themedpage.Stream(id), themedpage.New(id), decide)
}
