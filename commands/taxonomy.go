package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/taxonomy"
)

// Categories, tags and labels belong to the meta's application. Create derives the id
// from the command id, so a retry creates nothing twice. The read API refuses
// deleting what offers or wallets use, and checks the ids a label filter names.

// CreateCategory adds a category to the application.
func (a *App) CreateCategory(ctx context.Context, meta Meta, f taxonomy.CategoryFields) (Result, error) {
	id, meta := newID(meta, "category")
	return onTaxonomy(a, ctx, meta, id, nil, taxonomy.CategoryStream(id), taxonomy.NewCategory(id),
		func(c *taxonomy.Category) ([]domain.Event, error) { return c.Create(meta.ApplicationID, f) })
}

// UpdateCategory replaces a category's fields; expected, when set, is the version the user edited.
func (a *App) UpdateCategory(ctx context.Context, meta Meta, id string, expected *uint64, f taxonomy.CategoryFields) (Result, error) {
	return onTaxonomy(a, ctx, meta, id, expected, taxonomy.CategoryStream(id), taxonomy.NewCategory(id),
		func(c *taxonomy.Category) ([]domain.Event, error) { return c.Update(meta.ApplicationID, f) })
}

// DeleteCategory removes a category.
func (a *App) DeleteCategory(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return onTaxonomy(a, ctx, meta, id, expected, taxonomy.CategoryStream(id), taxonomy.NewCategory(id),
		func(c *taxonomy.Category) ([]domain.Event, error) { return c.Delete(meta.ApplicationID) })
}

// CreateTag adds a tag to the application.
func (a *App) CreateTag(ctx context.Context, meta Meta, f taxonomy.TagFields) (Result, error) {
	id, meta := newID(meta, "tag")
	return onTaxonomy(a, ctx, meta, id, nil, taxonomy.TagStream(id), taxonomy.NewTag(id),
		func(t *taxonomy.Tag) ([]domain.Event, error) { return t.Create(meta.ApplicationID, f) })
}

// UpdateTag replaces a tag's fields.
func (a *App) UpdateTag(ctx context.Context, meta Meta, id string, expected *uint64, f taxonomy.TagFields) (Result, error) {
	return onTaxonomy(a, ctx, meta, id, expected, taxonomy.TagStream(id), taxonomy.NewTag(id),
		func(t *taxonomy.Tag) ([]domain.Event, error) { return t.Update(meta.ApplicationID, f) })
}

// DeleteTag removes a tag.
func (a *App) DeleteTag(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return onTaxonomy(a, ctx, meta, id, expected, taxonomy.TagStream(id), taxonomy.NewTag(id),
		func(t *taxonomy.Tag) ([]domain.Event, error) { return t.Delete(meta.ApplicationID) })
}

// CreateLabel adds a label to the application; it covers nothing yet.
func (a *App) CreateLabel(ctx context.Context, meta Meta, name string) (Result, error) {
	id, meta := newID(meta, "label")
	return onTaxonomy(a, ctx, meta, id, nil, taxonomy.LabelStream(id), taxonomy.NewLabel(id),
		func(l *taxonomy.Label) ([]domain.Event, error) { return l.Create(meta.ApplicationID, name) })
}

// RenameLabel changes a label's name.
func (a *App) RenameLabel(ctx context.Context, meta Meta, id string, expected *uint64, name string) (Result, error) {
	return onTaxonomy(a, ctx, meta, id, expected, taxonomy.LabelStream(id), taxonomy.NewLabel(id),
		func(l *taxonomy.Label) ([]domain.Event, error) { return l.Rename(meta.ApplicationID, name) })
}

// SetLabelActivityFilter replaces the label's activity filter: the labels read model
// re-evaluates which activities it covers.
func (a *App) SetLabelActivityFilter(ctx context.Context, meta Meta, id string, expected *uint64, f taxonomy.ActivityFilter) (Result, error) {
	return onTaxonomy(a, ctx, meta, id, expected, taxonomy.LabelStream(id), taxonomy.NewLabel(id),
		func(l *taxonomy.Label) ([]domain.Event, error) { return l.SetActivityFilter(meta.ApplicationID, f) })
}

// SetLabelOrganizationFilter replaces the organisations the label covers: the labels
// read model re-evaluates which offers it covers.
func (a *App) SetLabelOrganizationFilter(ctx context.Context, meta Meta, id string, expected *uint64, f taxonomy.OrganizationFilter) (Result, error) {
	return onTaxonomy(a, ctx, meta, id, expected, taxonomy.LabelStream(id), taxonomy.NewLabel(id),
		func(l *taxonomy.Label) ([]domain.Event, error) { return l.SetOrganizationFilter(meta.ApplicationID, f) })
}

// SetLabelProductFilter replaces the label's product filter: the labels read model
// re-evaluates which products it covers.
func (a *App) SetLabelProductFilter(ctx context.Context, meta Meta, id string, expected *uint64, f taxonomy.ProductFilter) (Result, error) {
	return onTaxonomy(a, ctx, meta, id, expected, taxonomy.LabelStream(id), taxonomy.NewLabel(id),
		func(l *taxonomy.Label) ([]domain.Event, error) { return l.SetProductFilter(meta.ApplicationID, f) })
}

// DeleteLabel removes a label.
func (a *App) DeleteLabel(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return onTaxonomy(a, ctx, meta, id, expected, taxonomy.LabelStream(id), taxonomy.NewLabel(id),
		func(l *taxonomy.Label) ([]domain.Event, error) { return l.Delete(meta.ApplicationID) })
}

// newID answers the id a create command gives its item: derived from the command id
// (one is drawn when the caller sent none), so a retry names the same item.
func newID(meta Meta, kind string) (string, Meta) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	return uuid.NewSHA1(meta.CommandID, []byte(kind)).String(), meta
}

// onTaxonomy loads a category, tag or label, checks the edited version and appends
// what decide answers.
func onTaxonomy[A domain.Aggregate](a *App, ctx context.Context, meta Meta, id string, expected *uint64, stream string, agg A,
	decide func(A) ([]domain.Event, error)) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		if err := u.load(stream, agg); err != nil {
			return err
		}
		if err := u.checkVersion(stream, expected); err != nil {
			return err
		}
		events, err := decide(agg)
		if err != nil {
			return err
		}
		return u.append(stream, agg, events...)
	})
}

// SetApplicationFilters replaces the consumer search filters of the application
// applicationID (the superadmin's applications screen names it in the path).
func (a *App) SetApplicationFilters(ctx context.Context, meta Meta, applicationID string, expected *uint64, f taxonomy.Filters) (Result, error) {
	meta.ApplicationID = applicationID
	return onTaxonomy(a, ctx, meta, applicationID, expected, taxonomy.FiltersStream(applicationID), taxonomy.NewApplicationFilters(applicationID),
		func(x *taxonomy.ApplicationFilters) ([]domain.Event, error) { return x.Set(f) })
}
