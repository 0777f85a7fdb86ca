package taxonomy_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"move/commands"
	"move/domain/activity"
	"move/domain/catalog"
	"move/domain/identity"
	"move/domain/organization"
	"move/domain/product"
	"move/domain/taxonomy"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	rm "move/projections/taxonomy"
)

// The read model built live, event by event, equals the same read model rebuilt from
// the log: categories, inherited tags, labels, and what each label covers and why.
func TestLiveEqualsRebuild(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	runner := env.Runner(t, rm.Projector())
	env.RunProjections(t, runner)
	// A new projector builds its tables on its first start; the test writes after that.
	env.Rebuild(t, runner)
	var last eventstore.Position
	must := func(res commands.Result, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if last.Less(res.Position) {
			last = res.Position
		}
		return res.ID
	}
	parent := must(env.App.CreateApplication(ctx, commands.Meta{}, identity.ApplicationSettings{Name: "Stad", Slug: "stad"}))
	child := must(env.App.CreateApplication(ctx, commands.Meta{}, identity.ApplicationSettings{Name: "Stad junior", Slug: "stad-junior", ParentID: &parent}))
	meta := func() commands.Meta { return commands.Meta{ApplicationID: parent, ActorID: "test"} }
	swimming := must(env.App.CreateCategory(ctx, meta(), taxonomy.CategoryFields{Title: "Zwemmen"}))
	yoga := must(env.App.CreateCategory(ctx, meta(), taxonomy.CategoryFields{Title: "Yoga", Link: "https://example.test/yoga"}))
	outdoor := must(env.App.CreateTag(ctx, meta(), taxonomy.TagFields{Name: "Outdoor", ApplyToChildren: true}))
	must(env.App.CreateTag(ctx, meta(), taxonomy.TagFields{Name: "Alleen de stad"}))
	pass := must(env.App.CreateLabel(ctx, meta(), "Sportpas"))
	must(env.App.SetLabelActivityFilter(ctx, meta(), pass, nil, taxonomy.ActivityFilter{CategoryIDs: []string{swimming}}))
	created, err := env.App.CreateOrganization(ctx, meta(), organization.Profile{Name: "Zwembad"})
	org := must(created.Result, err)
	lanes := must(env.App.CreateActivity(ctx, meta(), org, activity.TypeSession, activity.Details{Name: "Baantjes", CategoryIDs: []string{swimming}}, activity.Settings{}))
	yin := must(env.App.CreateActivity(ctx, meta(), org, activity.TypeSession, activity.Details{Name: "Yin", CategoryIDs: []string{yoga}, TagIDs: []string{outdoor}}, activity.Settings{}))
	must(env.App.CreateActivity(ctx, meta(), org, activity.TypeBundle, activity.Details{Name: "Zwemkaart", CategoryIDs: []string{swimming}, Level: "advanced"}, activity.Settings{}))
	must(env.App.AssignActivityLabels(ctx, meta(), yin, []string{pass}))
	must(env.App.AssignActivityLabels(ctx, meta(), lanes, []string{pass}))
	// Changing the filter keeps what was assigned by hand.
	must(env.App.SetLabelActivityFilter(ctx, meta(), pass, nil, taxonomy.ActivityFilter{CategoryIDs: []string{swimming}, Types: []string{activity.TypeBundle}}))
	// An activity that changes category leaves the filter's coverage.
	must(env.App.UpdateActivity(ctx, meta(), yin, nil, activity.Details{Name: "Yin", CategoryIDs: []string{swimming}}))
	// The organisation filter covers every offer of the organisation, the bundle that
	// its activity filter also covers and an activity created after it was set.
	clubs := must(env.App.CreateLabel(ctx, meta(), "Clubpas"))
	must(env.App.SetLabelOrganizationFilter(ctx, meta(), clubs, nil, taxonomy.OrganizationFilter{OrganizationIDs: []string{org}}))
	must(env.App.SetLabelActivityFilter(ctx, meta(), clubs, nil, taxonomy.ActivityFilter{Types: []string{activity.TypeBundle}}))
	must(env.App.CreateActivity(ctx, meta(), org, activity.TypeSession, activity.Details{Name: "Aquarobics"}, activity.Settings{}))
	must(env.App.AssignActivityLabels(ctx, meta(), lanes, []string{pass, clubs}))
	// Taking the label off by hand keeps what the organisation filter covers.
	must(env.App.AssignActivityLabels(ctx, meta(), lanes, []string{pass}))
	// A deleted organisation leaves the filter, and its offers what the filter covers.
	gone, err := env.App.CreateOrganization(ctx, meta(), organization.Profile{Name: "Opgeheven"})
	goneOrg := must(gone.Result, err)
	must(env.App.CreateActivity(ctx, meta(), goneOrg, activity.TypeSession, activity.Details{Name: "Laatste les"}, activity.Settings{}))
	must(env.App.SetLabelOrganizationFilter(ctx, meta(), clubs, nil, taxonomy.OrganizationFilter{OrganizationIDs: []string{org, goneOrg}}))
	must(env.App.DeleteOrganization(ctx, meta(), goneOrg, nil))
	// Products: a label's product filter covers products of its product types, never
	// activities; an activity filter never covers products; the organisation filter
	// covers both; a label by hand and a deleted product as for activities (1001).
	clothing := must(env.App.CreateCatalogItem(ctx, commands.Meta{}, catalog.ProductType, catalog.Fields{Name: "Kleding"}))
	gear := must(env.App.CreateCatalogItem(ctx, commands.Meta{}, catalog.ProductType, catalog.Fields{Name: "Materiaal"}))
	shop := must(env.App.CreateLabel(ctx, meta(), "Winkelpas"))
	must(env.App.SetLabelProductFilter(ctx, meta(), shop, nil, taxonomy.ProductFilter{ProductTypeIDs: []string{clothing}}))
	shirt := must(env.App.CreateProduct(ctx, meta(), org, product.Details{Name: "Shirt", ProductTypeID: gear}))
	lock := must(env.App.CreateProduct(ctx, meta(), org, product.Details{Name: "Slot", ProductTypeID: gear, CategoryIDs: []string{swimming}, Level: "advanced"}))
	must(env.App.UpdateProduct(ctx, meta(), shirt, nil, product.Details{Name: "Shirt", ProductTypeID: clothing, Level: "beginner"}))
	must(env.App.AssignProductLabels(ctx, meta(), lock, []string{shop}))
	old := must(env.App.CreateProduct(ctx, meta(), org, product.Details{Name: "Oud shirt", ProductTypeID: clothing}))
	must(env.App.DeleteProduct(ctx, meta(), old, nil))
	must(env.App.CreateTag(ctx, commands.Meta{ApplicationID: child}, taxonomy.TagFields{Name: "Eigen tag"}))
	must(env.App.SetApplicationFilters(ctx, commands.Meta{}, parent, nil, taxonomy.Filters{CategoryIDs: []string{yoga, swimming}, LabelIDs: []string{pass}}))

	// The last command's position, not the store's head: the head a reader sees may lag
	// behind while other transactions of a shared cluster hold the read horizon back.
	wait, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if err := projections.WaitFor(wait, env.DB, []string{rm.Name}, last); err != nil {
		t.Fatal(err)
	}
	live := dump(t, env)
	for _, want := range []string{
		"tag " + child + "|Outdoor|" + parent,
		"tag " + child + "|Eigen tag|" + child,
		"coverage Sportpas|Baantjes|true|false|false",
		"coverage Sportpas|Yin|true|false|false",
		"coverage Sportpas|Zwemkaart|false|true|false",
		"coverage Clubpas|Aquarobics|false|false|true",
		"coverage Clubpas|Baantjes|false|false|true",
		"coverage Clubpas|Yin|false|false|true",
		"coverage Clubpas|Zwemkaart|false|true|true",
		"coverage Clubpas|Shirt|false|false|true",
		"coverage Clubpas|Slot|false|false|true",
		"coverage Winkelpas|Shirt|false|true|false",
		"coverage Winkelpas|Slot|true|false|false",
		"label Winkelpas|{}|{}|false|1|{}|true|{" + clothing + "}",
		"label Clubpas|{}|{bundle}|true|3|{" + org + "}",
		"filters " + parent + "|{" + yoga + "," + swimming + "}|{" + pass + "}",
	} {
		if !strings.Contains(live, want) {
			t.Fatalf("live read model lacks %q:\n%s", want, live)
		}
	}
	if strings.Contains(live, "tag "+child+"|Alleen de stad") || strings.Count(live, "coverage ") != 11 {
		t.Fatalf("live read model:\n%s", live)
	}
	env.Rebuild(t, runner)
	if rebuilt := dump(t, env); rebuilt != live {
		t.Fatalf("rebuild differs from live:\nlive:\n%s\nrebuilt:\n%s", live, rebuilt)
	}
}

// dump writes every table of the read model as text, in a stable order.
func dump(t *testing.T, env *testenv.Env) string {
	t.Helper()
	var b strings.Builder
	for _, q := range []string{
		`SELECT 'category ' || application_id || '|' || title || '|' || link || '|' || version || '|' || created_at || '|' || updated_at FROM readmodel.categories ORDER BY id`,
		`SELECT 'tag ' || application_id || '|' || name || '|' || owner_application_id || '|' || apply_to_children || '|' || version FROM readmodel.tags ORDER BY application_id, id`,
		`SELECT 'label ' || name || '|' || category_ids::text || '|' || types::text || '|' || has_activity_filter || '|' || version || '|' || covered_organization_ids::text || '|' || has_product_filter || '|' || product_type_ids::text FROM readmodel.labels ORDER BY id`,
		`SELECT 'offer ' || name || '|' || type || '|' || coalesce(product_type_id::text, '') || '|' || category_ids::text || '|' || tag_ids::text || '|' || label_ids::text FROM readmodel.label_offers ORDER BY id`,
		`SELECT 'coverage ' || l.name || '|' || o.name || '|' || c.by_hand || '|' || c.by_filter || '|' || c.by_organization FROM readmodel.label_coverage c
			JOIN readmodel.labels l ON l.id = c.label_id JOIN readmodel.label_offers o ON o.id = c.offer_id ORDER BY l.name, o.name`,
		`SELECT 'filters ' || application_id || '|' || category_ids::text || '|' || label_ids::text || '|' || version FROM readmodel.application_filters ORDER BY application_id`,
		`SELECT 'application ' || application_id || '|' || coalesce(parent_id::text, '') FROM readmodel.taxonomy_applications ORDER BY application_id`,
	} {
		rows, err := env.DB.Query(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(&b, line)
		}
		rows.Close()
	}
	return b.String()
}
