package files_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"slices"
	"testing"

	"move/files"
	"move/files/upscalertest"
)

func TestUpscalerFlow(t *testing.T) {
	srv := upscalertest.New("pk-test")
	defer srv.Close()
	up, err := files.NewHTTPUpscaler(srv.URL, "pk-test", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []int{2, 4} {
		out, err := up.Upscale(context.Background(), pngOf(30, 20, false), "small.png", m)
		if err != nil {
			t.Fatal(err)
		}
		cfg, _, err := image.DecodeConfig(bytes.NewReader(out))
		if err != nil || cfg.Width != 30*m || cfg.Height != 20*m {
			t.Fatalf("multiplier %d: %dx%d (%v)", m, cfg.Width, cfg.Height, err)
		}
	}
	want := []string{"auth", "start", "upload", "process", "download"}
	if got := srv.Calls(); !slices.Equal(got[:5], want) {
		t.Fatalf("calls: %v", got)
	}
}

func TestUpscalerMultiplier(t *testing.T) {
	srv := upscalertest.New("pk")
	defer srv.Close()
	up, _ := files.NewHTTPUpscaler(srv.URL, "pk", nil)
	for _, m := range []int{0, 1, 3, 8} {
		_, err := up.Upscale(context.Background(), pngOf(4, 4, false), "a.png", m)
		if !errors.Is(err, files.ErrMultiplier) || err.Error() != "Multiplier must be either 2 or 4" {
			t.Fatalf("multiplier %d: %v", m, err)
		}
	}
	if len(srv.Calls()) != 0 {
		t.Fatal("a bad multiplier calls nothing")
	}
}

func TestUpscalerFailures(t *testing.T) {
	for _, step := range []string{upscalertest.StepAuth, upscalertest.StepStart, upscalertest.StepUpload, upscalertest.StepProcess, upscalertest.StepDownload} {
		t.Run(step, func(t *testing.T) {
			srv := upscalertest.New("pk")
			defer srv.Close()
			srv.FailAt(step)
			up, _ := files.NewHTTPUpscaler(srv.URL, "pk", nil)
			if _, err := up.Upscale(context.Background(), pngOf(4, 4, false), "a.png", 2); err == nil {
				t.Fatal("want an error")
			}
			calls := srv.Calls()
			if calls[len(calls)-1] != step {
				t.Fatalf("stopped after %v, want at %s", calls, step)
			}
		})
	}
	t.Run("wrong key", func(t *testing.T) {
		srv := upscalertest.New("pk")
		defer srv.Close()
		up, _ := files.NewHTTPUpscaler(srv.URL, "other", nil)
		if _, err := up.Upscale(context.Background(), pngOf(4, 4, false), "a.png", 2); err == nil {
			t.Fatal("want an error")
		}
	})
	t.Run("unreachable", func(t *testing.T) {
		srv := upscalertest.New("pk")
		url := srv.URL
		srv.Close()
		up, _ := files.NewHTTPUpscaler(url, "pk", nil)
		if _, err := up.Upscale(context.Background(), pngOf(4, 4, false), "a.png", 2); err == nil {
			t.Fatal("want an error")
		}
	})
}

func TestUpscalerConfig(t *testing.T) {
	for _, u := range []string{"", "ftp://x", "not a url", "https://"} {
		if _, err := files.NewHTTPUpscaler(u, "pk", nil); err == nil {
			t.Fatalf("%q accepted", u)
		}
	}
	if _, err := files.NewHTTPUpscaler("https://api.example.com/v1", "", nil); err == nil {
		t.Fatal("no public key accepted")
	}
}
