package offer_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/activity"
	domainidentity "move/domain/identity"
	"move/readapi/readapitest"
)

// Names answers the name of each row of a list answer.
func rowNames(r readapitest.Response) []string {
	out := []string{}
	for _, x := range readapitest.Rows(r) {
		out = append(out, readapitest.Dig(x, "name").(string))
	}
	return out
}

// TestTaxonomyAdminFlow: an application admin manages categories, tags and labels; a
// label covers activities by its filter and by hand; a changed filter changes what it
// covers; a wallet pays for what its included labels cover minus what its excluded
// labels cover; what is in use cannot be deleted, and the refusal names the users.
func TestTaxonomyAdminFlow(t *testing.T) {
	w := readapitest.NewOfferWorld(t)
	admin := w.As(w.Admin, w.AppA)

	// Bad input: a message per field, in Dutch and in English; nothing written.
	nl := admin.Want("POST", "/v1/admin/categories", map[string]any{"title": " ", "link": "ftp://x"}, 422)
	if readapitest.Field(nl, "title") != "Het veld titel is verplicht" || readapitest.Field(nl, "link") != "Het veld link moet een geldige URL zijn (https://…)" {
		t.Fatalf("nl: %s", nl.Raw)
	}
	if got := readapitest.Field(w.As(w.Admin, w.AppA).En().Want("POST", "/v1/admin/labels", map[string]any{"name": ""}, 422), "name"); got != "The name field is required" {
		t.Fatalf("en: %q", got)
	}

	// A category's image is the uploaded file's token, answered as it was given: the
	// file routes take nothing else.
	image := readapitest.Dig(admin.C.Want(admin.C.Upload("zwemmen.png", readapitest.TestPNG(600, 300, false), map[string]string{"visibility": "public"},
		"Authorization", "Bearer user:"+admin.User, "ApplicationId", w.AppA), 201).Body, "data", "token").(string)
	swimming := readapitest.Created(admin.Want("POST", "/v1/admin/categories", map[string]any{"title": "Zwemmen", "link": "https://example.test/zwemmen", "image_id": image}, 201))
	w.Settle()
	if got := readapitest.Dig(admin.Want("GET", "/v1/admin/categories/"+swimming, nil, 200).Body, "data", "image_id"); got != image {
		t.Fatalf("the category's image is %v, the file's token %s", got, image)
	}
	admin.Want("GET", "/v1/admin/files/"+image, nil, 200)
	yoga := readapitest.Created(admin.Want("POST", "/v1/admin/categories", map[string]any{"title": "Yoga"}, 201))
	outdoor := readapitest.Created(admin.Want("POST", "/v1/admin/tags", map[string]any{"name": "Outdoor"}, 201))
	pass := readapitest.Created(admin.Want("POST", "/v1/admin/labels", map[string]any{"name": "Sportpas"}, 201))
	noYoga := readapitest.Created(admin.Want("POST", "/v1/admin/labels", map[string]any{"name": "Geen yoga"}, 201))
	w.Settle()
	if got := readapitest.Rows(admin.Want("GET", "/v1/admin/categories?search=zwem", nil, 200)); len(got) != 1 || readapitest.Dig(got[0], "title") != "Zwemmen" {
		t.Fatalf("search: %v", got)
	}
	if got := readapitest.Total(admin.Want("GET", "/v1/admin/categories?sort=-name", nil, 200)); got != 2 {
		t.Fatalf("categories: %d", got)
	}

	lanes := w.ActivityIn(w.AppA, w.OrgA, activity.Details{Name: "Baantjes", Level: "beginner", CategoryIDs: []string{swimming}})
	w.ActivityIn(w.AppA, w.OrgA2, activity.Details{Name: "Aquagym", Level: "advanced", CategoryIDs: []string{swimming}})
	yin := w.ActivityIn(w.AppA, w.OrgA, activity.Details{Name: "Yin yoga", CategoryIDs: []string{yoga}, TagIDs: []string{outdoor}})
	w.ActivityIn(w.AppB, w.OrgB, activity.Details{Name: "Zwemmen in B"})

	filter := "/v1/admin/labels/" + pass + "/activity-filter"
	coverage := "/v1/admin/labels/" + pass + "/coverage"
	admin.Want("PUT", filter, map[string]any{"category_ids": []string{swimming}}, 200)
	w.Settle()
	if got := rowNames(admin.Want("GET", coverage, nil, 200)); !slices.Equal(got, []string{"Aquagym", "Baantjes"}) {
		t.Fatalf("covered by the category: %v", got)
	}
	// A changed filter is reflected in what the label covers.
	admin.Want("PUT", filter, map[string]any{"category_ids": []string{swimming}, "levels": []string{"beginner"}}, 200)
	w.Settle()
	cov := admin.Want("GET", coverage, nil, 200)
	if got := rowNames(cov); !slices.Equal(got, []string{"Baantjes"}) || readapitest.Dig(readapitest.Rows(cov)[0], "organization_name") != "Club A1" || readapitest.Dig(readapitest.Rows(cov)[0], "by_filter") != true {
		t.Fatalf("covered after the change: %s", cov.Raw)
	}
	// By hand, too.
	res, err := w.Env.App.AssignActivityLabels(context.Background(), commands.Meta{ApplicationID: w.AppA}, yin, []string{pass})
	if err != nil {
		t.Fatal(err)
	}
	w.Saw(res.Position)
	w.Settle()
	cov = admin.Want("GET", coverage, nil, 200)
	if got := rowNames(cov); !slices.Equal(got, []string{"Baantjes", "Yin yoga"}) || readapitest.Dig(readapitest.Rows(cov)[1], "by_hand") != true || readapitest.Dig(readapitest.Rows(cov)[1], "by_filter") != false {
		t.Fatalf("covered by hand: %s", cov.Raw)
	}
	one := admin.Want("GET", "/v1/admin/labels/"+pass, nil, 200)
	if readapitest.Dig(one.Body, "data", "offers_count") != 2.0 || len(readapitest.Dig(one.Body, "data", "activity_filter", "levels").([]any)) != 1 {
		t.Fatalf("the label: %s", one.Raw)
	}

	// A filter names only what the application has.
	bad := w.As(w.Admin, w.AppA).En().Want("PUT", filter, map[string]any{"category_ids": []string{uuid.NewString()}, "organization_ids": []string{w.OrgB},
		"sport_ids": []string{uuid.NewString()}, "types": []string{"product"}}, 422)
	if readapitest.Field(bad, "types") != "The types field is not valid" {
		t.Fatalf("a type outside its option set: %s", bad.Raw)
	}
	bad = w.As(w.Admin, w.AppA).En().Want("PUT", filter, map[string]any{"category_ids": []string{uuid.NewString()}, "organization_ids": []string{w.OrgB},
		"sport_ids": []string{uuid.NewString()}}, 422)
	for _, f := range []string{"category_ids", "organization_ids", "sport_ids"} {
		if !strings.Contains(readapitest.Field(bad, f), "refers to something this application does not have") {
			t.Errorf("%s: %s", f, bad.Raw)
		}
	}

	// The wallet: included labels minus excluded ones.
	admin.Want("PUT", "/v1/admin/labels/"+noYoga+"/activity-filter", map[string]any{"category_ids": []string{yoga}}, 200)
	body := readapitest.WalletBody("Stadspas", "stadspas")
	body["included_labels"] = []string{pass}
	wallet := readapitest.Created(admin.Want("POST", "/v1/admin/wallets", body, 201))
	w.Settle()
	if got := rowNames(admin.Want("GET", "/v1/admin/wallets/"+wallet+"/coverage", nil, 200)); !slices.Equal(got, []string{"Baantjes", "Yin yoga"}) {
		t.Fatalf("the wallet pays for: %v", got)
	}
	body["excluded_labels"] = []string{noYoga}
	admin.Want("PUT", "/v1/admin/wallets/"+wallet, body, 200)
	w.Settle()
	if got := rowNames(admin.Want("GET", "/v1/admin/wallets/"+wallet+"/coverage", nil, 200)); !slices.Equal(got, []string{"Baantjes"}) {
		t.Fatalf("minus the excluded label: %v", got)
	}
	body["excluded_labels"] = []string{uuid.NewString()}
	if got := readapitest.Field(admin.Want("PUT", "/v1/admin/wallets/"+wallet, body, 422), "excluded_labels"); got == "" {
		t.Fatal("a wallet accepted a label the application does not have")
	}

	// What is in use stays, and the refusal names who uses it.
	en := w.As(w.Admin, w.AppA).En()
	if got := readapitest.Message(en.Want("DELETE", "/v1/admin/categories/"+swimming, nil, 409)); got != "This category is used by the activities and products Aquagym, Baantjes and the label filters Sportpas and cannot be deleted" {
		t.Fatalf("category in use: %q", got)
	}
	if got := readapitest.Message(en.Want("DELETE", "/v1/admin/labels/"+pass, nil, 409)); got != "This label is used by the wallets Stadspas and was given by hand to the activities and products Yin yoga, and cannot be deleted" {
		t.Fatalf("label in use: %q", got)
	}
	if got := readapitest.Message(en.Want("DELETE", "/v1/admin/tags/"+outdoor, nil, 409)); !strings.Contains(got, "Yin yoga") || !strings.Contains(got, "(none)") {
		t.Fatalf("tag in use: %q", got)
	}
	tag := readapitest.Created(admin.Want("POST", "/v1/admin/tags", map[string]any{"name": "Binnen"}, 201))
	w.Settle()
	admin.Want("PUT", "/v1/admin/tags/"+tag, map[string]any{"name": "Indoor", "apply_to_children": true}, 200)
	w.Settle()
	if got := rowNames(admin.Want("GET", "/v1/admin/tags?search=indoor", nil, 200)); !slices.Equal(got, []string{"Indoor"}) {
		t.Fatalf("renamed tag: %v", got)
	}
	admin.Want("DELETE", "/v1/admin/tags/"+tag, nil, 200)
	w.Settle()
	admin.Want("GET", "/v1/admin/tags/"+tag, nil, 404)

	// Deleting the activity takes it out of every coverage.
	res, err = w.Env.App.DeleteActivity(context.Background(), commands.Meta{ApplicationID: w.AppA}, lanes, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Saw(res.Position)
	w.Settle()
	if got := rowNames(admin.Want("GET", "/v1/admin/wallets/"+wallet+"/coverage", nil, 200)); len(got) != 0 {
		t.Fatalf("a deleted activity is still covered: %v", got)
	}
}

// TestTaxonomyByRoleAndTenant: another application's categories, tags and labels are
// not found; organisation staff read them (for the activity form) but do not change
// them; a parent application's tag that applies to children is the child's to use,
// not to change.
func TestTaxonomyByRoleAndTenant(t *testing.T) {
	w := readapitest.NewOfferWorld(t)
	admin := w.As(w.Admin, w.AppA)
	category := readapitest.Created(admin.Want("POST", "/v1/admin/categories", map[string]any{"title": "Zwemmen"}, 201))
	tag := readapitest.Created(admin.Want("POST", "/v1/admin/tags", map[string]any{"name": "Outdoor", "apply_to_children": true}, 201))
	private := readapitest.Created(admin.Want("POST", "/v1/admin/tags", map[string]any{"name": "Alleen A"}, 201))
	label := readapitest.Created(admin.Want("POST", "/v1/admin/labels", map[string]any{"name": "Sportpas"}, 201))
	w.Settle()

	adminB := w.As(w.AdminB, w.AppB)
	staff := w.As(w.Users["organization"], w.AppA)
	trainer := w.As(w.Users["trainer"], w.AppA)
	customer := w.As(w.Users["customer"], w.AppA)
	for _, c := range []struct {
		who    *readapitest.Caller
		method string
		path   string
		status int
	}{
		{adminB, "GET", "/v1/admin/categories/" + category, 404},
		{adminB, "PUT", "/v1/admin/categories/" + category, 404},
		{adminB, "DELETE", "/v1/admin/categories/" + category, 404},
		{adminB, "GET", "/v1/admin/tags/" + tag, 404},
		{adminB, "PUT", "/v1/admin/tags/" + tag, 404},
		{adminB, "DELETE", "/v1/admin/tags/" + tag, 404},
		{adminB, "GET", "/v1/admin/labels/" + label, 404},
		{adminB, "PUT", "/v1/admin/labels/" + label, 404},
		{adminB, "PUT", "/v1/admin/labels/" + label + "/activity-filter", 404},
		{adminB, "GET", "/v1/admin/labels/" + label + "/coverage", 404},
		{adminB, "DELETE", "/v1/admin/labels/" + label, 404},
		{admin, "GET", "/v1/admin/labels/not-a-uuid", 404},
		{staff, "GET", "/v1/admin/categories?organization_id=" + w.OrgA, 200},
		{staff, "GET", "/v1/admin/tags/all", 200},
		{staff, "GET", "/v1/admin/labels", 200},
		{staff, "POST", "/v1/admin/categories", 403},
		{staff, "PUT", "/v1/admin/categories/" + category, 403},
		{staff, "DELETE", "/v1/admin/tags/" + tag, 403},
		{staff, "POST", "/v1/admin/labels", 403},
		{staff, "PUT", "/v1/admin/labels/" + label + "/activity-filter", 403},
		{trainer, "GET", "/v1/admin/categories", 403},
		{trainer, "GET", "/v1/admin/tags/all", 403},
		{customer, "GET", "/v1/admin/labels", 403},
		{customer, "POST", "/v1/admin/tags", 403},
	} {
		var body any
		if c.method == "POST" || c.method == "PUT" {
			body = map[string]any{"title": "X", "name": "X"}
		}
		if got := c.who.Do(c.method, c.path, body); got.Status != c.status {
			t.Errorf("%s %s: %d, want %d (%s)", c.method, c.path, got.Status, c.status, got.Raw)
		}
	}
	if got := readapitest.Rows(adminB.Want("GET", "/v1/admin/categories", nil, 200)); len(got) != 0 {
		t.Fatalf("application B sees A's categories: %v", got)
	}
	if got := readapitest.Dig(admin.Want("GET", "/v1/admin/categories/"+category, nil, 200).Body, "data", "title"); got != "Zwemmen" {
		t.Fatalf("refused writes changed the category: %v", got)
	}

	// A child application of A uses A's tag that applies to children, and only that one.
	res, err := w.Env.App.CreateApplication(context.Background(), commands.Meta{}, domainidentity.ApplicationSettings{Name: "App A junior", Slug: "app-a-junior", ParentID: &w.AppA})
	if err != nil {
		t.Fatal(err)
	}
	w.Saw(res.Position)
	child := res.ID
	childAdmin := w.As(w.User("Cas", "Child", &domainidentity.Grant{Role: domainidentity.RoleAdmin, ApplicationID: child}), child)
	w.Settle()
	all := childAdmin.Want("GET", "/v1/admin/tags/all", nil, 200)
	if got := rowNames(all); !slices.Equal(got, []string{"Outdoor"}) || readapitest.Dig(readapitest.Rows(all)[0], "inherited") != true {
		t.Fatalf("the child's tags: %s", all.Raw)
	}
	childAdmin.Want("PUT", "/v1/admin/tags/"+tag, map[string]any{"name": "Mine now"}, 404)
	childAdmin.Want("DELETE", "/v1/admin/tags/"+tag, nil, 404)
	childAdmin.Want("GET", "/v1/admin/tags/"+private, nil, 404)
	// Switching apply_to_children off takes the tag out of the child.
	admin.Want("PUT", "/v1/admin/tags/"+tag, map[string]any{"name": "Outdoor", "apply_to_children": false}, 200)
	w.Settle()
	if got := rowNames(childAdmin.Want("GET", "/v1/admin/tags/all", nil, 200)); len(got) != 0 {
		t.Fatalf("a tag no longer applying to children: %v", got)
	}
}

// TestApplicationFilters: the superadmin chooses, for an application named in the path,
// which sports, categories and labels its consumer app offers as filters; only that
// application's categories and labels (and the catalogue's sports) can be chosen.
func TestApplicationFilters(t *testing.T) {
	w := newActivityWorld(t) // as superadmin, in the application appID
	app := readapitest.Created(w.Want(w.Do("POST", "/v1/admin/applications", map[string]any{"name": "Stadspas Utrecht", "slug": "stadspas-utrecht"}), 201))
	in := func(method, path string, body any, status int) readapitest.Response {
		t.Helper()
		return w.Want(w.Do(method, path, body, "ApplicationId", app), status)
	}
	category := readapitest.Created(in("POST", "/v1/admin/categories", map[string]any{"title": "Zwemmen"}, 201))
	label := readapitest.Created(in("POST", "/v1/admin/labels", map[string]any{"name": "Stadspas"}, 201))
	foreign := readapitest.Created(w.Want(w.Do("POST", "/v1/admin/labels", map[string]any{"name": "Another application's"}), 201))
	path := "/v1/admin/applications/" + app + "/filters"

	empty := w.Want(w.Do("GET", path, nil), 200)
	if len(readapitest.Dig(empty.Body, "data", "label_ids").([]any)) != 0 || len(readapitest.Dig(empty.Body, "data", "choices", "labels").([]any)) != 1 || readapitest.Dig(readapitest.Dig(empty.Body, "data", "choices", "categories").([]any)[0], "name") != "Zwemmen" || readapitest.Dig(readapitest.Dig(empty.Body, "data", "choices", "sports").([]any)[0], "id") != w.sport {
		t.Fatalf("no filters yet, the application's choices: %s", empty.Raw)
	}
	bad := w.Want(w.Do("PUT", path, map[string]any{"sport_ids": []string{w.sport}, "category_ids": []string{category}, "label_ids": []string{foreign}}), 422)
	if !strings.Contains(readapitest.Field(bad, "label_ids"), "refers to something this application does not have") {
		t.Fatalf("another application's label: %s", bad.Raw)
	}
	w.Want(w.Do("PUT", path, map[string]any{"sport_ids": []string{w.sport}, "category_ids": []string{category}, "label_ids": []string{label}}), 200)
	got := w.Want(w.Do("GET", path, nil), 200)
	if ids := readapitest.Dig(got.Body, "data", "label_ids").([]any); len(ids) != 1 || ids[0] != label || readapitest.Dig(got.Body, "data", "category_ids").([]any)[0] != category {
		t.Fatalf("the filters: %s", got.Raw)
	}
	w.as("admin").Want(w.as("admin").Do("GET", path, nil), 403)
	w.as("admin").Want(w.as("admin").Do("PUT", path, map[string]any{"sport_ids": []string{}, "category_ids": []string{}, "label_ids": []string{}}), 403)
	w.Want(w.Do("GET", "/v1/admin/applications/"+uuid.NewString()+"/filters", nil), 404)
}

// TestLabelOrganizationFilter: a label's organisation filter covers every offer of the
// organisations it names, beside what it covers by hand and by its activity filter; a
// changed filter changes the coverage; only the application's own organisations can be
// named, and another application's label is not found.
func TestLabelOrganizationFilter(t *testing.T) {
	w := readapitest.NewOfferWorld(t)
	admin := w.As(w.Admin, w.AppA)
	label := readapitest.Created(admin.Want("POST", "/v1/admin/labels", map[string]any{"name": "Clubpas"}, 201))
	lanes := w.ActivityIn(w.AppA, w.OrgA, activity.Details{Name: "Baantjes"})
	w.ActivityIn(w.AppA, w.OrgA2, activity.Details{Name: "Aquagym"})
	w.ActivityIn(w.AppB, w.OrgB, activity.Details{Name: "Zwemmen in B"})
	w.Settle()
	path := "/v1/admin/labels/" + label + "/organization-filter"
	coverage := "/v1/admin/labels/" + label + "/coverage"

	empty := admin.Want("GET", path, nil, 200)
	if len(readapitest.Dig(empty.Body, "data", "organization_ids").([]any)) != 0 || len(readapitest.Dig(empty.Body, "data", "organizations").([]any)) != 0 {
		t.Fatalf("no organisations yet: %s", empty.Raw)
	}
	// Another application's organisation, a malformed id: 422 on the field, nothing written.
	bad := w.As(w.Admin, w.AppA).En().Want("PUT", path, map[string]any{"organization_ids": []string{w.OrgA, w.OrgB}}, 422)
	if !strings.Contains(readapitest.Field(bad, "organization_ids"), "refers to something this application does not have") {
		t.Fatalf("another application's organisation: %s", bad.Raw)
	}
	if got := readapitest.Field(admin.Want("PUT", path, map[string]any{"organization_ids": []string{"zwembad"}}, 422), "organization_ids"); got == "" {
		t.Fatal("a malformed id has no message")
	}

	admin.Want("PUT", path, map[string]any{"organization_ids": []string{strings.ToUpper(w.OrgA)}}, 200)
	w.Settle()
	got := admin.Want("GET", path, nil, 200)
	if ids := readapitest.Dig(got.Body, "data", "organization_ids").([]any); len(ids) != 1 || ids[0] != w.OrgA || readapitest.Dig(readapitest.Dig(got.Body, "data", "organizations").([]any)[0], "name") != "Club A1" || readapitest.Dig(got.Body, "data", "version") != 1.0 {
		t.Fatalf("the filter: %s", got.Raw)
	}
	cov := admin.Want("GET", coverage, nil, 200)
	if names := rowNames(cov); !slices.Equal(names, []string{"Baantjes"}) || readapitest.Dig(readapitest.Rows(cov)[0], "by_organization") != true || readapitest.Dig(readapitest.Rows(cov)[0], "by_filter") != false || readapitest.Dig(readapitest.Rows(cov)[0], "by_hand") != false {
		t.Fatalf("covered by the organisation: %s", cov.Raw)
	}
	// An offer of the organisation created later is covered too; the label says so.
	w.ActivityIn(w.AppA, w.OrgA, activity.Details{Name: "Crawl"})
	// A stale version is refused.
	admin.Want("PUT", path, map[string]any{"organization_ids": []string{w.OrgA2}, "version": 0}, 409)
	admin.Want("PUT", path, map[string]any{"organization_ids": []string{w.OrgA, w.OrgA2}, "version": 1}, 200)
	w.Settle()
	if names := rowNames(admin.Want("GET", coverage, nil, 200)); !slices.Equal(names, []string{"Aquagym", "Baantjes", "Crawl"}) {
		t.Fatalf("covered after the change: %v", names)
	}
	one := admin.Want("GET", "/v1/admin/labels/"+label, nil, 200)
	if readapitest.Dig(one.Body, "data", "offers_count") != 3.0 || len(readapitest.Dig(one.Body, "data", "organization_filter", "organization_ids").([]any)) != 2 {
		t.Fatalf("the label: %s", one.Raw)
	}
	// Emptying the filter keeps what was assigned by hand.
	res, err := w.Env.App.AssignActivityLabels(context.Background(), commands.Meta{ApplicationID: w.AppA}, lanes, []string{label})
	if err != nil {
		t.Fatal(err)
	}
	w.Saw(res.Position)
	admin.Want("PUT", path, map[string]any{"organization_ids": []string{}}, 200)
	w.Settle()
	cov = admin.Want("GET", coverage, nil, 200)
	if names := rowNames(cov); !slices.Equal(names, []string{"Baantjes"}) || readapitest.Dig(readapitest.Rows(cov)[0], "by_hand") != true || readapitest.Dig(readapitest.Rows(cov)[0], "by_organization") != false {
		t.Fatalf("after emptying: %s", cov.Raw)
	}

	// Another application's admin does not find the label; staff may read, not set.
	adminB := w.As(w.AdminB, w.AppB)
	adminB.Want("GET", path, nil, 404)
	adminB.Want("PUT", path, map[string]any{"organization_ids": []string{w.OrgB}}, 404)
	staff := w.As(w.Users["organization"], w.AppA)
	staff.Want("GET", path, nil, 200)
	staff.Want("PUT", path, map[string]any{"organization_ids": []string{}}, 403)
	if got := readapitest.Dig(admin.Want("GET", path, nil, 200).Body, "data", "organization_ids").([]any); len(got) != 0 {
		t.Fatalf("refused writes changed the filter: %v", got)
	}
}
