// Package identity is who may do what where: applications (the tenants), users and
// their roles, invites, and the role → permission matrix. Events carry subject ids,
// never names, e-mail addresses nor secrets: those live in the personal-data and
// credential tables the identity service writes (docs/decisions/0100-identity.md).
package identity

import (
	"encoding/json"
	"time"

	"move/domain"
)

// ApplicationCreated: a tenant exists. Its name and branding are not personal data.
type ApplicationCreated struct {
	Name           string  `json:"name"`
	Slug           string  `json:"slug"`
	ParentID       *string `json:"parent_id,omitempty"`
	LogoID         *string `json:"logo_id,omitempty"`
	FaviconID      *string `json:"favicon_id,omitempty"`
	PrimaryColor   *string `json:"primary_color,omitempty"`
	SecondaryColor *string `json:"secondary_color,omitempty"`
}

// ApplicationSettings is the full editable set of an application (spec section 3).
// Optional values are null when unset.
type ApplicationSettings struct {
	Name            string   `json:"name"`
	Slug            string   `json:"slug"`
	Email           *string  `json:"email,omitempty"`
	Description     *string  `json:"description,omitempty"`
	DashboardURL    *string  `json:"dashboard_url,omitempty"`
	WebsiteURL      *string  `json:"website_url,omitempty"`
	SupportURL      *string  `json:"support_url,omitempty"`
	Timezone        *string  `json:"timezone,omitempty"`
	SportIDAlias    *string  `json:"sport_id_alias,omitempty"`
	Longitude       *float64 `json:"longitude,omitempty"`
	Latitude        *float64 `json:"latitude,omitempty"`
	Zoom            *float64 `json:"zoom,omitempty"`
	LogoID          *string  `json:"logo_id,omitempty"`
	FallbackImageID *string  `json:"fallback_image_id,omitempty"`
	FaviconID       *string  `json:"favicon_id,omitempty"`
	PrimaryColor    *string  `json:"primary_color,omitempty"`
	SecondaryColor  *string  `json:"secondary_color,omitempty"`
	ParentID        *string  `json:"parent_id,omitempty"`
}

// ApplicationUpdated: the application's settings are now exactly these (the full
// editable set, also written right after ApplicationCreated when a new application has
// more than ApplicationCreated carries). The application's e-mail is a business
// contact address, not a person's.
type ApplicationUpdated struct {
	ApplicationSettings
}

// UserRegistered: a person has an account; who they are is in the personal-data store
// under the stream's id.
type UserRegistered struct{}

// RoleGranted and RoleRevoked change where a user may act.
type RoleGranted struct{ Grant }
type RoleRevoked struct{ Grant }

// UserErased: the person asked to be forgotten (or an operator did it for them). Their
// personal data is blanked, their e-mail address freed and their roles revoked (each a
// RoleRevoked before this event); the log keeps only the id.
type UserErased struct{}

// PasswordChanged: the user's password was set (reason: reset, invite, admin).
type PasswordChanged struct {
	Reason string `json:"reason"`
}

// LoggedIn and LoginFailed are audit facts on the user's audit stream.
type LoggedIn struct{}
type LoginFailed struct {
	Reason string `json:"reason"`
}

// TokensRevoked: a token family (one login's sessions) or all of a user's were revoked.
type TokensRevoked struct {
	FamilyID string `json:"family_id,omitempty"`
	Reason   string `json:"reason"`
}

// InviteSent: someone was invited to a role in an organisation of an application. The
// invitee's name and e-mail are sealed with the invite's key (package personal,
// decision 0511): the invite is one atomic fact. Version 1 carried no names (they were
// written beside it); it reads as version 2 without them.
type InviteSent struct {
	ApplicationID  string    `json:"application_id"`
	OrganizationID string    `json:"organization_id"`
	Role           string    `json:"role"`
	ExpiresAt      time.Time `json:"expires_at"`
	Email          string    `json:"email,omitempty" personal:""`
	FirstName      string    `json:"first_name,omitempty" personal:""`
	LastName       string    `json:"last_name,omitempty" personal:""`
}

// InviteAccepted: the invitee registered (or was known) as UserID.
type InviteAccepted struct {
	UserID string `json:"user_id"`
}

// PermissionGranted and PermissionRevoked edit the role → permission matrix.
type PermissionGranted struct{ Rule }
type PermissionRevoked struct{ Rule }

// PermissionDefaultsSeeded marks that the default matrix was written for these
// permission names. A release that adds permissions seeds their default rows once (the
// names not seeded before); a default a superadmin revoked stays revoked. Version 1
// carried no names: its upcaster fills in the names the first release knew.
type PermissionDefaultsSeeded struct {
	Permissions []string `json:"permissions"`
}

func (ApplicationCreated) EventType() string       { return "application.created.v1" }
func (ApplicationUpdated) EventType() string       { return "application.updated.v1" }
func (UserRegistered) EventType() string           { return "user.registered.v1" }
func (RoleGranted) EventType() string              { return "user.role_granted.v1" }
func (RoleRevoked) EventType() string              { return "user.role_revoked.v1" }
func (PasswordChanged) EventType() string          { return "user.password_changed.v1" }
func (UserErased) EventType() string               { return "user.erased.v1" }
func (LoggedIn) EventType() string                 { return "user.logged_in.v1" }
func (LoginFailed) EventType() string              { return "user.login_failed.v1" }
func (TokensRevoked) EventType() string            { return "user.tokens_revoked.v1" }
func (InviteSent) EventType() string               { return "invite.sent.v2" }
func (InviteAccepted) EventType() string           { return "invite.accepted.v1" }
func (PermissionGranted) EventType() string        { return "permission.granted.v1" }
func (PermissionRevoked) EventType() string        { return "permission.revoked.v1" }
func (PermissionDefaultsSeeded) EventType() string { return "permission.defaults_seeded.v2" }

// Register adds the identity events to a registry.
func Register(r *domain.Registry) {
	r.Register(ApplicationCreated{}, ApplicationUpdated{}, UserRegistered{}, RoleGranted{}, RoleRevoked{},
		PasswordChanged{}, UserErased{}, LoggedIn{}, LoginFailed{}, TokensRevoked{}, InviteSent{},
		InviteAccepted{}, PermissionGranted{}, PermissionRevoked{}, PermissionDefaultsSeeded{})
	r.RegisterUpcaster("permission.defaults_seeded.v1", upcastDefaultsSeededV1)
	r.RegisterUpcaster(InviteSentV1, func(data json.RawMessage) (string, json.RawMessage, error) {
		return InviteSent{}.EventType(), data, nil
	})
}

// InviteSentV1 is the stored type of invites sent before their names were sealed in them.
const InviteSentV1 = "invite.sent.v1"

// firstReleasePermissions are the permission names of the first release, which a
// permission.defaults_seeded.v1 event covered. Frozen: it describes stored events.
var firstReleasePermissions = []string{
	"view-application", "view-organizations", "view-organization", "create-organizations", "edit-organization",
	"view-categories", "create-categories", "view-activities", "create-activities", "edit-activity",
	"view-products", "view-product", "create-products", "edit-product", "assign-labels",
	"view-bundles", "view-bundle", "view-locations", "create-locations", "edit-location", "view-rates",
	"view-notifications", "create-notifications", "edit-notification",
	"view-campaigns", "create-campaigns", "edit-campaign", "view-application-orders",
	"view-catalog", "manage-catalog", "manage-invites", "manage-permissions",
	"manage-applications",
}

func upcastDefaultsSeededV1(json.RawMessage) (string, json.RawMessage, error) {
	data, err := json.Marshal(PermissionDefaultsSeeded{Permissions: firstReleasePermissions})
	return PermissionDefaultsSeeded{}.EventType(), data, err
}

// Streams. The names are permanent.
func ApplicationStream(id string) string { return "application-" + id }
func UserStream(id string) string        { return "user-" + id }
func AuditStream(userID string) string   { return "user_audit-" + userID }
func InviteStream(id string) string      { return "invite-" + id }

// MatrixStream holds the whole role → permission matrix.
const MatrixStream = "permissions-matrix"

// Reservation scopes.
const (
	SlugScope  = "application-slug"
	EmailScope = "user-email"
)
