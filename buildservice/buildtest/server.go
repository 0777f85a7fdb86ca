// Package buildtest is a local stand-in for the app build service (decision 1201),
// following the protocol of package buildservice, for tests and local runs. A build
// is queued when submitted, building after a third of Delay and done after Delay:
// succeeded with an artifact it serves itself, or failed when the tag ends in "-fail"
// or the service was told to (FailNext). Down makes every call answer 503.
package buildtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"move/buildservice"
)

// FailingTagSuffix makes a build fail: the end-to-end tests' and demo's way to see a failure.
const FailingTagSuffix = "-fail"

// Server is the fake build service.
type Server struct {
	*httptest.Server
	APIKey string
	// Delay is how long a build takes.
	Delay time.Duration
	// Now is the service's clock.
	Now func() time.Time

	mu        sync.Mutex
	down      bool
	failNext  string
	builds    map[string]*build
	keys      map[string]string // idempotency key → build id
	submitted int
}

type build struct {
	in        buildservice.NewBuild
	id        string
	submitted time.Time
	fail      string
}

// New starts a service that accepts apiKey and builds in delay.
func New(apiKey string, delay time.Duration) *Server {
	s := &Server{APIKey: apiKey, Delay: delay, Now: time.Now, builds: map[string]*build{}, keys: map[string]string{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/builds", s.api(s.submit))
	mux.HandleFunc("GET /v1/builds/{id}", s.api(s.get))
	mux.HandleFunc("GET /artifacts/{file}", s.artifact)
	s.Server = httptest.NewServer(mux)
	return s
}

// Down makes the API answer 503 (true) or work again (false).
func (s *Server) Down(down bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.down = down
}

// FailNext makes the next submitted build fail for reason.
func (s *Server) FailNext(reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failNext = reason
}

// Submitted answers how many builds were submitted (repeated idempotency keys not
// counted): a retry that built twice would show here.
func (s *Server) Submitted() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.submitted
}

// Submission answers what a build was submitted with, by our reference.
func (s *Server) Submission(reference string) (buildservice.NewBuild, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.builds[s.keys[reference]]
	if b == nil {
		return buildservice.NewBuild{}, false
	}
	return b.in, true
}

type handler func(r *http.Request) (int, any)

func (s *Server) api(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		down := s.down
		s.mu.Unlock()
		status, body := http.StatusServiceUnavailable, any(map[string]string{"detail": "down"})
		switch {
		case down:
		case r.Header.Get("Authorization") != "Bearer "+s.APIKey:
			status, body = http.StatusUnauthorized, map[string]string{"detail": "bad key"}
		default:
			status, body = h(r)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(body)
	}
}

func (s *Server) submit(r *http.Request) (int, any) {
	var in buildservice.NewBuild
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		return http.StatusBadRequest, map[string]string{"detail": "bad json"}
	}
	key := r.Header.Get("Idempotency-Key")
	if key == "" || in.Platform == "" || in.BundleID == "" {
		return http.StatusUnprocessableEntity, map[string]string{"detail": "idempotency key, platform and bundle id are required"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if id, ok := s.keys[key]; ok {
		return http.StatusOK, s.view(s.builds[id])
	}
	b := &build{in: in, id: fmt.Sprintf("bld_%d", len(s.builds)+1), submitted: s.Now()}
	if strings.HasSuffix(in.Tag, FailingTagSuffix) {
		b.fail = "Signing failed: the local build service fails tags ending in " + FailingTagSuffix
	}
	if s.failNext != "" {
		b.fail, s.failNext = s.failNext, ""
	}
	s.builds[b.id], s.keys[key] = b, b.id
	s.submitted++
	return http.StatusCreated, s.view(b)
}

func (s *Server) get(r *http.Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.builds[r.PathValue("id")]
	if b == nil {
		return http.StatusNotFound, map[string]string{"detail": "no such build"}
	}
	return http.StatusOK, s.view(b)
}

// view is the build as the service answers it now (under mu).
func (s *Server) view(b *build) buildservice.Build {
	age := s.Now().Sub(b.submitted)
	out := buildservice.Build{ID: b.id, Status: "queued"}
	switch {
	case age >= s.Delay && b.fail != "":
		out.Status, out.FailureReason = "failed", b.fail
	case age >= s.Delay:
		out.Status, out.ArtifactURL = "succeeded", s.URL+"/artifacts/"+b.id+extension(b.in.Platform)
	case age >= s.Delay/3:
		out.Status = "building"
	}
	return out
}

func extension(platform string) string {
	if platform == "ios" {
		return ".ipa"
	}
	return ".aab"
}

// artifact serves a made-up artifact, so the overview's link leads somewhere.
func (s *Server) artifact(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", `attachment; filename="`+strings.ReplaceAll(r.PathValue("file"), `"`, "")+`"`)
	_, _ = w.Write([]byte("local build service artifact " + r.PathValue("file") + "\n"))
}
