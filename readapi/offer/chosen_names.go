package offer

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/domain/catalog"
	rmcatalog "move/projections/catalog"
	"move/readapi/kernel"
)

// chosenRefs are the ids a record refers to, by where their names live (web-111). A
// reader who may not read a list (the organisation's contacts, the application's
// categories) still sees the record's own choice by name, as the activity's answer
// names its rate, term and location (web-100).
type chosenRefs struct {
	// The record's organisation's own: contacts, locations, rates.
	Contacts, Locations, Rates []string
	// The application's: categories, tags, labels.
	Categories, Tags, Labels []string
	// The platform's catalogue (sports, location types, product types): not tenant data.
	Sports, LocationTypes, ProductTypes []string
}

// chosenNames answers the names of refs by id. Each name is read within the request's
// application, and an organisation's own records within organizationID: an id of another
// tenant (a record that never could have held it) stays unnamed, never leaks its name.
// A location is named as the activity names it ("Sporthal (Utrecht)").
func (s *Handlers) chosenNames(r *http.Request, organizationID string, refs chosenRefs) (map[string]string, error) {
	ctx := r.Context()
	app := kernel.TenantFrom(ctx).ApplicationID
	names := map[string]string{}
	collect := func(rows pgx.Rows, err error) error {
		if err != nil {
			return err
		}
		var id, name string
		_, err = pgx.ForEachRow(rows, []any{&id, &name}, func() error {
			names[id] = name
			return nil
		})
		return err
	}
	tenant := []struct {
		ids []string
		sql string
	}{
		{refs.Contacts, `SELECT id::text, name FROM readmodel.contacts WHERE application_id = $1 AND organization_id = $2 AND id = ANY ($3::uuid[])`},
		{refs.Locations, `SELECT id::text, CASE WHEN city = '' THEN name ELSE name || ' (' || city || ')' END
			FROM readmodel.locations WHERE application_id = $1 AND organization_id = $2 AND id = ANY ($3::uuid[])`},
		{refs.Rates, `SELECT id::text, name FROM readmodel.rates WHERE application_id = $1 AND organization_id = $2 AND id = ANY ($3::uuid[])`},
		{refs.Categories, `SELECT id::text, title FROM readmodel.categories WHERE application_id = $1 AND $2::text IS NOT NULL AND id = ANY ($3::uuid[])`},
		{refs.Tags, `SELECT id::text, name FROM ` + tagsTable + ` WHERE application_id = $1 AND $2::text IS NOT NULL AND id = ANY ($3::uuid[])`},
		{refs.Labels, `SELECT id::text, name FROM readmodel.labels WHERE application_id = $1 AND $2::text IS NOT NULL AND id = ANY ($3::uuid[])`},
	}
	err := s.InTenant(r, func(tx pgx.Tx) error {
		for _, q := range tenant {
			if ids := validIDs(q.ids); len(ids) > 0 {
				if err := collect(tx.Query(ctx, q.sql, app, organizationID, ids)); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, c := range []struct {
		ids  []string
		kind catalog.Kind
	}{{refs.Sports, catalog.Sport}, {refs.LocationTypes, catalog.LocationType}, {refs.ProductTypes, catalog.ProductType}} {
		if ids := validIDs(c.ids); len(ids) > 0 {
			if err := collect(s.DB.Query(ctx, `SELECT id::text, name FROM readmodel.`+rmcatalog.Table(c.kind)+` WHERE id = ANY ($1::uuid[])`, ids)); err != nil {
				return nil, err
			}
		}
	}
	return names, nil
}

// validIDs keeps the ids that are uuids (a record holds only those; the cast must not fail).
func validIDs(ids []string) []string {
	var out []string
	for _, id := range ids {
		if u, err := uuid.Parse(id); err == nil {
			out = append(out, u.String())
		}
	}
	return out
}

// ptrList is the id as a list of none or one.
func ptrList(id *string) []string {
	if id == nil {
		return nil
	}
	return []string{*id}
}

// withNames is a record's answer with the names of what it refers to (web-111).
type withNames struct {
	// Names names the record's choices (contacts, location, sports, types, categories,
	// tags, labels) by id, for those who may not read the lists they come from.
	Names map[string]string `json:"names"`
}
