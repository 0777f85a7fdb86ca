package activity

import (
	"reflect"
	"slices"
	"strings"

	"move/domain"
	"move/domain/offer"
)

// Limits (the offer's).
const (
	MaxNameLength  = offer.MaxNameLength
	MaxTextLength  = offer.MaxTextLength
	MaxReferences  = offer.MaxReferences
	MaxQuestions   = offer.MaxQuestions
	MaxOptions     = offer.MaxOptions
	MaxOptionChars = offer.MaxOptionChars
	MaxAge         = offer.MaxAge
)

// Activity is one activity of an organisation.
type Activity struct {
	ID             string
	ApplicationID  string
	OrganizationID string
	Type           string
	Exists         bool
	Deleted        bool
	Details        Details
	Settings       Settings
	LocationID     *string
	Questions      []Question
	LabelIDs       []string
}

// New is the activity with id, before its events are applied.
func New(id string) *Activity { return &Activity{ID: id} }

// Apply implements domain.Aggregate.
func (a *Activity) Apply(e domain.Event) {
	switch e := e.(type) {
	case Created:
		a.Exists, a.ApplicationID, a.OrganizationID, a.Type = true, e.ApplicationID, e.OrganizationID, e.Type
		a.Details, a.Settings = e.Details, e.Settings
	case Updated:
		a.Details = e.Details
	case LocationSet:
		a.LocationID = e.LocationID
	case SettingsChanged:
		a.Settings = e.Settings
	case QuestionsChanged:
		a.Questions = e.Questions
	case LabelsAssigned:
		a.LabelIDs = e.LabelIDs
	case Deleted:
		a.Deleted = true
	}
}

// VisibleIn tells whether the activity exists in the application.
func (a *Activity) VisibleIn(applicationID string) bool {
	return a.Exists && !a.Deleted && a.ApplicationID == applicationID
}

func (a *Activity) mustBeIn(applicationID string) error {
	if !a.VisibleIn(applicationID) {
		return &domain.NotFoundError{Kind: "activity", ID: a.ID}
	}
	return nil
}

// Create decides a new activity of an organisation.
func (a *Activity) Create(applicationID, organizationID, typ string, d Details, s Settings) ([]domain.Event, error) {
	if a.Exists {
		return nil, &domain.ConflictError{Key: "activity.exists"}
	}
	var v domain.ValidationError
	if !slices.Contains(Types, typ) {
		v.Add("type", "validation.one_of", map[string]any{"values": strings.Join(Types, ", ")})
	}
	d = cleanDetails(d, &v)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	return []domain.Event{Created{ApplicationID: applicationID, OrganizationID: organizationID, Type: typ, Details: d, Settings: s}}, nil
}

// Update decides new details; unchanged ones decide nothing.
func (a *Activity) Update(applicationID string, d Details) ([]domain.Event, error) {
	if err := a.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	var v domain.ValidationError
	d = cleanDetails(d, &v)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if reflect.DeepEqual(d, a.Details) {
		return nil, nil
	}
	return []domain.Event{Updated{Details: d}}, nil
}

// SetLocation decides where the activity takes place (nil: nowhere yet).
func (a *Activity) SetLocation(applicationID string, locationID *string) ([]domain.Event, error) {
	if err := a.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	var v domain.ValidationError
	locationID = cleanRef(&v, "location_id", locationID)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if eqPtr(locationID, a.LocationID) {
		return nil, nil
	}
	return []domain.Event{LocationSet{LocationID: locationID}}, nil
}

// ChangeSettings decides new settings.
func (a *Activity) ChangeSettings(applicationID string, s Settings) ([]domain.Event, error) {
	if err := a.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	if s == a.Settings {
		return nil, nil
	}
	return []domain.Event{SettingsChanged{Settings: s}}, nil
}

// ChangeQuestions decides the activity's extra questions, in order; newID names a
// question that has none yet.
func (a *Activity) ChangeQuestions(applicationID string, qs []Question, newID func() string) ([]domain.Event, error) {
	if err := a.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	var v domain.ValidationError
	out := offer.Questions(&v, "activity", qs, newID)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if reflect.DeepEqual(out, a.Questions) || (len(out) == 0 && len(a.Questions) == 0) {
		return nil, nil
	}
	return []domain.Event{QuestionsChanged{Questions: out}}, nil
}

// AssignLabels decides the activity's labels.
func (a *Activity) AssignLabels(applicationID string, labels []string) ([]domain.Event, error) {
	if err := a.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	var v domain.ValidationError
	labels = cleanRefs(&v, "label_ids", labels)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if slices.Equal(labels, a.LabelIDs) {
		return nil, nil
	}
	return []domain.Event{LabelsAssigned{LabelIDs: labels}}, nil
}

// Delete decides the activity's removal; its sessions go with it from every list.
func (a *Activity) Delete(applicationID string) ([]domain.Event, error) {
	if err := a.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{Deleted{}}, nil
}

func cleanDetails(d Details, v *domain.ValidationError) Details {
	d.Name = offer.Name(v, "name", d.Name)
	d.Description, d.Notes = offer.Text(v, "description", d.Description), offer.Text(v, "notes", d.Notes)
	d.SportID = cleanRef(v, "sport_id", d.SportID)
	d.RateID = cleanRef(v, "rate_id", d.RateID)
	d.CancellationTermID = cleanRef(v, "cancellation_term_id", d.CancellationTermID)
	d.ImageID = cleanRef(v, "image_id", d.ImageID)
	d.CategoryIDs = cleanRefs(v, "category_ids", d.CategoryIDs)
	d.TagIDs = cleanRefs(v, "tag_ids", d.TagIDs)
	offer.Common(v, &d.Gender, &d.Level, &d.PriceDisplayMode)
	d.PaymentURL = offer.PaymentURL(v, d.PaymentURL)
	offer.AgeRange(v, "activity", d.AgeMin, d.AgeMax)
	d.Contacts = offer.Contacts(v, "activity", d.Contacts)
	return d
}

var (
	cleanRef  = offer.Ref
	cleanRefs = offer.Refs
)

func eqPtr[T comparable](a, b *T) bool { return offer.EqPtr(a, b) }
