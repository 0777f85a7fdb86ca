package identity

import (
	"maps"
	"math"
	"net/mail"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"
	_ "time/tzdata" // zone names validate the same on every host
	"unicode/utf8"

	"move/domain"
	"move/domain/names"
)

// MaxNameLength is the longest application name, in characters.
const MaxNameLength = 100

// Application is a tenant.
type Application struct {
	ID       string
	Exists   bool
	Name     string
	Slug     string
	Settings ApplicationSettings
}

func (a *Application) Apply(e domain.Event) {
	switch c := e.(type) {
	case ApplicationCreated:
		a.Exists, a.Name, a.Slug = true, c.Name, c.Slug
		a.Settings = ApplicationSettings{Name: c.Name, Slug: c.Slug, ParentID: c.ParentID, LogoID: c.LogoID,
			FaviconID: c.FaviconID, PrimaryColor: c.PrimaryColor, SecondaryColor: c.SecondaryColor}
	case ApplicationUpdated:
		a.Name, a.Slug, a.Settings = c.Name, c.Slug, c.ApplicationSettings
	}
}

// Create decides a new application with every setting: ApplicationCreated with
// what it carries, then ApplicationUpdated with the full set when there is more. The
// caller reserves the slug and checks that the parent exists.
func (a *Application) Create(s ApplicationSettings) ([]domain.Event, error) {
	if a.Exists {
		return nil, &domain.ConflictError{Key: "application.exists"}
	}
	s, err := a.clean(s)
	if err != nil {
		return nil, err
	}
	created := ApplicationCreated{Name: s.Name, Slug: s.Slug, ParentID: s.ParentID, LogoID: s.LogoID,
		FaviconID: s.FaviconID, PrimaryColor: s.PrimaryColor, SecondaryColor: s.SecondaryColor}
	events := []domain.Event{created}
	var base Application
	base.Apply(created)
	if !sameSettings(base.Settings, s) {
		events = append(events, ApplicationUpdated{s})
	}
	return events, nil
}

// Update decides new settings for an existing application (nothing when they are the
// same); the caller reserves a new slug, releases the old, and checks the parent.
func (a *Application) Update(s ApplicationSettings) ([]domain.Event, error) {
	if !a.Exists {
		return nil, &domain.NotFoundError{Kind: "application", ID: a.ID}
	}
	s, err := a.clean(s)
	if err != nil {
		return nil, err
	}
	if sameSettings(a.Settings, s) {
		return nil, nil
	}
	return []domain.Event{ApplicationUpdated{s}}, nil
}

// sameSettings compares settings by value, not by pointer.
func sameSettings(a, b ApplicationSettings) bool {
	return reflect.DeepEqual(a, b)
}

var colorPattern = regexp.MustCompile(`^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$`)

// clean trims and validates settings; empty optional text becomes null.
func (a *Application) clean(s ApplicationSettings) (ApplicationSettings, error) {
	var v domain.ValidationError
	s.Name = names.Required(&v, "name", s.Name, MaxNameLength)
	s.Slug = names.Slug(&v, "slug", s.Slug)
	for _, f := range []struct {
		field string
		value **string
		max   int
	}{{"email", &s.Email, 254}, {"description", &s.Description, 5000}, {"dashboard_url", &s.DashboardURL, 2000},
		{"website_url", &s.WebsiteURL, 2000}, {"support_url", &s.SupportURL, 2000}, {"timezone", &s.Timezone, 64},
		{"sport_id_alias", &s.SportIDAlias, 100}, {"logo_id", &s.LogoID, 100}, {"fallback_image_id", &s.FallbackImageID, 100},
		{"favicon_id", &s.FaviconID, 100}, {"primary_color", &s.PrimaryColor, 0}, {"secondary_color", &s.SecondaryColor, 0},
		{"parent_id", &s.ParentID, 0}} {
		*f.value = emptyNil(*f.value)
		// max 0: the value's pattern bounds it.
		if *f.value != nil && f.max > 0 && utf8.RuneCountInString(**f.value) > f.max {
			v.Add(f.field, "validation.max_length", map[string]any{"max": f.max})
		}
	}
	if s.Email != nil {
		if m, err := mail.ParseAddress(*s.Email); err != nil || m.Address != *s.Email || len(*s.Email) > 254 {
			v.Add("email", "validation.email", nil)
		}
	}
	for _, u := range []struct {
		field string
		value *string
	}{{"dashboard_url", s.DashboardURL}, {"website_url", s.WebsiteURL}, {"support_url", s.SupportURL}} {
		if u.value != nil && !names.ValidURL(*u.value) {
			v.Add(u.field, "validation.url", nil)
		}
	}
	if s.Timezone != nil && !ValidTimezone(*s.Timezone) {
		v.Add("timezone", "validation.timezone", nil)
	}
	for _, c := range []struct {
		field string
		value *string
	}{{"primary_color", s.PrimaryColor}, {"secondary_color", s.SecondaryColor}} {
		if c.value != nil && !colorPattern.MatchString(*c.value) {
			v.Add(c.field, "validation.color", nil)
		}
	}
	for _, f := range []struct {
		field string
		id    *string
	}{{"logo_id", s.LogoID}, {"fallback_image_id", s.FallbackImageID}, {"favicon_id", s.FaviconID}, {"sport_id_alias", s.SportIDAlias}} {
		if f.id != nil && strings.ContainsAny(*f.id, "/\\ ?#") {
			v.Add(f.field, "validation.invalid", nil)
		}
	}
	if s.ParentID != nil {
		*s.ParentID = strings.ToLower(*s.ParentID)
		if !isUUID(*s.ParentID) || *s.ParentID == a.ID {
			v.Add("parent_id", "validation.invalid", nil)
		}
	}
	checkMap(&v, s.Longitude, s.Latitude, s.Zoom)
	return s, v.OrNil()
}

// Map ranges.
const (
	MaxZoom = 22
)

func checkMap(v *domain.ValidationError, longitude, latitude, zoom *float64) {
	for _, f := range []struct {
		field    string
		value    *float64
		min, max float64
	}{{"longitude", longitude, -180, 180}, {"latitude", latitude, -90, 90}, {"zoom", zoom, 0, MaxZoom}} {
		if f.value != nil && (math.IsNaN(*f.value) || *f.value < f.min || *f.value > f.max) {
			v.Add(f.field, "validation.between", map[string]any{"min": f.min, "max": f.max})
		}
	}
}

// ValidTimezone: an IANA zone name the Go time zone database knows ("Europe/Amsterdam",
// "UTC"); "Local" and empty names are not zones.
func ValidTimezone(name string) bool {
	if name == "" || name == "Local" || len(name) > 64 {
		return false
	}
	_, err := time.LoadLocation(name)
	return err == nil
}

func emptyNil(s *string) *string {
	if s == nil {
		return nil
	}
	t := strings.TrimSpace(*s)
	if t == "" {
		return nil
	}
	return &t
}

// User is an account and the roles it holds.
type User struct {
	ID     string
	Exists bool
	Erased bool
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
	case UserErased:
		u.Erased = true
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
	if u.Erased {
		return &domain.ConflictError{Key: "user.erased"}
	}
	return nil
}

// Erase decides the user's erasure: every role revoked, then UserErased. Erased
// already, it decides nothing. The caller frees the e-mail reservation and blanks the
// personal data.
func (u *User) Erase() ([]domain.Event, error) {
	if !u.Exists {
		return nil, &domain.NotFoundError{Kind: "user", ID: u.ID}
	}
	if u.Erased {
		return nil, nil
	}
	grants := slices.SortedFunc(maps.Keys(u.Grants), func(a, b Grant) int {
		return strings.Compare(a.Role+a.ApplicationID+a.OrganizationID, b.Role+b.ApplicationID+b.OrganizationID)
	})
	var out []domain.Event
	for _, g := range grants {
		out = append(out, RoleRevoked{g})
	}
	return append(out, UserErased{}), nil
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
	// SeededPermissions are the permission names whose defaults were written.
	SeededPermissions map[string]bool
}

func NewMatrix() *Matrix {
	return &Matrix{Rules: map[Rule]bool{}, SeededPermissions: map[string]bool{}}
}

func (m *Matrix) Apply(e domain.Event) {
	switch e := e.(type) {
	case PermissionGranted:
		m.Rules[e.Rule] = true
	case PermissionRevoked:
		delete(m.Rules, e.Rule)
	case PermissionDefaultsSeeded:
		m.Seeded = true
		for _, p := range e.Permissions {
			m.SeededPermissions[p] = true
		}
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

// SeedDefaults writes the default rules of permissions not seeded before: on first
// start all of them, after an upgrade those of the permissions it added. Afterwards the
// matrix is edited only by grants and revokes: a revoked default stays revoked.
// permissions are every permission name the product knows.
func (m *Matrix) SeedDefaults(rules []Rule, permissions []string) ([]domain.Event, error) {
	var fresh []string
	for _, p := range permissions {
		if !m.SeededPermissions[p] {
			fresh = append(fresh, p)
		}
	}
	if m.Seeded && len(fresh) == 0 {
		return nil, nil
	}
	var out []domain.Event
	for _, r := range rules {
		if err := r.Validate(); err != nil {
			return nil, err
		}
		// After the first seed, only rows naming a new permission are written (a
		// pattern such as "*" was written the first time).
		if m.Seeded && !slices.Contains(fresh, r.Permission) {
			continue
		}
		if !m.Rules[r] {
			out = append(out, PermissionGranted{r})
		}
	}
	all := slices.Sorted(maps.Keys(m.SeededPermissions))
	for _, p := range fresh {
		if !slices.Contains(all, p) {
			all = append(all, p)
		}
	}
	slices.Sort(all)
	return append(out, PermissionDefaultsSeeded{Permissions: all}), nil
}
