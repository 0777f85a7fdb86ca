package kernel

import (
	"context"
	"net/http"
	"net/netip"

	"github.com/google/uuid"
)

type requestIDKey struct{}

type clientIPKey struct{}

// CorrelationID is the id that ties a request to the events it causes.
func CorrelationID(r *http.Request) string {
	if c := r.Header.Get("X-Correlation-Id"); c != "" && len(c) <= 64 {
		if _, err := uuid.Parse(c); err == nil {
			return c
		}
	}
	id := RequestIDOf(r)
	return id
}

// ClientIP answers the caller's address as the clientIP middleware decided it.
func ClientIP(r *http.Request) netip.Addr {
	ip, _ := r.Context().Value(clientIPKey{}).(netip.Addr)
	return ip
}

// WithRequestID is the context of a request with its request id.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestIDOf answers the request's id as the requestID middleware set it.
func RequestIDOf(r *http.Request) string {
	id, _ := r.Context().Value(requestIDKey{}).(string)
	return id
}

// WithClientIP is the context of a request with the caller's address.
func WithClientIP(ctx context.Context, ip netip.Addr) context.Context {
	return context.WithValue(ctx, clientIPKey{}, ip)
}
