package files

import "move/readapi/kernel"

// The context's message keys and field names, in nl and en; the kernel resolves them.
func init() {
	kernel.RegisterMessages(kernel.Messages{
		"files.unavailable": {"nl": "Bestanden zijn op deze server niet ingesteld", "en": "File storage is not configured on this server"},

		// Files (uploads and images).
		"files.too_large":           {"nl": "Het {field} moet kleiner zijn dan {size}KB", "en": "The {field} must be less than {size}KB"},
		"files.type":                {"nl": "Het {field} moet een afbeelding zijn ({types})", "en": "The {field} must be an image ({types})"},
		"files.corrupt":             {"nl": "Het {field} is geen leesbare afbeelding", "en": "The {field} is not a readable image"},
		"files.too_many_pixels":     {"nl": "Het {field} heeft te veel pixels (hoogstens {megapixels} megapixels)", "en": "The {field} has too many pixels (at most {megapixels} megapixels)"},
		"files.min_dimensions":      {"nl": "Het {field} moet minstens {width} bij {height} pixels zijn", "en": "The {field} must be at least {width} by {height} pixels"},
		"files.max_dimensions":      {"nl": "Het {field} mag hoogstens {width} bij {height} pixels zijn", "en": "The {field} may be at most {width} by {height} pixels"},
		"files.dimensions_format":   {"nl": "Het veld {field} moet 'breedte,hoogte' zijn", "en": "The {field} field must be 'width,height'"},
		"files.not_transparent":     {"nl": "De afbeelding moet een transparante achtergrond hebben", "en": "The image must have a transparent background"},
		"files.transparency_raster": {"nl": "Transparantie kan alleen worden gecontroleerd bij een png-, gif- of webp-afbeelding", "en": "Transparency can only be checked on a png, gif or webp image"},
	}, kernel.Messages{
		// Files.
		"file":               {"nl": "bestand", "en": "file"},
		"visibility":         {"nl": "zichtbaarheid", "en": "visibility"},
		"path":               {"nl": "map", "en": "path"},
		"check_transparency": {"nl": "transparantie", "en": "transparency"},
		"min_dimensions":     {"nl": "minimale afmetingen", "en": "minimum dimensions"},
		"max_dimensions":     {"nl": "maximale afmetingen", "en": "maximum dimensions"},
	})
}
