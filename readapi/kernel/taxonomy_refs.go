package kernel

import (
	"net/http"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/catalog"
	"move/domain/taxonomy"
	"move/identity"
	rmcatalog "move/projections/catalog"
)

// TaxonomyItem reads the path's category, tag or label of the tenant; another
// application's is not found.
func TaxonomyItem[T any](s *Core, r *http.Request, param, kind, query string, scan func(pgx.Row) (T, error)) (T, error) {
	var o T
	id, err := UUIDParam(r, param, kind)
	if err != nil {
		return o, err
	}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		o, err = scan(tx.QueryRow(r.Context(), query, TenantFrom(r.Context()).ApplicationID, id))
		return err
	})
	if err == pgx.ErrNoRows {
		return o, &domain.NotFoundError{Kind: kind, ID: id}
	}
	return o, err
}

// CheckSports records on v when a sport id is not in the catalogue.
func (s *Core) CheckSports(r *http.Request, v *domain.ValidationError, ids []string) error {
	var sports int
	if err := s.DB.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.`+rmcatalog.Table(catalog.Sport)+` WHERE id = ANY ($1::uuid[])`, ids).Scan(&sports); err != nil {
		return err
	}
	if sports != len(ids) {
		v.Add("sport_ids", "validation.unknown_reference_application", nil)
	}
	return nil
}

// CheckRefsIn is checkTaxonomyRefs in the application app (the applications screen
// Names it in the path).
func (s *Core) CheckRefsIn(r *http.Request, app string, v *domain.ValidationError, ids []string, field, table string) error {
	if len(ids) == 0 {
		return nil
	}
	var found int
	err := identity.ReadInTenant(r.Context(), s.DB, app, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT count(DISTINCT id) FROM `+table+` WHERE application_id = $1 AND id = ANY ($2::uuid[])`,
			app, ids).Scan(&found)
	})
	if err != nil {
		return err
	}
	if found != len(ids) {
		v.Add(field, "validation.unknown_reference_application", nil)
	}
	return nil
}

// AppRefs are ids a request names under Field that must be rows of Table in the
// tenant: an activity's categories, tags and labels, a wallet's labels.
type AppRefs struct {
	Field, Table string
	IDs          []string
}

// CheckAppRefs refuses ids that are not the application's (422 on the field);
// malformed ids are left to the domain's own message.
func (s *Core) CheckAppRefs(r *http.Request, refs ...AppRefs) error {
	v := &domain.ValidationError{}
	for _, ref := range refs {
		var malformed domain.ValidationError
		canonical := taxonomy.CleanIDs(&malformed, ref.Field, ref.IDs)
		if malformed.OrNil() != nil {
			continue
		}
		if err := s.CheckTaxonomyRefs(r, v, canonical, ref.Field, ref.Table); err != nil {
			return err
		}
	}
	return v.OrNil()
}

const LabelsTable = `readmodel.labels`

const CategoriesTable = `readmodel.categories`

// Choice is one option of a picker: an id and what people call it.
type Choice struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// CheckTaxonomyRefs records on v, under field, when an id is not a row of table in the
// tenant (categories, tags, labels, organisations).
func (s *Core) CheckTaxonomyRefs(r *http.Request, v *domain.ValidationError, ids []string, field, table string) error {
	return s.CheckRefsIn(r, TenantFrom(r.Context()).ApplicationID, v, ids, field, table)
}
