// Package organization is an application's organisations: the clubs and providers that
// sell activities and products. An organisation is created pending, then approved or
// rejected by someone allowed to review; its API client secret is kept only as a hash.
//
// Organisation contact data (e-mail, phone, address, website, social media, notes) is
// business data of a legal entity, not a person's: it travels in the events in plain
// text (docs/decisions/0300-organisations.md).
package organization

import "move/domain"

// Profile is what the organisation's form edits.
type Profile struct {
	Name         string   `json:"name"`
	Description  string   `json:"description,omitempty"`
	Type         string   `json:"type,omitempty"`
	Sports       []string `json:"sports"`
	KVK          string   `json:"kvk,omitempty"`
	LogoID       *string  `json:"logo_id,omitempty"`
	HeaderID     *string  `json:"header_id,omitempty"`
	Email        string   `json:"email,omitempty"`
	Phone        string   `json:"phone,omitempty"`
	Website      string   `json:"website,omitempty"`
	FacebookURL  string   `json:"facebook_url,omitempty"`
	InstagramURL string   `json:"instagram_url,omitempty"`
	YoutubeURL   string   `json:"youtube_url,omitempty"`
	Address      Address  `json:"address"`
	Notes        string   `json:"notes,omitempty"`
}

// Address is a postal address; Country is an ISO 3166-1 alpha-2 code in lower case.
type Address struct {
	Street      string `json:"street,omitempty"`
	HouseNumber string `json:"house_number,omitempty"`
	Zipcode     string `json:"zipcode,omitempty"`
	City        string `json:"city,omitempty"`
	Country     string `json:"country,omitempty"`
}

// Finance is where the organisation's payouts go.
type Finance struct {
	ATTN        string `json:"attn"`
	Address     string `json:"address"`
	IBAN        string `json:"iban"`
	AccountName string `json:"account_name"`
}

// Created: a new organisation, pending review. SecretHash is the SHA-256 of the API
// client secret, never the secret.
type Created struct {
	ApplicationID string `json:"application_id"`
	Profile
	ClientID   string `json:"client_id"`
	SecretHash string `json:"secret_hash"`
	// Source is "form", "import" or "seed".
	Source string `json:"source,omitempty"`
}

type Updated struct{ Profile }
type Approved struct{}
type Rejected struct {
	Reason string `json:"reason"`
}
type Deleted struct{}
type APISecretRotated struct {
	SecretHash string `json:"secret_hash"`
}
type FinanceChanged struct{ Finance }

func (Created) EventType() string          { return "organization.created.v1" }
func (Updated) EventType() string          { return "organization.updated.v1" }
func (Approved) EventType() string         { return "organization.approved.v1" }
func (Rejected) EventType() string         { return "organization.rejected.v1" }
func (Deleted) EventType() string          { return "organization.deleted.v1" }
func (APISecretRotated) EventType() string { return "organization.api_secret_rotated.v1" }
func (FinanceChanged) EventType() string   { return "organization.finance_changed.v1" }

// Register adds the organisation events to a registry.
func Register(r *domain.Registry) {
	r.Register(Created{}, Updated{}, Approved{}, Rejected{}, Deleted{}, APISecretRotated{}, FinanceChanged{})
}

// EventTypes lists every organisation event type.
func EventTypes() []string {
	return []string{Created{}.EventType(), Updated{}.EventType(), Approved{}.EventType(), Rejected{}.EventType(),
		Deleted{}.EventType(), APISecretRotated{}.EventType(), FinanceChanged{}.EventType()}
}

// StreamPrefix names every organisation stream; the name is permanent.
const StreamPrefix = "organization-"

// Stream is the organisation's event stream.
func Stream(id string) string { return StreamPrefix + id }

// States.
const (
	StatePending  = "pending"
	StateApproved = "approved"
	StateRejected = "rejected"
)
