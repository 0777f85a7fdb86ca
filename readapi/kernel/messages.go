package kernel

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

// Lang picks nl or en from Accept-Language.
func Lang(r *http.Request) string {
	tag, _ := language.MatchStrings(matcher, r.Header.Get("Accept-Language"))
	if base, _ := tag.Base(); base.String() == "en" {
		return "en"
	}
	return "nl"
}

// messages are the texts the API sends, by key and language: the kernel's own here,
// each context's added by its RegisterMessages. {field} and other {params} are filled
// in; a key missing in nl falls back to en.
var messages = Messages{
	"validation.failed":                {"nl": "Vul alle velden correct in", "en": "Please fill in all the fields correctly"},
	"validation.required":              {"nl": "Het veld {field} is verplicht", "en": "The {field} field is required"},
	"validation.max_length":            {"nl": "Het veld {field} mag niet langer zijn dan {max} tekens", "en": "The {field} field may not be longer than {max} characters"},
	"validation.unique":                {"nl": "Deze {field} is al in gebruik", "en": "This {field} is already taken"},
	"validation.invalid":               {"nl": "Het veld {field} is niet geldig", "en": "The {field} field is not valid"},
	"validation.wrong_type":            {"nl": "Het veld {field} heeft een verkeerd type", "en": "The {field} field has the wrong type"},
	"validation.unknown":               {"nl": "Het veld {field} is onbekend", "en": "The {field} field is unknown"},
	"validation.characters":            {"nl": "Het veld {field} bevat tekens die niet zijn toegestaan (ongeldige UTF-8 of stuurtekens)", "en": "The {field} field holds characters that are not allowed (invalid UTF-8 or control characters)"},
	"error.method_not_allowed":         {"nl": "Deze methode is hier niet toegestaan (toegestaan: {allow})", "en": "This method is not allowed here (allowed: {allow})"},
	"error.bad_json":                   {"nl": "De aanvraag bevat geen geldige JSON", "en": "The request is not valid JSON"},
	"error.body_too_large":             {"nl": "De aanvraag is te groot", "en": "The request is too large"},
	"error.not_found":                  {"nl": "Niet gevonden", "en": "Not found"},
	"error.unauthenticated":            {"nl": "Je bent niet ingelogd", "en": "You are not logged in"},
	"error.forbidden":                  {"nl": "Je hebt geen toegang tot deze actie", "en": "You are not allowed to do this"},
	"error.internal":                   {"nl": "Er is een fout opgetreden bij het verwerken van je verzoek. Probeer het later opnieuw.", "en": "An error occurred while processing your request. Please try again later."},
	"error.application":                {"nl": "Geef een geldige applicatie op (ApplicationId)", "en": "Send a valid application (ApplicationId)"},
	"error.bad_query":                  {"nl": "De zoekopdracht is niet geldig: {detail}", "en": "The query is not valid: {detail}"},
	"error.rate_limited":               {"nl": "Te veel verzoeken, probeer het later opnieuw", "en": "Too many requests, please try again later"},
	"conflict.stale_version":           {"nl": "Iemand anders heeft dit intussen gewijzigd; laad de pagina opnieuw", "en": "Someone else changed this in the meantime; reload the page"},
	"conflict.version":                 {"nl": "Dit is intussen gewijzigd; probeer het opnieuw", "en": "This was changed in the meantime; please try again"},
	"validation.email":                 {"nl": "Het veld {field} moet een geldig e-mailadres zijn", "en": "The {field} field must be a valid email"},
	"validation.min_length":            {"nl": "Het veld {field} moet minstens {min} tekens zijn", "en": "The {field} field must be at least {min} characters"},
	"success.saved":                    {"nl": "Opgeslagen", "en": "Saved"},
	"validation.file_reference":        {"nl": "Kies voor {field} een openbaar bestand dat in deze applicatie is geüpload", "en": "The {field} must be a public file uploaded in this application"},
	"validation.public_file_reference": {"nl": "Kies voor {field} een openbaar geüpload bestand", "en": "The {field} must be a public uploaded file"},
	"idempotency.key_reused":           {"nl": "Deze Idempotency-Key is al gebruikt voor een ander verzoek; gebruik een nieuwe sleutel", "en": "This Idempotency-Key was already used for another request; use a new key"},

	// Files (uploads and images).
	"error.bad_form": {"nl": "Het formulier is niet geldig", "en": "The form is not valid"},

	// Organisations.
	"validation.kvk":                  {"nl": "Het veld {field} moet 8 cijfers zijn", "en": "The {field} field must be 8 digits"},
	"validation.phone":                {"nl": "Het veld {field} is geen geldig telefoonnummer", "en": "The {field} field is not a valid phone number"},
	"validation.url":                  {"nl": "Het veld {field} moet een geldige URL zijn (https://…)", "en": "The {field} field must be a valid URL (https://…)"},
	"validation.country":              {"nl": "Het veld {field} moet een landcode volgens ISO 3166-1 zijn, bijvoorbeeld nl", "en": "The {field} field must be an ISO 3166-1 country code, e.g. nl"},
	"validation.iban":                 {"nl": "Het veld {field} is geen geldige IBAN", "en": "The {field} field is not a valid IBAN"},
	"validation.max_items":            {"nl": "Het veld {field} mag hoogstens {max} items hebben", "en": "The {field} field may have at most {max} items"},
	"validation.unknown_sport":        {"nl": "De sport {id} bestaat niet", "en": "The sport {id} does not exist"},
	"validation.unknown_organization": {"nl": "Deze organisatie bestaat niet of is nog niet goedgekeurd", "en": "This organisation does not exist or is not approved yet"},
	"validation.timezone":             {"nl": "Het veld {field} moet een tijdzone zijn, bijvoorbeeld Europe/Amsterdam", "en": "The {field} field must be a time zone, e.g. Europe/Amsterdam"},
	"validation.color":                {"nl": "Het veld {field} moet een kleur zijn als #RRGGBB of #RRGGBBAA", "en": "The {field} field must be a colour like #RRGGBB or #RRGGBBAA"},
	"validation.between":              {"nl": "Het veld {field} moet tussen {min} en {max} liggen", "en": "The {field} field must be between {min} and {max}"},
	"validation.slug":                 {"nl": "Het veld {field} mag alleen kleine letters, cijfers en streepjes bevatten (hoogstens 64)", "en": "The {field} field may only hold lower-case letters, digits and dashes (at most 64)"},

	// Wallets and coupons.
	"validation.one_of": {"nl": "Het veld {field} moet een van deze waarden zijn: {values}", "en": "The {field} field must be one of: {values}"},
	"validation.future": {"nl": "Het veld {field} moet in de toekomst liggen", "en": "The {field} field must be in the future"},
	"customer.only":     {"nl": "Alleen klanten van deze applicatie kunnen dit doen (in de app)", "en": "Only customers of this application can do this (in the app)"},

	// Activities and sessions (spec §4, §5, §8).
	"validation.date":              {"nl": "Het veld {field} moet een datum zijn (JJJJ-MM-DD)", "en": "The {field} field must be a date (YYYY-MM-DD)"},
	"validation.time":              {"nl": "Het veld {field} moet een tijd zijn (UU:MM)", "en": "The {field} field must be a time (HH:MM)"},
	"validation.unknown_reference": {"nl": "Het veld {field} verwijst naar iets wat deze organisatie niet heeft", "en": "The {field} field refers to something this organisation does not have"},

	// Rates and cancellation terms (spec section 5: each period rule its own message).
	"validation.too_many": {"nl": "Het veld {field} mag hoogstens {max} items bevatten", "en": "The {field} field may hold at most {max} items"},

	// Campaigns and notifications (decisions 1100, 1101).
	"validation.unknown_reference_application": {"nl": "Het veld {field} verwijst naar iets wat deze applicatie niet heeft", "en": "The {field} field refers to something this application does not have"},

	// States and statuses as exports show them.
	"state.pending":   {"nl": "In afwachting", "en": "Pending"},
	"state.approved":  {"nl": "Goedgekeurd", "en": "Approved"},
	"state.rejected":  {"nl": "Afgewezen", "en": "Rejected"},
	"state.available": {"nl": "Beschikbaar", "en": "Available"},
	"state.redeemed":  {"nl": "Ingewisseld", "en": "Redeemed"},
	"state.disabled":  {"nl": "Uitgeschakeld", "en": "Disabled"},
	"state.expired":   {"nl": "Verlopen", "en": "Expired"},

	// Orders, payments and refunds.
	"error.unavailable": {"nl": "De betaaldienst is even niet bereikbaar; probeer het later opnieuw", "en": "The payment service cannot be reached; try again later"},
}

// fieldNames are the fields' names in messages and export headers, by language.
var fieldNames = Messages{
	"name":        {"nl": "naam", "en": "name"},
	"id":          {"nl": "id", "en": "id"},
	"state":       {"nl": "status", "en": "state"},
	"status":      {"nl": "status", "en": "status"},
	"type":        {"nl": "type", "en": "type"},
	"created_at":  {"nl": "aangemaakt op", "en": "created at"},
	"icon_id":     {"nl": "icoon", "en": "icon"},
	"highlighted": {"nl": "uitgelicht", "en": "highlighted"},
	"version":     {"nl": "versie", "en": "version"},
}

// Messages are texts by key, then by language (nl, en).
type Messages map[string]map[string]string

// RegisterMessages adds a context's message keys and field names to those the kernel
// resolves. Each context calls it once, from its messages.go; a key that two parts
// declare is a mistake and stops the program at start.
func RegisterMessages(texts, fields Messages) {
	for into, from := range map[*Messages]Messages{&messages: texts, &fieldNames: fields} {
		for key, byLanguage := range from {
			if _, taken := (*into)[key]; taken {
				panic("readapi: message key " + key + " registered twice")
			}
			(*into)[key] = byLanguage
		}
	}
}

// Translate fills in a message in the language; unknown keys show as themselves.
func Translate(language, key string, params map[string]any) string {
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
			s = FieldName(language, s)
		}
		text = strings.ReplaceAll(text, "{"+k+"}", s)
	}
	return text
}

// FieldName is a field's name in the language, or the field itself when it has none.
func FieldName(language, field string) string {
	if names, ok := fieldNames[field]; ok {
		return names[language]
	}
	return field
}
