package kernel

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"

	"move/domain"
	"move/domain/names"
	"move/eventstore"
)

// maxBodyBytes caps every JSON request body (file uploads have their own limit).
const maxBodyBytes = 1 << 20

// statusClientClosed counts, in the logs and metrics, a request its client cancelled
// (nginx's 499: no standard status fits an answer nobody receives).
const statusClientClosed = 499

// APIError is an answer other than 2xx that the handler chose.
type APIError struct {
	Status int
	Key    string
	Params map[string]any
	Fields map[string]domain.FieldError
}

func (e *APIError) Error() string { return fmt.Sprintf("%d %s", e.Status, e.Key) }

func ErrStatus(status int, key string) *APIError { return &APIError{Status: status, Key: key} }

// BadQuery is a 400 for the query parameter named detail.
func BadQuery(detail string) *APIError {
	return &APIError{Status: http.StatusBadRequest, Key: "error.bad_query", Params: map[string]any{"detail": detail}}
}

// ErrorBody is the one error shape: { "errors": { "message": …, "fields": {…} } }.
type ErrorBody struct {
	Errors errorDetail `json:"errors"`
}

type errorDetail struct {
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
}

// FieldErrorBody is the error shape of a 422 as the OpenAPI document describes it: the
// same JSON as errorBody, with the fields (name → message) always present.
type FieldErrorBody struct {
	Errors struct {
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"errors"`
}

// WriteError maps an error to its status and a message in the user's language, once,
// for every handler. Internal details go to the log, never to the client.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	language := Lang(r)
	status, body := http.StatusInternalServerError, errorDetail{}
	var (
		api        *APIError
		validation *domain.ValidationError
		notFound   *domain.NotFoundError
		conflict   *domain.ConflictError
	)
	switch {
	case errors.As(err, &api):
		status = api.Status
		body.Message = Translate(language, api.Key, api.Params)
		body.Fields = TranslateFields(language, api.Fields)
	case errors.As(err, &validation):
		status = http.StatusUnprocessableEntity
		body.Message = Translate(language, "validation.failed", nil)
		fields := map[string]domain.FieldError{}
		for _, f := range validation.Fields {
			if _, seen := fields[f.Field]; !seen {
				fields[f.Field] = f
			}
		}
		body.Fields = TranslateFields(language, fields)
	case errors.As(err, &notFound):
		status, body.Message = http.StatusNotFound, Translate(language, "error.not_found", nil)
	case errors.As(err, &conflict):
		status, body.Message = http.StatusConflict, Translate(language, conflict.Key, conflict.Params)
	case eventstore.IsWrongExpectedVersion(err):
		status, body.Message = http.StatusConflict, Translate(language, "conflict.version", nil)
	default:
		body.Message = Translate(language, "error.internal", nil)
	}
	switch {
	case status >= 500 && r.Context().Err() != nil:
		// The client went away (or gave up waiting): not the server's failure, and
		// nobody reads the answer.
		status = statusClientClosed
		Logger(r).Info("request cancelled by the client", "error", err)
	case status >= 500:
		Logger(r).Error("request failed", "error", err)
	}
	WriteJSON(w, status, ErrorBody{Errors: body})
}

func TranslateFields(language string, fields map[string]domain.FieldError) map[string]string {
	if len(fields) == 0 {
		return nil
	}
	out := make(map[string]string, len(fields))
	for name, f := range fields {
		params := map[string]any{"field": name}
		for k, v := range f.Params {
			params[k] = v
		}
		out[name] = Translate(language, f.Key, params)
	}
	return out
}

func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	if v != nil {
		_ = json.NewEncoder(w).Encode(v)
	}
}

// Stamp is how instants are answered: RFC 3339, UTC, seconds.
func Stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func StampOrNil(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := Stamp(*t)
	return &s
}

// Decode reads a JSON body strictly: one object, no unknown fields, every required
// Field present (the fields the OpenAPI document lists as required: one rule for both),
// every string printable, within the size limit. Each failure is a 400, 413 or 422 with
// the offending fields named.
func Decode(r *http.Request, w http.ResponseWriter, into any) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return ErrStatus(http.StatusRequestEntityTooLarge, "error.body_too_large")
	}
	if err != nil {
		return ErrStatus(http.StatusBadRequest, "error.bad_json")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		return decodeError(err)
	}
	if dec.More() {
		return ErrStatus(http.StatusBadRequest, "error.bad_json")
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return ErrStatus(http.StatusBadRequest, "error.bad_json")
	}
	fields := map[string]domain.FieldError{}
	unprintableStrings(json.RawMessage(body), "", fields)
	// A PATCH names only what it changes; every other body names each required field.
	if r.Method != http.MethodPatch {
		var present map[string]json.RawMessage
		_ = json.Unmarshal(body, &present)
		for _, name := range requiredFields(reflect.TypeOf(into).Elem()) {
			if _, ok := present[name]; !ok {
				fields[name] = domain.FieldError{Field: name, Key: "validation.required"}
			}
		}
	}
	requiredNulls(SchemaOf(reflect.TypeOf(into).Elem()), json.RawMessage(body), "", fields)
	if len(fields) > 0 {
		return &APIError{Status: http.StatusUnprocessableEntity, Key: "validation.failed", Fields: fields}
	}
	return nil
}

func decodeError(err error) error {
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return ErrStatus(http.StatusBadRequest, "error.bad_json")
		}
		return &APIError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
			Fields: map[string]domain.FieldError{field: {Field: field, Key: "validation.wrong_type"}}}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return &APIError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
			Fields: map[string]domain.FieldError{field: {Field: field, Key: "validation.unknown"}}}
	default:
		return ErrStatus(http.StatusBadRequest, "error.bad_json")
	}
}

// unprintableStrings records under its field every string in raw that is not UTF-8 or
// holds a control character (names.Unprintable). It reads the raw bytes because
// encoding/json quietly replaces invalid UTF-8 with U+FFFD. A nested field is named
// "parent.child"; an array's items are named by the array.
func unprintableStrings(raw json.RawMessage, field string, into map[string]domain.FieldError) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return
	}
	switch raw[0] {
	case '"':
		var s string
		if !utf8.Valid(raw) || json.Unmarshal(raw, &s) != nil || names.Unprintable(s) {
			into[field] = domain.FieldError{Field: field, Key: "validation.characters"}
		}
	case '{':
		var object map[string]json.RawMessage
		_ = json.Unmarshal(raw, &object)
		for key, value := range object {
			name := key
			if field != "" {
				name = field + "." + key
			}
			unprintableStrings(value, name, into)
		}
	case '[':
		var items []json.RawMessage
		_ = json.Unmarshal(raw, &items)
		for _, item := range items {
			unprintableStrings(item, field, into)
		}
	}
}

func Logger(r *http.Request) *slog.Logger {
	if l, ok := r.Context().Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}

type loggerKey struct{}

// WithLogger is the context of a request with its logger.
func WithLogger(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, loggerKey{}, l)
}
