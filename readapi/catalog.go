package readapi

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

func (s *Server) catalogRoutes(k catalog.Kind, path, table string) []Route {
	reads := []string{table}
	item := path + "/{id}"
	return []Route{
		{Method: http.MethodGet, Pattern: path, Permission: PermViewCatalog, Platform: true, Reads: reads,
			Handler: s.listCatalog(k, table), Doc: Doc{Summary: "List " + table + " (search, sort, page)", Response: listAnswer[catalogItem]{}, Query: listQueryDoc}},
		{Method: http.MethodGet, Pattern: path + "/all", Permission: PermViewCatalog, Platform: true, Reads: reads,
			Handler: s.allCatalog(k, table), Doc: Doc{Summary: "All " + table + ", by name", Response: dataAnswer[[]catalogItem]{}}},
		{Method: http.MethodGet, Pattern: item, Permission: PermViewCatalog, Platform: true, Reads: reads,
			Handler: s.getCatalog(k, table), Doc: Doc{Summary: "One of " + table, Response: dataAnswer[catalogItem]{}}},
		{Method: http.MethodPost, Pattern: path, Permission: PermManageCatalog, Platform: true,
			Handler: s.createCatalog(k), Doc: Doc{Summary: "Create one of " + table, Request: catalogInput{}, Response: commandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodPut, Pattern: item, Permission: PermManageCatalog, Platform: true,
			Handler: s.updateCatalog(k), Doc: Doc{Summary: "Change one of " + table + " (also the highlighted switch)", Request: catalogInput{}, Response: commandAnswer{}}},
		{Method: http.MethodDelete, Pattern: item, Permission: PermManageCatalog, Platform: true,
			Handler: s.deleteCatalog(k), Doc: Doc{Summary: "Delete one of " + table, Response: commandAnswer{}}},
	}
}

func (in catalogInput) fields() catalog.Fields {
	return catalog.Fields{Name: in.Name, IconID: in.IconID, Highlighted: in.Highlighted}
}

func (s *Server) createCatalog(k catalog.Kind) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var in catalogInput
		if err := decode(r, w, &in); err != nil {
			return err
		}
		if err := s.checkFileRefs(r, anyPublicFile, fileRef{"icon_id", in.IconID}); err != nil {
			return err
		}
		m, err := meta(r)
		if err != nil {
			return err
		}
		res, err := s.App.CreateCatalogItem(r.Context(), m, k, in.fields())
		return s.answerCommand(w, "create_"+k.Name, http.StatusCreated, res, err)
	}
}

func (s *Server) updateCatalog(k catalog.Kind) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r, k)
		if err != nil {
			return err
		}
		var in catalogInput
		if err := decode(r, w, &in); err != nil {
			return err
		}
		if err := s.checkFileRefs(r, anyPublicFile, fileRef{"icon_id", in.IconID}); err != nil {
			return err
		}
		m, err := meta(r)
		if err != nil {
			return err
		}
		res, err := s.App.UpdateCatalogItem(r.Context(), m, k, id, in.Version, in.fields())
		return s.answerCommand(w, "update_"+k.Name, http.StatusOK, res, err)
	}
}

func (s *Server) deleteCatalog(k catalog.Kind) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r, k)
		if err != nil {
			return err
		}
		m, err := meta(r)
		if err != nil {
			return err
		}
		var expected *uint64
		if v := r.URL.Query().Get("version"); v != "" {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return badQuery("version")
			}
			expected = &n
		}
		res, err := s.App.DeleteCatalogItem(r.Context(), m, k, id, expected)
		return s.answerCommand(w, "delete_"+k.Name, http.StatusOK, res, err)
	}
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
	it.CreatedAt, it.UpdatedAt = stamp(created), stamp(updated)
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

func (s *Server) listCatalog(k catalog.Kind, table string) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		q, err := parseListQuery(r, catalogSorts, "name")
		if err != nil {
			return err
		}
		pattern := "%" + escapeLike(names.Normalize(q.Search)) + "%"
		order := catalogSorts[q.Sort] + " " + q.direction() + ", id " + q.direction()
		var total int64
		if err := s.DB.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.`+table+` WHERE name_key LIKE $1`, pattern).Scan(&total); err != nil {
			return err
		}
		rows, err := s.DB.Query(r.Context(), `SELECT `+catalogColumns+` FROM readmodel.`+table+
			` WHERE name_key LIKE $1 ORDER BY `+order+` LIMIT $2 OFFSET $3`, pattern, q.PerPage, q.offset())
		if err != nil {
			return err
		}
		items, err := collect(rows, scanCatalogItem)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, listAnswer[catalogItem]{Data: items, Meta: listMeta{Pagination: q.pagination(total)}})
		return nil
	}
}

func (s *Server) allCatalog(k catalog.Kind, table string) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		rows, err := s.DB.Query(r.Context(), `SELECT `+catalogColumns+` FROM readmodel.`+table+` ORDER BY name_key, id LIMIT 10000`)
		if err != nil {
			return err
		}
		items, err := collect(rows, scanCatalogItem)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, dataAnswer[[]catalogItem]{Data: items})
		return nil
	}
}

func (s *Server) getCatalog(k catalog.Kind, table string) func(http.ResponseWriter, *http.Request) error {
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
		writeJSON(w, http.StatusOK, dataAnswer[catalogItem]{Data: it})
		return nil
	}
}
