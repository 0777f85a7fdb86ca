package files_test

import (
	"bytes"
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"move/files"
)

// testBlobStore is the behaviour every BlobStore shares; each implementation runs it.
func testBlobStore(t *testing.T, s files.BlobStore) {
	ctx := context.Background()
	t.Run("invalid keys refused", func(t *testing.T) {
		for _, key := range []string{"../x", "/abs", "a/../../b", "A", "a//b", "", "a/", "a b", "a\x00b"} {
			if err := s.Put(ctx, key, []byte("x")); err == nil {
				t.Errorf("Put: key %q accepted", key)
			}
			if _, err := s.Get(ctx, key); err == nil || errors.Is(err, files.ErrBlobNotFound) {
				t.Errorf("Get: key %q: want an invalid-key error, got %v", key, err)
			}
			if _, err := s.Exists(ctx, key); err == nil {
				t.Errorf("Exists: key %q accepted", key)
			}
			if err := s.Delete(ctx, key); err == nil {
				t.Errorf("Delete: key %q accepted", key)
			}
		}
	})
	t.Run("missing", func(t *testing.T) {
		if _, err := s.Get(ctx, "missing/x"); !errors.Is(err, files.ErrBlobNotFound) {
			t.Fatalf("Get: want ErrBlobNotFound, got %v", err)
		}
		if ok, err := s.Exists(ctx, "missing/x"); ok || err != nil {
			t.Fatalf("Exists: %v %v", ok, err)
		}
		if err := s.Delete(ctx, "missing/x"); err != nil {
			t.Fatalf("Delete of a missing blob: %v", err)
		}
	})
	t.Run("put get overwrite delete", func(t *testing.T) {
		data := []byte("\x00\x89PNG binary \xff bytes")
		if err := s.Put(ctx, "a/b.c", data); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.Exists(ctx, "a/b.c"); !ok || err != nil {
			t.Fatalf("not stored: %v %v", ok, err)
		}
		if ok, _ := s.Exists(ctx, "a"); ok {
			t.Fatal("a key's prefix answers as a blob")
		}
		if got, err := s.Get(ctx, "a/b.c"); err != nil || !bytes.Equal(got, data) {
			t.Fatalf("Get: %q %v", got, err)
		}
		if err := s.Put(ctx, "a/b.c", []byte("second")); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Get(ctx, "a/b.c"); err != nil || string(got) != "second" {
			t.Fatalf("after overwrite: %q %v", got, err)
		}
		if err := s.Delete(ctx, "a/b.c"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Get(ctx, "a/b.c"); !errors.Is(err, files.ErrBlobNotFound) {
			t.Fatalf("after delete: %v", err)
		}
		if ok, err := s.Exists(ctx, "a/b.c"); ok || err != nil {
			t.Fatalf("Exists after delete: %v %v", ok, err)
		}
	})
	// No empty blob: the service never stores one (an empty upload sniffs as no image),
	// and the fake S3 refuses a zero-length PUT (Go's server drops its Content-Length: 0).
	t.Run("large blob", func(t *testing.T) {
		big := bytes.Repeat([]byte("0123456789abcdef"), 1<<18) // 4 MiB
		if err := s.Put(ctx, "variants/ab/big/1024", big); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Get(ctx, "variants/ab/big/1024"); err != nil || !bytes.Equal(got, big) {
			t.Fatalf("big: %d bytes, %v", len(got), err)
		}
	})
}

func TestLocalStore(t *testing.T) {
	s, err := files.NewLocalStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	testBlobStore(t, s)
}

// fakeS3 serves an in-memory S3 with one bucket and answers its FILES_S3_URL.
func fakeS3(t *testing.T, bucket string) string {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	return "s3://AKID:SECRET@" + strings.TrimPrefix(srv.URL, "http://") + "/" + bucket + "?region=eu-west-1&secure=false"
}

func s3StoreAt(t *testing.T, rawURL string) *files.S3Store {
	t.Helper()
	cfg, err := files.ParseS3URL(rawURL, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	s, err := files.NewS3Store(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestS3Store(t *testing.T) {
	testBlobStore(t, s3StoreAt(t, fakeS3(t, "move-files")))
}

// A missing bucket is a configuration error, never a missing blob: the service would
// otherwise answer 404 for every file instead of failing loudly.
func TestS3StoreMissingBucketIsNotABlobNotFound(t *testing.T) {
	s := s3StoreAt(t, strings.Replace(fakeS3(t, "move-files"), "/move-files?", "/no-such-bucket?", 1))
	ctx := context.Background()
	if _, err := s.Get(ctx, "a/b"); err == nil || errors.Is(err, files.ErrBlobNotFound) {
		t.Fatalf("Get: want a bucket error, got %v", err)
	}
	// Exists cannot tell: StatObject is a HEAD, whose 404 has no body to say which is
	// missing, and minio-go (like S3 itself) reports it as NoSuchKey.
	if err := s.Put(ctx, "a/b", []byte("x")); err == nil {
		t.Fatal("Put: a missing bucket answered no error")
	}
}

func envOf(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestBlobsFromEnv(t *testing.T) {
	t.Run("FILES_S3_URL builds a working S3 store", func(t *testing.T) {
		blobs, err := files.BlobsFromEnv(envOf(map[string]string{"FILES_S3_URL": fakeS3(t, "bucket-one"), "FILES_DIR": t.TempDir()}))
		if err != nil {
			t.Fatal(err)
		}
		s, ok := blobs.(*files.S3Store)
		if !ok {
			t.Fatalf("want an S3 store, got %T", blobs)
		}
		if c := s.Config(); c.Bucket != "bucket-one" || c.Region != "eu-west-1" || c.Secure || c.AccessKey != "AKID" || c.SecretKey != "SECRET" {
			t.Fatalf("config: %+v", c)
		}
		ctx := context.Background()
		if err := s.Put(ctx, "originals/ab/x", []byte("hi")); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Get(ctx, "originals/ab/x"); err != nil || string(got) != "hi" {
			t.Fatalf("%q %v", got, err)
		}
	})
	t.Run("defaults and credentials from env", func(t *testing.T) {
		blobs, err := files.BlobsFromEnv(envOf(map[string]string{
			"FILES_S3_URL":        "s3://s3.example.com/bucket",
			"FILES_S3_ACCESS_KEY": "ak", "FILES_S3_SECRET_KEY": "sk",
		}))
		if err != nil {
			t.Fatal(err)
		}
		c := blobs.(*files.S3Store).Config()
		want := files.S3Config{Endpoint: "s3.example.com", Bucket: "bucket", AccessKey: "ak", SecretKey: "sk", Secure: true}
		if c != want {
			t.Fatalf("got %+v, want %+v", c, want)
		}
	})
	t.Run("percent-encoded secret in the URL", func(t *testing.T) {
		c, err := files.ParseS3URL("s3://ak:a%2Fb%2Bc@h:9000/bk", envOf(nil))
		if err != nil || c.SecretKey != "a/b+c" || c.Endpoint != "h:9000" {
			t.Fatalf("%+v %v", c, err)
		}
	})
	t.Run("no FILES_S3_URL: local folder", func(t *testing.T) {
		blobs, err := files.BlobsFromEnv(envOf(map[string]string{"FILES_DIR": t.TempDir()}))
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := blobs.(*files.LocalStore); !ok {
			t.Fatalf("want a local store, got %T", blobs)
		}
	})
	t.Run("malformed FILES_S3_URL refused", func(t *testing.T) {
		creds := map[string]string{"FILES_S3_ACCESS_KEY": "ak", "FILES_S3_SECRET_KEY": "sk"}
		for _, tc := range []struct {
			url  string
			env  map[string]string
			want string
		}{
			{"s3://ak:TOPSECRET@host:9000/bucket\x7f", nil, "not a URL"},
			{"s3://ak:TOPSECRET@[::1/bucket", nil, "not a URL"},
			{"https://ak:TOPSECRET@host/bucket", nil, "scheme"},
			{"s3://ak:TOPSECRET@/bucket", nil, "no host"},
			{"s3://ak:TOPSECRET@host:99999/bucket", nil, "port"},
			{"s3://ak:TOPSECRET@host:9000", nil, "bucket"},
			{"s3://ak:TOPSECRET@host:9000/", nil, "bucket"},
			{"s3://ak:TOPSECRET@host:9000/bucket/extra", nil, "bucket"},
			{"s3://ak:TOPSECRET@host/bucket?secure=maybe", nil, "secure"},
			{"s3://ak:TOPSECRET@host/bucket?regoin=eu-west-1", nil, "unknown parameter"},
			{"s3://ak:TOPSECRET@host/bucket?region=a&region=b", nil, "2 times"},
			{"s3://host/bucket", nil, "access key"},
			{"s3://ak@host/bucket", nil, "access key"},
			{"s3://host/bucket", map[string]string{"FILES_S3_ACCESS_KEY": "ak"}, "access key"},
			{"s3://ak:TOPSECRET@host/bucket", creds, "both"},
		} {
			env := map[string]string{"FILES_S3_URL": tc.url, "FILES_DIR": t.TempDir()}
			for k, v := range tc.env {
				env[k] = v
			}
			blobs, err := files.BlobsFromEnv(envOf(env))
			if err == nil {
				t.Errorf("%q accepted as %T", tc.url, blobs)
				continue
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "FILES_S3_URL: ") || !strings.Contains(msg, tc.want) {
				t.Errorf("%q: want an error naming FILES_S3_URL about %q, got %q", tc.url, tc.want, msg)
			}
			if strings.Contains(msg, "TOPSECRET") {
				t.Errorf("%q: the error repeats the secret: %q", tc.url, msg)
			}
		}
	})
}
