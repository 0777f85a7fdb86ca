package applications

import (
	"errors"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/catalog"
	"move/domain/taxonomy"
	"move/identity"
	rmcatalog "move/projections/catalog"
	rmidentity "move/projections/identity"
	rmtaxonomy "move/projections/taxonomy"
	"move/readapi/kernel"
)

// applicationFilters is the filters screen: what the application's consumer app offers
// As search filters, with the choices (the catalogue's sports, the application's
// categories and labels), so the screen needs no call in the application's tenant.
type applicationFilters struct {
	SportIDs    []string `json:"sport_ids"`
	CategoryIDs []string `json:"category_ids"`
	LabelIDs    []string `json:"label_ids"`
	Version     uint64   `json:"version"`
	UpdatedAt   *string  `json:"updated_at"`
	Choices     struct {
		Sports     []kernel.Choice `json:"sports"`
		Categories []kernel.Choice `json:"categories"`
		Labels     []kernel.Choice `json:"labels"`
	} `json:"choices"`
}

type applicationFiltersInput struct {
	SportIDs    []string `json:"sport_ids"`
	CategoryIDs []string `json:"category_ids"`
	LabelIDs    []string `json:"label_ids"`
	Version     *uint64  `json:"version"`
}

// maxChoices bounds each list of choices (a vocabulary, not data).
const maxChoices = 1000

func (s *Handlers) FilterRoutes() []kernel.Route {
	item := "/v1/admin/applications/{application_id}/filters"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: item, Permission: kernel.PermManageApplications, Platform: true, Reads: []string{rmidentity.Name, rmtaxonomy.Name}, Handler: s.getApplicationFilters,
			Doc: kernel.Doc{Summary: "The search filters the application's consumer app offers (sports, categories, labels), with the choices", Response: kernel.DataAnswer[applicationFilters]{}}},
		{Method: http.MethodPut, Pattern: item, Permission: kernel.PermManageApplications, Platform: true, Reads: []string{rmidentity.Name, rmtaxonomy.Name}, Handler: s.setApplicationFilters,
			Doc: kernel.Doc{Summary: "Set the application's search filters (each id the catalogue's or the application's)", Request: applicationFiltersInput{}, Response: kernel.CommandAnswer{}}},
	}
}

func (s *Handlers) getApplicationFilters(w http.ResponseWriter, r *http.Request) error {
	id, err := applicationPathID(r)
	if err != nil {
		return err
	}
	if _, err := s.readApplication(r, id); err != nil {
		return err
	}
	out := applicationFilters{SportIDs: []string{}, CategoryIDs: []string{}, LabelIDs: []string{}}
	choices := func(q kernel.Querier, query string, args ...any) ([]kernel.Choice, error) {
		rows, err := q.Query(r.Context(), query, args...)
		if err != nil {
			return nil, err
		}
		return kernel.Collect(rows, func(row pgx.Row) (kernel.Choice, error) {
			var c kernel.Choice
			return c, row.Scan(&c.ID, &c.Name)
		})
	}
	err = identity.ReadInTenant(r.Context(), s.DB, id, func(tx pgx.Tx) error {
		var version int64
		var updated time.Time
		err := tx.QueryRow(r.Context(), `SELECT sport_ids::text[], category_ids::text[], label_ids::text[], version, updated_at
			FROM readmodel.application_filters WHERE application_id = $1`, id).Scan(&out.SportIDs, &out.CategoryIDs, &out.LabelIDs, &version, &updated)
		if err == nil {
			out.Version, out.UpdatedAt = uint64(version), kernel.StampOrNil(&updated)
		} else if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if out.Choices.Categories, err = choices(tx, `SELECT id::text, title FROM readmodel.categories WHERE application_id = $1 ORDER BY name_key, id LIMIT $2`, id, maxChoices); err != nil {
			return err
		}
		out.Choices.Labels, err = choices(tx, `SELECT id::text, name FROM readmodel.labels WHERE application_id = $1 ORDER BY name_key, id LIMIT $2`, id, maxChoices)
		return err
	})
	if err != nil {
		return err
	}
	// The catalogue is platform-wide: read outside the tenant, as the catalogue routes do.
	if out.Choices.Sports, err = choices(s.DB, `SELECT id::text, name FROM readmodel.`+rmcatalog.Table(catalog.Sport)+` ORDER BY name_key, id LIMIT $1`, maxChoices); err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[applicationFilters]{Data: out})
	return nil
}

func (s *Handlers) setApplicationFilters(w http.ResponseWriter, r *http.Request) error {
	id, err := applicationPathID(r)
	if err != nil {
		return err
	}
	if _, err := s.readApplication(r, id); err != nil {
		return err
	}
	var in applicationFiltersInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	var malformed domain.ValidationError
	f := taxonomy.Filters{SportIDs: taxonomy.CleanIDs(&malformed, "sport_ids", in.SportIDs),
		CategoryIDs: taxonomy.CleanIDs(&malformed, "category_ids", in.CategoryIDs), LabelIDs: taxonomy.CleanIDs(&malformed, "label_ids", in.LabelIDs)}
	if err := malformed.OrNil(); err != nil {
		return err
	}
	v := &domain.ValidationError{}
	if err := s.CheckSports(r, v, f.SportIDs); err != nil {
		return err
	}
	if err := s.CheckRefsIn(r, id, v, f.CategoryIDs, "category_ids", kernel.CategoriesTable); err != nil {
		return err
	}
	if err := s.CheckRefsIn(r, id, v, f.LabelIDs, "label_ids", kernel.LabelsTable); err != nil {
		return err
	}
	if err := v.OrNil(); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetApplicationFilters(r.Context(), m, id, in.Version, f)
	return s.AnswerCommand(w, "set_application_filters", http.StatusOK, res, err)
}
