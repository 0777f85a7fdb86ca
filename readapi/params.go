package readapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"move/domain"
)

// uuidParam reads a uuid path parameter in its canonical form; anything else is not found.
func uuidParam(r *http.Request, param, kind string) (string, error) {
	v := chi.URLParam(r, param)
	id, err := uuid.Parse(v)
	if err != nil || len(v) != 36 {
		return "", &domain.NotFoundError{Kind: kind, ID: v}
	}
	return id.String(), nil
}
