package kernel

import (
	"context"
	"errors"
	"move/commands"
	"move/domain"
	"net/http"

	"github.com/google/uuid"
)

// Meta makes a command's envelope from the request: actor, tenant, correlation, and
// the command id from Idempotency-Key within the tenant and the caller (a retried
// request with the same key writes nothing twice; another caller's key is another
// command, 0532).
func Meta(r *http.Request) (commands.Meta, error) {
	m := commands.Meta{CorrelationID: CorrelationID(r)}
	if p, ok := r.Context().Value(principalKey{}).(Principal); ok {
		m.ActorID = p.UserID
	}
	if t, ok := r.Context().Value(tenantKey{}).(Tenant); ok {
		m.ApplicationID = t.ApplicationID
	}
	if key := r.Header.Get("Idempotency-Key"); key != "" {
		id, err := uuid.Parse(key)
		if err != nil {
			return m, &APIError{Status: http.StatusBadRequest, Key: "validation.invalid", Params: map[string]any{"field": "Idempotency-Key"}}
		}
		m.CommandID = commands.IdempotentCommandID(id, m.ApplicationID, m.ActorID)
	}
	return m, nil
}

// CommandAnswer is what every command route answers.
type CommandAnswer struct {
	Data CommandData `json:"data"`
	Meta CommandMeta `json:"meta"`
}

type CommandData struct {
	ID      string `json:"id,omitempty"`
	Version uint64 `json:"version"`
}

type CommandMeta struct {
	Position string `json:"position"`
}

// AnswerCommand writes a command's result and counts its outcome.
func (s *Core) AnswerCommand(w http.ResponseWriter, name string, status int, res commands.Result, err error) error {
	outcome := "ok"
	if err != nil {
		outcome = outcomeOf(err)
	}
	s.commands.WithLabelValues(name, outcome).Inc()
	if err != nil {
		return err
	}
	w.Header().Set("X-Event-Position", res.Position.String())
	WriteJSON(w, status, CommandAnswer{Data: CommandData{ID: res.ID, Version: res.Version}, Meta: CommandMeta{Position: res.Position.String()}})
	return nil
}

func (s *Core) CountCommand(name string, err error) {
	outcome := "ok"
	if err != nil {
		outcome = outcomeOf(err)
	}
	s.commands.WithLabelValues(name, outcome).Inc()
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
