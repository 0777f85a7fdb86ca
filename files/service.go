package files

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"log/slog"
	"path"
	"regexp"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/singleflight"

	"move/domain"
)

// Visibility of a file: public files are served to <img> tags by their unguessable id;
// private ones only through the authenticated API.
const (
	Public  = "public"
	Private = "private"
)

// Original is the size name of the stored bytes as uploaded (or as upscaled).
const Original = "original"

// Config is the service's limits and behaviour; zero values take the defaults.
type Config struct {
	// MaxBytes caps an uploaded image (2 MB, spec section 5).
	MaxBytes int64
	// MaxPixels caps width×height, read from the header before decoding.
	MaxPixels int64
	// Sizes are the variants by name: the longest side fits in that many pixels.
	Sizes map[string]int
	// UpscaleMinWidth/Height: a raster image smaller than either is sent to the upscaler
	// first (0 = that side never triggers it; both 0 = off).
	UpscaleMinWidth, UpscaleMinHeight int
	// UpscaleMultiplier: 2 or 4 (default 2, spec section 9).
	UpscaleMultiplier int
	// UpscaleTimeout bounds the whole upscaler conversation of one upload.
	UpscaleTimeout time.Duration
	// Decoders bounds how many images are decoded at once (memory).
	Decoders int
}

// DefaultSizes: thumbnail is the default size of an image reference (spec section 3).
var DefaultSizes = map[string]int{"thumbnail": 200, "small": 400, "medium": 800, "large": 1600}

func (c Config) withDefaults() Config {
	if c.MaxBytes == 0 {
		c.MaxBytes = 2 << 20
	}
	if c.MaxPixels == 0 {
		c.MaxPixels = 40_000_000
	}
	if c.Sizes == nil {
		c.Sizes = DefaultSizes
	}
	if c.UpscaleMultiplier == 0 {
		c.UpscaleMultiplier = 2
	}
	if c.UpscaleTimeout == 0 {
		c.UpscaleTimeout = 60 * time.Second
	}
	if c.Decoders == 0 {
		c.Decoders = 4
	}
	return c
}

// Service is the file service.
type Service struct {
	db       *pgxpool.Pool
	blobs    BlobStore
	upscaler Upscaler
	cfg      Config
	log      *slog.Logger
	decoders chan struct{}
	variants singleflight.Group
}

// New makes the service; upscaler may be nil (no upscaling).
func New(db *pgxpool.Pool, blobs BlobStore, upscaler Upscaler, cfg Config, log *slog.Logger) (*Service, error) {
	if db == nil || blobs == nil || log == nil {
		return nil, errors.New("files: database, blob store and logger are required")
	}
	cfg = cfg.withDefaults()
	if err := CheckMultiplier(cfg.UpscaleMultiplier); err != nil {
		return nil, err
	}
	return &Service{db: db, blobs: blobs, upscaler: upscaler, cfg: cfg, log: log, decoders: make(chan struct{}, cfg.Decoders)}, nil
}

// MaxBytes is the upload cap, for the HTTP layer's body limit.
func (s *Service) MaxBytes() int64 { return s.cfg.MaxBytes }

// Dimensions is a 'width,height' pair.
type Dimensions struct{ Width, Height int }

// Upload is one upload request, already authorised.
type Upload struct {
	ApplicationID string
	UploadedBy    string
	Filename      string
	Data          []byte
	Visibility    string
	Folder        string
	// CheckTransparency: the image must have at least one pixel that is not opaque.
	CheckTransparency bool
	MinDimensions     *Dimensions
	MaxDimensions     *Dimensions
}

// File is a stored file's metadata.
type File struct {
	Token         string
	ApplicationID string
	Filename      string
	Folder        string
	Size          int64
	MimeType      string
	Width         int
	Height        int
	Visibility    string
	UploadedBy    string
	CreatedAt     time.Time
}

// AcceptedTypes names the accepted types for messages.
const AcceptedTypes = "jpg, jpeg, png, gif, bmp, webp, tiff, svg"

// Upload checks the file, upscales a small image when configured, stores it and its
// metadata. Refused input is a *domain.ValidationError under "file" or
// "check_transparency"; nothing is stored then.
func (s *Service) Upload(ctx context.Context, in Upload) (File, error) {
	if _, err := uuid.Parse(in.ApplicationID); err != nil {
		return File{}, errors.New("files: upload without an application")
	}
	bad := &domain.ValidationError{}
	if len(in.Data) == 0 {
		bad.Add("file", "validation.required", nil)
		return File{}, bad
	}
	if int64(len(in.Data)) > s.cfg.MaxBytes {
		bad.Add("file", "files.too_large", map[string]any{"size": s.cfg.MaxBytes / 1024})
		return File{}, bad
	}
	if in.Visibility == "" {
		in.Visibility = Public
	}
	if in.Visibility != Public && in.Visibility != Private {
		bad.Add("visibility", "validation.invalid", nil)
		return File{}, bad
	}
	data := in.Data
	mime := sniff(data, in.Filename)
	if mime == "" {
		bad.Add("file", "files.type", map[string]any{"types": AcceptedTypes})
		return File{}, bad
	}
	var width, height int
	if mime != mimeSVG {
		w, h, err := s.header(data, mime)
		if err != nil {
			return File{}, err
		}
		width, height = w, h
		if s.needsUpscale(w, h) {
			if up, upMime, uw, uh, ok := s.tryUpscale(ctx, data, in.Filename, mime); ok {
				data, mime, width, height = up, upMime, uw, uh
			}
		}
		img, err := s.decode(data)
		if err != nil {
			bad.Add("file", "files.corrupt", nil)
			return File{}, bad
		}
		if in.CheckTransparency && !hasTransparency(img) {
			bad.Add("check_transparency", "files.not_transparent", nil)
		}
		if d := in.MinDimensions; d != nil && (width < d.Width || height < d.Height) {
			bad.Add("file", "files.min_dimensions", map[string]any{"width": d.Width, "height": d.Height})
		}
		if d := in.MaxDimensions; d != nil && (width > d.Width || height > d.Height) {
			bad.Add("file", "files.max_dimensions", map[string]any{"width": d.Width, "height": d.Height})
		}
	} else if in.CheckTransparency {
		// A vector drawing has no pixels to check: icons that must be transparent are
		// raster images (spec: location type icon png).
		bad.Add("check_transparency", "files.transparency_raster", nil)
	}
	if err := bad.OrNil(); err != nil {
		return File{}, err
	}

	f := File{
		Token: newToken(), ApplicationID: in.ApplicationID, Filename: cleanFilename(in.Filename, mime),
		Folder: cleanFolder(in.Folder), Size: int64(len(data)), MimeType: mime, Width: width, Height: height,
		Visibility: in.Visibility, UploadedBy: in.UploadedBy,
	}
	if err := s.blobs.Put(ctx, originalKey(f.Token), data); err != nil {
		return File{}, fmt.Errorf("files: store: %w", err)
	}
	err := s.write(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `
			INSERT INTO files (id, application_id, filename, folder, size, mime_type, width, height, visibility, uploaded_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING created_at`,
			f.Token, f.ApplicationID, f.Filename, f.Folder, f.Size, f.MimeType, f.Width, f.Height, f.Visibility, f.UploadedBy,
		).Scan(&f.CreatedAt)
	})
	if err != nil {
		_ = s.blobs.Delete(context.WithoutCancel(ctx), originalKey(f.Token))
		return File{}, fmt.Errorf("files: metadata: %w", err)
	}
	return f, nil
}

// header reads the dimensions without decoding and applies the pixel cap, so a
// decompression bomb is refused before any pixel memory is allocated.
func (s *Service) header(data []byte, mime string) (int, int, error) {
	bad := &domain.ValidationError{}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || format != rasterFormats[mime] || cfg.Width <= 0 || cfg.Height <= 0 {
		bad.Add("file", "files.corrupt", nil)
		return 0, 0, bad
	}
	if int64(cfg.Width)*int64(cfg.Height) > s.cfg.MaxPixels {
		bad.Add("file", "files.too_many_pixels", map[string]any{"megapixels": s.cfg.MaxPixels / 1_000_000})
		return 0, 0, bad
	}
	return cfg.Width, cfg.Height, nil
}

// decode decodes an image whose header passed the pixel cap, a few at a time.
func (s *Service) decode(data []byte) (image.Image, error) {
	s.decoders <- struct{}{}
	defer func() { <-s.decoders }()
	img, _, err := image.Decode(bytes.NewReader(data))
	return img, err
}

func (s *Service) needsUpscale(w, h int) bool {
	if s.upscaler == nil {
		return false
	}
	return (s.cfg.UpscaleMinWidth > 0 && w < s.cfg.UpscaleMinWidth) || (s.cfg.UpscaleMinHeight > 0 && h < s.cfg.UpscaleMinHeight)
}

// tryUpscale asks the upscaler; any failure (or an answer that is not an acceptable
// image) is logged and the original is kept.
func (s *Service) tryUpscale(ctx context.Context, data []byte, filename, mime string) ([]byte, string, int, int, bool) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.UpscaleTimeout)
	defer cancel()
	up, err := s.upscaler.Upscale(ctx, data, cleanFilename(filename, mime), s.cfg.UpscaleMultiplier)
	if err != nil {
		s.log.Warn("upscaling failed; keeping the original", "error", err)
		return nil, "", 0, 0, false
	}
	upMime := sniff(up, "")
	if upMime == "" {
		s.log.Warn("upscaler answered something that is not an accepted image; keeping the original")
		return nil, "", 0, 0, false
	}
	w, h, err := s.header(up, upMime)
	if err != nil {
		s.log.Warn("upscaled image refused; keeping the original", "error", err)
		return nil, "", 0, 0, false
	}
	return up, upMime, w, h, true
}

// Get answers a file of the application (404 for an unknown token or another
// application's file).
func (s *Service) Get(ctx context.Context, applicationID, token string) (File, error) {
	notFound := &domain.NotFoundError{Kind: "file", ID: token}
	if !tokenPattern.MatchString(token) {
		return File{}, notFound
	}
	var f File
	err := s.readInTenant(ctx, applicationID, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `
			SELECT id, application_id::text, filename, folder, size, mime_type, width, height, visibility, uploaded_by, created_at
			  FROM files WHERE id = $1 AND application_id = $2`, token, applicationID).
			Scan(&f.Token, &f.ApplicationID, &f.Filename, &f.Folder, &f.Size, &f.MimeType, &f.Width, &f.Height, &f.Visibility, &f.UploadedBy, &f.CreatedAt)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return File{}, notFound
	}
	return f, err
}

// Variant is an image as served.
type Variant struct {
	Data     []byte
	MimeType string
	ETag     string
}

// Serve answers a public file at a size: the original, or a variant resized once and
// then cached in the blob store. Unknown ids, private files and unknown sizes are not
// found.
func (s *Service) Serve(ctx context.Context, token, size string) (Variant, error) {
	if _, known := s.cfg.Sizes[size]; !tokenPattern.MatchString(token) || (!known && size != Original) {
		return Variant{}, &domain.NotFoundError{Kind: "file", ID: token}
	}
	var mime string
	err := s.readPublic(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT mime_type FROM files WHERE id = $1 AND visibility = 'public'`, token).Scan(&mime)
	})
	return s.variant(ctx, token, size, mime, err)
}

// Content answers a file of the application at a size, private or public (the
// authenticated route; 404 for another application's file).
func (s *Service) Content(ctx context.Context, applicationID, token, size string) (Variant, error) {
	f, err := s.Get(ctx, applicationID, token)
	if err != nil {
		return Variant{}, err
	}
	if _, known := s.cfg.Sizes[size]; !known && size != Original {
		return Variant{}, &domain.NotFoundError{Kind: "file", ID: token}
	}
	return s.variant(ctx, token, size, f.MimeType, nil)
}

// variant makes or reads the size of a file found (lookup nil) with type mime.
func (s *Service) variant(ctx context.Context, token, size, mime string, lookup error) (Variant, error) {
	notFound := &domain.NotFoundError{Kind: "file", ID: token}
	if errors.Is(lookup, pgx.ErrNoRows) {
		return Variant{}, notFound
	}
	if lookup != nil {
		return Variant{}, lookup
	}
	box := s.cfg.Sizes[size]
	etag := `"` + token + "-" + size + `"`
	if size == Original || mime == mimeSVG {
		data, err := s.blobs.Get(ctx, originalKey(token))
		if errors.Is(err, ErrBlobNotFound) {
			return Variant{}, notFound
		}
		return Variant{Data: data, MimeType: mime, ETag: etag}, err
	}
	key := variantKey(token, size)
	if data, err := s.blobs.Get(ctx, key); err == nil {
		return Variant{Data: data, MimeType: variantType(mime), ETag: etag}, nil
	} else if !errors.Is(err, ErrBlobNotFound) {
		return Variant{}, err
	}
	// Made once: concurrent first requests for the same variant share one resize.
	v, err, _ := s.variants.Do(key, func() (any, error) {
		// Shared by every waiter: one caller going away does not fail the others.
		ctx := context.WithoutCancel(ctx)
		original, err := s.blobs.Get(ctx, originalKey(token))
		if err != nil {
			return nil, err
		}
		img, err := s.decode(original)
		if err != nil {
			return nil, err
		}
		b := img.Bounds()
		if b.Dx() <= box && b.Dy() <= box && variantType(mime) == mime {
			// Already small enough and in the variant's type: the original is the variant.
			return Variant{Data: original, MimeType: mime}, nil
		}
		data, err := resize(img, box, mime)
		if err != nil {
			return nil, err
		}
		if err := s.blobs.Put(ctx, key, data); err != nil {
			s.log.Warn("caching a variant failed", "key", key, "error", err)
		}
		return Variant{Data: data, MimeType: variantType(mime)}, nil
	})
	if errors.Is(err, ErrBlobNotFound) {
		return Variant{}, notFound
	}
	if err != nil {
		return Variant{}, err
	}
	out := v.(Variant)
	out.ETag = etag
	return out, nil
}

// readInTenant reads as move_reader with the tenant set for this transaction only:
// forced row-level security hides other applications' rows (decision 0102).
func (s *Service) readInTenant(ctx context.Context, applicationID string, fn func(pgx.Tx) error) error {
	if _, err := uuid.Parse(applicationID); err != nil {
		return pgx.ErrNoRows
	}
	return pgx.BeginTxFunc(ctx, s.db, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_reader`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT set_config('move.application_id', $1, true)`, applicationID); err != nil {
			return err
		}
		return fn(tx)
	})
}

// readPublic reads as move_reader without a tenant: only public files are visible
// (policy files_public_read, enabled for this transaction only).
func (s *Service) readPublic(ctx context.Context, fn func(pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, s.db, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_reader`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT set_config('move.public_files', 'on', true)`); err != nil {
			return err
		}
		return fn(tx)
	})
}

// write writes as move_writer, the role whose policy may write every tenant's rows.
func (s *Service) write(ctx context.Context, fn func(pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, s.db, pgx.TxOptions{}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_writer`); err != nil {
			return err
		}
		return fn(tx)
	})
}

// tokenPattern: 128 random bits in hex — the file's id and its public, unguessable
// address.
var tokenPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

func newToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand)
	return hex.EncodeToString(b[:])
}

func originalKey(token string) string      { return "originals/" + token[:2] + "/" + token }
func variantKey(token, size string) string { return "variants/" + token[:2] + "/" + token + "/" + size }

// cleanFilename keeps the name without any directory, without control characters,
// at most 150 characters, with an extension that matches the real content.
func cleanFilename(name, mime string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	name = path.Base(name)
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '/' || r == unicode.ReplacementChar {
			return -1
		}
		return r
	}, name)
	name = strings.Trim(strings.TrimSpace(name), ".")
	ext := strings.ToLower(path.Ext(name))
	exts := extensions[mime]
	stem := name
	if isImageExt(ext) {
		stem = strings.TrimSuffix(name, path.Ext(name))
		if !contains(exts, ext) {
			ext = ""
		}
	} else {
		ext = ""
	}
	if ext == "" && len(exts) > 0 {
		ext = exts[0]
	}
	if r := []rune(stem); len(r) > 150 {
		stem = string(r[:150])
	}
	if strings.TrimSpace(stem) == "" {
		stem = "file"
	}
	return stem + ext
}

func isImageExt(ext string) bool {
	for _, exts := range extensions {
		if contains(exts, ext) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

var folderSegment = regexp.MustCompile(`[^a-z0-9_-]+`)

// cleanFolder keeps a folder prefix as at most 4 segments of [a-z0-9_-], each at most
// 50 characters; '.', '..' and empty segments are dropped.
func cleanFolder(folder string) string {
	var out []string
	for _, seg := range strings.Split(strings.ReplaceAll(strings.ToLower(folder), `\`, "/"), "/") {
		seg = folderSegment.ReplaceAllString(seg, "")
		if seg == "" {
			continue
		}
		if len(seg) > 50 {
			seg = seg[:50]
		}
		out = append(out, seg)
		if len(out) == 4 {
			break
		}
	}
	return strings.Join(out, "/")
}
