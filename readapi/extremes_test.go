package readapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"move/commands"
	domainidentity "move/domain/identity"
	"move/eventstore"
	"move/identity"
	"move/projections"
	"move/readapi/kernel"
	"move/readapi/readapitest"
)

// The extremes test (decision 1320): every write route of the route table meets
// inputs that its schema allows but that sit at the edges — the first and last dates
// of the calendar, year 0, numbers past 32 and 64 bits, empty and long texts, unusual
// Unicode — and each is either refused with a 4xx or accepted, and then every
// projector and process manager handles what was accepted without failing. A new
// route is covered by being in the route table: its body's Go type says its fields.

// bodyField is one leaf of a request body: its JSON path ("repetition.until",
// "lines[].amount_cents") and Go type.
type bodyField struct {
	path string
	typ  reflect.Type
}

var rawMessage = reflect.TypeOf(json.RawMessage{})

// bodyFields lists the leaves of a request body type.
func bodyFields(t reflect.Type, path string, depth int) []bodyField {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == rawMessage:
		return []bodyField{{path, t}}
	case t.Kind() == reflect.Struct && depth < 5:
		var out []bodyField
		for _, f := range jsonFields(t) {
			out = append(out, bodyFields(f.Type, join(path, jsonName(f)), depth+1)...)
		}
		return out
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct:
		return bodyFields(t.Elem(), path+"[]", depth+1)
	case t.Kind() == reflect.Interface || t.Kind() == reflect.Map:
		return nil
	}
	return []bodyField{{path, t}}
}

// jsonFields are the fields a body's JSON names, embedded structs' fields flattened;
// the version is left to the server (any version).
func jsonFields(t reflect.Type) []reflect.StructField {
	var out []reflect.StructField
	for i := range t.NumField() {
		f := t.Field(i)
		name := jsonName(f)
		if f.Anonymous && !strings.Contains(f.Tag.Get("json"), ",") && f.Tag.Get("json") == "" {
			out = append(out, jsonFields(f.Type)...)
			continue
		}
		if !f.IsExported() || name == "-" || name == "version" {
			continue
		}
		out = append(out, f)
	}
	return out
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" {
		return f.Name
	}
	return name
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// lastName is a path's last field name, without the slice marks.
func lastName(path string) string {
	return strings.TrimSuffix(path[strings.LastIndex(path, ".")+1:], "[]")
}

// The pools a field's values come from: plausible values (the first is the one a sweep
// uses around an extreme) and extreme ones. Dates come in the field's own format.
type pool struct{ plausible, extreme []any }

var (
	extremeYears = []time.Time{time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1899, 12, 31, 23, 59, 0, 0, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 0, 0, time.UTC)}
	extremeTexts = []any{"", strings.Repeat("é", 5000),
		"Zoë 👩\u200d👩\u200d👧\u200d👦 \u202eevil e\u0301 𝔘𝔫𝔦 ﷽ 中文 \u00a0\ufeff"}
	extremeInts   = []any{-1, 0, math.MaxInt32 + 1, math.MaxInt64}
	extremeFloats = []any{-1e308, 1e308}
	extremeRaw    = []any{json.RawMessage(`2147483648`), json.RawMessage(`"0000-01-01T00:00:00Z"`), json.RawMessage(`"9999-12-31T23:59:59Z"`)}
)

// dateLayout is the format of a date-like string field, "" for other strings.
func dateLayout(name string) string {
	switch {
	case name == "send_on":
		return "2006-01-02T15:04"
	case name == "month":
		return "2006-01"
	case name == "opened_at" || name == "closed_at" || strings.HasSuffix(name, "_time"):
		return "15:04"
	case strings.Contains(name, "date") || name == "until" || name == "from" || name == "to":
		return time.DateOnly
	case strings.HasSuffix(name, "_at"):
		return time.RFC3339
	}
	return ""
}

func (w *extremesWorld) poolFor(f bodyField) pool {
	name := lastName(f.path)
	soon := time.Now().AddDate(0, 0, 30)
	switch t := f.typ; {
	case t == rawMessage:
		return pool{[]any{json.RawMessage(`null`), json.RawMessage(`60`)}, extremeRaw}
	case t.Kind() == reflect.Bool:
		return pool{[]any{false, true}, []any{true}}
	case t.Kind() == reflect.Float64 || t.Kind() == reflect.Float32:
		plausible := map[string]float64{"latitude": 52.09, "longitude": 5.12, "zoom": 10}[name]
		return pool{[]any{plausible, 1.5}, extremeFloats}
	case name == "from_minutes" || name == "until_minutes": // one period: open at both ends
		return pool{[]any{nil}, extremeInts}
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Uint64:
		plausible, ok := map[string]int{"spots": 10, "every": 1, "price_cents": 1000, "quantity": 1, "value_moves": 10,
			"amount_cents": 1, "refund_percent": 50, "from_minutes": 0, "until_minutes": 60, "age_min": 6, "age_max": 99}[name]
		if !ok {
			plausible = 1
		}
		return pool{[]any{plausible, 2}, extremeInts}
	case t.Kind() == reflect.Slice:
		element := w.poolFor(bodyField{f.path, t.Elem()})
		p := pool{plausible: []any{[]any{}}}
		if name == "days" {
			p.plausible = []any{[]any{"monday"}}
		}
		for _, e := range element.extreme {
			p.extreme = append(p.extreme, []any{e})
		}
		return p
	case t.Kind() == reflect.String:
		if layout := dateLayout(name); layout == "15:04" {
			start := map[bool]string{true: "11:00", false: "10:00"}[name == "end_time" || name == "closed_at"]
			return pool{[]any{start}, []any{"00:00", "23:59", "24:00"}}
		} else if layout != "" {
			plausible := soon
			if name == "month" {
				plausible = time.Now().AddDate(0, -1, 0)
			} else if name == "date_of_birth" {
				plausible = time.Date(2000, 5, 1, 12, 0, 0, 0, time.UTC)
			}
			p := pool{plausible: []any{plausible.Format(layout)}}
			for _, y := range extremeYears {
				p.extreme = append(p.extreme, y.Format(layout))
			}
			return p
		}
		return pool{[]any{w.plausibleText(f.path, name)}, extremeTexts}
	}
	return pool{plausible: []any{nil}}
}

// plausibleText is a string the field accepts: an id of the world, an address, a
// known word, else a name (unique, so that unique names do not clash).
func (w *extremesWorld) plausibleText(path, name string) string {
	if id, ok := w.named[name]; ok {
		return id
	}
	w.counter++
	switch {
	case path == "repetition.type":
		return "weeks"
	case name == "repetitionOccurrence":
		return "this"
	case strings.Contains(name, "email"):
		return fmt.Sprintf("anna.%d@example.test", w.counter)
	case strings.Contains(name, "url") || strings.Contains(name, "link") || strings.Contains(name, "website"):
		return "https://example.test/page"
	case name == "iban":
		return "NL91ABNA0417164300"
	case name == "country":
		return "nl"
	case name == "timezone" || name == "time_zone":
		return "Europe/Amsterdam"
	case name == "slug":
		return fmt.Sprintf("slug-%d", w.counter)
	case name == "type":
		return "session"
	case name == "vat_tier":
		return "high"
	case name == "weekday":
		return "monday"
	case name == "gender" || name == "level":
		return ""
	case name == "visibility":
		return "public"
	case name == "price_display_mode":
		return "moves"
	case name == "password" || name == "new_password":
		return "a long enough password"
	case strings.HasSuffix(name, "_id") || name == "id":
		return ""
	}
	return fmt.Sprintf("Tennis %d", w.counter)
}

// bodyWith is a route's body with the field at target holding value and every other
// field a value from pick (containers made only where a field is set).
func bodyWith(t reflect.Type, path string, depth int, pick func(bodyField) (any, bool)) (any, bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == rawMessage || !(t.Kind() == reflect.Struct && depth < 5) && !(t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct):
		return pick(bodyField{path, t})
	case t.Kind() == reflect.Slice:
		item, set := bodyWith(t.Elem(), path+"[]", depth+1, pick)
		if !set {
			return []any{}, false
		}
		return []any{item}, true
	}
	out, anySet := map[string]any{}, false
	for _, f := range jsonFields(t) {
		v, set := bodyWith(f.Type, join(path, jsonName(f)), depth+1, pick)
		// An optional object (a pointer: the repetition) is left out unless one of
		// its fields is picked.
		if f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct && !set {
			continue
		}
		out[jsonName(f)] = v
		anySet = anySet || set
	}
	return out, anySet || depth == 0
}

type extremesWorld struct {
	*boundaryWorld
	named map[string]string // a body field's name → an id of the world it may name
	// byPattern fills a route's {id} where the prefix's id would not do (the bundle
	// activity of /activities/{id}/bundles).
	byPattern map[string]string
	counter   int
	// customer is the token of a customer of the application, for the customer routes.
	customer string
}

// sendRoute sends body to the route at path as a caller it lets in: the superadmin, or
// the customer on a customer route.
func (w *extremesWorld) sendRoute(rt kernel.Route, path string, body []byte) readapitest.Response {
	if rt.Permission == kernel.Customer {
		staff := w.token
		w.token = w.customer
		defer func() { w.token = staff }()
	}
	return w.send(rt.Method, path, body, "application/json")
}

// login answers the token of a user of the world, once the read models know them.
func (w *extremesWorld) login(email, password string) string {
	w.t.Helper()
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	for deadline := time.Now().Add(30 * time.Second); ; {
		r := w.send(http.MethodPost, "/v1/auth/login", body, "application/json")
		if r.Status == http.StatusOK {
			return readapitest.Dig(r.Body, "api_token", "token").(string)
		}
		if time.Now().After(deadline) {
			w.t.Fatalf("login %s: %s", email, r.Raw)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// plausible is a route's body of plausible values only.
func (w *extremesWorld) plausible(t reflect.Type) []byte {
	body, _ := bodyWith(t, "", 0, func(f bodyField) (any, bool) {
		p := w.poolFor(f)
		return p.plausible[0], false
	})
	b, _ := json.Marshal(body)
	return b
}

// route finds a route of the table by method and pattern.
func (w *extremesWorld) route(method, pattern string) kernel.Route {
	for _, rt := range w.server.Routes() {
		if rt.Method == method && rt.Pattern == pattern {
			return rt
		}
	}
	w.t.Fatalf("no route %s %s", method, pattern)
	return kernel.Route{}
}

// make creates something through its route with a plausible body, overriding fields.
func (w *extremesWorld) make(pattern, path string, override map[string]any) string {
	w.t.Helper()
	var body map[string]any
	_ = json.Unmarshal(w.plausible(reflect.TypeOf(w.route(http.MethodPost, pattern).Doc.Request)), &body)
	for k, v := range override {
		body[k] = v
	}
	raw, _ := json.Marshal(body)
	r := w.send(http.MethodPost, path, raw, "application/json")
	// What the path or the body names may not be in the read models yet on a loaded
	// machine (the checks inside writes do not wait for the caller's writes yet: issue
	// 21, section 3): 404 or 422 until they are.
	for deadline := time.Now().Add(30 * time.Second); (r.Status == http.StatusNotFound || r.Status == http.StatusUnprocessableEntity) &&
		time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		r = w.send(http.MethodPost, path, raw, "application/json")
	}
	if r.Status != http.StatusCreated {
		w.t.Fatalf("%s: %d %s (sent %s)", path, r.Status, r.Raw, raw)
	}
	return readapitest.Dig(r.Body, "data", "id").(string)
}

func newExtremesWorld(t *testing.T) *extremesWorld {
	w := &extremesWorld{boundaryWorld: newBoundaryWorld(t), named: map[string]string{}, byPattern: map[string]string{}}
	org := w.ids["/v1/admin/organizations/"]
	orgPath := "/v1/admin/organizations/" + org
	w.named["organization_id"] = org
	w.named["location_type_id"] = w.ids["/v1/admin/location-types/"]
	w.named["product_type_id"] = w.ids["/v1/admin/product-types/"]
	w.ids["/v1/admin/rates/"] = w.make("/v1/admin/organizations/{id}/rates", orgPath+"/rates", nil)
	w.named["rate_id"] = w.ids["/v1/admin/rates/"]
	w.ids["/v1/admin/cancellation-terms/"] = w.make("/v1/admin/organizations/{id}/cancellation-terms", orgPath+"/cancellation-terms",
		map[string]any{"periods": []any{map[string]any{"refund_percent": 50}}})
	w.named["cancellation_term_id"] = w.ids["/v1/admin/cancellation-terms/"]
	w.ids["/v1/admin/activities/"] = w.make("/v1/admin/organizations/{id}/activities", orgPath+"/activities", nil)
	w.named["activity_id"] = w.ids["/v1/admin/activities/"]
	bundles := w.make("/v1/admin/organizations/{id}/activities", orgPath+"/activities", map[string]any{"type": "bundle"})
	w.byPattern["/v1/admin/activities/{id}/bundles"] = bundles
	w.ids["/v1/admin/bundles/"] = w.make("/v1/admin/activities/{id}/bundles", "/v1/admin/activities/"+bundles+"/bundles", nil)
	w.ids["/v1/bundles/"] = w.ids["/v1/admin/bundles/"]
	w.make("/v1/admin/activities/{id}/sessions", "/v1/admin/activities/"+w.ids["/v1/admin/activities/"]+"/sessions", nil)
	sessions := w.send(http.MethodGet, "/v1/admin/activities/"+w.ids["/v1/admin/activities/"]+"/sessions", nil, "")
	w.ids["/v1/admin/sessions/"] = readapitest.Dig(sessions.Body, "data").([]any)[0].(map[string]any)["id"].(string)
	w.ids["/v1/sessions/"] = w.ids["/v1/admin/sessions/"]
	w.ids["/v1/admin/locations/"] = w.make("/v1/admin/organizations/{id}/locations", orgPath+"/locations", nil)
	w.named["location_id"] = w.ids["/v1/admin/locations/"]
	w.ids["/v1/admin/products/"] = w.make("/v1/admin/organizations/{id}/products", orgPath+"/products", nil)
	w.ids["/v1/products/"] = w.ids["/v1/admin/products/"]
	w.ids["/v1/admin/campaigns/"] = w.make("/v1/admin/campaigns", "/v1/admin/campaigns", nil)
	w.ids["/v1/admin/notifications/"] = w.make("/v1/admin/notifications", "/v1/admin/notifications", nil)
	w.ids["/v1/admin/themed-pages/"] = w.make("/v1/admin/themed-pages", "/v1/admin/themed-pages", nil)
	if _, err := w.users.CreateUser(context.Background(), commands.Meta{}, identity.NewUser{Email: "customer@example.test",
		FirstName: "Cas", LastName: "Klant", Password: "a long enough password",
		Grant: &domainidentity.Grant{Role: domainidentity.RoleCustomer, ApplicationID: w.app}}); err != nil {
		t.Fatal(err)
	}
	w.customer = w.login("customer@example.test", "a long enough password")
	return w
}

// Every write route with a body, each field at each of its extremes (the others
// plausible), then random mixes drawn by rapid: refused with a 4xx, or accepted and
// handled by every projector.
func TestExtremeInputsOnEveryWriteRoute(t *testing.T) {
	w := newExtremesWorld(t)
	var routes []kernel.Route
	for _, rt := range w.server.Routes() {
		if rt.Method != http.MethodGet && rt.Doc.Request != nil && rt.Doc.Form == nil {
			routes = append(routes, rt)
		}
	}
	start, requests := time.Now(), 0
	for _, rt := range routes {
		sent := 0
		typ := reflect.TypeOf(rt.Doc.Request)
		path := w.routePath(rt)
		var accepted []string
		for _, target := range bodyFields(typ, "", 0) {
			for _, extreme := range w.poolFor(target).extreme {
				body, _ := bodyWith(typ, "", 0, func(f bodyField) (any, bool) {
					if f.path == target.path {
						return extreme, true
					}
					return w.poolFor(f).plausible[0], false
				})
				raw, _ := json.Marshal(body)
				r := w.sendRoute(rt, path, raw)
				sent++
				if r.Status >= 500 {
					t.Errorf("%s %s with %.300s: %d %.300s", rt.Method, rt.Pattern, raw, r.Status, r.Raw)
				}
				if r.Status < 400 {
					accepted = append(accepted, string(raw))
				}
			}
		}
		if failed := w.projectorsFailing(); failed != "" {
			t.Fatalf("%s %s: accepted %d bodies, and %s\n%.3000s", rt.Method, rt.Pattern, len(accepted), failed, strings.Join(accepted, "\n"))
		}
		requests += sent
	}
	t.Logf("%d routes, %d requests in %v", len(routes), requests, time.Since(start))
	// Mixes: any field of any of those routes plausible or extreme, drawn by rapid
	// (`-rapid.checks=N` for more, `-rapid.seed` to repeat a run).
	rapid.Check(t, func(rt *rapid.T) {
		route := rapid.SampledFrom(routes).Draw(rt, "route")
		body, _ := bodyWith(reflect.TypeOf(route.Doc.Request), "", 0, func(f bodyField) (any, bool) {
			p := w.poolFor(f)
			return rapid.SampledFrom(append(p.plausible, p.extreme...)).Draw(rt, f.path), rapid.Bool().Draw(rt, f.path+" set")
		})
		raw, _ := json.Marshal(body)
		r := w.sendRoute(route, w.routePath(route), raw)
		if r.Status >= 500 {
			rt.Fatalf("%s %s with %.300s: %d %.300s", route.Method, route.Pattern, raw, r.Status, r.Raw)
		}
		if r.Status < 400 {
			if failed := w.projectorsFailing(); failed != "" {
				rt.Fatalf("%s %s accepted %.300s, and %s", route.Method, route.Pattern, raw, failed)
			}
		}
	})

}

// routePath fills a route's pattern with the world's ids.
func (w *extremesWorld) routePath(rt kernel.Route) string {
	if id, ok := w.byPattern[rt.Pattern]; ok {
		return strings.Replace(rt.Pattern, "{id}", id, 1)
	}
	return w.path(rt.Pattern)
}

// projectorsFailing waits until every projector has passed the world's last write, and
// answers which failed on the way ("" when none).
func (w *extremesWorld) projectorsFailing() string {
	w.t.Helper()
	if w.position == "" {
		return ""
	}
	pos, err := eventstore.ParsePosition(w.position)
	if err != nil {
		w.t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		statuses, err := projections.ReadStatuses(context.Background(), w.env.DB)
		if err != nil {
			w.t.Fatal(err)
		}
		var failed, behind []string
		for name, s := range statuses {
			switch {
			case s.State != "running" || s.Error != "":
				failed = append(failed, fmt.Sprintf("%s is %s at %s: %s", name, s.State, s.FailedPosition, s.Error))
			case s.Checkpoint.Less(pos):
				behind = append(behind, name)
			}
		}
		sort.Strings(failed)
		if len(failed) > 0 {
			return strings.Join(failed, "; ")
		}
		if len(behind) == 0 {
			return ""
		}
		if time.Now().After(deadline) {
			slices.Sort(behind)
			return "still behind after 20 s: " + strings.Join(behind, ", ")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
