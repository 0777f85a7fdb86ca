// Package domain holds what every bounded context shares: events, their registry and
// upcasters, and the typed errors that commands and HTTP map once. No I/O, no clock.
package domain

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
)

// Event is a fact in the past. Its type name is explicit, stable and versioned
// ("sport.created.v1"); it never derives from the Go type's name.
type Event interface {
	EventType() string
}

// Aggregate is rebuilt from its past events, in order.
type Aggregate interface {
	Apply(Event)
}

// Upcaster turns a stored event of an old shape into the payload of its next version.
type Upcaster func(data json.RawMessage) (newType string, newData json.RawMessage, err error)

// Registry maps event type names to Go types, and old versions to their upcasters.
type Registry struct {
	types     map[string]reflect.Type
	upcasters map[string]Upcaster
}

// NewRegistry registers the events of every context.
func NewRegistry(register ...func(*Registry)) *Registry {
	r := &Registry{types: map[string]reflect.Type{}, upcasters: map[string]Upcaster{}}
	for _, f := range register {
		f(r)
	}
	return r
}

// Register adds event types; each example is a zero value of a struct event type.
func (r *Registry) Register(examples ...Event) {
	for _, e := range examples {
		name := e.EventType()
		if _, dup := r.types[name]; dup {
			panic("domain: event type registered twice: " + name)
		}
		t := reflect.TypeOf(e)
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		r.types[name] = t
	}
}

// RegisterUpcaster reads events stored as oldType through up. An upcaster that answers
// oldType itself is a repair: events of that version are read mended, once (an event
// accepted before a rule existed that no read model can hold, decision 1320).
func (r *Registry) RegisterUpcaster(oldType string, up Upcaster) {
	r.upcasters[oldType] = up
}

// Repair is the upcaster of a repair: it reads the event, lets mend mend it and, when
// mend changed it, answers the event of the same type with the mended payload.
func Repair[E Event](mend func(*E) bool) Upcaster {
	return func(data json.RawMessage) (string, json.RawMessage, error) {
		var e E
		if err := json.Unmarshal(data, &e); err != nil {
			return "", nil, err
		}
		if !mend(&e) {
			return e.EventType(), data, nil
		}
		mended, err := json.Marshal(e)
		return e.EventType(), mended, err
	}
}

// Known tells whether typ is a registered event type (or upcasts to one).
func (r *Registry) Known(typ string) bool {
	_, ok := r.types[typ]
	_, up := r.upcasters[typ]
	return ok || up
}

// Types answers every type name the registry reads — registered and upcast — sorted.
func (r *Registry) Types() []string {
	names := make([]string, 0, len(r.types)+len(r.upcasters))
	for name := range r.types {
		names = append(names, name)
	}
	for name := range r.upcasters {
		if _, repaired := r.types[name]; !repaired {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// Encode answers an event's type name and JSON payload.
func (r *Registry) Encode(e Event) (string, json.RawMessage, error) {
	name := e.EventType()
	if _, ok := r.types[name]; !ok {
		return "", nil, fmt.Errorf("domain: event type %s is not registered", name)
	}
	data, err := json.Marshal(e)
	return name, data, err
}

// Decode reads a stored event, upcasting old versions first.
func (r *Registry) Decode(typ string, data json.RawMessage) (Event, error) {
	for hops := 0; ; hops++ {
		up, ok := r.upcasters[typ]
		if !ok {
			break
		}
		if hops > 16 {
			return nil, fmt.Errorf("domain: upcaster loop at %s", typ)
		}
		next, upcast, err := up(data)
		if err != nil {
			return nil, fmt.Errorf("domain: upcast %s: %w", typ, err)
		}
		data = upcast
		if next == typ { // a repair: read once, mended
			break
		}
		typ = next
	}
	t, ok := r.types[typ]
	if !ok {
		return nil, fmt.Errorf("domain: unknown event type %s", typ)
	}
	v := reflect.New(t)
	if err := json.Unmarshal(data, v.Interface()); err != nil {
		return nil, fmt.Errorf("domain: decode %s: %w", typ, err)
	}
	return v.Elem().Interface().(Event), nil
}
