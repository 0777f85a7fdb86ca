package readapitest

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"move/files"
	"move/internal/testenv"
	rmidentity "move/projections/identity"
	rmtaxonomy "move/projections/taxonomy"
	"move/readapi"
	"move/readapi/kernel"
	"net/http/httptest"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

type fileWorld struct {
	*Client
	Env *testenv.Env
}

func NewFileServer(t *testing.T, up files.Upscaler, cfg files.Config) fileWorld {
	t.Helper()
	env := testenv.New(t)
	// The memberships say who is staff and who an admin (decision 1334); RoleAuth's callers have none.
	// A wallet's labels are checked against the taxonomy: without its projector a
	// request after a write waited out ReadWait (decision 1330).
	env.RunProjections(t, env.Runner(t, rmidentity.Projector(), rmtaxonomy.Projector()))
	blobs, err := files.NewLocalStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	svc, err := files.New(env.DB, blobs, up, cfg, testenv.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	api, err := readapi.New(kernel.Deps{
		App: env.App, DB: env.DB, Auth: RoleAuth{}, Tenants: RoleAuth{}, Authz: RoleAuth{},
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(), Files: svc,
		Ready: func(context.Context) error { return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	// Uploads need no permission beyond being logged in: a trainer may upload.
	return fileWorld{Client: &Client{T: t, Base: srv.URL, Role: "trainer", Lang: "en"}, Env: env}
}

func TestPNG(w, h int, transparent bool) []byte {
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
