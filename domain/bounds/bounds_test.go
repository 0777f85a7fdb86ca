package bounds_test

import (
	"testing"
	"time"

	"move/domain"
	"move/domain/bounds"
)

func TestWindowAndBirthDates(t *testing.T) {
	now := time.Date(2026, 11, 26, 23, 30, 0, 0, time.UTC)
	first, last := bounds.Window(now)
	if first.Format(time.DateOnly) != "2021-11-26" || last.Format(time.DateOnly) != "2036-11-26" {
		t.Fatalf("window %s – %s", first, last)
	}
	for _, tc := range []struct {
		check func(*domain.ValidationError)
		ok    bool
	}{
		{func(v *domain.ValidationError) { bounds.Date(v, "d", first, now) }, true},
		{func(v *domain.ValidationError) { bounds.Date(v, "d", first.AddDate(0, 0, -1), now) }, false},
		{func(v *domain.ValidationError) { bounds.Date(v, "d", last, now) }, true},
		{func(v *domain.ValidationError) { bounds.Date(v, "d", last.AddDate(0, 0, 1), now) }, false},
		{func(v *domain.ValidationError) { bounds.Instant(v, "d", last.Add(24*time.Hour-time.Second), now) }, true},
		{func(v *domain.ValidationError) { bounds.Instant(v, "d", last.Add(24*time.Hour), now) }, false},
		{func(v *domain.ValidationError) { bounds.BirthDate(v, "d", bounds.Earliest, now) }, true},
		{func(v *domain.ValidationError) { bounds.BirthDate(v, "d", bounds.Earliest.AddDate(0, 0, -1), now) }, false},
		{func(v *domain.ValidationError) { bounds.BirthDate(v, "d", now.AddDate(0, 0, 1), now) }, true}, // already tomorrow east of UTC
		{func(v *domain.ValidationError) { bounds.BirthDate(v, "d", now.AddDate(0, 0, 2), now) }, false},
	} {
		var v domain.ValidationError
		tc.check(&v)
		if (v.OrNil() == nil) != tc.ok {
			t.Errorf("case %+v: %v", tc, v.OrNil())
		}
		if !tc.ok && (v.Fields[0].Key != "validation.between" || v.Fields[0].Params["min"] == nil) {
			t.Errorf("refusal %+v", v.Fields)
		}
	}
}

func TestMendMovesOnlyWhatNoReadModelHolds(t *testing.T) {
	for in, want := range map[string]string{"0000-01-01": "1900-01-01", "1899-12-31": "1900-01-01", "1900-01-01": "1900-01-01",
		"9999-12-31": "9999-12-31", "not a date": "not a date"} {
		s := in
		if changed := bounds.MendDate(&s); s != want || changed != (in != want) {
			t.Errorf("%s: %s %v", in, s, changed)
		}
	}
	year0 := time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC)
	if !bounds.MendInstant(&year0) || !year0.Equal(bounds.Earliest) || bounds.MendInstant(nil) {
		t.Errorf("instant: %s", year0)
	}
}
