package readapi

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// The one list contract every grid uses: ?search=&page=&itemsPerPage=&sort=name|-name
// answers { data: [...], meta: { pagination: { total, page, itemsPerPage } } }.

const maxPerPage = 1000

type listQuery struct {
	Search  string
	Page    int
	PerPage int
	Sort    string
	Desc    bool
}

type listAnswer[T any] struct {
	Data []T      `json:"data"`
	Meta listMeta `json:"meta"`
}

type listMeta struct {
	Pagination pagination `json:"pagination"`
}

type pagination struct {
	Total        int64 `json:"total"`
	Page         int   `json:"page"`
	ItemsPerPage int   `json:"itemsPerPage"`
	// NextCursor, on lists that page by keyset (after=), names the page after this one;
	// absent on the last page.
	NextCursor *string `json:"next_cursor,omitempty"`
}

type dataAnswer[T any] struct {
	Data T `json:"data"`
}

var listQueryDoc = []string{"search", "page", "itemsPerPage", "sort"}

func parseListQuery(r *http.Request, sorts map[string]string, defaultSort string) (listQuery, error) {
	q := r.URL.Query()
	lq := listQuery{Search: q.Get("search"), Page: 1, PerPage: 25, Sort: defaultSort}
	if len(lq.Search) > 200 {
		return lq, badQuery("search")
	}
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1_000_000 {
			return lq, badQuery("page")
		}
		lq.Page = n
	}
	if v := q.Get("itemsPerPage"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxPerPage {
			return lq, badQuery("itemsPerPage")
		}
		lq.PerPage = n
	}
	if v := q.Get("sort"); v != "" {
		lq.Desc = strings.HasPrefix(v, "-")
		lq.Sort = strings.TrimPrefix(v, "-")
		if _, ok := sorts[lq.Sort]; !ok {
			return lq, badQuery("sort")
		}
	}
	return lq, nil
}

func (q listQuery) direction() string {
	if q.Desc {
		return "DESC"
	}
	return "ASC"
}

func (q listQuery) offset() int { return (q.Page - 1) * q.PerPage }

func (q listQuery) pagination(total int64) pagination {
	return pagination{Total: total, Page: q.Page, ItemsPerPage: q.PerPage}
}

// escapeLike makes user text match itself in a LIKE pattern.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// collect scans every row; an empty result is an empty list, never null.
func collect[T any](rows pgx.Rows, scan func(pgx.Row) (T, error)) ([]T, error) {
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
