// Package names normalises display names for comparing them: "  Beach  Volleyball"
// and "beach volleyball" are the same name; and checks required names and slugs the
// same way in every context.
package names

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"move/domain"
)

var fold = cases.Fold()

// Normalize folds case, composes Unicode and collapses white space.
func Normalize(s string) string {
	return fold.String(norm.NFC.String(strings.Join(strings.Fields(s), " ")))
}

// Clean trims and collapses white space, keeping case: how a name is stored.
func Clean(s string) string {
	return norm.NFC.String(strings.Join(strings.Fields(s), " "))
}

// MaxSlugLength is the longest slug, in bytes (a slug is ASCII).
const MaxSlugLength = 64

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Required cleans a required name and records on v, under field, when it is empty or
// longer than max characters.
func Required(v *domain.ValidationError, field, s string, max int) string {
	s = Clean(s)
	switch n := utf8.RuneCountInString(s); {
	case n == 0:
		v.Add(field, "validation.required", nil)
	case n > max:
		v.Add(field, "validation.max_length", map[string]any{"max": max})
	}
	return s
}

// Slug trims a required slug (lower-case letters, digits, single dashes) and records on
// v, under field, when it is missing or malformed.
func Slug(v *domain.ValidationError, field, s string) string {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		v.Add(field, "validation.required", nil)
	case len(s) > MaxSlugLength || !slugPattern.MatchString(s):
		v.Add(field, "validation.slug", nil)
	}
	return s
}
