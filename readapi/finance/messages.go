package finance

import "move/readapi/kernel"

// The context's message keys and field names, in nl and en; the kernel resolves them.
func init() {
	kernel.RegisterMessages(kernel.Messages{
		"finance.month_format":               {"nl": "Geef een maand op als JJJJ-MM", "en": "Give a month as YYYY-MM"},
		"finance.month_not_ended":            {"nl": "De maand {month} is nog niet voorbij", "en": "The month {month} has not ended yet"},
		"finance.sepa_month_generated":       {"nl": "Voor {month} is al een SEPA-bestand gemaakt; correcties komen in de volgende maand", "en": "A SEPA file for {month} was already generated; corrections go into the next month"},
		"finance.sepa_nothing_due":           {"nl": "Er is voor {month} niets uit te betalen", "en": "Nothing is due for {month}"},
		"finance.debtor_missing":             {"nl": "De rekening van het platform is niet ingesteld", "en": "The platform's account is not configured"},
		"finance.invoice_month_closed":       {"nl": "De facturen van {month} zijn al gemaakt; een correctie is een creditnota", "en": "The invoices of {month} were already issued; a correction is a credit note"},
		"finance.invoice_already_credited":   {"nl": "Deze factuur is al gecrediteerd", "en": "This invoice has already been credited"},
		"finance.credit_note_not_creditable": {"nl": "Een creditnota kan niet gecrediteerd worden", "en": "A credit note cannot be credited"},
	}, nil)
}
