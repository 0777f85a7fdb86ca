package activities_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/domain/bundle"
	"move/domain/series"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	rmactivities "move/projections/activities"
	rmbundles "move/projections/bundles"
)

// Events accepted before the calendar window (decision 1320) may hold year 0, which no
// read model holds: appended raw, as the old code wrote them, they are read through
// the repairs (1 January 1900) and projected; the projectors go on with what follows.
func TestYearZeroEventsInTheLogAreProjectedRepaired(t *testing.T) {
	env := testenv.New(t)
	env.RunProjections(t, env.Runner(t, rmactivities.Projector(), rmbundles.Projector()))
	ctx := context.Background()
	app, org, act := uuid.NewString(), uuid.NewString(), uuid.NewString()
	meta := eventstore.Metadata{ApplicationID: app, ActorID: "test"}
	appendRaw := func(stream, typ, data string) eventstore.Position {
		t.Helper()
		res, err := env.Store.Append(ctx, stream, eventstore.NoStream,
			eventstore.EventData{ID: uuid.New(), Type: typ, Data: json.RawMessage(data), Metadata: meta})
		if err != nil {
			t.Fatal(err)
		}
		return res.Position
	}
	created := func(date, until, from string) string {
		return `{"application_id":"` + app + `","organization_id":"` + org + `","activity_id":"` + act + `","time_zone":"Europe/Amsterdam",
			"schedule":{"date":"` + date + `","start_time":"10:00","end_time":"11:00","spots":5,
			"subscribe_from":{"at":"` + from + `"},"subscribe_until":{"minutes_before":0},
			"repetition":{"type":"years","every":1,"until":"` + until + `"}}}`
	}
	broken, sound, bundleID := uuid.NewString(), uuid.NewString(), uuid.NewString()
	appendRaw(series.Stream(broken), "series.created.v1", created("0000-01-01", "0002-01-01", "0000-01-01T00:00:00Z"))
	appendRaw(bundle.Stream(bundleID), "bundle.created.v1", `{"application_id":"`+app+`","organization_id":"`+org+
		`","activity_id":"`+act+`","name":"Ten weeks","spots":3,"start_date":"0000-01-01","price_cents":0}`)
	last := appendRaw(series.Stream(sound), "series.created.v1", created("2027-03-01", "2027-03-01", "2027-02-01T00:00:00Z"))

	wait, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := projections.WaitFor(wait, env.DB, []string{rmactivities.Name, rmbundles.Name}, last); err != nil {
		statuses, _ := projections.ReadStatuses(ctx, env.DB)
		t.Fatalf("the projectors did not pass the events: %v; %+v", err, statuses)
	}
	var dates []string
	rows, err := env.DB.Query(ctx, `SELECT date::text || ' ' || to_char(subscribe_from AT TIME ZONE 'UTC', 'YYYY-MM-DD')
		FROM readmodel.sessions WHERE series_id = ANY($1) ORDER BY date`, []string{broken, sound})
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var d string
		if err := rows.Scan(&d); err != nil {
			t.Fatal(err)
		}
		dates = append(dates, d)
	}
	if len(dates) != 2 || dates[0] != "1900-01-01 1900-01-01" || dates[1] != "2027-03-01 2027-02-01" {
		t.Fatalf("sessions (date, subscribe from): %v", dates)
	}
	var start string
	if err := env.DB.QueryRow(ctx, `SELECT start_date::text FROM readmodel.bundles WHERE id = $1`, bundleID).Scan(&start); err != nil || start != "1900-01-01" {
		t.Fatalf("the bundle's start: %q %v", start, err)
	}
	// The aggregate reads it repaired as well: its one session is in the past.
	s := series.New(broken)
	events, err := env.Store.ReadStream(ctx, series.Stream(broken), eventstore.Forwards, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, re := range events {
		e, err := env.Registry.Decode(re.Type, re.Data)
		if err != nil {
			t.Fatal(err)
		}
		s.Apply(e)
	}
	if o := s.Occurrences(); len(o) != 1 || o[0].Session.Date != "1900-01-01" {
		t.Fatalf("the series as commands see it: %+v", o)
	}
}
