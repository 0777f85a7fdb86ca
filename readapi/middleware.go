package readapi

import (
	"errors"
	"fmt"
	"log/slog"
	"move/readapi/kernel"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
)

// The middleware order lives here, in one place: request id, client address, logging
// and metrics, recovery, security headers; then, per route: authentication, tenant,
// permission (see route.handler).

// requestID takes a well-formed X-Request-Id or makes one, and sets the correlation id.
func requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if _, err := uuid.Parse(id); err != nil {
			id = uuid.NewString()
		}
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(kernel.WithRequestID(r.Context(), id)))
	})
}

// clientIP takes the address from the connection; X-Forwarded-For is believed only
// from a configured trusted proxy (a forwarded header from anyone else is spoofable).
func clientIP(trusted []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ip := peer(r.RemoteAddr)
			if ip.IsValid() && isTrusted(ip, trusted) {
				hops := strings.Split(r.Header.Get("X-Forwarded-For"), ",")
				for i := len(hops) - 1; i >= 0; i-- {
					hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
					if err != nil {
						break
					}
					ip = hop
					if !isTrusted(hop, trusted) {
						break
					}
				}
			}
			next.ServeHTTP(w, r.WithContext(kernel.WithClientIP(r.Context(), ip)))
		})
	}
}

func peer(remote string) netip.Addr {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	ip, _ := netip.ParseAddr(host)
	return ip.Unmap()
}

func isTrusted(ip netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// httpMetrics are the request series.
type httpMetrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newHTTPMetrics(reg prometheus.Registerer) *httpMetrics {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "move_http_requests_total",
			Help: "HTTP requests by route pattern, method and status."}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "move_http_request_duration_seconds",
			Help: "HTTP request durations by route pattern.", Buckets: prometheus.DefBuckets}, []string{"route", "method"}),
	}
	reg.MustRegister(m.requests, m.duration)
	return m
}

type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logging writes one structured line per request and counts it.
func logging(log *slog.Logger, m *httpMetrics) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			id := kernel.RequestIDOf(r)
			l := log.With("request_id", id, "correlation_id", kernel.CorrelationID(r))
			sw := &statusWriter{ResponseWriter: w}
			next.ServeHTTP(sw, r.WithContext(kernel.WithLogger(r.Context(), l)))
			route := chi.RouteContext(r.Context()).RoutePattern()
			if route == "" {
				route = "other"
			}
			if sw.status == 0 {
				sw.status = http.StatusOK
			}
			m.requests.WithLabelValues(route, r.Method, strconv.Itoa(sw.status)).Inc()
			m.duration.WithLabelValues(route, r.Method).Observe(time.Since(start).Seconds())
			level := slog.LevelInfo
			if r.URL.Path == "/healthz" || r.URL.Path == "/readyz" {
				level = slog.LevelDebug
			}
			l.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "route", route,
				"status", sw.status, "bytes", sw.bytes, "ms", time.Since(start).Milliseconds(), "client_ip", kernel.ClientIP(r).String())
		})
	}
}

// recovery turns a panic into a 500 with the generic message; the stack goes to the log.
func recovery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				kernel.Logger(r).Error("panic", "value", fmt.Sprint(v), "stack", string(debug.Stack()))
				kernel.WriteError(w, r, errors.New("panic"))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// securityHeaders go on every response, the SPA's included.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "+
			"script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'")
		if r.TLS != nil {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}
