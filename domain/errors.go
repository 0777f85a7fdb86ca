package domain

import (
	"fmt"
	"sort"
	"strings"
)

// FieldError is one input field's problem: a message key with parameters, translated
// at the edge into the user's language.
type FieldError struct {
	Field  string
	Key    string         // e.g. "validation.required"
	Params map[string]any // e.g. {"max": 100}
}

// ValidationError is refused input: nothing was written.
type ValidationError struct {
	Fields []FieldError
}

func (e *ValidationError) Error() string {
	parts := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		parts[i] = f.Field + ": " + f.Key
	}
	sort.Strings(parts)
	return "invalid input: " + strings.Join(parts, ", ")
}

// Add records a field's problem.
func (e *ValidationError) Add(field, key string, params map[string]any) {
	e.Fields = append(e.Fields, FieldError{Field: field, Key: key, Params: params})
}

// OrNil answers nil when no field failed, so callers can `return v.OrNil()`.
func (e *ValidationError) OrNil() error {
	if e == nil || len(e.Fields) == 0 {
		return nil
	}
	return e
}

// NotFoundError: the thing does not exist (or is not the caller's to see).
type NotFoundError struct {
	Kind string
	ID   string
}

func (e *NotFoundError) Error() string { return fmt.Sprintf("%s %s not found", e.Kind, e.ID) }

// ConflictError: the command was decided on a stale version, or breaks a rule about
// the thing's current state. Key is a message key for the user.
type ConflictError struct {
	Key    string
	Params map[string]any
}

func (e *ConflictError) Error() string { return "conflict: " + e.Key }
