// Package organizations is the read model of an application's organisations: the
// management and review lists (with state, searchable and sortable over 100,000 rows
// per application), the API client credentials' hashes, and the statistics' counts per
// quarter hour (UTC), summed into the application's days when read (decision 0405).
// Every table is tenant-owned, with forced row-level security (decision 0102).
package organizations

import (
	"context"
	"strings"
	"time"

	"move/domain/names"
	"move/domain/organization"
	"move/personal"
	"move/projections"
)

// Table names; Name is the projector's permanent name.
const (
	Name        = "organizations"
	Table       = "organizations"
	Credentials = "organization_credentials"
	// QuarterHours counts created, approved, rejected and deleted organisations per
	// application and UTC quarter hour (the start of the 15 minutes the event fell in).
	QuarterHours = "organization_quarter_hours"
)

// Quarter is the statistics' bucket: every time zone in use today is a whole number of
// quarter hours away from UTC, so any application's day is a whole number of buckets.
const Quarter = 15 * time.Minute

// Projector builds the organisation tables.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string     { return Name }
func (projector) Version() int     { return 3 }
func (projector) Tables() []string { return []string{Table, Credentials, QuarterHours} }
func (projector) EventTypes() []string {
	return append(organization.EventTypes(), personal.Erased{}.EventType())
}

// Schema. The list sorts on (application_id, <column>, id) indexes so a page is an
// index range, filtered by state through its own index; search matches name_key (the
// normalised name), city and zipcode through trigram indexes (migration 0030: pg_trgm and
// readmodel.organization_search, which may use them under row-level security). Credentials are not readable by move_reader: the
// API never answers a secret's hash.
func (projector) Schema() string {
	return `
CREATE TABLE organizations (
    id                   uuid        PRIMARY KEY,
    application_id       uuid        NOT NULL,
    name                 text        NOT NULL,
    name_key             text        NOT NULL,
    description          text        NOT NULL DEFAULT '',
    type                 text        NOT NULL DEFAULT '',
    sports               text[]      NOT NULL DEFAULT '{}',
    kvk                  text        NOT NULL DEFAULT '',
    logo_id              text,
    header_id            text,
    email                text        NOT NULL DEFAULT '',
    phone                text        NOT NULL DEFAULT '',
    website              text        NOT NULL DEFAULT '',
    facebook_url         text        NOT NULL DEFAULT '',
    instagram_url        text        NOT NULL DEFAULT '',
    youtube_url          text        NOT NULL DEFAULT '',
    street               text        NOT NULL DEFAULT '',
    house_number         text        NOT NULL DEFAULT '',
    zipcode              text        NOT NULL DEFAULT '',
    city                 text        NOT NULL DEFAULT '',
    country              text        NOT NULL DEFAULT '',
    notes                text        NOT NULL DEFAULT '',
    state                text        NOT NULL,
    reject_reason        text,
    client_id            text        NOT NULL,
    source               text        NOT NULL DEFAULT '',
    finance_attn         text        NOT NULL DEFAULT '',
    finance_address      text        NOT NULL DEFAULT '',
    finance_iban         text        NOT NULL DEFAULT '',
    finance_account_name text        NOT NULL DEFAULT '',
    version              bigint      NOT NULL,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL,
    reviewed_at          timestamptz
);
CREATE INDEX organizations_by_name ON organizations (application_id, name_key, id);
CREATE INDEX organizations_by_state ON organizations (application_id, state, name_key, id);
CREATE INDEX organizations_by_created ON organizations (application_id, created_at, id);
CREATE INDEX organizations_by_updated ON organizations (application_id, updated_at, id);
CREATE INDEX organizations_by_city ON organizations (application_id, city, id);
CREATE INDEX organizations_by_zipcode ON organizations (application_id, zipcode);
CREATE INDEX organizations_name_trgm ON organizations USING gin (name_key public.gin_trgm_ops);
CREATE INDEX organizations_city_trgm ON organizations USING gin (lower(city) public.gin_trgm_ops);
CREATE INDEX organizations_zipcode_trgm ON organizations USING gin (lower(zipcode) public.gin_trgm_ops);
` + projections.TenantRLS(Table) + `

CREATE TABLE organization_credentials (
    id             uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    client_id      text        NOT NULL UNIQUE,
    secret_hash    text        NOT NULL,
    rotated_at     timestamptz NOT NULL
);
` + projections.InternalRLS(Credentials) + `

CREATE TABLE organization_quarter_hours (
    application_id uuid        NOT NULL,
    quarter_hour   timestamptz NOT NULL,
    created        integer     NOT NULL DEFAULT 0,
    approved       integer     NOT NULL DEFAULT 0,
    rejected       integer     NOT NULL DEFAULT 0,
    deleted        integer     NOT NULL DEFAULT 0,
    PRIMARY KEY (application_id, quarter_hour)
);
` + projections.TenantRLS(QuarterHours)
}

// count adds one to a column of the organisation's application's quarter hour. The
// bucket comes from the event's recorded instant only; which day it belongs to is the
// reader's question (the application's time zone, decision 0405).
func count(ctx context.Context, w projections.Writer, e projections.Event, id, column string) error {
	return w.Exec(ctx, `
		INSERT INTO organization_quarter_hours (application_id, quarter_hour, `+column+`)
		SELECT application_id, $2, 1 FROM organizations WHERE id = $1
		ON CONFLICT (application_id, quarter_hour) DO UPDATE SET `+column+` = organization_quarter_hours.`+column+` + 1`,
		id, e.RecordedAt.UTC().Truncate(Quarter))
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	if p, ok := e.Payload.(personal.Erased); ok {
		// The organisation's personal fields (those sealed in its events) are blanked.
		id, ok := strings.CutPrefix(p.Subject, organization.StreamPrefix)
		if !ok {
			return nil
		}
		return w.Exec(ctx, `
			UPDATE organizations SET email = '', phone = '', street = '', house_number = '', notes = '',
			       finance_attn = '', finance_address = '', finance_iban = '', finance_account_name = ''
			 WHERE id = $1`, id)
	}
	id := strings.TrimPrefix(e.Stream, organization.StreamPrefix)
	version := int64(e.Version)
	switch p := e.Payload.(type) {
	case organization.Created:
		f, a := p.Profile, p.Address
		if err := w.Exec(ctx, `
			INSERT INTO organizations (id, application_id, name, name_key, description, type, sports, kvk, logo_id, header_id,
			       email, phone, website, facebook_url, instagram_url, youtube_url, street, house_number, zipcode, city, country,
			       notes, state, client_id, source, version, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $27)
			ON CONFLICT (id) DO NOTHING`,
			id, p.ApplicationID, f.Name, names.Normalize(f.Name), f.Description, f.Type, nonNil(f.Sports), f.KVK, f.LogoID, f.HeaderID,
			f.Email, f.Phone, f.Website, f.FacebookURL, f.InstagramURL, f.YoutubeURL, a.Street, a.HouseNumber, a.Zipcode, a.City, a.Country,
			f.Notes, organization.StatePending, p.ClientID, p.Source, version, e.RecordedAt); err != nil {
			return err
		}
		if err := w.Exec(ctx, `
			INSERT INTO organization_credentials (id, application_id, client_id, secret_hash, rotated_at)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`, id, p.ApplicationID, p.ClientID, p.SecretHash, e.RecordedAt); err != nil {
			return err
		}
		return count(ctx, w, e, id, "created")
	case organization.Updated:
		f, a := p.Profile, p.Address
		return w.Exec(ctx, `
			UPDATE organizations SET name = $2, name_key = $3, description = $4, type = $5, sports = $6, kvk = $7, logo_id = $8,
			       header_id = $9, email = $10, phone = $11, website = $12, facebook_url = $13, instagram_url = $14, youtube_url = $15,
			       street = $16, house_number = $17, zipcode = $18, city = $19, country = $20, notes = $21, version = $22, updated_at = $23
			 WHERE id = $1`,
			id, f.Name, names.Normalize(f.Name), f.Description, f.Type, nonNil(f.Sports), f.KVK, f.LogoID, f.HeaderID,
			f.Email, f.Phone, f.Website, f.FacebookURL, f.InstagramURL, f.YoutubeURL, a.Street, a.HouseNumber, a.Zipcode, a.City, a.Country,
			f.Notes, version, e.RecordedAt)
	case organization.Approved:
		if err := w.Exec(ctx, `UPDATE organizations SET state = $2, reject_reason = NULL, reviewed_at = $3, updated_at = $3, version = $4 WHERE id = $1`,
			id, organization.StateApproved, e.RecordedAt, version); err != nil {
			return err
		}
		return count(ctx, w, e, id, "approved")
	case organization.Rejected:
		if err := w.Exec(ctx, `UPDATE organizations SET state = $2, reject_reason = $3, reviewed_at = $4, updated_at = $4, version = $5 WHERE id = $1`,
			id, organization.StateRejected, p.Reason, e.RecordedAt, version); err != nil {
			return err
		}
		return count(ctx, w, e, id, "rejected")
	case organization.Deleted:
		if err := count(ctx, w, e, id, "deleted"); err != nil {
			return err
		}
		if err := w.Exec(ctx, `DELETE FROM organization_credentials WHERE id = $1`, id); err != nil {
			return err
		}
		return w.Exec(ctx, `DELETE FROM organizations WHERE id = $1`, id)
	case organization.APISecretRotated:
		if err := w.Exec(ctx, `UPDATE organization_credentials SET secret_hash = $2, rotated_at = $3 WHERE id = $1`, id, p.SecretHash, e.RecordedAt); err != nil {
			return err
		}
		return w.Exec(ctx, `UPDATE organizations SET version = $2, updated_at = $3 WHERE id = $1`, id, version, e.RecordedAt)
	case organization.FinanceChanged:
		return w.Exec(ctx, `
			UPDATE organizations SET finance_attn = $2, finance_address = $3, finance_iban = $4, finance_account_name = $5,
			       version = $6, updated_at = $7 WHERE id = $1`,
			id, p.ATTN, p.Address, p.IBAN, p.AccountName, version, e.RecordedAt)
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
