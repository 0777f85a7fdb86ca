package bench

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/taxonomy"
	"move/internal/testenv"
	"move/projections"
	rmtaxonomy "move/projections/taxonomy"
)

// offerCount is the size of the offer the label benchmarks evaluate filters over.
const offerCount = 100_000

// BenchmarkLabelFilter: how long until a changed label filter is reflected in the read
// model, over 100,000 activities of one application: from the command to the
// coverage rows being readable (the projector re-evaluates the label set-wise). The
// activities' facts are generated straight into the projector's table (100,000
// activity events would measure the log, not the filter). "one category" covers a
// tenth of the offer, "every session" all of it.
func BenchmarkLabelFilter(b *testing.B) {
	env := testenv.New(b)
	runner := env.Runner(b, rmtaxonomy.Projector())
	env.RunProjections(b, runner)
	// A new projector builds its tables on its first start: the generated facts must
	// land in the tables it keeps after that.
	env.Rebuild(b, runner)
	ctx := context.Background()
	meta := commands.Meta{ApplicationID: uuid.NewString(), ActorID: "bench"}
	label, err := env.App.CreateLabel(ctx, meta, "Sportpas")
	if err != nil {
		b.Fatal(err)
	}
	wait, cancel := context.WithTimeout(ctx, time.Minute)
	err = projections.WaitFor(wait, env.DB, []string{rmtaxonomy.Name}, label.Position)
	cancel()
	if err != nil {
		b.Fatal(err)
	}
	categories := make([]string, 10)
	for i := range categories {
		categories[i] = uuid.NewString()
	}
	if _, err := env.DB.Exec(ctx, `
		INSERT INTO readmodel.label_offers (id, offer_type, application_id, organization_id, name, name_key, type, level, category_ids)
		SELECT gen_random_uuid(), 'activity', $1, ('00000000-0000-4000-8000-' || lpad((i % 50)::text, 12, '0'))::uuid,
		       'Activity ' || i, 'activity ' || i, 'session', (ARRAY['beginner', 'intermediate', 'advanced'])[1 + i % 3],
		       ARRAY[($2::uuid[])[1 + i % 10]]
		  FROM generate_series(1, $3) AS i`, meta.ApplicationID, categories, offerCount); err != nil {
		b.Fatal(err)
	}
	if _, err := env.DB.Exec(ctx, `ANALYZE readmodel.label_offers`); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		filter func(i int) taxonomy.ActivityFilter
		want   int
	}{
		{"one category", func(i int) taxonomy.ActivityFilter {
			return taxonomy.ActivityFilter{CategoryIDs: []string{categories[i%len(categories)]}}
		}, offerCount / 10},
		{"every session", func(i int) taxonomy.ActivityFilter {
			return taxonomy.ActivityFilter{Types: []string{"session"}, Levels: []string{"beginner", "intermediate", "advanced"}[:1+i%2*2]}
		}, 0},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				res, err := env.App.SetLabelActivityFilter(ctx, meta, label.ID, nil, c.filter(i))
				if err != nil {
					b.Fatal(err)
				}
				wait, cancel := context.WithTimeout(ctx, time.Minute)
				err = projections.WaitFor(wait, env.DB, []string{rmtaxonomy.Name}, res.Position)
				cancel()
				if err != nil {
					b.Fatal(err)
				}
			}
			var covered int
			if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM readmodel.label_coverage WHERE label_id = $1`, label.ID).Scan(&covered); err != nil {
				b.Fatal(err)
			}
			if c.want > 0 && covered != c.want {
				b.Fatalf("the label covers %d offers, want %d", covered, c.want)
			}
			b.ReportMetric(float64(covered), "offers_covered")
		})
	}
	// The organisation filter (decision 0614): ten of the fifty organisations, alternately
	// the first ten and the next ten, so every change rewrites what the label covers.
	clubs, err := env.App.CreateLabel(ctx, meta, "Clubpas")
	if err != nil {
		b.Fatal(err)
	}
	organizations := func(i int) []string {
		out := make([]string, 10)
		for k := range out {
			out[k] = fmt.Sprintf("00000000-0000-4000-8000-%012d", i%2*10+k)
		}
		return out
	}
	b.Run("ten organisations", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			res, err := env.App.SetLabelOrganizationFilter(ctx, meta, clubs.ID, nil, taxonomy.OrganizationFilter{OrganizationIDs: organizations(i)})
			if err != nil {
				b.Fatal(err)
			}
			wait, cancel := context.WithTimeout(ctx, time.Minute)
			err = projections.WaitFor(wait, env.DB, []string{rmtaxonomy.Name}, res.Position)
			cancel()
			if err != nil {
				b.Fatal(err)
			}
		}
		var covered int
		if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM readmodel.label_coverage WHERE label_id = $1 AND by_organization`, clubs.ID).Scan(&covered); err != nil {
			b.Fatal(err)
		}
		if covered != offerCount/5 {
			b.Fatalf("the label covers %d offers by organisation, want %d", covered, offerCount/5)
		}
		b.ReportMetric(float64(covered), "offers_covered")
	})
}
