package readapi_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"move/readapi/kernel"
	"move/readapi/readapitest"
)

// nullBody is a body of type t in which every required field (a non-pointer field
// without omitempty) is null, at every depth: an object or an array of objects is given
// (one item), with its own required fields null. It answers the body and the names the
// refusal must carry ("price_cents", "periods.0.refund_percent").
func nullBody(t reflect.Type, prefix string) (map[string]any, []string) {
	out := map[string]any{}
	var names []string
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			inner, innerNames := nullBody(f.Type, prefix)
			for k, v := range inner {
				out[k] = v
			}
			names = append(names, innerNames...)
			continue
		}
		if !f.IsExported() || name == "-" || name == "version" || strings.Contains(opts, "omitempty") || f.Type.Kind() == reflect.Pointer {
			continue
		}
		switch {
		case f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeOf(json.RawMessage{}):
			inner, innerNames := nullBody(f.Type, prefix+name+".")
			out[name], names = inner, append(names, innerNames...)
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct:
			inner, innerNames := nullBody(f.Type.Elem(), prefix+name+"."+strconv.Itoa(0)+".")
			out[name], names = []any{inner}, append(names, innerNames...)
		case f.Type == reflect.TypeOf(json.RawMessage{}):
		default:
			out[name], names = nil, append(names, prefix+name)
		}
	}
	return out, names
}

// Every required field of every write route refuses null, at every depth, as it refuses
// absence: a 422 naming each (a rate of "price_cents": null was stored as €0). A route
// whose path names nothing that exists may answer 404 first; none answers 2xx or 5xx.
func TestRequiredFieldsRefuseNullOnEveryRoute(t *testing.T) {
	w := newBoundaryWorld(t)
	checked := 0
	for _, rt := range w.server.Routes() {
		if rt.Doc.Request == nil || rt.Method == http.MethodGet || rt.Method == http.MethodPatch || reflect.TypeOf(rt.Doc.Request).Kind() != reflect.Struct {
			continue
		}
		body, names := nullBody(reflect.TypeOf(rt.Doc.Request), "")
		if len(names) == 0 {
			continue
		}
		raw, _ := json.Marshal(body)
		r := w.send(rt.Method, w.path(rt.Pattern), raw, "application/json")
		if r.Status == http.StatusNotFound || (r.Status == http.StatusForbidden && rt.Permission == kernel.Customer) {
			continue // nothing there, or a customer's route called by the superadmin
		}
		if r.Status != http.StatusUnprocessableEntity {
			t.Errorf("%s %s with %v null: %d %s", rt.Method, rt.Pattern, names, r.Status, r.Raw)
			continue
		}
		checked++
		for _, name := range names {
			if got := readapitest.Dig(r.Body, "errors", "fields", name); got == nil || !strings.HasSuffix(got.(string), "is required") {
				t.Errorf("%s %s: %s null is not refused as required: %s", rt.Method, rt.Pattern, name, r.Raw)
			}
		}
	}
	if checked < 40 {
		t.Fatalf("only %d routes reached the decoder", checked)
	}
	rate := w.send("POST", "/v1/admin/organizations/"+w.ids["/v1/admin/organizations/"]+"/rates",
		[]byte(`{"name":"Volwassenen","price_cents":null,"vat_tier":"high"}`), "application/json")
	if rate.Status != http.StatusUnprocessableEntity || readapitest.Dig(rate.Body, "errors", "fields", "price_cents") != "The price field is required" {
		t.Fatalf("a rate without a price: %d %s", rate.Status, rate.Raw)
	}
}
