package readapi

import (
	"move/readapi/kernel"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

var pathParam = regexp.MustCompile(`\{([a-z_]+)\}`)

func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	kernel.WriteJSON(w, http.StatusOK, document(s.routes))
}

// Document is the OpenAPI document of the route table, made without a server (for
// `move openapi`, which the SPA's types are generated from).
func Document() any {
	return document(table(&kernel.Core{}, nil))
}

func document(routes []kernel.Route) any {
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
		if rt.Permission != kernel.Public {
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
			schema := kernel.SchemaOf(reflect.TypeOf(rt.Doc.Request))
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
			ok["content"] = map[string]any{"application/json": map[string]any{"schema": kernel.SchemaOf(reflect.TypeOf(rt.Doc.Response))}}
		}
		responses[strconv.Itoa(status)] = ok
		op["responses"] = responses
		if paths[rt.Pattern] == nil {
			paths[rt.Pattern] = map[string]any{}
		}
		paths[rt.Pattern][strings.ToLower(rt.Method)] = op
	}
	errorSchema := kernel.SchemaOf(reflect.TypeOf(kernel.ErrorBody{}))
	fieldErrorSchema := kernel.SchemaOf(reflect.TypeOf(kernel.FieldErrorBody{}))
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
func documentErrors(rt kernel.Route) []int {
	body := rt.Doc.Request != nil || rt.Doc.Form != nil
	codes := slices.Clone(rt.Doc.Errors)
	add := func(when bool, code int) {
		if when && !slices.Contains(codes, code) {
			codes = append(codes, code)
		}
	}
	add(body || len(rt.Doc.Query) > 0, http.StatusBadRequest)
	add(rt.Permission != kernel.Public, http.StatusUnauthorized)
	add(rt.Permission != kernel.Public, http.StatusForbidden)
	add(pathParam.MatchString(rt.Pattern), http.StatusNotFound)
	add(rt.Permission != kernel.Public && rt.Method != http.MethodGet, http.StatusConflict)
	add(body, http.StatusRequestEntityTooLarge)
	add(body, http.StatusUnprocessableEntity)
	slices.Sort(codes)
	return codes
}
