package catalog

import "move/domain"

// Kind is one catalogue: what its items have and which events it writes.
type Kind struct {
	// Name is permanent: it prefixes the kind's streams and reservation scope.
	Name         string
	HasIcon      bool
	HasHighlight bool
	created      func(Fields) domain.Event
	updated      func(Fields) domain.Event
	deleted      domain.Event
}

var (
	Sport = Kind{Name: "sport", HasIcon: true, HasHighlight: true,
		created: func(f Fields) domain.Event { return SportCreated{f} },
		updated: func(f Fields) domain.Event { return SportUpdated{f} },
		deleted: SportDeleted{}}
	LocationType = Kind{Name: "location_type", HasIcon: true,
		created: func(f Fields) domain.Event { return LocationTypeCreated{f} },
		updated: func(f Fields) domain.Event { return LocationTypeUpdated{f} },
		deleted: LocationTypeDeleted{}}
	ProductType = Kind{Name: "product_type",
		created: func(f Fields) domain.Event { return ProductTypeCreated{f} },
		updated: func(f Fields) domain.Event { return ProductTypeUpdated{f} },
		deleted: ProductTypeDeleted{}}
)

// Kinds lists every catalogue.
var Kinds = []Kind{Sport, LocationType, ProductType}

// Stream is the event stream of the item with this id.
func (k Kind) Stream(id string) string { return k.Name + "-" + id }

// NameScope is the reservation scope that keeps names unique within the kind.
func (k Kind) NameScope() string { return k.Name + "-name" }

// Owns tells whether e is one of this kind's events.
func (k Kind) Owns(e domain.Event) bool {
	t := e.EventType()
	return t == k.created(Fields{}).EventType() || t == k.updated(Fields{}).EventType() || t == k.deleted.EventType()
}
