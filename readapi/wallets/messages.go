package wallets

import "move/readapi/kernel"

// The context's message keys and field names, in nl and en; the kernel resolves them.
func init() {
	kernel.RegisterMessages(kernel.Messages{
		// Wallets and coupons.
		"wallet.exists":                      {"nl": "Deze portemonnee bestaat al", "en": "This wallet already exists"},
		"wallet.label_included_and_excluded": {"nl": "Een label kan niet tegelijk inbegrepen en uitgesloten zijn", "en": "A label cannot be both included and excluded"},
		"wallet.top_up_once_needs_top_up":    {"nl": "Eenmalig opwaarderen kan alleen als opwaarderen aanstaat", "en": "Topping up once needs topping up to be allowed"},
		"wallet.no_top_up":                   {"nl": "Deze portemonnee kan niet worden opgewaardeerd", "en": "This wallet cannot be topped up"},
		"wallet.topped_up_once":              {"nl": "Deze portemonnee kan maar één keer worden opgewaardeerd, en dat is al gebeurd", "en": "This wallet can be topped up only once, and that has already happened"},
		"wallet.unknown_customer":            {"nl": "Deze klant is niet bekend in deze applicatie", "en": "This customer is not known in this application"},
		"wallet.account_mismatch":            {"nl": "Deze code hoort bij een andere klant of portemonnee", "en": "This code belongs to another customer or wallet"},
		"coupon.affix":                       {"nl": "Het veld {field} mag alleen hoofdletters en cijfers bevatten (hoogstens {max})", "en": "The {field} field may only hold capital letters and digits (at most {max})"},
		"coupon.unknown":                     {"nl": "Deze code kennen we niet; controleer hem en probeer het opnieuw", "en": "We do not know this code; check it and try again"},
		"coupon.already_redeemed":            {"nl": "Deze code is al gebruikt", "en": "This code has already been used"},
		"coupon.already_redeemed_by_you":     {"nl": "Je hebt deze code al gebruikt; het tegoed staat al in je portemonnee", "en": "You have already used this code; its moves are already in your wallet"},
		"coupon.disabled":                    {"nl": "Deze code is (nog) niet actief", "en": "This code is not active"},
		"coupon.expired":                     {"nl": "Deze code is verlopen (op {expired_at})", "en": "This code has expired (on {expired_at})"},
		"coupon.redemption_invalid":          {"nl": "Deze code kan zo niet worden ingewisseld", "en": "This code cannot be redeemed this way"},
		"coupon.not_redeemed":                {"nl": "Deze code is nog niet ingewisseld", "en": "This code has not been redeemed yet"},
		"coupon_batch.exists":                {"nl": "Deze reeks codes bestaat al", "en": "This batch of codes already exists"},
		"coupon_batch.complete":              {"nl": "Alle codes van deze reeks zijn al aangemaakt", "en": "Every code of this batch has already been made"},
	}, kernel.Messages{
		// Wallets and coupons.
		"included_labels":    {"nl": "inbegrepen labels", "en": "included labels"},
		"excluded_labels":    {"nl": "uitgesloten labels", "en": "excluded labels"},
		"price_display_mode": {"nl": "prijsweergave", "en": "price display"},
		"can_top_up":         {"nl": "opwaarderen", "en": "top up"},
		"can_top_up_once":    {"nl": "eenmalig opwaarderen", "en": "top up once"},
		"quantity":           {"nl": "aantal", "en": "quantity"},
		"value_moves":        {"nl": "waarde in moves", "en": "value in moves"},
		"prefix":             {"nl": "voorvoegsel", "en": "prefix"},
		"suffix":             {"nl": "achtervoegsel", "en": "suffix"},
		"expires_at":         {"nl": "vervaldatum", "en": "expiry date"},
		"enabled":            {"nl": "actief", "en": "enabled"},
		"is_enabled":         {"nl": "actief", "en": "enabled"},
		"code":               {"nl": "code", "en": "code"},
		"customer_id":        {"nl": "klant", "en": "customer"},
	})
}
