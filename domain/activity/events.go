// Package activity is what an organisation offers (a yoga class, a swimming course):
// its details (spec §3), settings, location, extra questions and labels. Its sessions
// are series of their own (domain/series). Rates, cancellation terms, locations,
// contacts, categories, tags and labels are referenced by id.
package activity

import (
	"move/domain"
	"move/domain/offer"
)

// Details is what the activity form edits.
type Details struct {
	Name               string    `json:"name"`
	SportID            *string   `json:"sport_id,omitempty"`
	Description        string    `json:"description,omitempty"`
	Notes              string    `json:"notes,omitempty"`
	RateID             *string   `json:"rate_id,omitempty"`
	Gender             string    `json:"gender,omitempty"` // male, female, other; empty is everyone
	Level              string    `json:"level,omitempty"`  // beginner, intermediate, advanced; empty is all
	CategoryIDs        []string  `json:"category_ids"`
	TagIDs             []string  `json:"tag_ids"`
	PaymentURL         string    `json:"payment_url,omitempty"`
	CancellationTermID *string   `json:"cancellation_term_id,omitempty"`
	PriceDisplayMode   string    `json:"price_display_mode"` // eur, moves, both
	ImageID            *string   `json:"image_id,omitempty"`
	IsAccessible       bool      `json:"is_accessible"`
	AgeMin             *int      `json:"age_min,omitempty"`
	AgeMax             *int      `json:"age_max,omitempty"`
	Contacts           []Contact `json:"contacts"`
	// Concept is a draft: hidden from the website and the app.
	Concept bool `json:"concept"`
}

// Contact is a contact of the organisation with its roles for this activity (the
// offer's shared shape).
type Contact = offer.Contact

// Settings are the activity's booking switches.
type Settings struct {
	IsExclusive       bool `json:"is_exclusive"`
	HasWaitlist       bool `json:"has_waitlist"`
	ShouldValidateAge bool `json:"should_validate_age"`
	NoSignupRequired  bool `json:"no_signup_required"`
}

// Question is an extra question a participant answers when booking (the offer's shared shape).
type Question = offer.Question

// Created: a new activity of an organisation; its type never changes.
type Created struct {
	ApplicationID  string   `json:"application_id"`
	OrganizationID string   `json:"organization_id"`
	Type           string   `json:"type"`
	Details        Details  `json:"details"`
	Settings       Settings `json:"settings"`
}

type Updated struct {
	Details Details `json:"details"`
}
type LocationSet struct {
	LocationID *string `json:"location_id"`
}
type SettingsChanged struct {
	Settings Settings `json:"settings"`
}
type QuestionsChanged struct {
	Questions []Question `json:"questions"`
}
type LabelsAssigned struct {
	LabelIDs []string `json:"label_ids"`
}
type Deleted struct{}

func (Created) EventType() string          { return "activity.created.v1" }
func (Updated) EventType() string          { return "activity.updated.v1" }
func (LocationSet) EventType() string      { return "activity.location_set.v1" }
func (SettingsChanged) EventType() string  { return "activity.settings_changed.v1" }
func (QuestionsChanged) EventType() string { return "activity.questions_changed.v1" }
func (LabelsAssigned) EventType() string   { return "activity.labels_assigned.v1" }
func (Deleted) EventType() string          { return "activity.deleted.v1" }

// Register adds the activity events to a registry.
func Register(r *domain.Registry) {
	r.Register(Created{}, Updated{}, LocationSet{}, SettingsChanged{}, QuestionsChanged{}, LabelsAssigned{}, Deleted{})
}

// EventTypes lists every activity event type.
func EventTypes() []string {
	return []string{Created{}.EventType(), Updated{}.EventType(), LocationSet{}.EventType(), SettingsChanged{}.EventType(),
		QuestionsChanged{}.EventType(), LabelsAssigned{}.EventType(), Deleted{}.EventType()}
}

// StreamPrefix names every activity stream; the name is permanent.
const StreamPrefix = "activity-"

// Stream is the activity's event stream.
func Stream(id string) string { return StreamPrefix + id }

// Option sets (spec §3).
const (
	TypeSession = "session"
	TypeBundle  = "bundle"
)

var (
	Types             = []string{TypeSession, TypeBundle}
	Genders           = offer.Genders
	Levels            = offer.Levels
	PriceDisplayModes = offer.PriceDisplayModes
	ContactRoles      = offer.ContactRoles
	QuestionTypes     = offer.QuestionTypes
)
