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
	inserted, first, err := s.bindKey(ctx, app, actor, key, fingerprint)
	if err != nil {
		return release, err
	}
	if inserted {
		return func() {
			// The request's own context may be cancelled: forgetting must still happen.
			ctx := context.WithoutCancel(ctx)
			if err := s.inIdempotencyScope(ctx, app, func(tx pgx.Tx) error {
				_, err := tx.Exec(ctx, `DELETE FROM idempotency_keys
					WHERE application_id = $1 AND actor_id = $2 AND key = $3 AND fingerprint = $4`, app, actor, key, fingerprint)
				return err
			}); err != nil {
				Logger(r).Error("forget an idempotency key", "error", err)
			}
		}, nil
	}
	if first == nil { // bound by a request whose transaction ended while this one's ran: read it now
		if err := s.inIdempotencyScope(ctx, app, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, `SELECT fingerprint FROM idempotency_keys WHERE application_id = $1 AND actor_id = $2 AND key = $3`,
				app, actor, key).Scan(&first)
		}); errors.Is(err, pgx.ErrNoRows) {
			return release, nil // the first request failed and let go of the key just now
		} else if err != nil {
			return release, err
		}
	}
	if !bytes.Equal(first, fingerprint) {
		return release, &APIError{Status: http.StatusUnprocessableEntity, Key: "idempotency.key_reused"}
	}
	return release, nil
}

// bindKey writes the key's binding unless the key has one, in one round trip: the
// tenant named and the row inserted in one implicit transaction (a pipeline; every
// write of a booking or an order pays it, decision 1720). It answers whether this
// request bound the key and, if not, the fingerprint bound before it began (nil when
// the binding is another request's that committed meanwhile).
func (s *Core) bindKey(ctx context.Context, application, actor string, key uuid.UUID, fingerprint []byte) (bool, []byte, error) {
	scope := application
	if scope == "" {
		scope = "platform"
	}
	var batch pgx.Batch
	batch.Queue(`SELECT set_config('move.application_id', $1, true)`, scope)
	batch.Queue(`
		WITH inserted AS (
			INSERT INTO idempotency_keys (application_id, actor_id, key, fingerprint, created_at)
			VALUES ($1, $2, $3, $4, now()) ON CONFLICT DO NOTHING RETURNING 1)
		SELECT EXISTS (SELECT 1 FROM inserted),
		       (SELECT fingerprint FROM idempotency_keys WHERE application_id = $1 AND actor_id = $2 AND key = $3)`,
		application, actor, key, fingerprint)
	br := s.DB.SendBatch(ctx, &batch)
	defer br.Close() //nolint:errcheck // the results' errors are the batch's
	if _, err := br.Exec(); err != nil {
		return false, nil, err
	}
	var inserted bool
	var first []byte
	if err := br.QueryRow().Scan(&inserted, &first); err != nil {
		return false, nil, err
	}
	return inserted, first, br.Close()
}

// inIdempotencyScope runs fn in a transaction that names application as its tenant, or
// 'platform' for the empty one: the rows idempotency_keys' row-level security lets the
// server see and write (migration 0140, decision 1331).
func (s *Core) inIdempotencyScope(ctx context.Context, application string, fn func(pgx.Tx) error) error {
	scope := application
	if scope == "" {
		scope = "platform"
	}
	return pgx.BeginFunc(ctx, s.DB, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT set_config('move.application_id', $1, true)`, scope); err != nil {
			return err
		}
		return fn(tx)
	})
}
