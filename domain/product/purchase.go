package product

import (
	"time"

	"move/domain"
	"move/domain/booking"
)

// Purchase statuses.
const (
	StatusHeld      = "held"
	StatusConfirmed = "confirmed"
	StatusCancelled = "cancelled"
)

// Purchase is one purchase as the product's stream tells it (decision 1003).
type Purchase struct {
	ID         string
	CustomerID string
	Buyer      booking.Participant
	Answers    []booking.Answer
	Status     string
}

// HasSpot tells whether the purchase takes one of the product's spots.
func (x *Purchase) HasSpot() bool {
	return x.Status == StatusHeld || x.Status == StatusConfirmed
}

// Taken counts the spots held or confirmed.
func (p *Product) Taken() int {
	n := 0
	for _, x := range p.Purchases {
		if x.HasSpot() {
			n++
		}
	}
	return n
}

// PurchaseRequest is one purchase asked for by a customer.
type PurchaseRequest struct {
	PurchaseID string
	CustomerID string
	Buyer      booking.Participant
	Answers    []booking.Answer
	// OrganizationApproved: the product's organisation may sell.
	OrganizationApproved bool
	// PaymentRequired: the product has a price; the purchase holds its spot until paid.
	PaymentRequired bool
	// Today is the application's local date (the buyer's age is counted on it).
	Today string
}

// Buy decides a purchase: a spot while spots are left (nil spots: no limit), held until
// paid when the product has a price, else confirmed at once. It is decided against the
// loaded version, so concurrent buyers conflict on the append and retry: the last spot
// is sold once.
func (p *Product) Buy(applicationID string, in PurchaseRequest, now time.Time) ([]domain.Event, error) {
	if !p.Exists || p.ApplicationID != applicationID {
		return nil, &domain.NotFoundError{Kind: "product", ID: p.ID}
	}
	if p.Deleted {
		return nil, &domain.ConflictError{Key: "product.deleted"}
	}
	if _, exists := p.Purchases[in.PurchaseID]; exists {
		return nil, &domain.ConflictError{Key: "purchase.exists"}
	}
	if p.Details.Draft {
		return nil, &domain.ConflictError{Key: "product.draft"}
	}
	if !in.OrganizationApproved {
		return nil, &domain.ConflictError{Key: "product.organization_not_approved"}
	}
	o := booking.Offer{Date: in.Today, ShouldValidateAge: p.Details.ShouldValidateAge, AgeMin: p.Details.AgeMin, AgeMax: p.Details.AgeMax}
	for _, q := range p.Questions {
		o.Questions = append(o.Questions, booking.Question{ID: q.ID, Type: q.Type, Required: q.Required, Options: q.Options})
	}
	req, err := booking.CheckPerson(o, booking.Request{BookingID: in.PurchaseID, CustomerID: in.CustomerID, Participant: in.Buyer, Answers: in.Answers}, now)
	if err != nil {
		return nil, err
	}
	if p.Details.Spots != nil && p.Taken() >= *p.Details.Spots {
		return nil, &domain.ConflictError{Key: "product.full", Params: map[string]any{"spots": *p.Details.Spots}}
	}
	out := []domain.Event{PurchaseHeld{PurchaseID: in.PurchaseID, Subject: PurchaseSubject(in.PurchaseID), ApplicationID: p.ApplicationID,
		OrganizationID: p.OrganizationID, CustomerID: in.CustomerID, Buyer: req.Participant, Answers: req.Answers, Quantity: 1, Priced: in.PaymentRequired}}
	if !in.PaymentRequired {
		out = append(out, PurchaseConfirmed{PurchaseID: in.PurchaseID})
	}
	return out, nil
}

// ConfirmPurchase makes a held purchase the buyer's (its order paid); a confirmed one
// stays.
func (p *Product) ConfirmPurchase(id string) ([]domain.Event, error) {
	x := p.Purchases[id]
	if x == nil {
		return nil, &domain.NotFoundError{Kind: "purchase", ID: id}
	}
	switch x.Status {
	case StatusConfirmed:
		return nil, nil
	case StatusCancelled:
		return nil, &domain.ConflictError{Key: "purchase.cancelled"}
	}
	return []domain.Event{PurchaseConfirmed{PurchaseID: id}}, nil
}

// CancelPurchase frees a held purchase's spot (its payment failed, expired or was
// cancelled, or the hold ran out); a cancelled one stays cancelled.
func (p *Product) CancelPurchase(id, reason string) ([]domain.Event, error) {
	x := p.Purchases[id]
	if x == nil {
		return nil, &domain.NotFoundError{Kind: "purchase", ID: id}
	}
	switch x.Status {
	case StatusCancelled:
		return nil, nil
	case StatusConfirmed:
		return nil, &domain.ConflictError{Key: "purchase.confirmed"}
	}
	return []domain.Event{PurchaseCancelled{PurchaseID: id, FromStatus: x.Status, Reason: reason}}, nil
}
