package kernel

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"testing"

	"move/domain"
)

// The forms show the rules the server checks (decision 1650): the SPA's registry
// web/src/lib/image-rules.json says, use by use, what ImageRules says.
func TestImageRulesMatchTheForms(t *testing.T) {
	raw, err := os.ReadFile("../../web/src/lib/image-rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var forms map[string]struct {
		MinDimensions string   `json:"minDimensions"`
		MaxDimensions string   `json:"maxDimensions"`
		Extensions    []string `json:"extensions"`
		MaxBytes      int64    `json:"maxBytes"`
	}
	if err := json.Unmarshal(raw, &forms); err != nil {
		t.Fatal(err)
	}
	if len(forms) != len(ImageRules) {
		t.Errorf("the forms know %d uses, the server %d", len(forms), len(ImageRules))
	}
	dims := func(w, h int) string {
		if w == 0 && h == 0 {
			return ""
		}
		return fmt.Sprintf("%d,%d", w, h)
	}
	for use, rule := range ImageRules {
		form, ok := forms[use]
		if !ok {
			t.Errorf("%s: the forms do not show this rule", use)
			continue
		}
		if form.MinDimensions != dims(rule.MinWidth, rule.MinHeight) || form.MaxDimensions != dims(rule.MaxWidth, rule.MaxHeight) ||
			!reflect.DeepEqual(form.Extensions, rule.Types) || form.MaxBytes != rule.MaxBytes {
			t.Errorf("%s: the form shows %+v, the server checks %+v", use, form, rule)
		}
	}
}

func TestImageRuleChecks(t *testing.T) {
	cases := []struct {
		name string
		use  string
		file storedImage
		want string
	}{
		{"logo big enough", "application.logo_id", storedImage{300, 300, "image/jpeg", 1000}, ""},
		{"logo too narrow", "application.logo_id", storedImage{299, 600, "image/png", 1000}, "image_rule.min_dimensions"},
		{"svg logo scales", "application.logo_id", storedImage{0, 0, "image/svg+xml", 1000}, ""},
		{"wallet icon too small", "wallet.icon_id", storedImage{199, 199, "image/webp", 1000}, "image_rule.min_dimensions"},
		{"location type icon jpeg", "location_type.icon_id", storedImage{400, 400, "image/jpeg", 1000}, "image_rule.type"},
		{"location type icon svg", "location_type.icon_id", storedImage{0, 0, "image/svg+xml", 1000}, "image_rule.type"},
		{"location type icon png", "location_type.icon_id", storedImage{200, 200, "image/png", 1000}, ""},
		{"app icon exact", "app_build.icon_id", storedImage{1024, 1024, "image/png", 1 << 20}, ""},
		{"app icon too big", "app_build.icon_id", storedImage{2048, 2048, "image/png", 1000}, "image_rule.exact_dimensions"},
		{"app icon too heavy", "app_build.icon_id", storedImage{1024, 1024, "image/png", 1<<20 + 1}, "image_rule.too_large"},
		{"app icon webp", "app_build.icon_id", storedImage{1024, 1024, "image/webp", 1000}, "image_rule.type"},
	}
	for _, c := range cases {
		v := &domain.ValidationError{}
		Rule(c.use).check(v, "f", c.file)
		got := ""
		if len(v.Fields) > 0 {
			got = v.Fields[0].Key
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
