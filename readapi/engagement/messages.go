package engagement

import "move/readapi/kernel"

// The context's message keys and field names, in nl and en; the kernel resolves them.
func init() {
	kernel.RegisterMessages(kernel.Messages{
		// Campaigns and notifications (decisions 1100, 1101).
		"campaign.exists":                {"nl": "Deze campagne bestaat al", "en": "This campaign already exists"},
		"notification.exists":            {"nl": "Deze notificatie bestaat al", "en": "This notification already exists"},
		"notification.already_sent":      {"nl": "Deze notificatie is al verstuurd en kan niet meer worden gewijzigd of geannuleerd", "en": "This notification has been sent and can no longer be changed or cancelled"},
		"notification.already_cancelled": {"nl": "Deze notificatie is geannuleerd en kan niet meer worden gewijzigd", "en": "This notification was cancelled and can no longer be changed"},
		"notification.sending":           {"nl": "Deze notificatie wordt binnen een minuut verstuurd en kan niet meer worden gewijzigd of geannuleerd", "en": "This notification is sent within a minute and can no longer be changed or cancelled"},
		"notification.send_on_format":    {"nl": "Het veld {field} moet een datum en tijd zijn (jjjj-mm-ddTuu:mm)", "en": "The {field} field must be a date and time (yyyy-mm-ddThh:mm)"},
		"notification.send_on_past":      {"nl": "Het verzendmoment moet in de toekomst liggen", "en": "The send time must be in the future"},
		"notification.unknown_variable":  {"nl": "Het veld {field} bevat de onbekende variabele {name}; gebruik {first_name}, {last_name} of {app_name}", "en": "The {field} field holds the unknown variable {name}; use {first_name}, {last_name} or {app_name}"},

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
	}, kernel.Messages{
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
	})
}
