package readapi

import (
	"context"
	"errors"
	"move/commands"
	"move/domain"
	"net/http"

	"github.com/google/uuid"
)

// meta makes a command's envelope from the request: actor, tenant, correlation, and
// the command id from Idempotency-Key within the tenant and the caller (a retried
// request with the same key writes nothing twice; another caller's key is another
// command, 0532).
func meta(r *http.Request) (commands.Meta, error) {
	m := commands.Meta{CorrelationID: correlationID(r)}
	if p, ok := r.Context().Value(principalKey{}).(Principal); ok {
		m.ActorID = p.UserID
	}
	if t, ok := r.Context().Value(tenantKey{}).(Tenant); ok {
		m.ApplicationID = t.ApplicationID
	}
	if key := r.Header.Get("Idempotency-Key"); key != "" {
		id, err := uuid.Parse(key)
		if err != nil {
			return m, &apiError{Status: http.StatusBadRequest, Key: "validation.invalid", Params: map[string]any{"field": "Idempotency-Key"}}
		}
		m.CommandID = commands.IdempotentCommandID(id, m.ApplicationID, m.ActorID)
	}
	return m, nil
}

// commandAnswer is what every command route answers.
type commandAnswer struct {
	Data commandData `json:"data"`
	Meta commandMeta `json:"meta"`
}

type commandData struct {
	ID      string `json:"id,omitempty"`
	Version uint64 `json:"version"`
}

type commandMeta struct {
	Position string `json:"position"`
}

// answerCommand writes a command's result and counts its outcome.
func (s *Server) answerCommand(w http.ResponseWriter, name string, status int, res commands.Result, err error) error {
	outcome := "ok"
	if err != nil {
		outcome = outcomeOf(err)
	}
	s.metrics.commands.WithLabelValues(name, outcome).Inc()
	if err != nil {
		return err
	}
	w.Header().Set("X-Event-Position", res.Position.String())
	writeJSON(w, status, commandAnswer{Data: commandData{ID: res.ID, Version: res.Version}, Meta: commandMeta{Position: res.Position.String()}})
	return nil
}

func (s *Server) countCommand(name string, err error) {
	outcome := "ok"
	if err != nil {
		outcome = outcomeOf(err)
	}
	s.metrics.commands.WithLabelValues(name, outcome).Inc()
}

// outcomeOf names a command's failure for the metrics.
func outcomeOf(err error) string {
	var (
		validation *domain.ValidationError
		notFound   *domain.NotFoundError
		conflict   *domain.ConflictError
	)
	switch {
	case errors.As(err, &validation):
		return "invalid"
	case errors.As(err, &notFound):
		return "not_found"
	case errors.As(err, &conflict), errors.Is(err, context.Canceled):
		return "conflict"
	}
	return "error"
}
