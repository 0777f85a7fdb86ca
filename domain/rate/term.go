package rate

import (
	"slices"
	"strconv"

	"move/domain"
	"move/domain/names"
)

// Limits of a cancellation term.
const (
	MaxPeriods = 20
	// MaxMinutes is a year before the session.
	MaxMinutes = 366 * 24 * 60
)

// Term is one cancellation term of an organisation.
type Term struct {
	ID             string
	ApplicationID  string
	OrganizationID string
	Exists         bool
	Deleted        bool
	Fields         TermFields
}

// NewTerm is the term with id, before its events are applied.
func NewTerm(id string) *Term { return &Term{ID: id} }

// Apply implements domain.Aggregate.
func (t *Term) Apply(e domain.Event) {
	switch e := e.(type) {
	case TermCreated:
		t.Exists, t.ApplicationID, t.OrganizationID, t.Fields = true, e.ApplicationID, e.OrganizationID, e.TermFields
	case TermUpdated:
		t.Fields = e.TermFields
	case TermDeleted:
		t.Deleted = true
	}
}

// VisibleIn tells whether the term exists in the application.
func (t *Term) VisibleIn(applicationID string) bool {
	return t.Exists && !t.Deleted && t.ApplicationID == applicationID
}

func (t *Term) mustBeIn(applicationID string) error {
	if !t.VisibleIn(applicationID) {
		return &domain.NotFoundError{Kind: "cancellation_term", ID: t.ID}
	}
	return nil
}

// Create decides a new term of the organisation.
func (t *Term) Create(applicationID, organizationID string, f TermFields) ([]domain.Event, error) {
	if t.Exists {
		return nil, &domain.ConflictError{Key: "cancellation_term.exists"}
	}
	f, err := CleanTerm(f)
	if err != nil {
		return nil, err
	}
	return []domain.Event{TermCreated{ApplicationID: applicationID, OrganizationID: organizationID, TermFields: f}}, nil
}

// Update decides new values; unchanged values decide nothing. Bookings keep the
// refund rules they were made under (the booking copies them).
func (t *Term) Update(applicationID string, f TermFields) ([]domain.Event, error) {
	if err := t.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	f, err := CleanTerm(f)
	if err != nil {
		return nil, err
	}
	if f.Name == t.Fields.Name && slices.EqualFunc(f.Periods, t.Fields.Periods, samePeriod) {
		return nil, nil
	}
	return []domain.Event{TermUpdated{TermFields: f}}, nil
}

// Delete decides the term's removal. The caller refuses a term a rate names.
func (t *Term) Delete(applicationID string) ([]domain.Event, error) {
	if err := t.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{TermDeleted{}}, nil
}

// CleanTerm validates a term: its name and its periods (spec section 5), each failure
// with its own message under periods.<i>.<field> (or periods).
func CleanTerm(f TermFields) (TermFields, error) {
	var v domain.ValidationError
	f.Name = names.Required(&v, "name", f.Name, MaxNameLength)
	checkPeriods(&v, f.Periods)
	return f, v.OrNil()
}

// checkPeriods: at least one period; the first starts at booking (no from) and the
// last ends at the session's start (no until); with several, the first needs an until
// and the last a from, middle periods both, each starting before it ends (from above
// until, in minutes before the session), and each period starts where the one before
// it ends, so every moment between booking and session has exactly one refund.
func checkPeriods(v *domain.ValidationError, periods []Period) {
	n := len(periods)
	switch {
	case n == 0:
		v.Add("periods", "cancellation.periods_required", nil)
		return
	case n > MaxPeriods:
		v.Add("periods", "cancellation.too_many_periods", map[string]any{"max": MaxPeriods})
		return
	}
	for i, p := range periods {
		at := "periods." + strconv.Itoa(i) + "."
		number := map[string]any{"number": i + 1}
		first, last := i == 0, i == n-1
		if p.RefundPercent < 0 || p.RefundPercent > 100 {
			v.Add(at+"refund_percent", "cancellation.refund_range", number)
		}
		for field, m := range map[string]*int{"from_minutes": p.FromMinutes, "until_minutes": p.UntilMinutes} {
			if m != nil && (*m < 0 || *m > MaxMinutes) {
				v.Add(at+field, "cancellation.minutes_range", map[string]any{"number": i + 1, "max": MaxMinutes})
			}
		}
		switch {
		case first && p.FromMinutes != nil:
			v.Add(at+"from_minutes", "cancellation.first_has_from", nil)
		case !first && p.FromMinutes == nil && last:
			v.Add(at+"from_minutes", "cancellation.last_needs_from", nil)
		case !first && p.FromMinutes == nil:
			v.Add(at+"from_minutes", "cancellation.middle_needs_from", number)
		}
		switch {
		case last && p.UntilMinutes != nil:
			v.Add(at+"until_minutes", "cancellation.last_has_until", nil)
		case !last && p.UntilMinutes == nil && first:
			v.Add(at+"until_minutes", "cancellation.first_needs_until", nil)
		case !last && p.UntilMinutes == nil:
			v.Add(at+"until_minutes", "cancellation.middle_needs_until", number)
		}
		if !first && !last && p.FromMinutes != nil && p.UntilMinutes != nil && *p.UntilMinutes >= *p.FromMinutes {
			v.Add(at+"until_minutes", "cancellation.period_order", number)
		}
		if !first && p.FromMinutes != nil && periods[i-1].UntilMinutes != nil && *p.FromMinutes != *periods[i-1].UntilMinutes {
			v.Add(at+"from_minutes", "cancellation.periods_not_adjacent", number)
		}
	}
}

// RefundPercent answers the refund for a cancellation minutesBefore the session
// starts: the percentage of the period it falls in. A period includes its from and
// excludes its until, so at exactly 24 hours before the later period applies.
func (f TermFields) RefundPercent(minutesBefore int) int {
	for _, p := range f.Periods {
		if p.UntilMinutes == nil || minutesBefore > *p.UntilMinutes {
			if p.FromMinutes == nil || minutesBefore <= *p.FromMinutes {
				return p.RefundPercent
			}
		}
	}
	return 0
}

func samePeriod(a, b Period) bool {
	return eqInt(a.FromMinutes, b.FromMinutes) && eqInt(a.UntilMinutes, b.UntilMinutes) && a.RefundPercent == b.RefundPercent
}

func eqInt(a, b *int) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
