package bench

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/catalog"
	"move/domain/organization"
	"move/domain/product"
	"move/domain/series"
	"move/eventstore"
	"move/eventstore/eventstoretest"
)

// bookingWorld is walletEnv's application and customers with an organisation and a
// free activity with a waiting list.
func bookingWorld(b *testing.B, customers int, typ string) (w walletEnv, organizationID, activityID string) {
	w = newWalletEnv(b, customers)
	organizationID, activityID = bookableActivity(b, w, typ)
	return w, organizationID, activityID
}

// bookableActivity gives w an approved organisation and a free activity of typ with a
// waiting list, and answers their ids.
func bookableActivity(b *testing.B, w walletEnv, typ string) (organizationID, activityID string) {
	ctx := context.Background()
	org, err := w.env.App.CreateOrganization(ctx, w.meta, organization.Profile{Name: "Studio"})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := w.env.App.ApproveOrganization(ctx, w.meta, org.ID); err != nil { // customers book only what the offer shows
		b.Fatal(err)
	}
	act, err := w.env.App.CreateActivity(ctx, w.meta, org.ID, typ, activity.Details{Name: "Yoga"}, activity.Settings{HasWaitlist: true})
	if err != nil {
		b.Fatal(err)
	}
	return org.ID, act.ID
}

// dailySessions gives the activity a daily series of two years (100 spots a session)
// and answers it and its sessions' ids, for bookings on distinct sessions.
func dailySessions(b *testing.B, w walletEnv, activityID string) (seriesID string, sessions []string) {
	first := time.Now().AddDate(0, 0, 1)
	daily := series.Schedule{Session: series.Session{Date: first.Format(time.DateOnly), StartTime: "19:00", EndTime: "20:00", Spots: 100},
		Repetition: &series.Repetition{Type: series.Weeks, Every: 1, Until: first.AddDate(2, 0, 0).Format(time.DateOnly), Days: series.Days}}
	res, err := w.env.App.CreateSeries(context.Background(), w.meta, activityID, "Europe/Amsterdam", daily)
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range series.RuleDates(daily) {
		sessions = append(sessions, series.SessionID(res.ID, d))
	}
	return res.ID, sessions
}

func person(i int) booking.Participant {
	return booking.Participant{FirstName: "Klant", LastName: fmt.Sprintf("Nummer %d", i), Email: fmt.Sprintf("klant%d@bench.test", i)}
}

// BenchmarkBookings: customers booking distinct sessions (a daily series of ~700) at
// 1, 8 and 32 clients, beside one-event appends to new streams at the same
// concurrency, the two sides interleaved (interleaved). A booking loads the series, the activity, the customer
// and the session's stream, then appends one event at the session's version.
//
// Each side starts once every read model has applied the other's events: the read
// side's work for a round's bookings, still under way when the round ends, would
// otherwise land in the appends' round and slow it.
func BenchmarkBookings(b *testing.B) {
	w, _, act := bookingWorld(b, 320, activity.TypeSession)
	bookingsBesideAppends(b, w, act, true)
}

// BenchmarkBookingsCommandPath is BenchmarkBookings with no projector running: what a
// booking's own work (its decision and its one round trip) costs against an append,
// apart from the read side's work for its event on the same two cores (decision 1980).
func BenchmarkBookingsCommandPath(b *testing.B) {
	w := walletWorld(b, 320, false)
	_, act := bookableActivity(b, w, activity.TypeSession)
	bookingsBesideAppends(b, w, act, false)
}

// bookingsBesideAppends runs the bookings against appends of BenchmarkBookings on w's
// activity act; with readModels, each side starts and ends on a read side at rest.
// Beside the rates it reports the CPU each operation cost the benchmark's process and
// the database's backends, the read side's work for it included: CPU time measures the
// work where the shared host's wall time also measures its run queue.
func bookingsBesideAppends(b *testing.B, w walletEnv, act string, readModels bool) {
	ctx := context.Background()
	seriesID, sessions := dailySessions(b, w, act)
	// 200 bookings a round, a third of a second at one client, let one stall of the
	// shared host swing a round's ratio from 0.36 to 0.56.
	const perRound = 600
	atRest := func() {
		if readModels {
			readSideAt(b, w.env, logEnd(b, w.env))
		}
	}
	// measured runs one side's round from a read side at rest until the read side has
	// applied what the round wrote, and keeps the CPU of an operation in cpu.
	measured := func(cpu *[]cpuPerOp, round func() float64) float64 {
		atRest()
		g0, p0 := cpuSpent(b, w.env.DB)
		rate := round()
		atRest()
		g1, p1 := cpuSpent(b, w.env.DB)
		*cpu = append(*cpu, cpuPerOp{Go: (g1 - g0) / perRound, Postgres: (p1 - p0) / perRound})
		return rate
	}
	booked := 0
	for _, clients := range []int{1, 8, 32} {
		var latencies []time.Duration
		var bookingCPU, appendCPU []cpuPerOp
		name := fmt.Sprintf("bookings on distinct sessions, clients=%d", clients)
		if !readModels {
			name += ", no read model running"
		}
		r := interleaved(b, name+": bookings/s against one-event appends/s", func() float64 {
			return measured(&bookingCPU, func() float64 {
				offset := booked
				round := make([]time.Duration, perRound)
				rate := hammer(clients, perRound, func(i int) error {
					n := offset + i - 1
					// Each customer books a session once: session n mod the series, customer by round.
					ref := commands.SessionRef{SeriesID: seriesID, SessionID: sessions[n%len(sessions)], ActivityID: act}
					start := time.Now()
					_, err := w.env.App.BookSession(ctx, w.meta, commands.Booking{Session: ref, CustomerID: w.customers[(n/len(sessions))%len(w.customers)],
						Participant: person(n)})
					round[i-1] = time.Since(start)
					return err
				})
				booked += perRound
				latencies = append(latencies, round...)
				return rate
			})
		}, func() float64 {
			return measured(&appendCPU, func() float64 {
				return hammer(clients, perRound, func(i int) error {
					_, err := w.env.Store.Append(ctx, "bench-"+uuid.NewString(), eventstore.NoStream, eventstoretest.Event("bench.appended.v1", i))
					return err
				})
			})
		})
		sortDurations(latencies)
		bookingCost, appendCost := medianCPU(bookingCPU), medianCPU(appendCPU)
		b.Logf("%s: p50 %s, p99 %s; CPU a booking %s, an append %s (medians of the rounds)", name,
			percentile(latencies, 0.5).Round(time.Microsecond), percentile(latencies, 0.99).Round(time.Microsecond), bookingCost, appendCost)
		b.ReportMetric(r.A, fmt.Sprintf("bookings/s@%d", clients))
		b.ReportMetric(r.Median, fmt.Sprintf("ratio@%d", clients))
		b.ReportMetric(float64((bookingCost.Go + bookingCost.Postgres).Microseconds()), fmt.Sprintf("cpu-µs/booking@%d", clients))
		b.ReportMetric(float64((appendCost.Go + appendCost.Postgres).Microseconds()), fmt.Sprintf("cpu-µs/append@%d", clients))
	}
}

// contend runs book once per client, all released at the same moment, and answers the
// time until every one was answered and each answer's latency, sorted.
func contend(b *testing.B, clients int, book func(i int) (string, error)) (time.Duration, []time.Duration, map[string]int) {
	latencies := make([]time.Duration, clients)
	statuses := make([]string, clients)
	release := make(chan struct{})
	var wg sync.WaitGroup
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-release
			start := time.Now()
			status, err := book(i)
			latencies[i] = time.Since(start)
			if err != nil {
				status = err.Error()
			}
			statuses[i] = status
		}()
	}
	start := time.Now()
	close(release)
	wg.Wait()
	all := time.Since(start)
	counts := map[string]int{}
	for _, s := range statuses {
		counts[s]++
	}
	sortDurations(latencies)
	return all, latencies, counts
}

// BenchmarkBookingsContended: 200 customers booking one session of 20 spots (one
// bundle of 20 spots, buying one product of 20) at the same moment: the time until
// every one is answered, measured from the release of the crowd (decision 1340).
//
//	make bench-bookings
func BenchmarkBookingsContended(b *testing.B) {
	const clients = 200
	w, org, act := bookingWorld(b, clients, activity.TypeSession)
	ctx := context.Background()
	day := time.Now().AddDate(0, 0, 7).Format(time.DateOnly)
	res, err := w.env.App.CreateSeries(ctx, w.meta, act, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: day, StartTime: "19:00", EndTime: "20:00", Spots: 20}})
	if err != nil {
		b.Fatal(err)
	}
	report := func(what string, all time.Duration, latencies []time.Duration, counts map[string]int) {
		b.Logf("%s, 20 spots, %d clients at once: every one answered after %s (p50 %s, p99 %s); outcomes %v; load average %s",
			what, clients, all.Round(time.Millisecond), percentile(latencies, 0.5).Round(time.Millisecond),
			percentile(latencies, 0.99).Round(time.Millisecond), counts, loadAverage())
		b.ReportMetric(float64(all.Milliseconds()), "ms-all-answered-"+strings.ReplaceAll(what, " ", "-"))
	}
	idle := residentMemory()
	ref := commands.SessionRef{SeriesID: res.ID, SessionID: series.SessionID(res.ID, day)}
	var peak atomic.Int64
	stop := sampleResidentMemory(&peak)
	all, latencies, counts := contend(b, clients, func(i int) (string, error) {
		r, err := w.env.App.BookSession(ctx, w.meta, commands.Booking{Session: ref, CustomerID: w.customers[i], Participant: person(i)})
		return r.Status, err
	})
	stop()
	report("one session", all, latencies, counts)
	b.Logf("resident memory of the benchmark's process (app, store and projectors in one process): %.0f MB idle, at most %.0f MB under the crowd",
		float64(idle)/1e6, float64(peak.Load())/1e6)

	bundleAct, err := w.env.App.CreateActivity(ctx, w.meta, org, activity.TypeBundle, activity.Details{Name: "Cursus"},
		activity.Settings{HasWaitlist: true})
	if err != nil {
		b.Fatal(err)
	}
	bun, err := w.env.App.CreateBundle(ctx, w.meta, bundleAct.ID, bundle.Fields{Name: "Voorjaar", Spots: 20, StartDate: day})
	if err != nil {
		b.Fatal(err)
	}
	all, latencies, counts = contend(b, clients, func(i int) (string, error) {
		r, err := w.env.App.BookBundle(ctx, w.meta, commands.BundleBooking{BundleID: bun.ID, CustomerID: w.customers[i], Participant: person(i)})
		return r.Status, err
	})
	report("one bundle", all, latencies, counts)

	typ, err := w.env.App.CreateCatalogItem(ctx, commands.Meta{ActorID: "bench"}, catalog.ProductType, catalog.Fields{Name: "Shirt"})
	if err != nil {
		b.Fatal(err)
	}
	spots := 20
	shirt, err := w.env.App.CreateProduct(ctx, w.meta, org, product.Details{Name: "Clubshirt", ProductTypeID: typ.ID, PriceDisplayMode: "eur", Spots: &spots})
	if err != nil {
		b.Fatal(err)
	}
	all, latencies, counts = contend(b, clients, func(i int) (string, error) {
		r, err := w.env.App.BuyProduct(ctx, w.meta, commands.ProductPurchase{ProductID: shirt.ID, CustomerID: w.customers[i], Buyer: person(i)})
		return r.Status, err
	})
	report("one product", all, latencies, counts)
}

// residentMemory is this process's resident set (VmRSS), in bytes.
func residentMemory() int64 {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if kb, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")), 10, 64)
			return n * 1024
		}
	}
	return 0
}

// sampleResidentMemory keeps the highest resident set in peak every 10 ms until stopped.
func sampleResidentMemory(peak *atomic.Int64) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for {
			if rss := residentMemory(); rss > peak.Load() {
				peak.Store(rss)
			}
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}
