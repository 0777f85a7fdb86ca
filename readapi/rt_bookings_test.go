package readapi_test

import (
	"strings"
	"sync"
	"testing"
)

// organizations remembers the organisations bookable made, per world.
var organizations sync.Map

func person(first string) map[string]any {
	return map[string]any{"participant": map[string]any{"first_name": first, "last_name": "Jansen", "email": strings.ToLower(first) + "@example.test"}}
}

func data(r response, key string) any { return dig(r.Body, "data", key) }

func list(r response, key string) []map[string]any {
	var out []map[string]any
	for _, x := range dig(r.Body, "data", key).([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}

func sessionActivity(t *testing.T, k *caller, session string) string {
	t.Helper()
	return dig(k.want("GET", "/v1/admin/sessions/"+session, nil, 200).Body, "data", "activity_id").(string)
}
