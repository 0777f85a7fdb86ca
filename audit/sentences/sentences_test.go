package sentences

import (
	"move/domain/registry"
	"reflect"
	"strings"
	"testing"
)

// Every event type the domain registers has a sentence in both languages; every
// placeholder names a field its payload has, never a personal one; and no sentence is
// left for a type that is gone.
func TestEveryEventTypeHasASentence(t *testing.T) {
	registry := registry.All()
	current := map[string]bool{}
	for _, name := range registry.Types() {
		e, err := registry.Decode(name, []byte(`{}`))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		typ := e.EventType() // an old version is said as the version it upcasts to
		current[typ] = true
		s, ok := templates[typ]
		if !ok {
			t.Errorf("event type %s has no sentence: add it to templates.go", typ)
			continue
		}
		if _, ok := nouns[Kind(typ)]; !ok {
			t.Errorf("event type %s: the entity kind %q has no noun", typ, Kind(typ))
		}
		fields, personal := jsonPaths(reflect.TypeOf(e), "")
		for _, text := range []string{s.nl, s.en} {
			if !strings.Contains(text, "{entity}") && !strings.Contains(text, "{actor}") && !strings.HasPrefix(typ, "permission.") &&
				!strings.HasPrefix(typ, "invoice_numbers.") && !strings.HasPrefix(typ, "application_filters.") {
				t.Errorf("%s: %q names neither who nor what", typ, text)
			}
			for _, m := range placeholder.FindAllString(text, -1) {
				name, _, _ := strings.Cut(m[1:len(m)-1], "|")
				if name == "actor" || name == "entity" {
					continue
				}
				if personal[name] {
					t.Errorf("%s: %q names the personal field %s", typ, text, name)
				} else if !fields[name] {
					t.Errorf("%s: %q names %s, which its payload does not have", typ, text, name)
				}
			}
		}
	}
	for typ := range templates {
		if !current[typ] {
			t.Errorf("a sentence for %s, which is not a current event type", typ)
		}
	}
}

// jsonPaths answers the JSON paths of a payload type (embedded structs flattened, as
// encoding/json does) and which of them are tagged personal.
func jsonPaths(t reflect.Type, prefix string) (fields, personal map[string]bool) {
	fields, personal = map[string]bool{}, map[string]bool{}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		path := prefix + name
		if f.Anonymous && name == "" {
			path = strings.TrimSuffix(prefix, ".")
		}
		if path != "" && !(f.Anonymous && name == "") {
			fields[path] = true
			if _, ok := f.Tag.Lookup("personal"); ok {
				personal[path] = true
			}
		}
		childPrefix := path + "."
		if path == "" {
			childPrefix = ""
		}
		sub, subPersonal := jsonPaths(f.Type, childPrefix)
		for k := range sub {
			fields[k] = true
		}
		for k := range subPersonal {
			personal[k] = true
		}
	}
	return fields, personal
}

func TestSay(t *testing.T) {
	for _, c := range []struct {
		lang string
		fact Fact
		want string
	}{
		{"nl", Fact{Type: "rate.updated.v1", Actor: "Olga Organisatie", Entity: "Dagkaart", Payload: map[string]any{"name": "Dagkaart", "price_cents": 1250.0}},
			"Olga Organisatie wijzigde tarief Dagkaart: prijs € 12,50"},
		{"en", Fact{Type: "rate.updated.v1", Actor: "Olga Organisatie", Entity: "Dagkaart", Payload: map[string]any{"name": "Dagkaart", "price_cents": 123456.0}},
			"Olga Organisatie changed rate Dagkaart: price €1,234.56"},
		{"nl", Fact{Type: "organization.finance_changed.v2", Actor: "Anna Admin", Entity: "Sportclub Zwolle", Payload: map[string]any{"iban": "NL91ABNA0417164300"}},
			"Anna Admin wijzigde de financiële gegevens van organisatie Sportclub Zwolle"},
		{"en", Fact{Type: "booking.confirmed.v1", Payload: map[string]any{}}, "Booking was confirmed"},
		{"nl", Fact{Type: "coupon.redeemed.v1", Payload: map[string]any{"value_moves": 5.0}}, "Het systeem wisselde coupon in voor 5 moves"},
		{"en", Fact{Type: "organization.rejected.v1", Actor: "Sam", Entity: "X", Payload: map[string]any{}}, "Sam rejected organisation X: —"},
		{"en", Fact{Type: "activity.labels_assigned.v1", Actor: "Sam", Entity: "Yoga", Payload: map[string]any{"label_ids": []any{"a", "b"}}},
			"Sam assigned 2 labels to activity Yoga"},
		{"en", Fact{Type: "no.such.v1"}, "no.such.v1"},
	} {
		if got := Say(c.lang, c.fact); got != c.want {
			t.Errorf("Say(%s, %s) = %q, want %q", c.lang, c.fact.Type, got, c.want)
		}
	}
}

func TestMoney(t *testing.T) {
	for _, c := range []struct {
		lang  string
		cents int64
		want  string
	}{{"nl", 1000, "€ 10,00"}, {"nl", 123456789, "€ 1.234.567,89"}, {"en", 5, "€0.05"}, {"en", -150000, "-€1,500.00"}} {
		if got := Money(c.lang, c.cents); got != c.want {
			t.Errorf("Money(%s, %d) = %q, want %q", c.lang, c.cents, got, c.want)
		}
	}
}
