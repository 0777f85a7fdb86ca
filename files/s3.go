package files

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config says where an S3-compatible bucket is and how to sign for it.
type S3Config struct {
	Endpoint  string // host:port, no scheme
	Bucket    string
	Region    string // empty: the client asks the server
	AccessKey string
	SecretKey string
	Secure    bool // https (the default) rather than http
}

// ParseS3URL reads FILES_S3_URL:
//
//	s3://ACCESS_KEY:SECRET_KEY@host:port/bucket?region=eu-west-1&secure=true
//
// secure defaults to true. The credentials may come from FILES_S3_ACCESS_KEY and
// FILES_S3_SECRET_KEY (through getenv) instead of the URL's userinfo, but not from both.
// Errors never repeat the URL, so a secret key never reaches a log.
func ParseS3URL(raw string, getenv func(string) string) (S3Config, error) {
	u, err := url.Parse(raw)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // url.Error quotes the whole URL, secret included
		}
		return S3Config{}, fmt.Errorf("FILES_S3_URL: not a URL: %v", err)
	}
	if u.Scheme != "s3" {
		return S3Config{}, fmt.Errorf("FILES_S3_URL: want the scheme s3://, got %q", u.Scheme)
	}
	if u.Host == "" || u.Hostname() == "" {
		return S3Config{}, errors.New("FILES_S3_URL: no host (want s3://ACCESS_KEY:SECRET_KEY@host:port/bucket)")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return S3Config{}, fmt.Errorf("FILES_S3_URL: bad port %q", p)
		}
	}
	bucket := strings.TrimPrefix(u.Path, "/")
	if bucket == "" || strings.Contains(bucket, "/") {
		return S3Config{}, fmt.Errorf("FILES_S3_URL: want exactly one path segment, the bucket, got %q", u.Path)
	}
	if u.Fragment != "" {
		return S3Config{}, errors.New("FILES_S3_URL: a fragment (#…) means nothing here")
	}
	cfg := S3Config{Endpoint: u.Host, Bucket: bucket, Secure: true}
	for name, values := range u.Query() {
		if len(values) != 1 {
			return S3Config{}, fmt.Errorf("FILES_S3_URL: %s given %d times", name, len(values))
		}
		switch v := values[0]; name {
		case "region":
			cfg.Region = v
		case "secure":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return S3Config{}, fmt.Errorf("FILES_S3_URL: secure: want true or false, got %q", v)
			}
			cfg.Secure = b
		default:
			return S3Config{}, fmt.Errorf("FILES_S3_URL: unknown parameter %q (known: region, secure)", name)
		}
	}
	envAccess, envSecret := getenv("FILES_S3_ACCESS_KEY"), getenv("FILES_S3_SECRET_KEY")
	if u.User != nil {
		if envAccess != "" || envSecret != "" {
			return S3Config{}, errors.New("FILES_S3_URL: credentials are both in the URL and in FILES_S3_ACCESS_KEY/FILES_S3_SECRET_KEY; keep one")
		}
		cfg.AccessKey = u.User.Username()
		cfg.SecretKey, _ = u.User.Password()
	} else {
		cfg.AccessKey, cfg.SecretKey = envAccess, envSecret
	}
	if cfg.AccessKey == "" || cfg.SecretKey == "" {
		return S3Config{}, errors.New("FILES_S3_URL: want an access key and a secret key, in the URL (s3://ACCESS_KEY:SECRET_KEY@…) or in FILES_S3_ACCESS_KEY and FILES_S3_SECRET_KEY")
	}
	return cfg, nil
}

// S3Store keeps blobs as objects in an S3-compatible bucket (FILES_S3_URL). A PUT is
// atomic on S3: a reader sees the old object or the new one, never half of it.
type S3Store struct {
	client *minio.Client
	cfg    S3Config
}

// NewS3Store makes the client; it does not contact the server (the bucket must exist).
func NewS3Store(cfg S3Config) (*S3Store, error) {
	c, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: cfg.Secure,
		Region: cfg.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("files: S3 client: %w", err)
	}
	return &S3Store{client: c, cfg: cfg}, nil
}

// Config answers where the store writes (the secret key included).
func (s *S3Store) Config() S3Config { return s.cfg }

// noSuchKey: the object is missing. A missing bucket is not: it is a configuration error
// and stays one.
func noSuchKey(err error) bool {
	return minio.ToErrorResponse(err).Code == "NoSuchKey"
}

func (s *S3Store) Put(ctx context.Context, key string, data []byte) error {
	if err := checkKey(key); err != nil {
		return err
	}
	_, err := s.client.PutObject(ctx, s.cfg.Bucket, key, bytes.NewReader(data), int64(len(data)),
		minio.PutObjectOptions{ContentType: "application/octet-stream"})
	if err != nil {
		return fmt.Errorf("files: S3 put %s: %w", key, err)
	}
	return nil
}

func (s *S3Store) Get(ctx context.Context, key string) ([]byte, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	obj, err := s.client.GetObject(ctx, s.cfg.Bucket, key, minio.GetObjectOptions{})
	if err != nil {
		if noSuchKey(err) {
			return nil, ErrBlobNotFound
		}
		return nil, fmt.Errorf("files: S3 get %s: %w", key, err)
	}
	defer obj.Close()
	data, err := io.ReadAll(obj) // the request is made on the first read
	if err != nil {
		if noSuchKey(err) {
			return nil, ErrBlobNotFound
		}
		return nil, fmt.Errorf("files: S3 get %s: %w", key, err)
	}
	return data, nil
}

// Delete is idempotent, as on S3 itself: deleting a missing object is no error.
func (s *S3Store) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := s.client.RemoveObject(ctx, s.cfg.Bucket, key, minio.RemoveObjectOptions{}); err != nil && !noSuchKey(err) {
		return fmt.Errorf("files: S3 delete %s: %w", key, err)
	}
	return nil
}

func (s *S3Store) Exists(ctx context.Context, key string) (bool, error) {
	if err := checkKey(key); err != nil {
		return false, err
	}
	_, err := s.client.StatObject(ctx, s.cfg.Bucket, key, minio.StatObjectOptions{})
	if err != nil {
		if noSuchKey(err) {
			return false, nil
		}
		return false, fmt.Errorf("files: S3 stat %s: %w", key, err)
	}
	return true, nil
}
