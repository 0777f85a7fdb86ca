package readapi

import (
	"encoding/json"
	"net/http"
	"reflect"
	"regexp"
	"slices"
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
	// Form names the fields of a multipart/form-data body; "file" is the file.
	Form []string
	// Errors are the error statuses the route answers beyond those its shape implies
	// (documentErrors): 401 of a public route that needs a token, 429 of a rate limit.
	Errors []int
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
		} else {
			op["security"] = []any{} // public: no credentials
		}
		if len(params) > 0 {
			op["parameters"] = params
		}
		if rt.Doc.Request != nil {
			schema := schemaOf(reflect.TypeOf(rt.Doc.Request))
			if rt.Method == http.MethodPatch {
				delete(schema, "required") // a PATCH names only what it changes (decode agrees)
			}
			op["requestBody"] = map[string]any{"required": true, "content": map[string]any{
				"application/json": map[string]any{"schema": schema}}}
		}
		if rt.Doc.Form != nil {
			fields := map[string]any{}
			for _, f := range rt.Doc.Form {
				fields[f] = map[string]any{"type": "string"}
			}
			fields["file"] = map[string]any{"type": "string", "format": "binary"}
			op["requestBody"] = map[string]any{"required": true, "content": map[string]any{
				"multipart/form-data": map[string]any{"schema": map[string]any{"type": "object", "properties": fields, "required": []string{"file"}}}}}
		}
		status := rt.Doc.Status
		if status == 0 {
			status = http.StatusOK
		}
		responses := map[string]any{"default": map[string]any{"$ref": "#/components/responses/Error"}}
		for _, code := range documentErrors(rt) {
			responses[strconv.Itoa(code)] = map[string]any{"$ref": "#/components/responses/" + errorResponses[code]}
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
	errorSchema := schemaOf(reflect.TypeOf(errorBody{}))
	fieldErrorSchema := schemaOf(reflect.TypeOf(fieldErrorBody{}))
	answer := func(description, schema string) map[string]any {
		return map[string]any{"description": description, "content": map[string]any{
			"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/" + schema}}}}
	}
	responses := map[string]any{"Error": answer("An error: the message is in the user's language (Accept-Language)", "Error")}
	for code, name := range errorResponses {
		schema := "Error"
		if code == http.StatusUnprocessableEntity {
			schema = "FieldErrors"
		}
		responses[name] = answer(http.StatusText(code), schema)
	}
	responses[errorResponses[http.StatusTooManyRequests]].(map[string]any)["headers"] = map[string]any{
		"Retry-After": map[string]any{"description": "Seconds to wait", "schema": map[string]any{"type": "integer"}}}
	return map[string]any{
		"openapi":  "3.0.3",
		"info":     map[string]any{"title": "Move back office API", "version": "1", "description": "The back office's API, generated from its route table."},
		"servers":  []any{map[string]any{"url": "/", "description": "The server that serves this document"}},
		"security": []any{map[string]any{"bearer": []string{}}},
		"paths":    paths,
		"components": map[string]any{
			"securitySchemes": map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer"}},
			"schemas":         map[string]any{"Error": errorSchema, "FieldErrors": fieldErrorSchema},
			"responses":       responses,
		},
	}
}

// errorResponses name the error answers the document describes once and refers to.
var errorResponses = map[int]string{
	http.StatusBadRequest:            "BadRequest",
	http.StatusUnauthorized:          "Unauthorized",
	http.StatusForbidden:             "Forbidden",
	http.StatusNotFound:              "NotFound",
	http.StatusConflict:              "Conflict",
	http.StatusRequestEntityTooLarge: "TooLarge",
	http.StatusUnprocessableEntity:   "ValidationFailed",
	http.StatusTooManyRequests:       "TooManyRequests",
}

// documentErrors are the error statuses of a route, from its shape: a body or query
// can be malformed (400) or too large (413) or fail validation (422, field errors); a
// route behind the guard answers 401 and 403; a path parameter names what may not exist
// (404); a command may meet a conflict (409); plus what the route declares (Doc.Errors).
func documentErrors(rt Route) []int {
	body := rt.Doc.Request != nil || rt.Doc.Form != nil
	codes := slices.Clone(rt.Doc.Errors)
	add := func(when bool, code int) {
		if when && !slices.Contains(codes, code) {
			codes = append(codes, code)
		}
	}
	add(body || len(rt.Doc.Query) > 0, http.StatusBadRequest)
	add(rt.Permission != Public, http.StatusUnauthorized)
	add(rt.Permission != Public, http.StatusForbidden)
	add(pathParam.MatchString(rt.Pattern), http.StatusNotFound)
	add(rt.Permission != Public && rt.Method != http.MethodGet, http.StatusConflict)
	add(body, http.StatusRequestEntityTooLarge)
	add(body, http.StatusUnprocessableEntity)
	slices.Sort(codes)
	return codes
}

var (
	timeType = reflect.TypeOf(time.Time{})
	uuidType = reflect.TypeOf(uuid.UUID{})
	rawType  = reflect.TypeOf(json.RawMessage{})
)

// requiredFields are the fields of a request body the decoder demands and the document
// lists as required: those neither a pointer nor tagged omitempty.
func requiredFields(t reflect.Type) []string {
	required, _ := schemaOf(t)["required"].([]string)
	return required
}

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
