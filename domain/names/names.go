// Package names normalises display names for comparing them: "  Beach  Volleyball"
// and "beach volleyball" are the same name; and checks required names and slugs the
// same way in every context.
package names

import (
	"regexp"
	"strings"
	"unicode"
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

// Unprintable reports whether text may not enter the system: it is not UTF-8, or it
// holds a control character other than tab, newline and carriage return (a NUL cannot
// be stored in Postgres text, the others only corrupt what is shown or exported). Every
// string is checked with it at the boundary: JSON bodies, query and form parameters,
// CSV cells.
func Unprintable(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
			return true
		}
	}
	return false
}

// Visible reports whether s shows at least one character: a text of only zero-width,
// format or control characters, combining marks without a base, or the blank
// "letters" (Hangul fillers, the blank Braille pattern) looks empty on every screen.
func Visible(s string) bool {
	for _, r := range s {
		if unicode.IsGraphic(r) && !unicode.IsSpace(r) && !unicode.In(r, unicode.Cf, unicode.Mn, unicode.Me) && !blankLetter(r) {
			return true
		}
	}
	return false
}

// blankLetter: code points that are letters or symbols to Unicode but draw nothing.
func blankLetter(r rune) bool {
	switch r {
	case '\u115f', '\u1160', '\u3164', '\uffa0', '\u2800':
		return true
	}
	return false
}

// Optional trims an optional text and records on v, under field, when it is not empty
// but shows no character (validation.invisible), or is longer than max characters. Its
// inner line breaks are kept (notes, addresses).
func Optional(v *domain.ValidationError, field, s string, max int) string {
	s = strings.TrimSpace(s)
	switch n := utf8.RuneCountInString(s); {
	case n == 0:
	case !Visible(s):
		v.Add(field, "validation.invisible", nil)
	case n > max:
		v.Add(field, "validation.max_length", map[string]any{"max": max})
	}
	return s
}

// Required cleans a required name and records on v, under field, when it is empty (or
// shows no character), holds control characters or is longer than max characters.
func Required(v *domain.ValidationError, field, s string, max int) string {
	s = Clean(s)
	switch n := utf8.RuneCountInString(s); {
	case n == 0 || !Visible(s):
		v.Add(field, "validation.required", nil)
	case Unprintable(s):
		v.Add(field, "validation.characters", nil)
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
