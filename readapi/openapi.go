package readapi

import (
	"encoding/json"
	"net/http"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Doc describes a route for the OpenAPI document, which is generated from the route
// table so it cannot drift from what is served. The SPA's types are generated from it.
type Doc struct {
	Summary  string
	Request  any // a zero value of the body type, or nil
	Response any // a zero value of the answer type
	Query    []string
	Status   int // success status, 200 when zero
}

var pathParam = regexp.MustCompile(`\{([a-z_]+)\}`)

func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, document(s.routes))
}

// Document is the OpenAPI document of the route table, made without a server (for
// `move openapi`, which the SPA's types are generated from).
func Document() any {
	s := &Server{}
	return document(s.table())
}

func document(routes []Route) any {
	paths := map[string]map[string]any{}
	for _, rt := range routes {
		op := map[string]any{
			"summary":      rt.Doc.Summary,
			"operationId":  strings.ToLower(rt.Method) + strings.ReplaceAll(pathParam.ReplaceAllString(rt.Pattern, "By_$1"), "/", "_"),
			"x-permission": rt.Permission,
		}
		var params []any
		for _, m := range pathParam.FindAllStringSubmatch(rt.Pattern, -1) {
			params = append(params, map[string]any{"name": m[1], "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
		}
		for _, q := range rt.Doc.Query {
			params = append(params, map[string]any{"name": q, "in": "query", "schema": map[string]any{"type": "string"}})
		}
		if rt.Permission != Public {
			tenant := map[string]any{"name": "ApplicationId", "in": "header", "required": true, "schema": map[string]any{"type": "string"},
				"description": "The application (tenant) the request acts in."}
			if rt.Platform {
				op["x-platform"] = true
				tenant["required"] = false
				tenant["description"] = "Optional: this route acts on platform-wide data. Without it only platform grants " +
					"(superadmin) count; with it, the caller's roles in that application count too."
			}
			params = append(params, tenant,
				map[string]any{"name": "Accept-Language", "in": "header", "schema": map[string]any{"type": "string", "enum": []string{"nl", "en"}}})
			op["security"] = []any{map[string]any{"bearer": []string{}}}
		}
		if len(params) > 0 {
			op["parameters"] = params
		}
		if rt.Doc.Request != nil {
			op["requestBody"] = map[string]any{"required": true, "content": map[string]any{
				"application/json": map[string]any{"schema": schemaOf(reflect.TypeOf(rt.Doc.Request))}}}
		}
		status := rt.Doc.Status
		if status == 0 {
			status = http.StatusOK
		}
		responses := map[string]any{
			"default": map[string]any{"description": "error", "content": map[string]any{
				"application/json": map[string]any{"schema": schemaOf(reflect.TypeOf(errorBody{}))}}},
		}
		ok := map[string]any{"description": http.StatusText(status)}
		if rt.Doc.Response != nil {
			ok["content"] = map[string]any{"application/json": map[string]any{"schema": schemaOf(reflect.TypeOf(rt.Doc.Response))}}
		}
		responses[strconv.Itoa(status)] = ok
		op["responses"] = responses
		if paths[rt.Pattern] == nil {
			paths[rt.Pattern] = map[string]any{}
		}
		paths[rt.Pattern][strings.ToLower(rt.Method)] = op
	}
	return map[string]any{
		"openapi": "3.0.3",
		"info":    map[string]any{"title": "Move back office API", "version": "1"},
		"paths":   paths,
		"components": map[string]any{"securitySchemes": map[string]any{
			"bearer": map[string]any{"type": "http", "scheme": "bearer"}}},
	}
}

var (
	timeType = reflect.TypeOf(time.Time{})
	uuidType = reflect.TypeOf(uuid.UUID{})
	rawType  = reflect.TypeOf(json.RawMessage{})
)

// schemaOf describes a Go type as a JSON schema, following its json tags; embedded
// structs lend their fields, as encoding/json does.
func schemaOf(t reflect.Type) map[string]any {
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
		s := schemaOf(t.Elem())
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
		return map[string]any{"type": "array", "items": schemaOf(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": schemaOf(t.Elem())}
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
					inner := schemaOf(embedded)
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
			props[name] = schemaOf(f.Type)
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
