package taxonomy_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"move/domain"
	"move/domain/taxonomy"
)

const app, otherApp = "app-a", "app-b"

const (
	sport = "6f1c0f9e-1d2b-4c55-9a4e-0b6d5b7d2a11"
	org   = "0e7f6a1b-2c3d-4e5f-8a9b-0c1d2e3f4a5b"
)

func ptr[T any](v T) *T { return &v }

// fieldKeys is every field problem of err, as field → message key.
func fieldKeys(t *testing.T, err error) map[string]string {
	t.Helper()
	var v *domain.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("want a validation error, got %v", err)
	}
	out := map[string]string{}
	for _, f := range v.Fields {
		out[f.Field] = f.Key
	}
	return out
}

func given[A domain.Aggregate](a A, events ...domain.Event) A {
	for _, e := range events {
		a.Apply(e)
	}
	return a
}

func TestCategoryRules(t *testing.T) {
	cases := []struct {
		name string
		in   taxonomy.CategoryFields
		want map[string]string // nil: valid
	}{
		{name: "a title", in: taxonomy.CategoryFields{Title: "Zwemmen"}},
		{name: "title, link and image", in: taxonomy.CategoryFields{Title: "Zwemmen", Link: "https://example.test/zwemmen", ImageID: ptr("6f1c0f9e-1d2b-4c55-9a4e-0b6d5b7d2a11")}},
		{name: "no title", in: taxonomy.CategoryFields{Title: "  "}, want: map[string]string{"title": "validation.required"}},
		{name: "a long title", in: taxonomy.CategoryFields{Title: strings.Repeat("x", 101)}, want: map[string]string{"title": "validation.max_length"}},
		{name: "a link that is not a web address", in: taxonomy.CategoryFields{Title: "Zwemmen", Link: "javascript:alert(1)"}, want: map[string]string{"link": "validation.url"}},
		{name: "an image that is not an id", in: taxonomy.CategoryFields{Title: "Zwemmen", ImageID: ptr("image.png")}, want: map[string]string{"image_id": "validation.invalid"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			events, err := taxonomy.NewCategory("c1").Create(app, c.in)
			if c.want == nil {
				if err != nil || len(events) != 1 {
					t.Fatalf("want one event, got %v %v", events, err)
				}
				return
			}
			if got := fieldKeys(t, err); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestCategoryLifecycle(t *testing.T) {
	created := taxonomy.CategoryCreated{ApplicationID: app, CategoryFields: taxonomy.CategoryFields{Title: "Zwemmen"}}
	if _, err := given(taxonomy.NewCategory("c1"), created).Create(app, created.CategoryFields); !isConflict(err) {
		t.Errorf("creating twice: %v", err)
	}
	if events, err := given(taxonomy.NewCategory("c1"), created).Update(app, taxonomy.CategoryFields{Title: " Zwemmen "}); err != nil || len(events) != 0 {
		t.Errorf("the same title decides nothing: %v %v", events, err)
	}
	events, err := given(taxonomy.NewCategory("c1"), created).Update(app, taxonomy.CategoryFields{Title: "Water"})
	if want := []domain.Event{taxonomy.CategoryUpdated{CategoryFields: taxonomy.CategoryFields{Title: "Water"}}}; err != nil || !reflect.DeepEqual(events, want) {
		t.Errorf("update: %v %v", events, err)
	}
	if _, err := given(taxonomy.NewCategory("c1"), created).Update(otherApp, taxonomy.CategoryFields{Title: "Water"}); !isNotFound(err) {
		t.Errorf("another application's category: %v", err)
	}
	if _, err := given(taxonomy.NewCategory("c1"), created, taxonomy.CategoryDeleted{}).Delete(app); !isNotFound(err) {
		t.Errorf("deleting twice: %v", err)
	}
}

func TestTagRules(t *testing.T) {
	if _, err := taxonomy.NewTag("t1").Create(app, taxonomy.TagFields{Name: "\x00"}); !reflect.DeepEqual(fieldKeys(t, err), map[string]string{"name": "validation.required"}) {
		t.Errorf("a control character only: %v", err)
	}
	created := taxonomy.TagCreated{ApplicationID: app, TagFields: taxonomy.TagFields{Name: "Outdoor"}}
	events, err := given(taxonomy.NewTag("t1"), created).Update(app, taxonomy.TagFields{Name: "Outdoor", ApplyToChildren: true})
	if want := []domain.Event{taxonomy.TagUpdated{TagFields: taxonomy.TagFields{Name: "Outdoor", ApplyToChildren: true}}}; err != nil || !reflect.DeepEqual(events, want) {
		t.Errorf("switching apply_to_children: %v %v", events, err)
	}
	if _, err := given(taxonomy.NewTag("t1"), created).Delete(otherApp); !isNotFound(err) {
		t.Errorf("another application's tag: %v", err)
	}
}

func TestLabelActivityFilter(t *testing.T) {
	created := taxonomy.LabelCreated{ApplicationID: app, Name: "Sportpas"}
	cases := []struct {
		name string
		in   taxonomy.ActivityFilter
		want map[string]string // nil: valid
	}{
		{name: "a sport and an organisation", in: taxonomy.ActivityFilter{SportIDs: []string{sport}, OrganizationIDs: []string{org}}},
		{name: "types and levels from their option sets", in: taxonomy.ActivityFilter{Types: []string{"bundle"}, Levels: []string{"beginner", "advanced"}}},
		{name: "an id that is not one", in: taxonomy.ActivityFilter{CategoryIDs: []string{"zwemmen"}}, want: map[string]string{"category_ids": "validation.invalid"}},
		{name: "an unknown type", in: taxonomy.ActivityFilter{Types: []string{"product"}}, want: map[string]string{"types": "validation.invalid"}},
		{name: "an unknown level", in: taxonomy.ActivityFilter{Levels: []string{"expert"}}, want: map[string]string{"levels": "validation.invalid"}},
		{name: "too many tags", in: taxonomy.ActivityFilter{TagIDs: manyIDs(101)}, want: map[string]string{"tag_ids": "validation.max_items"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			events, err := given(taxonomy.NewLabel("l1"), created).SetActivityFilter(app, c.in)
			if c.want == nil {
				if err != nil || len(events) != 1 {
					t.Fatalf("want one event, got %v %v", events, err)
				}
				return
			}
			if got := fieldKeys(t, err); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}

	// Ids are canonical and deduplicated, so the same filter typed differently decides nothing.
	set := taxonomy.LabelActivityFilterSet{Filter: taxonomy.ActivityFilter{SportIDs: []string{sport}, CategoryIDs: []string{}, TagIDs: []string{},
		OrganizationIDs: []string{}, Types: []string{}, Levels: []string{}}}
	events, err := given(taxonomy.NewLabel("l1"), created, set).SetActivityFilter(app,
		taxonomy.ActivityFilter{SportIDs: []string{strings.ToUpper(sport), sport}})
	if err != nil || len(events) != 0 {
		t.Errorf("the same filter again: %v %v", events, err)
	}
	if set.Filter.Empty() || !(taxonomy.ActivityFilter{}).Empty() {
		t.Error("Empty: a filter naming a sport is not empty, a zero filter is")
	}
	if _, err := given(taxonomy.NewLabel("l1"), created).SetActivityFilter(otherApp, set.Filter); !isNotFound(err) {
		t.Errorf("another application's label: %v", err)
	}
}

// The organisation filter: canonical, deduplicated ids; the same organisations again
// decide nothing; clearing it is a decision; another application's label is not found;
// a deleted label takes no filter.
func TestLabelOrganizationFilter(t *testing.T) {
	created := taxonomy.LabelCreated{ApplicationID: app, Name: "Sportpas"}
	events, err := given(taxonomy.NewLabel("l1"), created).SetOrganizationFilter(app,
		taxonomy.OrganizationFilter{OrganizationIDs: []string{strings.ToUpper(org), " " + org}})
	want := []domain.Event{taxonomy.LabelOrganizationFilterSet{Filter: taxonomy.OrganizationFilter{OrganizationIDs: []string{org}}}}
	if err != nil || !reflect.DeepEqual(events, want) {
		t.Fatalf("got %v %v, want %v", events, err, want)
	}
	set := events[0]
	if events, err := given(taxonomy.NewLabel("l1"), created, set).SetOrganizationFilter(app,
		taxonomy.OrganizationFilter{OrganizationIDs: []string{org}}); err != nil || len(events) != 0 {
		t.Errorf("the same organisations again: %v %v", events, err)
	}
	if events, err := given(taxonomy.NewLabel("l1"), created, set).SetOrganizationFilter(app, taxonomy.OrganizationFilter{}); err != nil ||
		!reflect.DeepEqual(events, []domain.Event{taxonomy.LabelOrganizationFilterSet{Filter: taxonomy.OrganizationFilter{OrganizationIDs: []string{}}}}) {
		t.Errorf("clearing: %v %v", events, err)
	}
	if _, err := given(taxonomy.NewLabel("l1"), created).SetOrganizationFilter(app,
		taxonomy.OrganizationFilter{OrganizationIDs: []string{"zwembad"}}); !reflect.DeepEqual(fieldKeys(t, err), map[string]string{"organization_ids": "validation.invalid"}) {
		t.Errorf("a malformed id: %v", err)
	}
	if _, err := given(taxonomy.NewLabel("l1"), created).SetOrganizationFilter(app,
		taxonomy.OrganizationFilter{OrganizationIDs: manyIDs(101)}); !reflect.DeepEqual(fieldKeys(t, err), map[string]string{"organization_ids": "validation.max_items"}) {
		t.Errorf("too many organisations: %v", err)
	}
	if _, err := given(taxonomy.NewLabel("l1"), created).SetOrganizationFilter(otherApp, taxonomy.OrganizationFilter{}); !isNotFound(err) {
		t.Errorf("another application's label: %v", err)
	}
	if _, err := given(taxonomy.NewLabel("l1"), created, taxonomy.LabelDeleted{}).SetOrganizationFilter(app, taxonomy.OrganizationFilter{}); !isNotFound(err) {
		t.Errorf("a deleted label: %v", err)
	}
}

// The product filter: canonical ids and levels; the same filter again decides nothing;
// a bad level or id is refused on its field; another application's label is not found.
func TestLabelProductFilter(t *testing.T) {
	created := taxonomy.LabelCreated{ApplicationID: app, Name: "Sportpas"}
	events, err := given(taxonomy.NewLabel("l1"), created).SetProductFilter(app,
		taxonomy.ProductFilter{ProductTypeIDs: []string{strings.ToUpper(org), org}, Levels: []string{"beginner"}})
	want := []domain.Event{taxonomy.LabelProductFilterSet{Filter: taxonomy.ProductFilter{SportIDs: []string{}, CategoryIDs: []string{},
		TagIDs: []string{}, OrganizationIDs: []string{}, ProductTypeIDs: []string{org}, Levels: []string{"beginner"}}}}
	if err != nil || !reflect.DeepEqual(events, want) {
		t.Fatalf("got %#v %v, want %#v", events, err, want)
	}
	set := events[0]
	if events, err := given(taxonomy.NewLabel("l1"), created, set).SetProductFilter(app,
		taxonomy.ProductFilter{ProductTypeIDs: []string{org}, Levels: []string{"beginner"}}); err != nil || len(events) != 0 {
		t.Errorf("the same filter again: %v %v", events, err)
	}
	if _, err := given(taxonomy.NewLabel("l1"), created).SetProductFilter(app,
		taxonomy.ProductFilter{ProductTypeIDs: []string{"kleding"}, Levels: []string{"pro"}}); !reflect.DeepEqual(fieldKeys(t, err),
		map[string]string{"product_type_ids": "validation.invalid", "levels": "validation.invalid"}) {
		t.Errorf("a malformed id and an unknown level: %v", err)
	}
	if _, err := given(taxonomy.NewLabel("l1"), created).SetProductFilter(otherApp, taxonomy.ProductFilter{}); !isNotFound(err) {
		t.Errorf("another application's label: %v", err)
	}
}

func TestLabelLifecycle(t *testing.T) {
	if _, err := taxonomy.NewLabel("l1").Create(app, ""); !reflect.DeepEqual(fieldKeys(t, err), map[string]string{"name": "validation.required"}) {
		t.Errorf("no name: %v", err)
	}
	created := taxonomy.LabelCreated{ApplicationID: app, Name: "Sportpas"}
	if events, err := given(taxonomy.NewLabel("l1"), created).Rename(app, "Sportpas"); err != nil || len(events) != 0 {
		t.Errorf("the same name decides nothing: %v %v", events, err)
	}
	events, err := given(taxonomy.NewLabel("l1"), created).Rename(app, "Stadspas")
	if want := []domain.Event{taxonomy.LabelRenamed{Name: "Stadspas"}}; err != nil || !reflect.DeepEqual(events, want) {
		t.Errorf("rename: %v %v", events, err)
	}
	deleted := given(taxonomy.NewLabel("l1"), created, taxonomy.LabelDeleted{})
	if _, err := deleted.Rename(app, "Stadspas"); !isNotFound(err) {
		t.Errorf("renaming a deleted label: %v", err)
	}
}

func manyIDs(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("00000000-0000-4000-8000-%012x", i)
	}
	return out
}

func isConflict(err error) bool {
	var c *domain.ConflictError
	return errors.As(err, &c)
}

func isNotFound(err error) bool {
	var n *domain.NotFoundError
	return errors.As(err, &n)
}

func TestApplicationFilters(t *testing.T) {
	if _, err := taxonomy.NewApplicationFilters(app).Set(taxonomy.Filters{LabelIDs: []string{"sportpas"}}); !reflect.DeepEqual(fieldKeys(t, err), map[string]string{"label_ids": "validation.invalid"}) {
		t.Errorf("a label that is not an id: %v", err)
	}
	events, err := taxonomy.NewApplicationFilters(app).Set(taxonomy.Filters{SportIDs: []string{sport, strings.ToUpper(sport)}})
	want := []domain.Event{taxonomy.FiltersSet{ApplicationID: app, Filters: taxonomy.Filters{SportIDs: []string{sport}, CategoryIDs: []string{}, LabelIDs: []string{}}}}
	if err != nil || !reflect.DeepEqual(events, want) {
		t.Fatalf("set: %v %v", events, err)
	}
	if again, err := given(taxonomy.NewApplicationFilters(app), events...).Set(taxonomy.Filters{SportIDs: []string{sport}}); err != nil || len(again) != 0 {
		t.Errorf("the same filters again: %v %v", again, err)
	}
}
