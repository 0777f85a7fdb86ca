package readapitest

import (
	"strings"
	"sync"
	"testing"
)

// Organizations remembers the organisations bookable made, per world.
var Organizations sync.Map

func Person(first string) map[string]any {
	return map[string]any{"participant": map[string]any{"first_name": first, "last_name": "Jansen", "email": strings.ToLower(first) + "@example.test"}}
}

func Data(r Response, key string) any { return Dig(r.Body, "data", key) }

func List(r Response, key string) []map[string]any {
	var out []map[string]any
	for _, x := range Dig(r.Body, "data", key).([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}

func SessionActivity(t *testing.T, k *Caller, session string) string {
	t.Helper()
	return Dig(k.Want("GET", "/v1/admin/sessions/"+session, nil, 200).Body, "data", "activity_id").(string)
}
