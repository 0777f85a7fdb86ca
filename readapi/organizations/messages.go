package organizations

import "move/readapi/kernel"

// The context's message keys and field names, in nl and en; the kernel resolves them.
func init() {
	kernel.RegisterMessages(kernel.Messages{
		// Organisations.
		"organization.exists":                  {"nl": "Deze organisatie bestaat al", "en": "This organisation already exists"},
		"organization.already_approved":        {"nl": "Deze organisatie is al goedgekeurd", "en": "This organisation has already been approved"},
		"organization.already_rejected":        {"nl": "Deze organisatie is al afgewezen", "en": "This organisation has already been rejected"},
		"organization.approved_not_rejectable": {"nl": "Een goedgekeurde organisatie kan niet worden afgewezen", "en": "An approved organisation cannot be rejected"},
		"organization.credentials":             {"nl": "De API-gegevens van de organisatie konden niet worden aangemaakt", "en": "The organisation's API credentials could not be made"},
		"organization.sports_in_use":           {"nl": "Deze sporten kunnen niet worden ontkoppeld omdat ze gekoppeld zijn aan activiteiten of producten: {activities}", "en": "These sports cannot be detached because they are linked to activities or products: {activities}"},
		"organization.not_approved":            {"nl": "Deze organisatie is nog niet goedgekeurd; haar aanbod is nog niet zichtbaar", "en": "This organisation is not approved yet; its offers are not visible yet"},
		"import.refused":                       {"nl": "Het bestand is niet geïmporteerd: verbeter de fouten en probeer het opnieuw", "en": "The file was not imported: correct the errors and try again"},
		"import.not_utf8":                      {"nl": "Het bestand moet UTF-8 zijn", "en": "The file must be UTF-8"},
		"import.empty":                         {"nl": "Het bestand bevat geen organisaties", "en": "The file holds no organisations"},
		"import.unreadable":                    {"nl": "Het bestand is niet te lezen vanaf regel {line}", "en": "The file cannot be read from line {line}"},
		"import.unknown_column":                {"nl": "Onbekende kolom: {column}", "en": "Unknown column: {column}"},
		"import.duplicate_column":              {"nl": "Dubbele kolom: {column}", "en": "Duplicate column: {column}"},
		"import.missing_columns":               {"nl": "Verplichte kolommen ontbreken: {columns}", "en": "Required columns are missing: {columns}"},
		"import.too_many_rows":                 {"nl": "Het bestand heeft meer dan {max} regels", "en": "The file has more than {max} rows"},
		"import.column_count":                  {"nl": "Deze regel heeft {got} kolommen in plaats van {want}", "en": "This row has {got} columns instead of {want}"},
	}, kernel.Messages{
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
	})
}
