package identity

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"time"

	"github.com/jackc/pgx/v5"

	"move/internal/wait"
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

// ExpiredKept is how long an expired token's hash stays: past it no token is accepted
// and no reuse needs detecting, so the row is only weight.
const ExpiredKept = 24 * time.Hour

// IdempotencyKeysKept is how long the request an Idempotency-Key came with is
// remembered (0532); the command id stays in the log for good.
const IdempotencyKeysKept = 30 * 24 * time.Hour

// SweepExpired deletes tokens and one-time tokens that expired longer than ExpiredKept
// ago, rate-limit windows of yesterday and idempotency keys older than
// IdempotencyKeysKept, and answers how many rows went. Safe to run on every server at
// once.
func (s *Service) SweepExpired(ctx context.Context) (int64, error) {
	before := s.now().UTC().Add(-ExpiredKept)
	total, err := sweepRateLimits(ctx, s.db, s.now())
	if err != nil {
		return total, err
	}
	// Every tenant's keys go: as move_writer, the one role the table's row-level
	// security lets across tenants (migration 0140).
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_writer`); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM idempotency_keys WHERE created_at < $1`, s.now().UTC().Add(-IdempotencyKeysKept))
		total += tag.RowsAffected()
		return err
	})
	if err != nil {
		return total, err
	}
	for _, table := range []string{"identity_tokens", "identity_one_time_tokens"} {
		tag, err := s.db.Exec(ctx, `DELETE FROM `+table+` WHERE expires_at < $1`, before)
		if err != nil {
			return total, err
		}
		total += tag.RowsAffected()
	}
	// A session's last write goes with its last token (decision 1330).
	tag, err := s.db.Exec(ctx, `DELETE FROM identity_session_positions w
		WHERE NOT EXISTS (SELECT 1 FROM identity_tokens t WHERE t.family_id = w.family_id)`)
	return total + tag.RowsAffected(), err
}

// SweepExpiredEvery sweeps now and then every interval until ctx ends.
func (s *Service) SweepExpiredEvery(ctx context.Context, interval time.Duration) {
	for {
		if n, err := s.SweepExpired(ctx); err != nil {
			if ctx.Err() == nil {
				s.log.Error("sweep expired tokens", "error", err)
			}
		} else if n > 0 {
			s.log.Info("swept expired tokens", "tokens", n)
		}
		if !wait.Sleep(ctx, interval) {
			return
		}
	}
}
