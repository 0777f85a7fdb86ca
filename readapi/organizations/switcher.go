package organizations

import (
	"move/domain/names"
	"move/domain/organization"
	"move/readapi/kernel"
	"net/http"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

type simpleOrganization struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	State string `json:"state"`
}

type zipcodesAnswer struct {
	Zipcodes []string `json:"zipcodes"`
}

func scanSimple(row pgx.Row) (simpleOrganization, error) {
	var o simpleOrganization
	return o, row.Scan(&o.ID, &o.Name, &o.State)
}

func (s *Handlers) allOrganizations(w http.ResponseWriter, r *http.Request) error {
	where, args, err := organizationFilter(r, "")
	if err != nil {
		return err
	}
	var items []simpleOrganization
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT id::text, name, state FROM readmodel.organizations WHERE `+where+` ORDER BY name_key, id LIMIT 10000`, args...)
		if err != nil {
			return err
		}
		items, err = kernel.Collect(rows, scanSimple)
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]simpleOrganization]{Data: items})
	return nil
}

// switcherTotalCap bounds the switcher's total when it searches: beyond it the total is
// switcherTotalCap + 1, "more than switcherTotalCap" (decision 0540). Counting every
// match of a one- or two-character search read the whole tenant.
const switcherTotalCap = 1_000

// simpleOrganizations is the switcher and the selects: every organisation for those
// who see the whole application, else the caller's own organisations.
func (s *Handlers) simpleOrganizations(w http.ResponseWriter, r *http.Request) error {
	// The selects ask up to 10,000 rows, past the list contract's 1,000.
	parse := r.Clone(r.Context())
	query := parse.URL.Query()
	query.Del("itemsPerPage")
	parse.URL.RawQuery = query.Encode()
	q, err := kernel.ParseListQuery(parse, map[string]string{"name": "name_key"}, "name")
	if err != nil {
		return err
	}
	q.PerPage = perPageUpTo(r, q.PerPage, 10000)
	all, err := s.AllowedIn(r, kernel.ApplicationWide, PermViewOrganizations)
	if err != nil {
		return err
	}
	// One statement answers the page and the total: readmodel.organization_switcher
	// (migrations 0086 and 0105, decisions 0535 and 0540) searches like
	// organizationFilter. With a search the total counts up to switcherTotalCap + 1.
	var pattern, member, state *string
	var countCap *int
	if search := strings.TrimSpace(q.Search); search != "" {
		p := "%" + kernel.EscapeLike(names.Normalize(search)) + "%"
		pattern = &p
		limit := switcherTotalCap
		countCap = &limit
	}
	if !all {
		caller := kernel.PrincipalFrom(r.Context()).UserID
		member = &caller
	}
	if st := r.URL.Query().Get("state"); st != "" {
		if st != organization.StatePending && st != organization.StateApproved && st != organization.StateRejected {
			return kernel.BadQuery("state")
		}
		state = &st
	}
	var total int64
	var items []simpleOrganization
	err = s.InTenant(r, func(tx pgx.Tx) error {
		page := func(size, skip int) error {
			rows, err := tx.Query(r.Context(), `SELECT id::text, name, state, total FROM readmodel.organization_switcher($1, $2, $3, $4, $5, $6, $7)`,
				pattern, member, state, q.Desc, size, skip, countCap)
			if err != nil {
				return err
			}
			items, err = kernel.Collect(rows, func(row pgx.Row) (simpleOrganization, error) {
				var o simpleOrganization
				return o, row.Scan(&o.ID, &o.Name, &o.State, &total)
			})
			return err
		}
		if err := page(q.PerPage, q.Offset()); err != nil || len(items) > 0 || q.Offset() == 0 {
			return err
		}
		// Past the last page no row carries the total: ask for the first row alone.
		if err := page(1, 0); err != nil {
			return err
		}
		items = []simpleOrganization{}
		return nil
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[simpleOrganization]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}

// perPageUpTo lets the selects ask up to max rows (the list contract stops at 1000).
func perPageUpTo(r *http.Request, current, max int) int {
	if n, err := strconv.Atoi(r.URL.Query().Get("itemsPerPage")); err == nil && n > 0 {
		return min(n, max)
	}
	return current
}

func (s *Handlers) organizationZipcodes(w http.ResponseWriter, r *http.Request) error {
	var out []string
	err := s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT DISTINCT zipcode FROM readmodel.organizations
			WHERE application_id = $1 AND zipcode <> '' ORDER BY zipcode LIMIT 100000`, kernel.TenantFrom(r.Context()).ApplicationID)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	if err != nil {
		return err
	}
	if out == nil {
		out = []string{}
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[zipcodesAnswer]{Data: zipcodesAnswer{Zipcodes: out}})
	return nil
}
