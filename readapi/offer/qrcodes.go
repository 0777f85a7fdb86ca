package offer

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"move/domain"
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

// scannedCode reads the request's QR code for a check-in at target (a session's id, or a
// bundle's): an unreadable code is a field error; another application's, organisation's,
// session's or bundle's code is "another session" (nothing is said of what lies outside
// the caller's reach).
func (s *Handlers) scannedCode(w http.ResponseWriter, r *http.Request, target string) (qrClaims, error) {
	var in checkInInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return qrClaims{}, err
	}
	if len(s.QRSecret) == 0 {
		return qrClaims{}, kernel.ErrStatus(http.StatusServiceUnavailable, "error.unavailable")
	}
	claims, ok := s.readQR(in.Code)
	if !ok {
		v := &domain.ValidationError{}
		v.Add("code", "booking.qr_invalid", nil)
		return qrClaims{}, v
	}
	if claims.ApplicationID != kernel.TenantFrom(r.Context()).ApplicationID || claims.SessionID != target {
		return qrClaims{}, &domain.ConflictError{Key: "booking.qr_other_session"}
	}
	return claims, nil
}
