package identity

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
)

// newToken is an opaque random token: 256 bits, URL-safe. Only its hash is stored.
func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "mv1_" + base64.RawURLEncoding.EncodeToString(b), nil
}

// hashToken is HMAC-SHA-256 with the pepper: a leaked table alone cannot be checked
// against guesses, and a token is never stored in the clear.
func (s *Service) hashToken(token string) []byte {
	m := hmac.New(sha256.New, s.cfg.Pepper)
	m.Write([]byte(token))
	return m.Sum(nil)
}
