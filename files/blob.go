// Package files is the file service: uploads are checked on the server (content sniffed
// from the bytes, dimensions read before decoding, pixels capped), stored through a blob
// port, described by a metadata row per application, and served as resized variants that
// are made once and cached in the same blob store. Upscaling small images goes through
// an external provider behind the Upscaler port.
package files

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// ErrBlobNotFound: no blob under that key.
var ErrBlobNotFound = errors.New("files: blob not found")

// BlobStore is the storage port: opaque bytes under a key. Keys are made by this
// package only (lowercase letters, digits, '-', '_', '.', '/' between segments).
type BlobStore interface {
	Put(ctx context.Context, key string, data []byte) error
	Get(ctx context.Context, key string) ([]byte, error)
	Delete(ctx context.Context, key string) error
	// Exists answers whether a blob is stored under key.
	Exists(ctx context.Context, key string) (bool, error)
}

var keyPattern = regexp.MustCompile(`^[a-z0-9_-][a-z0-9._-]*(/[a-z0-9_-][a-z0-9._-]*)*$`)

func checkKey(key string) error {
	if !keyPattern.MatchString(key) || strings.Contains(key, "..") {
		return errors.New("files: invalid blob key " + key)
	}
	return nil
}

// LocalStore keeps blobs as files under a folder (FILES_DIR).
type LocalStore struct{ dir string }

// NewLocalStore keeps blobs under dir, made on the first write.
func NewLocalStore(dir string) (*LocalStore, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	return &LocalStore{dir: abs}, nil
}

func (s *LocalStore) path(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return filepath.Join(s.dir, filepath.FromSlash(key)), nil
}

// Put writes atomically: a temporary file in the same folder, synced, then renamed, so a
// reader never sees half a blob and a crash leaves no torn file under the key.
func (s *LocalStore) Put(_ context.Context, key string, data []byte) error {
	p, err := s.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".put-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), p)
}

func (s *LocalStore) Get(_ context.Context, key string) ([]byte, error) {
	p, err := s.path(key)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrBlobNotFound
	}
	return data, err
}

func (s *LocalStore) Delete(_ context.Context, key string) error {
	p, err := s.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

func (s *LocalStore) Exists(_ context.Context, key string) (bool, error) {
	p, err := s.path(key)
	if err != nil {
		return false, err
	}
	fi, err := os.Stat(p)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return fi.Mode().IsRegular(), nil // a key's prefix is a folder here, not a blob
}

// readAll is io.ReadAll with a cap: more than max bytes answers tooLarge true.
func readAll(r io.Reader, max int64) (data []byte, tooLarge bool, err error) {
	data, err = io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, false, err
	}
	if int64(len(data)) > max {
		return nil, true, nil
	}
	return data, false, nil
}
