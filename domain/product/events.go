// Package product is what an organisation sells that is not a session (a T-shirt, a
// season pass, a locker): its details (spec §3), location, extra questions and labels.
// Rates, locations, contacts, categories, tags, labels, the product type and the image
// are referenced by id; contacts and questions are the offer's shared shapes.
package product

import (
	"move/domain"
	"move/domain/booking"
	"move/domain/offer"
	"move/domain/series"
)

// Details is what the product form edits.
type Details struct {
	Name             string   `json:"name"`
	ProductTypeID    string   `json:"product_type_id"`
	SportID          *string  `json:"sport_id,omitempty"`
	Description      string   `json:"description,omitempty"`
	RateID           *string  `json:"rate_id,omitempty"`
	PriceDisplayMode string   `json:"price_display_mode"` // eur, moves, both
	Gender           string   `json:"gender,omitempty"`   // male, female, other; empty is everyone
	Level            string   `json:"level,omitempty"`    // beginner, intermediate, advanced; empty is all
	CategoryIDs      []string `json:"category_ids"`
	TagIDs           []string `json:"tag_ids"`
	PaymentURL       string   `json:"payment_url,omitempty"`
	// Spots is how many can be bought; nil is no limit.
	Spots             *int            `json:"spots,omitempty"`
	ImageID           *string         `json:"image_id,omitempty"`
	Contacts          []offer.Contact `json:"contacts"`
	AgeMin            *int            `json:"age_min,omitempty"`
	AgeMax            *int            `json:"age_max,omitempty"`
	ShouldValidateAge bool            `json:"should_validate_age"`
	// Draft: hidden from the website and the app.
	Draft bool `json:"draft"`
}

// Created: a new product of an organisation.
type Created struct {
	ApplicationID  string  `json:"application_id"`
	OrganizationID string  `json:"organization_id"`
	Details        Details `json:"details"`
}

type Updated struct {
	Details Details `json:"details"`
}
type LocationSet struct {
	LocationID *string `json:"location_id"`
}
type QuestionsChanged struct {
	Questions []offer.Question `json:"questions"`
}
type LabelsAssigned struct {
	LabelIDs []string `json:"label_ids"`
}
type Deleted struct{}

// PurchaseHeld: a customer bought the product; the spot is held until paid (a
// free product's purchase is confirmed in the same append). The buyer and the answers
// are sealed with the purchase's subject (decision 0510).
type PurchaseHeld struct {
	PurchaseID     string              `json:"purchase_id"`
	Subject        string              `json:"subject" personal:"subject"`
	ApplicationID  string              `json:"application_id"`
	OrganizationID string              `json:"organization_id"`
	CustomerID     string              `json:"customer_id"`
	Buyer          booking.Participant `json:"buyer"`
	Answers        []booking.Answer    `json:"answers"`
	Quantity       int                 `json:"quantity"`
	// Priced: the purchase waits for its order's payment (a free one is confirmed in
	// the same append).
	Priced bool `json:"priced"`
}

// PurchaseConfirmed: the purchase is the buyer's (free, or its order paid).
type PurchaseConfirmed struct {
	PurchaseID string `json:"purchase_id"`
}

// PurchaseCancelled: a held purchase's spot is free again (payment failed, expired
// or cancelled, or the hold ran out).
type PurchaseCancelled struct {
	PurchaseID string `json:"purchase_id"`
	FromStatus string `json:"from_status"`
	Reason     string `json:"reason"`
}

// PurchaseSubject is the personal-data subject of a purchase's buyer.
func PurchaseSubject(purchaseID string) string { return "purchase-" + purchaseID }

func (Created) EventType() string           { return "product.created.v1" }
func (Updated) EventType() string           { return "product.updated.v1" }
func (LocationSet) EventType() string       { return "product.location_set.v1" }
func (QuestionsChanged) EventType() string  { return "product.questions_changed.v1" }
func (LabelsAssigned) EventType() string    { return "product.labels_assigned.v1" }
func (Deleted) EventType() string           { return "product.deleted.v1" }
func (PurchaseHeld) EventType() string      { return "product.purchase_held.v1" }
func (PurchaseConfirmed) EventType() string { return "product.purchase_confirmed.v1" }
func (PurchaseCancelled) EventType() string { return "product.purchase_cancelled.v1" }

// Register adds the product events to a registry.
func Register(r *domain.Registry) {
	r.Register(Created{}, Updated{}, LocationSet{}, QuestionsChanged{}, LabelsAssigned{}, Deleted{},
		PurchaseHeld{}, PurchaseConfirmed{}, PurchaseCancelled{})
}

// EventTypes lists every product event type.
func EventTypes() []string {
	return []string{Created{}.EventType(), Updated{}.EventType(), LocationSet{}.EventType(),
		QuestionsChanged{}.EventType(), LabelsAssigned{}.EventType(), Deleted{}.EventType(),
		PurchaseHeld{}.EventType(), PurchaseConfirmed{}.EventType(), PurchaseCancelled{}.EventType()}
}

// StreamPrefix names every product stream; the name is permanent.
const StreamPrefix = "product-"

// Stream is the product's event stream.
func Stream(id string) string { return StreamPrefix + id }

// MaxSpots bounds a product's spots as a session's (an integer column holds them).
const MaxSpots = series.MaxSpots
