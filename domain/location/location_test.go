package location_test

import (
	"errors"
	"reflect"
	"testing"

	"move/domain"
	"move/domain/location"
)

func ptr[T any](v T) *T { return &v }

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

// TestOpeningHours: every open day needs both times, closing after opening; each
// failure on its own field, with its own message.
func TestOpeningHours(t *testing.T) {
	cases := []struct {
		name string
		days []location.Day
		want map[string]string
	}{
		{name: "open on monday", days: []location.Day{{Weekday: "Monday", IsOpen: true, OpenedAt: "09:00", ClosedAt: "17:30"}}},
		{name: "a closed day drops its times", days: []location.Day{{Weekday: "sunday", OpenedAt: "25:00"}}},
		{name: "closing before opening", days: []location.Day{{Weekday: "tuesday", IsOpen: true, OpenedAt: "18:00", ClosedAt: "09:00"}},
			want: map[string]string{"opening_hours.1.closed_at": "location.closes_before_opening"}},
		{name: "closing at opening", days: []location.Day{{Weekday: "tuesday", IsOpen: true, OpenedAt: "09:00", ClosedAt: "09:00"}},
			want: map[string]string{"opening_hours.1.closed_at": "location.closes_before_opening"}},
		{name: "an open day without times", days: []location.Day{{Weekday: "friday", IsOpen: true}},
			want: map[string]string{"opening_hours.4.opened_at": "location.opened_at_required", "opening_hours.4.closed_at": "location.closed_at_required"}},
		{name: "not a time", days: []location.Day{{Weekday: "saturday", IsOpen: true, OpenedAt: "9am", ClosedAt: "24:00"}},
			want: map[string]string{"opening_hours.5.opened_at": "location.time_format", "opening_hours.5.closed_at": "location.time_format"}},
		{name: "an unknown day", days: []location.Day{{Weekday: "someday"}},
			want: map[string]string{"opening_hours": "location.unknown_weekday"}},
		{name: "a day twice", days: []location.Day{{Weekday: "monday"}, {Weekday: "monday"}},
			want: map[string]string{"opening_hours": "location.weekday_twice"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := location.Clean(location.Fields{Name: "Hal", OpeningHours: c.days})
			if c.want != nil {
				if got := fieldKeys(t, err); !reflect.DeepEqual(got, c.want) {
					t.Fatalf("got %v, want %v", got, c.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(f.OpeningHours) != 7 || f.OpeningHours[0].Weekday != "monday" || f.OpeningHours[6].Weekday != "sunday" {
				t.Fatalf("the week: %+v", f.OpeningHours)
			}
			if f.OpeningHours[6].OpenedAt != "" {
				t.Fatalf("a closed day keeps times: %+v", f.OpeningHours[6])
			}
		})
	}
}

func TestLocationFields(t *testing.T) {
	sport := "6f1c1a52-1c1e-4f5e-9a43-3a4e0c1d2b3c"
	f, err := location.Clean(location.Fields{Name: "  Sporthal  Noord ", Zipcode: " 3511ab", Latitude: ptr(52.09), Longitude: ptr(5.12),
		Sports: []string{sport, "6F1C1A52-1C1E-4F5E-9A43-3A4E0C1D2B3C"}, ShowLink: true, Link: "https://example.org", LinkLabel: "Book"})
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "Sporthal Noord" || f.Zipcode != "3511AB" || !reflect.DeepEqual(f.Sports, []string{sport}) || f.Contacts == nil {
		t.Fatalf("cleaned: %+v", f)
	}
	_, err = location.Clean(location.Fields{Latitude: ptr(91.0), Longitude: ptr(5.0), ShowLink: true, Link: "javascript:alert(1)",
		Sports: []string{"x"}, HouseNumber: "123456789012345678901"})
	want := map[string]string{"name": "validation.required", "latitude": "validation.between", "link": "validation.url",
		"link_label": "location.link_label_required", "sports": "validation.invalid", "house_number": "validation.max_length"}
	if got := fieldKeys(t, err); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	if got := fieldKeys(t, func() error { _, err := location.Clean(location.Fields{Name: "x", Latitude: ptr(1.0)}); return err }()); got["latitude"] != "location.coordinates_pair" {
		t.Fatalf("half a coordinate: %v", got)
	}
	if got := fieldKeys(t, func() error {
		_, err := location.Clean(location.Fields{Name: "x", ShowLink: true, LinkLabel: "Go"})
		return err
	}()); got["link"] != "location.link_required" {
		t.Fatalf("a shown link without an address: %v", got)
	}
}

// An address field of only invisible characters is refused on its own field.
func TestLocationAddressMustShowACharacter(t *testing.T) {
	_, err := location.Clean(location.Fields{Name: "Sporthal", Street: "\u200b", HouseNumber: "\u2060", Zipcode: "\ufeff",
		City: "\u3164", LinkLabel: "\u200c", Notes: "\u200d"})
	want := map[string]string{"street": "validation.invisible", "house_number": "validation.invisible", "zipcode": "validation.invisible",
		"city": "validation.invisible", "link_label": "validation.invisible", "notes": "validation.invisible"}
	if got := fieldKeys(t, err); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestLocationDecisions(t *testing.T) {
	l := location.New("l1")
	events, err := l.Create("app", "org", location.Fields{Name: "Hal"})
	if err != nil || len(events) != 1 {
		t.Fatalf("create: %v %v", events, err)
	}
	l.Apply(events[0])
	if _, err := l.Create("app", "org", location.Fields{Name: "Hal"}); !errors.As(err, new(*domain.ConflictError)) {
		t.Fatalf("create twice: %v", err)
	}
	if events, err := l.Update("app", location.Fields{Name: "Hal"}); err != nil || events != nil {
		t.Fatalf("unchanged: %v %v", events, err)
	}
	if _, err := l.Update("other", location.Fields{Name: "Hal"}); !errors.As(err, new(*domain.NotFoundError)) {
		t.Fatalf("another application: %v", err)
	}
	events, _ = l.Delete("app")
	l.Apply(events[0])
	if _, err := l.Delete("app"); !errors.As(err, new(*domain.NotFoundError)) {
		t.Fatalf("deleted: %v", err)
	}
}
