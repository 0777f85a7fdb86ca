// Package audit answers the auditors' questions that need the domain: an entity's
// state as of a moment, folded from its own stream by the domain's own aggregate, and
// the difference between two such states field by field. Reading the events is the
// caller's (the read API reads them from the audit_events read model, decision 1401).
package audit

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"time"

	"move/domain"
	"move/domain/activity"
	"move/domain/appbuild"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/campaign"
	"move/domain/catalog"
	"move/domain/contact"
	"move/domain/finance"
	"move/domain/identity"
	"move/domain/location"
	"move/domain/notification"
	"move/domain/order"
	"move/domain/organization"
	"move/domain/product"
	"move/domain/rate"
	"move/domain/series"
	"move/domain/taxonomy"
	"move/domain/themedpage"
	"move/domain/wallet"
	"move/personal"
)

// aggregates makes the empty aggregate of an entity type (a stream's prefix) and id:
// the same constructors the commands load with.
var aggregates = map[string]func(id string) domain.Aggregate{
	"activity":            func(id string) domain.Aggregate { return activity.New(id) },
	"app_builds":          func(id string) domain.Aggregate { return appbuild.New(id) },
	"application":         func(id string) domain.Aggregate { return &identity.Application{ID: id} },
	"application_filters": func(id string) domain.Aggregate { return taxonomy.NewApplicationFilters(id) },
	"bundle":              func(id string) domain.Aggregate { return bundle.New(id) },
	"campaign":            func(id string) domain.Aggregate { return campaign.New(id) },
	"cancellation_term":   func(id string) domain.Aggregate { return rate.NewTerm(id) },
	"category":            func(id string) domain.Aggregate { return taxonomy.NewCategory(id) },
	"contact":             func(id string) domain.Aggregate { return contact.New(id) },
	"coupon":              func(id string) domain.Aggregate { return wallet.NewCoupon(id) },
	"coupon_batch":        func(id string) domain.Aggregate { return wallet.NewBatch(id) },
	"invite":              func(id string) domain.Aggregate { return &identity.Invite{ID: id} },
	"invoice_ledger":      func(id string) domain.Aggregate { return finance.NewInvoiceLedger(id) },
	"label":               func(id string) domain.Aggregate { return taxonomy.NewLabel(id) },
	"location":            func(id string) domain.Aggregate { return location.New(id) },
	"location_type":       func(id string) domain.Aggregate { return catalog.NewItem(catalog.LocationType, id) },
	"notification":        func(id string) domain.Aggregate { return notification.New(id) },
	"order":               func(id string) domain.Aggregate { return order.New(id) },
	"organization":        func(id string) domain.Aggregate { return organization.New(id) },
	"product":             func(id string) domain.Aggregate { return product.New(id) },
	"product_type":        func(id string) domain.Aggregate { return catalog.NewItem(catalog.ProductType, id) },
	"rate":                func(id string) domain.Aggregate { return rate.New(id) },
	"sepa_ledger":         func(id string) domain.Aggregate { return finance.NewSepaLedger(id) },
	"series":              func(id string) domain.Aggregate { return series.New(id) },
	"session":             func(id string) domain.Aggregate { return booking.New(id) },
	"sport":               func(id string) domain.Aggregate { return catalog.NewItem(catalog.Sport, id) },
	"tag":                 func(id string) domain.Aggregate { return taxonomy.NewTag(id) },
	"themed_page":         func(id string) domain.Aggregate { return themedpage.New(id) },
	"themed_page_order":   func(id string) domain.Aggregate { return themedpage.NewOrder(id) },
	"user":                func(id string) domain.Aggregate { return identity.NewUser(id) },
	"wallet":              func(id string) domain.Aggregate { return wallet.New(id) },
	"wallet_account":      func(id string) domain.Aggregate { return wallet.NewAccount(id) },
}

// EntityTypes answers the entity types whose state can be folded, sorted.
func EntityTypes() []string {
	out := make([]string, 0, len(aggregates))
	for t := range aggregates {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

// Fold applies events, in stream order, to a fresh aggregate of the entity: its
// state after the last of them. ok is false for an entity type without an aggregate.
func Fold(entityType, entityID string, events []domain.Event) (state domain.Aggregate, ok bool) {
	newAggregate, ok := aggregates[entityType]
	if !ok {
		return nil, false
	}
	state = newAggregate(entityID)
	for _, e := range events {
		state.Apply(e)
	}
	return state, true
}

// Hidden stands for a personal value the caller may not read, or one still sealed.
const Hidden = "[personal data]"

// Fields flattens a state into field paths and their values as text, in path order:
// "Profile.Name" → "Sportclub", "Finance.IBAN" → "NL91…". Maps are keyed by their
// keys, slices by their index. A value still sealed (the caller may not read personal
// data) is Hidden.
func Fields(state any) []Field {
	out := []Field{}
	flatten(reflect.ValueOf(state), "", &out)
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Field is one field of a state.
type Field struct {
	Path  string `json:"path"`
	Value string `json:"value"`
}

func flatten(v reflect.Value, path string, out *[]Field) {
	if !v.IsValid() {
		*out = append(*out, Field{path, ""})
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			*out = append(*out, Field{path, ""})
			return
		}
		flatten(v.Elem(), path, out)
	case reflect.Struct:
		if v.Type() == timeType {
			*out = append(*out, Field{path, text(v)})
			return
		}
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() && !f.Anonymous {
				continue
			}
			name := join(path, f.Name)
			if f.Anonymous {
				name = path // promoted fields read as the outer struct's
			}
			flatten(v.Field(i), name, out)
		}
	case reflect.Map:
		keys := v.MapKeys()
		for _, k := range keys {
			flatten(v.MapIndex(k), join(path, text(k)), out)
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return
		}
		for i := range v.Len() {
			flatten(v.Index(i), join(path, strconv.Itoa(i)), out)
		}
	case reflect.String:
		s := v.String()
		if personal.IsSealed(s) {
			s = Hidden
		}
		*out = append(*out, Field{path, s})
	default:
		*out = append(*out, Field{path, text(v)})
	}
}

var timeType = reflect.TypeOf(time.Time{})

// text is a value in words without Interface where a value was reached through an
// unexported embedded struct (the taxonomy's owned fields), which forbids it.
func text(v reflect.Value) string {
	switch v.Kind() {
	case reflect.String:
		return v.String()
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'f', -1, 64)
	}
	if !v.CanInterface() {
		return ""
	}
	if t, ok := v.Interface().(time.Time); ok {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	return fmt.Sprint(v.Interface())
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// Change is one field that differs between two states; a field only one of them has
// has an empty other side.
type Change struct {
	Path   string `json:"path"`
	Before string `json:"before"`
	After  string `json:"after"`
}

// Diff lists exactly the fields whose values differ between two states, by path. A
// field only one side has counts as empty on the other: absent and empty are no change.
func Diff(before, after []Field) []Change {
	values := map[string]*Change{}
	for side, fields := range [2][]Field{before, after} {
		for _, f := range fields {
			c := values[f.Path]
			if c == nil {
				c = &Change{Path: f.Path}
				values[f.Path] = c
			}
			if side == 0 {
				c.Before = f.Value
			} else {
				c.After = f.Value
			}
		}
	}
	out := []Change{}
	for _, c := range values {
		if c.Before != c.After {
			out = append(out, *c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}
