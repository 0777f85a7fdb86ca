package taxonomy

import (
	"slices"

	"move/domain"
)

// ApplicationFilters is an application's consumer search filters; its stream is keyed
// by the application, so there is one per application and it needs no create.
type ApplicationFilters struct {
	ApplicationID string
	Filters       Filters
}

func NewApplicationFilters(applicationID string) *ApplicationFilters {
	return &ApplicationFilters{ApplicationID: applicationID}
}

// Apply implements domain.Aggregate.
func (a *ApplicationFilters) Apply(e domain.Event) {
	if e, ok := e.(FiltersSet); ok {
		a.Filters = e.Filters
	}
}

// Set decides the application's filters; the same filters decide nothing. The caller
// checks that the ids are the application's (sports: the catalogue's).
func (a *ApplicationFilters) Set(f Filters) ([]domain.Event, error) {
	var v domain.ValidationError
	f.SportIDs = CleanIDs(&v, "sport_ids", f.SportIDs)
	f.CategoryIDs = CleanIDs(&v, "category_ids", f.CategoryIDs)
	f.LabelIDs = CleanIDs(&v, "label_ids", f.LabelIDs)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if slices.Equal(f.SportIDs, a.Filters.SportIDs) && slices.Equal(f.CategoryIDs, a.Filters.CategoryIDs) && slices.Equal(f.LabelIDs, a.Filters.LabelIDs) {
		return nil, nil
	}
	return []domain.Event{FiltersSet{ApplicationID: a.ApplicationID, Filters: f}}, nil
}
