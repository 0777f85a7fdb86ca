package kernel

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/domain/names"
)

// The one list contract every grid uses: ?search=&page=&itemsPerPage=&sort=name|-name
// answers { data: [...], meta: { pagination: { total, page, itemsPerPage } } }.

const maxPerPage = 1000

type ListQuery struct {
	Search  string
	Page    int
	PerPage int
	Sort    string
	Desc    bool
}

type ListAnswer[T any] struct {
	Data []T      `json:"data"`
	Meta ListMeta `json:"meta"`
}

type ListMeta struct {
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

type DataAnswer[T any] struct {
	Data T `json:"data"`
}

var ListQueryDoc = []string{"search", "page", "itemsPerPage", "sort"}

func ParseListQuery(r *http.Request, sorts map[string]string, defaultSort string) (ListQuery, error) {
	q := r.URL.Query()
	lq := ListQuery{Search: q.Get("search"), Page: 1, PerPage: 25, Sort: defaultSort}
	if len(lq.Search) > 200 {
		return lq, BadQuery("search")
	}
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1_000_000 {
			return lq, BadQuery("page")
		}
		lq.Page = n
	}
	if v := q.Get("itemsPerPage"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxPerPage {
			return lq, BadQuery("itemsPerPage")
		}
		lq.PerPage = n
	}
	if v := q.Get("sort"); v != "" {
		lq.Desc = strings.HasPrefix(v, "-")
		lq.Sort = strings.TrimPrefix(v, "-")
		if _, ok := sorts[lq.Sort]; !ok {
			return lq, BadQuery("sort")
		}
	}
	return lq, nil
}

func (q ListQuery) Direction() string {
	if q.Desc {
		return "DESC"
	}
	return "ASC"
}

func (q ListQuery) Offset() int { return (q.Page - 1) * q.PerPage }

func (q ListQuery) Pagination(total int64) pagination {
	return pagination{Total: total, Page: q.Page, ItemsPerPage: q.PerPage}
}

// PaginationNext is the pagination of a page and the cursor of the page after it, if any.
func (q ListQuery) PaginationNext(total int64, next string) pagination {
	p := q.Pagination(total)
	if next != "" {
		p.NextCursor = &next
	}
	return p
}

// cursorSort is the sort as a cursor names it: "-name" when descending.
func (q ListQuery) cursorSort() string {
	if q.Desc {
		return "-" + q.Sort
	}
	return q.Sort
}

// listCursor is the opaque after= of keyset paging: the last row's sort key and id.
type listCursor struct {
	Sort string `json:"s"`
	Key  string `json:"k"`
	ID   string `json:"i"`
}

func (c listCursor) encode() string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

// DecodeCursor reads after=: a cursor of the query's sort, or none.
func DecodeCursor(r *http.Request, q ListQuery) (*listCursor, error) {
	v := r.URL.Query().Get("after")
	if v == "" {
		return nil, nil
	}
	var c listCursor
	b, err := base64.RawURLEncoding.DecodeString(v)
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	if _, uerr := uuid.Parse(c.ID); err != nil || uerr != nil || c.Sort != q.cursorSort() || len(v) > 1000 {
		return nil, BadQuery("after")
	}
	return &c, nil
}

// KeysetList is a list that pages by keyset (after=) as well as by offset.
type KeysetList struct {
	Select string // SELECT … FROM …: the page's rows
	Where  string
	Args   []any
	Order  string // the ORDER BY: the sort column, then the id column
	Column string // the sort column
	ID     string // the id column
	Type   string // the sort column's SQL type; "" where the sort does not page by keyset
	Key    string // the query of the sort key, as text, of the row whose id is $1
	Count  string // the query of the total, with Args (ListPage)
}

// ListPage reads a list's whole answer: one page (KeysetPage) and the total its Count
// query answers.
func ListPage[T any](ctx context.Context, tx pgx.Tx, q ListQuery, after *listCursor, l KeysetList,
	scan func(pgx.Row) (T, error), id func(T) string) (ListAnswer[T], error) {
	var total int64
	if err := tx.QueryRow(ctx, l.Count, l.Args...).Scan(&total); err != nil {
		return ListAnswer[T]{}, err
	}
	items, next, err := KeysetPage(ctx, tx, q, after, l, scan, id)
	if err != nil {
		return ListAnswer[T]{}, err
	}
	return ListAnswer[T]{Data: items, Meta: ListMeta{Pagination: q.PaginationNext(total, next)}}, nil
}

// KeysetPage reads one page: the rows after the cursor's (key, id) in the list's order
// when there is a cursor, else the page at the query's offset. A full page of a keyset
// sort also answers the cursor of the page after it.
func KeysetPage[T any](ctx context.Context, tx pgx.Tx, q ListQuery, after *listCursor, l KeysetList,
	scan func(pgx.Row) (T, error), id func(T) string) (items []T, next string, err error) {
	page, args, offset := l.Where, l.Args, q.Offset()
	if after != nil {
		cmp := ">"
		if q.Desc {
			cmp = "<"
		}
		args = append(append([]any{}, l.Args...), after.Key, after.ID)
		n := len(args)
		page += fmt.Sprintf(` AND (%s, %s) %s ($%d::%s, $%d::uuid)`, l.Column, l.ID, cmp, n-1, l.Type, n)
		offset = 0
	}
	n := len(args)
	rows, err := tx.Query(ctx, fmt.Sprintf(`%s WHERE %s ORDER BY %s LIMIT $%d OFFSET $%d`, l.Select, page, l.Order, n+1, n+2),
		append(args, q.PerPage, offset)...)
	if err != nil {
		return nil, "", err
	}
	items, err = Collect(rows, scan)
	if err != nil || len(items) < q.PerPage || l.Type == "" {
		return items, "", err
	}
	last := id(items[len(items)-1])
	var key string
	if err := tx.QueryRow(ctx, l.Key, last).Scan(&key); err != nil {
		return nil, "", err
	}
	return items, listCursor{Sort: q.cursorSort(), Key: key, ID: last}.encode(), nil
}

// SearchWhere adds the list's search to where: the name, normalised as
// name_key keeps it, anywhere in it.
func SearchWhere(q ListQuery, alias, where string, args []any) (string, []any) {
	if search := strings.TrimSpace(q.Search); search != "" {
		args = append(args, "%"+EscapeLike(names.Normalize(search))+"%")
		where += ` AND ` + alias + `name_key LIKE $` + strconv.Itoa(len(args))
	}
	return where, args
}

// EscapeLike makes user text match itself in a LIKE pattern.
func EscapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// Querier is a pool or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Collect scans every row; an empty result is an empty list, never null.
func Collect[T any](rows pgx.Rows, scan func(pgx.Row) (T, error)) ([]T, error) {
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
