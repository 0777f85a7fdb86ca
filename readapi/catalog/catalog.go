package catalog

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/catalog"
	"move/domain/names"
	rmcatalog "move/projections/catalog"
	"move/readapi/kernel"
)

// catalogItem is a sport, location type or product type as lists and forms show it.
type catalogItem struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	IconID      *string `json:"icon_id,omitempty"`
	IconURL     *string `json:"icon_url,omitempty"`
	Highlighted *bool   `json:"highlighted,omitempty"`
	Version     uint64  `json:"version"`
	CreatedAt   string  `json:"created_at"`
	UpdatedAt   string  `json:"updated_at"`
}

// catalogInput is the body of create and update.
type catalogInput struct {
	Name        string  `json:"name"`
	IconID      *string `json:"icon_id"`
	Highlighted *bool   `json:"highlighted"`
	// Version is the version the user edited; a stale one is refused (409).
	Version *uint64 `json:"version"`
}

func (s *Handlers) catalogRoutes(k catalog.Kind, path, table string) []kernel.Route {
	reads := []string{table}
	item := path + "/{id}"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: path, Permission: kernel.PermViewCatalog, Platform: true, Reads: reads,
			Handler: s.listCatalog(k, table), Doc: kernel.Doc{Summary: "List " + table + " (search, sort, page)", Response: kernel.ListAnswer[catalogItem]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodGet, Pattern: path + "/all", Permission: kernel.PermViewCatalog, Platform: true, Reads: reads,
			Handler: s.allCatalog(k, table), Doc: kernel.Doc{Summary: "All " + table + ", by name", Response: kernel.DataAnswer[[]catalogItem]{}}},
		{Method: http.MethodGet, Pattern: item, Permission: kernel.PermViewCatalog, Platform: true, Reads: reads,
			Handler: s.getCatalog(k, table), Doc: kernel.Doc{Summary: "One of " + table, Response: kernel.DataAnswer[catalogItem]{}}},
		{Method: http.MethodPost, Pattern: path, Permission: kernel.PermManageCatalog, Platform: true,
			Handler: s.createCatalog(k), Doc: kernel.Doc{Summary: "Create one of " + table, Request: catalogInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodPut, Pattern: item, Permission: kernel.PermManageCatalog, Platform: true, Reads: reads,
			Handler: s.updateCatalog(k), Doc: kernel.Doc{Summary: "Change one of " + table + " (also the highlighted switch)", Request: catalogInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodDelete, Pattern: item, Permission: kernel.PermManageCatalog, Platform: true,
			Handler: s.deleteCatalog(k), Doc: kernel.Doc{Summary: "Delete one of " + table, Response: kernel.CommandAnswer{}}},
	}
}

func (in catalogInput) fields() catalog.Fields {
	return catalog.Fields{Name: in.Name, IconID: in.IconID, Highlighted: in.Highlighted}
}

func (s *Handlers) createCatalog(k catalog.Kind) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var in catalogInput
		if err := kernel.Decode(r, w, &in); err != nil {
			return err
		}
		if err := s.CheckFileRefs(r, kernel.AnyPublicFile, iconRef(k, in.IconID, nil)); err != nil {
			return err
		}
		m, err := kernel.Meta(r)
		if err != nil {
			return err
		}
		res, err := s.App.CreateCatalogItem(r.Context(), m, k, in.fields())
		return s.AnswerCommand(w, "create_"+k.Name, http.StatusCreated, res, err)
	}
}

func (s *Handlers) updateCatalog(k catalog.Kind) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r, k)
		if err != nil {
			return err
		}
		var in catalogInput
		if err := kernel.Decode(r, w, &in); err != nil {
			return err
		}
		current, err := scanCatalogItem(s.DB.QueryRow(r.Context(), `SELECT `+catalogColumns+` FROM readmodel.`+rmcatalog.Table(k)+` WHERE id = $1`, id))
		if errors.Is(err, pgx.ErrNoRows) {
			return &domain.NotFoundError{Kind: k.Name, ID: id}
		}
		if err != nil {
			return err
		}
		if err := s.CheckFileRefs(r, kernel.AnyPublicFile, iconRef(k, in.IconID, current.IconID)); err != nil {
			return err
		}
		m, err := kernel.Meta(r)
		if err != nil {
			return err
		}
		res, err := s.App.UpdateCatalogItem(r.Context(), m, k, id, in.Version, in.fields())
		return s.AnswerCommand(w, "update_"+k.Name, http.StatusOK, res, err)
	}
}

func (s *Handlers) deleteCatalog(k catalog.Kind) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r, k)
		if err != nil {
			return err
		}
		m, err := kernel.Meta(r)
		if err != nil {
			return err
		}
		var expected *uint64
		if v := r.URL.Query().Get("version"); v != "" {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return kernel.BadQuery("version")
			}
			expected = &n
		}
		res, err := s.App.DeleteCatalogItem(r.Context(), m, k, id, expected)
		return s.AnswerCommand(w, "delete_"+k.Name, http.StatusOK, res, err)
	}
}

// iconRef is the icon field with its kind's image rule (spec section 5: icon 200 × 200;
// a location type's icon png, decision 1650); was is the stored icon of an update.
func iconRef(k catalog.Kind, token, was *string) kernel.FileRef {
	ref := kernel.FileRef{Field: "icon_id", Token: token, Was: was}
	if _, ok := kernel.ImageRules[k.Name+".icon_id"]; ok {
		ref.Rule = kernel.Rule(k.Name + ".icon_id")
	}
	return ref
}

// pathID reads the {id} of the path; a malformed one is simply not found.
func pathID(r *http.Request, k catalog.Kind) (string, error) {
	id := chi.URLParam(r, "id")
	if _, err := uuid.Parse(id); err != nil {
		return "", &domain.NotFoundError{Kind: k.Name, ID: id}
	}
	return strings.ToLower(id), nil
}

const catalogColumns = `id::text, name, icon_id, highlighted, version, created_at, updated_at`

func scanCatalogItem(row pgx.Row) (catalogItem, error) {
	var it catalogItem
	var version int64
	var created, updated time.Time
	if err := row.Scan(&it.ID, &it.Name, &it.IconID, &it.Highlighted, &version, &created, &updated); err != nil {
		return it, err
	}
	it.Version = uint64(version)
	it.CreatedAt, it.UpdatedAt = kernel.Stamp(created), kernel.Stamp(updated)
	if it.IconID != nil {
		url := "/v1/files/" + *it.IconID + "/thumbnail"
		it.IconURL = &url
	}
	return it, nil
}

var catalogSorts = map[string]string{
	"name":       "name_key",
	"created_at": "created_at",
	"updated_at": "updated_at",
}

func (s *Handlers) listCatalog(k catalog.Kind, table string) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		q, err := kernel.ParseListQuery(r, catalogSorts, "name")
		if err != nil {
			return err
		}
		pattern := "%" + kernel.EscapeLike(names.Normalize(q.Search)) + "%"
		order := catalogSorts[q.Sort] + " " + q.Direction() + ", id " + q.Direction()
		var total int64
		if err := s.DB.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.`+table+` WHERE name_key LIKE $1`, pattern).Scan(&total); err != nil {
			return err
		}
		rows, err := s.DB.Query(r.Context(), `SELECT `+catalogColumns+` FROM readmodel.`+table+
			` WHERE name_key LIKE $1 ORDER BY `+order+` LIMIT $2 OFFSET $3`, pattern, q.PerPage, q.Offset())
		if err != nil {
			return err
		}
		items, err := kernel.Collect(rows, scanCatalogItem)
		if err != nil {
			return err
		}
		kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[catalogItem]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
		return nil
	}
}

func (s *Handlers) allCatalog(k catalog.Kind, table string) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		rows, err := s.DB.Query(r.Context(), `SELECT `+catalogColumns+` FROM readmodel.`+table+` ORDER BY name_key, id LIMIT 10000`)
		if err != nil {
			return err
		}
		items, err := kernel.Collect(rows, scanCatalogItem)
		if err != nil {
			return err
		}
		kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]catalogItem]{Data: items})
		return nil
	}
}

func (s *Handlers) getCatalog(k catalog.Kind, table string) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r, k)
		if err != nil {
			return err
		}
		it, err := scanCatalogItem(s.DB.QueryRow(r.Context(), `SELECT `+catalogColumns+` FROM readmodel.`+table+` WHERE id = $1`, id))
		if errors.Is(err, pgx.ErrNoRows) {
			return &domain.NotFoundError{Kind: k.Name, ID: id}
		}
		if err != nil {
			return err
		}
		kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[catalogItem]{Data: it})
		return nil
	}
}
