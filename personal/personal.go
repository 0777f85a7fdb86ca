// Package personal is how personal data is kept so that it can be erased everywhere
// (crypto-shredding, decision 0510). A string field of an event marked with the struct
// tag `personal:""` is sealed (AES-256-GCM) with its data subject's key when the event is
// appended, and opened when the event is read. Erasing a subject deletes its key, so
// every copy in the log — which is never rewritten — is unreadable from then on, and
// records Erased so that live read models blank what they hold.
//
// The data subject of a field is the stream the event is appended to, unless the struct
// that holds the field has a string field tagged `personal:"subject"`, whose value is
// then the subject (a participant among several in one booking, say).
//
// Domain types only carry the tags; sealing and opening happen at the edges: the
// command runner seals before it appends, the projection runner and aggregate loading
// open after they decode.
package personal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"

	"move/domain"
	"move/domain/names"
)

// Erased: the subject's key is gone. Projectors blank the subject's fields in their
// read models; a rebuild cannot open the sealed values any more and finds them blank.
type Erased struct {
	Subject string `json:"subject"`
}

func (Erased) EventType() string { return "personal_data.erased.v1" }

// Register adds the erasure event to a registry.
func Register(r *domain.Registry) { r.Register(Erased{}) }

// StreamPrefix names the erasure streams, one per subject; the name is permanent.
const StreamPrefix = "personal_data-"

// Stream is the stream a subject's erasure is recorded on.
func Stream(subject string) string { return StreamPrefix + subject }

// DevelopmentSecret is the secret when PERSONAL_DATA_KEY is unset; production refuses it
// (decision 0104).
const DevelopmentSecret = "move-development-personal-data-key-not-secret"

// sealedPrefix marks a sealed value in the log: "pd1:<subject>:<base64(nonce|ciphertext)>".
const sealedPrefix = "pd1:"

// Secret is the server's secret (PERSONAL_DATA_KEY): it wraps every subject's key and
// keys the names of personal reservations. Losing it loses every sealed value; changing
// it makes every e-mail address free again. Both are by design: back it up like the
// database.
type Secret struct {
	wrap  cipher.AEAD
	names []byte
}

// NewSecret derives the wrapping key and the naming key from secret.
func NewSecret(secret string) (*Secret, error) {
	if len(secret) < 32 {
		return nil, errors.New("personal: PERSONAL_DATA_KEY must be at least 32 characters")
	}
	wrap, err := newAEAD(derive(secret, "move personal data key wrapping"))
	if err != nil {
		return nil, err
	}
	return &Secret{wrap: wrap, names: derive(secret, "move personal reservation names")}, nil
}

func derive(secret, purpose string) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(purpose))
	return m.Sum(nil)
}

func newAEAD(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// Name is the keyed digest (HMAC-SHA-256) of a personal value, normalised (case,
// spacing): a reservation stream named by it holds no guessable hash of an address.
func (s *Secret) Name(value string) []byte {
	m := hmac.New(sha256.New, s.names)
	m.Write([]byte(names.Normalize(value)))
	return m.Sum(nil)[:16]
}

// IsSealed tells whether a stored value is sealed.
func IsSealed(value string) bool { return strings.HasPrefix(value, sealedPrefix) }

func sealedSubject(value string) (subject, payload string, ok bool) {
	rest, ok := strings.CutPrefix(value, sealedPrefix)
	if !ok {
		return "", "", false
	}
	i := strings.LastIndexByte(rest, ':')
	if i <= 0 {
		return "", "", false
	}
	return rest[:i], rest[i+1:], true
}

func seal(key cipher.AEAD, nonce []byte, subject, plain string) string {
	out := key.Seal(nonce, nonce, []byte(plain), []byte(subject))
	return sealedPrefix + subject + ":" + base64.RawStdEncoding.EncodeToString(out)
}

// open answers the plain value; ok is false when the value cannot be opened with key
// (another key of the same subject: erased, then written again).
func open(key cipher.AEAD, subject, payload string) (string, bool) {
	raw, err := base64.RawStdEncoding.DecodeString(payload)
	if err != nil || len(raw) < key.NonceSize() {
		return "", false
	}
	plain, err := key.Open(nil, raw[:key.NonceSize()], raw[key.NonceSize():], []byte(subject))
	if err != nil {
		return "", false
	}
	return string(plain), true
}
