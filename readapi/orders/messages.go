package orders

import "move/readapi/kernel"

// The context's message keys and field names, in nl and en; the kernel resolves them.
func init() {
	kernel.RegisterMessages(kernel.Messages{
		// Orders, payments and refunds.
		"order.exists":                 {"nl": "Voor deze inschrijving bestaat al een bestelling", "en": "This booking already has an order"},
		"order.no_lines":               {"nl": "Een bestelling heeft minstens één regel", "en": "An order has at least one line"},
		"order.booking_not_held":       {"nl": "Deze inschrijving wacht niet op een betaling", "en": "This booking is not waiting for a payment"},
		"order.spot_released":          {"nl": "De plek van deze inschrijving is vrijgegeven: schrijf opnieuw in om te betalen", "en": "The spot of this booking was released: book again to pay"},
		"order.pay_again_euros_only":   {"nl": "Deze bestelling wordt in euro's betaald: betaal opnieuw in euro's", "en": "This order is paid in euros: pay again in euros"},
		"order.unknown_wallet":         {"nl": "Deze portemonnee bestaat niet in deze applicatie", "en": "This wallet does not exist in this application"},
		"order.moves_not_accepted":     {"nl": "Deze activiteit kan niet met moves worden betaald", "en": "This activity cannot be paid with moves"},
		"order.insufficient_moves":     {"nl": "Je saldo is te laag: je hebt {balance} moves en dit kost {price} moves", "en": "Your balance is too low: you have {balance} moves and this costs {price} moves"},
		"order.not_paid":               {"nl": "Deze bestelling is niet betaald; er valt niets terug te betalen", "en": "This order has not been paid; there is nothing to refund"},
		"order.refund_too_much":        {"nl": "Er kan nog hoogstens {max_cents} cent worden terugbetaald", "en": "At most {max_cents} cents can still be refunded"},
		"order.refund_amount_or_lines": {"nl": "Geef een bedrag of regels op, niet allebei", "en": "Give an amount or lines, not both"},
		"order.refund_positive":        {"nl": "Het bedrag moet groter zijn dan nul", "en": "The amount must be more than zero"},
		"export.total":                 {"nl": "Totaal", "en": "Total"},
		"state.open":                   {"nl": "Open", "en": "Open"},
		"state.free":                   {"nl": "Gratis", "en": "Free"},
		"state.complete":               {"nl": "Voltooid", "en": "Complete"},
		"state.paid":                   {"nl": "Betaald", "en": "Paid"},
		"state.failed":                 {"nl": "Mislukt", "en": "Failed"},
		"state.canceled":               {"nl": "Geannuleerd", "en": "Canceled"},
		"state.external":               {"nl": "Extern", "en": "External"},
		"state.refunded":               {"nl": "Terugbetaald", "en": "Refunded"},
		"state.partly_refunded":        {"nl": "Deels terugbetaald", "en": "Partly refunded"},
	}, kernel.Messages{
		// Orders.
		"order_id":              {"nl": "bestelling", "en": "order"},
		"placed_at":             {"nl": "besteld op", "en": "placed at"},
		"organization":          {"nl": "organisatie", "en": "organisation"},
		"payment_type":          {"nl": "betaalwijze", "en": "payment type"},
		"payout_month":          {"nl": "uitbetaalmaand", "en": "payout month"},
		"subtotal_cents":        {"nl": "subtotaal", "en": "subtotal"},
		"vat_cents":             {"nl": "btw", "en": "VAT"},
		"transaction_fee_cents": {"nl": "transactiekosten", "en": "transaction fee"},
		"total_cents":           {"nl": "totaal", "en": "total"},
		"paid_cents":            {"nl": "betaald", "en": "paid"},
		"refunded_cents":        {"nl": "terugbetaald", "en": "refunded"},
		"amount_cents":          {"nl": "bedrag", "en": "amount"},
		"wallet_id":             {"nl": "portemonnee", "en": "wallet"},
		"lines":                 {"nl": "regels", "en": "lines"},
	})
}
