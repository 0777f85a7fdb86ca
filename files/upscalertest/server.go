// Package upscalertest is a local stand-in for the image-upscaling provider (spec
// section 7, "Image-upscaling"), following its protocol for tests and local runs:
//
//	POST /auth {public_key}                  → {token}
//	GET  /start/upscaleimage                 → {server, task}   (server: this server's host:port)
//	POST /v1/upload multipart (file, task)   → {server_filename}
//	POST /process {task, tool: "upscaleimage", multiplier: 2|4, files: [{server_filename, filename}]}
//	GET  /download/{task}                    → the upscaled image (PNG)
//
// Every call after /auth needs "Authorization: Bearer {token}". FailAt makes one step
// answer 500 (or, for "garbage", makes /download answer bytes that are no image).
package upscalertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"

	"golang.org/x/image/draw"
	_ "image/gif"  // decoders the provider accepts
	_ "image/jpeg" //
)

// Steps of the protocol, for FailAt.
const (
	StepAuth     = "auth"
	StepStart    = "start"
	StepUpload   = "upload"
	StepProcess  = "process"
	StepDownload = "download"
	// Garbage: /download answers bytes that are not an image.
	Garbage = "garbage"
)

// Server is the fake provider.
type Server struct {
	*httptest.Server
	PublicKey string

	mu       sync.Mutex
	failAt   string
	token    string
	tasks    map[string]*task
	calls    []string
	uploaded map[string][]byte
}

type task struct {
	result []byte
}

// New starts a provider that accepts publicKey.
func New(publicKey string) *Server {
	s := &Server{PublicKey: publicKey, tasks: map[string]*task{}, uploaded: map[string][]byte{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// FailAt makes a step fail ("" for none).
func (s *Server) FailAt(step string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failAt = step
}

// Calls answers the steps called so far, in order.
func (s *Server) Calls() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.calls...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	step := ""
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/auth":
		step = StepAuth
	case r.Method == http.MethodGet && r.URL.Path == "/start/upscaleimage":
		step = StepStart
	case r.Method == http.MethodPost && r.URL.Path == "/v1/upload":
		step = StepUpload
	case r.Method == http.MethodPost && r.URL.Path == "/process":
		step = StepProcess
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/download/"):
		step = StepDownload
	default:
		http.Error(w, "no such endpoint", http.StatusNotFound)
		return
	}
	s.calls = append(s.calls, step)
	if s.failAt == step {
		http.Error(w, "failing on purpose", http.StatusInternalServerError)
		return
	}
	if step != StepAuth && (s.token == "" || r.Header.Get("Authorization") != "Bearer "+s.token) {
		http.Error(w, "unauthorised", http.StatusUnauthorized)
		return
	}
	switch step {
	case StepAuth:
		var in struct {
			PublicKey string `json:"public_key"`
		}
		if json.NewDecoder(r.Body).Decode(&in) != nil || in.PublicKey != s.PublicKey {
			http.Error(w, "bad key", http.StatusUnauthorized)
			return
		}
		s.token = fmt.Sprintf("token-%d", len(s.calls))
		answer(w, map[string]string{"token": s.token})
	case StepStart:
		u, _ := url.Parse(s.URL)
		id := fmt.Sprintf("task-%d", len(s.tasks)+1)
		s.tasks[id] = &task{}
		answer(w, map[string]string{"server": u.Host, "task": id})
	case StepUpload:
		if err := r.ParseMultipartForm(32 << 20); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if s.tasks[r.FormValue("task")] == nil {
			http.Error(w, "unknown task", http.StatusBadRequest)
			return
		}
		f, h, err := r.FormFile("file")
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		data, _ := io.ReadAll(f)
		name := fmt.Sprintf("srv-%d-%s", len(s.uploaded)+1, h.Filename)
		s.uploaded[name] = data
		answer(w, map[string]string{"server_filename": name})
	case StepProcess:
		var in struct {
			Task       string `json:"task"`
			Tool       string `json:"tool"`
			Multiplier int    `json:"multiplier"`
			Files      []struct {
				ServerFilename string `json:"server_filename"`
				Filename       string `json:"filename"`
			} `json:"files"`
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Tool != "upscaleimage" || len(in.Files) != 1 {
			http.Error(w, "bad process request", http.StatusBadRequest)
			return
		}
		if in.Multiplier != 2 && in.Multiplier != 4 {
			http.Error(w, "Multiplier must be either 2 or 4", http.StatusBadRequest)
			return
		}
		t, data := s.tasks[in.Task], s.uploaded[in.Files[0].ServerFilename]
		if t == nil || data == nil {
			http.Error(w, "unknown task or file", http.StatusBadRequest)
			return
		}
		src, _, err := image.Decode(bytes.NewReader(data))
		if err != nil {
			http.Error(w, "not an image", http.StatusUnprocessableEntity)
			return
		}
		b := src.Bounds()
		dst := image.NewNRGBA(image.Rect(0, 0, b.Dx()*in.Multiplier, b.Dy()*in.Multiplier))
		draw.ApproxBiLinear.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
		var buf bytes.Buffer
		_ = png.Encode(&buf, dst)
		t.result = buf.Bytes()
		answer(w, map[string]string{"status": "TaskSuccess"})
	case StepDownload:
		t := s.tasks[strings.TrimPrefix(r.URL.Path, "/download/")]
		if t == nil || t.result == nil {
			http.Error(w, "not processed", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		if s.failAt == Garbage {
			_, _ = w.Write([]byte("this is not an image at all"))
			return
		}
		_, _ = w.Write(t.result)
	}
}

func answer(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
