// Package pushtest is a local stand-in for the push service of package push, for tests
// and local runs: it keeps every message it accepted, drops a repeated Idempotency-Key
// (answering as the first time), and Down makes it answer 503 as an outage would.
package pushtest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"

	"move/push"
)

// Server is the fake push service.
type Server struct {
	*httptest.Server
	APIKey string

	mu       sync.Mutex
	down     bool
	keys     map[string]bool
	messages []push.Body
	calls    int
}

// New starts a push service that accepts apiKey.
func New(apiKey string) *Server {
	s := &Server{APIKey: apiKey, keys: map[string]bool{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/messages", s.message)
	s.Server = httptest.NewServer(mux)
	return s
}

func (s *Server) message(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if s.down {
		http.Error(w, "down", http.StatusServiceUnavailable)
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+s.APIKey {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	var b push.Body
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&b); err != nil || b.UserID == "" || b.Title == "" {
		http.Error(w, "bad message", http.StatusUnprocessableEntity)
		return
	}
	key := r.Header.Get("Idempotency-Key")
	if key == "" || !s.keys[key] {
		if key != "" {
			s.keys[key] = true
		}
		s.messages = append(s.messages, b)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusAccepted)
	_, _ = w.Write([]byte(`{"id":"` + key + `"}`))
}

// Down makes the service answer 503 (true) or work again (false).
func (s *Server) Down(down bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.down = down
}

// Messages answers the messages accepted (repeated keys once).
func (s *Server) Messages() []push.Body {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]push.Body(nil), s.messages...)
}

// Calls answers how many sends arrived, repeats included.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls
}
