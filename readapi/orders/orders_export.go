package orders

import (
	"encoding/csv"
	"fmt"
	"move/eventstore"
	"move/readapi/kernel"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
)

// orderExportColumns are the export's columns (field names, titled in the user's language).
var orderExportColumns = []string{"order_id", "placed_at", "organization", "customer", "customer_email", "title", "payment_type", "status", "payout_month",
	"subtotal_cents", "vat_cents", "transaction_fee_cents", "total_cents", "paid_cents", "refunded_cents"}

func (s *Handlers) exportApplicationOrders(w http.ResponseWriter, r *http.Request) error {
	sc, err := s.applicationOrderScope(r)
	if err != nil {
		return err
	}
	return s.exportOrders(w, r, sc)
}

func (s *Handlers) exportAllOrders(w http.ResponseWriter, r *http.Request) error {
	return s.exportOrders(w, r, platformOrderScope())
}

// exportOrders streams exactly the orders the filters show, as they stood at a log
// Position (decision 0905): each order's version valid at that position, so the same
// request with the same position gives the same file whatever happened since. Without
// Position= it is the newest position the orders read model holds, named in
// X-Event-Position so the file can be made again. Rows stream from one cursor; a total
// row ends the file.
func (s *Handlers) exportOrders(w http.ResponseWriter, r *http.Request, sc orderScope) error {
	format := r.URL.Query().Get("format")
	switch format {
	case "":
		format = "xlsx"
	case "csv", "xlsx":
	default:
		return kernel.BadQuery("format")
	}
	var pinned *eventstore.Position
	if v := r.URL.Query().Get("position"); v != "" {
		p, err := eventstore.ParsePosition(v)
		if err != nil {
			return kernel.BadQuery("position")
		}
		pinned = &p
	}
	where, args, search, err := orderFilter(r, sc, "v")
	if err != nil {
		return err
	}
	if err := s.platformCustomers(r, &sc); err != nil {
		return err
	}
	language := kernel.Lang(r)
	header := kernel.ColumnTitles(language, orderExportColumns)
	var out orderSink
	if format == "csv" {
		out = &csvSink{w: w, header: header}
	} else {
		sh, err := kernel.NewSheet("Orders", header)
		if err != nil {
			return err
		}
		defer sh.Close()
		out = &sheetSink{Sheet: sh}
	}
	return s.read(r, sc, func(tx pgx.Tx) error {
		ctx := r.Context()
		where, args, err := searchOrders(ctx, tx, sc, where, args, search)
		if err != nil {
			return err
		}
		var position eventstore.Position
		if pinned != nil {
			position = *pinned
		} else if err := tx.QueryRow(ctx, `SELECT coalesce(max(from_commit), 0), coalesce(max(from_position), 0) FROM
			(SELECT from_commit, from_position FROM readmodel.order_versions ORDER BY from_commit DESC, from_position DESC LIMIT 1) x`).
			Scan(&position.Commit, &position.Prepare); err != nil {
			return err
		}
		w.Header().Set("X-Event-Position", position.String())
		// Plans of this size cross jit_above_cost; compiling them costs more than the
		// rows' expressions it would speed up.
		if _, err := tx.Exec(ctx, `SET LOCAL jit = off`); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, exportQuery(sc, where, len(args)), append(args, int64(position.Commit), int64(position.Prepare))...)
		if err != nil {
			return err
		}
		defer rows.Close()
		var (
			sum                                                       [6]int64
			figures                                                   = make([]int64, 6)
			id, organization, title, status, paymentType, payoutMonth string
			name, email                                               *string
			placed                                                    time.Time
			subtotal, vat, fee, total, paid, refunded                 int64
			text                                                      = make([]string, 9)
		)
		for rows.Next() {
			if err := rows.Scan(&id, &placed, &organization, &name, &email, &title, &status, &paymentType, &payoutMonth,
				&subtotal, &vat, &fee, &total, &paid, &refunded); err != nil {
				return err
			}
			figures[0], figures[1], figures[2], figures[3], figures[4], figures[5] = subtotal, vat, fee, total, paid, refunded
			for i, f := range figures {
				sum[i] += f
			}
			text[0], text[1], text[2], text[3], text[4], text[5], text[6], text[7], text[8] = id, placed.In(sc.zone).Format("2006-01-02 15:04"),
				organization, deref(name), deref(email), title, paymentTypeTitle(language, paymentType), kernel.StateTitle(language, status), payoutMonth
			if err := out.row(text, figures); err != nil {
				return err
			}
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if err := out.row([]string{kernel.Translate(language, "export.total", nil), "", "", "", "", "", "", "", ""}, sum[:]); err != nil {
			return err
		}
		return out.finish(w, r, "orders")
	})
}

// exportQuery is the export's query: the orders the filters (where, with n arguments)
// show, each with its version valid at the position ($n+1, $n+2), in the overview's
// order; then the organisation's name and the customer's name and address, looked up
// per row on the sorted orders (decision 1800). Joined before the sort, the personal
// data made every sorted row about 330 bytes wide (31 MB spilled to disk for 100,000
// orders) and the planner read all persons of every tenant, checking each against the
// tenant's policy; looked up after it, only the narrow order rows are sorted and only
// the exported customers are read. The lateral lookups are not flattened into joins
// (OFFSET 0), so the rows keep the sorted order and the final ORDER BY sorts nothing.
// Only the file's columns are read, in Postgres's binary form.
func exportQuery(sc orderScope, where string, n int) string {
	people := `LEFT JOIN LATERAL (SELECT p.first_name, p.last_name, p.email FROM identity_personal_data p
		WHERE p.subject_id = x.customer_id OFFSET 0) p ON true`
	if sc.platform { // the platform's role reads no personal data: the customer columns stay blank, as in orderFrom
		people = `LEFT JOIN LATERAL (SELECT NULL::text AS first_name, NULL::text AS last_name, NULL::text AS email) p ON false`
	}
	return fmt.Sprintf(`SELECT x.id, x.placed_at, coalesce(g.name, ''), nullif(%s, ''), nullif(p.email, ''), x.title, x.status,
		       x.payment_type, x.payout_month, x.subtotal_cents, x.vat_cents, x.transaction_fee_cents, x.total_cents,
		       x.paid_cents, x.refunded_cents
		  FROM (SELECT o.id, o.placed_at, o.organization_id, o.customer_id, o.title, v.status, o.payment_type, o.payout_month,
		               o.subtotal_cents, o.vat_cents, o.transaction_fee_cents, o.total_cents, v.paid_cents, v.refunded_cents
		          FROM readmodel.orders o JOIN readmodel.order_versions v ON v.order_id = o.id
		         WHERE %s AND (v.from_commit, v.from_position) <= ($%d, $%d)
		           AND (v.to_commit IS NULL OR (v.to_commit, v.to_position) > ($%d, $%d))
		         ORDER BY o.placed_at, o.id OFFSET 0) x
		  LEFT JOIN LATERAL (SELECT g.name FROM readmodel.organizations g WHERE g.id = x.organization_id OFFSET 0) g ON true
		  %s
		 ORDER BY x.placed_at, x.id`, kernel.PersonName("p"), where, n+1, n+2, n+1, n+2, people)
}

// orderSink is where an export's rows go: text cells, then money in cents (written as
// euros).
type orderSink interface {
	row(text []string, cents []int64) error
	finish(w http.ResponseWriter, r *http.Request, name string) error
}

type sheetSink struct {
	*kernel.Sheet
	cells []any // reused row after row
}

func (s *sheetSink) row(text []string, cents []int64) error {
	cells := s.cells[:0]
	for _, t := range text {
		cells = append(cells, t)
	}
	for _, c := range cents {
		cells = append(cells, float64(c)/100) // a number cell; cents are exact below 2^53
	}
	s.cells = cells
	return s.Add(cells)
}

func (s *sheetSink) finish(w http.ResponseWriter, r *http.Request, name string) error {
	return s.Answer(w, r, name+".xlsx")
}

// csvSink writes each row to the answer as it comes (the answer starts with the first
// row, after the headers are set), so memory stays flat however many orders there are.
type csvSink struct {
	w       http.ResponseWriter
	cw      *csv.Writer
	header  []string
	written int
}

func (c *csvSink) row(text []string, cents []int64) error {
	if c.cw == nil {
		c.w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		c.w.Header().Set("Content-Disposition", `attachment; filename="orders.csv"`)
		c.w.WriteHeader(http.StatusOK)
		c.cw = csv.NewWriter(c.w)
		if err := c.cw.Write(c.header); err != nil {
			return err
		}
	}
	cells := make([]string, 0, len(text)+len(cents))
	for _, t := range text {
		cells = append(cells, kernel.Neutralize(t))
	}
	for _, v := range cents {
		cells = append(cells, euros(v))
	}
	c.written++
	if c.written%1000 == 0 {
		c.cw.Flush()
	}
	return c.cw.Write(cells)
}

func (c *csvSink) finish(http.ResponseWriter, *http.Request, string) error {
	c.cw.Flush()
	return c.cw.Error()
}

// euros writes cents as a decimal amount ("-12.50").
func euros(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d.%02d", sign, cents/100, cents%100)
}

// deref is a nullable text as a cell: blank for none (no customer, or an erased one).
func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// paymentTypeTitle is a payment type in the user's language ("euros" → "Euro's").
func paymentTypeTitle(language, paymentType string) string {
	if key := "payment_type." + paymentType; kernel.Translate(language, key, nil) != key {
		return kernel.Translate(language, key, nil)
	}
	return paymentType
}
