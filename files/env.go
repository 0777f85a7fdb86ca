package files

import (
	"fmt"
	"log/slog"
	"strconv"

	"github.com/jackc/pgx/v5/pgxpool"
)

// FromEnv builds the service from the environment (getenv is os.Getenv):
//
//	FILES_DIR            blob folder (default ./var/files), used when FILES_S3_URL is unset
//	FILES_S3_URL         S3-compatible bucket instead: s3://ACCESS_KEY:SECRET_KEY@host:port/bucket?region=…&secure=true
//	FILES_S3_ACCESS_KEY  … or its credentials here instead of in the URL
//	FILES_S3_SECRET_KEY
//	FILES_MAX_PIXELS     pixel cap (default 40000000)
//	UPSCALER_URL         the upscaling provider's API base URL (upscaling off when unset)
//	UPSCALER_PUBLIC_KEY  its public project key
//	UPSCALE_MIN_WIDTH    upscale raster images narrower than this (0/unset: width never triggers)
//	UPSCALE_MIN_HEIGHT   … or lower than this
//	UPSCALE_MULTIPLIER   2 (default) or 4
func FromEnv(getenv func(string) string, db *pgxpool.Pool, log *slog.Logger) (*Service, error) {
	blobs, err := blobsFromEnv(getenv)
	if err != nil {
		return nil, err
	}
	var cfg Config
	ints := map[string]*int{"UPSCALE_MIN_WIDTH": &cfg.UpscaleMinWidth, "UPSCALE_MIN_HEIGHT": &cfg.UpscaleMinHeight, "UPSCALE_MULTIPLIER": &cfg.UpscaleMultiplier}
	for name, into := range ints {
		if v := getenv(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("%s: want a whole number, got %q", name, v)
			}
			*into = n
		}
	}
	if v := getenv("FILES_MAX_PIXELS"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("FILES_MAX_PIXELS: want a positive whole number, got %q", v)
		}
		cfg.MaxPixels = n
	}
	if cfg.UpscaleMultiplier != 0 {
		if err := CheckMultiplier(cfg.UpscaleMultiplier); err != nil {
			return nil, fmt.Errorf("UPSCALE_MULTIPLIER: %w", err)
		}
	}
	var up Upscaler
	if u := getenv("UPSCALER_URL"); u != "" {
		h, err := NewHTTPUpscaler(u, getenv("UPSCALER_PUBLIC_KEY"), nil)
		if err != nil {
			return nil, err
		}
		up = h
		if cfg.UpscaleMinWidth == 0 && cfg.UpscaleMinHeight == 0 {
			log.Warn("UPSCALER_URL is set but UPSCALE_MIN_WIDTH/HEIGHT are not: upscaling is off")
		}
	}
	return New(db, blobs, up, cfg, log)
}

// blobsFromEnv picks the blob store: the S3 bucket of FILES_S3_URL when it is set (a
// malformed one is refused, never replaced by local disk), FILES_DIR otherwise.
func blobsFromEnv(getenv func(string) string) (BlobStore, error) {
	if raw := getenv("FILES_S3_URL"); raw != "" {
		cfg, err := ParseS3URL(raw, getenv)
		if err != nil {
			return nil, err
		}
		return NewS3Store(cfg)
	}
	dir := getenv("FILES_DIR")
	if dir == "" {
		dir = "./var/files"
	}
	s, err := NewLocalStore(dir)
	if err != nil {
		return nil, fmt.Errorf("FILES_DIR: %w", err)
	}
	return s, nil
}
