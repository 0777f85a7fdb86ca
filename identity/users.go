package identity

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain"
	"move/domain/booking"
	"move/domain/contact"
	"move/domain/identity"
	"move/domain/organization"
	"move/domain/product"
)

// NewUser is an account to create.
type NewUser struct {
	Email     string
	FirstName string
	LastName  string
	Password  string
	// Grant, when set, is the role the user starts with; without one the user is a
	// customer (no back-office access).
	Grant *identity.Grant
}

// CreateUser registers a user: the event (with the e-mail reservation), then the
// personal data and the password hash under the new id, then the role. The id derives
// from the command id, so a retry (or a second seed) writes nothing twice.
func (s *Service) CreateUser(ctx context.Context, meta commands.Meta, in NewUser) (string, error) {
	var v domain.ValidationError
	in.Email = validateEmail(&v, in.Email)
	in.FirstName = validateName(&v, "first_name", in.FirstName)
	in.LastName = validateName(&v, "last_name", in.LastName)
	validatePassword(&v, in.Password)
	if in.Grant != nil {
		if err := in.Grant.Validate(); err != nil {
			return "", err
		}
	}
	if err := v.OrNil(); err != nil {
		return "", err
	}
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("user")).String()
	if _, err := s.app.RegisterUser(ctx, meta, id, in.Email); err != nil {
		return "", err
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return "", err
	}
	tx, err := s.db.Begin(ctx)
	if err != nil {
		return "", err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `
		INSERT INTO identity_personal_data (subject_id, email, email_key, first_name, last_name, is_user)
		VALUES ($1, $2, $3, $4, $5, true)
		ON CONFLICT (subject_id) DO UPDATE SET email = $2, email_key = $3, first_name = $4, last_name = $5, is_user = true, updated_at = now()`,
		id, in.Email, emailKey(in.Email), in.FirstName, in.LastName); err != nil {
		return "", err
	}
	if _, err := tx.Exec(ctx, `
		INSERT INTO identity_credentials (user_id, password_hash) VALUES ($1, $2)
		ON CONFLICT (user_id) DO UPDATE SET password_hash = $2, updated_at = now()`, id, hash); err != nil {
		return "", err
	}
	if err := tx.Commit(ctx); err != nil {
		return "", err
	}
	if in.Grant != nil {
		grantMeta := meta
		grantMeta.CommandID = uuid.NewSHA1(meta.CommandID, []byte("grant"))
		if _, err := s.app.GrantRole(ctx, grantMeta, id, *in.Grant); err != nil {
			return id, err
		}
	}
	return id, nil
}

// UserIDByEmail finds a registered user.
func (s *Service) UserIDByEmail(ctx context.Context, email string) (string, error) {
	var id string
	err := s.db.QueryRow(ctx, `SELECT subject_id::text FROM identity_personal_data WHERE email_key = $1 AND is_user AND erased_at IS NULL`, emailKey(email)).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", &domain.NotFoundError{Kind: "user", ID: ""}
	}
	return id, err
}

// oneTimeToken stores a new single-use token for purpose and subject.
func (s *Service) oneTimeToken(ctx context.Context, purpose, subject string, ttl time.Duration) (string, error) {
	token, err := newToken()
	if err != nil {
		return "", err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO identity_one_time_tokens (token_hash, purpose, subject_id, expires_at) VALUES ($1, $2, $3, $4)`,
		s.hashToken(token), purpose, subject, s.now().UTC().Add(ttl))
	return token, err
}

// useOneTimeToken consumes a token atomically: it works once, before it expires.
func (s *Service) useOneTimeToken(ctx context.Context, purpose, token string) (string, error) {
	var subject string
	err := s.db.QueryRow(ctx, `
		UPDATE identity_one_time_tokens SET used_at = $3
		 WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
		RETURNING subject_id::text`, s.hashToken(token), purpose, s.now().UTC()).Scan(&subject)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrInvalidToken
	}
	return subject, err
}

// ForgotPassword mails a reset link when the address belongs to a user. The caller
// answers the same whatever happens (no account enumeration); the mail leaves in the
// background so the answer takes as long either way.
func (s *Service) ForgotPassword(ctx context.Context, email, client string) error {
	if err := limited(s.byForgot.Allow(ctx, client, s.now())); err != nil {
		return err
	}
	id, err := s.UserIDByEmail(ctx, email)
	if err != nil {
		return nil
	}
	token, err := s.oneTimeToken(ctx, "reset", id, s.cfg.ResetTTL)
	if err != nil {
		s.log.Error("reset token", "error", err)
		return nil
	}
	link := s.cfg.PublicURL + "/forgot-password?token=" + token
	s.sendLater(Mail{To: strings.TrimSpace(email), Subject: "Wachtwoord herstellen / Reset your password",
		Body: "Stel een nieuw wachtwoord in / Set a new password: " + link + "\n\nDe link verloopt over een uur. / The link expires in one hour."})
	return nil
}

func (s *Service) sendLater(m Mail) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := s.mail.Send(ctx, m); err != nil {
			s.log.Error("send mail", "error", err)
		}
	}()
}

// ResetPassword sets a new password with a reset token and revokes every session.
func (s *Service) ResetPassword(ctx context.Context, token, password string) error {
	var v domain.ValidationError
	validatePassword(&v, password)
	if err := v.OrNil(); err != nil {
		return err
	}
	userID, err := s.useOneTimeToken(ctx, "reset", token)
	if err != nil {
		return err
	}
	if err := s.setPassword(ctx, userID, password, "reset"); err != nil {
		return err
	}
	_, err = s.db.Exec(ctx, `UPDATE identity_one_time_tokens SET used_at = $2 WHERE subject_id = $1 AND purpose = 'reset' AND used_at IS NULL`, userID, s.now().UTC())
	return err
}

// setPassword stores a new hash, revokes the user's tokens and records both facts.
func (s *Service) setPassword(ctx context.Context, userID, password, reason string) error {
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	if _, err := s.db.Exec(ctx, `
		INSERT INTO identity_credentials (user_id, password_hash) VALUES ($1, $2)
		ON CONFLICT (user_id) DO UPDATE SET password_hash = $2, updated_at = now()`, userID, hash); err != nil {
		return err
	}
	if _, err := s.db.Exec(ctx, `UPDATE identity_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, userID, s.now().UTC()); err != nil {
		return err
	}
	meta := commands.Meta{ActorID: userID}
	if _, err := s.app.RecordPasswordChange(ctx, meta, userID, reason); err != nil {
		return err
	}
	return s.app.RecordTokensRevoked(ctx, meta, userID, "", "password_"+reason)
}

// InviteInput is an invite an admin sends.
type InviteInput struct {
	FirstName      string `json:"first_name"`
	LastName       string `json:"last_name"`
	Email          string `json:"email"`
	Role           string `json:"role"`
	OrganizationID string `json:"organization_id"`
}

// SendInvite records the invite, the invitee's name and address sealed in it, and mails
// a single-use link. A refused invite writes nothing: the invite is one event (its
// subject's key, created first, names no one), and the token exists only after it.
func (s *Service) SendInvite(ctx context.Context, meta commands.Meta, applicationID string, in InviteInput) (commands.Result, error) {
	var v domain.ValidationError
	in.Email = validateEmail(&v, in.Email)
	in.FirstName = validateName(&v, "first_name", in.FirstName)
	in.LastName = validateName(&v, "last_name", in.LastName)
	if err := v.OrNil(); err != nil {
		return commands.Result{}, err
	}
	res, err := s.app.SendInvite(ctx, meta, identity.InviteSent{ApplicationID: applicationID, OrganizationID: in.OrganizationID,
		Role: in.Role, ExpiresAt: s.now().UTC().Add(s.cfg.InviteTTL).Truncate(time.Second),
		Email: in.Email, FirstName: in.FirstName, LastName: in.LastName})
	if err != nil {
		return res, err
	}
	token, err := s.oneTimeToken(ctx, "invite", res.ID, s.cfg.InviteTTL)
	if err != nil {
		return res, err
	}
	s.sendLater(Mail{To: in.Email, Subject: "Uitnodiging voor Move / Your invitation to Move",
		Body: "Maak je account aan / Create your account: " + s.cfg.PublicURL + "/invite/register?token=" + token})
	return res, nil
}

// AcceptInvite registers the invitee (or, when the address has an account, checks its
// password) and grants the invite's role. The token works once.
func (s *Service) AcceptInvite(ctx context.Context, token, firstName, lastName, password string) (Session, error) {
	var v domain.ValidationError
	firstName = validateName(&v, "first_name", firstName)
	lastName = validateName(&v, "last_name", lastName)
	validatePassword(&v, password)
	if err := v.OrNil(); err != nil {
		return Session{}, err
	}
	inviteID, err := s.useOneTimeToken(ctx, "invite", token)
	if err != nil {
		return Session{}, err
	}
	invite, err := s.app.Invite(ctx, inviteID)
	if err != nil {
		return Session{}, err
	}
	email := invite.Sent.Email
	if email == "" { // erased after it was sent
		return Session{}, ErrInvalidToken
	}
	meta := commands.Meta{CommandID: uuid.NewSHA1(uuid.MustParse(inviteID), []byte("accept"))}
	userID, err := s.UserIDByEmail(ctx, email)
	var nf *domain.NotFoundError
	switch {
	case errors.As(err, &nf):
		meta.ActorID = uuid.NewSHA1(meta.CommandID, []byte("user")).String()
		if userID, err = s.CreateUser(ctx, meta, NewUser{Email: email, FirstName: firstName, LastName: lastName, Password: password}); err != nil {
			return Session{}, err
		}
	case err != nil:
		return Session{}, err
	default:
		var hash string
		if err := s.db.QueryRow(ctx, `SELECT password_hash FROM identity_credentials WHERE user_id = $1`, userID).Scan(&hash); err != nil {
			return Session{}, err
		}
		if ok, err := VerifyPassword(password, hash); err != nil || !ok {
			return Session{}, ErrInvalidCredentials
		}
	}
	meta.ActorID = userID
	acceptMeta := meta
	acceptMeta.CommandID = uuid.NewSHA1(meta.CommandID, []byte("invite"))
	if _, err := s.app.AcceptInvite(ctx, acceptMeta, inviteID, userID); err != nil {
		return Session{}, err
	}
	// The invitee is the user now: the invite's own copy of their name and address goes.
	if _, err := s.app.ErasePersonalData(ctx, commands.Meta{ActorID: userID, CorrelationID: meta.CorrelationID}, identity.InviteStream(inviteID)); err != nil {
		return Session{}, err
	}
	tokens, err := s.issue(ctx, userID, uuid.New())
	if err != nil {
		return Session{}, err
	}
	return s.session(ctx, userID, tokens)
}

// ErasePerson forgets a user (decision 0100): the erasure is recorded (roles revoked,
// e-mail address freed), then their personal data is blanked and their password and
// tokens deleted, so they can no longer log in and no screen shows who they were. The
// log keeps only the id. Run again after an interruption, it completes the erasure.
func (s *Service) ErasePerson(ctx context.Context, meta commands.Meta, userID string) error {
	var email string
	var erased bool
	err := s.db.QueryRow(ctx, `SELECT email, erased_at IS NOT NULL FROM identity_personal_data WHERE subject_id = $1 AND (is_user OR erased_at IS NOT NULL)`,
		userID).Scan(&email, &erased)
	if errors.Is(err, pgx.ErrNoRows) {
		return &domain.NotFoundError{Kind: "user", ID: userID}
	}
	if err != nil || erased {
		return err
	}
	if _, err := s.app.EraseUser(ctx, meta, userID, email); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		// email_key stays unique among users' rows while it names no one.
		if _, err := tx.Exec(ctx, `
			UPDATE identity_personal_data
			   SET email = '', email_key = 'erased/' || subject_id::text, first_name = '', last_name = '',
			       avatar_url = NULL, erased_at = $2, updated_at = $2
			 WHERE subject_id = $1`, userID, s.now().UTC()); err != nil {
			return err
		}
		for _, q := range []string{
			`DELETE FROM identity_credentials WHERE user_id = $1`,
			`DELETE FROM identity_tokens WHERE user_id = $1`,
			`DELETE FROM identity_one_time_tokens WHERE subject_id = $1`,
		} {
			if _, err := tx.Exec(ctx, q, userID); err != nil {
				return err
			}
		}
		return nil
	})
}

// Erasure is what ErasePersonEverywhere forgot.
type Erasure struct {
	UserID        string   `json:"user_id,omitempty"`
	Invites       []string `json:"invites"`
	Organizations []string `json:"organizations"`
	// Contacts are organisations' contact people with the address (decision 0602).
	Contacts []string `json:"contacts"`
	// Bookings are bookings whose participant has the address (decision 0800).
	Bookings []string `json:"bookings"`
	// Purchases are product purchases whose buyer has the address (decision 1003).
	Purchases []string `json:"purchases"`
}

// ErasePersonEverywhere forgets the person with this e-mail address wherever they
// appear (decision 0511): their account (ErasePerson), every invite sent to the
// address, and the contact and finance data of every organisation whose contact address
// it is, plus those of the organisations named (a sole trader found by an operator, not
// by address), every organisation contact person, every booking's participant and
// every product purchase's buyer with the address. All of them are erased through their subjects' keys
// (package personal), so the log keeps nothing readable either. Mail is not stored:
// the log outbox does not write addresses. Run again, it completes what an interruption
// left.
func (s *Service) ErasePersonEverywhere(ctx context.Context, meta commands.Meta, email string, organizations ...string) (Erasure, error) {
	out := Erasure{Invites: []string{}, Organizations: []string{}, Contacts: []string{}, Bookings: []string{}, Purchases: []string{}}
	key := emailKey(email)
	if key == "" {
		return out, &domain.NotFoundError{Kind: "person", ID: ""}
	}
	if id, err := s.UserIDByEmail(ctx, email); err == nil {
		if err := s.ErasePerson(ctx, meta, id); err != nil {
			return out, err
		}
		out.UserID = id
	} else if nf := (*domain.NotFoundError)(nil); !errors.As(err, &nf) {
		return out, err
	}
	// Across applications (decision 0502): an erasure is the platform's duty, not a tenant's.
	var found []string
	err := ReadAcrossTenants(ctx, s.db, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id::text FROM readmodel.identity_invites WHERE email <> '' AND lower(email) = $1 ORDER BY id`, key)
		if err != nil {
			return err
		}
		if out.Invites, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT id::text FROM readmodel.organizations WHERE email <> '' AND lower(email) = $1 ORDER BY id`, key)
		if err != nil {
			return err
		}
		if found, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT id::text FROM readmodel.contacts WHERE email <> '' AND lower(email) = $1 ORDER BY id`, key)
		if err != nil {
			return err
		}
		if out.Contacts, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return err
		}
		// A moved booking has a row in each session it was in: one subject.
		rows, err = tx.Query(ctx, `SELECT DISTINCT booking_id::text FROM readmodel.session_participants
			WHERE email <> '' AND lower(email) = $1 ORDER BY 1`, key)
		if err != nil {
			return err
		}
		if out.Bookings, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT DISTINCT purchase_id::text FROM readmodel.product_purchases
			WHERE email <> '' AND lower(email) = $1 ORDER BY 1`, key)
		if err != nil {
			return err
		}
		out.Purchases, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	if err != nil {
		return out, err
	}
	out.Organizations = append(append([]string{}, found...), organizations...)
	for _, ids := range []*[]string{&out.Invites, &out.Contacts, &out.Bookings, &out.Purchases} {
		if *ids == nil {
			*ids = []string{}
		}
	}
	for _, id := range out.Invites {
		if _, err := s.app.ErasePersonalData(ctx, meta, identity.InviteStream(id)); err != nil {
			return out, err
		}
		if _, err := s.db.Exec(ctx, `DELETE FROM identity_one_time_tokens WHERE subject_id = $1`, id); err != nil {
			return out, err
		}
	}
	for _, id := range out.Organizations {
		if _, err := uuid.Parse(id); err != nil {
			return out, &domain.NotFoundError{Kind: "organization", ID: id}
		}
		if _, err := s.app.ErasePersonalData(ctx, meta, organization.Stream(id)); err != nil {
			return out, err
		}
	}
	// Contacts and participants are subjects of their own (decisions 0602, 0800).
	var subjects []string
	for _, id := range out.Contacts {
		subjects = append(subjects, contact.Stream(id))
	}
	for _, id := range out.Bookings {
		subjects = append(subjects, booking.Subject(id))
	}
	for _, id := range out.Purchases {
		subjects = append(subjects, product.PurchaseSubject(id))
	}
	for _, subject := range subjects {
		if _, err := s.app.ErasePersonalData(ctx, meta, subject); err != nil {
			return out, err
		}
	}
	if out.UserID == "" && len(out.Invites) == 0 && len(out.Organizations) == 0 && len(out.Contacts) == 0 && len(out.Bookings) == 0 &&
		len(out.Purchases) == 0 {
		return out, &domain.NotFoundError{Kind: "person", ID: ""}
	}
	return out, nil
}
