// Package contact is an organisation's people that activities, products and locations
// name: name, e-mail, phone and their roles (mail, contact_person, trainer). A trainer
// contact can be linked to a trainer user.
//
// Name, e-mail and phone are personal data: sealed in the events with the contact's
// own key (the stream is the data subject, package personal, decision 0510), so
// erasing a contact leaves no readable trace in the log (decision 0602).
//
// Stream: contact-{id}; the prefix is permanent.
package contact

import (
	"slices"
	"strings"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/names"
)

// Roles a contact can have (spec section 5).
const (
	RoleMail          = "mail"
	RoleContactPerson = "contact_person"
	RoleTrainer       = "trainer"
)

// Roles in the order the form shows them.
var Roles = []string{RoleMail, RoleContactPerson, RoleTrainer}

// MaxNameLength is the longest name, in characters.
const MaxNameLength = 150

// Fields are what the contact form edits.
type Fields struct {
	Name          string   `json:"name" personal:""`
	Email         string   `json:"email,omitempty" personal:""`
	Phone         string   `json:"phone,omitempty" personal:""`
	Roles         []string `json:"roles"`
	TrainerUserID *string  `json:"trainer_user_id,omitempty"`
}

// Created: a new contact of an organisation.
type Created struct {
	ApplicationID  string `json:"application_id"`
	OrganizationID string `json:"organization_id"`
	Fields
}

// Updated: the contact's fields, whole.
type Updated struct{ Fields }
type Deleted struct{}

func (Created) EventType() string { return "contact.created.v1" }
func (Updated) EventType() string { return "contact.updated.v1" }
func (Deleted) EventType() string { return "contact.deleted.v1" }

// Register adds the contact events to a registry.
func Register(r *domain.Registry) { r.Register(Created{}, Updated{}, Deleted{}) }

// EventTypes lists every contact event type.
func EventTypes() []string {
	return []string{Created{}.EventType(), Updated{}.EventType(), Deleted{}.EventType()}
}

// StreamPrefix names every contact stream; a contact's stream is its data subject.
const StreamPrefix = "contact-"

// Stream is the contact's event stream.
func Stream(id string) string { return StreamPrefix + id }

// Contact is one person of an organisation.
type Contact struct {
	ID             string
	ApplicationID  string
	OrganizationID string
	Exists         bool
	Deleted        bool
	Fields         Fields
}

// New is the contact with id, before its events are applied.
func New(id string) *Contact { return &Contact{ID: id} }

// Apply implements domain.Aggregate.
func (c *Contact) Apply(e domain.Event) {
	switch e := e.(type) {
	case Created:
		c.Exists, c.ApplicationID, c.OrganizationID, c.Fields = true, e.ApplicationID, e.OrganizationID, e.Fields
	case Updated:
		c.Fields = e.Fields
	case Deleted:
		c.Deleted = true
	}
}

// VisibleIn tells whether the contact exists in the application.
func (c *Contact) VisibleIn(applicationID string) bool {
	return c.Exists && !c.Deleted && c.ApplicationID == applicationID
}

func (c *Contact) mustBeIn(applicationID string) error {
	if !c.VisibleIn(applicationID) {
		return &domain.NotFoundError{Kind: "contact", ID: c.ID}
	}
	return nil
}

// Create decides a new contact. The caller checks the organisation and the trainer user.
func (c *Contact) Create(applicationID, organizationID string, f Fields) ([]domain.Event, error) {
	if c.Exists {
		return nil, &domain.ConflictError{Key: "contact.exists"}
	}
	f, err := Clean(f)
	if err != nil {
		return nil, err
	}
	return []domain.Event{Created{ApplicationID: applicationID, OrganizationID: organizationID, Fields: f}}, nil
}

// Update decides new values; unchanged values decide nothing.
func (c *Contact) Update(applicationID string, f Fields) ([]domain.Event, error) {
	if err := c.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	f, err := Clean(f)
	if err != nil {
		return nil, err
	}
	old := c.Fields
	if f.Name == old.Name && f.Email == old.Email && f.Phone == old.Phone && slices.Equal(f.Roles, old.Roles) &&
		((f.TrainerUserID == nil && old.TrainerUserID == nil) || (f.TrainerUserID != nil && old.TrainerUserID != nil && *f.TrainerUserID == *old.TrainerUserID)) {
		return nil, nil
	}
	return []domain.Event{Updated{Fields: f}}, nil
}

// Delete decides the contact's removal. Its personal data is erased with it (the caller
// erases the subject's key in the same command).
func (c *Contact) Delete(applicationID string) ([]domain.Event, error) {
	if err := c.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{Deleted{}}, nil
}

// Clean validates a contact: a name, a valid e-mail and phone when given, at least
// one known role (spec section 5), and a trainer user only for a trainer.
func Clean(f Fields) (Fields, error) {
	var v domain.ValidationError
	f.Name = names.Required(&v, "name", f.Name, MaxNameLength)
	f.Email = strings.TrimSpace(f.Email)
	if f.Email != "" && !names.ValidEmail(f.Email) {
		v.Add("email", "validation.email", nil)
	}
	f.Phone = strings.TrimSpace(f.Phone)
	if f.Phone != "" && !names.ValidPhone(f.Phone) {
		v.Add("phone", "validation.phone", nil)
	}
	roles := []string{}
	for _, r := range Roles { // the stored order is the form's, without repeats
		if slices.Contains(f.Roles, r) {
			roles = append(roles, r)
		}
	}
	for _, r := range f.Roles {
		if !slices.Contains(Roles, r) {
			v.Add("roles", "contact.unknown_role", map[string]any{"role": r})
		}
	}
	if len(f.Roles) == 0 {
		v.Add("roles", "contact.role_required", nil)
	}
	f.Roles = roles
	if f.TrainerUserID != nil && *f.TrainerUserID == "" {
		f.TrainerUserID = nil
	}
	if f.TrainerUserID != nil {
		if id, err := uuid.Parse(*f.TrainerUserID); err != nil {
			v.Add("trainer_user_id", "validation.invalid", nil)
		} else {
			canonical := id.String()
			f.TrainerUserID = &canonical
		}
		if !slices.Contains(roles, RoleTrainer) {
			v.Add("trainer_user_id", "contact.trainer_needs_role", nil)
		}
	}
	return f, v.OrNil()
}
