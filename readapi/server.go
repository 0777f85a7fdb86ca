// Package readapi is the HTTP face of the back office: one route table, each route with
// its permission. Query handlers read read-model tables only; command routes decode the
// request and hand it to commands.
package readapi

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"move/audit"
	"move/commands"
	"move/eventstore"
	"move/files"
	"move/identity"
	"move/operations"
	"move/projections"
)

// Deps is what the HTTP face needs; New refuses missing ones.
type Deps struct {
	App     *commands.App
	DB      *pgxpool.Pool // read models (and projection checkpoints)
	Auth    Authenticator
	Tenants TenantResolver
	Authz   Authorizer
	Log     *slog.Logger
	Metrics *prometheus.Registry
	// SPA is the built single-page app (index.html at its root); nil serves none.
	SPA fs.FS
	// Ready reports whether the server can serve (database, projectors).
	Ready func(context.Context) error
	// TrustedProxies may set X-Forwarded-For.
	TrustedProxies []netip.Prefix
	// CORSOrigins may call the API from a browser on another origin.
	CORSOrigins []string
	// ReadWait bounds how long a read waits for the caller's own writes.
	ReadWait time.Duration
	// Files is the file service (uploads, images); without it file routes answer 503.
	Files *files.Service
	// RedeemLimit bounds a consumer's refused coupon redemptions (default 10 per 10
	// minutes).
	RedeemLimit identity.Limit
	// Mail is the mail port messages to participants leave through; without it the
	// contact route answers 503.
	Mail identity.Mailer
	// QRSecret signs bookings' QR codes (at least 32 bytes); without it the QR routes
	// answer 503.
	QRSecret []byte
	// WebhookSecret signs the payment provider's webhook addresses (decision 0903);
	// without it no webhook verifies.
	WebhookSecret []byte
	// Finance is the platform's account and invoice details (SEPA files, invoices).
	Finance FinanceSettings
	// Operations is the operations console's report and rebuild (decision 0804);
	// without it its routes answer 503.
	Operations *operations.Console
	// Audit reads the audit area's events as the domain sees them (decision 1401);
	// without it its routes answer 503.
	Audit *audit.Decoder
}

// Server is the HTTP handler of the whole product.
type Server struct {
	Deps
	metrics *httpMetrics
	// redeemFailures counts each consumer's refused redemptions (codes are not guessed).
	redeemFailures *identity.Limiter
	routes         []Route
	handler        http.Handler
}

// New builds the router from the route table. A route without a permission, or a
// missing dependency, refuses to start.
func New(d Deps) (*Server, error) {
	if d.App == nil || d.DB == nil || d.Auth == nil || d.Tenants == nil || d.Authz == nil || d.Log == nil || d.Metrics == nil || d.Ready == nil {
		return nil, errors.New("readapi: every dependency is required")
	}
	if d.ReadWait == 0 {
		d.ReadWait = 3 * time.Second
	}
	if d.RedeemLimit.N == 0 {
		d.RedeemLimit = identity.Limit{N: 10, Window: 10 * time.Minute}
	}
	s := &Server{Deps: d, metrics: newHTTPMetrics(d.Metrics), redeemFailures: identity.NewLimiter(d.DB, "redeem-refusals", d.RedeemLimit)}
	s.routes = s.table()
	r := chi.NewRouter()
	r.Use(requestID, clientIP(d.TrustedProxies), logging(d.Log, s.metrics), recovery, securityHeaders, s.cors)
	r.NotFound(s.notFound)
	r.MethodNotAllowed(func(w http.ResponseWriter, req *http.Request) {
		allow := strings.Join(allowedMethods(r, req.URL.Path), ", ")
		w.Header().Set("Allow", allow)
		writeError(w, req, &apiError{Status: http.StatusMethodNotAllowed, Key: "error.method_not_allowed", Params: map[string]any{"allow": allow}})
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
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
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
func (s *Server) Routes() []Route { return slices.Clone(s.routes) }

// guard runs a route behind its checks: authentication, tenant, permission, then
// read-your-writes for routes that read read models.
func (s *Server) guard(rt Route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Answers of the API carry tokens, secrets and personal data, or tenant data that
		// no shared cache may keep; a handler whose answer may be cached says so itself.
		w.Header().Set("Cache-Control", "no-store")
		if err := unprintableParameter(r); err != nil {
			writeError(w, r, err)
			return
		}
		ctx := r.Context()
		if rt.Permission != Public {
			p, err := s.Auth.Authenticate(r)
			if err != nil {
				if !errors.Is(err, ErrUnauthenticated) {
					logger(r).Error("authenticate", "error", err)
				}
				writeError(w, r, errStatus(http.StatusUnauthorized, "error.unauthenticated"))
				return
			}
			ctx = context.WithValue(ctx, principalKey{}, p)
			var t Tenant // none: a platform route called outside any application
			if header := r.Header.Get("ApplicationId"); header != "" || !rt.Platform {
				if t, err = s.Tenants.Resolve(ctx, p, header); err != nil {
					if !errors.Is(err, ErrUnknownApplication) {
						writeError(w, r, err)
						return
					}
					writeError(w, r, errStatus(http.StatusForbidden, "error.application"))
					return
				}
				ctx = context.WithValue(ctx, tenantKey{}, t)
			}
			if rt.Permission == Customer {
				if err := s.mustBeCustomer(r.WithContext(ctx)); err != nil {
					writeError(w, r, err)
					return
				}
			} else if rt.Permission != Authenticated {
				org := ""
				if rt.Organization != nil {
					org = rt.Organization(r)
				}
				ok, err := s.Authz.Allowed(ctx, p, t, org, rt.Permission)
				if err != nil {
					writeError(w, r, err)
					return
				}
				if !ok {
					writeError(w, r, errStatus(http.StatusForbidden, "error.forbidden"))
					return
				}
			}
		}
		r = r.WithContext(ctx)
		release := func() {}
		if rt.Permission != Public {
			var err error
			if release, err = s.bindIdempotencyKey(w, r); err != nil {
				writeError(w, r, err)
				return
			}
		}
		if len(rt.Reads) > 0 {
			s.awaitOwnWrites(r, rt.Reads)
		}
		if err := rt.Handler(w, r); err != nil {
			release()
			writeError(w, r, err)
		}
	})
}

// awaitOwnWrites waits, briefly, until the read models have passed the position the
// caller's last command answered (X-Min-Position header or min_position query).
func (s *Server) awaitOwnWrites(r *http.Request, reads []string) {
	token := r.Header.Get("X-Min-Position")
	if token == "" {
		token = r.URL.Query().Get("min_position")
	}
	if token == "" {
		return
	}
	pos, err := eventstore.ParsePosition(token)
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.ReadWait)
	defer cancel()
	if err := projections.WaitFor(ctx, s.DB, reads, pos); err != nil {
		logger(r).Warn("read models behind the caller's writes", "position", token, "error", err)
	}
}

func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.Ready(ctx); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "reason": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

// notFound serves the SPA for every path that is not the API's, so deep links and
// reloads work; unknown API paths answer the JSON 404.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	if s.SPA == nil || strings.HasPrefix(r.URL.Path, "/v1/") || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		writeError(w, r, errStatus(http.StatusNotFound, "error.not_found"))
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
