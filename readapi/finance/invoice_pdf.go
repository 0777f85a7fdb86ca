package finance

import (
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"move/domain/finance"
)

// invoiceTexts are the PDF's labels in the reader's language.
var invoiceTexts = map[string]map[string]string{
	"nl": {finance.KindInvoice: "Factuur", finance.KindCreditNote: "Creditnota", "number": "Nummer", "date": "Datum",
		"month": "Periode", "to": "Aan", "attn": "T.a.v.", "line": "Transactiekosten", "net": "Bedrag excl. btw",
		"vat": "Btw", "total": "Totaal", "corrects": "Crediteert factuur", "reason": "Reden", "kvk": "KvK", "vatnumber": "Btw-nummer", "iban": "IBAN"},
	"en": {finance.KindInvoice: "Invoice", finance.KindCreditNote: "Credit note", "number": "Number", "date": "Date",
		"month": "Period", "to": "To", "attn": "Attn.", "line": "Transaction fees", "net": "Amount excl. VAT",
		"vat": "VAT", "total": "Total", "corrects": "Credits invoice", "reason": "Reason", "kvk": "Chamber of Commerce", "vatnumber": "VAT number", "iban": "IBAN"},
}

// writeInvoicePDF renders an invoice or credit note (decision 0923: go-pdf/fpdf, its
// core fonts, so no font files are shipped). Text goes through the fonts' cp1252
// translator; what it cannot show becomes "?".
func writeInvoicePDF(w io.Writer, inv finance.InvoiceIssued, language string) error {
	t := invoiceTexts[language]
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle(t[inv.Kind]+" "+inv.Number, true)
	pdf.SetCreator("Move", true)
	// The issue date as the file's dates: the same invoice is the same file.
	issued, _ := time.ParseInLocation("2006-01-02", inv.IssuedOn, finance.PlatformZone)
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(issued)
	pdf.SetModificationDate(issued)
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 16)
	pdf.Cell(0, 10, tr(inv.Issuer.Name))
	pdf.Ln(8)
	pdf.SetFont("Helvetica", "", 9)
	for _, line := range []string{inv.Issuer.Address, label(t, "kvk", inv.Issuer.KVK), label(t, "vatnumber", inv.Issuer.VATNumber), label(t, "iban", inv.Issuer.IBAN)} {
		if line != "" {
			pdf.Cell(0, 5, tr(line))
			pdf.Ln(5)
		}
	}
	pdf.Ln(8)
	pdf.SetFont("Helvetica", "B", 14)
	pdf.Cell(0, 8, tr(t[inv.Kind]))
	pdf.Ln(10)
	pdf.SetFont("Helvetica", "", 10)
	rows := [][2]string{{t["number"], inv.Number}, {t["date"], inv.IssuedOn}, {t["month"], string(inv.Month)}, {t["to"], inv.Customer.Name}}
	if inv.Customer.ATTN != "" {
		rows = append(rows, [2]string{t["attn"], inv.Customer.ATTN})
	}
	for _, l := range strings.Split(inv.Customer.Address, "\n") {
		if strings.TrimSpace(l) != "" {
			rows = append(rows, [2]string{"", l})
		}
	}
	if inv.Corrects != "" {
		rows = append(rows, [2]string{t["corrects"], inv.Corrects}, [2]string{t["reason"], inv.Reason})
	}
	for _, r := range rows {
		pdf.CellFormat(45, 6, tr(r[0]), "", 0, "", false, 0, "")
		pdf.CellFormat(0, 6, tr(r[1]), "", 1, "", false, 0, "")
	}
	pdf.Ln(8)
	net := inv.AmountCents - inv.VATCents
	pdf.SetFont("Helvetica", "B", 10)
	pdf.CellFormat(130, 7, tr(t["line"]+" "+string(inv.Month)), "B", 0, "", false, 0, "")
	pdf.CellFormat(0, 7, "EUR "+finance.Euros(net), "B", 1, "R", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	pdf.CellFormat(130, 7, tr(t["net"]), "", 0, "", false, 0, "")
	pdf.CellFormat(0, 7, "EUR "+finance.Euros(net), "", 1, "R", false, 0, "")
	pdf.CellFormat(130, 7, tr(t["vat"])+" "+strconv.Itoa(inv.VATPercent)+"%", "", 0, "", false, 0, "")
	pdf.CellFormat(0, 7, "EUR "+finance.Euros(inv.VATCents), "", 1, "R", false, 0, "")
	pdf.SetFont("Helvetica", "B", 11)
	pdf.CellFormat(130, 8, tr(t["total"]), "T", 0, "", false, 0, "")
	pdf.CellFormat(0, 8, "EUR "+finance.Euros(inv.AmountCents), "T", 1, "R", false, 0, "")
	return pdf.Output(w)
}

func label(t map[string]string, key, value string) string {
	if value == "" {
		return ""
	}
	return t[key] + " " + value
}
