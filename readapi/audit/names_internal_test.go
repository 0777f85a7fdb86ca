package audit

import "testing"

// TestEntityName: a payload names its entity by name, title, a title in two languages
// (a themed page's, by its Dutch text) or details.name.
func TestEntityName(t *testing.T) {
	for _, c := range []struct {
		data map[string]any
		want string
	}{
		{map[string]any{"name": "HC Utrecht"}, "HC Utrecht"},
		{map[string]any{"title": "Zomersport"}, "Zomersport"},
		{map[string]any{"title": map[string]any{"nl": "Over ons", "en": "About us"}}, "Over ons"},
		{map[string]any{"details": map[string]any{"name": "Yoga"}}, "Yoga"},
		{map[string]any{}, ""},
	} {
		if got := entityName(c.data); got != c.want {
			t.Errorf("%v: %q, want %q", c.data, got, c.want)
		}
	}
}
