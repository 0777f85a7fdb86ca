package files

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"move/domain"
	"move/domain/names"
	"move/files"
	"move/readapi/kernel"
)

// fileInfo is an uploaded file as the upload widget shows it (spec section 3).
type fileInfo struct {
	Token    string `json:"token"`
	Filename string `json:"filename"`
	Size     int64  `json:"size"`
	MimeType string `json:"mime_type"`
	// URL is the public image address (thumbnail); null for a private file.
	URL        *string `json:"url"`
	Width      int     `json:"width"`
	Height     int     `json:"height"`
	Visibility string  `json:"visibility"`
	Path       string  `json:"path"`
	CreatedAt  string  `json:"created_at"`
}

// fileRoutes: upload and file info need a logged-in user of the application; the image
// route is public (for <img> tags) but answers only public files, by a 128-bit random
// id. Without a file service (some tests) they answer 503.
func (s *Handlers) Routes() []kernel.Route {
	return []kernel.Route{
		{Method: http.MethodPost, Pattern: "/v1/admin/files/upload", Permission: kernel.Authenticated,
			Handler: s.withFiles(s.uploadFile), Doc: kernel.Doc{Summary: "Upload a file (multipart/form-data: " +
				"file, visibility public|private, path, check_transparency, min_dimensions and max_dimensions as 'width,height')",
				Response: kernel.DataAnswer[fileInfo]{}, Status: http.StatusCreated,
				Form: []string{"file", "visibility", "path", "check_transparency", "min_dimensions", "max_dimensions"}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/files/{token}", Permission: kernel.Authenticated,
			Handler: s.withFiles(s.getFile), Doc: kernel.Doc{Summary: "An uploaded file's info", Response: kernel.DataAnswer[fileInfo]{}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/files/{token}/content/{size}", Permission: kernel.Authenticated,
			Handler: s.withFiles(s.fileContent), Doc: kernel.Doc{Summary: "A file of the application at a size, private ones included (image bytes)"}},
		{Method: http.MethodGet, Pattern: "/v1/files/{id}/{size}", Permission: kernel.Public,
			Handler: s.withFiles(s.serveFile), Doc: kernel.Doc{Summary: "A public image at a size: thumbnail, small, medium, large or original (image bytes)"}},
		{Method: http.MethodGet, Pattern: "/v1/files/{id}", Permission: kernel.Public,
			Handler: s.withFiles(s.serveFile), Doc: kernel.Doc{Summary: "A public image as a thumbnail (image bytes)"}},
	}
}

func (s *Handlers) withFiles(h func(http.ResponseWriter, *http.Request) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		if s.Files == nil {
			return kernel.ErrStatus(http.StatusServiceUnavailable, "files.unavailable")
		}
		return h(w, r)
	}
}

func toFileInfo(f files.File) fileInfo {
	info := fileInfo{Token: f.Token, Filename: f.Filename, Size: f.Size, MimeType: f.MimeType, Width: f.Width, Height: f.Height,
		Visibility: f.Visibility, Path: f.Folder, CreatedAt: kernel.Stamp(f.CreatedAt)}
	if f.Visibility == files.Public {
		url := "/v1/files/" + f.Token + "/thumbnail"
		info.URL = &url
	}
	return info
}

func fieldError(status int, field, key string, params map[string]any) *kernel.APIError {
	return &kernel.APIError{Status: status, Key: "validation.failed",
		Fields: map[string]domain.FieldError{field: {Field: field, Key: key, Params: params}}}
}

// uploadFile streams the multipart form: the file part is read up to the service's cap
// (a larger file is refused under "file" without reading it all), other parts up to 1 KB.
func (s *Handlers) uploadFile(w http.ResponseWriter, r *http.Request) error {
	if err := s.mustBeStaff(r); err != nil {
		return err
	}
	maxFile := s.Files.MaxBytes()
	tooLarge := fieldError(http.StatusRequestEntityTooLarge, "file", "files.too_large", map[string]any{"size": maxFile / 1024})
	ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || ct != "multipart/form-data" {
		return fieldError(http.StatusUnprocessableEntity, "file", "validation.required", nil)
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxFile+64<<10)
	mr, err := r.MultipartReader()
	if err != nil {
		return kernel.ErrStatus(http.StatusBadRequest, "error.bad_form")
	}
	in := files.Upload{ApplicationID: kernel.TenantFrom(r.Context()).ApplicationID, UploadedBy: kernel.PrincipalFrom(r.Context()).UserID}
	bad := &domain.ValidationError{}
	seenFile := false
	for parts := 0; ; parts++ {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return tooLarge
		}
		if err != nil || parts > 20 {
			return kernel.ErrStatus(http.StatusBadRequest, "error.bad_form")
		}
		name := part.FormName()
		if name == "file" {
			if seenFile {
				return kernel.ErrStatus(http.StatusBadRequest, "error.bad_form")
			}
			seenFile = true
			in.Filename = part.FileName()
			if names.Unprintable(in.Filename) {
				bad.Add("file", "validation.characters", nil)
			}
			data, err := io.ReadAll(io.LimitReader(part, maxFile+1))
			if errors.As(err, &mbe) || int64(len(data)) > maxFile {
				return tooLarge
			}
			if err != nil {
				return kernel.ErrStatus(http.StatusBadRequest, "error.bad_form")
			}
			in.Data = data
			continue
		}
		raw, err := io.ReadAll(io.LimitReader(part, 1025))
		if errors.As(err, &mbe) {
			return tooLarge
		}
		if err != nil || len(raw) > 1024 {
			return kernel.ErrStatus(http.StatusBadRequest, "error.bad_form")
		}
		value := strings.TrimSpace(string(raw))
		if names.Unprintable(value) {
			bad.Add(name, "validation.characters", nil)
			continue
		}
		switch name {
		case "visibility":
			in.Visibility = value
		case "path":
			in.Folder = value
		case "check_transparency":
			switch strings.ToLower(value) {
			case "true", "1":
				in.CheckTransparency = true
			case "false", "0", "":
			default:
				bad.Add(name, "validation.invalid", nil)
			}
		case "min_dimensions", "max_dimensions":
			if value == "" {
				continue
			}
			d, ok := parseDimensions(value)
			if !ok {
				bad.Add(name, "files.dimensions_format", nil)
				continue
			}
			if name == "min_dimensions" {
				in.MinDimensions = &d
			} else {
				in.MaxDimensions = &d
			}
		}
	}
	if !seenFile || len(in.Data) == 0 {
		bad.Add("file", "validation.required", nil)
	}
	if err := bad.OrNil(); err != nil {
		return err
	}
	f, err := s.Files.Upload(r.Context(), in)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusCreated, kernel.DataAnswer[fileInfo]{Data: toFileInfo(f)})
	return nil
}

// parseDimensions reads 'width,height' (positive whole numbers).
func parseDimensions(v string) (files.Dimensions, bool) {
	ws, hs, ok := strings.Cut(v, ",")
	if !ok {
		return files.Dimensions{}, false
	}
	w, err1 := strconv.Atoi(strings.TrimSpace(ws))
	h, err2 := strconv.Atoi(strings.TrimSpace(hs))
	if err1 != nil || err2 != nil || w < 0 || h < 0 || w > 100_000 || h > 100_000 {
		return files.Dimensions{}, false
	}
	return files.Dimensions{Width: w, Height: h}, true
}

func (s *Handlers) getFile(w http.ResponseWriter, r *http.Request) error {
	f, err := s.Files.Get(r.Context(), kernel.TenantFrom(r.Context()).ApplicationID, chi.URLParam(r, "token"))
	if err != nil {
		return err
	}
	if err := s.mayRead(r, f); err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[fileInfo]{Data: toFileInfo(f)})
	return nil
}

func (s *Handlers) fileContent(w http.ResponseWriter, r *http.Request) error {
	f, err := s.Files.Get(r.Context(), kernel.TenantFrom(r.Context()).ApplicationID, chi.URLParam(r, "token"))
	if err != nil {
		return err
	}
	if err := s.mayRead(r, f); err != nil {
		return err
	}
	v, err := s.Files.Content(r.Context(), kernel.TenantFrom(r.Context()).ApplicationID, chi.URLParam(r, "token"), chi.URLParam(r, "size"))
	if err != nil {
		return err
	}
	writeImage(w, r, v, "private, max-age=3600")
	return nil
}

// serveFile answers image bytes for <img> tags: immutable (a token's bytes never
// change), with a sandboxing CSP so an SVG opened directly runs nothing.
func (s *Handlers) serveFile(w http.ResponseWriter, r *http.Request) error {
	size := chi.URLParam(r, "size")
	if size == "" {
		size = "thumbnail"
	}
	v, err := s.Files.Serve(r.Context(), chi.URLParam(r, "id"), size)
	if err != nil {
		return err
	}
	writeImage(w, r, v, "public, max-age=31536000, immutable")
	return nil
}

func writeImage(w http.ResponseWriter, r *http.Request, v files.Variant, cacheControl string) {
	h := w.Header()
	h.Set("ETag", v.ETag)
	h.Set("Cache-Control", cacheControl)
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	h.Set("Cross-Origin-Resource-Policy", "cross-origin")
	if match := r.Header.Get("If-None-Match"); match != "" && (match == v.ETag || match == "*") {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", v.MimeType)
	h.Set("Content-Length", strconv.Itoa(len(v.Data)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(v.Data)
}
