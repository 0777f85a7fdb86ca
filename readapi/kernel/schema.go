package kernel

import (
	"encoding/json"
	"reflect"
	"strings"
	"time"

	"github.com/google/uuid"
)

var (
	timeType = reflect.TypeOf(time.Time{})
	uuidType = reflect.TypeOf(uuid.UUID{})
	rawType  = reflect.TypeOf(json.RawMessage{})
)

// requiredFields are the fields of a request body the decoder demands and the document
// lists as required: those neither a pointer nor tagged omitempty.
func requiredFields(t reflect.Type) []string {
	required, _ := SchemaOf(t)["required"].([]string)
	return required
}

// SchemaOf describes a Go type as a JSON schema, following its json tags; embedded
// structs lend their fields, as encoding/json does.
func SchemaOf(t reflect.Type) map[string]any {
	switch t {
	case timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case uuidType:
		return map[string]any{"type": "string", "format": "uuid"}
	case rawType:
		return map[string]any{}
	}
	switch t.Kind() {
	case reflect.Pointer:
		s := SchemaOf(t.Elem())
		s["nullable"] = true
		return s
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Uint64, reflect.Uint32, reflect.Uint:
		return map[string]any{"type": "integer"}
	case reflect.Float64, reflect.Float32:
		return map[string]any{"type": "number"}
	case reflect.Slice, reflect.Array:
		return map[string]any{"type": "array", "items": SchemaOf(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": SchemaOf(t.Elem())}
	case reflect.Struct:
		props := map[string]any{}
		var required []string
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if f.Anonymous && name == "" {
				embedded := f.Type
				if embedded.Kind() == reflect.Pointer {
					embedded = embedded.Elem()
				}
				if embedded.Kind() == reflect.Struct {
					inner := SchemaOf(embedded)
					for k, v := range inner["properties"].(map[string]any) {
						props[k] = v
					}
					if req, ok := inner["required"].([]string); ok {
						required = append(required, req...)
					}
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			props[name] = SchemaOf(f.Type)
			if !strings.Contains(opts, "omitempty") && f.Type.Kind() != reflect.Pointer {
				required = append(required, name)
			}
		}
		s := map[string]any{"type": "object", "properties": props}
		if len(required) > 0 {
			s["required"] = required
		}
		return s
	}
	return map[string]any{}
}
