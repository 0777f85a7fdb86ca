package kernel

import (
	"bytes"
	"encoding/json"
	"strconv"

	"move/domain"
)

// requiredNulls records under its field every required field, at any depth, that raw
// gives as null: encoding/json would quietly keep its zero value (a price of null
// stored as 0), so a required field refuses null as it refuses absence. schema is the
// body type's OpenAPI schema (SchemaOf), the one rule for both; a nested field is named
// "parent.child", an array's item by its index ("periods.2.refund_percent").
func requiredNulls(schema map[string]any, raw json.RawMessage, field string, into map[string]domain.FieldError) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return
	}
	switch raw[0] {
	case '{':
		props, _ := schema["properties"].(map[string]any)
		if props == nil {
			return
		}
		var object map[string]json.RawMessage
		if json.Unmarshal(raw, &object) != nil {
			return
		}
		required, _ := schema["required"].([]string)
		for _, name := range required {
			if value, ok := object[name]; ok && isNull(value) {
				path := join(field, name)
				into[path] = domain.FieldError{Field: path, Key: "validation.required"}
			}
		}
		for name, value := range object {
			if sub, ok := props[name].(map[string]any); ok {
				requiredNulls(sub, value, join(field, name), into)
			}
		}
	case '[':
		items, _ := schema["items"].(map[string]any)
		if items == nil {
			return
		}
		var values []json.RawMessage
		if json.Unmarshal(raw, &values) != nil {
			return
		}
		for i, value := range values {
			requiredNulls(items, value, join(field, strconv.Itoa(i)), into)
		}
	}
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

func join(parent, child string) string {
	if parent == "" {
		return child
	}
	return parent + "." + child
}
