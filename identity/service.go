// Package identity is login, tokens, passwords and invites: the secrets and personal
// data it keeps in its own tables, the facts it records through commands.
package identity

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/authz"
	"move/commands"
	"move/domain"
	"move/domain/names"
	"move/eventstore"
)

// DevelopmentPepper is the token pepper when none is configured; production refuses it.
const DevelopmentPepper = "move-development-pepper-not-secret"

// Config tunes the service; zero values take the defaults.
type Config struct {
	Pepper     []byte
	AccessTTL  time.Duration // default 15 minutes
	RefreshTTL time.Duration // default 30 days
	ResetTTL   time.Duration // default 1 hour
	InviteTTL  time.Duration // default 7 days
	// LoginPerClient and LoginPerAccount bound login attempts.
	LoginPerClient  Limit // default 20 a minute
	LoginPerAccount Limit // default 10 per 15 minutes
	// PublicURL is where links in mail point (the SPA), e.g. https://admin.example.
	PublicURL string
}

// Errors the HTTP face maps.
var (
	// ErrInvalidCredentials: unknown e-mail or wrong password, indistinguishably.
	ErrInvalidCredentials = errors.New("invalid credentials")
	// ErrInvalidToken: a token that is unknown, expired, used or revoked.
	ErrInvalidToken = errors.New("invalid token")
)

// RateLimitedError: too many attempts; retry after RetryAfter.
type RateLimitedError struct{ RetryAfter time.Duration }

func (e *RateLimitedError) Error() string { return fmt.Sprintf("rate limited for %s", e.RetryAfter) }

// Service is the identity service.
type Service struct {
	db        *pgxpool.Pool
	app       *commands.App
	mail      Mailer
	log       *slog.Logger
	now       func() time.Time
	cfg       Config
	byClient  *Limiter
	byAccount *Limiter
	byForgot  *Limiter
	dummyHash string
	// enforcers are the permission checks built for callers, kept between requests.
	enforcers authz.Enforcers
	// recording counts audit events still being written after their answer went out.
	recording sync.WaitGroup
}

// New wires the service; it refuses missing dependencies.
func New(db *pgxpool.Pool, app *commands.App, mailer Mailer, log *slog.Logger, now func() time.Time, cfg Config) (*Service, error) {
	if db == nil || app == nil || mailer == nil || log == nil || now == nil {
		return nil, errors.New("identity: database, commands, mailer, logger and clock are required")
	}
	if len(cfg.Pepper) == 0 {
		cfg.Pepper = []byte(DevelopmentPepper)
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&cfg.AccessTTL, 15*time.Minute)
	def(&cfg.RefreshTTL, 30*24*time.Hour)
	def(&cfg.ResetTTL, time.Hour)
	def(&cfg.InviteTTL, 7*24*time.Hour)
	if cfg.LoginPerClient.N == 0 {
		cfg.LoginPerClient = Limit{N: 20, Window: time.Minute}
	}
	if cfg.LoginPerAccount.N == 0 {
		cfg.LoginPerAccount = Limit{N: 10, Window: 15 * time.Minute}
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	dummy, err := HashPassword("not a password anyone has")
	if err != nil {
		return nil, err
	}
	return &Service{db: db, app: app, mail: mailer, log: log, now: now, cfg: cfg,
		byClient: NewLimiter(db, "login-client", cfg.LoginPerClient), byAccount: NewLimiter(db, "login-account", cfg.LoginPerAccount),
		byForgot: NewLimiter(db, "forgot-client", Limit{N: 5, Window: time.Minute}), dummyHash: dummy}, nil
}

// Mailer is the service's mail port, for the other contexts that write to people.
func (s *Service) Mailer() Mailer { return s.mail }

// Tokens answer a login or a refresh.
type Tokens struct {
	Token        string    `json:"token"`
	RefreshToken string    `json:"refresh_token"`
	ExpiresAt    time.Time `json:"expires_at"`
}

// ApplicationRef is an application a user may work in.
type ApplicationRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// User is the caller as login shows them.
type User struct {
	ID           string           `json:"id"`
	FirstName    string           `json:"first_name"`
	LastName     string           `json:"last_name"`
	AvatarURL    *string          `json:"avatar_url"`
	Email        string           `json:"email"`
	Applications []ApplicationRef `json:"applications"`
}

// Session is what login, refresh and invite acceptance answer.
type Session struct {
	APIToken Tokens `json:"api_token"`
	User     User   `json:"user"`
}

// Principal is an authenticated caller.
type Principal struct {
	UserID     string
	Superadmin bool
	FamilyID   string
	// LastWrite is where the session's last command landed (zero: none remembered):
	// its next request waits for the read models to pass it (decision 1330).
	LastWrite eventstore.Position
}

// limited turns a limiter's answer into the error the caller returns: nil when the
// attempt may go on.
func limited(ok bool, wait time.Duration, err error) error {
	if err != nil {
		return err
	}
	if !ok {
		return &RateLimitedError{RetryAfter: wait}
	}
	return nil
}

// emailKey is how addresses compare: case and spacing folded.
func emailKey(email string) string { return names.Normalize(email) }

// Login checks the credentials and opens a token family. Unknown address and wrong
// password answer the same error after the same work.
func (s *Service) Login(ctx context.Context, email, password, client string) (Session, error) {
	now := s.now()
	// Both limits count failures only: every attempt is taken before the password is
	// checked, and a successful one is forgiven (0531).
	byClient, ok, wait, err := s.byClient.Take(ctx, client, now)
	if err := limited(ok, wait, err); err != nil {
		return Session{}, err
	}
	key := emailKey(email)
	byAccount, ok, wait, err := s.byAccount.Take(ctx, key, now)
	if err := limited(ok, wait, err); err != nil {
		return Session{}, err
	}
	var userID, hash string
	err = s.db.QueryRow(ctx, `
		SELECT p.subject_id::text, c.password_hash
		  FROM identity_personal_data p JOIN identity_credentials c ON c.user_id = p.subject_id
		 WHERE p.email_key = $1 AND p.is_user AND p.erased_at IS NULL`, key).Scan(&userID, &hash)
	if errors.Is(err, pgx.ErrNoRows) {
		_, _ = VerifyPassword(password, s.dummyHash)
		return Session{}, ErrInvalidCredentials
	}
	if err != nil {
		return Session{}, err
	}
	ok, err = VerifyPassword(password, hash)
	if err != nil {
		return Session{}, err
	}
	if !ok {
		s.recordLoginFailureAfterAnswer(userID)
		return Session{}, ErrInvalidCredentials
	}
	for _, attempt := range []Attempt{byClient, byAccount} {
		if err := attempt.Forgive(ctx); err != nil {
			s.log.Error("forgive a successful login", "error", err)
		}
	}
	family := uuid.New()
	tokens, err := s.issue(ctx, userID, family)
	if err != nil {
		return Session{}, err
	}
	// The login lands after every grant the user had: the new session waits for it, so
	// a role granted just before is in force at its first request (decision 1330).
	var loggedIn eventstore.Position
	if err := s.app.RecordLogin(commands.WithPositionSink(ctx, func(p eventstore.Position) { loggedIn = p }),
		commands.Meta{ActorID: userID}, userID); err != nil {
		s.log.Error("record login", "error", err)
	}
	if err := s.RememberWrite(ctx, family.String(), loggedIn); err != nil {
		return Session{}, err
	}
	return s.session(ctx, userID, tokens)
}

// recordLoginFailureAfterAnswer appends the failed-login fact without making the caller
// wait for it: an answer that took an append longer for a known address than for an
// unknown one told an attacker which addresses have accounts (decision 1332). The
// attempt itself was already counted by the limiters before the password was checked.
func (s *Service) recordLoginFailureAfterAnswer(userID string) {
	s.recording.Add(1)
	go func() {
		defer s.recording.Done()
		ctx, cancel := context.WithTimeout(context.Background(), auditTimeout)
		defer cancel()
		if err := s.app.RecordLoginFailure(ctx, commands.Meta{ActorID: userID}, userID, "password"); err != nil {
			s.log.Error("record failed login", "error", err)
		}
	}()
}

// auditTimeout bounds an audit append that runs after its answer.
const auditTimeout = 30 * time.Second

// WaitRecorded returns once every audit event still being written after its answer is
// in the log: serve calls it before closing the database, tests before they count.
func (s *Service) WaitRecorded() {
	s.recording.Wait()
}

// issue stores a new access and refresh token in family.
func (s *Service) issue(ctx context.Context, userID string, family uuid.UUID) (Tokens, error) {
	access, err := newToken()
	if err != nil {
		return Tokens{}, err
	}
	refresh, err := newToken()
	if err != nil {
		return Tokens{}, err
	}
	now := s.now().UTC()
	t := Tokens{Token: access, RefreshToken: refresh, ExpiresAt: now.Add(s.cfg.AccessTTL).Truncate(time.Second)}
	_, err = s.db.Exec(ctx, `
		INSERT INTO identity_tokens (token_hash, kind, family_id, user_id, expires_at, created_at)
		VALUES ($1, 'access', $3, $4, $5, $7), ($2, 'refresh', $3, $4, $6, $7)`,
		s.hashToken(access), s.hashToken(refresh), family, userID, t.ExpiresAt, now.Add(s.cfg.RefreshTTL), now)
	return t, err
}

// Refresh rotates a refresh token. A token already rotated is a stolen one being
// replayed (or the thief's being used): the whole family is revoked.
func (s *Service) Refresh(ctx context.Context, refreshToken string) (Session, error) {
	now := s.now().UTC()
	var userID string
	var family uuid.UUID
	var rotated, revoked *time.Time
	var expires time.Time
	err := s.db.QueryRow(ctx, `
		SELECT user_id::text, family_id, rotated_at, revoked_at, expires_at FROM identity_tokens
		 WHERE token_hash = $1 AND kind = 'refresh'`, s.hashToken(refreshToken)).Scan(&userID, &family, &rotated, &revoked, &expires)
	if errors.Is(err, pgx.ErrNoRows) {
		return Session{}, ErrInvalidToken
	}
	if err != nil {
		return Session{}, err
	}
	if revoked != nil || !now.Before(expires) {
		return Session{}, ErrInvalidToken
	}
	if rotated != nil {
		s.revokeFamily(ctx, userID, family, "refresh_token_reused")
		return Session{}, ErrInvalidToken
	}
	tag, err := s.db.Exec(ctx, `UPDATE identity_tokens SET rotated_at = $2 WHERE token_hash = $1 AND rotated_at IS NULL AND revoked_at IS NULL`,
		s.hashToken(refreshToken), now)
	if err != nil {
		return Session{}, err
	}
	if tag.RowsAffected() != 1 { // lost a race with another use of the same token
		s.revokeFamily(ctx, userID, family, "refresh_token_reused")
		return Session{}, ErrInvalidToken
	}
	tokens, err := s.issue(ctx, userID, family)
	if err != nil {
		return Session{}, err
	}
	return s.session(ctx, userID, tokens)
}

func (s *Service) revokeFamily(ctx context.Context, userID string, family uuid.UUID, reason string) {
	if _, err := s.db.Exec(ctx, `UPDATE identity_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL`, family, s.now().UTC()); err != nil {
		s.log.Error("revoke token family", "error", err)
		return
	}
	if err := s.app.RecordTokensRevoked(ctx, commands.Meta{ActorID: userID}, userID, family.String(), reason); err != nil {
		s.log.Error("record revoked tokens", "error", err)
	}
}

// Authenticate answers the caller of an access token.
func (s *Service) Authenticate(ctx context.Context, accessToken string) (Principal, error) {
	if accessToken == "" {
		return Principal{}, ErrInvalidToken
	}
	var p Principal
	var commit, position int64
	err := s.db.QueryRow(ctx, `
		SELECT t.user_id::text, t.family_id::text, coalesce(u.superadmin, false), coalesce(w.commit_key, 0), coalesce(w.position, 0)
		  FROM identity_tokens t LEFT JOIN readmodel.identity_users u ON u.id = t.user_id
		  LEFT JOIN identity_session_positions w ON w.family_id = t.family_id
		 WHERE t.token_hash = $1 AND t.kind = 'access' AND t.revoked_at IS NULL AND t.expires_at > $2`,
		s.hashToken(accessToken), s.now().UTC()).Scan(&p.UserID, &p.FamilyID, &p.Superadmin, &commit, &position)
	if errors.Is(err, pgx.ErrNoRows) {
		return Principal{}, ErrInvalidToken
	}
	p.LastWrite = eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}
	return p, err
}

// RememberWrite records that the session (token family) wrote at pos, unless it is
// known to have written later already: read together with the token on every request,
// on every server (decision 1330).
func (s *Service) RememberWrite(ctx context.Context, familyID string, pos eventstore.Position) error {
	family, err := uuid.Parse(familyID)
	if err != nil || pos == (eventstore.Position{}) {
		return err
	}
	_, err = s.db.Exec(ctx, `
		INSERT INTO identity_session_positions AS w (family_id, commit_key, position) VALUES ($1, $2, $3)
		ON CONFLICT (family_id) DO UPDATE SET commit_key = EXCLUDED.commit_key, position = EXCLUDED.position, updated_at = now()
		 WHERE (w.commit_key, w.position) < (EXCLUDED.commit_key, EXCLUDED.position)`,
		family, int64(pos.Commit), int64(pos.Prepare))
	return err
}

// Logout revokes the access token's family (its refresh tokens too).
func (s *Service) Logout(ctx context.Context, accessToken string) error {
	p, err := s.Authenticate(ctx, accessToken)
	if err != nil {
		return err
	}
	family, err := uuid.Parse(p.FamilyID)
	if err != nil {
		return err
	}
	s.revokeFamily(ctx, p.UserID, family, "logout")
	return nil
}

// session answers the tokens with the user and their applications.
func (s *Service) session(ctx context.Context, userID string, tokens Tokens) (Session, error) {
	u, err := s.User(ctx, userID)
	if err != nil {
		return Session{}, err
	}
	return Session{APIToken: tokens, User: u}, nil
}

// User answers a user with their applications: every application for a superadmin,
// else those they hold a role in. It reads memberships across tenants as their owner:
// this is the user's own list, not a tenant's data.
func (s *Service) User(ctx context.Context, userID string) (User, error) {
	u := User{ID: userID, Applications: []ApplicationRef{}}
	err := s.db.QueryRow(ctx, `SELECT email, first_name, last_name, avatar_url FROM identity_personal_data WHERE subject_id = $1`, userID).
		Scan(&u.Email, &u.FirstName, &u.LastName, &u.AvatarURL)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, &domain.NotFoundError{Kind: "user", ID: userID}
	}
	if err != nil {
		return u, err
	}
	err = ReadAcrossTenants(ctx, s.db, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT a.id::text, a.name, a.slug FROM readmodel.identity_applications a
			 WHERE EXISTS (SELECT 1 FROM readmodel.identity_users x WHERE x.id = $1 AND x.superadmin)
			    OR EXISTS (SELECT 1 FROM readmodel.identity_memberships m WHERE m.user_id = $1 AND m.application_id = a.id)
			 ORDER BY a.created_at, a.id`, userID)
		if err != nil {
			return err
		}
		u.Applications, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (ApplicationRef, error) {
			var a ApplicationRef
			return a, r.Scan(&a.ID, &a.Name, &a.Slug)
		})
		return err
	})
	if u.Applications == nil {
		u.Applications = []ApplicationRef{}
	}
	return u, err
}

// validatePassword: at least 8 characters (and at most 256, to bound the hashing).
func validatePassword(v *domain.ValidationError, password string) {
	switch n := utf8.RuneCountInString(password); {
	case n < 8:
		v.Add("password", "validation.min_length", map[string]any{"min": 8})
	case len(password) > 256:
		v.Add("password", "validation.max_length", map[string]any{"max": 256})
	}
}

func validateName(v *domain.ValidationError, field, value string) string {
	value = names.Clean(value)
	switch n := utf8.RuneCountInString(value); {
	case !printable(value):
		v.Add(field, "validation.invalid", nil)
	case n == 0 || !names.Visible(value):
		v.Add(field, "validation.required", nil)
	case n > 100:
		v.Add(field, "validation.max_length", map[string]any{"max": 100})
	}
	return value
}

func validateEmail(v *domain.ValidationError, email string) string {
	email = strings.TrimSpace(email)
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || len(email) > 254 || !printable(email) {
		v.Add("email", "validation.email", nil)
	}
	return email
}

// printable refuses what no name or address holds and Postgres cannot store: invalid
// UTF-8, NUL and other control characters.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}
