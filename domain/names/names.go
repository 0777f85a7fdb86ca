// Package names normalises display names for comparing them: "  Beach  Volleyball"
// and "beach volleyball" are the same name.
package names

import (
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
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
