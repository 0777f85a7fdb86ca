package countries_test

import (
	"slices"
	"testing"

	"move/domain/countries"
)

func TestValidKnowsAssignedCodesOnly(t *testing.T) {
	for _, code := range []string{"nl", "NL", "be", "de", "gb", "us", "ax", "zw"} {
		if !countries.Valid(code) {
			t.Errorf("%q is an ISO 3166-1 alpha-2 code", code)
		}
	}
	for _, code := range []string{"", "xx", "uk", "el", "zz", "n", "nld", "eu"} {
		if countries.Valid(code) {
			t.Errorf("%q is not an assigned ISO 3166-1 alpha-2 code", code)
		}
	}
	all := countries.Codes()
	if len(all) != 249 || !slices.IsSorted(all) {
		t.Fatalf("want the 249 codes, sorted; got %d", len(all))
	}
}
