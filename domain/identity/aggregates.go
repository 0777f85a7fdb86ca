package identity

import (
	"regexp"
	"time"
	"unicode/utf8"

	"move/domain"
	"move/domain/names"
)

// MaxNameLength is the longest application name, in characters.
const MaxNameLength = 100

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Application is a tenant.
type Application struct {
	ID     string
	Exists bool
	Name   string
	Slug   string
}

func (a *Application) Apply(e domain.Event) {
	if c, ok := e.(ApplicationCreated); ok {
		a.Exists, a.Name, a.Slug = true, c.Name, c.Slug
	}
}

// Create decides a new application; the caller reserves the slug.
func (a *Application) Create(c ApplicationCreated) ([]domain.Event, error) {
	if a.Exists {
		return nil, &domain.ConflictError{Key: "application.exists"}
	}
	var v domain.ValidationError
	c.Name = names.Clean(c.Name)
	switch n := utf8.RuneCountInString(c.Name); {
	case n == 0:
		v.Add("name", "validation.required", nil)
	case n > MaxNameLength:
		v.Add("name", "validation.max_length", map[string]any{"max": MaxNameLength})
	}
	if !slugPattern.MatchString(c.Slug) || len(c.Slug) > 64 {
		v.Add("slug", "validation.invalid", nil)
	}
	if c.ParentID != nil && (!isUUID(*c.ParentID) || *c.ParentID == a.ID) {
		v.Add("parent_id", "validation.invalid", nil)
	}
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	return []domain.Event{c}, nil
}

// User is an account and the roles it holds.
type User struct {
	ID     string
	Exists bool
	Grants map[Grant]bool
}

func NewUser(id string) *User { return &User{ID: id, Grants: map[Grant]bool{}} }

func (u *User) Apply(e domain.Event) {
	switch e := e.(type) {
	case UserRegistered:
		u.Exists = true
	case RoleGranted:
		u.Grants[e.Grant] = true
	case RoleRevoked:
		delete(u.Grants, e.Grant)
	}
}

// Register decides a new account; the caller reserves the e-mail address.
func (u *User) Register() ([]domain.Event, error) {
	if u.Exists {
		return nil, &domain.ConflictError{Key: "user.exists"}
	}
	return []domain.Event{UserRegistered{}}, nil
}

// GrantRole gives the user a role in a scope; a role already held decides nothing.
func (u *User) GrantRole(g Grant) ([]domain.Event, error) {
	if err := u.mustExist(); err != nil {
		return nil, err
	}
	if err := g.Validate(); err != nil {
		return nil, err
	}
	if u.Grants[g] {
		return nil, nil
	}
	return []domain.Event{RoleGranted{g}}, nil
}

// RevokeRole takes a role away; a role not held decides nothing.
func (u *User) RevokeRole(g Grant) ([]domain.Event, error) {
	if err := u.mustExist(); err != nil {
		return nil, err
	}
	if !u.Grants[g] {
		return nil, nil
	}
	return []domain.Event{RoleRevoked{g}}, nil
}

// ChangePassword records that the password was set (the hash is a secret, not a fact).
func (u *User) ChangePassword(reason string) ([]domain.Event, error) {
	if err := u.mustExist(); err != nil {
		return nil, err
	}
	return []domain.Event{PasswordChanged{Reason: reason}}, nil
}

func (u *User) mustExist() error {
	if !u.Exists {
		return &domain.NotFoundError{Kind: "user", ID: u.ID}
	}
	return nil
}

// Invite statuses.
const (
	InviteStatusSent     = "sent"
	InviteStatusAccepted = "accepted"
)

// Invite asks someone to join an organisation with a role.
type Invite struct {
	ID         string
	Status     string // "" before it is sent
	Sent       InviteSent
	AcceptedBy string
}

func (i *Invite) Apply(e domain.Event) {
	switch e := e.(type) {
	case InviteSent:
		i.Status, i.Sent = InviteStatusSent, e
	case InviteAccepted:
		i.Status, i.AcceptedBy = InviteStatusAccepted, e.UserID
	}
}

// Send decides a new invite for an invite role (organization or trainer).
func (i *Invite) Send(s InviteSent, now time.Time) ([]domain.Event, error) {
	if i.Status != "" {
		return nil, &domain.ConflictError{Key: "invite.exists"}
	}
	if s.Role != RoleOrganization && s.Role != RoleTrainer {
		var v domain.ValidationError
		v.Add("role", "validation.invalid", nil)
		return nil, &v
	}
	if err := (Grant{Role: s.Role, ApplicationID: s.ApplicationID, OrganizationID: s.OrganizationID}).Validate(); err != nil {
		return nil, err
	}
	if !s.ExpiresAt.After(now) {
		var v domain.ValidationError
		v.Add("expires_at", "validation.invalid", nil)
		return nil, &v
	}
	return []domain.Event{s}, nil
}

// Accept decides the invite's acceptance by userID: once, before it expires.
func (i *Invite) Accept(userID string, now time.Time) ([]domain.Event, error) {
	switch {
	case i.Status == "":
		return nil, &domain.NotFoundError{Kind: "invite", ID: i.ID}
	case i.Status == InviteStatusAccepted:
		return nil, &domain.ConflictError{Key: "invite.used"}
	case !now.Before(i.Sent.ExpiresAt):
		return nil, &domain.ConflictError{Key: "invite.expired"}
	}
	return []domain.Event{InviteAccepted{UserID: userID}}, nil
}

// Matrix is the role → permission matrix.
type Matrix struct {
	Rules  map[Rule]bool
	Seeded bool
}

func NewMatrix() *Matrix { return &Matrix{Rules: map[Rule]bool{}} }

func (m *Matrix) Apply(e domain.Event) {
	switch e := e.(type) {
	case PermissionGranted:
		m.Rules[e.Rule] = true
	case PermissionRevoked:
		delete(m.Rules, e.Rule)
	case PermissionDefaultsSeeded:
		m.Seeded = true
	}
}

// Grant gives a role a permission; held already, it decides nothing.
func (m *Matrix) Grant(r Rule) ([]domain.Event, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if m.Rules[r] {
		return nil, nil
	}
	return []domain.Event{PermissionGranted{r}}, nil
}

// Revoke takes a permission from a role; not held, it decides nothing.
func (m *Matrix) Revoke(r Rule) ([]domain.Event, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if !m.Rules[r] {
		return nil, nil
	}
	return []domain.Event{PermissionRevoked{r}}, nil
}

// SeedDefaults writes the default matrix once: after that the matrix is edited only by
// grants and revokes (a revoked default stays revoked across restarts).
func (m *Matrix) SeedDefaults(rules []Rule) ([]domain.Event, error) {
	if m.Seeded {
		return nil, nil
	}
	var out []domain.Event
	for _, r := range rules {
		if err := r.Validate(); err != nil {
			return nil, err
		}
		if !m.Rules[r] {
			out = append(out, PermissionGranted{r})
		}
	}
	return append(out, PermissionDefaultsSeeded{}), nil
}
