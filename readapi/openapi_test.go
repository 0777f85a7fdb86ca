package readapi_test

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"move/readapi"
)

// The SPA's types are generated from web/src/lib/api/openapi.json (decision web-011):
// a route changed without regenerating it (cd web && npm run api-types) fails here.
func TestCommittedOpenAPIDocumentIsCurrent(t *testing.T) {
	raw, err := os.ReadFile("../web/src/lib/api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var committed, current any
	if err := json.Unmarshal(raw, &committed); err != nil {
		t.Fatal(err)
	}
	doc, err := json.Marshal(readapi.Document())
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(doc, &current); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(committed, current) {
		t.Fatal("web/src/lib/api/openapi.json is out of date: run `cd web && npm run api-types`")
	}
}
