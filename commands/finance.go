package commands

import (
	"context"
	"time"

	"move/domain"
	"move/domain/finance"
)

// GenerateSepaBatch records the month's SEPA batch of the meta's application. payees
// are the organisations' balances and accounts as the read models know them; the
// ledger decides what is still due, so a stale balance can only pay too little now,
// which a later batch settles — never twice.
func (a *App) GenerateSepaBatch(ctx context.Context, meta Meta, month finance.Month, zone *time.Location, debtor finance.Debtor, payees []finance.Payee) (Result, error) {
	stream := finance.SepaLedgerStream(meta.ApplicationID)
	return a.run.execute(ctx, meta, meta.ApplicationID, func(u *unit) error {
		l := finance.NewSepaLedger(meta.ApplicationID)
		if err := u.load(stream, l); err != nil {
			return err
		}
		events, err := l.Generate(month, u.now, zone, debtor, payees)
		if err != nil {
			return err
		}
		return u.append(stream, l, events...)
	})
}

// CloseInvoiceMonth issues the month's invoices of the meta's application. The
// invoices and the year's counter are appended together at the versions read: numbers
// are taken by exactly the invoices that use them, without gaps (decision 0921).
func (a *App) CloseInvoiceMonth(ctx context.Context, meta Meta, month finance.Month, zone *time.Location, issuer finance.Issuer, billed []finance.Billed) (Result, error) {
	return a.onInvoices(ctx, meta, func(l *finance.InvoiceLedger, now time.Time, counter *finance.InvoiceNumbers) ([]domain.Event, []domain.Event, error) {
		return l.CloseMonth(month, now, zone, issuer, billed, counter)
	})
}

// CreditInvoice cancels an invoice with a credit note (the next number of the year).
func (a *App) CreditInvoice(ctx context.Context, meta Meta, invoiceID, reason string) (Result, error) {
	return a.onInvoices(ctx, meta, func(l *finance.InvoiceLedger, now time.Time, counter *finance.InvoiceNumbers) ([]domain.Event, []domain.Event, error) {
		return l.Credit(invoiceID, reason, now, counter)
	})
}

func (a *App) onInvoices(ctx context.Context, meta Meta, decide func(*finance.InvoiceLedger, time.Time, *finance.InvoiceNumbers) ([]domain.Event, []domain.Event, error)) (Result, error) {
	stream := finance.InvoiceLedgerStream(meta.ApplicationID)
	return a.run.execute(ctx, meta, meta.ApplicationID, func(u *unit) error {
		l := finance.NewInvoiceLedger(meta.ApplicationID)
		if err := u.load(stream, l); err != nil {
			return err
		}
		counter := &finance.InvoiceNumbers{Year: finance.IssueYear(u.now)}
		counterStream := finance.InvoiceNumbersStream(counter.Year)
		if err := u.load(counterStream, counter); err != nil {
			return err
		}
		ledger, numbers, err := decide(l, u.now, counter)
		if err != nil {
			return err
		}
		if err := u.append(stream, l, ledger...); err != nil {
			return err
		}
		return u.append(counterStream, counter, numbers...)
	})
}
