// Package rates is the read model of an organisation's rates and cancellation terms.
// Both tables are tenant-owned, with forced row-level security (decision 0102); a
// term's periods are kept as the event wrote them (jsonb), the order they apply in.
package rates

import (
	"context"
	"encoding/json"
	"strings"

	"move/domain/names"
	"move/domain/rate"
	"move/projections"
)

// Table names; Name is the projector's permanent name.
const (
	Name  = "rates"
	Rates = "rates"
	Terms = "cancellation_terms"
)

// Projector builds the rate tables.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string         { return Name }
func (projector) Version() int         { return 1 }
func (projector) Tables() []string     { return []string{Rates, Terms} }
func (projector) EventTypes() []string { return rate.EventTypes() }

func (projector) Schema() string {
	return `
CREATE TABLE rates (
    id                   uuid        PRIMARY KEY,
    application_id       uuid        NOT NULL,
    organization_id      uuid        NOT NULL,
    name                 text        NOT NULL,
    name_key             text        NOT NULL,
    price_cents          bigint      NOT NULL,
    vat_tier             text        NOT NULL,
    cancellation_term_id uuid,
    version              bigint      NOT NULL,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL
);
CREATE INDEX rates_by_name ON rates (application_id, organization_id, name_key, id);
CREATE INDEX rates_by_term ON rates (cancellation_term_id) WHERE cancellation_term_id IS NOT NULL;` + projections.TenantRLS("rates") + `
CREATE TABLE cancellation_terms (
    id              uuid        PRIMARY KEY,
    application_id  uuid        NOT NULL,
    organization_id uuid        NOT NULL,
    name            text        NOT NULL,
    name_key        text        NOT NULL,
    periods         jsonb       NOT NULL,
    version         bigint      NOT NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX cancellation_terms_by_name ON cancellation_terms (application_id, organization_id, name_key, id);` + projections.TenantRLS("cancellation_terms")
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	version := int64(e.Version)
	switch p := e.Payload.(type) {
	case rate.Created:
		f := p.Fields
		return w.Exec(ctx, `
			INSERT INTO rates (id, application_id, organization_id, name, name_key, price_cents, vat_tier, cancellation_term_id, version, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (id) DO NOTHING`,
			rateID(e), p.ApplicationID, p.OrganizationID, f.Name, names.Normalize(f.Name), f.PriceCents, f.VATTier, f.CancellationTermID, version, e.RecordedAt)
	case rate.Updated:
		f := p.Fields
		return w.Exec(ctx, `
			UPDATE rates SET name = $2, name_key = $3, price_cents = $4, vat_tier = $5, cancellation_term_id = $6, version = $7, updated_at = $8
			 WHERE id = $1`,
			rateID(e), f.Name, names.Normalize(f.Name), f.PriceCents, f.VATTier, f.CancellationTermID, version, e.RecordedAt)
	case rate.Deleted:
		return w.Exec(ctx, `DELETE FROM rates WHERE id = $1`, rateID(e))
	case rate.TermCreated:
		periods, err := json.Marshal(p.Periods)
		if err != nil {
			return err
		}
		return w.Exec(ctx, `
			INSERT INTO cancellation_terms (id, application_id, organization_id, name, name_key, periods, version, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (id) DO NOTHING`,
			termID(e), p.ApplicationID, p.OrganizationID, p.Name, names.Normalize(p.Name), periods, version, e.RecordedAt)
	case rate.TermUpdated:
		periods, err := json.Marshal(p.Periods)
		if err != nil {
			return err
		}
		return w.Exec(ctx, `UPDATE cancellation_terms SET name = $2, name_key = $3, periods = $4, version = $5, updated_at = $6 WHERE id = $1`,
			termID(e), p.Name, names.Normalize(p.Name), periods, version, e.RecordedAt)
	case rate.TermDeleted:
		return w.Exec(ctx, `DELETE FROM cancellation_terms WHERE id = $1`, termID(e))
	}
	return nil
}

func rateID(e projections.Event) string { return strings.TrimPrefix(e.Stream, rate.StreamPrefix) }
func termID(e projections.Event) string { return strings.TrimPrefix(e.Stream, rate.TermStreamPrefix) }
