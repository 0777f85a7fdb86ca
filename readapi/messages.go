package readapi

import (
	"fmt"
	"net/http"
	"strings"

	"golang.org/x/text/language"
)

// Languages the API answers in: Dutch by default, English as the fallback.
var (
	supported = []language.Tag{language.Dutch, language.English}
	matcher   = language.NewMatcher(supported)
)

// lang picks nl or en from Accept-Language.
func lang(r *http.Request) string {
	tag, _ := language.MatchStrings(matcher, r.Header.Get("Accept-Language"))
	if base, _ := tag.Base(); base.String() == "en" {
		return "en"
	}
	return "nl"
}

// messages are the texts the API sends, by key and language. {field} and other
// {params} are filled in; a key missing in nl falls back to en.
var messages = map[string]map[string]string{
	"validation.failed":                  {"nl": "Vul alle velden correct in", "en": "Please fill in all the fields correctly"},
	"validation.required":                {"nl": "Het veld {field} is verplicht", "en": "The {field} field is required"},
	"validation.max_length":              {"nl": "Het veld {field} mag niet langer zijn dan {max} tekens", "en": "The {field} field may not be longer than {max} characters"},
	"validation.unique":                  {"nl": "Deze {field} is al in gebruik", "en": "This {field} is already taken"},
	"validation.invalid":                 {"nl": "Het veld {field} is niet geldig", "en": "The {field} field is not valid"},
	"validation.wrong_type":              {"nl": "Het veld {field} heeft een verkeerd type", "en": "The {field} field has the wrong type"},
	"validation.unknown":                 {"nl": "Het veld {field} is onbekend", "en": "The {field} field is unknown"},
	"validation.characters":              {"nl": "Het veld {field} bevat tekens die niet zijn toegestaan (ongeldige UTF-8 of stuurtekens)", "en": "The {field} field holds characters that are not allowed (invalid UTF-8 or control characters)"},
	"validation.invisible":               {"nl": "Het veld {field} bevat alleen onzichtbare tekens", "en": "The {field} field holds only invisible characters"},
	"error.method_not_allowed":           {"nl": "Deze methode is hier niet toegestaan (toegestaan: {allow})", "en": "This method is not allowed here (allowed: {allow})"},
	"error.bad_json":                     {"nl": "De aanvraag bevat geen geldige JSON", "en": "The request is not valid JSON"},
	"error.body_too_large":               {"nl": "De aanvraag is te groot", "en": "The request is too large"},
	"error.not_found":                    {"nl": "Niet gevonden", "en": "Not found"},
	"error.unauthenticated":              {"nl": "Je bent niet ingelogd", "en": "You are not logged in"},
	"error.forbidden":                    {"nl": "Je hebt geen toegang tot deze actie", "en": "You are not allowed to do this"},
	"error.internal":                     {"nl": "Er is een fout opgetreden bij het verwerken van je verzoek. Probeer het later opnieuw.", "en": "An error occurred while processing your request. Please try again later."},
	"error.application":                  {"nl": "Geef een geldige applicatie op (ApplicationId)", "en": "Send a valid application (ApplicationId)"},
	"error.bad_query":                    {"nl": "De zoekopdracht is niet geldig: {detail}", "en": "The query is not valid: {detail}"},
	"error.rate_limited":                 {"nl": "Te veel verzoeken, probeer het later opnieuw", "en": "Too many requests, please try again later"},
	"conflict.stale_version":             {"nl": "Iemand anders heeft dit intussen gewijzigd; laad de pagina opnieuw", "en": "Someone else changed this in the meantime; reload the page"},
	"conflict.version":                   {"nl": "Dit is intussen gewijzigd; probeer het opnieuw", "en": "This was changed in the meantime; please try again"},
	"catalog.exists":                     {"nl": "Dit item bestaat al", "en": "This item already exists"},
	"auth.failed":                        {"nl": "Deze gegevens komen niet overeen met onze administratie", "en": "These credentials do not match our records"},
	"auth.token_invalid":                 {"nl": "Deze link is ongeldig of verlopen", "en": "This link is invalid or has expired"},
	"auth.reset_sent":                    {"nl": "Als dit adres bij ons bekend is, ontvang je een e-mail met een link", "en": "If we know this address, you will receive an e-mail with a link"},
	"auth.password_reset":                {"nl": "Je wachtwoord is gewijzigd; log opnieuw in", "en": "Your password was changed; please log in again"},
	"validation.email":                   {"nl": "Het veld {field} moet een geldig e-mailadres zijn", "en": "The {field} field must be a valid email"},
	"validation.min_length":              {"nl": "Het veld {field} moet minstens {min} tekens zijn", "en": "The {field} field must be at least {min} characters"},
	"application.exists":                 {"nl": "Deze applicatie bestaat al", "en": "This application already exists"},
	"user.exists":                        {"nl": "Deze gebruiker bestaat al", "en": "This user already exists"},
	"user.erased":                        {"nl": "Deze gebruiker is verwijderd", "en": "This user has been erased"},
	"invite.exists":                      {"nl": "Deze uitnodiging bestaat al", "en": "This invite already exists"},
	"finance.month_format":               {"nl": "Geef een maand op als JJJJ-MM", "en": "Give a month as YYYY-MM"},
	"finance.month_not_ended":            {"nl": "De maand {month} is nog niet voorbij", "en": "The month {month} has not ended yet"},
	"finance.sepa_month_generated":       {"nl": "Voor {month} is al een SEPA-bestand gemaakt; correcties komen in de volgende maand", "en": "A SEPA file for {month} was already generated; corrections go into the next month"},
	"finance.sepa_nothing_due":           {"nl": "Er is voor {month} niets uit te betalen", "en": "Nothing is due for {month}"},
	"finance.debtor_missing":             {"nl": "De rekening van het platform is niet ingesteld", "en": "The platform's account is not configured"},
	"finance.invoice_month_closed":       {"nl": "De facturen van {month} zijn al gemaakt; een correctie is een creditnota", "en": "The invoices of {month} were already issued; a correction is a credit note"},
	"finance.invoice_already_credited":   {"nl": "Deze factuur is al gecrediteerd", "en": "This invoice has already been credited"},
	"finance.credit_note_not_creditable": {"nl": "Een creditnota kan niet gecrediteerd worden", "en": "A credit note cannot be credited"},
	"invite.used":                        {"nl": "Deze uitnodiging is al gebruikt", "en": "This invite has already been used"},
	"invite.expired":                     {"nl": "Deze uitnodiging is verlopen", "en": "This invite has expired"},
	"files.unavailable":                  {"nl": "Bestanden zijn op deze server niet ingesteld", "en": "File storage is not configured on this server"},
	"success.saved":                      {"nl": "Opgeslagen", "en": "Saved"},
	"validation.file_reference":          {"nl": "Kies voor {field} een openbaar bestand dat in deze applicatie is geüpload", "en": "The {field} must be a public file uploaded in this application"},
	"validation.public_file_reference":   {"nl": "Kies voor {field} een openbaar geüpload bestand", "en": "The {field} must be a public uploaded file"},
	"idempotency.key_reused":             {"nl": "Deze Idempotency-Key is al gebruikt voor een ander verzoek; gebruik een nieuwe sleutel", "en": "This Idempotency-Key was already used for another request; use a new key"},

	// Who may upload and read files (decision 1334).
	"files.staff_only": {"nl": "Alleen medewerkers kunnen bestanden uploaden", "en": "Only staff can upload files"},

	// Files (uploads and images).
	"error.bad_form":            {"nl": "Het formulier is niet geldig", "en": "The form is not valid"},
	"files.too_large":           {"nl": "Het {field} moet kleiner zijn dan {size}KB", "en": "The {field} must be less than {size}KB"},
	"files.type":                {"nl": "Het {field} moet een afbeelding zijn ({types})", "en": "The {field} must be an image ({types})"},
	"files.corrupt":             {"nl": "Het {field} is geen leesbare afbeelding", "en": "The {field} is not a readable image"},
	"files.too_many_pixels":     {"nl": "Het {field} heeft te veel pixels (hoogstens {megapixels} megapixels)", "en": "The {field} has too many pixels (at most {megapixels} megapixels)"},
	"files.min_dimensions":      {"nl": "Het {field} moet minstens {width} bij {height} pixels zijn", "en": "The {field} must be at least {width} by {height} pixels"},
	"files.max_dimensions":      {"nl": "Het {field} mag hoogstens {width} bij {height} pixels zijn", "en": "The {field} may be at most {width} by {height} pixels"},
	"files.dimensions_format":   {"nl": "Het veld {field} moet 'breedte,hoogte' zijn", "en": "The {field} field must be 'width,height'"},
	"files.not_transparent":     {"nl": "De afbeelding moet een transparante achtergrond hebben", "en": "The image must have a transparent background"},
	"files.transparency_raster": {"nl": "Transparantie kan alleen worden gecontroleerd bij een png-, gif- of webp-afbeelding", "en": "Transparency can only be checked on a png, gif or webp image"},

	// Organisations.
	"organization.exists":                  {"nl": "Deze organisatie bestaat al", "en": "This organisation already exists"},
	"organization.already_approved":        {"nl": "Deze organisatie is al goedgekeurd", "en": "This organisation has already been approved"},
	"organization.already_rejected":        {"nl": "Deze organisatie is al afgewezen", "en": "This organisation has already been rejected"},
	"organization.approved_not_rejectable": {"nl": "Een goedgekeurde organisatie kan niet worden afgewezen", "en": "An approved organisation cannot be rejected"},
	"organization.credentials":             {"nl": "De API-gegevens van de organisatie konden niet worden aangemaakt", "en": "The organisation's API credentials could not be made"},
	"organization.sports_in_use":           {"nl": "Deze sporten kunnen niet worden ontkoppeld omdat ze gekoppeld zijn aan activiteiten of producten: {activities}", "en": "These sports cannot be detached because they are linked to activities or products: {activities}"},
	"organization.not_approved":            {"nl": "Deze organisatie is nog niet goedgekeurd; haar aanbod is nog niet zichtbaar", "en": "This organisation is not approved yet; its offers are not visible yet"},
	"validation.kvk":                       {"nl": "Het veld {field} moet 8 cijfers zijn", "en": "The {field} field must be 8 digits"},
	"validation.phone":                     {"nl": "Het veld {field} is geen geldig telefoonnummer", "en": "The {field} field is not a valid phone number"},
	"validation.url":                       {"nl": "Het veld {field} moet een geldige URL zijn (https://…)", "en": "The {field} field must be a valid URL (https://…)"},
	"validation.country":                   {"nl": "Het veld {field} moet een landcode volgens ISO 3166-1 zijn, bijvoorbeeld nl", "en": "The {field} field must be an ISO 3166-1 country code, e.g. nl"},
	"validation.iban":                      {"nl": "Het veld {field} is geen geldige IBAN", "en": "The {field} field is not a valid IBAN"},
	"validation.max_items":                 {"nl": "Het veld {field} mag hoogstens {max} items hebben", "en": "The {field} field may have at most {max} items"},
	"validation.unknown_sport":             {"nl": "De sport {id} bestaat niet", "en": "The sport {id} does not exist"},
	"validation.unknown_organization":      {"nl": "Deze organisatie bestaat niet of is nog niet goedgekeurd", "en": "This organisation does not exist or is not approved yet"},
	"validation.timezone":                  {"nl": "Het veld {field} moet een tijdzone zijn, bijvoorbeeld Europe/Amsterdam", "en": "The {field} field must be a time zone, e.g. Europe/Amsterdam"},
	"validation.color":                     {"nl": "Het veld {field} moet een kleur zijn als #RRGGBB of #RRGGBBAA", "en": "The {field} field must be a colour like #RRGGBB or #RRGGBBAA"},
	"validation.between":                   {"nl": "Het veld {field} moet tussen {min} en {max} liggen", "en": "The {field} field must be between {min} and {max}"},
	"validation.slug":                      {"nl": "Het veld {field} mag alleen kleine letters, cijfers en streepjes bevatten (hoogstens 64)", "en": "The {field} field may only hold lower-case letters, digits and dashes (at most 64)"},
	"import.refused":                       {"nl": "Het bestand is niet geïmporteerd: verbeter de fouten en probeer het opnieuw", "en": "The file was not imported: correct the errors and try again"},
	"import.not_utf8":                      {"nl": "Het bestand moet UTF-8 zijn", "en": "The file must be UTF-8"},
	"import.empty":                         {"nl": "Het bestand bevat geen organisaties", "en": "The file holds no organisations"},
	"import.unreadable":                    {"nl": "Het bestand is niet te lezen vanaf regel {line}", "en": "The file cannot be read from line {line}"},
	"import.unknown_column":                {"nl": "Onbekende kolom: {column}", "en": "Unknown column: {column}"},
	"import.duplicate_column":              {"nl": "Dubbele kolom: {column}", "en": "Duplicate column: {column}"},
	"import.missing_columns":               {"nl": "Verplichte kolommen ontbreken: {columns}", "en": "Required columns are missing: {columns}"},
	"import.too_many_rows":                 {"nl": "Het bestand heeft meer dan {max} regels", "en": "The file has more than {max} rows"},
	"import.column_count":                  {"nl": "Deze regel heeft {got} kolommen in plaats van {want}", "en": "This row has {got} columns instead of {want}"},

	// Wallets and coupons.
	"validation.one_of":                  {"nl": "Het veld {field} moet een van deze waarden zijn: {values}", "en": "The {field} field must be one of: {values}"},
	"validation.future":                  {"nl": "Het veld {field} moet in de toekomst liggen", "en": "The {field} field must be in the future"},
	"wallet.exists":                      {"nl": "Deze portemonnee bestaat al", "en": "This wallet already exists"},
	"wallet.label_included_and_excluded": {"nl": "Een label kan niet tegelijk inbegrepen en uitgesloten zijn", "en": "A label cannot be both included and excluded"},
	"wallet.top_up_once_needs_top_up":    {"nl": "Eenmalig opwaarderen kan alleen als opwaarderen aanstaat", "en": "Topping up once needs topping up to be allowed"},
	"wallet.no_top_up":                   {"nl": "Deze portemonnee kan niet worden opgewaardeerd", "en": "This wallet cannot be topped up"},
	"wallet.topped_up_once":              {"nl": "Deze portemonnee kan maar één keer worden opgewaardeerd, en dat is al gebeurd", "en": "This wallet can be topped up only once, and that has already happened"},
	"wallet.unknown_customer":            {"nl": "Deze klant is niet bekend in deze applicatie", "en": "This customer is not known in this application"},
	"wallet.account_mismatch":            {"nl": "Deze code hoort bij een andere klant of portemonnee", "en": "This code belongs to another customer or wallet"},
	"customer.only":                      {"nl": "Alleen klanten van deze applicatie kunnen dit doen (in de app)", "en": "Only customers of this application can do this (in the app)"},
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

	// Activities and sessions (spec §4, §5, §8).
	"activity.exists":                    {"nl": "Deze activiteit bestaat al", "en": "This activity already exists"},
	"activity.age_range":                 {"nl": "De maximumleeftijd moet minstens de minimumleeftijd zijn", "en": "The maximum age must be at least the minimum age"},
	"activity.contact_role":              {"nl": "Kies minstens één rol voor dit contact (mail, contactpersoon, trainer)", "en": "Choose at least one role for this contact (mail, contact person, trainer)"},
	"activity.question_options":          {"nl": "Een keuzevraag heeft minstens twee opties", "en": "A choice question needs at least two options"},
	"activity.sport_not_of_organization": {"nl": "Deze sport hoort niet bij de organisatie", "en": "This sport is not one of the organisation's sports"},
	"product.exists":                     {"nl": "Dit product bestaat al", "en": "This product already exists"},
	"product.age_range":                  {"nl": "De maximumleeftijd van dit product moet minstens de minimumleeftijd zijn", "en": "The product's maximum age must be at least its minimum age"},
	"product.contact_role":               {"nl": "Kies minstens één rol voor dit contact van het product (mail, contactpersoon, trainer)", "en": "Choose at least one role for this contact of the product (mail, contact person, trainer)"},
	"product.question_options":           {"nl": "Een keuzevraag bij een product heeft minstens twee opties", "en": "A choice question of a product needs at least two options"},
	"product.sport_not_of_organization":  {"nl": "Deze sport hoort niet bij de organisatie van het product", "en": "This sport is not one of the product's organisation's sports"},
	"product.type_required":              {"nl": "Kies een producttype", "en": "Choose a product type"},
	"product.unknown_type":               {"nl": "Dit producttype bestaat niet (meer)", "en": "This product type does not exist (any more)"},
	"product.spots":                      {"nl": "Het aantal plekken ligt tussen 0 en {max}; leeg is onbeperkt", "en": "The number of spots is between 0 and {max}; empty is unlimited"},
	"product.age_check_without_range":    {"nl": "Geef een minimum- of maximumleeftijd op om de leeftijd te laten controleren", "en": "Give a minimum or maximum age to have the age checked"},
	"product.draft":                      {"nl": "Dit product is nog een concept en kan niet gekocht worden", "en": "This product is still a draft and cannot be bought"},
	"product.organization_not_approved":  {"nl": "De organisatie van dit product is nog niet goedgekeurd; het kan nog niet gekocht worden", "en": "This product's organisation is not approved yet; it cannot be bought yet"},
	"product.deleted":                    {"nl": "Dit product is verwijderd en kan niet meer gekocht worden", "en": "This product was deleted and can no longer be bought"},
	"product.full":                       {"nl": "Dit product is uitverkocht (alle {spots} plekken zijn verkocht)", "en": "This product is sold out (all {spots} spots are sold)"},
	"purchase.exists":                    {"nl": "Deze aankoop bestaat al", "en": "This purchase already exists"},
	"purchase.confirmed":                 {"nl": "Deze aankoop is al betaald en bevestigd", "en": "This purchase is already paid and confirmed"},
	"purchase.cancelled":                 {"nl": "Deze aankoop is geannuleerd", "en": "This purchase was cancelled"},
	"purchase.not_held":                  {"nl": "Deze aankoop wacht niet (meer) op betaling", "en": "This purchase is not (or no longer) waiting for payment"},
	"activity.not_bundle":                {"nl": "Deze activiteit is geen bundel", "en": "This activity is not a bundle"},
	"series.exists":                      {"nl": "Deze reeks bestaat al", "en": "This series already exists"},
	"series.time_zone":                   {"nl": "De tijdzone {zone} van de applicatie is onbekend", "en": "The application's time zone {zone} is unknown"},
	"repetition.type":                    {"nl": "Het herhalingstype moet weken, maanden of jaren zijn", "en": "The repetition type must be weeks, months or years"},
	"repetition.every":                   {"nl": "Herhalen om moet een positief geheel getal zijn (hoogstens {max})", "en": "Repeat every must be a positive whole number (at most {max})"},
	"repetition.days_required":           {"nl": "Kies minstens één dag voor een wekelijkse herhaling", "en": "Choose at least one day for a weekly repetition"},
	"repetition.day":                     {"nl": "Onbekende dag: {day}", "en": "Unknown day: {day}"},
	"repetition.until_required":          {"nl": "Kies tot wanneer de sessie herhaalt", "en": "Choose until when the session repeats"},
	"repetition.until_before_date":       {"nl": "Herhalen tot ligt vóór de eerste datum", "en": "Repeat until is before the first date"},
	"repetition.until_too_far":           {"nl": "Een reeks loopt hoogstens {years} jaar", "en": "A series runs for at most {years} years"},
	"repetition.no_dates":                {"nl": "Deze herhaling levert geen enkele datum op", "en": "This repetition makes no date at all"},
	"validation.date":                    {"nl": "Het veld {field} moet een datum zijn (JJJJ-MM-DD)", "en": "The {field} field must be a date (YYYY-MM-DD)"},
	"validation.time":                    {"nl": "Het veld {field} moet een tijd zijn (UU:MM)", "en": "The {field} field must be a time (HH:MM)"},
	"session.end_before_start":           {"nl": "De eindtijd moet na de begintijd liggen", "en": "The end time must be after the start time"},
	"session.spots":                      {"nl": "Het aantal plekken moet tussen 1 en {max} liggen", "en": "The number of spots must be between 1 and {max}"},
	"session.subscribe_order":            {"nl": "Inschrijven vanaf moet vóór inschrijven tot liggen", "en": "Subscribe from must be before subscribe until"},
	"session.subscribe_bound":            {"nl": "Het veld {field} moet een tijdstip, een aantal minuten vóór de start of leeg zijn", "en": "The {field} field must be an instant, a number of minutes before the start, or empty"},
	"session.in_past":                    {"nl": "Deze sessie zou in het verleden liggen", "en": "This session would be in the past"},
	"session.past_unchanged":             {"nl": "Sessies in het verleden kunnen niet worden gewijzigd", "en": "Sessions in the past cannot be changed"},
	"session.past_not_deletable":         {"nl": "Sessies in het verleden kunnen niet worden verwijderd", "en": "Sessions in the past cannot be deleted"},
	"validation.unknown_reference":       {"nl": "Het veld {field} verwijst naar iets wat deze organisatie niet heeft", "en": "The {field} field refers to something this organisation does not have"},
	"session.repetition_occurrence":      {"nl": "Kies alleen deze sessie (this) of deze en alle volgende (following)", "en": "Choose only this session (this) or this and all later ones (following)"},
	// Rates and cancellation terms (spec section 5: each period rule its own message).
	"rate.exists":                       {"nl": "Dit tarief bestaat al", "en": "This rate already exists"},
	"rate.free":                         {"nl": "Gratis", "en": "Free"},
	"rate.price_range":                  {"nl": "De prijs moet tussen € 0 en € {max} liggen", "en": "The price must be between € 0 and € {max}"},
	"rate.vat_tier":                     {"nl": "Kies een btw-tarief: 0 %, 9 % of 21 %", "en": "Choose a VAT rate: 0 %, 9 % or 21 %"},
	"rate.in_use":                       {"nl": "Dit tarief wordt gebruikt door {offers} en kan niet worden verwijderd", "en": "This rate is used by {offers} and cannot be deleted"},
	"cancellation_term.exists":          {"nl": "Deze annuleringsvoorwaarde bestaat al", "en": "This cancellation term already exists"},
	"cancellation_term.in_use":          {"nl": "Deze annuleringsvoorwaarde hoort bij de tarieven {rates} en kan niet worden verwijderd", "en": "This cancellation term belongs to the rates {rates} and cannot be deleted"},
	"cancellation.periods_required":     {"nl": "Voeg minstens één periode toe", "en": "Add at least one period"},
	"cancellation.too_many_periods":     {"nl": "Gebruik hoogstens {max} periodes", "en": "Use at most {max} periods"},
	"cancellation.first_has_from":       {"nl": "De eerste periode begint bij het boeken en heeft geen 'vanaf'", "en": "The first period starts at booking and has no 'from'"},
	"cancellation.last_has_until":       {"nl": "De laatste periode loopt tot de start van de sessie en heeft geen 'tot'", "en": "The last period lasts until the session starts and has no 'until'"},
	"cancellation.first_needs_until":    {"nl": "Met meerdere periodes heeft de eerste periode een 'tot' nodig", "en": "With several periods the first period needs an 'until'"},
	"cancellation.last_needs_from":      {"nl": "Met meerdere periodes heeft de laatste periode een 'vanaf' nodig", "en": "With several periods the last period needs a 'from'"},
	"cancellation.middle_needs_from":    {"nl": "Periode {number} heeft een 'vanaf' nodig", "en": "Period {number} needs a 'from'"},
	"cancellation.middle_needs_until":   {"nl": "Periode {number} heeft een 'tot' nodig", "en": "Period {number} needs an 'until'"},
	"cancellation.period_order":         {"nl": "Periode {number} moet beginnen voordat ze eindigt: 'tot' ligt dichter bij de sessie dan 'vanaf'", "en": "Period {number} must start before it ends: 'until' is closer to the session than 'from'"},
	"cancellation.periods_not_adjacent": {"nl": "Periode {number} moet beginnen waar de vorige eindigt", "en": "Period {number} must start where the one before ends"},
	"cancellation.refund_range":         {"nl": "De terugbetaling van periode {number} ligt tussen 0 en 100 %", "en": "The refund of period {number} is between 0 and 100 %"},
	"location.exists":                   {"nl": "Deze locatie bestaat al", "en": "This location already exists"},
	"location.coordinates_pair":         {"nl": "Vul zowel breedte- als lengtegraad in, of geen van beide", "en": "Fill in both latitude and longitude, or neither"},
	"location.link_required":            {"nl": "Vul een link in om de knop te tonen", "en": "Fill in a link to show the button"},
	"location.link_label_required":      {"nl": "Vul de tekst van de knop in om de link te tonen", "en": "Fill in the button's label to show the link"},
	"location.unknown_weekday":          {"nl": "{weekday} is geen dag van de week", "en": "{weekday} is not a day of the week"},
	"location.weekday_twice":            {"nl": "De openingstijden noemen {weekday} twee keer", "en": "The opening hours name {weekday} twice"},
	"location.opened_at_required":       {"nl": "Vul in hoe laat deze dag opent", "en": "Fill in when this day opens"},
	"location.closed_at_required":       {"nl": "Vul in hoe laat deze dag sluit", "en": "Fill in when this day closes"},
	"location.time_format":              {"nl": "Vul een tijd in als UU:MM, bijvoorbeeld 09:30", "en": "Fill in a time as HH:MM, e.g. 09:30"},
	"location.closes_before_opening":    {"nl": "De sluitingstijd moet na de openingstijd liggen", "en": "The closing time must be after the opening time"},
	"contact.exists":                    {"nl": "Deze contactpersoon bestaat al", "en": "This contact already exists"},
	"contact.role_required":             {"nl": "Kies minstens één rol: mail, contactpersoon of trainer", "en": "Choose at least one role: mail, contact person or trainer"},
	"contact.unknown_role":              {"nl": "{role} is geen rol van een contactpersoon", "en": "{role} is not a role of a contact"},
	"contact.trainer_needs_role":        {"nl": "Alleen een contactpersoon met de rol trainer kan aan een trainer worden gekoppeld", "en": "Only a contact with the trainer role can be linked to a trainer"},
	"contact.not_a_trainer":             {"nl": "Deze gebruiker is geen trainer van deze organisatie", "en": "This user is not a trainer of this organisation"},
	"contact.not_of_organization":       {"nl": "Deze contactpersoon bestaat niet of hoort niet bij deze organisatie", "en": "This contact does not exist or is not one of this organisation's"},
	"validation.too_many":               {"nl": "Het veld {field} mag hoogstens {max} items bevatten", "en": "The {field} field may hold at most {max} items"},
	"cancellation.minutes_range":        {"nl": "De minuten van periode {number} liggen tussen 0 en {max}", "en": "The minutes of period {number} are between 0 and {max}"},
	// Categories, tags and labels (decision 0610).
	"category.exists": {"nl": "Deze categorie bestaat al", "en": "This category already exists"},
	"category.in_use": {"nl": "Deze categorie wordt gebruikt door de activiteiten en producten {activities} en de labelfilters {labels} en kan niet worden verwijderd", "en": "This category is used by the activities and products {activities} and the label filters {labels} and cannot be deleted"},
	"tag.exists":      {"nl": "Deze tag bestaat al", "en": "This tag already exists"},
	"tag.in_use":      {"nl": "Deze tag wordt gebruikt door de activiteiten en producten {activities} en de labelfilters {labels} en kan niet worden verwijderd", "en": "This tag is used by the activities and products {activities} and the label filters {labels} and cannot be deleted"},
	"label.exists":    {"nl": "Dit label bestaat al", "en": "This label already exists"},
	"label.in_use":    {"nl": "Dit label wordt gebruikt door de wallets {wallets} en met de hand aan de activiteiten en producten {activities} gegeven en kan niet worden verwijderd", "en": "This label is used by the wallets {wallets} and was given by hand to the activities and products {activities}, and cannot be deleted"},
	"taxonomy.none":   {"nl": "(geen)", "en": "(none)"},
	// Campaigns and notifications (decisions 1100, 1101).
	"campaign.exists":                          {"nl": "Deze campagne bestaat al", "en": "This campaign already exists"},
	"notification.exists":                      {"nl": "Deze notificatie bestaat al", "en": "This notification already exists"},
	"notification.already_sent":                {"nl": "Deze notificatie is al verstuurd en kan niet meer worden gewijzigd of geannuleerd", "en": "This notification has been sent and can no longer be changed or cancelled"},
	"notification.already_cancelled":           {"nl": "Deze notificatie is geannuleerd en kan niet meer worden gewijzigd", "en": "This notification was cancelled and can no longer be changed"},
	"notification.sending":                     {"nl": "Deze notificatie wordt binnen een minuut verstuurd en kan niet meer worden gewijzigd of geannuleerd", "en": "This notification is sent within a minute and can no longer be changed or cancelled"},
	"notification.send_on_format":              {"nl": "Het veld {field} moet een datum en tijd zijn (jjjj-mm-ddTuu:mm)", "en": "The {field} field must be a date and time (yyyy-mm-ddThh:mm)"},
	"notification.send_on_past":                {"nl": "Het verzendmoment moet in de toekomst liggen", "en": "The send time must be in the future"},
	"notification.unknown_variable":            {"nl": "Het veld {field} bevat de onbekende variabele {name}; gebruik {first_name}, {last_name} of {app_name}", "en": "The {field} field holds the unknown variable {name}; use {first_name}, {last_name} or {app_name}"},
	"validation.unknown_reference_application": {"nl": "Het veld {field} verwijst naar iets wat deze applicatie niet heeft", "en": "The {field} field refers to something this application does not have"},
	// States and statuses as exports show them.
	"state.pending":   {"nl": "In afwachting", "en": "Pending"},
	"state.approved":  {"nl": "Goedgekeurd", "en": "Approved"},
	"state.rejected":  {"nl": "Afgewezen", "en": "Rejected"},
	"state.available": {"nl": "Beschikbaar", "en": "Available"},
	"state.redeemed":  {"nl": "Ingewisseld", "en": "Redeemed"},
	"state.disabled":  {"nl": "Uitgeschakeld", "en": "Disabled"},
	"state.expired":   {"nl": "Verlopen", "en": "Expired"},

	// Bookings refused where the public offer hides the activity (decision 1333).
	"booking.draft":                     {"nl": "Deze activiteit is nog een concept: inschrijven kan nog niet", "en": "This activity is still a draft: it cannot be booked yet"},
	"booking.organization_not_approved": {"nl": "De organisatie van deze activiteit is nog niet goedgekeurd: inschrijven kan nog niet", "en": "This activity's organisation is not approved yet: it cannot be booked yet"},

	// Bookings and participants.
	"booking.window_not_open":         {"nl": "Inschrijven voor deze sessie kan pas vanaf {from}", "en": "Booking this session opens at {from}"},
	"booking.window_closed":           {"nl": "Inschrijven voor deze sessie is gesloten", "en": "Booking this session has closed"},
	"booking.full":                    {"nl": "Deze sessie is vol (alle {spots} plekken zijn bezet) en heeft geen wachtlijst", "en": "This session is full (all {spots} spots are taken) and has no waiting list"},
	"booking.no_signup_required":      {"nl": "Voor deze activiteit hoef je je niet in te schrijven: kom gewoon langs", "en": "This activity needs no booking: just come along"},
	"booking.already_booked":          {"nl": "Je bent al ingeschreven voor deze sessie (of staat op de wachtlijst)", "en": "You have already booked this session (or are on its waiting list)"},
	"booking.exists":                  {"nl": "Deze inschrijving bestaat al", "en": "This booking already exists"},
	"booking.cancelled":               {"nl": "Deze inschrijving is geannuleerd", "en": "This booking has been cancelled"},
	"booking.moved":                   {"nl": "Deze inschrijving is verplaatst naar een andere sessie", "en": "This booking was moved to another session"},
	"booking.waitlisted":              {"nl": "Deze deelnemer staat nog op de wachtlijst", "en": "This participant is still on the waiting list"},
	"booking.move_same_session":       {"nl": "Kies een andere sessie om naartoe te verplaatsen", "en": "Choose another session to move to"},
	"booking.already_checked_in":      {"nl": "Al ingecheckt om {at}", "en": "Already checked in at {at}"},
	"booking.age_required":            {"nl": "Vul de geboortedatum in: deze activiteit heeft een leeftijdsgrens", "en": "Fill in the date of birth: this activity has an age range"},
	"booking.age_out_of_range":        {"nl": "Deze activiteit is voor leeftijd {min} tot en met {max}; de deelnemer is dan {age}", "en": "This activity is for ages {min} to {max}; the participant will be {age}"},
	"booking.answer_required":         {"nl": "Beantwoord deze vraag", "en": "Answer this question"},
	"booking.answer_one":              {"nl": "Kies één antwoord", "en": "Choose one answer"},
	"booking.answer_option":           {"nl": "Kies een van: {values}", "en": "Choose one of: {values}"},
	"booking.answer_unknown_question": {"nl": "Deze vraag hoort niet bij de activiteit", "en": "This question is not one of the activity's"},
	"booking.qr_invalid":              {"nl": "Deze QR-code is niet geldig", "en": "This QR code is not valid"},
	"booking.qr_other_session":        {"nl": "Deze QR-code hoort bij een andere sessie", "en": "This QR code belongs to another session"},
	"booking.bundle_only":             {"nl": "Deze sessie hoort bij een bundel: schrijf je in voor de bundel", "en": "This session belongs to a bundle: book the bundle"},
	"bundle.full":                     {"nl": "Deze bundel is vol (alle {spots} plekken zijn bezet) en heeft geen wachtlijst", "en": "This bundle is full (all {spots} spots are taken) and has no waiting list"},
	"bundle.started":                  {"nl": "Deze bundel is al begonnen: inschrijven kan niet meer", "en": "This bundle has already started: booking has closed"},
	"bundle.exists":                   {"nl": "Deze bundel bestaat al", "en": "This bundle already exists"},
	"booking.not_a_customer":          {"nl": "Alleen klanten kunnen inschrijven", "en": "Only customers can book"},

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
	"error.unavailable":            {"nl": "De betaaldienst is even niet bereikbaar; probeer het later opnieuw", "en": "The payment service cannot be reached; try again later"},
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
	// App builds (decision 1200).
	"app_build.keyword_invalid":            {"nl": "Het trefwoord “{keyword}” mag geen komma of stuurteken bevatten", "en": "The keyword “{keyword}” may not hold a comma or control character"},
	"app_build.keywords_too_long":          {"nl": "De trefwoorden zijn samen, met komma's ertussen, langer dan {max} tekens", "en": "The keywords together, with commas between them, are longer than {max} characters"},
	"app_build.bundle_id":                  {"nl": "De bundle-id moet een omgekeerde domeinnaam zijn, zoals nl.sportief.app", "en": "The bundle id must be a reversed domain name, such as nl.sportief.app"},
	"app_build.package_name":               {"nl": "De pakketnaam moet bestaan uit delen die met een letter beginnen (letters, cijfers, _), gescheiden door punten, zoals nl.sportief.app", "en": "The package name must be parts that start with a letter (letters, digits, _), separated by dots, such as nl.sportief.app"},
	"app_build.version":                    {"nl": "Het veld {field} moet een versie zijn als 1.2.3", "en": "The {field} field must be a version such as 1.2.3"},
	"app_build.minimum_above_version":      {"nl": "De minimale appversie mag niet hoger zijn dan de versie {version}", "en": "The minimum app version may not be above the version {version}"},
	"app_build.tag":                        {"nl": "De tag begint met een letter of cijfer en bevat alleen letters, cijfers en . _ / -", "en": "The tag starts with a letter or digit and holds only letters, digits and . _ / -"},
	"app_build.not_configured":             {"nl": "{platform} is nog niet ingesteld: sla eerst de bundle-id en de versie op", "en": "{platform} is not set up yet: save its bundle id and version first"},
	"app_build.settings_incomplete":        {"nl": "De winkelinstellingen zijn niet compleet voor {platform}; nog in te vullen: {missing}", "en": "The store settings are not complete for {platform}; still to fill in: {missing}"},
	"app_build.already_running":            {"nl": "Er loopt al een build voor {platform}; wacht tot die klaar is", "en": "A build for {platform} is already running; wait until it is done"},
	"app_build.version_not_above_released": {"nl": "Versie {version} is niet hoger dan de laatst uitgebrachte versie {released}; verhoog de versie", "en": "Version {version} is not above the last released version {released}; raise the version"},
}

// fieldNames are the user's words for field names.
var fieldNames = map[string]map[string]string{
	"name":        {"nl": "naam", "en": "name"},
	"id":          {"nl": "id", "en": "id"},
	"state":       {"nl": "status", "en": "state"},
	"status":      {"nl": "status", "en": "status"},
	"type":        {"nl": "type", "en": "type"},
	"created_at":  {"nl": "aangemaakt op", "en": "created at"},
	"icon_id":     {"nl": "icoon", "en": "icon"},
	"highlighted": {"nl": "uitgelicht", "en": "highlighted"},
	"version":     {"nl": "versie", "en": "version"},

	// Organisations.
	"street":        {"nl": "straat", "en": "street"},
	"house_number":  {"nl": "huisnummer", "en": "house number"},
	"zipcode":       {"nl": "postcode", "en": "zipcode"},
	"city":          {"nl": "plaats", "en": "city"},
	"country":       {"nl": "land", "en": "country"},
	"description":   {"nl": "omschrijving", "en": "description"},
	"phone":         {"nl": "telefoonnummer", "en": "phone"},
	"website":       {"nl": "website", "en": "website"},
	"facebook_url":  {"nl": "Facebook-URL", "en": "Facebook URL"},
	"instagram_url": {"nl": "Instagram-URL", "en": "Instagram URL"},
	"youtube_url":   {"nl": "YouTube-URL", "en": "YouTube URL"},
	"notes":         {"nl": "notities", "en": "notes"},
	"kvk":           {"nl": "KvK-nummer", "en": "KvK number"},
	"sports":        {"nl": "sporten", "en": "sports"},
	"reason":        {"nl": "reden", "en": "reason"},
	"iban":          {"nl": "IBAN", "en": "IBAN"},
	"account_name":  {"nl": "tenaamstelling", "en": "account name"},
	"attn":          {"nl": "t.a.v.", "en": "ATTN"},
	"logo_id":       {"nl": "logo", "en": "logo"},
	"header_id":     {"nl": "headerafbeelding", "en": "header image"},

	// Applications.
	"slug":              {"nl": "slug", "en": "slug"},
	"email":             {"nl": "e-mailadres", "en": "email"},
	"dashboard_url":     {"nl": "dashboard-URL", "en": "dashboard URL"},
	"website_url":       {"nl": "website-URL", "en": "website URL"},
	"support_url":       {"nl": "support-URL", "en": "support URL"},
	"timezone":          {"nl": "tijdzone", "en": "time zone"},
	"sport_id_alias":    {"nl": "sport-alias", "en": "sport alias"},
	"longitude":         {"nl": "lengtegraad", "en": "longitude"},
	"latitude":          {"nl": "breedtegraad", "en": "latitude"},
	"zoom":              {"nl": "zoomniveau", "en": "zoom"},
	"fallback_image_id": {"nl": "standaardafbeelding", "en": "fallback image"},
	"favicon_id":        {"nl": "favicon", "en": "favicon"},
	"primary_color":     {"nl": "primaire kleur", "en": "primary colour"},
	"secondary_color":   {"nl": "secundaire kleur", "en": "secondary colour"},
	"parent_id":         {"nl": "hoofdapplicatie", "en": "parent application"},

	// Files.
	"file":               {"nl": "bestand", "en": "file"},
	"visibility":         {"nl": "zichtbaarheid", "en": "visibility"},
	"path":               {"nl": "map", "en": "path"},
	"check_transparency": {"nl": "transparantie", "en": "transparency"},
	"min_dimensions":     {"nl": "minimale afmetingen", "en": "minimum dimensions"},
	"max_dimensions":     {"nl": "maximale afmetingen", "en": "maximum dimensions"},

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

	// Rates and cancellation terms.
	"price_cents":          {"nl": "prijs", "en": "price"},
	"vat_tier":             {"nl": "btw-tarief", "en": "VAT rate"},
	"cancellation_term_id": {"nl": "annuleringsvoorwaarde", "en": "cancellation term"},
	"periods":              {"nl": "periodes", "en": "periods"},

	// Locations.
	"location_types":  {"nl": "locatietypes", "en": "location types"},
	"contacts":        {"nl": "contactpersonen", "en": "contacts"},
	"link":            {"nl": "link", "en": "link"},
	"link_label":      {"nl": "knoptekst", "en": "button label"},
	"image_id":        {"nl": "afbeelding", "en": "image"},
	"opening_hours":   {"nl": "openingstijden", "en": "opening hours"},
	"roles":           {"nl": "rollen", "en": "roles"},
	"trainer_user_id": {"nl": "trainer", "en": "trainer"},

	// Participants.
	"participant.first_name":    {"nl": "voornaam", "en": "first name"},
	"participant.last_name":     {"nl": "achternaam", "en": "last name"},
	"participant.email":         {"nl": "e-mailadres", "en": "email"},
	"participant.date_of_birth": {"nl": "geboortedatum", "en": "date of birth"},
	"participant.gender":        {"nl": "geslacht", "en": "gender"},
	"participant.notes":         {"nl": "notities", "en": "notes"},
	"attendance":                {"nl": "aanwezigheid", "en": "attendance"},

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
	// Categories, tags and labels.
	"title":             {"nl": "titel", "en": "title"},
	"contents":          {"nl": "inhoud", "en": "contents"},
	"send_on":           {"nl": "verzendmoment", "en": "send time"},
	"url":               {"nl": "URL", "en": "URL"},
	"apply_to_children": {"nl": "geldt voor onderliggende applicaties", "en": "applies to child applications"},
	"sport_ids":         {"nl": "sporten", "en": "sports"},
	"category_ids":      {"nl": "categorieën", "en": "categories"},
	"tag_ids":           {"nl": "tags", "en": "tags"},
	"label_ids":         {"nl": "labels", "en": "labels"},
	"organization_ids":  {"nl": "organisaties", "en": "organisations"},
	"types":             {"nl": "soorten", "en": "types"},
	"levels":            {"nl": "niveaus", "en": "levels"},
	// App builds.
	"app_name":            {"nl": "appnaam", "en": "app name"},
	"promotional_text":    {"nl": "promotietekst", "en": "promotional text"},
	"short_description":   {"nl": "korte beschrijving", "en": "short description"},
	"long_description":    {"nl": "lange beschrijving", "en": "long description"},
	"keywords":            {"nl": "trefwoorden", "en": "keywords"},
	"privacy_url":         {"nl": "privacy-URL", "en": "privacy URL"},
	"marketing_url":       {"nl": "marketing-URL", "en": "marketing URL"},
	"splash_id":           {"nl": "splashafbeelding", "en": "splash image"},
	"bundle_id":           {"nl": "bundle-id", "en": "bundle id"},
	"version_name":        {"nl": "versie", "en": "version"},
	"minimum_app_version": {"nl": "minimale appversie", "en": "minimum app version"},
	"tag":                 {"nl": "tag", "en": "tag"},
	"platform":            {"nl": "platform", "en": "platform"},
}

// translate fills in a message in the language; unknown keys show as themselves.
func translate(language, key string, params map[string]any) string {
	texts, ok := messages[key]
	if !ok {
		return key
	}
	text, ok := texts[language]
	if !ok {
		text = texts["en"]
	}
	for k, v := range params {
		s := fmt.Sprint(v)
		if k == "field" {
			s = fieldName(language, s)
		}
		text = strings.ReplaceAll(text, "{"+k+"}", s)
	}
	return text
}

func fieldName(language, field string) string {
	if names, ok := fieldNames[field]; ok {
		return names[language]
	}
	return field
}
