package operations

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"move/domain"
	"move/eventstore"
	"move/operations"
	"move/projections"
	"move/readapi/kernel"
)

// Parked events in the operations console (decision 1310): a retry applies a parked
// stream's events again with this server's code; a skip is an operator's recorded
// decision (its reason required) that the read model passes over the stream's first
// parked event, after which the rest of the stream is retried.

type parkedStreamInput struct {
	Stream string `json:"stream"`
}

type skipInput struct {
	Stream string `json:"stream"`
	Reason string `json:"reason"`
}

type retryAnswer struct {
	Data projections.RetryOutcome `json:"data"`
}

func (s *Handlers) parkingRoutes() []kernel.Route {
	return []kernel.Route{
		{Method: http.MethodPost, Pattern: "/v1/admin/operations/projectors/{name}/parked/retry", Permission: PermOperatePlatform, Platform: true, Handler: s.retryParked,
			Doc: kernel.Doc{Summary: "Apply a parked stream's events again with this server's code: those that succeed are unparked; from the first that fails again the stream stays parked", Request: parkedStreamInput{}, Response: retryAnswer{}}},
		{Method: http.MethodPost, Pattern: "/v1/admin/operations/projectors/{name}/parked/skip", Permission: PermOperatePlatform, Platform: true, Handler: s.skipParked,
			Doc: kernel.Doc{Summary: "Skip a parked stream's first event (an operator's decision, recorded in the log with its reason), then retry the rest of the stream", Request: skipInput{}, Response: retryAnswer{}}},
	}
}

func (s *Handlers) retryParked(w http.ResponseWriter, r *http.Request) error {
	var in parkedStreamInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if s.Operations == nil {
		return kernel.ErrStatus(http.StatusServiceUnavailable, "error.unavailable")
	}
	out, err := s.Operations.Retry(r.Context(), chi.URLParam(r, "name"), in.Stream)
	if err != nil {
		return parkingError(err)
	}
	m, _ := kernel.Meta(r)
	s.Log.Info("parked events retried", "projector", chi.URLParam(r, "name"), "stream", in.Stream, "actor_id", m.ActorID, "applied", out.Applied, "parked", out.Parked)
	kernel.WriteJSON(w, http.StatusOK, retryAnswer{Data: out})
	return nil
}

func (s *Handlers) skipParked(w http.ResponseWriter, r *http.Request) error {
	var in skipInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if s.Operations == nil {
		return kernel.ErrStatus(http.StatusServiceUnavailable, "error.unavailable")
	}
	m, _ := kernel.Meta(r)
	out, err := s.Operations.Skip(r.Context(), chi.URLParam(r, "name"), in.Stream, in.Reason,
		eventstore.Metadata{ActorID: m.ActorID, CorrelationID: m.CorrelationID})
	if err != nil {
		return parkingError(err)
	}
	kernel.WriteJSON(w, http.StatusOK, retryAnswer{Data: out})
	return nil
}

// parkingError maps the console's refusals: an unknown read model or a stream with
// nothing parked is 404 (neither is echoed), a skip without a reason 422.
func parkingError(err error) error {
	switch {
	case errors.Is(err, operations.ErrUnknownProjector), errors.Is(err, projections.ErrUnknownProjector):
		return &domain.NotFoundError{Kind: "projector"}
	case errors.Is(err, projections.ErrNotParked):
		return &domain.NotFoundError{Kind: "parked_stream"}
	case errors.Is(err, projections.ErrReasonRequired):
		return &kernel.APIError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
			Fields: map[string]domain.FieldError{"reason": {Field: "reason", Key: "validation.required"}}}
	}
	return err
}
