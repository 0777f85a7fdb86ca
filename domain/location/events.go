// Package location is an organisation's places: where activities happen, with their
// address, coordinates, opening hours, and what consumers see of them. Hidden
// locations are not shown to consumers; visibility to consumers is derived in the
// read model (decision 0601).
//
// Stream: location-{id}; the prefix is permanent.
package location

import "move/domain"

// Fields are what the location form edits.
type Fields struct {
	Name          string   `json:"name"`
	Street        string   `json:"street,omitempty"`
	HouseNumber   string   `json:"house_number,omitempty"`
	Zipcode       string   `json:"zipcode,omitempty"`
	City          string   `json:"city,omitempty"`
	Latitude      *float64 `json:"latitude,omitempty"`
	Longitude     *float64 `json:"longitude,omitempty"`
	Notes         string   `json:"notes,omitempty"`
	LocationTypes []string `json:"location_types"`
	Sports        []string `json:"sports"`
	Contacts      []string `json:"contacts"`
	IsHidden      bool     `json:"is_hidden"`
	ShowLink      bool     `json:"show_link"`
	LinkLabel     string   `json:"link_label,omitempty"`
	Link          string   `json:"link,omitempty"`
	ImageID       *string  `json:"image_id,omitempty"`
	OpeningHours  []Day    `json:"opening_hours"`
}

// Day is one weekday's opening hours. OpenedAt and ClosedAt are "HH:MM" in the
// application's time zone; empty when the day is closed.
type Day struct {
	Weekday  string `json:"weekday"`
	IsOpen   bool   `json:"is_open"`
	OpenedAt string `json:"opened_at,omitempty"`
	ClosedAt string `json:"closed_at,omitempty"`
}

// Created: a new location of an organisation.
type Created struct {
	ApplicationID  string `json:"application_id"`
	OrganizationID string `json:"organization_id"`
	Fields
}

// Updated: the location's fields, whole.
type Updated struct{ Fields }
type Deleted struct{}

func (Created) EventType() string { return "location.created.v1" }
func (Updated) EventType() string { return "location.updated.v1" }
func (Deleted) EventType() string { return "location.deleted.v1" }

// Register adds the location events to a registry.
func Register(r *domain.Registry) { r.Register(Created{}, Updated{}, Deleted{}) }

// EventTypes lists every location event type.
func EventTypes() []string {
	return []string{Created{}.EventType(), Updated{}.EventType(), Deleted{}.EventType()}
}

// StreamPrefix names every location stream.
const StreamPrefix = "location-"

// Stream is the location's event stream.
func Stream(id string) string { return StreamPrefix + id }

// Weekdays in the order the week runs (it starts on Monday, spec section 9).
var Weekdays = []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
