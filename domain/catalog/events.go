// Package catalog is the platform catalogue the superadmin keeps: sports, location
// types and product types. They share one shape, so one aggregate serves the three
// kinds; each kind has its own explicit event types.
package catalog

import "move/domain"

// Fields are an item's editable values. Icon and Highlighted are nil for kinds
// without them.
type Fields struct {
	Name        string  `json:"name"`
	IconID      *string `json:"icon_id,omitempty"`
	Highlighted *bool   `json:"highlighted,omitempty"`
}

type SportCreated struct{ Fields }
type SportUpdated struct{ Fields }
type SportDeleted struct{}
type LocationTypeCreated struct{ Fields }
type LocationTypeUpdated struct{ Fields }
type LocationTypeDeleted struct{}
type ProductTypeCreated struct{ Fields }
type ProductTypeUpdated struct{ Fields }
type ProductTypeDeleted struct{}

func (SportCreated) EventType() string        { return "sport.created.v1" }
func (SportUpdated) EventType() string        { return "sport.updated.v1" }
func (SportDeleted) EventType() string        { return "sport.deleted.v1" }
func (LocationTypeCreated) EventType() string { return "location_type.created.v1" }
func (LocationTypeUpdated) EventType() string { return "location_type.updated.v1" }
func (LocationTypeDeleted) EventType() string { return "location_type.deleted.v1" }
func (ProductTypeCreated) EventType() string  { return "product_type.created.v1" }
func (ProductTypeUpdated) EventType() string  { return "product_type.updated.v1" }
func (ProductTypeDeleted) EventType() string  { return "product_type.deleted.v1" }

// Register adds the catalogue's events to a registry.
func Register(r *domain.Registry) {
	r.Register(
		SportCreated{}, SportUpdated{}, SportDeleted{},
		LocationTypeCreated{}, LocationTypeUpdated{}, LocationTypeDeleted{},
		ProductTypeCreated{}, ProductTypeUpdated{}, ProductTypeDeleted{},
	)
}

// Values answers the fields an event sets, for created and updated events.
func Values(e domain.Event) (Fields, bool) {
	switch e := e.(type) {
	case SportCreated:
		return e.Fields, true
	case SportUpdated:
		return e.Fields, true
	case LocationTypeCreated:
		return e.Fields, true
	case LocationTypeUpdated:
		return e.Fields, true
	case ProductTypeCreated:
		return e.Fields, true
	case ProductTypeUpdated:
		return e.Fields, true
	}
	return Fields{}, false
}

// IsDeleted tells whether e deletes an item.
func IsDeleted(e domain.Event) bool {
	switch e.(type) {
	case SportDeleted, LocationTypeDeleted, ProductTypeDeleted:
		return true
	}
	return false
}
