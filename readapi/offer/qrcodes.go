package offer

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"net/http"
	"strings"
	"unicode"

	"github.com/google/uuid"

	"move/commands"
	"move/domain"
	"move/domain/booking"
	"move/readapi/kernel"
)

// A booking's QR code names the booking, its session and application — nothing
// personal — and is signed with Deps.QRSecret (decision 0802): "B1." + base64url of the
// three ids' 48 bytes + "." + base64url of 16 bytes of HMAC-SHA256.
const qrPrefix = "B1."

type qrClaims struct{ BookingID, SessionID, ApplicationID string }

func (s *Handlers) qrCode(c qrClaims) string {
	if len(s.QRSecret) == 0 {
		return ""
	}
	var body []byte
	for _, id := range []string{c.BookingID, c.SessionID, c.ApplicationID} {
		u := uuid.MustParse(id)
		body = append(body, u[:]...)
	}
	enc := base64.RawURLEncoding
	return qrPrefix + enc.EncodeToString(body) + "." + enc.EncodeToString(s.qrSignature(body))
}

func (s *Handlers) qrSignature(body []byte) []byte {
	mac := hmac.New(sha256.New, s.QRSecret)
	mac.Write([]byte(qrPrefix))
	mac.Write(body)
	return mac.Sum(nil)[:16]
}

// readQR answers the claims of a code whose signature holds; ok is false for anything
// else (tampered, truncated, another key).
func (s *Handlers) readQR(code string) (qrClaims, bool) {
	rest, found := strings.CutPrefix(strings.TrimSpace(code), qrPrefix)
	if !found || len(s.QRSecret) == 0 {
		return qrClaims{}, false
	}
	bodyText, sigText, found := strings.Cut(rest, ".")
	enc := base64.RawURLEncoding
	body, err1 := enc.DecodeString(bodyText)
	sig, err2 := enc.DecodeString(sigText)
	if !found || err1 != nil || err2 != nil || len(body) != 48 || !hmac.Equal(sig, s.qrSignature(body)) {
		return qrClaims{}, false
	}
	id := func(b []byte) string { u, _ := uuid.FromBytes(b); return u.String() }
	return qrClaims{BookingID: id(body[:16]), SessionID: id(body[16:32]), ApplicationID: id(body[32:])}, true
}

// A booking's short check-in code (decision 1620): what staff type when the camera
// fails. Six characters of Crockford's base32 (no I, L, O, U: nothing to confuse),
// the first 30 bits of an HMAC of the booking's id under the QR key — so every booking,
// old or new, has one without an event, a typo almost never names another booking, and
// rotating the key renews codes and QR codes alike. Unique enough, not unique: a scope
// where two bookings share a code answers "tap the name" instead of guessing.
const (
	shortCodePrefix   = "S1."
	shortCodeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	shortCodeLength   = 6
)

// shortCode is the booking's check-in code; empty without a QR key.
func (s *Handlers) shortCode(bookingID string) string {
	id, err := uuid.Parse(bookingID)
	if len(s.QRSecret) == 0 || err != nil {
		return ""
	}
	mac := hmac.New(sha256.New, s.QRSecret)
	mac.Write([]byte(shortCodePrefix))
	mac.Write(id[:])
	bits := binary.BigEndian.Uint64(mac.Sum(nil)[:8])
	out := make([]byte, shortCodeLength)
	for i := range out {
		out[i] = shortCodeAlphabet[bits>>(64-5*(i+1))&31]
	}
	return string(out)
}

// readShortCode answers the canonical code of what staff typed: case, spaces and dashes
// do not matter, and O, I and L read as 0, 1 and 1 (Crockford); ok is false for
// anything that cannot be a code.
func readShortCode(text string) (string, bool) {
	var out []byte
	for _, r := range strings.ToUpper(text) {
		switch r {
		case ' ', '-', '\t':
			continue
		case 'O':
			r = '0'
		case 'I', 'L':
			r = '1'
		}
		if r > unicode.MaxASCII || !strings.ContainsRune(shortCodeAlphabet, r) {
			return "", false
		}
		out = append(out, byte(r))
	}
	return string(out), len(out) == shortCodeLength
}

// codeCandidate is a booking a typed code may name: the booking and its session (and
// its bundle, for a bundle's booking).
type codeCandidate struct {
	BookingID, Status string
	Session           commands.SessionRef
	BundleID          string
}

// matchShortCode finds the one booking among candidates whose code is code. A code
// shared by two live bookings is refused (staff tap the name instead); a live booking
// wins over a cancelled or moved one with the same code.
func (s *Handlers) matchShortCode(code string, candidates []codeCandidate, unknownKey string) (codeCandidate, error) {
	var live, gone []codeCandidate
	for _, c := range candidates {
		if s.shortCode(c.BookingID) != code {
			continue
		}
		switch c.Status {
		case booking.StatusHeld, booking.StatusConfirmed, booking.StatusWaitlisted:
			live = append(live, c)
		default:
			gone = append(gone, c)
		}
	}
	switch {
	case len(live) == 1:
		return live[0], nil
	case len(live) > 1:
		return codeCandidate{}, &domain.ConflictError{Key: "booking.code_ambiguous", Params: map[string]any{"code": code}}
	case len(gone) > 0:
		return gone[0], nil
	}
	return codeCandidate{}, &kernel.APIError{Status: http.StatusNotFound, Key: unknownKey, Params: map[string]any{"code": code}}
}

// typedOrScanned reads a check-in body: a QR code (the claims hold the booking) or a
// short code (canonical); anything else is a field error.
func (s *Handlers) typedOrScanned(w http.ResponseWriter, r *http.Request) (claims qrClaims, short string, err error) {
	var in checkInInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return qrClaims{}, "", err
	}
	if len(s.QRSecret) == 0 {
		return qrClaims{}, "", kernel.ErrStatus(http.StatusServiceUnavailable, "error.unavailable")
	}
	if strings.HasPrefix(strings.TrimSpace(in.Code), qrPrefix) {
		claims, ok := s.readQR(in.Code)
		if !ok {
			v := &domain.ValidationError{}
			v.Add("code", "booking.qr_invalid", nil)
			return qrClaims{}, "", v
		}
		return claims, "", nil
	}
	code, ok := readShortCode(in.Code)
	if !ok {
		v := &domain.ValidationError{}
		v.Add("code", "booking.code_invalid", map[string]any{"length": shortCodeLength})
		return qrClaims{}, "", v
	}
	return qrClaims{}, code, nil
}
