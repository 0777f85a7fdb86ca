package readapi_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"move/files"
	"move/files/upscalertest"
	"move/internal/testenv"
	rmidentity "move/projections/identity"
	"move/readapi"
)

type fileWorld struct {
	*client
	env *testenv.Env
}

func newFileServer(t *testing.T, up files.Upscaler, cfg files.Config) fileWorld {
	t.Helper()
	env := testenv.New(t)
	// The memberships say who is staff and who an admin (decision 1334); roleAuth's callers have none.
	env.RunProjections(t, env.Runner(t, rmidentity.Projector()))
	blobs, err := files.NewLocalStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	svc, err := files.New(env.DB, blobs, up, cfg, testenv.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	api, err := readapi.New(readapi.Deps{
		App: env.App, DB: env.DB, Auth: roleAuth{}, Tenants: roleAuth{}, Authz: roleAuth{},
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(), Files: svc,
		Ready: func(context.Context) error { return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	// Uploads need no permission beyond being logged in: a trainer may upload.
	return fileWorld{client: &client{t: t, base: srv.URL, role: "trainer", lang: "en"}, env: env}
}

// upload posts a multipart form: the file part and other fields.
func (c *client) upload(filename string, data []byte, fields map[string]string, headers ...string) response {
	c.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if filename != "" {
		fw, _ := mw.CreateFormFile("file", filename)
		_, _ = fw.Write(data)
	}
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	_ = mw.Close()
	return c.do("POST", "/v1/admin/files/upload", buf.String(), append([]string{"Content-Type", mw.FormDataContentType()}, headers...)...)
}

// public fetches without credentials, as an <img> tag does.
func (c *client) public(path string, headers ...string) (*http.Response, []byte) {
	c.t.Helper()
	req, _ := http.NewRequest("GET", c.base+path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

func testPNG(w, h int, transparent bool) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: 90, A: 255})
		}
	}
	if transparent {
		img.SetNRGBA(w/2, h/2, color.NRGBA{A: 10})
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return buf.Bytes()
}

func testJPEG(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90})
	return buf.Bytes()
}

// pngBomb is only a PNG header that claims w×h pixels.
func pngBomb(w, h uint32) []byte {
	var buf bytes.Buffer
	buf.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6
	chunk := append([]byte("IHDR"), ihdr...)
	_ = binary.Write(&buf, binary.BigEndian, uint32(len(ihdr)))
	buf.Write(chunk)
	_ = binary.Write(&buf, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return buf.Bytes()
}

func TestUploadAndServeImages(t *testing.T) {
	w := newFileServer(t, nil, files.Config{})
	r := w.want(w.upload("uploads/Team Photo.png", testPNG(1000, 500, false), map[string]string{"path": "uploads"}), http.StatusCreated)
	token, _ := dig(r.Body, "data", "token").(string)
	if len(token) != 32 || dig(r.Body, "data", "filename") != "Team Photo.png" || dig(r.Body, "data", "mime_type") != "image/png" ||
		dig(r.Body, "data", "size").(float64) < 100 || dig(r.Body, "data", "url") != "/v1/files/"+token+"/thumbnail" {
		t.Fatalf("upload answer: %s", r.Raw)
	}
	info := w.want(w.do("GET", "/v1/admin/files/"+token, nil), http.StatusOK)
	if dig(info.Body, "data", "token") != token || dig(info.Body, "data", "width").(float64) != 1000 || dig(info.Body, "data", "path") != "uploads" {
		t.Fatalf("file info: %s", info.Raw)
	}

	// The thumbnail (the default size) is served without credentials, resized into a
	// 200 px box, immutable.
	for _, path := range []string{"/v1/files/" + token + "/thumbnail", "/v1/files/" + token} {
		res, body := w.public(path)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || res.Header.Get("ETag") == "" ||
			!strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("%s: %d %v", path, res.StatusCode, res.Header)
		}
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil || img.Bounds().Dx() != 200 || img.Bounds().Dy() != 100 {
			t.Fatalf("thumbnail: %v %v", img.Bounds(), err)
		}
		again, _ := w.public(path, "If-None-Match", res.Header.Get("ETag"))
		if again.StatusCode != http.StatusNotModified {
			t.Fatalf("revalidation: %d", again.StatusCode)
		}
	}
	res, body := w.public("/v1/files/" + token + "/medium")
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(body)); res.StatusCode != 200 || err != nil || cfg.Width != 800 || cfg.Height != 400 {
		t.Fatalf("medium: %d %v %v", res.StatusCode, cfg, err)
	}
	if res, _ := w.public("/v1/files/" + token + "/gigantic"); res.StatusCode != 404 {
		t.Fatalf("unknown size: %d", res.StatusCode)
	}
	if res, _ := w.public("/v1/files/" + strings.Repeat("0", 32) + "/thumbnail"); res.StatusCode != 404 {
		t.Fatalf("unknown id: %d", res.StatusCode)
	}

	// JPEG stays JPEG; the original is the uploaded bytes.
	original := testJPEG(640, 480)
	r = w.want(w.upload("photo.jpeg", original, nil), http.StatusCreated)
	token = dig(r.Body, "data", "token").(string)
	res, body = w.public("/v1/files/" + token + "/thumbnail")
	img, err := jpeg.Decode(bytes.NewReader(body))
	if res.Header.Get("Content-Type") != "image/jpeg" || err != nil || img.Bounds().Dx() != 200 || img.Bounds().Dy() != 150 {
		t.Fatalf("jpeg thumbnail: %v %v %v", res.Header.Get("Content-Type"), err, img)
	}
	if _, body := w.public("/v1/files/" + token + "/original"); !bytes.Equal(body, original) {
		t.Fatal("original is not the uploaded bytes")
	}

	// Logged in only.
	w.role = ""
	w.want(w.upload("photo.png", testPNG(10, 10, false), nil), http.StatusUnauthorized)
}

func TestUploadRefusals(t *testing.T) {
	w := newFileServer(t, nil, files.Config{})
	tooBig := append(testPNG(4, 4, false), make([]byte, 2<<20)...)
	whole := testPNG(300, 300, false)
	truncated := whole[:len(whole)/2]
	cases := []struct {
		name     string
		filename string
		data     []byte
		fields   map[string]string
		lang     string
		status   int
		field    string
		contains []string
	}{
		{"text renamed .png", "notes.png", []byte("just some text, honestly\n"), nil, "en", 422, "file", []string{"must be an image"}},
		{"html renamed .jpg", "page.jpg", []byte("<html><script>alert(1)</script></html>"), nil, "en", 422, "file", []string{"must be an image"}},
		{"pdf", "doc.png", []byte("%PDF-1.4\n%…"), nil, "nl", 422, "file", []string{"afbeelding"}},
		{"over 2 MB", "big.png", tooBig, nil, "en", 413, "file", []string{"less than 2048KB"}},
		{"over 2 MB in Dutch", "big.png", tooBig, nil, "nl", 413, "file", []string{"kleiner zijn dan 2048KB"}},
		{"decompression bomb", "bomb.png", pngBomb(100000, 100000), nil, "en", 422, "file", []string{"too many pixels"}},
		{"truncated png", "cut.png", truncated, nil, "en", 422, "file", []string{"not a readable image"}},
		{"opaque icon", "icon.png", testPNG(200, 200, false), map[string]string{"check_transparency": "true"}, "en", 422, "check_transparency", []string{"transparent background"}},
		{"jpeg icon", "icon.jpg", testJPEG(200, 200), map[string]string{"check_transparency": "true"}, "nl", 422, "check_transparency", []string{"transparante achtergrond"}},
		{"too small", "logo.png", testPNG(200, 120, false), map[string]string{"min_dimensions": "300,300"}, "en", 422, "file", []string{"file", "300 by 300"}},
		{"too small in Dutch", "logo.png", testPNG(500, 120, false), map[string]string{"min_dimensions": "500,250"}, "nl", 422, "file", []string{"bestand", "500 bij 250"}},
		{"too large", "app.png", testPNG(1100, 1024, false), map[string]string{"max_dimensions": "1024,1024"}, "en", 422, "file", []string{"at most 1024 by 1024"}},
		{"bad dimensions", "a.png", testPNG(4, 4, false), map[string]string{"min_dimensions": "wide"}, "en", 422, "min_dimensions", []string{"width,height"}},
		{"bad visibility", "a.png", testPNG(4, 4, false), map[string]string{"visibility": "secret"}, "en", 422, "visibility", []string{"not valid"}},
		{"bad check_transparency", "a.png", testPNG(4, 4, false), map[string]string{"check_transparency": "maybe"}, "en", 422, "check_transparency", []string{"not valid"}},
		{"no file", "", nil, map[string]string{"visibility": "public"}, "en", 422, "file", []string{"required"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w.t, w.lang = t, tc.lang
			r := w.want(w.upload(tc.filename, tc.data, tc.fields), tc.status)
			msg, _ := dig(r.Body, "errors", "fields", tc.field).(string)
			for _, want := range tc.contains {
				if !strings.Contains(msg, want) {
					t.Fatalf("field %s: want %q in %q (%s)", tc.field, want, msg, r.Raw)
				}
			}
		})
	}
	w.t = t
	var n int
	if err := w.env.DB.QueryRow(context.Background(), `SELECT count(*) FROM files`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("refused uploads stored %d rows (%v)", n, err)
	}
	// Passing checks: transparent icon, dimensions within bounds, a form field order
	// with the file last.
	w.want(w.upload("icon.png", testPNG(200, 200, true), map[string]string{"check_transparency": "true", "min_dimensions": "200,200", "max_dimensions": "1024,1024"}), http.StatusCreated)
}

func TestFilesTenantIsolationAndPrivacy(t *testing.T) {
	w := newFileServer(t, nil, files.Config{})
	r := w.want(w.upload("secret.png", testPNG(300, 300, false), map[string]string{"visibility": "private"}), http.StatusCreated)
	private := dig(r.Body, "data", "token").(string)
	if dig(r.Body, "data", "url") != nil {
		t.Fatalf("a private file has no public url: %s", r.Raw)
	}
	public := dig(w.want(w.upload("open.png", testPNG(300, 300, false), nil), http.StatusCreated).Body, "data", "token").(string)

	// The private file is known to its application, never served publicly.
	w.want(w.do("GET", "/v1/admin/files/"+private, nil), http.StatusOK)
	for _, size := range []string{"thumbnail", "original", "large"} {
		if res, _ := w.public("/v1/files/" + private + "/" + size); res.StatusCode != 404 {
			t.Fatalf("private file served at %s: %d", size, res.StatusCode)
		}
	}
	// Its own application reads it through the authenticated route.
	content := w.want(w.do("GET", "/v1/admin/files/"+private+"/content/thumbnail", nil), http.StatusOK)
	if img, err := png.Decode(strings.NewReader(content.Raw)); err != nil || img.Bounds().Dx() != 200 {
		t.Fatalf("private thumbnail: %v", err)
	}
	w.want(w.do("GET", "/v1/admin/files/"+private+"/content/huge", nil), http.StatusNotFound)
	w.want(w.do("GET", "/v1/admin/files/"+private+"/content/original", nil, "ApplicationId", uuid.NewString()), http.StatusNotFound)
	// Another application sees neither.
	other := uuid.NewString()
	for _, token := range []string{private, public} {
		w.want(w.do("GET", "/v1/admin/files/"+token, nil, "ApplicationId", other), http.StatusNotFound)
	}
	w.want(w.do("GET", "/v1/admin/files/not-a-token", nil), http.StatusNotFound)

	// Row-level security, not only the query's filter: as the reader role in another
	// tenant the rows do not exist.
	ctx := context.Background()
	var visible int
	tx, err := w.env.DB.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_reader`); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `SELECT set_config('move.application_id', $1, true)`, other); err != nil {
		t.Fatal(err)
	}
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM files`).Scan(&visible); err != nil || visible != 0 {
		t.Fatalf("another tenant sees %d files (%v)", visible, err)
	}
}

func TestUploadUpscalesSmallImagesThroughTheProvider(t *testing.T) {
	provider := upscalertest.New("pk")
	defer provider.Close()
	up, err := files.NewHTTPUpscaler(provider.URL, "pk", nil)
	if err != nil {
		t.Fatal(err)
	}
	w := newFileServer(t, up, files.Config{UpscaleMinWidth: 300, UpscaleMinHeight: 300})
	r := w.want(w.upload("small.png", testPNG(160, 120, true), map[string]string{"min_dimensions": "300,200", "check_transparency": "true"}), http.StatusCreated)
	if dig(r.Body, "data", "width").(float64) != 320 || dig(r.Body, "data", "height").(float64) != 240 {
		t.Fatalf("upscaled twice: %s", r.Raw)
	}
	// The provider fails: the original is kept, and its own size is checked.
	provider.FailAt(upscalertest.StepProcess)
	r = w.want(w.upload("small.png", testPNG(160, 120, false), nil), http.StatusCreated)
	if dig(r.Body, "data", "width").(float64) != 160 {
		t.Fatalf("original kept: %s", r.Raw)
	}
	r = w.want(w.upload("small.png", testPNG(160, 120, false), map[string]string{"min_dimensions": "300,200"}), http.StatusUnprocessableEntity)
	if msg, _ := dig(r.Body, "errors", "fields", "file").(string); !strings.Contains(msg, "300 by 200") {
		t.Fatalf("dimensions of the original: %s", r.Raw)
	}
}
