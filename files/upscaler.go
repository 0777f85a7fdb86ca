package files

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Upscaler is the port to an image-upscaling service.
type Upscaler interface {
	// Upscale answers the image multiplier (2 or 4) times larger.
	Upscale(ctx context.Context, data []byte, filename string, multiplier int) ([]byte, error)
}

// ErrMultiplier: the spec's message for a multiplier other than 2 or 4.
var ErrMultiplier = errors.New("Multiplier must be either 2 or 4")

// CheckMultiplier accepts 2 and 4 only.
func CheckMultiplier(m int) error {
	if m != 2 && m != 4 {
		return ErrMultiplier
	}
	return nil
}

// HTTPUpscaler talks to the file-tool provider (spec section 7, "Image-upscaling"):
//
//	POST {base}/auth {public_key}                    → {token}
//	GET  {base}/start/upscaleimage                   → {server, task}
//	POST {scheme}://{server}/v1/upload (file, task)  → {server_filename}
//	POST {base}/process {task, tool, multiplier, files} → 2xx
//	GET  {base}/download/{task}                      → the image bytes
//
// Calls after /auth carry "Authorization: Bearer {token}". {scheme} is the base URL's
// (https in production; the local test server speaks http).
type HTTPUpscaler struct {
	base      *url.URL
	publicKey string
	client    *http.Client
	// MaxDownload caps the answer's size.
	MaxDownload int64
}

// NewHTTPUpscaler: baseURL is UPSCALER_URL, publicKey UPSCALER_PUBLIC_KEY.
func NewHTTPUpscaler(baseURL, publicKey string, client *http.Client) (*HTTPUpscaler, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("UPSCALER_URL: want https://host/path, got %q", baseURL)
	}
	if publicKey == "" {
		return nil, errors.New("UPSCALER_PUBLIC_KEY is required with UPSCALER_URL")
	}
	if client == nil {
		client = &http.Client{Timeout: 60 * time.Second}
	}
	return &HTTPUpscaler{base: u, publicKey: publicKey, client: client, MaxDownload: 32 << 20}, nil
}

type fileRef struct {
	ServerFilename string `json:"server_filename"`
	Filename       string `json:"filename"`
}

// Upscale runs the provider's flow; any failure is an error naming the step.
func (u *HTTPUpscaler) Upscale(ctx context.Context, data []byte, filename string, multiplier int) ([]byte, error) {
	if err := CheckMultiplier(multiplier); err != nil {
		return nil, err
	}
	var auth struct {
		Token string `json:"token"`
	}
	if err := u.json(ctx, http.MethodPost, u.endpoint("/auth"), "", map[string]string{"public_key": u.publicKey}, &auth); err != nil {
		return nil, fmt.Errorf("upscaler auth: %w", err)
	}
	if auth.Token == "" {
		return nil, errors.New("upscaler auth: no token")
	}
	var start struct {
		Server string `json:"server"`
		Task   string `json:"task"`
	}
	if err := u.json(ctx, http.MethodGet, u.endpoint("/start/upscaleimage"), auth.Token, nil, &start); err != nil {
		return nil, fmt.Errorf("upscaler start: %w", err)
	}
	server, err := u.serverURL(start.Server)
	if err != nil || start.Task == "" {
		return nil, fmt.Errorf("upscaler start: bad answer (server %q, task %q)", start.Server, start.Task)
	}
	var upload struct {
		ServerFilename string `json:"server_filename"`
	}
	if err := u.upload(ctx, server+"/v1/upload", auth.Token, start.Task, filename, data, &upload); err != nil {
		return nil, fmt.Errorf("upscaler upload: %w", err)
	}
	if upload.ServerFilename == "" {
		return nil, errors.New("upscaler upload: no server_filename")
	}
	process := map[string]any{
		"task": start.Task, "tool": "upscaleimage", "multiplier": multiplier,
		"files": []fileRef{{ServerFilename: upload.ServerFilename, Filename: filename}},
	}
	if err := u.json(ctx, http.MethodPost, u.endpoint("/process"), auth.Token, process, nil); err != nil {
		return nil, fmt.Errorf("upscaler process: %w", err)
	}
	res, err := u.do(ctx, http.MethodGet, u.endpoint("/download/"+url.PathEscape(start.Task)), auth.Token, "", nil)
	if err != nil {
		return nil, fmt.Errorf("upscaler download: %w", err)
	}
	defer res.Body.Close()
	out, tooLarge, err := readAll(res.Body, u.MaxDownload)
	if err != nil {
		return nil, fmt.Errorf("upscaler download: %w", err)
	}
	if tooLarge {
		return nil, errors.New("upscaler download: answer too large")
	}
	if len(out) == 0 {
		return nil, errors.New("upscaler download: empty answer")
	}
	return out, nil
}

func (u *HTTPUpscaler) endpoint(p string) string { return u.base.String() + p }

// serverURL accepts a bare host[:port] from the provider, nothing else (no path, user
// or query to smuggle), with the base URL's scheme.
func (u *HTTPUpscaler) serverURL(server string) (string, error) {
	if server == "" || strings.ContainsAny(server, "/?#@\\ ") {
		return "", errors.New("bad server")
	}
	p, err := url.Parse(u.base.Scheme + "://" + server)
	if err != nil || p.Hostname() == "" || p.Path != "" {
		return "", errors.New("bad server")
	}
	return u.base.Scheme + "://" + p.Host, nil
}

func (u *HTTPUpscaler) json(ctx context.Context, method, url, token string, body, into any) error {
	var rd io.Reader
	ct := ""
	if body != nil {
		buf, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd, ct = bytes.NewReader(buf), "application/json"
	}
	res, err := u.do(ctx, method, url, token, ct, rd)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, tooLarge, err := readAll(res.Body, 1<<20)
	if err != nil {
		return err
	}
	if tooLarge {
		return errors.New("answer too large")
	}
	if into == nil {
		return nil
	}
	if err := json.Unmarshal(raw, into); err != nil {
		return fmt.Errorf("answer is not the expected JSON: %w", err)
	}
	return nil
}

func (u *HTTPUpscaler) upload(ctx context.Context, url, token, task, filename string, data []byte, into any) error {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if err := mw.WriteField("task", task); err != nil {
		return err
	}
	fw, err := mw.CreateFormFile("file", filename)
	if err != nil {
		return err
	}
	if _, err := fw.Write(data); err != nil {
		return err
	}
	if err := mw.Close(); err != nil {
		return err
	}
	res, err := u.do(ctx, http.MethodPost, url, token, mw.FormDataContentType(), &buf)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, _, err := readAll(res.Body, 1<<20)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, into)
}

// do sends one request; an answer other than 2xx is an error.
func (u *HTTPUpscaler) do(ctx context.Context, method, url, token, contentType string, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return nil, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Accept", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := u.client.Do(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
		res.Body.Close()
		return nil, fmt.Errorf("%s %s: status %d", method, req.URL.Path, res.StatusCode)
	}
	return res, nil
}
