package wallet

import (
	"crypto/rand"
	"io"
	"math/big"
	"strings"

	"github.com/google/uuid"
)

// Codes are PREFIX-RANDOM-SUFFIX. The random part has RandomLength characters from an
// alphabet without look-alikes (0/O, 1/I/L): 31^12 ≈ 2^59 codes, so guessing one of a
// million issued codes takes about 2^39 tries (and the consumer endpoint is rate
// limited).
const (
	Alphabet     = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	RandomLength = 12
	MaxAffix     = 10
)

// couponNamespace derives a coupon's id from its code (UUID v5).
var couponNamespace = uuid.MustParse("5b0b7c3e-6d0f-4c1e-9a53-2f1f5c0e7a11")

// NormalizeCode is how a typed code is compared: letters upper-cased, everything
// that is not a letter or digit (spaces, dashes) dropped.
func NormalizeCode(code string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(code) {
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// CouponID is the id of the coupon with code. One code is one stream: creating it
// expecting no stream is what keeps codes unique across the platform.
func CouponID(code string) string {
	return uuid.NewSHA1(couponNamespace, []byte(NormalizeCode(code))).String()
}

// NewCode makes a code with the batch's prefix and suffix from random, the entropy the
// caller brings (crypto/rand's Reader: the domain reads no devices).
func NewCode(random io.Reader, prefix, suffix string) (string, error) {
	letters := make([]byte, RandomLength)
	limit := big.NewInt(int64(len(Alphabet)))
	for i := range letters {
		n, err := rand.Int(random, limit)
		if err != nil {
			return "", err
		}
		letters[i] = Alphabet[n.Int64()]
	}
	parts := make([]string, 0, 3)
	for _, p := range []string{prefix, string(letters), suffix} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, "-"), nil
}
