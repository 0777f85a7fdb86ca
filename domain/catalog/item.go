package catalog

import (
	"move/domain"
	"move/domain/names"
)

// MaxNameLength is the longest name, in characters.
const MaxNameLength = 100

// Item is one sport, location type or product type.
type Item struct {
	Kind    Kind
	ID      string
	Exists  bool
	Deleted bool
	Fields  Fields
}

// NewItem is an item of kind with id, before its events are applied.
func NewItem(kind Kind, id string) *Item { return &Item{Kind: kind, ID: id} }

// Apply implements domain.Aggregate.
func (i *Item) Apply(e domain.Event) {
	if f, ok := Values(e); ok {
		i.Exists = true
		i.Fields = f
	}
	if IsDeleted(e) {
		i.Deleted = true
	}
}

// Create decides a new item. The caller reserves the name.
func (i *Item) Create(f Fields) ([]domain.Event, error) {
	if i.Exists {
		return nil, &domain.ConflictError{Key: "catalog.exists"}
	}
	f, err := i.clean(f)
	if err != nil {
		return nil, err
	}
	return []domain.Event{i.Kind.created(f)}, nil
}

// Update decides new values; unchanged values decide nothing.
func (i *Item) Update(f Fields) ([]domain.Event, error) {
	if err := i.mustExist(); err != nil {
		return nil, err
	}
	f, err := i.clean(f)
	if err != nil {
		return nil, err
	}
	if equal(f, i.Fields) {
		return nil, nil
	}
	return []domain.Event{i.Kind.updated(f)}, nil
}

// Delete decides the item's removal. The caller releases the name.
func (i *Item) Delete() ([]domain.Event, error) {
	if err := i.mustExist(); err != nil {
		return nil, err
	}
	return []domain.Event{i.Kind.deleted}, nil
}

// Renamed tells whether f names the item differently (ignoring case and spacing).
func (i *Item) Renamed(f Fields) bool {
	return names.Normalize(f.Name) != names.Normalize(i.Fields.Name)
}

func (i *Item) mustExist() error {
	if !i.Exists || i.Deleted {
		return &domain.NotFoundError{Kind: i.Kind.Name, ID: i.ID}
	}
	return nil
}

// clean validates f and keeps only what the kind has.
func (i *Item) clean(f Fields) (Fields, error) {
	var v domain.ValidationError
	f.Name = names.Required(&v, "name", f.Name, MaxNameLength)
	if !i.Kind.HasIcon {
		f.IconID = nil
	} else if f.IconID != nil && *f.IconID == "" {
		f.IconID = nil
	}
	if !i.Kind.HasHighlight {
		f.Highlighted = nil
	} else if f.Highlighted == nil {
		no := false
		f.Highlighted = &no
	}
	return f, v.OrNil()
}

func equal(a, b Fields) bool {
	return a.Name == b.Name && eqPtr(a.IconID, b.IconID) && eqPtr(a.Highlighted, b.Highlighted)
}

func eqPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
