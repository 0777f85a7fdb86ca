package finance

import (
	"fmt"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/names"
	"move/domain/order"
	"move/domain/organization"
)

// Billed is an organisation as the read models know it when the month's invoices are
// issued: its fees up to and including the month, and whom to address.
type Billed struct {
	Customer
	FeesCents int64
}

// InvoiceLedger is an application's invoices: what each organisation has been
// invoiced in all (credit notes subtracted), which months are closed, and each invoice
// with whether a credit note cancelled it.
type InvoiceLedger struct {
	ApplicationID string
	Closed        map[Month]bool
	InvoicedCents map[string]int64 // organisation → invoices minus credit notes
	Invoices      map[string]*InvoiceIssued
	CreditedBy    map[string]string // invoice → its credit note
}

func NewInvoiceLedger(applicationID string) *InvoiceLedger {
	return &InvoiceLedger{ApplicationID: applicationID, Closed: map[Month]bool{}, InvoicedCents: map[string]int64{},
		Invoices: map[string]*InvoiceIssued{}, CreditedBy: map[string]string{}}
}

func (l *InvoiceLedger) Apply(e domain.Event) {
	switch e := e.(type) {
	case InvoiceIssued:
		l.Invoices[e.InvoiceID] = &e
		l.InvoicedCents[e.Customer.OrganizationID] += e.AmountCents
		if e.Corrects != "" {
			l.CreditedBy[e.Corrects] = e.InvoiceID
		}
	case InvoiceMonthClosed:
		l.Closed[e.Month] = true
	}
}

// InvoiceNumbers is the counter of one year's invoice numbers: the last one taken.
type InvoiceNumbers struct {
	Year int
	Last int64
}

func (n *InvoiceNumbers) Apply(e domain.Event) {
	if t, ok := e.(InvoiceNumbersTaken); ok {
		n.Last = t.To
	}
}

// InvoiceNumbersStream is the counter stream of a year.
func InvoiceNumbersStream(year int) string { return fmt.Sprintf("%s%d", InvoiceNumbersPrefix, year) }

// InvoiceNumber is the printed number: the year and the sequence within it.
func InvoiceNumber(year int, sequence int64) string { return fmt.Sprintf("%d-%06d", year, sequence) }

// IssueYear is the year an invoice issued at now is numbered in: the platform's
// calendar (Dutch invoicing: one gap-free sequence per year).
func IssueYear(now time.Time) int { return now.In(PlatformZone).Year() }

// PlatformZone is the zone of the platform's own calendar (invoice dates and years).
var PlatformZone = mustZone("Europe/Amsterdam")

func mustZone(name string) *time.Location {
	z, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return z
}

// take hands out the next numbers of the counter for n invoices.
func (n *InvoiceNumbers) take(count int) (from int64, events []domain.Event) {
	from = n.Last + 1
	return from, []domain.Event{InvoiceNumbersTaken{Year: n.Year, From: from, To: n.Last + int64(count)}}
}

// CloseMonth issues the month's invoices: each organisation is charged its fees up to
// and including the month that earlier invoices did not charge yet (less, when a credit
// note cancelled an invoice: the fees are charged again, correctly). An organisation
// whose invoiced total exceeds its fees (fees lowered afterwards) gets a credit note
// for the difference. Numbers come from counter, which the caller appends atomically
// with the ledger.
func (l *InvoiceLedger) CloseMonth(month Month, now time.Time, zone *time.Location, issuer Issuer, billed []Billed, counter *InvoiceNumbers) (ledger, numbers []domain.Event, err error) {
	if l.Closed[month] {
		return nil, nil, &domain.ConflictError{Key: "finance.invoice_month_closed", Params: map[string]any{"month": string(month)}}
	}
	if !month.Ended(now, zone) {
		return nil, nil, monthNotEnded("month", month)
	}
	type due struct {
		Billed
		cents int64
	}
	var dues []due
	for _, b := range billed {
		if d := b.FeesCents - l.InvoicedCents[b.OrganizationID]; d != 0 {
			dues = append(dues, due{b, d})
		}
	}
	if len(dues) > 0 {
		var from int64
		from, numbers = counter.take(len(dues))
		for i, d := range dues {
			kind := KindInvoice
			if d.cents < 0 {
				kind = KindCreditNote
			}
			customer := d.Customer
			customer.Subject = organization.Stream(customer.OrganizationID)
			ledger = append(ledger, l.issue(kind, month, now, issuer, customer, d.cents, counter.Year, from+int64(i), "", ""))
		}
	}
	ledger = append(ledger, InvoiceMonthClosed{ApplicationID: l.ApplicationID, Month: month, Invoices: len(dues)})
	return ledger, numbers, nil
}

// MaxReasonLength bounds a credit note's reason.
const MaxReasonLength = 500

// Credit cancels an invoice with a credit note of the same amount, negated, with the
// reason; the invoice itself never changes. A credit note cannot be credited, nor an
// invoice twice.
func (l *InvoiceLedger) Credit(invoiceID, reason string, now time.Time, counter *InvoiceNumbers) (ledger, numbers []domain.Event, err error) {
	inv, ok := l.Invoices[invoiceID]
	if !ok {
		return nil, nil, &domain.NotFoundError{Kind: "invoice", ID: invoiceID}
	}
	var v domain.ValidationError
	reason = names.Required(&v, "reason", reason, MaxReasonLength)
	if err := v.OrNil(); err != nil {
		return nil, nil, err
	}
	if inv.Kind == KindCreditNote {
		return nil, nil, &domain.ConflictError{Key: "finance.credit_note_not_creditable"}
	}
	if _, done := l.CreditedBy[invoiceID]; done {
		return nil, nil, &domain.ConflictError{Key: "finance.invoice_already_credited"}
	}
	from, numbers := counter.take(1)
	note := l.issue(KindCreditNote, inv.Month, now, inv.Issuer, inv.Customer, -inv.AmountCents, counter.Year, from, invoiceID, reason)
	return []domain.Event{note}, numbers, nil
}

func (l *InvoiceLedger) issue(kind string, month Month, now time.Time, issuer Issuer, customer Customer, cents int64, year int, seq int64, corrects, reason string) InvoiceIssued {
	number := InvoiceNumber(year, seq)
	return InvoiceIssued{
		InvoiceID:     uuid.NewSHA1(uuid.NameSpaceURL, []byte("invoice:"+number)).String(),
		ApplicationID: l.ApplicationID, Kind: kind, Number: number, Year: year, Sequence: seq, Month: month,
		IssuedOn: now.In(PlatformZone).Format("2006-01-02"), Issuer: issuer, Customer: customer,
		AmountCents: cents, VATCents: order.VATIncluded(cents, FeeVATPercent), VATPercent: FeeVATPercent,
		Corrects: corrects, Reason: reason,
	}
}
