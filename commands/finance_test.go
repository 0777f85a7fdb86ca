package commands_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/finance"
	"move/eventstore"
	"move/internal/testenv"
)

// TestInvoiceNumbersHaveNoGapsUnderConcurrency closes months of several applications
// and credits invoices, all at once: every number of the year is taken by exactly one
// invoice or credit note, from 1 up, without a gap, and every taken range is used.
func TestInvoiceNumbersHaveNoGapsUnderConcurrency(t *testing.T) {
	ctx := context.Background()
	env := testenv.New(t)
	amsterdam, _ := time.LoadLocation("Europe/Amsterdam")
	months := []finance.Month{"2026-01", "2026-02", "2026-03"}
	apps := make([]string, 6)
	billed := map[string][]finance.Billed{}
	for i := range apps {
		apps[i] = uuid.NewString()
		for j := range 1 + i%3 {
			billed[apps[i]] = append(billed[apps[i]], finance.Billed{
				Customer: finance.Customer{OrganizationID: uuid.NewString(), Name: fmt.Sprintf("Club %d-%d", i, j)}, FeesCents: 0})
		}
	}
	// retry runs a command until it lands: the runner decides again on a lost race a
	// few times, and the caller retries with the same command id after that.
	retry := func(run func(commands.Meta) error, meta commands.Meta) {
		meta.CommandID = uuid.New()
		for attempt := 0; ; attempt++ {
			err := run(meta)
			if err == nil {
				return
			}
			if !eventstore.IsWrongExpectedVersion(err) || attempt > 50 {
				t.Error(err)
				return
			}
		}
	}
	// Each month's fees grow, so each month issues an invoice per organisation.
	var wg sync.WaitGroup
	for _, app := range apps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k, month := range months {
				b := slices.Clone(billed[app])
				for i := range b {
					b[i].FeesCents = int64(100 * (k + 1))
				}
				retry(func(m commands.Meta) error {
					_, err := env.App.CloseInvoiceMonth(ctx, m, month, amsterdam, finance.Issuer{Name: "Move"}, b)
					return err
				}, commands.Meta{ApplicationID: app})
			}
		}()
	}
	wg.Wait()
	// Credit every first invoice of every application at once.
	ledgers := map[string]*finance.InvoiceLedger{}
	for _, app := range apps {
		ledgers[app] = loadLedger(t, env, app)
	}
	for _, app := range apps {
		for id, inv := range ledgers[app].Invoices {
			if inv.Month != months[0] {
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				retry(func(m commands.Meta) error {
					_, err := env.App.CreditInvoice(ctx, m, id, "test")
					return err
				}, commands.Meta{ApplicationID: app})
			}()
		}
	}
	wg.Wait()

	year := finance.IssueYear(time.Now())
	var numbers []int64
	want := 0
	for _, app := range apps {
		l := loadLedger(t, env, app)
		for _, inv := range l.Invoices {
			if inv.Year != year || inv.Number != finance.InvoiceNumber(year, inv.Sequence) {
				t.Fatalf("invoice %+v", inv)
			}
			numbers = append(numbers, inv.Sequence)
		}
		want += len(billed[app])*len(months) + len(billed[app])
	}
	slices.Sort(numbers)
	if len(numbers) != want {
		t.Fatalf("%d invoices, want %d", len(numbers), want)
	}
	for i, n := range numbers {
		if n != int64(i+1) {
			t.Fatalf("number %d at place %d: a gap or a double (%v)", n, i+1, numbers)
		}
	}
	// The counter took exactly those numbers, range after range.
	counter := &finance.InvoiceNumbers{Year: year}
	events, err := env.Store.ReadStream(ctx, finance.InvoiceNumbersStream(year), eventstore.Forwards, 0, 10_000)
	if err != nil {
		t.Fatal(err)
	}
	for _, re := range events {
		e, err := env.Registry.Decode(re.Type, re.Data)
		if err != nil {
			t.Fatal(err)
		}
		taken := e.(finance.InvoiceNumbersTaken)
		if taken.From != counter.Last+1 || taken.To < taken.From {
			t.Fatalf("range %+v after %d", taken, counter.Last)
		}
		counter.Apply(taken)
	}
	if counter.Last != int64(want) {
		t.Fatalf("counter at %d, want %d", counter.Last, want)
	}
}

func loadLedger(t *testing.T, env *testenv.Env, app string) *finance.InvoiceLedger {
	t.Helper()
	l := finance.NewInvoiceLedger(app)
	events, err := env.Store.ReadStream(context.Background(), finance.InvoiceLedgerStream(app), eventstore.Forwards, 0, 10_000)
	if err != nil {
		t.Fatal(err)
	}
	for _, re := range events {
		e, err := env.Registry.Decode(re.Type, re.Data)
		if err != nil {
			t.Fatal(err)
		}
		l.Apply(e)
	}
	return l
}
