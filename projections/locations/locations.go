// Package locations is the read model of the organisations' locations. The table is
// tenant-owned, with forced row-level security (decision 0102). Whether consumers see a
// location (not hidden, organisation approved) is derived when read, joined with the
// organisations read model: approving an organisation changes no location row.
package locations

import (
	"context"
	"encoding/json"
	"strings"

	"move/domain/location"
	"move/domain/names"
	"move/projections"
)

// Name is the projector's permanent name and its table.
const Name = "locations"

// Projector builds the locations table.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string         { return Name }
func (projector) Version() int         { return 1 }
func (projector) Tables() []string     { return []string{Name} }
func (projector) EventTypes() []string { return location.EventTypes() }

func (projector) Schema() string {
	return `
CREATE TABLE locations (
    id              uuid        PRIMARY KEY,
    application_id  uuid        NOT NULL,
    organization_id uuid        NOT NULL,
    name            text        NOT NULL,
    name_key        text        NOT NULL,
    street          text        NOT NULL,
    house_number    text        NOT NULL,
    zipcode         text        NOT NULL,
    city            text        NOT NULL,
    latitude        double precision,
    longitude       double precision,
    notes           text        NOT NULL,
    location_types  text[]      NOT NULL,
    sports          text[]      NOT NULL,
    contacts        text[]      NOT NULL,
    is_hidden       boolean     NOT NULL,
    show_link       boolean     NOT NULL,
    link_label      text        NOT NULL,
    link            text        NOT NULL,
    image_id        text,
    opening_hours   jsonb       NOT NULL,
    version         bigint      NOT NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX locations_by_organization ON locations (application_id, organization_id, name_key, id);
CREATE INDEX locations_by_name ON locations (application_id, name_key, id);` + projections.TenantRLS("locations")
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	id := strings.TrimPrefix(e.Stream, location.StreamPrefix)
	var f location.Fields
	switch p := e.Payload.(type) {
	case location.Created:
		f = p.Fields
		hours, err := json.Marshal(f.OpeningHours)
		if err != nil {
			return err
		}
		return w.Exec(ctx, `
			INSERT INTO locations (id, application_id, organization_id, name, name_key, street, house_number, zipcode, city,
			       latitude, longitude, notes, location_types, sports, contacts, is_hidden, show_link, link_label, link, image_id,
			       opening_hours, version, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $23)
			ON CONFLICT (id) DO NOTHING`,
			id, p.ApplicationID, p.OrganizationID, f.Name, names.Normalize(f.Name), f.Street, f.HouseNumber, f.Zipcode, f.City,
			f.Latitude, f.Longitude, f.Notes, nonNil(f.LocationTypes), nonNil(f.Sports), nonNil(f.Contacts), f.IsHidden, f.ShowLink,
			f.LinkLabel, f.Link, f.ImageID, hours, int64(e.Version), e.RecordedAt)
	case location.Updated:
		f = p.Fields
		hours, err := json.Marshal(f.OpeningHours)
		if err != nil {
			return err
		}
		return w.Exec(ctx, `
			UPDATE locations SET name = $2, name_key = $3, street = $4, house_number = $5, zipcode = $6, city = $7, latitude = $8,
			       longitude = $9, notes = $10, location_types = $11, sports = $12, contacts = $13, is_hidden = $14, show_link = $15,
			       link_label = $16, link = $17, image_id = $18, opening_hours = $19, version = $20, updated_at = $21
			 WHERE id = $1`,
			id, f.Name, names.Normalize(f.Name), f.Street, f.HouseNumber, f.Zipcode, f.City, f.Latitude, f.Longitude, f.Notes,
			nonNil(f.LocationTypes), nonNil(f.Sports), nonNil(f.Contacts), f.IsHidden, f.ShowLink, f.LinkLabel, f.Link, f.ImageID,
			hours, int64(e.Version), e.RecordedAt)
	case location.Deleted:
		return w.Exec(ctx, `DELETE FROM locations WHERE id = $1`, id)
	}
	return nil
}

// nonNil keeps a NOT NULL array column an empty array, never NULL.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
