package files_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/uuid"

	"move/domain"
	"move/files"
	"move/files/upscalertest"
	"move/internal/testdb"
)

func newService(t *testing.T, up files.Upscaler, cfg files.Config) (*files.Service, string) {
	t.Helper()
	db := testdb.Pool(t, testdb.New(t))
	dir := t.TempDir()
	blobs, err := files.NewLocalStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := files.New(db, blobs, up, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return s, dir
}

func fieldKey(t *testing.T, err error, field string) string {
	t.Helper()
	var v *domain.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("want a validation error, got %v", err)
	}
	for _, f := range v.Fields {
		if f.Field == field {
			return f.Key
		}
	}
	t.Fatalf("no error under %s: %v", field, err)
	return ""
}

func TestUploadUpscalesSmallImages(t *testing.T) {
	srv := upscalertest.New("pk")
	defer srv.Close()
	up, _ := files.NewHTTPUpscaler(srv.URL, "pk", nil)
	s, _ := newService(t, up, files.Config{UpscaleMinWidth: 100, UpscaleMinHeight: 100, UpscaleMultiplier: 4})
	app := uuid.NewString()
	ctx := context.Background()

	f, err := s.Upload(ctx, files.Upload{ApplicationID: app, UploadedBy: "u", Filename: "small.png", Data: pngOf(40, 30, false),
		MinDimensions: &files.Dimensions{Width: 150, Height: 100}})
	if err != nil {
		t.Fatal(err)
	}
	if f.Width != 160 || f.Height != 120 || f.MimeType != "image/png" {
		t.Fatalf("upscaled: %+v", f)
	}
	// Large enough already: the provider is not called.
	calls := len(srv.Calls())
	if _, err := s.Upload(ctx, files.Upload{ApplicationID: app, UploadedBy: "u", Filename: "big.png", Data: pngOf(120, 100, false)}); err != nil {
		t.Fatal(err)
	}
	if len(srv.Calls()) != calls {
		t.Fatal("an image large enough was sent to the upscaler")
	}

	// Any failure keeps the original.
	for _, step := range []string{upscalertest.StepAuth, upscalertest.StepStart, upscalertest.StepUpload, upscalertest.StepProcess, upscalertest.StepDownload, upscalertest.Garbage} {
		srv.FailAt(step)
		f, err := s.Upload(ctx, files.Upload{ApplicationID: app, UploadedBy: "u", Filename: "small.jpg", Data: jpegOf(40, 30)})
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		if f.Width != 40 || f.Height != 30 || f.MimeType != "image/jpeg" {
			t.Fatalf("%s: the original is kept, got %+v", step, f)
		}
	}
}

func TestDecompressionBombRefusedBeforeDecoding(t *testing.T) {
	s, dir := newService(t, nil, files.Config{})
	bomb := bombPNG(100000, 100000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := s.Upload(context.Background(), files.Upload{ApplicationID: uuid.NewString(), UploadedBy: "u", Filename: "bomb.png", Data: bomb})
	runtime.ReadMemStats(&after)
	if k := fieldKey(t, err, "file"); k != "files.too_many_pixels" {
		t.Fatalf("bomb: %s", k)
	}
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 8<<20 {
		t.Fatalf("refusing the bomb allocated %d bytes", grown)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatal("a refused upload stored something")
	}
}

func TestSVG(t *testing.T) {
	s, _ := newService(t, nil, files.Config{})
	app := uuid.NewString()
	ctx := context.Background()
	ok := `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>`
	f, err := s.Upload(ctx, files.Upload{ApplicationID: app, UploadedBy: "u", Filename: "logo.svg", Data: []byte(ok)})
	if err != nil || f.MimeType != "image/svg+xml" || f.Filename != "logo.svg" {
		t.Fatalf("plain svg: %+v %v", f, err)
	}
	// Same bytes without the .svg name: not accepted (text has no magic number).
	if k := fieldKey(t, ignore(s.Upload(ctx, files.Upload{ApplicationID: app, UploadedBy: "u", Filename: "logo.png", Data: []byte(ok)})), "file"); k != "files.type" {
		t.Fatal(k)
	}
	for name, bad := range map[string]string{
		"script":      `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
		"handler":     `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>`,
		"js link":     `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href=" javascript:alert(1)"><rect/></a></svg>`,
		"foreign":     `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe/></foreignObject></svg>`,
		"entities":    `<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>`,
		"not svg":     `<html><body/></html>`,
		"not xml":     `<svg><rect></svg>`,
		"check alpha": ok,
	} {
		_, err := s.Upload(ctx, files.Upload{ApplicationID: app, UploadedBy: "u", Filename: "x.svg", Data: []byte(bad), CheckTransparency: name == "check alpha"})
		field := "file"
		if name == "check alpha" {
			field = "check_transparency"
		}
		if fieldKey(t, err, field) == "" {
			t.Fatalf("%s accepted", name)
		}
	}
}

func ignore(_ files.File, err error) error { return err }

func TestNamesAndFolders(t *testing.T) {
	s, _ := newService(t, nil, files.Config{})
	app := uuid.NewString()
	for _, tc := range []struct{ name, folder, wantName, wantFolder string }{
		{"uploads/photo.png", "uploads", "photo.png", "uploads"},
		{`C:\Users\x\My Photo.PNG`, "../../etc", "My Photo.png", "etc"},
		{"photo.jpg", "A/./b//C d", "photo.png", "a/b/cd"},
		{"..", "", "file.png", ""},
		{"report.exe", "", "report.exe.png", ""},
		{strings.Repeat("x", 300) + ".png", "", strings.Repeat("x", 150) + ".png", ""},
	} {
		f, err := s.Upload(context.Background(), files.Upload{ApplicationID: app, UploadedBy: "u", Filename: tc.name, Folder: tc.folder, Data: pngOf(2, 2, false)})
		if err != nil {
			t.Fatal(err)
		}
		if f.Filename != tc.wantName || f.Folder != tc.wantFolder {
			t.Errorf("%q in %q: got %q in %q", tc.name, tc.folder, f.Filename, f.Folder)
		}
	}
}

func TestServeVariantsAreCached(t *testing.T) {
	s, dir := newService(t, nil, files.Config{})
	ctx := context.Background()
	f, err := s.Upload(ctx, files.Upload{ApplicationID: uuid.NewString(), UploadedBy: "u", Filename: "p.png", Data: pngOf(1000, 500, true)})
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.Serve(ctx, f.Token, "small")
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(v.Data))
	if err != nil || cfg.Width != 400 || cfg.Height != 200 {
		t.Fatalf("small: %dx%d %v", cfg.Width, cfg.Height, err)
	}
	cached, _ := filepath.Glob(filepath.Join(dir, "variants", "*", f.Token, "small"))
	if len(cached) != 1 {
		t.Fatal("the variant is not cached")
	}
	// A cached variant is served as stored.
	if err := os.WriteFile(cached[0], []byte("cached"), 0o600); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Serve(ctx, f.Token, "small"); string(v.Data) != "cached" {
		t.Fatal("the cached variant was not used")
	}
	if _, err := s.Serve(ctx, f.Token, "huge"); !isNotFound(err) {
		t.Fatalf("unknown size: %v", err)
	}
	if _, err := s.Serve(ctx, "../../etc/passwd", "original"); !isNotFound(err) {
		t.Fatalf("bad token: %v", err)
	}
}

func isNotFound(err error) bool {
	var nf *domain.NotFoundError
	return errors.As(err, &nf)
}
