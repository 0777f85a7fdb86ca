package main

import (
	"strings"
	"testing"

	"move/personal"
)

// Production refuses a missing, short or development PERSONAL_DATA_KEY (decision 0104);
// development takes the documented default.
func TestPersonalDataKeyInProduction(t *testing.T) {
	for _, key := range []string{"", "too short", personal.DevelopmentSecret} {
		if _, err := personalSecret(config{Production: true, PersonalDataKey: key}); err == nil {
			t.Errorf("production accepted PERSONAL_DATA_KEY %q", key)
		}
	}
	if _, err := personalSecret(config{Production: true, PersonalDataKey: strings.Repeat("k9", 20)}); err != nil {
		t.Errorf("production refused a strong key: %v", err)
	}
	if _, err := personalSecret(config{}); err != nil {
		t.Errorf("development without a key: %v", err)
	}
}
