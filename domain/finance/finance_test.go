package finance_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"move/domain"
	"move/domain/finance"
)

const app = "6f1c2a4e-0000-4000-8000-000000000001"

var (
	amsterdam, _ = time.LoadLocation("Europe/Amsterdam")
	// december is a moment in December 2026: November has ended, December has not.
	december = time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)
	debtor   = finance.Debtor{Name: "Move Platform B.V.", IBAN: "NL91ABNA0417164300"}
)

func conflictKey(t *testing.T, err error) string {
	t.Helper()
	var c *domain.ConflictError
	if !errors.As(err, &c) {
		t.Fatalf("want a conflict, got %v", err)
	}
	return c.Key
}

func TestSepaBatchPaysBalanceMinusEarlierTransfers(t *testing.T) {
	l := finance.NewSepaLedger(app)
	payees := []finance.Payee{
		{OrganizationID: "org-a", Name: "HC Utrecht", AccountName: "HC Utrecht", IBAN: "NL91ABNA0417164300", BalanceCents: 10_000},
		{OrganizationID: "org-b", Name: "Zwemclub", AccountName: "Zwemclub", IBAN: "", BalanceCents: 5_000},          // no account: carried
		{OrganizationID: "org-c", Name: "Yoga", AccountName: "Yoga", IBAN: "NL91ABNA0417164300", BalanceCents: -300}, // owes: carried
	}
	events, err := l.Generate("2026-11", december, amsterdam, debtor, payees)
	if err != nil {
		t.Fatal(err)
	}
	g := events[0].(finance.SepaBatchGenerated)
	if len(g.Transfers) != 1 || g.Transfers[0].OrganizationID != "org-a" || g.Transfers[0].AmountCents != 10_000 {
		t.Fatalf("transfers %+v", g.Transfers)
	}
	if g.Transfers[0].Subject != "organization-org-a" || g.ExecutionDate != "2026-12-04" {
		t.Fatalf("subject %q, execution date %q", g.Transfers[0].Subject, g.ExecutionDate)
	}
	l.Apply(g)

	// The same month again is refused: a batch is never replaced.
	if _, err := l.Generate("2026-11", december, amsterdam, debtor, payees); conflictKey(t, err) != "finance.sepa_month_generated" {
		t.Fatal(err)
	}
	// A late refund of 2,500 lowered org-a's balance: January pays only what is still owed.
	january := time.Date(2027, 1, 5, 9, 0, 0, 0, time.UTC)
	payees[0].BalanceCents = 10_000 - 2_500 + 4_000
	payees[1].IBAN = "NL91ABNA0417164300"
	events, err = l.Generate("2026-12", january, amsterdam, debtor, payees)
	if err != nil {
		t.Fatal(err)
	}
	g = events[0].(finance.SepaBatchGenerated)
	got := map[string]int64{}
	for _, tr := range g.Transfers {
		got[tr.OrganizationID] = tr.AmountCents
	}
	if len(got) != 2 || got["org-a"] != 1_500 || got["org-b"] != 5_000 {
		t.Fatalf("december transfers %v", got)
	}
}

func TestSepaBatchRefusals(t *testing.T) {
	l := finance.NewSepaLedger(app)
	payee := []finance.Payee{{OrganizationID: "org-a", Name: "A", AccountName: "A", IBAN: "NL91ABNA0417164300", BalanceCents: 100}}
	_, err := l.Generate("2026-12", december, amsterdam, debtor, payee)
	var v *domain.ValidationError
	if !errors.As(err, &v) || v.Fields[0].Key != "finance.month_not_ended" {
		t.Fatalf("a month that has not ended: %v", err)
	}
	if _, err := l.Generate("2026-11", december, amsterdam, finance.Debtor{Name: "Move"}, payee); conflictKey(t, err) != "finance.debtor_missing" {
		t.Fatal(err)
	}
	if _, err := l.Generate("2026-11", december, amsterdam, debtor, nil); conflictKey(t, err) != "finance.sepa_nothing_due" {
		t.Fatal(err)
	}
}

// TestPain001AgainstTheSchema writes a batch with awkward names and checks it with
// xmllint against the official pain.001.001.03 schema.
func TestPain001AgainstTheSchema(t *testing.T) {
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Fatal("xmllint is needed (Debian package libxml2-utils; .ci/run installs it)")
	}
	var payees []finance.Payee
	for i, name := range []string{"Sportvereniging Élan & Zoon <3>", "Café “De Bal”", strings.Repeat("Lange naam ", 20), "€"} {
		payees = append(payees, finance.Payee{OrganizationID: string(rune('a' + i)), Name: name, AccountName: name,
			IBAN: "NL91ABNA0417164300", BalanceCents: int64(1 + i*123_457)})
	}
	events, err := finance.NewSepaLedger(app).Generate("2026-11", december, amsterdam, debtor, payees)
	if err != nil {
		t.Fatal(err)
	}
	g := events[0].(finance.SepaBatchGenerated)
	var buf bytes.Buffer
	if err := finance.WritePain001(&buf, g); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "batch.xml")
	if err := os.WriteFile(file, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(xmllint, "--noout", "--schema", "testdata/pain.001.001.03.xsd", file).CombinedOutput()
	if err != nil {
		t.Fatalf("xmllint: %v\n%s\n%s", err, out, buf.String())
	}
	doc := buf.String()
	for _, want := range []string{"<NbOfTxs>4</NbOfTxs>", "<CtrlSum>7407.46</CtrlSum>", "<InstdAmt Ccy=\"EUR\">0.01</InstdAmt>",
		"<Nm>Sportvereniging Elan Zoon 3</Nm>", "<Nm>Cafe De Bal</Nm>", "<Id>NOTPROVIDED</Id>", "<ReqdExctnDt>2026-12-04</ReqdExctnDt>"} {
		if !strings.Contains(doc, want) {
			t.Errorf("document lacks %s\n%s", want, doc)
		}
	}
	// The same event gives the same file.
	var again bytes.Buffer
	_ = finance.WritePain001(&again, g)
	if again.String() != doc {
		t.Fatal("the file is not a function of the batch")
	}
}

func TestEuros(t *testing.T) {
	if finance.Euros(-5) != "-0.05" || finance.Euros(123456) != "1234.56" {
		t.Fatal(finance.Euros(-5), finance.Euros(123456))
	}
}

func TestInvoicesOfAMonthAndCreditNotes(t *testing.T) {
	l := finance.NewInvoiceLedger(app)
	counter := &finance.InvoiceNumbers{Year: 2026, Last: 41}
	issuer := finance.Issuer{Name: "Move Platform B.V."}
	billed := []finance.Billed{
		{Customer: finance.Customer{OrganizationID: "org-a", Name: "A"}, FeesCents: 1_210},
		{Customer: finance.Customer{OrganizationID: "org-b", Name: "B"}, FeesCents: 0},
		{Customer: finance.Customer{OrganizationID: "org-c", Name: "C"}, FeesCents: 50},
	}
	ledger, numbers, err := l.CloseMonth("2026-11", december, amsterdam, issuer, billed, counter)
	if err != nil {
		t.Fatal(err)
	}
	if len(ledger) != 3 || len(numbers) != 1 || numbers[0] != (finance.InvoiceNumbersTaken{Year: 2026, From: 42, To: 43}) {
		t.Fatalf("ledger %+v numbers %+v", ledger, numbers)
	}
	first := ledger[0].(finance.InvoiceIssued)
	if first.Number != "2026-000042" || first.AmountCents != 1_210 || first.VATCents != 210 || first.Kind != finance.KindInvoice ||
		first.IssuedOn != "2026-12-03" || first.Customer.Subject != "organization-org-a" {
		t.Fatalf("first invoice %+v", first)
	}
	for _, e := range append(ledger, numbers...) {
		l.Apply(e)
		counter.Apply(e)
	}
	if _, _, err := l.CloseMonth("2026-11", december, amsterdam, issuer, billed, counter); conflictKey(t, err) != "finance.invoice_month_closed" {
		t.Fatal(err)
	}

	// A credit note cancels the first invoice, takes the next number, and only once.
	if _, _, err := l.Credit(first.InvoiceID, "  ", december, counter); err == nil {
		t.Fatal("a credit note without a reason")
	}
	notes, numbers, err := l.Credit(first.InvoiceID, "wrong fee", december, counter)
	if err != nil {
		t.Fatal(err)
	}
	note := notes[0].(finance.InvoiceIssued)
	if note.Kind != finance.KindCreditNote || note.AmountCents != -1_210 || note.VATCents != -210 || note.Number != "2026-000044" || note.Corrects != first.InvoiceID {
		t.Fatalf("credit note %+v", note)
	}
	l.Apply(note)
	counter.Apply(numbers[0])
	if _, _, err := l.Credit(first.InvoiceID, "again", december, counter); conflictKey(t, err) != "finance.invoice_already_credited" {
		t.Fatal(err)
	}
	if _, _, err := l.Credit(note.InvoiceID, "a note", december, counter); conflictKey(t, err) != "finance.credit_note_not_creditable" {
		t.Fatal(err)
	}
	var nf *domain.NotFoundError
	if _, _, err := l.Credit("nope", "x", december, counter); !errors.As(err, &nf) {
		t.Fatal(err)
	}

	// December: org-a's fees are charged again (the credit note cancelled them), org-c's
	// fees dropped below what was invoiced, so it gets a credit note for the difference.
	january := time.Date(2027, 1, 2, 9, 0, 0, 0, time.UTC)
	counter2027 := &finance.InvoiceNumbers{Year: finance.IssueYear(january)}
	billed[0].FeesCents, billed[2].FeesCents = 1_500, 20
	ledger, numbers, err = l.CloseMonth("2026-12", january, amsterdam, issuer, billed, counter2027)
	if err != nil {
		t.Fatal(err)
	}
	a, c := ledger[0].(finance.InvoiceIssued), ledger[1].(finance.InvoiceIssued)
	if a.AmountCents != 1_500 || a.Number != "2027-000001" || c.AmountCents != -30 || c.Kind != finance.KindCreditNote || c.Number != "2027-000002" {
		t.Fatalf("december %+v %+v", a, c)
	}
	if numbers[0] != (finance.InvoiceNumbersTaken{Year: 2027, From: 1, To: 2}) {
		t.Fatal(numbers)
	}
}
