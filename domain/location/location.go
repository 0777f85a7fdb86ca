package location

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/names"
)

// Limits, in characters or items.
const (
	MaxNameLength  = 150
	MaxShortLength = 150
	MaxNotesLength = 5000
	MaxReferences  = 100
)

var clockPattern = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

// Location is one place of an organisation.
type Location struct {
	ID             string
	ApplicationID  string
	OrganizationID string
	Exists         bool
	Deleted        bool
	Fields         Fields
}

// New is the location with id, before its events are applied.
func New(id string) *Location { return &Location{ID: id} }

// Apply implements domain.Aggregate.
func (l *Location) Apply(e domain.Event) {
	switch e := e.(type) {
	case Created:
		l.Exists, l.ApplicationID, l.OrganizationID, l.Fields = true, e.ApplicationID, e.OrganizationID, e.Fields
	case Updated:
		l.Fields = e.Fields
	case Deleted:
		l.Deleted = true
	}
}

// VisibleIn tells whether the location exists in the application.
func (l *Location) VisibleIn(applicationID string) bool {
	return l.Exists && !l.Deleted && l.ApplicationID == applicationID
}

func (l *Location) mustBeIn(applicationID string) error {
	if !l.VisibleIn(applicationID) {
		return &domain.NotFoundError{Kind: "location", ID: l.ID}
	}
	return nil
}

// Create decides a new location. The caller checks that the organisation, the sports,
// the location types and the contacts exist.
func (l *Location) Create(applicationID, organizationID string, f Fields) ([]domain.Event, error) {
	if l.Exists {
		return nil, &domain.ConflictError{Key: "location.exists"}
	}
	f, err := Clean(f)
	if err != nil {
		return nil, err
	}
	return []domain.Event{Created{ApplicationID: applicationID, OrganizationID: organizationID, Fields: f}}, nil
}

// Update decides new values; unchanged values decide nothing.
func (l *Location) Update(applicationID string, f Fields) ([]domain.Event, error) {
	if err := l.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	f, err := Clean(f)
	if err != nil {
		return nil, err
	}
	if equal(f, l.Fields) {
		return nil, nil
	}
	return []domain.Event{Updated{Fields: f}}, nil
}

// Delete decides the location's removal.
func (l *Location) Delete(applicationID string) ([]domain.Event, error) {
	if err := l.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{Deleted{}}, nil
}

// Clean validates a location's fields and puts them in their stored form: trimmed
// texts, canonical ids without repeats, all seven weekdays in order (a day not given
// is closed; a closed day has no times).
func Clean(f Fields) (Fields, error) {
	var v domain.ValidationError
	f.Name = names.Required(&v, "name", f.Name, MaxNameLength)
	for _, t := range []struct {
		field string
		value *string
		max   int
	}{
		{"street", &f.Street, MaxShortLength}, {"house_number", &f.HouseNumber, 20}, {"zipcode", &f.Zipcode, 20},
		{"city", &f.City, MaxShortLength}, {"link_label", &f.LinkLabel, 50}, {"notes", &f.Notes, MaxNotesLength},
	} {
		*t.value = names.Optional(&v, t.field, *t.value, t.max)
	}
	f.Zipcode = strings.ToUpper(f.Zipcode)
	checkCoordinates(&v, f.Latitude, f.Longitude)
	f.Link = strings.TrimSpace(f.Link)
	if f.Link != "" && !names.ValidURL(f.Link) {
		v.Add("link", "validation.url", nil)
	}
	if f.ShowLink && f.Link == "" {
		v.Add("link", "location.link_required", nil)
	}
	if f.ShowLink && f.LinkLabel == "" {
		v.Add("link_label", "location.link_label_required", nil)
	}
	f.LocationTypes = ids(&v, "location_types", f.LocationTypes)
	f.Sports = ids(&v, "sports", f.Sports)
	f.Contacts = ids(&v, "contacts", f.Contacts)
	if f.ImageID != nil && strings.TrimSpace(*f.ImageID) == "" {
		f.ImageID = nil
	}
	f.OpeningHours = openingHours(&v, f.OpeningHours)
	return f, v.OrNil()
}

// checkCoordinates: both or neither, each in its range.
func checkCoordinates(v *domain.ValidationError, latitude, longitude *float64) {
	if (latitude == nil) != (longitude == nil) {
		v.Add("latitude", "location.coordinates_pair", nil)
		return
	}
	if latitude != nil && (*latitude < -90 || *latitude > 90) {
		v.Add("latitude", "validation.between", map[string]any{"min": -90, "max": 90})
	}
	if longitude != nil && (*longitude < -180 || *longitude > 180) {
		v.Add("longitude", "validation.between", map[string]any{"min": -180, "max": 180})
	}
}

// ids answers canonical uuids without repeats, in the order given.
func ids(v *domain.ValidationError, field string, in []string) []string {
	out := []string{}
	if len(in) > MaxReferences {
		v.Add(field, "validation.too_many", map[string]any{"max": MaxReferences})
		return out
	}
	for _, s := range in {
		id, err := uuid.Parse(strings.TrimSpace(s))
		if err != nil {
			v.Add(field, "validation.invalid", nil)
			continue
		}
		if !slices.Contains(out, id.String()) {
			out = append(out, id.String())
		}
	}
	return out
}

// openingHours answers the seven weekdays in order. Each open day needs an opening and
// a closing time ("HH:MM"), closing after opening; errors land on
// opening_hours.<weekday index>.<field>.
func openingHours(v *domain.ValidationError, in []Day) []Day {
	out := make([]Day, len(Weekdays))
	for i, name := range Weekdays {
		out[i] = Day{Weekday: name}
	}
	seen := map[string]bool{}
	for _, d := range in {
		i := slices.Index(Weekdays, strings.ToLower(strings.TrimSpace(d.Weekday)))
		if i < 0 {
			v.Add("opening_hours", "location.unknown_weekday", map[string]any{"weekday": d.Weekday})
			continue
		}
		if seen[Weekdays[i]] {
			v.Add("opening_hours", "location.weekday_twice", map[string]any{"weekday": Weekdays[i]})
			continue
		}
		seen[Weekdays[i]] = true
		if !d.IsOpen {
			continue
		}
		at := "opening_hours." + strconv.Itoa(i) + "."
		day := Day{Weekday: Weekdays[i], IsOpen: true, OpenedAt: strings.TrimSpace(d.OpenedAt), ClosedAt: strings.TrimSpace(d.ClosedAt)}
		okOpen, okClose := clockPattern.MatchString(day.OpenedAt), clockPattern.MatchString(day.ClosedAt)
		switch {
		case day.OpenedAt == "":
			v.Add(at+"opened_at", "location.opened_at_required", nil)
		case !okOpen:
			v.Add(at+"opened_at", "location.time_format", nil)
		}
		switch {
		case day.ClosedAt == "":
			v.Add(at+"closed_at", "location.closed_at_required", nil)
		case !okClose:
			v.Add(at+"closed_at", "location.time_format", nil)
		}
		// "HH:MM" strings of the same form compare as the times they are.
		if okOpen && okClose && day.ClosedAt <= day.OpenedAt {
			v.Add(at+"closed_at", "location.closes_before_opening", nil)
		}
		out[i] = day
	}
	return out
}

func equal(a, b Fields) bool {
	return a.Name == b.Name && a.Street == b.Street && a.HouseNumber == b.HouseNumber && a.Zipcode == b.Zipcode &&
		a.City == b.City && eqPtr(a.Latitude, b.Latitude) && eqPtr(a.Longitude, b.Longitude) && a.Notes == b.Notes &&
		slices.Equal(a.LocationTypes, b.LocationTypes) && slices.Equal(a.Sports, b.Sports) && slices.Equal(a.Contacts, b.Contacts) &&
		a.IsHidden == b.IsHidden && a.ShowLink == b.ShowLink && a.LinkLabel == b.LinkLabel && a.Link == b.Link &&
		eqPtr(a.ImageID, b.ImageID) && slices.Equal(a.OpeningHours, b.OpeningHours)
}

func eqPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
