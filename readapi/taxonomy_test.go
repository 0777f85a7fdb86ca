package readapi_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/activity"
	domainidentity "move/domain/identity"
)

// names answers the name of each row of a list answer.
func rowNames(r response) []string {
	out := []string{}
	for _, x := range rows(r) {
		out = append(out, dig(x, "name").(string))
	}
	return out
}

// TestTaxonomyAdminFlow: an application admin manages categories, tags and labels; a
// label covers activities by its filter and by hand; a changed filter changes what it
// covers; a wallet pays for what its included labels cover minus what its excluded
// labels cover; what is in use cannot be deleted, and the refusal names the users.
func TestTaxonomyAdminFlow(t *testing.T) {
	w := newOfferWorld(t)
	admin := w.as(w.admin, w.appA)

	// Bad input: a message per field, in Dutch and in English; nothing written.
	nl := admin.want("POST", "/v1/admin/categories", map[string]any{"title": " ", "link": "ftp://x"}, 422)
	if field(nl, "title") != "Het veld titel is verplicht" || field(nl, "link") != "Het veld link moet een geldige URL zijn (https://…)" {
		t.Fatalf("nl: %s", nl.Raw)
	}
	if got := field(w.as(w.admin, w.appA).en().want("POST", "/v1/admin/labels", map[string]any{"name": ""}, 422), "name"); got != "The name field is required" {
		t.Fatalf("en: %q", got)
	}

	// A category's image is the uploaded file's token, answered as it was given: the
	// file routes take nothing else.
	image := dig(admin.c.want(admin.c.upload("zwemmen.png", testPNG(600, 300, false), map[string]string{"visibility": "public"},
		"Authorization", "Bearer user:"+admin.user, "ApplicationId", w.appA), 201).Body, "data", "token").(string)
	swimming := created(admin.want("POST", "/v1/admin/categories", map[string]any{"title": "Zwemmen", "link": "https://example.test/zwemmen", "image_id": image}, 201))
	w.settle()
	if got := dig(admin.want("GET", "/v1/admin/categories/"+swimming, nil, 200).Body, "data", "image_id"); got != image {
		t.Fatalf("the category's image is %v, the file's token %s", got, image)
	}
	admin.want("GET", "/v1/admin/files/"+image, nil, 200)
	yoga := created(admin.want("POST", "/v1/admin/categories", map[string]any{"title": "Yoga"}, 201))
	outdoor := created(admin.want("POST", "/v1/admin/tags", map[string]any{"name": "Outdoor"}, 201))
	pass := created(admin.want("POST", "/v1/admin/labels", map[string]any{"name": "Sportpas"}, 201))
	noYoga := created(admin.want("POST", "/v1/admin/labels", map[string]any{"name": "Geen yoga"}, 201))
	w.settle()
	if got := rows(admin.want("GET", "/v1/admin/categories?search=zwem", nil, 200)); len(got) != 1 || dig(got[0], "title") != "Zwemmen" {
		t.Fatalf("search: %v", got)
	}
	if got := total(admin.want("GET", "/v1/admin/categories?sort=-name", nil, 200)); got != 2 {
		t.Fatalf("categories: %d", got)
	}

	lanes := w.activityIn(w.appA, w.orgA, activity.Details{Name: "Baantjes", Level: "beginner", CategoryIDs: []string{swimming}})
	w.activityIn(w.appA, w.orgA2, activity.Details{Name: "Aquagym", Level: "advanced", CategoryIDs: []string{swimming}})
	yin := w.activityIn(w.appA, w.orgA, activity.Details{Name: "Yin yoga", CategoryIDs: []string{yoga}, TagIDs: []string{outdoor}})
	w.activityIn(w.appB, w.orgB, activity.Details{Name: "Zwemmen in B"})

	filter := "/v1/admin/labels/" + pass + "/activity-filter"
	coverage := "/v1/admin/labels/" + pass + "/coverage"
	admin.want("PUT", filter, map[string]any{"category_ids": []string{swimming}}, 200)
	w.settle()
	if got := rowNames(admin.want("GET", coverage, nil, 200)); !slices.Equal(got, []string{"Aquagym", "Baantjes"}) {
		t.Fatalf("covered by the category: %v", got)
	}
	// A changed filter is reflected in what the label covers.
	admin.want("PUT", filter, map[string]any{"category_ids": []string{swimming}, "levels": []string{"beginner"}}, 200)
	w.settle()
	cov := admin.want("GET", coverage, nil, 200)
	if got := rowNames(cov); !slices.Equal(got, []string{"Baantjes"}) || dig(rows(cov)[0], "organization_name") != "Club A1" || dig(rows(cov)[0], "by_filter") != true {
		t.Fatalf("covered after the change: %s", cov.Raw)
	}
	// By hand, too.
	res, err := w.env.App.AssignActivityLabels(context.Background(), commands.Meta{ApplicationID: w.appA}, yin, []string{pass})
	if err != nil {
		t.Fatal(err)
	}
	w.saw(res.Position)
	w.settle()
	cov = admin.want("GET", coverage, nil, 200)
	if got := rowNames(cov); !slices.Equal(got, []string{"Baantjes", "Yin yoga"}) || dig(rows(cov)[1], "by_hand") != true || dig(rows(cov)[1], "by_filter") != false {
		t.Fatalf("covered by hand: %s", cov.Raw)
	}
	one := admin.want("GET", "/v1/admin/labels/"+pass, nil, 200)
	if dig(one.Body, "data", "offers_count") != 2.0 || len(dig(one.Body, "data", "activity_filter", "levels").([]any)) != 1 {
		t.Fatalf("the label: %s", one.Raw)
	}

	// A filter names only what the application has.
	bad := w.as(w.admin, w.appA).en().want("PUT", filter, map[string]any{"category_ids": []string{uuid.NewString()}, "organization_ids": []string{w.orgB},
		"sport_ids": []string{uuid.NewString()}, "types": []string{"product"}}, 422)
	if field(bad, "types") != "The types field is not valid" {
		t.Fatalf("a type outside its option set: %s", bad.Raw)
	}
	bad = w.as(w.admin, w.appA).en().want("PUT", filter, map[string]any{"category_ids": []string{uuid.NewString()}, "organization_ids": []string{w.orgB},
		"sport_ids": []string{uuid.NewString()}}, 422)
	for _, f := range []string{"category_ids", "organization_ids", "sport_ids"} {
		if !strings.Contains(field(bad, f), "refers to something this application does not have") {
			t.Errorf("%s: %s", f, bad.Raw)
		}
	}

	// The wallet: included labels minus excluded ones.
	admin.want("PUT", "/v1/admin/labels/"+noYoga+"/activity-filter", map[string]any{"category_ids": []string{yoga}}, 200)
	body := walletBody("Stadspas", "stadspas")
	body["included_labels"] = []string{pass}
	wallet := created(admin.want("POST", "/v1/admin/wallets", body, 201))
	w.settle()
	if got := rowNames(admin.want("GET", "/v1/admin/wallets/"+wallet+"/coverage", nil, 200)); !slices.Equal(got, []string{"Baantjes", "Yin yoga"}) {
		t.Fatalf("the wallet pays for: %v", got)
	}
	body["excluded_labels"] = []string{noYoga}
	admin.want("PUT", "/v1/admin/wallets/"+wallet, body, 200)
	w.settle()
	if got := rowNames(admin.want("GET", "/v1/admin/wallets/"+wallet+"/coverage", nil, 200)); !slices.Equal(got, []string{"Baantjes"}) {
		t.Fatalf("minus the excluded label: %v", got)
	}
	body["excluded_labels"] = []string{uuid.NewString()}
	if got := field(admin.want("PUT", "/v1/admin/wallets/"+wallet, body, 422), "excluded_labels"); got == "" {
		t.Fatal("a wallet accepted a label the application does not have")
	}

	// What is in use stays, and the refusal names who uses it.
	en := w.as(w.admin, w.appA).en()
	if got := message(en.want("DELETE", "/v1/admin/categories/"+swimming, nil, 409)); got != "This category is used by the activities and products Aquagym, Baantjes and the label filters Sportpas and cannot be deleted" {
		t.Fatalf("category in use: %q", got)
	}
	if got := message(en.want("DELETE", "/v1/admin/labels/"+pass, nil, 409)); got != "This label is used by the wallets Stadspas and was given by hand to the activities and products Yin yoga, and cannot be deleted" {
		t.Fatalf("label in use: %q", got)
	}
	if got := message(en.want("DELETE", "/v1/admin/tags/"+outdoor, nil, 409)); !strings.Contains(got, "Yin yoga") || !strings.Contains(got, "(none)") {
		t.Fatalf("tag in use: %q", got)
	}
	tag := created(admin.want("POST", "/v1/admin/tags", map[string]any{"name": "Binnen"}, 201))
	w.settle()
	admin.want("PUT", "/v1/admin/tags/"+tag, map[string]any{"name": "Indoor", "apply_to_children": true}, 200)
	w.settle()
	if got := rowNames(admin.want("GET", "/v1/admin/tags?search=indoor", nil, 200)); !slices.Equal(got, []string{"Indoor"}) {
		t.Fatalf("renamed tag: %v", got)
	}
	admin.want("DELETE", "/v1/admin/tags/"+tag, nil, 200)
	w.settle()
	admin.want("GET", "/v1/admin/tags/"+tag, nil, 404)

	// Deleting the activity takes it out of every coverage.
	res, err = w.env.App.DeleteActivity(context.Background(), commands.Meta{ApplicationID: w.appA}, lanes, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.saw(res.Position)
	w.settle()
	if got := rowNames(admin.want("GET", "/v1/admin/wallets/"+wallet+"/coverage", nil, 200)); len(got) != 0 {
		t.Fatalf("a deleted activity is still covered: %v", got)
	}
}

// TestTaxonomyByRoleAndTenant: another application's categories, tags and labels are
// not found; organisation staff read them (for the activity form) but do not change
// them; a parent application's tag that applies to children is the child's to use,
// not to change.
func TestTaxonomyByRoleAndTenant(t *testing.T) {
	w := newOfferWorld(t)
	admin := w.as(w.admin, w.appA)
	category := created(admin.want("POST", "/v1/admin/categories", map[string]any{"title": "Zwemmen"}, 201))
	tag := created(admin.want("POST", "/v1/admin/tags", map[string]any{"name": "Outdoor", "apply_to_children": true}, 201))
	private := created(admin.want("POST", "/v1/admin/tags", map[string]any{"name": "Alleen A"}, 201))
	label := created(admin.want("POST", "/v1/admin/labels", map[string]any{"name": "Sportpas"}, 201))
	w.settle()

	adminB := w.as(w.adminB, w.appB)
	staff := w.as(w.users["organization"], w.appA)
	trainer := w.as(w.users["trainer"], w.appA)
	customer := w.as(w.users["customer"], w.appA)
	for _, c := range []struct {
		who    *caller
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
		{staff, "GET", "/v1/admin/categories?organization_id=" + w.orgA, 200},
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
		if got := c.who.do(c.method, c.path, body); got.Status != c.status {
			t.Errorf("%s %s: %d, want %d (%s)", c.method, c.path, got.Status, c.status, got.Raw)
		}
	}
	if got := rows(adminB.want("GET", "/v1/admin/categories", nil, 200)); len(got) != 0 {
		t.Fatalf("application B sees A's categories: %v", got)
	}
	if got := dig(admin.want("GET", "/v1/admin/categories/"+category, nil, 200).Body, "data", "title"); got != "Zwemmen" {
		t.Fatalf("refused writes changed the category: %v", got)
	}

	// A child application of A uses A's tag that applies to children, and only that one.
	res, err := w.env.App.CreateApplication(context.Background(), commands.Meta{}, domainidentity.ApplicationSettings{Name: "App A junior", Slug: "app-a-junior", ParentID: &w.appA})
	if err != nil {
		t.Fatal(err)
	}
	w.saw(res.Position)
	child := res.ID
	childAdmin := w.as(w.user("Cas", "Child", &domainidentity.Grant{Role: domainidentity.RoleAdmin, ApplicationID: child}), child)
	w.settle()
	all := childAdmin.want("GET", "/v1/admin/tags/all", nil, 200)
	if got := rowNames(all); !slices.Equal(got, []string{"Outdoor"}) || dig(rows(all)[0], "inherited") != true {
		t.Fatalf("the child's tags: %s", all.Raw)
	}
	childAdmin.want("PUT", "/v1/admin/tags/"+tag, map[string]any{"name": "Mine now"}, 404)
	childAdmin.want("DELETE", "/v1/admin/tags/"+tag, nil, 404)
	childAdmin.want("GET", "/v1/admin/tags/"+private, nil, 404)
	// Switching apply_to_children off takes the tag out of the child.
	admin.want("PUT", "/v1/admin/tags/"+tag, map[string]any{"name": "Outdoor", "apply_to_children": false}, 200)
	w.settle()
	if got := rowNames(childAdmin.want("GET", "/v1/admin/tags/all", nil, 200)); len(got) != 0 {
		t.Fatalf("a tag no longer applying to children: %v", got)
	}
}

// TestApplicationFilters: the superadmin chooses, for an application named in the path,
// which sports, categories and labels its consumer app offers as filters; only that
// application's categories and labels (and the catalogue's sports) can be chosen.
func TestApplicationFilters(t *testing.T) {
	w := newActivityWorld(t) // as superadmin, in the application appID
	app := created(w.want(w.do("POST", "/v1/admin/applications", map[string]any{"name": "Stadspas Utrecht", "slug": "stadspas-utrecht"}), 201))
	in := func(method, path string, body any, status int) response {
		t.Helper()
		return w.want(w.do(method, path, body, "ApplicationId", app), status)
	}
	category := created(in("POST", "/v1/admin/categories", map[string]any{"title": "Zwemmen"}, 201))
	label := created(in("POST", "/v1/admin/labels", map[string]any{"name": "Stadspas"}, 201))
	foreign := created(w.want(w.do("POST", "/v1/admin/labels", map[string]any{"name": "Another application's"}), 201))
	path := "/v1/admin/applications/" + app + "/filters"

	empty := w.want(w.do("GET", path, nil), 200)
	if len(dig(empty.Body, "data", "label_ids").([]any)) != 0 || len(dig(empty.Body, "data", "choices", "labels").([]any)) != 1 ||
		dig(dig(empty.Body, "data", "choices", "categories").([]any)[0], "name") != "Zwemmen" ||
		dig(dig(empty.Body, "data", "choices", "sports").([]any)[0], "id") != w.sport {
		t.Fatalf("no filters yet, the application's choices: %s", empty.Raw)
	}
	bad := w.want(w.do("PUT", path, map[string]any{"sport_ids": []string{w.sport}, "category_ids": []string{category}, "label_ids": []string{foreign}}), 422)
	if !strings.Contains(field(bad, "label_ids"), "refers to something this application does not have") {
		t.Fatalf("another application's label: %s", bad.Raw)
	}
	w.want(w.do("PUT", path, map[string]any{"sport_ids": []string{w.sport}, "category_ids": []string{category}, "label_ids": []string{label}}), 200)
	got := w.want(w.do("GET", path, nil), 200)
	if ids := dig(got.Body, "data", "label_ids").([]any); len(ids) != 1 || ids[0] != label || dig(got.Body, "data", "category_ids").([]any)[0] != category {
		t.Fatalf("the filters: %s", got.Raw)
	}
	w.as("admin").want(w.as("admin").do("GET", path, nil), 403)
	w.as("admin").want(w.as("admin").do("PUT", path, map[string]any{"sport_ids": []string{}, "category_ids": []string{}, "label_ids": []string{}}), 403)
	w.want(w.do("GET", "/v1/admin/applications/"+uuid.NewString()+"/filters", nil), 404)
}

// TestLabelOrganizationFilter: a label's organisation filter covers every offer of the
// organisations it names, beside what it covers by hand and by its activity filter; a
// changed filter changes the coverage; only the application's own organisations can be
// named, and another application's label is not found.
func TestLabelOrganizationFilter(t *testing.T) {
	w := newOfferWorld(t)
	admin := w.as(w.admin, w.appA)
	label := created(admin.want("POST", "/v1/admin/labels", map[string]any{"name": "Clubpas"}, 201))
	lanes := w.activityIn(w.appA, w.orgA, activity.Details{Name: "Baantjes"})
	w.activityIn(w.appA, w.orgA2, activity.Details{Name: "Aquagym"})
	w.activityIn(w.appB, w.orgB, activity.Details{Name: "Zwemmen in B"})
	w.settle()
	path := "/v1/admin/labels/" + label + "/organization-filter"
	coverage := "/v1/admin/labels/" + label + "/coverage"

	empty := admin.want("GET", path, nil, 200)
	if len(dig(empty.Body, "data", "organization_ids").([]any)) != 0 || len(dig(empty.Body, "data", "organizations").([]any)) != 0 {
		t.Fatalf("no organisations yet: %s", empty.Raw)
	}
	// Another application's organisation, a malformed id: 422 on the field, nothing written.
	bad := w.as(w.admin, w.appA).en().want("PUT", path, map[string]any{"organization_ids": []string{w.orgA, w.orgB}}, 422)
	if !strings.Contains(field(bad, "organization_ids"), "refers to something this application does not have") {
		t.Fatalf("another application's organisation: %s", bad.Raw)
	}
	if got := field(admin.want("PUT", path, map[string]any{"organization_ids": []string{"zwembad"}}, 422), "organization_ids"); got == "" {
		t.Fatal("a malformed id has no message")
	}

	admin.want("PUT", path, map[string]any{"organization_ids": []string{strings.ToUpper(w.orgA)}}, 200)
	w.settle()
	got := admin.want("GET", path, nil, 200)
	if ids := dig(got.Body, "data", "organization_ids").([]any); len(ids) != 1 || ids[0] != w.orgA ||
		dig(dig(got.Body, "data", "organizations").([]any)[0], "name") != "Club A1" || dig(got.Body, "data", "version") != 1.0 {
		t.Fatalf("the filter: %s", got.Raw)
	}
	cov := admin.want("GET", coverage, nil, 200)
	if names := rowNames(cov); !slices.Equal(names, []string{"Baantjes"}) || dig(rows(cov)[0], "by_organization") != true ||
		dig(rows(cov)[0], "by_filter") != false || dig(rows(cov)[0], "by_hand") != false {
		t.Fatalf("covered by the organisation: %s", cov.Raw)
	}
	// An offer of the organisation created later is covered too; the label says so.
	w.activityIn(w.appA, w.orgA, activity.Details{Name: "Crawl"})
	// A stale version is refused.
	admin.want("PUT", path, map[string]any{"organization_ids": []string{w.orgA2}, "version": 0}, 409)
	admin.want("PUT", path, map[string]any{"organization_ids": []string{w.orgA, w.orgA2}, "version": 1}, 200)
	w.settle()
	if names := rowNames(admin.want("GET", coverage, nil, 200)); !slices.Equal(names, []string{"Aquagym", "Baantjes", "Crawl"}) {
		t.Fatalf("covered after the change: %v", names)
	}
	one := admin.want("GET", "/v1/admin/labels/"+label, nil, 200)
	if dig(one.Body, "data", "offers_count") != 3.0 || len(dig(one.Body, "data", "organization_filter", "organization_ids").([]any)) != 2 {
		t.Fatalf("the label: %s", one.Raw)
	}
	// Emptying the filter keeps what was assigned by hand.
	res, err := w.env.App.AssignActivityLabels(context.Background(), commands.Meta{ApplicationID: w.appA}, lanes, []string{label})
	if err != nil {
		t.Fatal(err)
	}
	w.saw(res.Position)
	admin.want("PUT", path, map[string]any{"organization_ids": []string{}}, 200)
	w.settle()
	cov = admin.want("GET", coverage, nil, 200)
	if names := rowNames(cov); !slices.Equal(names, []string{"Baantjes"}) || dig(rows(cov)[0], "by_hand") != true || dig(rows(cov)[0], "by_organization") != false {
		t.Fatalf("after emptying: %s", cov.Raw)
	}

	// Another application's admin does not find the label; staff may read, not set.
	adminB := w.as(w.adminB, w.appB)
	adminB.want("GET", path, nil, 404)
	adminB.want("PUT", path, map[string]any{"organization_ids": []string{w.orgB}}, 404)
	staff := w.as(w.users["organization"], w.appA)
	staff.want("GET", path, nil, 200)
	staff.want("PUT", path, map[string]any{"organization_ids": []string{}}, 403)
	if got := dig(admin.want("GET", path, nil, 200).Body, "data", "organization_ids").([]any); len(got) != 0 {
		t.Fatalf("refused writes changed the filter: %v", got)
	}
}
