package names_test

import (
	"testing"

	"move/domain"
	"move/domain/names"
)

// A name must show a character: zero-width, format and control characters alone look
// empty on every screen and are refused as a missing name.
func TestRequiredRefusesNamesWithoutAVisibleCharacter(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"zero-width space", "\u200b", "validation.required"},
		{"zero-width joiners", "\u200c\u200d\u2060", "validation.required"},
		{"byte order mark", "\ufeff", "validation.required"},
		{"controls", "\x01\x02", "validation.required"},
		{"a NUL inside", "Tennis\x00club", "validation.characters"},
		{"invalid UTF-8", "Tennis\xffclub", "validation.characters"},
		{"a bell inside", "Tennis\aclub", "validation.characters"},
		{"a Hangul filler", "\u3164", "validation.required"},
		{"a blank Braille pattern", "\u2800\u2800", "validation.required"},
		{"a combining mark without a base", "\u0301\u034f", "validation.required"},
		{"visible", "Beach\u200bvolleybal", ""},
		{"accented", "Cafe\u0301", ""},
		{"emoji", "🎾", ""},
	} {
		var v domain.ValidationError
		names.Required(&v, "name", tc.in, 100)
		got := ""
		if len(v.Fields) > 0 {
			got = v.Fields[0].Key
		}
		if got != tc.want {
			t.Errorf("%s: want %q, got %q", tc.name, tc.want, got)
		}
	}
}

func TestUnprintable(t *testing.T) {
	for s, want := range map[string]bool{
		"plain": false, "tab\tnewline\ncr\r": false, "é ß 中": false, "": false,
		"\x00": true, "a\x1b[31m": true, "\x7f": true, "\u0085": true, "\xc3\x28": true,
	} {
		if names.Unprintable(s) != want {
			t.Errorf("Unprintable(%q) = %v", s, !want)
		}
	}
}

// An optional text may be empty, but a text of only invisible characters is refused
// (an address of a lone zero-width space looks empty and is not).
func TestOptionalRefusesTextWithoutAVisibleCharacter(t *testing.T) {
	for _, tc := range []struct {
		name, in, want, stored string
		max                    int
	}{
		{"empty", "", "", "", 5},
		{"spaces", "   ", "", "", 5},
		{"zero-width space", "\u200b", "validation.invisible", "\u200b", 5},
		{"a Hangul filler", " \u3164 ", "validation.invisible", "\u3164", 5},
		{"too long", "abcdef", "validation.max_length", "abcdef", 5},
		{"an address", " Dorpsstraat\n12 ", "", "Dorpsstraat\n12", 20},
	} {
		var v domain.ValidationError
		got := names.Optional(&v, "street", tc.in, tc.max)
		key := ""
		if len(v.Fields) > 0 {
			key = v.Fields[0].Key
		}
		if key != tc.want || got != tc.stored {
			t.Errorf("%s: got %q %q, want %q %q", tc.name, key, got, tc.want, tc.stored)
		}
	}
}
