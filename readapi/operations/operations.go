package operations

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"move/domain"
	"move/operations"
	"move/readapi/kernel"
)

// PermOperatePlatform is the operations console: the installation's read models,
// processes and connections, and rebuilding a read model. Only superadmin holds it
// (decision 0804).
const PermOperatePlatform = "operate-platform"

func (s *Handlers) Routes() []kernel.Route {
	return append([]kernel.Route{
		{Method: http.MethodGet, Pattern: "/v1/admin/operations", Permission: PermOperatePlatform, Platform: true, Handler: s.operationsReport,
			Doc: kernel.Doc{Summary: "The operations console: the log's end, every read model's and process's place and state (lag up to 10,000), the processes' to-do lists, the database's connections", Response: kernel.DataAnswer[operations.Report]{}}},
		{Method: http.MethodPost, Pattern: "/v1/admin/operations/projectors/{name}/rebuild", Permission: PermOperatePlatform, Platform: true, Handler: s.requestRebuild,
			Doc: kernel.Doc{Summary: "Rebuild a read model from the log: into fresh tables, swapped in when caught up (the old ones serve until then)", Response: kernel.CommandAnswer{}, Status: http.StatusAccepted}},
	}, s.parkingRoutes()...)
}

func (s *Handlers) operationsReport(w http.ResponseWriter, r *http.Request) error {
	if s.Operations == nil {
		return kernel.ErrStatus(http.StatusServiceUnavailable, "error.unavailable")
	}
	report, err := s.Operations.Report(r.Context())
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[operations.Report]{Data: report})
	return nil
}

func (s *Handlers) requestRebuild(w http.ResponseWriter, r *http.Request) error {
	if s.Operations == nil {
		return kernel.ErrStatus(http.StatusServiceUnavailable, "error.unavailable")
	}
	name := chi.URLParam(r, "name")
	err := s.Operations.RequestRebuild(r.Context(), name)
	if errors.Is(err, operations.ErrUnknownProjector) {
		return &domain.NotFoundError{Kind: "projector"} // the name is not echoed: it is anything the caller sent
	}
	if err != nil {
		return err
	}
	m, _ := kernel.Meta(r)
	s.Log.Info("read model rebuild requested", "projector", name, "actor_id", m.ActorID)
	kernel.WriteJSON(w, http.StatusAccepted, kernel.CommandAnswer{Data: kernel.CommandData{ID: name}})
	return nil
}
