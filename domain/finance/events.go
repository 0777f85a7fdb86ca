// Package finance is the platform's money towards organisations: what it owes each of
// them per payout month (paid − refunded − fees), the SEPA credit-transfer batches that
// pay it, and the monthly invoices for the platform's fees.
//
// Everything here is immutable once decided. A generated SEPA batch is a fact in the
// application's sepa ledger; what changes afterwards (a late refund) is settled by the
// next batch, because each batch pays an organisation its balance up to and including
// its month minus everything earlier batches paid. Invoices work alike: the month's
// invoice charges the fees up to that month not yet invoiced, a correction is a credit
// note, and numbers come without gaps per year from a counter stream appended in the
// same atomic write as the invoices that use them (decisions 0920, 0921).
//
// Streams (names permanent): sepa_ledger-{application}, invoice_ledger-{application},
// invoice_numbers-{year}.
package finance

import "move/domain"

// Debtor is the platform's own account, which every transfer of a batch is paid from.
type Debtor struct {
	Name string `json:"name"`
	IBAN string `json:"iban"`
	// BIC may be empty: SEPA transfers within the EEA need no BIC (NOTPROVIDED).
	BIC string `json:"bic,omitempty"`
}

// Transfer is one organisation's payment in a batch. The account details are the
// organisation's finance data at generation time, sealed with the organisation's key.
type Transfer struct {
	OrganizationID string `json:"organization_id"`
	// Subject is the organisation's stream: the personal fields are sealed with its key
	// (decision 0510), so erasing the organisation's data also blanks old batches.
	Subject     string `json:"subject" personal:"subject"`
	Name        string `json:"name"`
	AccountName string `json:"account_name" personal:""`
	IBAN        string `json:"iban" personal:""`
	AmountCents int64  `json:"amount_cents"`
	EndToEndID  string `json:"end_to_end_id"`
}

// SepaBatchGenerated: the month's credit-transfer batch of an application. Never
// changed afterwards; ExecutionDate is the requested day of payment (YYYY-MM-DD).
type SepaBatchGenerated struct {
	BatchID       string     `json:"batch_id"`
	ApplicationID string     `json:"application_id"`
	Month         Month      `json:"month"`
	GeneratedAt   string     `json:"generated_at"`
	ExecutionDate string     `json:"execution_date"`
	Debtor        Debtor     `json:"debtor"`
	Transfers     []Transfer `json:"transfers"`
}

// Issuer is the platform as the seller on its invoices, as it was when each was issued.
type Issuer struct {
	Name      string `json:"name"`
	Address   string `json:"address"`
	KVK       string `json:"kvk"`
	VATNumber string `json:"vat_number"`
	IBAN      string `json:"iban"`
}

// Customer is the organisation an invoice is addressed to, as it was when issued.
type Customer struct {
	OrganizationID string `json:"organization_id"`
	Subject        string `json:"subject" personal:"subject"`
	Name           string `json:"name"`
	ATTN           string `json:"attn" personal:""`
	Address        string `json:"address" personal:""`
}

// Invoice kinds.
const (
	KindInvoice    = "invoice"
	KindCreditNote = "credit_note"
)

// InvoiceIssued: one invoice (or credit note) of the platform to an organisation.
// AmountCents includes VAT (negative on a credit note); Number is "YYYY-NNNNNN".
type InvoiceIssued struct {
	InvoiceID     string   `json:"invoice_id"`
	ApplicationID string   `json:"application_id"`
	Kind          string   `json:"kind"`
	Number        string   `json:"number"`
	Year          int      `json:"year"`
	Sequence      int64    `json:"sequence"`
	Month         Month    `json:"month"`
	IssuedOn      string   `json:"issued_on"`
	Issuer        Issuer   `json:"issuer"`
	Customer      Customer `json:"customer"`
	AmountCents   int64    `json:"amount_cents"`
	VATCents      int64    `json:"vat_cents"`
	VATPercent    int      `json:"vat_percent"`
	// Corrects is the invoice a credit note cancels, with the reason.
	Corrects string `json:"corrects,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// InvoiceMonthClosed: every organisation's invoice of the month has been issued (also
// when nobody owed fees); generating the month again is refused.
type InvoiceMonthClosed struct {
	ApplicationID string `json:"application_id"`
	Month         Month  `json:"month"`
	Invoices      int    `json:"invoices"`
}

// InvoiceNumbersTaken: numbers From..To of the year went to invoices appended in the
// same write. The counter stream is appended at the version it was read at, so two
// writers can never take the same number, and a failed write takes none.
type InvoiceNumbersTaken struct {
	Year int   `json:"year"`
	From int64 `json:"from"`
	To   int64 `json:"to"`
}

func (SepaBatchGenerated) EventType() string  { return "sepa_batch.generated.v1" }
func (InvoiceIssued) EventType() string       { return "invoice.issued.v1" }
func (InvoiceMonthClosed) EventType() string  { return "invoice.month_closed.v1" }
func (InvoiceNumbersTaken) EventType() string { return "invoice_numbers.taken.v1" }

// Register adds the finance events to a registry.
func Register(r *domain.Registry) {
	r.Register(SepaBatchGenerated{}, InvoiceIssued{}, InvoiceMonthClosed{}, InvoiceNumbersTaken{})
}

// Stream names; the prefixes are permanent.
const (
	SepaLedgerPrefix     = "sepa_ledger-"
	InvoiceLedgerPrefix  = "invoice_ledger-"
	InvoiceNumbersPrefix = "invoice_numbers-"
)

func SepaLedgerStream(applicationID string) string    { return SepaLedgerPrefix + applicationID }
func InvoiceLedgerStream(applicationID string) string { return InvoiceLedgerPrefix + applicationID }
