package authz_test

import (
	"encoding/json"
	"os"
	"testing"

	"move/authz"
)

// TestEveryPermissionHasAPhraseInBothLocales keeps the SPA's words for permissions
// complete: the "no access" screen names a missing permission by its phrase
// (web/src/lib/permission-names.ts), never by its id, so every permission the product
// checks needs one in Dutch and English, and no phrase names a permission that is gone.
func TestEveryPermissionHasAPhraseInBothLocales(t *testing.T) {
	for _, locale := range []string{"nl", "en"} {
		raw, err := os.ReadFile("../web/src/locales/" + locale + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var texts struct {
			Forbidden struct {
				Permissions map[string]string `json:"permissions"`
			} `json:"forbidden"`
		}
		if err := json.Unmarshal(raw, &texts); err != nil {
			t.Fatal(err)
		}
		phrases := texts.Forbidden.Permissions
		known := map[string]bool{}
		for _, permission := range authz.Permissions {
			known[permission] = true
			if phrase := phrases[permission]; phrase == "" || phrase == permission {
				t.Errorf("%s: no phrase for %q in forbidden.permissions", locale, permission)
			}
		}
		for permission := range phrases {
			if !known[permission] {
				t.Errorf("%s: a phrase for %q, which the product does not check", locale, permission)
			}
		}
	}
}
