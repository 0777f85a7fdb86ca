package finance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/finance"
	rmfinance "move/projections/finance"
	rmorg "move/projections/organizations"
	"move/readapi/kernel"
)

// PermManageFinances is the platform's finance work: SEPA batches and invoices. No
// Role but superadmin holds it by default (spec: sepas and invoices are superadmin
// screens); an organisation's own finances need view-organization in it.
const PermManageFinances = "manage-finances"

type monthInput struct {
	Month string `json:"month"`
}

type creditInput struct {
	Reason string `json:"reason"`
}

type sepaBatchRow struct {
	ID            string         `json:"id"`
	Month         string         `json:"month"`
	GeneratedAt   string         `json:"generated_at"`
	ExecutionDate string         `json:"execution_date"`
	Debtor        finance.Debtor `json:"debtor"`
	Transfers     int            `json:"transfers"`
	TotalCents    int64          `json:"total_cents"`
}

type sepaTransferRow struct {
	Line           int    `json:"line"`
	OrganizationID string `json:"organization_id"`
	Name           string `json:"name"`
	AccountName    string `json:"account_name"`
	IBAN           string `json:"iban"`
	AmountCents    int64  `json:"amount_cents"`
	EndToEndID     string `json:"end_to_end_id"`
}

type sepaBatchDetail struct {
	sepaBatchRow
	Lines []sepaTransferRow `json:"lines"`
}

type invoiceRow struct {
	ID               string  `json:"id"`
	OrganizationID   string  `json:"organization_id"`
	OrganizationName string  `json:"organization_name"`
	Number           string  `json:"number"`
	Kind             string  `json:"kind"`
	Month            string  `json:"month"`
	IssuedOn         string  `json:"issued_on"`
	AmountCents      int64   `json:"amount_cents"`
	VATCents         int64   `json:"vat_cents"`
	VATPercent       int     `json:"vat_percent"`
	Corrects         *string `json:"corrects"`
	CreditedBy       *string `json:"credited_by"`
	Reason           string  `json:"reason"`
}

type payoutMonthRow struct {
	Month         string `json:"month"`
	PaidCents     int64  `json:"paid_cents"`
	RefundedCents int64  `json:"refunded_cents"`
	FeeCents      int64  `json:"fee_cents"`
	PayoutCents   int64  `json:"payout_cents"`
	Orders        int64  `json:"orders"`
}

type transferOfOrganization struct {
	BatchID       string `json:"batch_id"`
	Month         string `json:"month"`
	ExecutionDate string `json:"execution_date"`
	AmountCents   int64  `json:"amount_cents"`
	EndToEndID    string `json:"end_to_end_id"`
}

// organizationFinances is the organisation's finances screen: its months (payout =
// paid − refunded − fees), what SEPA batches paid it, and the balance still due.
type organizationFinances struct {
	Months           []payoutMonthRow         `json:"months"`
	Payouts          []transferOfOrganization `json:"payouts"`
	BalanceCents     int64                    `json:"balance_cents"`
	TransferredCents int64                    `json:"transferred_cents"`
}

type financeOrderRow struct {
	ID            string `json:"id"`
	PayoutMonth   string `json:"payout_month"`
	PaymentType   string `json:"payment_type"`
	TotalCents    int64  `json:"total_cents"`
	FeeCents      int64  `json:"fee_cents"`
	PaidCents     int64  `json:"paid_cents"`
	RefundedCents int64  `json:"refunded_cents"`
	PlacedAt      string `json:"placed_at"`
}

func (s *Handlers) Routes() []kernel.Route {
	reads := []string{rmfinance.Name}
	orgReads := []string{rmfinance.Name, rmorg.Name}
	org := "/v1/admin/organizations/{id}"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: "/v1/admin/sepas", Permission: PermManageFinances, Reads: reads, Handler: s.listSepaBatches,
			Doc: kernel.Doc{Summary: "SEPA batches of the application, newest month first", Response: kernel.DataAnswer[[]sepaBatchRow]{}}},
		{Method: http.MethodPost, Pattern: "/v1/admin/sepas", Permission: PermManageFinances, Reads: orgReads, Handler: s.generateSepaBatch,
			Doc: kernel.Doc{Summary: "Generate the SEPA batch of an ended month (YYYY-MM): each organisation its balance up to the month minus what earlier batches paid; once per month", Request: monthInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: "/v1/admin/sepas/{batch_id}", Permission: PermManageFinances, Reads: reads, Handler: s.getSepaBatch,
			Doc: kernel.Doc{Summary: "One SEPA batch with its transfers", Response: kernel.DataAnswer[sepaBatchDetail]{}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/sepas/{batch_id}/xml", Permission: PermManageFinances, Reads: reads, Handler: s.sepaBatchXML,
			Doc: kernel.Doc{Summary: "The batch as a pain.001.001.03 credit-transfer file"}},
		{Method: http.MethodGet, Pattern: "/v1/admin/invoices", Permission: PermManageFinances, Reads: reads, Handler: s.listInvoices(false),
			Doc: kernel.Doc{Summary: "Invoices and credit notes of the application, newest number first (organization_id, year; page, itemsPerPage)", Response: kernel.ListAnswer[invoiceRow]{}, Query: []string{"organization_id", "year", "page", "itemsPerPage"}}},
		{Method: http.MethodPost, Pattern: "/v1/admin/invoices", Permission: PermManageFinances, Reads: orgReads, Handler: s.closeInvoiceMonth,
			Doc: kernel.Doc{Summary: "Issue the invoices of an ended month (YYYY-MM) for the platform's fees, numbered without gaps per year; once per month", Request: monthInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: "/v1/admin/invoices/{invoice_id}/pdf", Permission: PermManageFinances, Reads: reads, Handler: s.invoicePDF(false),
			Doc: kernel.Doc{Summary: "An invoice or credit note as PDF"}},
		{Method: http.MethodPost, Pattern: "/v1/admin/invoices/{invoice_id}/credit-note", Permission: PermManageFinances, Handler: s.creditInvoice,
			Doc: kernel.Doc{Summary: "Cancel an invoice with a credit note (reason required); the invoice never changes", Request: creditInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: org + "/finances", Permission: kernel.PermViewOrganization, Reads: orgReads, Handler: s.organizationFinances,
			Doc: kernel.Doc{Summary: "The organisation's payout months (paid − refunded − fees), its SEPA transfers and its balance", Response: kernel.DataAnswer[organizationFinances]{}}},
		{Method: http.MethodGet, Pattern: org + "/finances/orders", Permission: kernel.PermViewOrganization, Reads: orgReads, Handler: s.organizationFinanceOrders,
			Doc: kernel.Doc{Summary: "The organisation's orders of a payout month (month=YYYY-MM; page, itemsPerPage)", Response: kernel.ListAnswer[financeOrderRow]{}, Query: []string{"month", "page", "itemsPerPage"}}},
		{Method: http.MethodGet, Pattern: org + "/invoices", Permission: kernel.PermViewOrganization, Reads: orgReads, Handler: s.listInvoices(true),
			Doc: kernel.Doc{Summary: "The organisation's invoices and credit notes, newest first (year; page, itemsPerPage)", Response: kernel.ListAnswer[invoiceRow]{}, Query: []string{"year", "page", "itemsPerPage"}}},
		{Method: http.MethodGet, Pattern: org + "/invoices/{invoice_id}/pdf", Permission: kernel.PermViewOrganization, Reads: orgReads, Handler: s.invoicePDF(true),
			Doc: kernel.Doc{Summary: "One of the organisation's invoices as PDF"}},
	}
}

// parseMonthInput reads the body's month.
func parseMonthInput(r *http.Request, w http.ResponseWriter) (finance.Month, error) {
	var in monthInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return "", err
	}
	m, ok := finance.ParseMonth(in.Month)
	if !ok {
		var v domain.ValidationError
		v.Add("month", "finance.month_format", nil)
		return "", &v
	}
	return m, nil
}

func (s *Handlers) generateSepaBatch(w http.ResponseWriter, r *http.Request) error {
	month, err := parseMonthInput(r, w)
	if err != nil {
		return err
	}
	_, zone, err := s.ApplicationZone(r)
	if err != nil {
		return err
	}
	app := kernel.TenantFrom(r.Context()).ApplicationID
	var payees []finance.Payee
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `
			SELECT o.id::text, o.name, o.finance_account_name, o.finance_iban, b.balance
			  FROM (SELECT organization_id, sum(paid_cents - refunded_cents - fee_cents) AS balance
			          FROM readmodel.finance_payouts WHERE application_id = $1 AND month <= $2 GROUP BY organization_id) b
			  JOIN readmodel.organizations o ON o.application_id = $1 AND o.id = b.organization_id
			 ORDER BY o.name, o.id`, app, string(month))
		if err != nil {
			return err
		}
		payees, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (finance.Payee, error) {
			var p finance.Payee
			err := row.Scan(&p.OrganizationID, &p.Name, &p.AccountName, &p.IBAN, &p.BalanceCents)
			return p, err
		})
		return err
	})
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.GenerateSepaBatch(r.Context(), m, month, zone, s.Finance.Debtor, payees)
	return s.AnswerCommand(w, "generate_sepa_batch", http.StatusCreated, res, err)
}

func (s *Handlers) closeInvoiceMonth(w http.ResponseWriter, r *http.Request) error {
	month, err := parseMonthInput(r, w)
	if err != nil {
		return err
	}
	_, zone, err := s.ApplicationZone(r)
	if err != nil {
		return err
	}
	app := kernel.TenantFrom(r.Context()).ApplicationID
	var billed []finance.Billed
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `
			SELECT o.id::text, o.name, o.finance_attn, o.finance_address, f.fees
			  FROM (SELECT organization_id, sum(fee_cents) AS fees
			          FROM readmodel.finance_payouts WHERE application_id = $1 AND month <= $2 GROUP BY organization_id) f
			  JOIN readmodel.organizations o ON o.application_id = $1 AND o.id = f.organization_id
			 ORDER BY o.name, o.id`, app, string(month))
		if err != nil {
			return err
		}
		billed, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (finance.Billed, error) {
			var b finance.Billed
			err := row.Scan(&b.OrganizationID, &b.Name, &b.ATTN, &b.Address, &b.FeesCents)
			return b, err
		})
		return err
	})
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CloseInvoiceMonth(r.Context(), m, month, zone, s.Finance.Issuer, billed)
	return s.AnswerCommand(w, "close_invoice_month", http.StatusCreated, res, err)
}

func (s *Handlers) creditInvoice(w http.ResponseWriter, r *http.Request) error {
	id, err := kernel.UUIDParam(r, "invoice_id", "invoice")
	if err != nil {
		return err
	}
	var in creditInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreditInvoice(r.Context(), m, id, in.Reason)
	return s.AnswerCommand(w, "credit_invoice", http.StatusCreated, res, err)
}

const sepaBatchColumns = `id::text, month, to_char(generated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), execution_date::text, debtor, transfers, total_cents`

func scanSepaBatch(row pgx.Row) (sepaBatchRow, error) {
	var b sepaBatchRow
	var debtor []byte
	if err := row.Scan(&b.ID, &b.Month, &b.GeneratedAt, &b.ExecutionDate, &debtor, &b.Transfers, &b.TotalCents); err != nil {
		return b, err
	}
	return b, json.Unmarshal(debtor, &b.Debtor)
}

func (s *Handlers) listSepaBatches(w http.ResponseWriter, r *http.Request) error {
	var out []sepaBatchRow
	err := s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT `+sepaBatchColumns+` FROM readmodel.sepa_batches WHERE application_id = $1 ORDER BY month DESC`, kernel.TenantFrom(r.Context()).ApplicationID)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (sepaBatchRow, error) { return scanSepaBatch(row) })
		return err
	})
	if err != nil {
		return err
	}
	if out == nil {
		out = []sepaBatchRow{}
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]sepaBatchRow]{Data: out})
	return nil
}

func (s *Handlers) readSepaBatch(r *http.Request) (sepaBatchDetail, error) {
	var d sepaBatchDetail
	id, err := kernel.UUIDParam(r, "batch_id", "sepa_batch")
	if err != nil {
		return d, err
	}
	app := kernel.TenantFrom(r.Context()).ApplicationID
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		if d.sepaBatchRow, err = scanSepaBatch(tx.QueryRow(r.Context(), `SELECT `+sepaBatchColumns+` FROM readmodel.sepa_batches WHERE application_id = $1 AND id = $2`, app, id)); err != nil {
			return err
		}
		rows, err := tx.Query(r.Context(), `
			SELECT line, organization_id::text, name, account_name, iban, amount_cents, end_to_end_id
			  FROM readmodel.sepa_transfers WHERE application_id = $1 AND batch_id = $2 ORDER BY line`, app, id)
		if err != nil {
			return err
		}
		d.Lines, err = pgx.CollectRows(rows, pgx.RowToStructByPos[sepaTransferRow])
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return d, &domain.NotFoundError{Kind: "sepa_batch", ID: id}
	}
	return d, err
}

func (s *Handlers) getSepaBatch(w http.ResponseWriter, r *http.Request) error {
	d, err := s.readSepaBatch(r)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[sepaBatchDetail]{Data: d})
	return nil
}

// sepaBatchXML writes the batch's file from the read model, which holds the event's
// values: the same batch gives the same file every time.
func (s *Handlers) sepaBatchXML(w http.ResponseWriter, r *http.Request) error {
	d, err := s.readSepaBatch(r)
	if err != nil {
		return err
	}
	b := finance.SepaBatchGenerated{BatchID: d.ID, Month: finance.Month(d.Month), GeneratedAt: d.GeneratedAt, ExecutionDate: d.ExecutionDate, Debtor: d.Debtor}
	for _, l := range d.Lines {
		b.Transfers = append(b.Transfers, finance.Transfer{OrganizationID: l.OrganizationID, Name: l.Name, AccountName: l.AccountName,
			IBAN: l.IBAN, AmountCents: l.AmountCents, EndToEndID: l.EndToEndID})
	}
	var buf bytes.Buffer
	if err := finance.WritePain001(&buf, b); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/xml")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="sepa-%s.xml"`, d.Month))
	_, err = w.Write(buf.Bytes())
	return err
}

const invoiceColumns = `i.id::text, i.organization_id::text, i.customer_name, i.number, i.kind, i.month, i.issued_on::text, i.amount_cents,
	i.vat_cents, i.vat_percent, i.corrects::text, i.credited_by::text, i.reason`

// listInvoices lists the application's invoices, or (ofOrganization) those of the
// organisation in the path, which the caller must be allowed to view.
func (s *Handlers) listInvoices(ofOrganization bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		q, err := kernel.ParseListQuery(r, map[string]string{"number": ""}, "number")
		if err != nil {
			return err
		}
		var organization *string
		if ofOrganization {
			id, err := s.ExistingOrganizationInScope(r, kernel.PermViewOrganization)
			if err != nil {
				return err
			}
			organization = &id
		} else if v := r.URL.Query().Get("organization_id"); v != "" {
			organization = &v
		}
		var year *int
		if v := r.URL.Query().Get("year"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 2000 || n > 9999 {
				return kernel.BadQuery("year")
			}
			year = &n
		}
		if organization != nil {
			if _, err := uuid.Parse(*organization); err != nil {
				return kernel.BadQuery("organization_id")
			}
		}
		var out []invoiceRow
		var total int64
		err = s.InTenant(r, func(tx pgx.Tx) error {
			app := kernel.TenantFrom(r.Context()).ApplicationID
			where := `WHERE i.application_id = $1 AND ($2::uuid IS NULL OR i.organization_id = $2::uuid) AND ($3::int IS NULL OR i.year = $3)`
			if err := tx.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.invoices i `+where, app, organization, year).Scan(&total); err != nil {
				return err
			}
			rows, err := tx.Query(r.Context(), `SELECT `+invoiceColumns+` FROM readmodel.invoices i `+where+`
				ORDER BY i.year DESC, i.sequence DESC LIMIT $4 OFFSET $5`, app, organization, year, q.PerPage, q.Offset())
			if err != nil {
				return err
			}
			out, err = pgx.CollectRows(rows, pgx.RowToStructByPos[invoiceRow])
			return err
		})
		if err != nil {
			return err
		}
		if out == nil {
			out = []invoiceRow{}
		}
		kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[invoiceRow]{Data: out, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
		return nil
	}
}

func (s *Handlers) invoicePDF(ofOrganization bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := kernel.UUIDParam(r, "invoice_id", "invoice")
		if err != nil {
			return err
		}
		var organization *string
		if ofOrganization {
			org, err := s.ExistingOrganizationInScope(r, kernel.PermViewOrganization)
			if err != nil {
				return err
			}
			organization = &org
		}
		var inv finance.InvoiceIssued
		var issuer []byte
		var correctsNumber *string
		err = s.InTenant(r, func(tx pgx.Tx) error {
			return tx.QueryRow(r.Context(), `
				SELECT i.id::text, i.kind, i.number, i.month, i.issued_on::text, i.amount_cents, i.vat_cents, i.vat_percent, i.reason, i.issuer,
				       i.organization_id::text, i.customer_name, i.customer_attn, i.customer_address, c.number
				  FROM readmodel.invoices i LEFT JOIN readmodel.invoices c ON c.id = i.corrects
				 WHERE i.application_id = $1 AND i.id = $2 AND ($3::uuid IS NULL OR i.organization_id = $3::uuid)`, kernel.TenantFrom(r.Context()).ApplicationID, id, organization).
				Scan(&inv.InvoiceID, &inv.Kind, &inv.Number, &inv.Month, &inv.IssuedOn, &inv.AmountCents, &inv.VATCents, &inv.VATPercent,
					&inv.Reason, &issuer, &inv.Customer.OrganizationID, &inv.Customer.Name, &inv.Customer.ATTN, &inv.Customer.Address, &correctsNumber)
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return &domain.NotFoundError{Kind: "invoice", ID: id}
		}
		if err != nil {
			return err
		}
		if err := json.Unmarshal(issuer, &inv.Issuer); err != nil {
			return err
		}
		if correctsNumber != nil {
			inv.Corrects = *correctsNumber
		}
		var buf bytes.Buffer
		if err := writeInvoicePDF(&buf, inv, kernel.Lang(r)); err != nil {
			return err
		}
		w.Header().Set("Content-Type", "application/pdf")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s.pdf"`, inv.Kind, inv.Number))
		_, err = w.Write(buf.Bytes())
		return err
	}
}

func (s *Handlers) organizationFinances(w http.ResponseWriter, r *http.Request) error {
	id, err := s.ExistingOrganizationInScope(r, kernel.PermViewOrganization)
	if err != nil {
		return err
	}
	app := kernel.TenantFrom(r.Context()).ApplicationID
	var f organizationFinances
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `
			SELECT month, paid_cents, refunded_cents, fee_cents, paid_cents - refunded_cents - fee_cents, orders
			  FROM readmodel.finance_payouts WHERE application_id = $1 AND organization_id = $2 ORDER BY month DESC`, app, id)
		if err != nil {
			return err
		}
		if f.Months, err = pgx.CollectRows(rows, pgx.RowToStructByPos[payoutMonthRow]); err != nil {
			return err
		}
		rows, err = tx.Query(r.Context(), `
			SELECT b.id::text, b.month, b.execution_date::text, t.amount_cents, t.end_to_end_id
			  FROM readmodel.sepa_transfers t JOIN readmodel.sepa_batches b ON b.id = t.batch_id
			 WHERE t.application_id = $1 AND t.organization_id = $2 ORDER BY b.month DESC`, app, id)
		if err != nil {
			return err
		}
		f.Payouts, err = pgx.CollectRows(rows, pgx.RowToStructByPos[transferOfOrganization])
		return err
	})
	if err != nil {
		return err
	}
	for _, m := range f.Months {
		f.BalanceCents += m.PayoutCents
	}
	for _, p := range f.Payouts {
		f.TransferredCents += p.AmountCents
	}
	if f.Months == nil {
		f.Months = []payoutMonthRow{}
	}
	if f.Payouts == nil {
		f.Payouts = []transferOfOrganization{}
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[organizationFinances]{Data: f})
	return nil
}

func (s *Handlers) organizationFinanceOrders(w http.ResponseWriter, r *http.Request) error {
	id, err := s.ExistingOrganizationInScope(r, kernel.PermViewOrganization)
	if err != nil {
		return err
	}
	q, err := kernel.ParseListQuery(r, map[string]string{"placed_at": ""}, "placed_at")
	if err != nil {
		return err
	}
	month, ok := finance.ParseMonth(r.URL.Query().Get("month"))
	if !ok {
		return kernel.BadQuery("month")
	}
	app := kernel.TenantFrom(r.Context()).ApplicationID
	var out []financeOrderRow
	var total int64
	err = s.InTenant(r, func(tx pgx.Tx) error {
		const where = `WHERE application_id = $1 AND organization_id = $2 AND payout_month = $3`
		if err := tx.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.finance_orders `+where, app, id, string(month)).Scan(&total); err != nil {
			return err
		}
		rows, err := tx.Query(r.Context(), `
			SELECT id::text, payout_month, payment_type, total_cents, fee_cents, paid_cents, refunded_cents,
			       to_char(placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
			  FROM readmodel.finance_orders `+where+` ORDER BY placed_at DESC, id LIMIT $4 OFFSET $5`, app, id, string(month), q.PerPage, q.Offset())
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, pgx.RowToStructByPos[financeOrderRow])
		return err
	})
	if err != nil {
		return err
	}
	if out == nil {
		out = []financeOrderRow{}
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[financeOrderRow]{Data: out, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}
