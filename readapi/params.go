package readapi

import (
	"net/http"
	"time"

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

// statisticsPeriod reads from and to (YYYY-MM-DD): by default the last 30 days, at
// most a year and a day.
func statisticsPeriod(r *http.Request) (from, to time.Time, err error) {
	to = time.Now().UTC().Truncate(24 * time.Hour)
	if v := r.URL.Query().Get("to"); v != "" {
		if to, err = time.Parse(time.DateOnly, v); err != nil {
			return from, to, badQuery("to")
		}
	}
	from = to.AddDate(0, 0, -29)
	if v := r.URL.Query().Get("from"); v != "" {
		if from, err = time.Parse(time.DateOnly, v); err != nil {
			return from, to, badQuery("from")
		}
	}
	if from.After(to) || to.Sub(from) > 366*24*time.Hour {
		return from, to, badQuery("from")
	}
	return from, to, nil
}
