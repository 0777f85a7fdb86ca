package wallet

import (
	"reflect"
	"slices"
	"strings"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/names"
)

// Limits.
const (
	MaxNameLength = 100
	MaxLabels     = 100
)

// Wallet is one kind of moves of an application, with its top-up rules.
type Wallet struct {
	ID            string
	ApplicationID string
	Exists        bool
	Settings      Settings
}

// New is the wallet with id, before its events are applied.
func New(id string) *Wallet { return &Wallet{ID: id} }

// Apply implements domain.Aggregate.
func (w *Wallet) Apply(e domain.Event) {
	switch e := e.(type) {
	case Created:
		w.Exists, w.ApplicationID, w.Settings = true, e.ApplicationID, e.Settings
	case Updated:
		w.Settings = e.Settings
	}
}

// VisibleIn tells whether the wallet exists in the application: another
// application's wallet is not found, like one that never existed.
func (w *Wallet) VisibleIn(applicationID string) bool {
	return w.Exists && w.ApplicationID == applicationID
}

func (w *Wallet) mustBeIn(applicationID string) error {
	if !w.VisibleIn(applicationID) {
		return &domain.NotFoundError{Kind: "wallet", ID: w.ID}
	}
	return nil
}

// Create decides a new wallet; the caller reserves the slug.
func (w *Wallet) Create(applicationID string, s Settings) ([]domain.Event, error) {
	if w.Exists {
		return nil, &domain.ConflictError{Key: "wallet.exists"}
	}
	s, err := CleanSettings(s)
	if err != nil {
		return nil, err
	}
	return []domain.Event{Created{ApplicationID: applicationID, Settings: s}}, nil
}

// Update decides new settings; unchanged ones decide nothing. The caller reserves a
// new slug and releases the old one.
func (w *Wallet) Update(applicationID string, s Settings) ([]domain.Event, error) {
	if err := w.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	s, err := CleanSettings(s)
	if err != nil {
		return nil, err
	}
	if reflect.DeepEqual(s, w.Settings) {
		return nil, nil
	}
	return []domain.Event{Updated{s}}, nil
}

// CleanSettings trims and validates a wallet's settings; each failing field is named.
func CleanSettings(s Settings) (Settings, error) {
	var v domain.ValidationError
	s.Name = names.Required(&v, "name", s.Name, MaxNameLength)
	s.Slug = names.Slug(&v, "slug", s.Slug)
	if s.IconID != nil {
		id := strings.TrimSpace(*s.IconID)
		switch {
		case id == "":
			s.IconID = nil
		case len(id) > 100 || strings.ContainsAny(id, "/\\ "):
			v.Add("icon_id", "validation.invalid", nil)
		default:
			s.IconID = &id
		}
	}
	s.IncludedLabels = cleanLabels(&v, "included_labels", s.IncludedLabels)
	s.ExcludedLabels = cleanLabels(&v, "excluded_labels", s.ExcludedLabels)
	for _, l := range s.IncludedLabels {
		if slices.Contains(s.ExcludedLabels, l) {
			v.Add("excluded_labels", "wallet.label_included_and_excluded", nil)
			break
		}
	}
	switch s.PriceDisplayMode {
	case DisplayEUR, DisplayMoves, DisplayBoth:
	case "":
		v.Add("price_display_mode", "validation.required", nil)
	default:
		v.Add("price_display_mode", "validation.one_of", map[string]any{"values": "eur, moves, both"})
	}
	if s.CanTopUpOnce && !s.CanTopUp {
		v.Add("can_top_up_once", "wallet.top_up_once_needs_top_up", nil)
	}
	return s, v.OrNil()
}

// cleanLabels answers label ids in a canonical form, without duplicates, in order.
func cleanLabels(v *domain.ValidationError, field string, in []string) []string {
	out := []string{}
	for _, l := range in {
		id, err := uuid.Parse(strings.TrimSpace(l))
		if err != nil {
			v.Add(field, "validation.invalid", nil)
			return out
		}
		if !slices.Contains(out, id.String()) {
			out = append(out, id.String())
		}
	}
	if len(out) > MaxLabels {
		v.Add(field, "validation.max_items", map[string]any{"max": MaxLabels})
	}
	return out
}
