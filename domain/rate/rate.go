package rate

import (
	"github.com/google/uuid"

	"move/domain"
	"move/domain/names"
)

// Limits.
const (
	MaxNameLength = 100
	// MaxPriceCents is € 100,000: far above any session's price, low enough that a
	// mistyped price is caught.
	MaxPriceCents = 10_000_000
)

// Rate is one price of an organisation.
type Rate struct {
	ID             string
	ApplicationID  string
	OrganizationID string
	Exists         bool
	Deleted        bool
	Fields         Fields
}

// New is the rate with id, before its events are applied.
func New(id string) *Rate { return &Rate{ID: id} }

// Apply implements domain.Aggregate.
func (r *Rate) Apply(e domain.Event) {
	switch e := e.(type) {
	case Created:
		r.Exists, r.ApplicationID, r.OrganizationID, r.Fields = true, e.ApplicationID, e.OrganizationID, e.Fields
	case Updated:
		r.Fields = e.Fields
	case Deleted:
		r.Deleted = true
	}
}

// VisibleIn tells whether the rate exists in the application: another application's
// rate is not found, like one that never existed.
func (r *Rate) VisibleIn(applicationID string) bool {
	return r.Exists && !r.Deleted && r.ApplicationID == applicationID
}

func (r *Rate) mustBeIn(applicationID string) error {
	if !r.VisibleIn(applicationID) {
		return &domain.NotFoundError{Kind: "rate", ID: r.ID}
	}
	return nil
}

// Create decides a new rate of the organisation. The caller checks that the
// organisation and the cancellation term exist in the application.
func (r *Rate) Create(applicationID, organizationID string, f Fields) ([]domain.Event, error) {
	if r.Exists {
		return nil, &domain.ConflictError{Key: "rate.exists"}
	}
	f, err := CleanFields(f)
	if err != nil {
		return nil, err
	}
	return []domain.Event{Created{ApplicationID: applicationID, OrganizationID: organizationID, Fields: f}}, nil
}

// Update decides new values; unchanged values decide nothing.
func (r *Rate) Update(applicationID string, f Fields) ([]domain.Event, error) {
	if err := r.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	f, err := CleanFields(f)
	if err != nil {
		return nil, err
	}
	if f.Name == r.Fields.Name && f.PriceCents == r.Fields.PriceCents && f.VATTier == r.Fields.VATTier &&
		eqID(f.CancellationTermID, r.Fields.CancellationTermID) {
		return nil, nil
	}
	return []domain.Event{Updated{Fields: f}}, nil
}

// Delete decides the rate's removal. The caller refuses a rate that offers use.
func (r *Rate) Delete(applicationID string) ([]domain.Event, error) {
	if err := r.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{Deleted{}}, nil
}

// CleanFields validates a rate's fields.
func CleanFields(f Fields) (Fields, error) {
	var v domain.ValidationError
	f.Name = names.Required(&v, "name", f.Name, MaxNameLength)
	if f.PriceCents < 0 || f.PriceCents > MaxPriceCents {
		v.Add("price_cents", "rate.price_range", map[string]any{"max": MaxPriceCents / 100})
	}
	if _, ok := VATPercent[f.VATTier]; !ok {
		v.Add("vat_tier", "rate.vat_tier", nil)
	}
	if f.CancellationTermID != nil {
		if *f.CancellationTermID == "" {
			f.CancellationTermID = nil
		} else if id, err := uuid.Parse(*f.CancellationTermID); err != nil {
			v.Add("cancellation_term_id", "validation.invalid", nil)
		} else {
			canonical := id.String()
			f.CancellationTermID = &canonical
		}
	}
	return f, v.OrNil()
}

func eqID(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
