package taxonomy

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/names"
)

// Limits.
const (
	MaxNameLength = 100
	MaxLinkLength = 2000
	// MaxFilterValues bounds each filter dimension: a label is chosen by meaning, and a
	// longer list is a sign of a filter that should name a category or tag instead.
	MaxFilterValues = 100
)

// The activity types and levels a filter can name (spec section 9's option sets).
var (
	ActivityTypes = []string{"session", "bundle"}
	Levels        = []string{"beginner", "intermediate", "advanced"}
)

// owned is what categories, tags and labels share: one application owns each.
type owned struct {
	ID            string
	ApplicationID string
	Exists        bool
	Deleted       bool
}

// VisibleIn tells whether the item exists in the application: another application's
// item is not found, like one that never existed.
func (o *owned) VisibleIn(applicationID string) bool {
	return o.Exists && !o.Deleted && o.ApplicationID == applicationID
}

func (o *owned) mustBeIn(kind, applicationID string) error {
	if !o.VisibleIn(applicationID) {
		return &domain.NotFoundError{Kind: kind, ID: o.ID}
	}
	return nil
}

func (o *owned) mustBeNew(kind string) error {
	if o.Exists {
		return &domain.ConflictError{Key: kind + ".exists"}
	}
	return nil
}

// Category is one category of an application.
type Category struct {
	owned
	Fields CategoryFields
}

func NewCategory(id string) *Category { return &Category{owned: owned{ID: id}} }

// Apply implements domain.Aggregate.
func (c *Category) Apply(e domain.Event) {
	switch e := e.(type) {
	case CategoryCreated:
		c.Exists, c.ApplicationID, c.Fields = true, e.ApplicationID, e.CategoryFields
	case CategoryUpdated:
		c.Fields = e.CategoryFields
	case CategoryDeleted:
		c.Deleted = true
	}
}

// Create decides a new category of the application.
func (c *Category) Create(applicationID string, f CategoryFields) ([]domain.Event, error) {
	if err := c.mustBeNew("category"); err != nil {
		return nil, err
	}
	f, err := CleanCategory(f)
	if err != nil {
		return nil, err
	}
	return []domain.Event{CategoryCreated{ApplicationID: applicationID, CategoryFields: f}}, nil
}

// Update decides new values; unchanged values decide nothing.
func (c *Category) Update(applicationID string, f CategoryFields) ([]domain.Event, error) {
	if err := c.mustBeIn("category", applicationID); err != nil {
		return nil, err
	}
	f, err := CleanCategory(f)
	if err != nil {
		return nil, err
	}
	if f.Title == c.Fields.Title && f.Link == c.Fields.Link && eqID(f.ImageID, c.Fields.ImageID) {
		return nil, nil
	}
	return []domain.Event{CategoryUpdated{CategoryFields: f}}, nil
}

// Delete decides the category's removal. The caller refuses a category in use.
func (c *Category) Delete(applicationID string) ([]domain.Event, error) {
	if err := c.mustBeIn("category", applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{CategoryDeleted{}}, nil
}

// CleanCategory validates a category's fields.
func CleanCategory(f CategoryFields) (CategoryFields, error) {
	var v domain.ValidationError
	f.Title = names.Required(&v, "title", f.Title, MaxNameLength)
	f.Link = strings.TrimSpace(f.Link)
	if f.Link != "" && (!names.ValidURL(f.Link) || utf8.RuneCountInString(f.Link) > MaxLinkLength) {
		v.Add("link", "validation.url", nil)
	}
	if f.ImageID = cleanID(&v, "image_id", f.ImageID); f.ImageID != nil {
		// A file is named by its token, 32 hex digits (files.Service); a category's first
		// events stored it as a UUID, which the read API answers as a token again.
		token := strings.ReplaceAll(*f.ImageID, "-", "")
		f.ImageID = &token
	}
	return f, v.OrNil()
}

// Tag is one tag of an application.
type Tag struct {
	owned
	Fields TagFields
}

func NewTag(id string) *Tag { return &Tag{owned: owned{ID: id}} }

// Apply implements domain.Aggregate.
func (t *Tag) Apply(e domain.Event) {
	switch e := e.(type) {
	case TagCreated:
		t.Exists, t.ApplicationID, t.Fields = true, e.ApplicationID, e.TagFields
	case TagUpdated:
		t.Fields = e.TagFields
	case TagDeleted:
		t.Deleted = true
	}
}

// Create decides a new tag of the application.
func (t *Tag) Create(applicationID string, f TagFields) ([]domain.Event, error) {
	if err := t.mustBeNew("tag"); err != nil {
		return nil, err
	}
	var v domain.ValidationError
	f.Name = names.Required(&v, "name", f.Name, MaxNameLength)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	return []domain.Event{TagCreated{ApplicationID: applicationID, TagFields: f}}, nil
}

// Update decides new values; unchanged values decide nothing.
func (t *Tag) Update(applicationID string, f TagFields) ([]domain.Event, error) {
	if err := t.mustBeIn("tag", applicationID); err != nil {
		return nil, err
	}
	var v domain.ValidationError
	f.Name = names.Required(&v, "name", f.Name, MaxNameLength)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if f == t.Fields {
		return nil, nil
	}
	return []domain.Event{TagUpdated{TagFields: f}}, nil
}

// Delete decides the tag's removal. The caller refuses a tag in use.
func (t *Tag) Delete(applicationID string) ([]domain.Event, error) {
	if err := t.mustBeIn("tag", applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{TagDeleted{}}, nil
}

// Label is one label of an application with its activity, product and organisation filters.
type Label struct {
	owned
	Name          string
	Filter        ActivityFilter
	Products      ProductFilter
	Organizations OrganizationFilter
}

func NewLabel(id string) *Label { return &Label{owned: owned{ID: id}} }

// Apply implements domain.Aggregate.
func (l *Label) Apply(e domain.Event) {
	switch e := e.(type) {
	case LabelCreated:
		l.Exists, l.ApplicationID, l.Name = true, e.ApplicationID, e.Name
	case LabelRenamed:
		l.Name = e.Name
	case LabelActivityFilterSet:
		l.Filter = e.Filter
	case LabelOrganizationFilterSet:
		l.Organizations = e.Filter
	case LabelProductFilterSet:
		l.Products = e.Filter
	case LabelDeleted:
		l.Deleted = true
	}
}

// Create decides a new label of the application; it covers nothing until offers are
// assigned to it or it gets a filter.
func (l *Label) Create(applicationID, name string) ([]domain.Event, error) {
	if err := l.mustBeNew("label"); err != nil {
		return nil, err
	}
	var v domain.ValidationError
	name = names.Required(&v, "name", name, MaxNameLength)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	return []domain.Event{LabelCreated{ApplicationID: applicationID, Name: name}}, nil
}

// Rename decides the label's new name; the same name decides nothing.
func (l *Label) Rename(applicationID, name string) ([]domain.Event, error) {
	if err := l.mustBeIn("label", applicationID); err != nil {
		return nil, err
	}
	var v domain.ValidationError
	name = names.Required(&v, "name", name, MaxNameLength)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if name == l.Name {
		return nil, nil
	}
	return []domain.Event{LabelRenamed{Name: name}}, nil
}

// SetActivityFilter decides the label's activity filter. The caller checks that the
// sports, categories, tags and organisations it names exist in the application.
func (l *Label) SetActivityFilter(applicationID string, f ActivityFilter) ([]domain.Event, error) {
	if err := l.mustBeIn("label", applicationID); err != nil {
		return nil, err
	}
	f, err := CleanActivityFilter(f)
	if err != nil {
		return nil, err
	}
	if sameFilter(f, l.Filter) {
		return nil, nil
	}
	return []domain.Event{LabelActivityFilterSet{Filter: f}}, nil
}

// SetProductFilter decides the label's product filter. The caller checks that the
// sports, categories, tags, organisations and product types it names exist.
func (l *Label) SetProductFilter(applicationID string, f ProductFilter) ([]domain.Event, error) {
	if err := l.mustBeIn("label", applicationID); err != nil {
		return nil, err
	}
	f, err := CleanProductFilter(f)
	if err != nil {
		return nil, err
	}
	if sameProductFilter(f, l.Products) {
		return nil, nil
	}
	return []domain.Event{LabelProductFilterSet{Filter: f}}, nil
}

// CleanProductFilter validates a product filter: ids in their canonical form without
// duplicates, levels from their option set.
func CleanProductFilter(f ProductFilter) (ProductFilter, error) {
	var v domain.ValidationError
	f.SportIDs = CleanIDs(&v, "sport_ids", f.SportIDs)
	f.CategoryIDs = CleanIDs(&v, "category_ids", f.CategoryIDs)
	f.TagIDs = CleanIDs(&v, "tag_ids", f.TagIDs)
	f.OrganizationIDs = CleanIDs(&v, "organization_ids", f.OrganizationIDs)
	f.ProductTypeIDs = CleanIDs(&v, "product_type_ids", f.ProductTypeIDs)
	f.Levels = cleanOptions(&v, "levels", f.Levels, Levels)
	return f, v.OrNil()
}

func sameProductFilter(a, b ProductFilter) bool {
	return slices.Equal(a.SportIDs, b.SportIDs) && slices.Equal(a.CategoryIDs, b.CategoryIDs) && slices.Equal(a.TagIDs, b.TagIDs) &&
		slices.Equal(a.OrganizationIDs, b.OrganizationIDs) && slices.Equal(a.ProductTypeIDs, b.ProductTypeIDs) && slices.Equal(a.Levels, b.Levels)
}

// SetOrganizationFilter decides the label's organisation filter; the same organisations
// decide nothing. The caller checks that the organisations are the application's.
func (l *Label) SetOrganizationFilter(applicationID string, f OrganizationFilter) ([]domain.Event, error) {
	if err := l.mustBeIn("label", applicationID); err != nil {
		return nil, err
	}
	f, err := CleanOrganizationFilter(f)
	if err != nil {
		return nil, err
	}
	if slices.Equal(f.OrganizationIDs, l.Organizations.OrganizationIDs) {
		return nil, nil
	}
	return []domain.Event{LabelOrganizationFilterSet{Filter: f}}, nil
}

// CleanOrganizationFilter validates an organisation filter: ids in their canonical
// form, without duplicates, at most MaxFilterValues.
func CleanOrganizationFilter(f OrganizationFilter) (OrganizationFilter, error) {
	var v domain.ValidationError
	f.OrganizationIDs = CleanIDs(&v, "organization_ids", f.OrganizationIDs)
	return f, v.OrNil()
}

// Delete decides the label's removal. The caller refuses a label in use.
func (l *Label) Delete(applicationID string) ([]domain.Event, error) {
	if err := l.mustBeIn("label", applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{LabelDeleted{}}, nil
}

// CleanActivityFilter validates a filter: ids in their canonical form without
// duplicates, types and levels from their option sets.
func CleanActivityFilter(f ActivityFilter) (ActivityFilter, error) {
	var v domain.ValidationError
	f.SportIDs = CleanIDs(&v, "sport_ids", f.SportIDs)
	f.CategoryIDs = CleanIDs(&v, "category_ids", f.CategoryIDs)
	f.TagIDs = CleanIDs(&v, "tag_ids", f.TagIDs)
	f.OrganizationIDs = CleanIDs(&v, "organization_ids", f.OrganizationIDs)
	f.Types = cleanOptions(&v, "types", f.Types, ActivityTypes)
	f.Levels = cleanOptions(&v, "levels", f.Levels, Levels)
	return f, v.OrNil()
}

// CleanIDs answers ids in their canonical form, without duplicates, in order; a
// malformed one is recorded under field.
func CleanIDs(v *domain.ValidationError, field string, in []string) []string {
	out := []string{}
	for _, s := range in {
		id, err := uuid.Parse(strings.TrimSpace(s))
		if err != nil {
			v.Add(field, "validation.invalid", nil)
			continue
		}
		if c := id.String(); !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	if len(out) > MaxFilterValues {
		v.Add(field, "validation.max_items", map[string]any{"max": MaxFilterValues})
	}
	return out
}

func cleanOptions(v *domain.ValidationError, field string, in, allowed []string) []string {
	out := []string{}
	for _, s := range in {
		switch {
		case !slices.Contains(allowed, s):
			v.Add(field, "validation.invalid", nil)
		case !slices.Contains(out, s):
			out = append(out, s)
		}
	}
	return out
}

func cleanID(v *domain.ValidationError, field string, id *string) *string {
	if id == nil || strings.TrimSpace(*id) == "" {
		return nil
	}
	u, err := uuid.Parse(strings.TrimSpace(*id))
	if err != nil {
		v.Add(field, "validation.invalid", nil)
		return nil
	}
	c := u.String()
	return &c
}

func sameFilter(a, b ActivityFilter) bool {
	return slices.Equal(a.SportIDs, b.SportIDs) && slices.Equal(a.CategoryIDs, b.CategoryIDs) && slices.Equal(a.TagIDs, b.TagIDs) &&
		slices.Equal(a.OrganizationIDs, b.OrganizationIDs) && slices.Equal(a.Types, b.Types) && slices.Equal(a.Levels, b.Levels)
}

func eqID(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
