package activity

import (
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/names"
)

// Limits.
const (
	MaxNameLength  = 150
	MaxTextLength  = 5000
	MaxReferences  = 100
	MaxQuestions   = 50
	MaxOptions     = 50
	MaxOptionChars = 200
	MaxAge         = 120
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
	if len(qs) > MaxQuestions {
		v.Add("questions", "validation.max_items", map[string]any{"max": MaxQuestions})
	}
	out := make([]Question, 0, len(qs))
	for i, q := range qs {
		out = append(out, cleanQuestion(&v, "questions."+strconv.Itoa(i)+".", q, newID))
	}
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
	d.Name = names.Required(v, "name", d.Name, MaxNameLength)
	d.Description, d.Notes = strings.TrimSpace(d.Description), strings.TrimSpace(d.Notes)
	checkLength(v, "description", d.Description, MaxTextLength)
	checkLength(v, "notes", d.Notes, MaxTextLength)
	d.SportID = cleanRef(v, "sport_id", d.SportID)
	d.RateID = cleanRef(v, "rate_id", d.RateID)
	d.CancellationTermID = cleanRef(v, "cancellation_term_id", d.CancellationTermID)
	d.ImageID = cleanRef(v, "image_id", d.ImageID)
	d.CategoryIDs = cleanRefs(v, "category_ids", d.CategoryIDs)
	d.TagIDs = cleanRefs(v, "tag_ids", d.TagIDs)
	oneOf(v, "gender", &d.Gender, Genders, true)
	oneOf(v, "level", &d.Level, Levels, true)
	if strings.TrimSpace(d.PriceDisplayMode) == "" {
		d.PriceDisplayMode = "eur"
	}
	oneOf(v, "price_display_mode", &d.PriceDisplayMode, PriceDisplayModes, false)
	d.PaymentURL = strings.TrimSpace(d.PaymentURL)
	if d.PaymentURL != "" && !validURL(d.PaymentURL) {
		v.Add("payment_url", "validation.url", nil)
	}
	for _, age := range []struct {
		field string
		value *int
	}{{"age_min", d.AgeMin}, {"age_max", d.AgeMax}} {
		if age.value != nil && (*age.value < 0 || *age.value > MaxAge) {
			v.Add(age.field, "validation.between", map[string]any{"min": 0, "max": MaxAge})
		}
	}
	if d.AgeMin != nil && d.AgeMax != nil && *d.AgeMin > *d.AgeMax {
		v.Add("age_max", "activity.age_range", nil)
	}
	contacts := make([]Contact, 0, len(d.Contacts))
	seen := map[string]bool{}
	for i, c := range d.Contacts {
		field := "contacts." + strconv.Itoa(i)
		id := cleanRef(v, field+".contact_id", &c.ContactID)
		if id == nil {
			v.Add(field+".contact_id", "validation.required", nil)
			continue
		}
		if seen[*id] {
			continue
		}
		seen[*id] = true
		var roles []string
		for _, r := range ContactRoles { // in a fixed order, each once
			if slices.Contains(c.Roles, r) {
				roles = append(roles, r)
			}
		}
		for _, r := range c.Roles {
			if !slices.Contains(ContactRoles, r) {
				v.Add(field+".roles", "validation.one_of", map[string]any{"values": strings.Join(ContactRoles, ", ")})
			}
		}
		if len(roles) == 0 {
			v.Add(field+".roles", "activity.contact_role", nil)
		}
		contacts = append(contacts, Contact{ContactID: *id, Roles: roles})
	}
	if len(d.Contacts) > MaxReferences {
		v.Add("contacts", "validation.max_items", map[string]any{"max": MaxReferences})
	}
	d.Contacts = contacts
	return d
}

func cleanQuestion(v *domain.ValidationError, prefix string, q Question, newID func() string) Question {
	q.Title = strings.TrimSpace(q.Title)
	if q.Title == "" {
		v.Add(prefix+"title", "validation.required", nil)
	}
	checkLength(v, prefix+"title", q.Title, MaxNameLength)
	if q.ID == "" {
		q.ID = newID()
	} else if _, err := uuid.Parse(q.ID); err != nil {
		v.Add(prefix+"id", "validation.invalid", nil)
	}
	if !slices.Contains(QuestionTypes, q.Type) {
		v.Add(prefix+"type", "validation.one_of", map[string]any{"values": strings.Join(QuestionTypes, ", ")})
	}
	options := []string{}
	for _, o := range q.Options {
		if o = strings.TrimSpace(o); o != "" && !slices.Contains(options, o) {
			checkLength(v, prefix+"options", o, MaxOptionChars)
			options = append(options, o)
		}
	}
	if q.Type == "text" {
		options = []string{}
	} else if q.Type != "" && len(options) < 2 {
		v.Add(prefix+"options", "activity.question_options", nil)
	}
	if len(options) > MaxOptions {
		v.Add(prefix+"options", "validation.max_items", map[string]any{"max": MaxOptions})
	}
	q.Options = options
	q.URL = strings.TrimSpace(q.URL)
	switch {
	case q.HasURL && !validURL(q.URL):
		v.Add(prefix+"url", "validation.url", nil)
	case !q.HasURL:
		q.URL = ""
	}
	return q
}

func oneOf(v *domain.ValidationError, field string, value *string, allowed []string, emptyOK bool) {
	*value = strings.TrimSpace(*value)
	if (*value == "" && emptyOK) || slices.Contains(allowed, *value) {
		return
	}
	v.Add(field, "validation.one_of", map[string]any{"values": strings.Join(allowed, ", ")})
}

// cleanRef reads an optional reference: empty is none, anything else a uuid.
func cleanRef(v *domain.ValidationError, field string, id *string) *string {
	if id == nil || strings.TrimSpace(*id) == "" {
		return nil
	}
	u, err := uuid.Parse(strings.TrimSpace(*id))
	if err != nil {
		v.Add(field, "validation.invalid", nil)
		return nil
	}
	s := u.String()
	return &s
}

// cleanRefs reads a list of references: uuids, each once, in the order given.
func cleanRefs(v *domain.ValidationError, field string, ids []string) []string {
	out := []string{}
	for _, id := range ids {
		if ref := cleanRef(v, field, &id); ref != nil && !slices.Contains(out, *ref) {
			out = append(out, *ref)
		} else if ref == nil && strings.TrimSpace(id) == "" {
			v.Add(field, "validation.invalid", nil)
		}
	}
	if len(out) > MaxReferences {
		v.Add(field, "validation.max_items", map[string]any{"max": MaxReferences})
	}
	return out
}

func checkLength(v *domain.ValidationError, field, value string, max int) {
	if utf8.RuneCountInString(value) > max {
		v.Add(field, "validation.max_length", map[string]any{"max": max})
	}
}

func validURL(s string) bool {
	if len(s) > 2000 {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && !strings.ContainsAny(u.Host, " <>\"")
}

func eqPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
