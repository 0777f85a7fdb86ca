package kernel

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// maxKeyedBody bounds the body a request with an Idempotency-Key may have: the largest
// the API takes (an organisation import).
const maxKeyedBody = MaxImportBytes + 1<<20

// BindIdempotencyKey ties the request's Idempotency-Key, within its application and
// Caller, to the request it first came with (decision 0532): the same key with other
// content is refused with 422, so a client cannot get another request's answer. It
// answers a release that forgets a binding this request made, for a request that
// failed (the client may correct it and send it again under the same key). A request
// without a key binds nothing.
func (s *Core) BindIdempotencyKey(w http.ResponseWriter, r *http.Request) (release func(), err error) {
	release = func() {}
	header := r.Header.Get("Idempotency-Key")
	if header == "" || r.Method == http.MethodGet || r.Method == http.MethodHead {
		return release, nil
	}
	key, err := uuid.Parse(header)
	if err != nil {
		return release, &APIError{Status: http.StatusBadRequest, Key: "validation.invalid", Params: map[string]any{"field": "Idempotency-Key"}}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxKeyedBody))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return release, ErrStatus(http.StatusRequestEntityTooLarge, "error.body_too_large")
	}
	if err != nil {
		return release, err
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	h := sha256.New()
	h.Write([]byte(r.Method + " " + r.URL.RequestURI() + "\n"))
	h.Write(body)
	fingerprint := h.Sum(nil)

	ctx := r.Context()
	// A platform route called without ApplicationId (decision 0501) scopes its keys to the
	// platform: the empty application, as meta() scopes its command ids.
	var app string
	if t, ok := ctx.Value(tenantKey{}).(Tenant); ok {
		app = t.ApplicationID
	}
	actor := PrincipalFrom(ctx).UserID
	tag, err := s.DB.Exec(ctx, `
		INSERT INTO idempotency_keys (application_id, actor_id, key, fingerprint, created_at)
		VALUES ($1, $2, $3, $4, now()) ON CONFLICT DO NOTHING`, app, actor, key, fingerprint)
	if err != nil {
		return release, err
	}
	if tag.RowsAffected() == 1 {
		return func() {
			// The request's own context may be cancelled: forgetting must still happen.
			if _, err := s.DB.Exec(context.WithoutCancel(ctx), `DELETE FROM idempotency_keys
				WHERE application_id = $1 AND actor_id = $2 AND key = $3 AND fingerprint = $4`, app, actor, key, fingerprint); err != nil {
				Logger(r).Error("forget an idempotency key", "error", err)
			}
		}, nil
	}
	var first []byte
	if err := s.DB.QueryRow(ctx, `SELECT fingerprint FROM idempotency_keys WHERE application_id = $1 AND actor_id = $2 AND key = $3`,
		app, actor, key).Scan(&first); errors.Is(err, pgx.ErrNoRows) {
		return release, nil // the first request failed and let go of the key just now
	} else if err != nil {
		return release, err
	}
	if !bytes.Equal(first, fingerprint) {
		return release, &APIError{Status: http.StatusUnprocessableEntity, Key: "idempotency.key_reused"}
	}
	return release, nil
}
