package catalog_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"move/domain"
	"move/domain/catalog"
)

func ptr[T any](v T) *T { return &v }

func TestItemDecisions(t *testing.T) {
	tennis := catalog.Fields{Name: "Tennis", Highlighted: ptr(false)}
	cases := []struct {
		name    string
		kind    catalog.Kind
		given   []domain.Event
		when    func(*catalog.Item) ([]domain.Event, error)
		want    []domain.Event
		wantErr any
	}{
		{name: "create a sport", kind: catalog.Sport,
			when: func(i *catalog.Item) ([]domain.Event, error) { return i.Create(catalog.Fields{Name: "  Tennis  "}) },
			want: []domain.Event{catalog.SportCreated{tennis}}},
		{name: "create keeps the icon", kind: catalog.Sport,
			when: func(i *catalog.Item) ([]domain.Event, error) {
				return i.Create(catalog.Fields{Name: "Golf", IconID: ptr("f1"), Highlighted: ptr(true)})
			},
			want: []domain.Event{catalog.SportCreated{catalog.Fields{Name: "Golf", IconID: ptr("f1"), Highlighted: ptr(true)}}}},
		{name: "a product type has no icon nor highlight", kind: catalog.ProductType,
			when: func(i *catalog.Item) ([]domain.Event, error) {
				return i.Create(catalog.Fields{Name: "Drink", IconID: ptr("f1"), Highlighted: ptr(true)})
			},
			want: []domain.Event{catalog.ProductTypeCreated{catalog.Fields{Name: "Drink"}}}},
		{name: "empty name", kind: catalog.Sport,
			when:    func(i *catalog.Item) ([]domain.Event, error) { return i.Create(catalog.Fields{Name: "   "}) },
			wantErr: &domain.ValidationError{}},
		{name: "name too long", kind: catalog.LocationType,
			when: func(i *catalog.Item) ([]domain.Event, error) {
				return i.Create(catalog.Fields{Name: strings.Repeat("é", catalog.MaxNameLength+1)})
			},
			wantErr: &domain.ValidationError{}},
		{name: "create twice", kind: catalog.Sport, given: []domain.Event{catalog.SportCreated{tennis}},
			when:    func(i *catalog.Item) ([]domain.Event, error) { return i.Create(tennis) },
			wantErr: &domain.ConflictError{}},
		{name: "toggle highlight", kind: catalog.Sport, given: []domain.Event{catalog.SportCreated{tennis}},
			when: func(i *catalog.Item) ([]domain.Event, error) {
				return i.Update(catalog.Fields{Name: "Tennis", Highlighted: ptr(true)})
			},
			want: []domain.Event{catalog.SportUpdated{catalog.Fields{Name: "Tennis", Highlighted: ptr(true)}}}},
		{name: "an unchanged update decides nothing", kind: catalog.Sport, given: []domain.Event{catalog.SportCreated{tennis}},
			when: func(i *catalog.Item) ([]domain.Event, error) { return i.Update(tennis) }},
		{name: "update a missing item", kind: catalog.Sport,
			when:    func(i *catalog.Item) ([]domain.Event, error) { return i.Update(tennis) },
			wantErr: &domain.NotFoundError{}},
		{name: "delete", kind: catalog.Sport, given: []domain.Event{catalog.SportCreated{tennis}},
			when: func(i *catalog.Item) ([]domain.Event, error) { return i.Delete() },
			want: []domain.Event{catalog.SportDeleted{}}},
		{name: "delete twice", kind: catalog.Sport, given: []domain.Event{catalog.SportCreated{tennis}, catalog.SportDeleted{}},
			when:    func(i *catalog.Item) ([]domain.Event, error) { return i.Delete() },
			wantErr: &domain.NotFoundError{}},
		{name: "update a deleted item", kind: catalog.ProductType,
			given:   []domain.Event{catalog.ProductTypeCreated{catalog.Fields{Name: "x"}}, catalog.ProductTypeDeleted{}},
			when:    func(i *catalog.Item) ([]domain.Event, error) { return i.Update(catalog.Fields{Name: "y"}) },
			wantErr: &domain.NotFoundError{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			item := catalog.NewItem(c.kind, "id-1")
			for _, e := range c.given {
				item.Apply(e)
			}
			got, err := c.when(item)
			if c.wantErr != nil {
				target := reflect.New(reflect.TypeOf(c.wantErr)).Interface()
				if !errors.As(err, target) {
					t.Fatalf("want error %T, got %v", c.wantErr, err)
				}
				if got != nil {
					t.Fatalf("a refused command decides no events, got %v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("want %#v, got %#v", c.want, got)
			}
		})
	}
}

func TestRenamedIgnoresCaseAndSpacing(t *testing.T) {
	item := catalog.NewItem(catalog.Sport, "1")
	item.Apply(catalog.SportCreated{catalog.Fields{Name: "Beach Volleyball"}})
	if item.Renamed(catalog.Fields{Name: " beach   VOLLEYBALL"}) {
		t.Fatal("same name in other case and spacing is not a rename")
	}
	if !item.Renamed(catalog.Fields{Name: "Volleyball"}) {
		t.Fatal("a different name is a rename")
	}
}

func TestEventsRoundTripThroughTheRegistry(t *testing.T) {
	reg := domain.NewRegistry(catalog.Register)
	in := catalog.SportCreated{catalog.Fields{Name: "Tennis", IconID: ptr("x"), Highlighted: ptr(true)}}
	typ, data, err := reg.Encode(in)
	if err != nil {
		t.Fatal(err)
	}
	if typ != "sport.created.v1" {
		t.Fatalf("type %s", typ)
	}
	out, err := reg.Decode(typ, data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Fatalf("want %#v, got %#v", in, out)
	}
}
