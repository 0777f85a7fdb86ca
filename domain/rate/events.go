// Package rate is an organisation's prices and refund rules: rates (a price including
// VAT and its VAT tier) and cancellation terms (how much of the price comes back when a
// booking is cancelled, by how long before the session). Activities, bundles and
// products name a rate; an order copies the rate's price when it is placed, so a price
// change affects new orders only (docs/decisions/0600-rates-and-cancellation-terms.md).
//
// Streams: rate-{id}, cancellation_term-{id}; the prefixes are permanent.
package rate

import "move/domain"

// Fields are what the rate form edits. PriceCents includes VAT.
type Fields struct {
	Name               string  `json:"name"`
	PriceCents         int64   `json:"price_cents"`
	VATTier            string  `json:"vat_tier"`
	CancellationTermID *string `json:"cancellation_term_id,omitempty"`
}

// Period is one stretch before a session with its refund. FromMinutes and
// UntilMinutes count minutes before the session starts: the period runs from
// FromMinutes before until UntilMinutes before. A nil FromMinutes is "from the
// booking", a nil UntilMinutes is "until the session starts".
type Period struct {
	FromMinutes   *int `json:"from_minutes"`
	UntilMinutes  *int `json:"until_minutes"`
	RefundPercent int  `json:"refund_percent"`
}

// TermFields are what the cancellation term form edits.
type TermFields struct {
	Name    string   `json:"name"`
	Periods []Period `json:"periods"`
}

// Created: a new rate of an organisation.
type Created struct {
	ApplicationID  string `json:"application_id"`
	OrganizationID string `json:"organization_id"`
	Fields
}

// Updated: the rate's fields, whole.
type Updated struct{ Fields }
type Deleted struct{}

// TermCreated: a new cancellation term of an organisation.
type TermCreated struct {
	ApplicationID  string `json:"application_id"`
	OrganizationID string `json:"organization_id"`
	TermFields
}

// TermUpdated: the term's fields, whole.
type TermUpdated struct{ TermFields }
type TermDeleted struct{}

func (Created) EventType() string     { return "rate.created.v1" }
func (Updated) EventType() string     { return "rate.updated.v1" }
func (Deleted) EventType() string     { return "rate.deleted.v1" }
func (TermCreated) EventType() string { return "cancellation_term.created.v1" }
func (TermUpdated) EventType() string { return "cancellation_term.updated.v1" }
func (TermDeleted) EventType() string { return "cancellation_term.deleted.v1" }

// Register adds the rate events to a registry.
func Register(r *domain.Registry) {
	r.Register(Created{}, Updated{}, Deleted{}, TermCreated{}, TermUpdated{}, TermDeleted{})
}

// EventTypes lists every rate and cancellation term event type.
func EventTypes() []string {
	return []string{Created{}.EventType(), Updated{}.EventType(), Deleted{}.EventType(),
		TermCreated{}.EventType(), TermUpdated{}.EventType(), TermDeleted{}.EventType()}
}

// Stream prefixes.
const (
	StreamPrefix     = "rate-"
	TermStreamPrefix = "cancellation_term-"
)

func Stream(id string) string     { return StreamPrefix + id }
func TermStream(id string) string { return TermStreamPrefix + id }

// VAT tiers and their percentages (spec section 9).
const (
	VATZero = "zero"
	VATLow  = "low"
	VATHigh = "high"
)

// VATPercent is the tier's percentage.
var VATPercent = map[string]int{VATZero: 0, VATLow: 9, VATHigh: 21}
