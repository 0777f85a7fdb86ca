package rate_test

import (
	"errors"
	"reflect"
	"testing"

	"move/domain"
	"move/domain/rate"
)

func ptr[T any](v T) *T { return &v }

const app, org = "app-a", "org-1"

func period(from, until *int, refund int) rate.Period {
	return rate.Period{FromMinutes: from, UntilMinutes: until, RefundPercent: refund}
}

// fieldKeys is every field problem of err, as field → message key.
func fieldKeys(t *testing.T, err error) map[string]string {
	t.Helper()
	var v *domain.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("want a validation error, got %v", err)
	}
	out := map[string]string{}
	for _, f := range v.Fields {
		out[f.Field] = f.Key
	}
	return out
}

// TestCancellationPeriods checks the rules of spec section 5 one by one: each failure
// has its own message key, on its own field.
func TestCancellationPeriods(t *testing.T) {
	cases := []struct {
		name    string
		periods []rate.Period
		want    map[string]string // nil: valid
	}{
		{name: "one period from booking to the session", periods: []rate.Period{period(nil, nil, 100)}},
		{name: "three periods", periods: []rate.Period{period(nil, ptr(2880), 100), period(ptr(2880), ptr(1440), 50), period(ptr(1440), nil, 0)}},
		{name: "two periods", periods: []rate.Period{period(nil, ptr(60), 100), period(ptr(60), nil, 0)}},
		{name: "no period", periods: nil,
			want: map[string]string{"periods": "cancellation.periods_required"}},
		{name: "the first has a from", periods: []rate.Period{period(ptr(10), nil, 100)},
			want: map[string]string{"periods.0.from_minutes": "cancellation.first_has_from"}},
		{name: "the last has an until", periods: []rate.Period{period(nil, ptr(10), 100)},
			want: map[string]string{"periods.0.until_minutes": "cancellation.last_has_until"}},
		{name: "the first of several needs an until", periods: []rate.Period{period(nil, nil, 100), period(ptr(60), nil, 0)},
			want: map[string]string{"periods.0.until_minutes": "cancellation.first_needs_until"}},
		{name: "the last of several needs a from", periods: []rate.Period{period(nil, ptr(60), 100), period(nil, nil, 0)},
			want: map[string]string{"periods.1.from_minutes": "cancellation.last_needs_from"}},
		{name: "a middle period needs a from", periods: []rate.Period{period(nil, ptr(2880), 100), period(nil, ptr(1440), 50), period(ptr(1440), nil, 0)},
			want: map[string]string{"periods.1.from_minutes": "cancellation.middle_needs_from"}},
		{name: "a middle period needs an until", periods: []rate.Period{period(nil, ptr(2880), 100), period(ptr(2880), nil, 50), period(ptr(1440), nil, 0)},
			want: map[string]string{"periods.1.until_minutes": "cancellation.middle_needs_until"}},
		{name: "a middle period starts before it ends", periods: []rate.Period{period(nil, ptr(1440), 100), period(ptr(1440), ptr(2880), 50), period(ptr(2880), nil, 0)},
			want: map[string]string{"periods.1.until_minutes": "cancellation.period_order"}},
		{name: "a middle period of no length", periods: []rate.Period{period(nil, ptr(1440), 100), period(ptr(1440), ptr(1440), 50), period(ptr(1440), nil, 0)},
			want: map[string]string{"periods.1.until_minutes": "cancellation.period_order"}},
		{name: "a gap between periods", periods: []rate.Period{period(nil, ptr(2880), 100), period(ptr(1440), nil, 0)},
			want: map[string]string{"periods.1.from_minutes": "cancellation.periods_not_adjacent"}},
		{name: "a refund above 100 %", periods: []rate.Period{period(nil, nil, 101)},
			want: map[string]string{"periods.0.refund_percent": "cancellation.refund_range"}},
		{name: "a negative refund", periods: []rate.Period{period(nil, nil, -1)},
			want: map[string]string{"periods.0.refund_percent": "cancellation.refund_range"}},
		{name: "negative minutes", periods: []rate.Period{period(nil, ptr(-5), 100), period(ptr(-5), nil, 0)},
			want: map[string]string{"periods.0.until_minutes": "cancellation.minutes_range", "periods.1.from_minutes": "cancellation.minutes_range"}},
		{name: "too many periods", periods: make([]rate.Period, rate.MaxPeriods+1),
			want: map[string]string{"periods": "cancellation.too_many_periods"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := rate.CleanTerm(rate.TermFields{Name: "Standard", Periods: c.periods})
			if c.want == nil {
				if err != nil {
					t.Fatalf("valid periods refused: %v", err)
				}
				return
			}
			if got := fieldKeys(t, err); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestRefundPercentByPeriod(t *testing.T) {
	term := rate.TermFields{Periods: []rate.Period{period(nil, ptr(2880), 100), period(ptr(2880), ptr(1440), 50), period(ptr(1440), nil, 0)}}
	for minutes, want := range map[int]int{10000: 100, 2881: 100, 2880: 50, 1441: 50, 1440: 0, 0: 0} {
		if got := term.RefundPercent(minutes); got != want {
			t.Errorf("%d minutes before: %d %%, want %d %%", minutes, got, want)
		}
	}
}

func TestRateDecisions(t *testing.T) {
	ten := rate.Fields{Name: "Adult", PriceCents: 1000, VATTier: rate.VATLow}
	cases := []struct {
		name  string
		given []domain.Event
		when  func(*rate.Rate) ([]domain.Event, error)
		want  []domain.Event
		err   map[string]string
		other error
	}{
		{name: "create",
			when: func(r *rate.Rate) ([]domain.Event, error) {
				return r.Create(app, org, rate.Fields{Name: "  Adult ", PriceCents: 1000, VATTier: "low", CancellationTermID: ptr("")})
			},
			want: []domain.Event{rate.Created{ApplicationID: app, OrganizationID: org, Fields: ten}}},
		{name: "free is a price",
			when: func(r *rate.Rate) ([]domain.Event, error) {
				return r.Create(app, org, rate.Fields{Name: "Members", VATTier: "zero"})
			},
			want: []domain.Event{rate.Created{ApplicationID: app, OrganizationID: org, Fields: rate.Fields{Name: "Members", VATTier: "zero"}}}},
		{name: "a name, a price in range and a known VAT tier",
			when: func(r *rate.Rate) ([]domain.Event, error) {
				return r.Create(app, org, rate.Fields{PriceCents: -1, VATTier: "6", CancellationTermID: ptr("x")})
			},
			err: map[string]string{"name": "validation.required", "price_cents": "rate.price_range", "vat_tier": "rate.vat_tier", "cancellation_term_id": "validation.invalid"}},
		{name: "a price too high",
			when: func(r *rate.Rate) ([]domain.Event, error) {
				return r.Create(app, org, rate.Fields{Name: "x", PriceCents: rate.MaxPriceCents + 1, VATTier: "high"})
			},
			err: map[string]string{"price_cents": "rate.price_range"}},
		{name: "a new price", given: []domain.Event{rate.Created{ApplicationID: app, OrganizationID: org, Fields: ten}},
			when: func(r *rate.Rate) ([]domain.Event, error) {
				return r.Update(app, rate.Fields{Name: "Adult", PriceCents: 1200, VATTier: "low"})
			},
			want: []domain.Event{rate.Updated{Fields: rate.Fields{Name: "Adult", PriceCents: 1200, VATTier: "low"}}}},
		{name: "unchanged decides nothing", given: []domain.Event{rate.Created{ApplicationID: app, OrganizationID: org, Fields: ten}},
			when: func(r *rate.Rate) ([]domain.Event, error) { return r.Update(app, ten) }},
		{name: "another application's rate is not found", given: []domain.Event{rate.Created{ApplicationID: app, OrganizationID: org, Fields: ten}},
			when:  func(r *rate.Rate) ([]domain.Event, error) { return r.Update("app-b", ten) },
			other: &domain.NotFoundError{}},
		{name: "a deleted rate is not found", given: []domain.Event{rate.Created{ApplicationID: app, OrganizationID: org, Fields: ten}, rate.Deleted{}},
			when:  func(r *rate.Rate) ([]domain.Event, error) { return r.Delete(app) },
			other: &domain.NotFoundError{}},
		{name: "create twice", given: []domain.Event{rate.Created{ApplicationID: app, OrganizationID: org, Fields: ten}},
			when:  func(r *rate.Rate) ([]domain.Event, error) { return r.Create(app, org, ten) },
			other: &domain.ConflictError{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := rate.New("r1")
			for _, e := range c.given {
				r.Apply(e)
			}
			got, err := c.when(r)
			switch {
			case c.err != nil:
				if keys := fieldKeys(t, err); !reflect.DeepEqual(keys, c.err) {
					t.Fatalf("got %v, want %v", keys, c.err)
				}
			case c.other != nil:
				if err == nil || reflect.TypeOf(err) != reflect.TypeOf(c.other) {
					t.Fatalf("got %v, want %T", err, c.other)
				}
			case err != nil:
				t.Fatal(err)
			case !reflect.DeepEqual(got, c.want):
				t.Fatalf("got %#v, want %#v", got, c.want)
			}
		})
	}
}

func TestTermUpdateAndDelete(t *testing.T) {
	term := rate.NewTerm("t1")
	fields := rate.TermFields{Name: "Flexible", Periods: []rate.Period{period(nil, nil, 100)}}
	term.Apply(rate.TermCreated{ApplicationID: app, OrganizationID: org, TermFields: fields})
	if events, err := term.Update(app, fields); err != nil || events != nil {
		t.Fatalf("unchanged: %v %v", events, err)
	}
	events, err := term.Update(app, rate.TermFields{Name: "Strict", Periods: []rate.Period{period(nil, nil, 0)}})
	if err != nil || len(events) != 1 {
		t.Fatalf("update: %v %v", events, err)
	}
	if _, err := term.Update(app, rate.TermFields{Name: "Strict"}); fieldKeys(t, err)["periods"] != "cancellation.periods_required" {
		t.Fatalf("update without periods: %v", err)
	}
	if _, err := term.Delete("app-b"); !errors.As(err, new(*domain.NotFoundError)) {
		t.Fatalf("delete in another application: %v", err)
	}
	if events, err := term.Delete(app); err != nil || len(events) != 1 {
		t.Fatalf("delete: %v %v", events, err)
	}
}
