// Package organization is an application's organisations: the clubs and providers that
// sell activities and products. An organisation is created pending, then approved or
// rejected by someone allowed to review; its API client secret is kept only as a hash.
//
// For a sole trader the contact data and the finance data are a person's: the fields
// tagged `personal:""` (e-mail, phone, street, house number, notes; ATTN, address, IBAN,
// account holder) are sealed in the log with the organisation's key and can be erased
// (package personal, decision 0510). Name, website, city and zip code stay plain: the
// lists search them.
package organization

import (
	"encoding/json"

	"move/domain"
)

// Profile is what the organisation's form edits.
type Profile struct {
	Name         string   `json:"name"`
	Description  string   `json:"description,omitempty"`
	Type         string   `json:"type,omitempty"`
	Sports       []string `json:"sports"`
	KVK          string   `json:"kvk,omitempty"`
	LogoID       *string  `json:"logo_id,omitempty"`
	HeaderID     *string  `json:"header_id,omitempty"`
	Email        string   `json:"email,omitempty" personal:""`
	Phone        string   `json:"phone,omitempty" personal:""`
	Website      string   `json:"website,omitempty"`
	FacebookURL  string   `json:"facebook_url,omitempty"`
	InstagramURL string   `json:"instagram_url,omitempty"`
	YoutubeURL   string   `json:"youtube_url,omitempty"`
	Address      Address  `json:"address"`
	Notes        string   `json:"notes,omitempty" personal:""`
}

// Address is a postal address; Country is an ISO 3166-1 alpha-2 code in lower case.
type Address struct {
	Street      string `json:"street,omitempty" personal:""`
	HouseNumber string `json:"house_number,omitempty" personal:""`
	Zipcode     string `json:"zipcode,omitempty"`
	City        string `json:"city,omitempty"`
	Country     string `json:"country,omitempty"`
}

// Finance is where the organisation's payouts go.
type Finance struct {
	ATTN        string `json:"attn" personal:""`
	Address     string `json:"address" personal:""`
	IBAN        string `json:"iban" personal:""`
	AccountName string `json:"account_name" personal:""`
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

func (Created) EventType() string          { return "organization.created.v2" }
func (Updated) EventType() string          { return "organization.updated.v2" }
func (Approved) EventType() string         { return "organization.approved.v1" }
func (Rejected) EventType() string         { return "organization.rejected.v1" }
func (Deleted) EventType() string          { return "organization.deleted.v1" }
func (APISecretRotated) EventType() string { return "organization.api_secret_rotated.v1" }
func (FinanceChanged) EventType() string   { return "organization.finance_changed.v2" }

// Version 1 of created, updated and finance_changed carried the personal fields in
// plain text; version 2 has the same shape with those fields sealed. A v1 event reads
// as v2 with plain values (they stay readable: the log is never rewritten; decision 0510).
var plainV1 = map[string]string{
	"organization.created.v1":         Created{}.EventType(),
	"organization.updated.v1":         Updated{}.EventType(),
	"organization.finance_changed.v1": FinanceChanged{}.EventType(),
}

// Register adds the organisation events to a registry.
func Register(r *domain.Registry) {
	r.Register(Created{}, Updated{}, Approved{}, Rejected{}, Deleted{}, APISecretRotated{}, FinanceChanged{})
	for old, next := range plainV1 {
		r.RegisterUpcaster(old, func(data json.RawMessage) (string, json.RawMessage, error) { return next, data, nil })
	}
}

// EventTypes lists every organisation event type, the stored old versions included.
func EventTypes() []string {
	types := []string{Created{}.EventType(), Updated{}.EventType(), Approved{}.EventType(), Rejected{}.EventType(),
		Deleted{}.EventType(), APISecretRotated{}.EventType(), FinanceChanged{}.EventType()}
	for old := range plainV1 {
		types = append(types, old)
	}
	return types
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
