package kernel

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"move/domain"
	"move/domain/names"
)

// UUIDParam reads a uuid path parameter in its canonical form; anything else is not found.
func UUIDParam(r *http.Request, param, kind string) (string, error) {
	v := chi.URLParam(r, param)
	id, err := uuid.Parse(v)
	if err != nil || len(v) != 36 {
		return "", &domain.NotFoundError{Kind: kind, ID: v}
	}
	return id.String(), nil
}

// UnprintableParameter refuses a request whose query or path parameters are not
// printable text (names.Unprintable), once for every route: a NUL would fail in
// Postgres, invalid UTF-8 in every encoder after it. A query parameter is a 400 naming
// it; a path parameter names nothing that exists, a 404.
func UnprintableParameter(r *http.Request) error {
	for name, values := range r.URL.Query() {
		if names.Unprintable(name) {
			return BadQuery(strconv.QuoteToASCII(name))
		}
		for _, v := range values {
			if names.Unprintable(v) {
				return BadQuery(name)
			}
		}
	}
	if rc := chi.RouteContext(r.Context()); rc != nil {
		for _, v := range rc.URLParams.Values {
			if names.Unprintable(v) {
				return ErrStatus(http.StatusNotFound, "error.not_found")
			}
		}
	}
	return nil
}
