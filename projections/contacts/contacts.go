// Package contacts is the read model of the organisations' contacts. Name, e-mail and
// phone arrive opened (the runner opens sealed fields); when a contact's personal data
// is erased they are blanked here (personal.Erased). Tenant-owned, forced RLS (0102).
package contacts

import (
	"context"
	"strings"

	"move/domain/contact"
	"move/domain/names"
	"move/personal"
	"move/projections"
)

// Name is the projector's permanent name and its table.
const Name = "contacts"

// Projector builds the contacts table.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string     { return Name }
func (projector) Version() int     { return 1 }
func (projector) Tables() []string { return []string{Name} }
func (projector) EventTypes() []string {
	return append(contact.EventTypes(), personal.Erased{}.EventType())
}

func (projector) Schema() string {
	return `
CREATE TABLE contacts (
    id              uuid        PRIMARY KEY,
    application_id  uuid        NOT NULL,
    organization_id uuid        NOT NULL,
    name            text        NOT NULL,
    name_key        text        NOT NULL,
    email           text        NOT NULL,
    phone           text        NOT NULL,
    roles           text[]      NOT NULL,
    trainer_user_id uuid,
    version         bigint      NOT NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX contacts_by_organization ON contacts (application_id, organization_id, name_key, id);` + projections.TenantRLS("contacts")
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	id := strings.TrimPrefix(e.Stream, contact.StreamPrefix)
	switch p := e.Payload.(type) {
	case contact.Created:
		f := p.Fields
		return w.Exec(ctx, `
			INSERT INTO contacts (id, application_id, organization_id, name, name_key, email, phone, roles, trainer_user_id, version, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) ON CONFLICT (id) DO NOTHING`,
			id, p.ApplicationID, p.OrganizationID, f.Name, names.Normalize(f.Name), f.Email, f.Phone, f.Roles, f.TrainerUserID,
			int64(e.Version), e.RecordedAt)
	case contact.Updated:
		f := p.Fields
		return w.Exec(ctx, `
			UPDATE contacts SET name = $2, name_key = $3, email = $4, phone = $5, roles = $6, trainer_user_id = $7, version = $8, updated_at = $9
			 WHERE id = $1`,
			id, f.Name, names.Normalize(f.Name), f.Email, f.Phone, f.Roles, f.TrainerUserID, int64(e.Version), e.RecordedAt)
	case contact.Deleted:
		return w.Exec(ctx, `DELETE FROM contacts WHERE id = $1`, id)
	case personal.Erased:
		subject, ok := strings.CutPrefix(p.Subject, contact.StreamPrefix)
		if !ok {
			return nil
		}
		return w.Exec(ctx, `UPDATE contacts SET name = '', name_key = '', email = '', phone = '' WHERE id = $1`, subject)
	}
	return nil
}
