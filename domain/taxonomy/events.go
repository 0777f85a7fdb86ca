// Package taxonomy is how an application sorts its offer: categories (title, link,
// image), tags (a name; a parent application's tag can apply in its child
// applications) and labels (attached to offers by hand or by filters; wallets include
// and exclude labels to say which offers their moves pay for). All three are
// application-owned (docs/decisions/0610-categories-tags-and-labels.md).
//
// Streams: category-{id}, tag-{id}, label-{id}; the prefixes are permanent.
package taxonomy

import "move/domain"

// CategoryFields are what the category form edits.
type CategoryFields struct {
	Title   string  `json:"title"`
	Link    string  `json:"link,omitempty"`
	ImageID *string `json:"image_id,omitempty"`
}

// TagFields are what the tag form edits.
type TagFields struct {
	Name string `json:"name"`
	// ApplyToChildren: the tag is offered in the application's child applications too.
	ApplyToChildren bool `json:"apply_to_children"`
}

// ActivityFilter says which activities a label covers: an activity matches when it
// matches every dimension that names something (a dimension matches when the activity
// has one of its values). A filter that names nothing covers no activity.
type ActivityFilter struct {
	SportIDs        []string `json:"sport_ids"`
	CategoryIDs     []string `json:"category_ids"`
	TagIDs          []string `json:"tag_ids"`
	OrganizationIDs []string `json:"organization_ids"`
	Types           []string `json:"types"`  // session, bundle
	Levels          []string `json:"levels"` // beginner, intermediate, advanced
}

// Empty tells whether the filter names nothing.
func (f ActivityFilter) Empty() bool {
	return len(f.SportIDs)+len(f.CategoryIDs)+len(f.TagIDs)+len(f.OrganizationIDs)+len(f.Types)+len(f.Levels) == 0
}

// ProductFilter says which products a label covers, as ActivityFilter does for
// activities (decision 1001): every dimension it names must match, a dimension matches
// when the product has one of its values, and a filter that names nothing covers no
// product.
type ProductFilter struct {
	SportIDs        []string `json:"sport_ids"`
	CategoryIDs     []string `json:"category_ids"`
	TagIDs          []string `json:"tag_ids"`
	OrganizationIDs []string `json:"organization_ids"`
	ProductTypeIDs  []string `json:"product_type_ids"`
	Levels          []string `json:"levels"` // beginner, intermediate, advanced
}

// Empty tells whether the filter names nothing.
func (f ProductFilter) Empty() bool {
	return len(f.SportIDs)+len(f.CategoryIDs)+len(f.TagIDs)+len(f.OrganizationIDs)+len(f.ProductTypeIDs)+len(f.Levels) == 0
}

// LabelProductFilterSet: the label's product filter, whole.
type LabelProductFilterSet struct {
	Filter ProductFilter `json:"filter"`
}

func (LabelProductFilterSet) EventType() string { return "label.product_filter_set.v1" }

type CategoryCreated struct {
	ApplicationID string `json:"application_id"`
	CategoryFields
}
type CategoryUpdated struct{ CategoryFields }
type CategoryDeleted struct{}

type TagCreated struct {
	ApplicationID string `json:"application_id"`
	TagFields
}
type TagUpdated struct{ TagFields }
type TagDeleted struct{}

type LabelCreated struct {
	ApplicationID string `json:"application_id"`
	Name          string `json:"name"`
}
type LabelRenamed struct {
	Name string `json:"name"`
}

// LabelActivityFilterSet: the label's activity filter, whole.
type LabelActivityFilterSet struct {
	Filter ActivityFilter `json:"filter"`
}
type LabelDeleted struct{}

// OrganizationFilter says which organisations a label covers, chosen by hand: every
// offer of a named organisation is covered (decision 0614). Naming none covers none.
type OrganizationFilter struct {
	OrganizationIDs []string `json:"organization_ids"`
}

// LabelOrganizationFilterSet: the label's organisation filter, whole.
type LabelOrganizationFilterSet struct {
	Filter OrganizationFilter `json:"filter"`
}

func (CategoryCreated) EventType() string        { return "category.created.v1" }
func (CategoryUpdated) EventType() string        { return "category.updated.v1" }
func (CategoryDeleted) EventType() string        { return "category.deleted.v1" }
func (TagCreated) EventType() string             { return "tag.created.v1" }
func (TagUpdated) EventType() string             { return "tag.updated.v1" }
func (TagDeleted) EventType() string             { return "tag.deleted.v1" }
func (LabelCreated) EventType() string           { return "label.created.v1" }
func (LabelRenamed) EventType() string           { return "label.renamed.v1" }
func (LabelActivityFilterSet) EventType() string { return "label.activity_filter_set.v1" }
func (LabelDeleted) EventType() string           { return "label.deleted.v1" }
func (LabelOrganizationFilterSet) EventType() string {
	return "label.organization_filter_set.v1"
}

// Register adds the taxonomy events to a registry.
func Register(r *domain.Registry) {
	r.Register(CategoryCreated{}, CategoryUpdated{}, CategoryDeleted{}, TagCreated{}, TagUpdated{}, TagDeleted{},
		LabelCreated{}, LabelRenamed{}, LabelActivityFilterSet{}, LabelDeleted{}, FiltersSet{}, LabelOrganizationFilterSet{}, LabelProductFilterSet{})
}

// EventTypes lists every taxonomy event type.
func EventTypes() []string {
	return []string{CategoryCreated{}.EventType(), CategoryUpdated{}.EventType(), CategoryDeleted{}.EventType(),
		TagCreated{}.EventType(), TagUpdated{}.EventType(), TagDeleted{}.EventType(),
		LabelCreated{}.EventType(), LabelRenamed{}.EventType(), LabelActivityFilterSet{}.EventType(), LabelDeleted{}.EventType(),
		FiltersSet{}.EventType(), LabelOrganizationFilterSet{}.EventType(), LabelProductFilterSet{}.EventType()}
}

// Stream prefixes.
const (
	CategoryStreamPrefix = "category-"
	TagStreamPrefix      = "tag-"
	LabelStreamPrefix    = "label-"
)

func CategoryStream(id string) string { return CategoryStreamPrefix + id }
func TagStream(id string) string      { return TagStreamPrefix + id }
func LabelStream(id string) string    { return LabelStreamPrefix + id }

// Filters are the search filters an application's consumer app offers: which sports,
// categories and labels a consumer can filter the offer by (decision 0612).
type Filters struct {
	SportIDs    []string `json:"sport_ids"`
	CategoryIDs []string `json:"category_ids"`
	LabelIDs    []string `json:"label_ids"`
}

// FiltersSet: the application's filters, whole.
type FiltersSet struct {
	ApplicationID string `json:"application_id"`
	Filters
}

func (FiltersSet) EventType() string { return "application_filters.set.v1" }

// FiltersStreamPrefix names an application's filters stream; the name is permanent.
const FiltersStreamPrefix = "application_filters-"

func FiltersStream(applicationID string) string { return FiltersStreamPrefix + applicationID }
