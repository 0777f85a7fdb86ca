// Package offer holds what the offer's kinds (activities, products) share: the value
// types their forms edit (contacts with roles, extra questions), the option sets of
// spec §3, and their validation. Each kind names its own refusals (kind + ".age_range",
// ".contact_role", ".question_options"), so every message says which form it is about.
package offer

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/names"
)

// Limits shared by the offer's forms.
const (
	MaxNameLength  = 150
	MaxTextLength  = 5000
	MaxReferences  = 100
	MaxQuestions   = 50
	MaxOptions     = 50
	MaxOptionChars = 200
	MaxAge         = 120
)

// Contact is a contact of the organisation with its roles for one offer.
type Contact struct {
	ContactID string   `json:"contact_id"`
	Roles     []string `json:"roles"`
}

// Question is an extra question a participant or buyer answers.
type Question struct {
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	Type     string   `json:"type"` // text, single_select, multi_select
	Required bool     `json:"required"`
	Options  []string `json:"options"`
	HasURL   bool     `json:"has_url"`
	URL      string   `json:"url,omitempty"`
}

// Option sets (spec §3).
var (
	Genders           = []string{"male", "female", "other"}
	Levels            = []string{"beginner", "intermediate", "advanced"}
	PriceDisplayModes = []string{"eur", "moves", "both"}
	ContactRoles      = []string{"mail", "contact_person", "trainer"}
	QuestionTypes     = []string{"text", "single_select", "multi_select"}
)

// Name reads a required name.
func Name(v *domain.ValidationError, field, value string) string {
	return names.Required(v, field, value, MaxNameLength)
}

// Text reads an optional long text.
func Text(v *domain.ValidationError, field, value string) string {
	value = strings.TrimSpace(value)
	CheckLength(v, field, value, MaxTextLength)
	return value
}

// Common reads the choices every offer form has: gender, level (empty is all) and the
// price display mode (empty is eur).
func Common(v *domain.ValidationError, gender, level, priceDisplayMode *string) {
	OneOf(v, "gender", gender, Genders, true)
	OneOf(v, "level", level, Levels, true)
	if strings.TrimSpace(*priceDisplayMode) == "" {
		*priceDisplayMode = "eur"
	}
	OneOf(v, "price_display_mode", priceDisplayMode, PriceDisplayModes, false)
}

// PaymentURL reads an optional payment link.
func PaymentURL(v *domain.ValidationError, value string) string {
	value = strings.TrimSpace(value)
	if value != "" && !ValidURL(value) {
		v.Add("payment_url", "validation.url", nil)
	}
	return value
}

// AgeRange checks age_min and age_max (each 0..MaxAge, the maximum not below the minimum).
func AgeRange(v *domain.ValidationError, kind string, min, max *int) {
	for _, age := range []struct {
		field string
		value *int
	}{{"age_min", min}, {"age_max", max}} {
		if age.value != nil && (*age.value < 0 || *age.value > MaxAge) {
			v.Add(age.field, "validation.between", map[string]any{"min": 0, "max": MaxAge})
		}
	}
	if min != nil && max != nil && *min > *max {
		v.Add("age_max", kind+".age_range", nil)
	}
}

// Contacts reads the offer's contacts: each once, its roles in a fixed order, at least one.
func Contacts(v *domain.ValidationError, kind string, in []Contact) []Contact {
	contacts := make([]Contact, 0, len(in))
	seen := map[string]bool{}
	for i, c := range in {
		field := "contacts." + strconv.Itoa(i)
		id := Ref(v, field+".contact_id", &c.ContactID)
		if id == nil {
			v.Add(field+".contact_id", "validation.required", nil)
			continue
		}
		if seen[*id] {
			continue
		}
		seen[*id] = true
		var roles []string
		for _, r := range ContactRoles { // in a fixed order, each once
			if slices.Contains(c.Roles, r) {
				roles = append(roles, r)
			}
		}
		for _, r := range c.Roles {
			if !slices.Contains(ContactRoles, r) {
				v.Add(field+".roles", "validation.one_of", map[string]any{"values": strings.Join(ContactRoles, ", ")})
			}
		}
		if len(roles) == 0 {
			v.Add(field+".roles", kind+".contact_role", nil)
		}
		contacts = append(contacts, Contact{ContactID: *id, Roles: roles})
	}
	if len(in) > MaxReferences {
		v.Add("contacts", "validation.max_items", map[string]any{"max": MaxReferences})
	}
	return contacts
}

// Questions reads a list of extra questions, in order; newID names a question that has
// none yet.
func Questions(v *domain.ValidationError, kind string, qs []Question, newID func() string) []Question {
	if len(qs) > MaxQuestions {
		v.Add("questions", "validation.max_items", map[string]any{"max": MaxQuestions})
	}
	out := make([]Question, 0, len(qs))
	for i, q := range qs {
		out = append(out, question(v, kind, "questions."+strconv.Itoa(i)+".", q, newID))
	}
	return out
}

func question(v *domain.ValidationError, kind, prefix string, q Question, newID func() string) Question {
	q.Title = strings.TrimSpace(q.Title)
	if q.Title == "" {
		v.Add(prefix+"title", "validation.required", nil)
	}
	CheckLength(v, prefix+"title", q.Title, MaxNameLength)
	if q.ID == "" {
		q.ID = newID()
	} else if _, err := uuid.Parse(q.ID); err != nil {
		v.Add(prefix+"id", "validation.invalid", nil)
	}
	if !slices.Contains(QuestionTypes, q.Type) {
		v.Add(prefix+"type", "validation.one_of", map[string]any{"values": strings.Join(QuestionTypes, ", ")})
	}
	options := []string{}
	for _, o := range q.Options {
		if o = strings.TrimSpace(o); o != "" && !slices.Contains(options, o) {
			CheckLength(v, prefix+"options", o, MaxOptionChars)
			options = append(options, o)
		}
	}
	if q.Type == "text" {
		options = []string{}
	} else if q.Type != "" && len(options) < 2 {
		v.Add(prefix+"options", kind+".question_options", nil)
	}
	if len(options) > MaxOptions {
		v.Add(prefix+"options", "validation.max_items", map[string]any{"max": MaxOptions})
	}
	q.Options = options
	q.URL = strings.TrimSpace(q.URL)
	switch {
	case q.HasURL && !ValidURL(q.URL):
		v.Add(prefix+"url", "validation.url", nil)
	case !q.HasURL:
		q.URL = ""
	}
	return q
}

// OneOf checks that value is one of allowed (or empty, when emptyOK).
func OneOf(v *domain.ValidationError, field string, value *string, allowed []string, emptyOK bool) {
	*value = strings.TrimSpace(*value)
	if (*value == "" && emptyOK) || slices.Contains(allowed, *value) {
		return
	}
	v.Add(field, "validation.one_of", map[string]any{"values": strings.Join(allowed, ", ")})
}

// Ref reads an optional reference: empty is none, anything else a uuid.
func Ref(v *domain.ValidationError, field string, id *string) *string {
	if id == nil || strings.TrimSpace(*id) == "" {
		return nil
	}
	u, err := uuid.Parse(strings.TrimSpace(*id))
	if err != nil {
		v.Add(field, "validation.invalid", nil)
		return nil
	}
	s := u.String()
	return &s
}

// Refs reads a list of references: uuids, each once, in the order given.
func Refs(v *domain.ValidationError, field string, ids []string) []string {
	out := []string{}
	for _, id := range ids {
		if ref := Ref(v, field, &id); ref != nil && !slices.Contains(out, *ref) {
			out = append(out, *ref)
		} else if ref == nil && strings.TrimSpace(id) == "" {
			v.Add(field, "validation.invalid", nil)
		}
	}
	if len(out) > MaxReferences {
		v.Add(field, "validation.max_items", map[string]any{"max": MaxReferences})
	}
	return out
}

// CheckLength refuses a value longer than max characters.
func CheckLength(v *domain.ValidationError, field, value string, max int) {
	if utf8.RuneCountInString(value) > max {
		v.Add(field, "validation.max_length", map[string]any{"max": max})
	}
}

// ValidURL accepts an absolute http(s) address.
func ValidURL(s string) bool {
	if len(s) > 2000 {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && !strings.ContainsAny(u.Host, " <>\"")
}

// EqPtr compares two optional values.
func EqPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
