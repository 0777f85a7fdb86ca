// Package identity is the read model of tenants, users, memberships, invites and the
// permission matrix: what login, the tenant check, the profile and the permission and
// invite screens read. Users' names and e-mail addresses are not here: they stay in the
// personal-data store, keyed by the same ids (decision 0100). An invitee's are, opened
// from the invite's sealed event and blanked when the invite's subject is erased
// (decision 0511).
package identity

import (
	"context"
	"strings"

	"move/domain/identity"
	"move/personal"
	"move/projections"
)

// Table names.
const (
	Applications = "identity_applications"
	Users        = "identity_users"
	Memberships  = "identity_memberships"
	Invites      = "identity_invites"
	Permissions  = "identity_permissions"
)

// Name is the projector's permanent name.
const Name = "identity"

// Projector builds the identity tables.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string { return Name }
func (projector) Version() int { return 3 }
func (projector) Tables() []string {
	return []string{Applications, Users, Memberships, Invites, Permissions}
}

// Schema: applications, users and the matrix are platform-wide (the tenant registry
// itself, and who is superadmin); memberships and invites belong to one application
// and are isolated by row-level security.
func (projector) Schema() string {
	return `
CREATE TABLE identity_applications (
    id              uuid        PRIMARY KEY,
    name            text        NOT NULL,
    slug            text        NOT NULL UNIQUE,
    parent_id       uuid,
    logo_id         text,
    favicon_id      text,
    primary_color   text,
    secondary_color text,
    email             text,
    description       text,
    dashboard_url     text,
    website_url       text,
    support_url       text,
    timezone          text,
    sport_id_alias    text,
    longitude         double precision,
    latitude          double precision,
    zoom              double precision,
    fallback_image_id text,
    version           bigint      NOT NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX identity_applications_by_age ON identity_applications (created_at, id);
CREATE INDEX identity_applications_by_parent ON identity_applications (parent_id, lower(name), id);
GRANT SELECT ON identity_applications TO move_reader;

CREATE TABLE identity_users (
    id            uuid        PRIMARY KEY,
    superadmin    boolean     NOT NULL DEFAULT false,
    registered_at timestamptz NOT NULL
);
GRANT SELECT ON identity_users TO move_reader;

CREATE TABLE identity_memberships (
    user_id         uuid        NOT NULL,
    role            text        NOT NULL,
    application_id  uuid        NOT NULL,
    organization_id text        NOT NULL DEFAULT '',
    granted_at      timestamptz NOT NULL,
    PRIMARY KEY (user_id, application_id, role, organization_id)
);
CREATE INDEX identity_memberships_by_application ON identity_memberships (application_id, role);
` + projections.TenantRLS(Memberships) + `

CREATE TABLE identity_invites (
    id              uuid        PRIMARY KEY,
    application_id  uuid        NOT NULL,
    organization_id text        NOT NULL,
    role            text        NOT NULL,
    status          text        NOT NULL,
    email           text        NOT NULL DEFAULT '',
    first_name      text        NOT NULL DEFAULT '',
    last_name       text        NOT NULL DEFAULT '',
    user_id         uuid,
    expires_at      timestamptz NOT NULL,
    created_at      timestamptz NOT NULL,
    accepted_at     timestamptz
);
CREATE INDEX identity_invites_by_application ON identity_invites (application_id, created_at DESC, id);
` + projections.TenantRLS(Invites) + `

CREATE TABLE identity_permissions (
    role       text NOT NULL,
    permission text NOT NULL,
    PRIMARY KEY (role, permission)
);
GRANT SELECT ON identity_permissions TO move_reader;`
}

func (projector) EventTypes() []string {
	return []string{
		identity.ApplicationCreated{}.EventType(), identity.ApplicationUpdated{}.EventType(), identity.UserRegistered{}.EventType(),
		identity.RoleGranted{}.EventType(), identity.RoleRevoked{}.EventType(),
		identity.InviteSent{}.EventType(), identity.InviteSentV1, identity.InviteAccepted{}.EventType(),
		identity.PermissionGranted{}.EventType(), identity.PermissionRevoked{}.EventType(),
		personal.Erased{}.EventType(),
	}
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	switch p := e.Payload.(type) {
	case identity.ApplicationCreated:
		return w.Exec(ctx, `
			INSERT INTO identity_applications (id, name, slug, parent_id, logo_id, favicon_id, primary_color, secondary_color, created_at, updated_at, version)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10) ON CONFLICT (id) DO NOTHING`,
			id(e, identity.ApplicationStream("")), p.Name, p.Slug, p.ParentID, p.LogoID, p.FaviconID, p.PrimaryColor, p.SecondaryColor, e.RecordedAt, int64(e.Version))
	case identity.ApplicationUpdated:
		return w.Exec(ctx, `
			UPDATE identity_applications SET name = $2, slug = $3, parent_id = $4, logo_id = $5, favicon_id = $6,
			       primary_color = $7, secondary_color = $8, email = $9, description = $10, dashboard_url = $11,
			       website_url = $12, support_url = $13, timezone = $14, sport_id_alias = $15, longitude = $16,
			       latitude = $17, zoom = $18, fallback_image_id = $19, updated_at = $20, version = $21
			 WHERE id = $1`,
			id(e, identity.ApplicationStream("")), p.Name, p.Slug, p.ParentID, p.LogoID, p.FaviconID, p.PrimaryColor,
			p.SecondaryColor, p.Email, p.Description, p.DashboardURL, p.WebsiteURL, p.SupportURL, p.Timezone,
			p.SportIDAlias, p.Longitude, p.Latitude, p.Zoom, p.FallbackImageID, e.RecordedAt, int64(e.Version))
	case identity.UserRegistered:
		return w.Exec(ctx, `INSERT INTO identity_users (id, registered_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
			id(e, identity.UserStream("")), e.RecordedAt)
	case identity.RoleGranted:
		user := id(e, identity.UserStream(""))
		if p.Role == identity.RoleSuperadmin {
			return w.Exec(ctx, `UPDATE identity_users SET superadmin = true WHERE id = $1`, user)
		}
		return w.Exec(ctx, `
			INSERT INTO identity_memberships (user_id, role, application_id, organization_id, granted_at)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
			user, p.Role, p.ApplicationID, p.OrganizationID, e.RecordedAt)
	case identity.RoleRevoked:
		user := id(e, identity.UserStream(""))
		if p.Role == identity.RoleSuperadmin {
			return w.Exec(ctx, `UPDATE identity_users SET superadmin = false WHERE id = $1`, user)
		}
		return w.Exec(ctx, `DELETE FROM identity_memberships WHERE user_id = $1 AND role = $2 AND application_id = $3 AND organization_id = $4`,
			user, p.Role, p.ApplicationID, p.OrganizationID)
	case identity.InviteSent:
		return w.Exec(ctx, `
			INSERT INTO identity_invites (id, application_id, organization_id, role, status, email, first_name, last_name, expires_at, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
			id(e, identity.InviteStream("")), p.ApplicationID, p.OrganizationID, p.Role, identity.InviteStatusSent,
			p.Email, p.FirstName, p.LastName, p.ExpiresAt, e.RecordedAt)
	case personal.Erased:
		invite, ok := strings.CutPrefix(p.Subject, identity.InviteStream(""))
		if !ok {
			return nil
		}
		return w.Exec(ctx, `UPDATE identity_invites SET email = '', first_name = '', last_name = '' WHERE id = $1`, invite)
	case identity.InviteAccepted:
		return w.Exec(ctx, `UPDATE identity_invites SET status = $2, user_id = $3, accepted_at = $4 WHERE id = $1`,
			id(e, identity.InviteStream("")), identity.InviteStatusAccepted, p.UserID, e.RecordedAt)
	case identity.PermissionGranted:
		return w.Exec(ctx, `INSERT INTO identity_permissions (role, permission) VALUES ($1, $2) ON CONFLICT DO NOTHING`, p.Role, p.Permission)
	case identity.PermissionRevoked:
		return w.Exec(ctx, `DELETE FROM identity_permissions WHERE role = $1 AND permission = $2`, p.Role, p.Permission)
	}
	return nil
}

func id(e projections.Event, prefix string) string { return strings.TrimPrefix(e.Stream, prefix) }
