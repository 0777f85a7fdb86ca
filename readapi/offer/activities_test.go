package offer_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/xuri/excelize/v2"

	"move/internal/testenv"
	"move/projections/readmodels"
	"move/readapi"
	"move/readapi/kernel"
	"move/readapi/readapitest"
)

// activityAuth is the default matrix's shape for the activity permissions (decision
// 0101): superadmin everything; admin application-wide; organisation staff and trainers
// only in their organisation (member).
type activityAuth struct {
	member *string
}

func (activityAuth) Authenticate(r *http.Request) (kernel.Principal, error) {
	return readapitest.RoleAuth{}.Authenticate(r)
}

func (activityAuth) Resolve(ctx context.Context, p kernel.Principal, app string) (kernel.Tenant, error) {
	return readapitest.RoleAuth{}.Resolve(ctx, p, app)
}

var activityRolePermissions = map[string][]string{
	"admin":        {"view-activities", "view-products", "view-organizations", "view-organization", "edit-organization", "create-organizations", "view-catalog"},
	"organization": {"view-activities", "create-activities", "edit-activity", "view-products", "view-product", "create-products", "edit-product", "assign-labels", "view-organization", "view-catalog"},
	"trainer":      {"view-activities", "view-catalog"},
}

func (a activityAuth) Allowed(_ context.Context, p kernel.Principal, _ kernel.Tenant, org, perm string) (bool, error) {
	if p.Superadmin {
		return true, nil
	}
	if !slices.Contains(activityRolePermissions[p.UserID], perm) {
		return false, nil
	}
	if p.UserID == "admin" {
		return true, nil
	}
	return org == "" || org == *a.member, nil
}

type activityWorld struct {
	*readapitest.Client
	member *string
	sport  string
	org    string
	env    *testenv.Env
}

func newActivityWorld(t *testing.T) *activityWorld {
	t.Helper()
	env := testenv.New(t)
	env.RunProjections(t, env.Runner(t, readmodels.All()...))
	member := new(string)
	auth := activityAuth{member: member}
	api, err := readapi.New(kernel.Deps{
		App: env.App, DB: env.DB, Auth: auth, Tenants: auth, Authz: auth,
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(),
		Ready: func(context.Context) error { return nil },
		// Reads wait for the caller's writes; generous, for a machine busy with other suites.
		ReadWait: 30 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	w := &activityWorld{Client: &readapitest.Client{T: t, Base: srv.URL, Role: "superadmin", Lang: "en"}, member: member, env: env}
	w.sport = readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/sports", map[string]any{"name": "Yoga"}), 201).Body, "data", "id").(string)
	w.org = w.newOrganization("Studio Zen")
	*member = w.org
	return w
}

func (w *activityWorld) newOrganization(name string) string {
	return readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/applications/organizations", map[string]any{"name": name, "sports": []string{w.sport}}), 201).Body, "data", "id").(string)
}

// newContact makes a contact of org: an offer names only its organisation's contacts.
func (w *activityWorld) newContact(org string) string {
	w.T.Helper()
	return readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/organizations/"+org+"/contacts",
		map[string]any{"name": "Coach", "roles": []string{"trainer", "mail"}}), 201).Body, "data", "id").(string)
}

func (w *activityWorld) newActivity(org string, body map[string]any) string {
	w.T.Helper()
	return readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/organizations/"+org+"/activities", body), 201).Body, "data", "id").(string)
}

func (w *activityWorld) as(role string) *readapitest.Client {
	c := *w.Client
	c.Role = role
	return &c
}

func records(r readapitest.Response) []map[string]any {
	var out []map[string]any
	for _, x := range r.Body["data"].([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}

func TestActivityLifecycle(t *testing.T) {
	w := newActivityWorld(t)
	label := readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/labels", map[string]any{"name": "Sportpas"}), 201).Body, "data", "id").(string)
	id := w.newActivity(w.org, map[string]any{"type": "session", "name": "Morning yoga", "sport_id": w.sport, "level": "beginner",
		"gender": "female", "age_min": 18, "age_max": 99, "price_display_mode": "both", "concept": true,
		"contacts": []map[string]any{{"contact_id": w.newContact(w.org), "roles": []string{"trainer"}}},
		"settings": map[string]any{"has_waitlist": true}})
	one := w.Want(w.Do("GET", "/v1/admin/activities/"+id, nil), 200)
	if readapitest.Dig(one.Body, "data", "name") != "Morning yoga" || readapitest.Dig(one.Body, "data", "organization_name") != "Studio Zen" || readapitest.Dig(one.Body, "data", "concept") != true {
		t.Fatalf("one: %s", one.Raw)
	}
	// PATCH changes only what it names.
	w.Want(w.Do("PATCH", "/v1/admin/activities/"+id, map[string]any{"description": "Sun salutations"}), 200)
	one = w.Want(w.Do("GET", "/v1/admin/activities/"+id, nil), 200)
	if readapitest.Dig(one.Body, "data", "description") != "Sun salutations" || readapitest.Dig(one.Body, "data", "level") != "beginner" {
		t.Fatalf("patch: %s", one.Raw)
	}
	if r := w.Want(w.Do("PATCH", "/v1/admin/activities/"+id, map[string]any{"type": "bundle"}), 422); readapitest.Field(r, "type") == "" {
		t.Fatalf("the type never changes: %s", r.Raw)
	}
	// Each refused field with its own message, in the user's language.
	bad := w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/activities", map[string]any{"type": "course", "name": "",
		"contacts": []map[string]any{{"contact_id": w.newContact(w.org), "roles": []string{}}}}), 422)
	if readapitest.Field(bad, "contacts.0.roles") != "Choose at least one role for this contact (mail, contact person, trainer)" || readapitest.Field(bad, "type") == "" {
		t.Fatalf("bad: %s", bad.Raw)
	}
	w.Lang = "nl"
	if r := w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/activities", map[string]any{"type": "session", "name": "x", "sport_id": uuid.NewString()}), 422); readapitest.Field(r, "sport_id") != "Deze sport hoort niet bij de organisatie" {
		t.Fatalf("a sport outside the organisation: %s", r.Raw)
	}
	w.Lang = "en"
	// Sub-pages.
	// A location, rate or cancellation term must be the organisation's.
	loc := uuid.NewString()
	if r := w.Want(w.Do("PATCH", "/v1/admin/activities/"+id+"/location", map[string]any{"location_id": loc}), 422); readapitest.Field(r, "location_id") != "The location field refers to something this organisation does not have" {
		t.Fatalf("unknown location: %s", r.Raw)
	}
	if r := w.Want(w.Do("PATCH", "/v1/admin/activities/"+id, map[string]any{"rate_id": uuid.NewString()}), 422); readapitest.Field(r, "rate_id") == "" {
		t.Fatalf("unknown rate: %s", r.Raw)
	}
	w.Want(w.Do("PATCH", "/v1/admin/activities/"+id+"/location", map[string]any{"location_id": nil}), 200)
	w.Want(w.Do("PUT", "/v1/admin/activities/"+id+"/settings", map[string]any{"is_exclusive": true, "has_waitlist": false, "should_validate_age": true, "no_signup_required": false}), 200)
	if r := w.Want(w.Do("GET", "/v1/admin/activities/"+id+"/settings", nil), 200); readapitest.Dig(r.Body, "data", "is_exclusive") != true || readapitest.Dig(r.Body, "data", "has_waitlist") != false {
		t.Fatalf("settings: %s", r.Raw)
	}
	w.Want(w.Do("PUT", "/v1/admin/activities/"+id+"/questions", map[string]any{"questions": []map[string]any{
		{"title": "T-shirt size", "type": "single_select", "required": true, "options": []string{"S", "M", "L"}},
		{"title": "Allergies", "type": "text", "has_url": true, "url": "https://example.test/allergies"},
	}}), 200)
	qs := w.Want(w.Do("GET", "/v1/admin/activities/"+id+"/questions", nil), 200)
	if list := readapitest.Dig(qs.Body, "data", "questions").([]any); len(list) != 2 || readapitest.Dig(list[0], "id") == "" || readapitest.Dig(list[1], "url") != "https://example.test/allergies" {
		t.Fatalf("questions: %s", qs.Raw)
	}
	if r := w.Want(w.Do("PUT", "/v1/admin/activities/"+id+"/questions", map[string]any{"questions": []map[string]any{{"title": "Pick", "type": "multi_select", "options": []string{"one"}}}}), 422); readapitest.Field(r, "questions.0.options") != "A choice question needs at least two options" {
		t.Fatalf("question options: %s", r.Raw)
	}
	w.Want(w.Do("PUT", "/v1/admin/activities/"+id+"/labels", map[string]any{"label_ids": []string{label}}), 200)
	one = w.Want(w.Do("GET", "/v1/admin/activities/"+id, nil), 200)
	if readapitest.Dig(one.Body, "data", "location_id") != nil || len(readapitest.Dig(one.Body, "data", "label_ids").([]any)) != 1 {
		t.Fatalf("sub-pages: %s", one.Raw)
	}
	// Lists and their filters.
	w.newActivity(w.org, map[string]any{"type": "bundle", "name": "Ten-week course"})
	for query, want := range map[string][]string{
		"":                     {"Morning yoga", "Ten-week course"},
		"?type=bundle":         {"Ten-week course"},
		"?concept=true":        {"Morning yoga"},
		"?sport_id=" + w.sport: {"Morning yoga"},
		"?label_id=" + label:   {"Morning yoga"},
		"?search=course":       {"Ten-week course"},
	} {
		if got := readapitest.Names(w.Want(w.Do("GET", "/v1/admin/organizations/"+w.org+"/activities"+query, nil), 200)); !slices.Equal(got, want) {
			t.Errorf("list%s: %v, want %v", query, got, want)
		}
	}
	w.Want(w.Do("GET", "/v1/admin/organizations/"+w.org+"/activities?type=course", nil), 400)
	if got := readapitest.Names(w.Want(w.Do("GET", "/v1/admin/applications/activities?organization_id="+w.org+"&type=session", nil), 200)); !slices.Equal(got, []string{"Morning yoga"}) {
		t.Fatalf("application list: %v", got)
	}
	if all := w.Want(w.Do("GET", "/v1/admin/organizations/"+w.org+"/activities/all", nil), 200); len(all.Body["data"].([]any)) != 2 {
		t.Fatalf("all: %s", all.Raw)
	}
	// Unlinking the sport the activity uses is refused, naming it.
	used := w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/validate-sports", map[string]any{"sports": []string{}}), 409)
	if !strings.Contains(readapitest.Dig(used.Body, "errors", "message").(string), "Morning yoga") {
		t.Fatalf("validate-sports: %s", used.Raw)
	}
	w.Want(w.Do("DELETE", "/v1/admin/activities/"+id, nil), 200)
	w.Want(w.Do("GET", "/v1/admin/activities/"+id, nil), 404)
	w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/validate-sports", map[string]any{"sports": []string{}}), 200)
}

// A weekly series, one session changed, all later ones changed with the impact first,
// deletions (never of the past), and the overview and export.
func TestSessionSeries(t *testing.T) {
	w := newActivityWorld(t)
	activity := w.newActivity(w.org, map[string]any{"type": "session", "name": "Evening yoga"})
	year := time.Now().Year() + 1
	first := date(year, 1, 4) // a Monday in the next year or soon after
	series := map[string]any{"date": first, "start_time": "19:00", "end_time": "20:00", "spots": 12,
		"subscribe_from": 10080, "subscribe_until": "null",
		"repetition": map[string]any{"type": "weeks", "every": 1, "days": []string{"monday", "thursday"}, "until": date(year, 12, 31)}}
	preview := w.Want(w.Do("POST", "/v1/admin/activities/"+activity+"/sessions/preview", series), 200)
	count := int(readapitest.Dig(preview.Body, "data", "count").(float64))
	if count < 100 || readapitest.Dig(preview.Body, "data", "time_zone") != "Europe/Amsterdam" {
		t.Fatalf("preview: %d %s", count, preview.Raw[:200])
	}
	// Validation, each rule with its own message.
	for _, c := range []struct {
		change map[string]any
		field  string
		want   string
	}{
		{map[string]any{"type": "weeks", "every": 1, "until": date(year, 3, 1)}, "repetition.days", "Choose at least one day for a weekly repetition"},
		{map[string]any{"type": "weeks", "every": 0, "days": []string{"monday"}, "until": date(year, 3, 1)}, "repetition.every", "Repeat every must be a positive whole number (at most 99)"},
		{map[string]any{"type": "days", "every": 1, "until": date(year, 3, 1)}, "repetition.type", "The repetition type must be weeks, months or years"},
		{map[string]any{"type": "months", "every": 1, "until": date(year-1, 3, 1)}, "repetition.until", "Repeat until is before the first date"},
	} {
		body := clone(series)
		body["repetition"] = c.change
		if r := w.Want(w.Do("POST", "/v1/admin/activities/"+activity+"/sessions", body), 422); readapitest.Field(r, c.field) != c.want {
			t.Errorf("%v: %s", c.change, r.Raw)
		}
	}
	order := clone(series)
	order["subscribe_from"], order["subscribe_until"] = 30, 60
	if r := w.Want(w.Do("POST", "/v1/admin/activities/"+activity+"/sessions", order), 422); readapitest.Field(r, "subscribe_from") != "Subscribe from must be before subscribe until" {
		t.Fatalf("window: %s", r.Raw)
	}
	w.Want(w.Do("POST", "/v1/admin/activities/"+activity+"/sessions", series), 201)
	list := w.Want(w.Do("GET", "/v1/admin/activities/"+activity+"/sessions?itemsPerPage=1000", nil), 200)
	sessions := records(list)
	if len(sessions) != count || readapitest.Total(list) != count {
		t.Fatalf("materialised %d of %d", len(sessions), count)
	}
	// 19:00 in Amsterdam on both sides of the summer-time switch.
	for _, x := range sessions {
		starts, _ := time.Parse(time.RFC3339, x["starts_at"].(string))
		if starts.In(readapitest.Amsterdam(t)).Format("15:04") != "19:00" || x["start_time"] != "19:00" {
			t.Fatalf("%v starts at %s", x["date"], starts)
		}
	}
	// Only this one.
	second := sessions[1]
	one := clone(series)
	delete(one, "repetition")
	one["repetitionOccurrence"], one["start_time"], one["end_time"], one["date"] = "this", "18:00", "19:30", second["date"]
	w.Want(w.Do("PUT", "/v1/admin/sessions/"+second["id"].(string), one), 200)
	changed := w.Want(w.Do("GET", "/v1/admin/sessions/"+second["id"].(string), nil), 200)
	if readapitest.Dig(changed.Body, "data", "start_time") != "18:00" || readapitest.Dig(changed.Body, "data", "is_exception") != true || readapitest.Dig(changed.Body, "data", "repetition", "type") != "weeks" {
		t.Fatalf("only this one: %s", changed.Raw)
	}
	// This and all later: the impact first, then the change.
	tenth := sessions[10]
	later := clone(series)
	later["date"], later["start_time"], later["end_time"] = tenth["date"], "20:00", "21:00"
	later["repetition"] = map[string]any{"type": "weeks", "every": 1, "days": []string{"monday"}, "until": date(year, 12, 31)}
	impact := w.Want(w.Do("POST", "/v1/admin/sessions/"+tenth["id"].(string)+"/impact", later), 200)
	moved, removed := int(readapitest.Dig(impact.Body, "data", "moved").(float64)), int(readapitest.Dig(impact.Body, "data", "removed").(float64))
	if moved == 0 || removed == 0 || moved+removed != count-10 {
		t.Fatalf("impact: %s", impact.Raw)
	}
	if n := readapitest.Total(w.Do("GET", "/v1/admin/activities/"+activity+"/sessions", nil)); n != count {
		t.Fatalf("the impact wrote something: %d", n)
	}
	later["repetitionOccurrence"] = "following"
	w.Want(w.Do("PUT", "/v1/admin/sessions/"+tenth["id"].(string), later), 200)
	after := records(w.Want(w.Do("GET", "/v1/admin/activities/"+activity+"/sessions?itemsPerPage=1000", nil), 200))
	if len(after) != 10+moved {
		t.Fatalf("after the change: %d sessions, want %d", len(after), 10+moved)
	}
	if after[10]["start_time"] != "20:00" || after[9]["start_time"] != "19:00" || after[1]["start_time"] != "18:00" {
		t.Fatalf("the earlier sessions stay, the later ones change: %v %v %v", after[1], after[9], after[10])
	}
	// Deleting: only this one, then this and all later.
	w.Want(w.Do("DELETE", "/v1/admin/sessions/"+after[3]["id"].(string)+"?repetitionOccurrence=sometimes", nil), 422)
	w.Want(w.Do("DELETE", "/v1/admin/sessions/"+after[3]["id"].(string)+"?repetitionOccurrence=this", nil), 200)
	w.Want(w.Do("DELETE", "/v1/admin/sessions/"+after[12]["id"].(string)+"?repetitionOccurrence=following", nil), 200)
	if n := readapitest.Total(w.Do("GET", "/v1/admin/activities/"+activity+"/sessions", nil)); n != 11 {
		t.Fatalf("after the deletions: %d", n)
	}
	// A past session is neither changed nor deleted.
	past := clone(series)
	past["date"] = time.Now().AddDate(0, 0, -7).Format(time.DateOnly)
	delete(past, "repetition")
	past["subscribe_from"] = nil
	w.Want(w.Do("POST", "/v1/admin/activities/"+activity+"/sessions", past), 201)
	gone := records(w.Want(w.Do("GET", "/v1/admin/activities/"+activity+"/sessions?to="+time.Now().Format(time.DateOnly), nil), 200))
	if len(gone) != 1 {
		t.Fatalf("the past session: %v", gone)
	}
	refused := w.Want(w.Do("DELETE", "/v1/admin/sessions/"+gone[0]["id"].(string), nil), 409)
	if readapitest.Dig(refused.Body, "errors", "message") != "Sessions in the past cannot be deleted" {
		t.Fatalf("past delete: %s", refused.Raw)
	}
	w.Want(w.Do("PUT", "/v1/admin/sessions/"+gone[0]["id"].(string), one), 409)

	// The application's overview: filters and keyset pages.
	other := w.newActivity(w.org, map[string]any{"type": "session", "name": "Pilates"})
	single := clone(series)
	delete(single, "repetition")
	w.Want(w.Do("POST", "/v1/admin/activities/"+other+"/sessions", single), 201)
	all := w.Want(w.Do("GET", "/v1/admin/applications/sessions?itemsPerPage=5", nil), 200)
	if readapitest.Total(all) != 13 || len(records(all)) != 5 {
		t.Fatalf("overview: %s", all.Raw)
	}
	seen := map[string]bool{}
	next, _ := readapitest.Dig(all.Body, "meta", "pagination", "next_cursor").(string)
	for _, x := range records(all) {
		seen[x["id"].(string)] = true
	}
	for next != "" {
		page := w.Want(w.Do("GET", "/v1/admin/applications/sessions?itemsPerPage=5&after="+next, nil), 200)
		for _, x := range records(page) {
			seen[x["id"].(string)] = true
		}
		next, _ = readapitest.Dig(page.Body, "meta", "pagination", "next_cursor").(string)
	}
	if len(seen) != 13 {
		t.Fatalf("keyset pages saw %d sessions", len(seen))
	}
	if n := readapitest.Total(w.Do("GET", "/v1/admin/applications/sessions?activity_id="+other, nil)); n != 1 {
		t.Fatalf("activity filter: %d", n)
	}
	if n := readapitest.Total(w.Do("GET", "/v1/admin/applications/sessions?organization_id="+uuid.NewString(), nil)); n != 0 {
		t.Fatalf("organisation filter: %d", n)
	}
	if n := readapitest.Total(w.Do("GET", "/v1/admin/applications/sessions?from="+first+"&to="+first, nil)); n != 2 { // Evening yoga and Pilates
		t.Fatalf("period filter: %d", n)
	}
	w.Want(w.Do("GET", "/v1/admin/applications/sessions?from=yesterday", nil), 400)

	// sessions.xlsx opens, with a row per session.
	export := w.Want(w.Do("GET", "/v1/admin/applications/sessions/export", nil), 200)
	if !strings.Contains(export.Header.Get("Content-Disposition"), "sessions.xlsx") {
		t.Fatalf("export headers: %v", export.Header)
	}
	book, err := excelize.OpenReader(bytes.NewReader([]byte(export.Raw)))
	if err != nil {
		t.Fatal(err)
	}
	sheet, err := book.GetRows("Sessions")
	if err != nil || len(sheet) != 14 || sheet[0][0] != "Date" || sheet[0][1] != "Starts (Dutch time)" || sheet[1][3] != "Evening yoga" ||
		(sheet[1][8] != "Yes" && sheet[1][8] != "No") { // this world asks in English; the participants' export is tried in Dutch
		t.Fatalf("export rows: %v %v %v", len(sheet), err, sheet[:2])
	}
	// Every cell is the overview's value of the same session (the export reads its own
	// columns since decision 1740): times of day, instants in the application's zone, ids.
	zone, _ := time.LoadLocation("Europe/Amsterdam")
	local := func(v any) string {
		stamp, _ := v.(string)
		if stamp == "" {
			return ""
		}
		at, err := time.Parse(time.RFC3339, stamp)
		if err != nil {
			t.Fatal(err)
		}
		return at.In(zone).Format("2006-01-02 15:04")
	}
	overview := records(w.Want(w.Do("GET", "/v1/admin/applications/sessions?itemsPerPage=100", nil), 200))
	if len(overview) != len(sheet)-1 {
		t.Fatalf("%d sessions in the overview, %d rows in the export", len(overview), len(sheet)-1)
	}
	bounds := 0
	for i, x := range overview {
		repeats := "No"
		if x["repeats"].(bool) {
			repeats = "Yes"
		}
		if x["subscribe_from"] != nil || x["subscribe_until"] != nil {
			bounds++
		}
		want := []string{x["date"].(string), x["start_time"].(string), x["end_time"].(string), x["activity_name"].(string), x["organization_name"].(string),
			fmt.Sprint(x["spots"]), local(x["subscribe_from"]), local(x["subscribe_until"]), repeats, x["id"].(string)}
		got := append(sheet[i+1], make([]string, len(want))...)[:len(want)] // excelize leaves out trailing empty cells
		if !slices.Equal(got, want) {
			t.Errorf("export row %d: %q, want %q", i+1, got, want)
		}
	}
	if bounds == 0 {
		t.Error("no session with a subscription bound: the zone conversion went untested")
	}
}

// Consumers see an activity only when it is not in concept and its organisation is
// approved; approval shows it without touching the activity.
func TestOfferVisibleAfterApproval(t *testing.T) {
	w := newActivityWorld(t)
	tag := readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/tags", map[string]any{"name": "Outdoor"}), 201).Body, "data", "id").(string)
	w.newActivity(w.org, map[string]any{"type": "session", "name": "Public yoga", "tag_ids": []string{tag}})
	w.newActivity(w.org, map[string]any{"type": "session", "name": "Draft yoga", "concept": true})
	consumer := w.as("")
	if got := readapitest.Names(consumer.Want(consumer.Do("GET", "/v1/offer/activities", nil), 200)); len(got) != 0 {
		t.Fatalf("an unapproved organisation's offer is visible: %v", got)
	}
	w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/approve", nil), 200)
	consumer.Position = w.Position
	offer := consumer.Want(consumer.Do("GET", "/v1/offer/activities", nil), 200)
	if got := readapitest.Names(offer); !slices.Equal(got, []string{"Public yoga"}) || len(readapitest.Dig(records(offer)[0], "tag_ids").([]any)) != 1 {
		t.Fatalf("after approval: %s", offer.Raw)
	}
	for search, want := range map[string][]string{"PUBLIC": {"Public yoga"}, "draft": {}, "pilates": {}} {
		if got := readapitest.Names(consumer.Want(consumer.Do("GET", "/v1/offer/activities?search="+search, nil), 200)); !slices.Equal(got, want) {
			t.Errorf("offer, search %q: %v, want %v", search, got, want)
		}
	}
	if got := readapitest.Names(consumer.Want(consumer.Do("GET", "/v1/offer/activities", nil, "ApplicationId", uuid.NewString()), 200)); len(got) != 0 {
		t.Fatalf("another application's offer: %v", got)
	}
}

// Every activity and session route, per role, and across organisations and tenants.
func TestActivityPermissionsAndIsolation(t *testing.T) {
	w := newActivityWorld(t)
	mine := w.newActivity(w.org, map[string]any{"type": "session", "name": "Mine"})
	theirsOrg := w.newOrganization("Other studio")
	theirs := w.newActivity(theirsOrg, map[string]any{"type": "session", "name": "Theirs"})
	body := map[string]any{"date": date(time.Now().Year()+1, 2, 1), "start_time": "10:00", "end_time": "11:00", "spots": 5}
	w.Want(w.Do("POST", "/v1/admin/activities/"+mine+"/sessions", body), 201)
	w.Want(w.Do("POST", "/v1/admin/activities/"+theirs+"/sessions", body), 201)
	sessionOf := func(activity string) string {
		return records(w.Want(w.Do("GET", "/v1/admin/activities/"+activity+"/sessions", nil), 200))[0]["id"].(string)
	}
	mySession, theirSession := sessionOf(mine), sessionOf(theirs)

	type call struct{ method, path string }
	writes := map[call]string{ // the permission each write needs
		{"PATCH", "/v1/admin/activities/{a}"}:              "edit-activity",
		{"PATCH", "/v1/admin/activities/{a}/location"}:     "edit-activity",
		{"PUT", "/v1/admin/activities/{a}/settings"}:       "edit-activity",
		{"PUT", "/v1/admin/activities/{a}/questions"}:      "edit-activity",
		{"PUT", "/v1/admin/activities/{a}/labels"}:         "assign-labels",
		{"POST", "/v1/admin/activities/{a}/sessions"}:      "edit-activity",
		{"PUT", "/v1/admin/sessions/{s}"}:                  "edit-activity",
		{"POST", "/v1/admin/organizations/{o}/activities"}: "create-activities",
	}
	reads := []call{{"GET", "/v1/admin/activities/{a}"}, {"GET", "/v1/admin/activities/{a}/settings"}, {"GET", "/v1/admin/activities/{a}/questions"},
		{"GET", "/v1/admin/activities/{a}/labels"}, {"GET", "/v1/admin/activities/{a}/sessions"}, {"GET", "/v1/admin/sessions/{s}"},
		{"GET", "/v1/admin/organizations/{o}/activities"}, {"GET", "/v1/admin/organizations/{o}/activities/all"}}
	fill := func(path, a, s, o string) string {
		return strings.NewReplacer("{a}", a, "{s}", s, "{o}", o).Replace(path)
	}
	writeBody := map[string]any{"name": "Renamed"}
	bodies := map[string]any{"/location": map[string]any{"location_id": nil}, "/settings": map[string]any{"is_exclusive": false, "has_waitlist": false, "should_validate_age": false, "no_signup_required": false}, "/questions": map[string]any{"questions": []any{}},
		"/labels": map[string]any{"label_ids": []string{}}, "/sessions": body, "/activities": map[string]any{"type": "session", "name": "New"}}
	bodyFor := func(path string) any {
		for suffix, b := range bodies {
			if strings.HasSuffix(path, suffix) {
				return b
			}
		}
		if strings.Contains(path, "/sessions/") {
			return body
		}
		return writeBody
	}
	// Organisation staff: their own organisation only; another's is not found.
	staff := w.as("organization")
	for c, perm := range writes {
		if r := staff.Do(c.method, fill(c.path, mine, mySession, w.org), bodyFor(c.path)); r.Status >= 300 {
			t.Errorf("staff %s %s (%s): %d %s", c.method, c.path, perm, r.Status, r.Raw)
		}
		if r := staff.Do(c.method, fill(c.path, theirs, theirSession, theirsOrg), bodyFor(c.path)); r.Status != 404 {
			t.Errorf("staff %s %s in another organisation: %d %s", c.method, c.path, r.Status, r.Raw)
		}
	}
	for _, c := range reads {
		staff.Want(staff.Do(c.method, fill(c.path, mine, mySession, w.org), nil), 200)
		staff.Want(staff.Do(c.method, fill(c.path, theirs, theirSession, theirsOrg), nil), 404)
	}
	// The application-wide lists show staff only the organisations they are a member of
	// (none here: this world has no memberships), never another's.
	for _, path := range []string{"/v1/admin/applications/activities", "/v1/admin/applications/sessions"} {
		if r := staff.Want(staff.Do("GET", path, nil), 200); readapitest.Total(r) != 0 {
			t.Errorf("staff see %s: %s", path, r.Raw)
		}
	}
	staff.Want(staff.Do("GET", "/v1/admin/applications/sessions/export", nil), 200)
	// Trainers read their organisation's activities and change nothing.
	trainer := w.as("trainer")
	for c := range writes {
		if r := trainer.Do(c.method, fill(c.path, mine, mySession, w.org), bodyFor(c.path)); r.Status != 403 && r.Status != 404 {
			t.Errorf("trainer %s %s: %d %s", c.method, c.path, r.Status, r.Raw)
		}
	}
	trainer.Want(trainer.Do("DELETE", "/v1/admin/sessions/"+mySession, nil), 403)
	trainer.Want(trainer.Do("DELETE", "/v1/admin/activities/"+mine, nil), 403)
	for _, c := range reads {
		trainer.Want(trainer.Do(c.method, fill(c.path, mine, mySession, w.org), nil), 200)
	}
	// Admins see the whole application and edit nothing of an organisation's offer.
	admin := w.as("admin")
	admin.Want(admin.Do("GET", "/v1/admin/applications/activities", nil), 200)
	admin.Want(admin.Do("GET", "/v1/admin/applications/sessions", nil), 200)
	admin.Want(admin.Do("PATCH", "/v1/admin/activities/"+theirs, writeBody), 403)
	// Another application sees nothing of this one.
	elsewhere := uuid.NewString()
	for _, path := range []string{"/v1/admin/activities/" + mine, "/v1/admin/sessions/" + mySession} {
		w.Want(w.Do("GET", path, nil, "ApplicationId", elsewhere), 404)
	}
	for _, path := range []string{"/v1/admin/applications/activities", "/v1/admin/applications/sessions"} {
		if r := w.Want(w.Do("GET", path, nil, "ApplicationId", elsewhere), 200); readapitest.Total(r) != 0 {
			t.Fatalf("%s in another application: %s", path, r.Raw)
		}
	}
	w.Want(w.Do("DELETE", "/v1/admin/sessions/"+mySession, nil, "ApplicationId", elsewhere), 404)
	// No credentials, no answer.
	anonymous := w.as("")
	anonymous.Want(anonymous.Do("GET", "/v1/admin/activities/"+mine, nil), 401)
}

func date(year, month, day int) string {
	return time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
}

func clone(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// An activity's image is at least 500 × 250 (spec section 5, decision 1650): the server
// checks the uploaded file the activity names, on create and when it changes.
func TestActivityImageRule(t *testing.T) {
	w := newActivityWorld(t)
	small, large := "0123456789abcdef0123456789abcd01", "0123456789abcdef0123456789abcd02"
	for id, size := range map[string][2]int{small: {499, 250}, large: {500, 250}} {
		if _, err := w.env.DB.Exec(context.Background(), `INSERT INTO files (id, application_id, filename, size, mime_type, width, height, visibility, uploaded_by)
			VALUES ($1, $2, 'image.png', 1000, 'image/png', $3, $4, 'public', 'test')`, id, readapitest.AppID, size[0], size[1]); err != nil {
			t.Fatal(err)
		}
	}
	body := map[string]any{"type": "session", "name": "Buiten yoga", "sport_id": w.sport, "image_id": small}
	r := w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/activities", body), 422)
	if got := readapitest.Field(r, "image_id"); got != "The image must be at least 500 by 250 pixels (this image is 499 by 250)" {
		t.Fatalf("small image: %q", got)
	}
	body["image_id"] = large
	id := w.newActivity(w.org, body)
	w.Want(w.Do("PATCH", "/v1/admin/activities/"+id, map[string]any{"image_id": small}), 422)
	w.Want(w.Do("PATCH", "/v1/admin/activities/"+id, map[string]any{"name": "Buiten yoga 2"}), 200)
}

// An activity names its own rate, cancellation term and location, so a user who may not
// read the organisation's rates (view-rates) still sees "Adults — € 12.50" instead of
// "no rate".
func TestActivityNamesItsRateToThoseWhoMayNotReadRates(t *testing.T) {
	w := newActivityWorld(t)
	term := readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/cancellation-terms",
		map[string]any{"name": "Flexible", "periods": threePeriods()}), 201).Body, "data", "id").(string)
	rate := readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/rates",
		map[string]any{"name": "Adults", "price_cents": 1250, "vat_tier": "low", "cancellation_term_id": term}), 201).Body, "data", "id").(string)
	priced := w.newActivity(w.org, map[string]any{"type": "session", "name": "Evening yoga", "rate_id": rate, "cancellation_term_id": term})
	free := w.newActivity(w.org, map[string]any{"type": "session", "name": "Open day"})
	hall := readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/organizations/"+w.org+"/locations", locationBody("Sporthal")), 201).Body, "data", "id").(string)
	w.Want(w.Do("PATCH", "/v1/admin/activities/"+priced+"/location", map[string]any{"location_id": hall}), 200)

	for _, role := range []string{"trainer", "admin"} {
		c := w.as(role)
		c.Want(c.Do("GET", "/v1/admin/organizations/"+w.org+"/rates", nil), 403) // the premise: no view-rates
		one := c.Want(c.Do("GET", "/v1/admin/activities/"+priced, nil), 200)
		if readapitest.Dig(one.Body, "data", "rate_name") != "Adults" || readapitest.Dig(one.Body, "data", "rate_price_cents") != float64(1250) ||
			readapitest.Dig(one.Body, "data", "cancellation_term_name") != "Flexible" || readapitest.Dig(one.Body, "data", "location_name") != "Sporthal (Utrecht)" {
			t.Errorf("%s reads the priced activity: %s", role, one.Raw)
		}
		none := c.Want(c.Do("GET", "/v1/admin/activities/"+free, nil), 200)
		if readapitest.Dig(none.Body, "data", "rate_name") != nil || readapitest.Dig(none.Body, "data", "rate_price_cents") != nil ||
			readapitest.Dig(none.Body, "data", "location_name") != nil {
			t.Errorf("%s reads the free activity with a rate: %s", role, none.Raw)
		}
	}
	// The lists carry the same names.
	for _, row := range records(w.as("trainer").Want(w.as("trainer").Do("GET", "/v1/admin/organizations/"+w.org+"/activities", nil), 200)) {
		if row["id"] == priced && row["rate_name"] != "Adults" {
			t.Errorf("list row: %v", row)
		}
	}
	// A renamed rate is the activity's new name for it.
	w.Want(w.Do("PUT", "/v1/admin/rates/"+rate, map[string]any{"name": "Adults 18+", "price_cents": 1350, "vat_tier": "low", "cancellation_term_id": term}), 200)
	if r := w.Want(w.Do("GET", "/v1/admin/activities/"+priced, nil), 200); readapitest.Dig(r.Body, "data", "rate_name") != "Adults 18+" ||
		readapitest.Dig(r.Body, "data", "rate_price_cents") != float64(1350) {
		t.Errorf("after the rename: %s", r.Raw)
	}
	// Another application sees neither the activity nor its rate.
	w.Want(w.Do("GET", "/v1/admin/activities/"+priced, nil, "ApplicationId", uuid.NewString()), 404)
}
