// Package sentences says every event in words, in Dutch and English, for auditors:
// "Olga Organisatie wijzigde tarief Dagkaart: prijs € 12,50". A sentence is made from
// the event's own payload, the actor's name and the entity's name, both given by the
// caller (they live in the personal-data store and the read models, not in the event).
// Personal fields (tagged `personal` in the domain) are never named in a sentence:
// an auditor allowed to see them reads them in the event's fields.
package sentences

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fact is one event to say.
type Fact struct {
	// Type is the event's current type name (after upcasting), "rate.updated.v1".
	Type string
	// Payload is the event's payload as decoded JSON (objects as map[string]any).
	Payload map[string]any
	// Actor is who did it, by name; empty is the system.
	Actor string
	// Entity is the name of the entity the event is about; empty when unknown.
	Entity string
}

// Say answers the sentence of a fact in lang ("nl", else English). An event type
// without a sentence (none: TestEveryEventTypeHasASentence) is said by its name.
func Say(lang string, f Fact) string {
	t, ok := templates[f.Type]
	if !ok {
		return f.Type
	}
	text, system := t.en, "The system"
	if lang == "nl" {
		text, system = t.nl, "Het systeem"
	}
	actor := f.Actor
	if actor == "" {
		actor = system
	}
	out := placeholder.ReplaceAllStringFunc(text, func(m string) string {
		name, format, _ := strings.Cut(m[1:len(m)-1], "|")
		switch name {
		case "actor":
			return actor
		case "entity":
			return entity(lang, f)
		}
		return formatValue(lang, lookup(f.Payload, name), format)
	})
	return capitalise(out)
}

// placeholder is {name} or {name|format} in a template: actor, entity, or a payload
// field by its JSON path (details.name).
var placeholder = regexp.MustCompile(`\{[a-z_.]+(\|[a-z]+)?\}`)

// Kind is the entity kind an event type is about: its name's first segment
// ("rate.updated.v1" → "rate").
func Kind(eventType string) string {
	kind, _, _ := strings.Cut(eventType, ".")
	return kind
}

// Noun is an entity kind in words ("rate" → "tarief" in Dutch).
func Noun(lang, kind string) string {
	n, ok := nouns[kind]
	if !ok {
		return kind
	}
	if lang == "nl" {
		return n.nl
	}
	return n.en
}

func entity(lang string, f Fact) string {
	noun := Noun(lang, Kind(f.Type))
	if f.Entity == "" {
		return noun
	}
	return noun + " " + f.Entity
}

// lookup follows a dotted path through decoded JSON objects.
func lookup(payload map[string]any, path string) any {
	var v any = payload
	for _, key := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[key]
	}
	return v
}

func formatValue(lang string, v any, format string) string {
	switch format {
	case "money":
		if n, ok := integer(v); ok {
			return Money(lang, n)
		}
	case "moves":
		if n, ok := integer(v); ok {
			return strconv.FormatInt(n, 10) + " moves"
		}
	case "count":
		if list, ok := v.([]any); ok {
			return strconv.Itoa(len(list))
		}
		return "0"
	}
	switch x := v.(type) {
	case nil:
		return "—"
	case string:
		if x == "" {
			return "—"
		}
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		yes, no := "yes", "no"
		if lang == "nl" {
			yes, no = "ja", "nee"
		}
		if x {
			return yes
		}
		return no
	}
	return fmt.Sprint(v)
}

func integer(v any) (int64, bool) {
	f, ok := v.(float64)
	if !ok || f != float64(int64(f)) {
		return 0, false
	}
	return int64(f), true
}

// Money writes cents as euros the way lang writes them: "€ 1.234,50" in Dutch,
// "€1,234.50" in English.
func Money(lang string, cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	thousands, decimal, euro := ",", ".", "€"
	if lang == "nl" {
		thousands, decimal, euro = ".", ",", "€ "
	}
	whole := strconv.FormatInt(cents/100, 10)
	var grouped []string
	for len(whole) > 3 {
		grouped = append([]string{whole[len(whole)-3:]}, grouped...)
		whole = whole[:len(whole)-3]
	}
	grouped = append([]string{whole}, grouped...)
	return fmt.Sprintf("%s%s%s%s%02d", sign, euro, strings.Join(grouped, thousands), decimal, cents%100)
}

func capitalise(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}
