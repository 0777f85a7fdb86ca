package applications

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"

	rmidentity "move/projections/identity"
	"move/readapi/kernel"
)

// childApplication is a sub-application as its parent's staff see it: which it is, not
// its settings (those are the superadmin's, GET /v1/admin/applications/{id}).
type childApplication struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// ChildrenRoutes: the current application's sub-applications (spec §7),
// for its staff; the superadmin's applications/{id}/children stays for any application.
func (s *Handlers) ChildrenRoutes() []kernel.Route {
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: "/v1/admin/application/children", Permission: kernel.PermViewApplication, Reads: []string{rmidentity.Name},
			Handler: s.currentApplicationChildren,
			Doc:     kernel.Doc{Summary: "The current application's sub-applications (search, sort by name or slug, page)", Response: kernel.ListAnswer[childApplication]{}, Query: kernel.ListQueryDoc}},
	}
}

var childApplicationSorts = map[string]string{"name": "lower(a.name)", "slug": "a.slug"}

func (s *Handlers) currentApplicationChildren(w http.ResponseWriter, r *http.Request) error {
	q, err := kernel.ParseListQuery(r, childApplicationSorts, "name")
	if err != nil {
		return err
	}
	where, args := `a.parent_id = $1`, []any{kernel.TenantFrom(r.Context()).ApplicationID}
	if search := strings.TrimSpace(q.Search); search != "" {
		args = append(args, "%"+kernel.EscapeLike(strings.ToLower(search))+"%")
		where += ` AND (lower(a.name) LIKE $2 OR a.slug LIKE $2)`
	}
	var total int64
	if err := s.DB.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.identity_applications a WHERE `+where, args...).Scan(&total); err != nil {
		return err
	}
	order := childApplicationSorts[q.Sort] + " " + q.Direction() + ", a.id " + q.Direction()
	n := len(args)
	rows, err := s.DB.Query(r.Context(), fmt.Sprintf(`SELECT a.id::text, a.name, a.slug FROM readmodel.identity_applications a WHERE %s ORDER BY %s LIMIT $%d OFFSET $%d`,
		where, order, n+1, n+2), append(args, q.PerPage, q.Offset())...)
	if err != nil {
		return err
	}
	items, err := kernel.Collect(rows, func(row pgx.Row) (childApplication, error) {
		var c childApplication
		return c, row.Scan(&c.ID, &c.Name, &c.Slug)
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[childApplication]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}
