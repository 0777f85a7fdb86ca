// Package readapi is the HTTP face of the back office: one route table, each route with
// its permission. Query handlers read read-model tables only; command routes decode the
// request and hand it to commands.
package readapi

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"move/eventstore"
	"move/identity"
	"move/operations"
	"move/readapi/kernel"
)

// Server is the HTTP handler of the whole product.
type Server struct {
	*kernel.Core
	metrics  *httpMetrics
	routes   []kernel.Route
	handler  http.Handler
	caughtUp caughtUpPosition
}

// New builds the router from the route table. A route without a permission, or a
// missing dependency, refuses to start.
func New(d kernel.Deps) (*Server, error) {
	if d.App == nil || d.DB == nil || d.Auth == nil || d.Tenants == nil || d.Authz == nil || d.Log == nil || d.Metrics == nil || d.Ready == nil {
		return nil, errors.New("readapi: every dependency is required")
	}
	if d.ReadWait == 0 {
		d.ReadWait = 3 * time.Second
	}
	if d.RedeemLimit.N == 0 {
		d.RedeemLimit = identity.Limit{N: 10, Window: 10 * time.Minute}
	}
	s := &Server{Core: kernel.NewCore(d), metrics: newHTTPMetrics(d.Metrics)}
	s.routes = table(s.Core, s.Routes)
	r := chi.NewRouter()
	r.Use(requestID, clientIP(d.TrustedProxies), logging(d.Log, s.metrics), recovery, securityHeaders, s.cors)
	r.NotFound(s.notFound)
	r.MethodNotAllowed(func(w http.ResponseWriter, req *http.Request) {
		allow := strings.Join(allowedMethods(r, req.URL.Path), ", ")
		w.Header().Set("Allow", allow)
		kernel.WriteError(w, req, &kernel.APIError{Status: http.StatusMethodNotAllowed, Key: "error.method_not_allowed", Params: map[string]any{"allow": allow}})
	})
	seen := map[string]bool{}
	for _, rt := range s.routes {
		if rt.Permission == "" {
			return nil, errors.New("readapi: route " + rt.Method + " " + rt.Pattern + " declares no permission")
		}
		if seen[rt.Method+" "+rt.Pattern] {
			return nil, errors.New("readapi: route " + rt.Method + " " + rt.Pattern + " declared twice")
		}
		seen[rt.Method+" "+rt.Pattern] = true
		r.Method(rt.Method, rt.Pattern, s.guard(rt))
	}
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		kernel.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	// Liveness: the process serves. Readiness (/readyz) may be down meanwhile.
	r.Get("/livez", func(w http.ResponseWriter, _ *http.Request) {
		kernel.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	r.Get("/readyz", s.ready)
	r.Get("/v1/openapi.json", s.openAPI)
	s.handler = r
	return s, nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// allowedMethods are the methods the router serves on path (the Allow of a 405).
func allowedMethods(router chi.Routes, path string) []string {
	var allowed []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if router.Match(chi.NewRouteContext(), m, path) {
			allowed = append(allowed, m)
		}
	}
	return allowed
}

// Routes answers the route table (for tests that try every route with every role).
func (s *Server) Routes() []kernel.Route { return slices.Clone(s.routes) }

// guard runs a route behind its checks: authentication, the caller's own writes
// (decision 1330), tenant, permission.
func (s *Server) guard(rt kernel.Route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Answers of the API carry tokens, secrets and personal data, or tenant data that
		// no shared cache may keep; a handler whose answer may be cached says so itself.
		w.Header().Set("Cache-Control", "no-store")
		if err := kernel.UnprintableParameter(r); err != nil {
			kernel.WriteError(w, r, err)
			return
		}
		ctx := r.Context()
		var own eventstore.Position // the caller's own writes, which its reads and checks see
		if rt.Permission == kernel.Public {
			own = ownPosition(r, kernel.Principal{})
			s.awaitOwnWrites(r, rt.Reads, own)
		} else {
			p, err := s.Auth.Authenticate(r)
			if err == nil {
				own = ownPosition(r, p)
			}
			if err == nil && s.awaitOwnWrites(r, withGuardReads(rt.Reads), own) {
				p, err = s.Auth.Authenticate(r) // read again at the caller's own writes
			}
			if err != nil {
				if !errors.Is(err, kernel.ErrUnauthenticated) {
					kernel.Logger(r).Error("authenticate", "error", err)
				}
				kernel.WriteError(w, r, kernel.ErrStatus(http.StatusUnauthorized, "error.unauthenticated"))
				return
			}
			ctx = kernel.WithPrincipal(ctx, p)
			var t kernel.Tenant // none: a platform route called outside any application
			if header := r.Header.Get("ApplicationId"); header != "" || !rt.Platform {
				if t, err = s.Tenants.Resolve(ctx, p, header); err != nil {
					if !errors.Is(err, kernel.ErrUnknownApplication) {
						kernel.WriteError(w, r, err)
						return
					}
					kernel.WriteError(w, r, kernel.ErrStatus(http.StatusForbidden, "error.application"))
					return
				}
				ctx = kernel.WithTenant(ctx, t)
			}
			if rt.Permission == kernel.Customer {
				if err := s.MustBeCustomer(r.WithContext(ctx)); err != nil {
					kernel.WriteError(w, r, err)
					return
				}
			} else if rt.Permission != kernel.Authenticated {
				org := ""
				if rt.Organization != nil {
					org = rt.Organization(r)
				}
				ok, err := s.Authz.Allowed(ctx, p, t, org, rt.Permission)
				if err != nil {
					kernel.WriteError(w, r, err)
					return
				}
				if !ok {
					kernel.WriteError(w, r, kernel.ErrStatus(http.StatusForbidden, "error.forbidden"))
					return
				}
			}
		}
		// A shared check reading a read model the route does not name waits for it too
		// (kernel.AwaitOwnWrites, decision 1880).
		caller := r
		ctx = kernel.WithOwnWrites(ctx, func(reads []string) {
			if !slices.ContainsFunc(reads, func(name string) bool { return !slices.Contains(rt.Reads, name) }) {
				return // waited for with the route's own
			}
			s.awaitOwnWrites(caller, reads, own)
		})
		r = r.WithContext(ctx)
		release := func() {}
		if rt.Permission != kernel.Public {
			var err error
			if release, err = s.BindIdempotencyKey(w, r); err != nil {
				kernel.WriteError(w, r, err)
				return
			}
			r = r.WithContext(s.rememberingWrites(r, kernel.PrincipalFrom(ctx)))
		}
		if err := rt.Handler(w, r); err != nil {
			release()
			kernel.WriteError(w, r, err)
		}
	})
}

func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.Ready(ctx); err != nil {
		body := map[string]any{"status": "unavailable", "reason": err.Error()}
		// The read models that keep the server unready, and why (decision 1310).
		var notReady *operations.NotReadyError
		if errors.As(err, &notReady) {
			body["read_models"] = notReady.Health.Problems
		}
		kernel.WriteJSON(w, http.StatusServiceUnavailable, body)
		return
	}
	kernel.WriteJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

// notFound serves the SPA for every path that is not the API's, so deep links and
// reloads work; unknown API paths answer the JSON 404.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	if s.SPA == nil || strings.HasPrefix(r.URL.Path, "/v1/") || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		kernel.WriteError(w, r, kernel.ErrStatus(http.StatusNotFound, "error.not_found"))
		return
	}
	serveSPA(s.SPA, w, r)
}

func (s *Server) cors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin != "" && slices.Contains(s.CORSOrigins, origin) {
			h := w.Header()
			h.Set("Access-Control-Allow-Origin", origin)
			h.Add("Vary", "Origin")
			h.Set("Access-Control-Allow-Headers", "Authorization, ApplicationId, Accept-Language, Content-Type, Idempotency-Key, X-Min-Position, X-Request-Id")
			h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE")
			h.Set("Access-Control-Expose-Headers", "X-Event-Position, X-Request-Id, Retry-After")
			if r.Method == http.MethodOptions {
				w.WriteHeader(http.StatusNoContent)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
