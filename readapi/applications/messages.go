package applications

import "move/readapi/kernel"

// The context's message keys and field names, in nl and en; the kernel resolves them.
func init() {
	kernel.RegisterMessages(kernel.Messages{
		"application.exists": {"nl": "Deze applicatie bestaat al", "en": "This application already exists"},
	}, kernel.Messages{
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
	})
}
