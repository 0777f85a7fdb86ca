package organization

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/countries"
	"move/domain/names"
)

// Limits, in characters.
const (
	MaxNameLength  = 150
	MaxTextLength  = 5000
	MaxShortLength = 150
	MaxSports      = 100
	MaxReason      = 1000
)

var (
	kvkPattern  = regexp.MustCompile(`^[0-9]{8}$`)
	ibanPattern = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$`)
)

// Organization is one organisation of an application.
type Organization struct {
	ID            string
	ApplicationID string
	Exists        bool
	Deleted       bool
	State         string
	Profile       Profile
	Finance       Finance
	ClientID      string
	SecretHash    string
}

// New is the organisation with id, before its events are applied.
func New(id string) *Organization { return &Organization{ID: id} }

// Apply implements domain.Aggregate.
func (o *Organization) Apply(e domain.Event) {
	switch e := e.(type) {
	case Created:
		o.Exists, o.State, o.ApplicationID = true, StatePending, e.ApplicationID
		o.Profile, o.ClientID, o.SecretHash = e.Profile, e.ClientID, e.SecretHash
	case Updated:
		o.Profile = e.Profile
	case Approved:
		o.State = StateApproved
	case Rejected:
		o.State = StateRejected
	case Deleted:
		o.Deleted = true
	case APISecretRotated:
		o.SecretHash = e.SecretHash
	case FinanceChanged:
		o.Finance = e.Finance
	}
}

// VisibleIn tells whether the organisation exists in the application: one of another
// application is not found, like one that never existed.
func (o *Organization) VisibleIn(applicationID string) bool {
	return o.Exists && !o.Deleted && o.ApplicationID == applicationID
}

func (o *Organization) mustBeIn(applicationID string) error {
	if !o.VisibleIn(applicationID) {
		return &domain.NotFoundError{Kind: "organization", ID: o.ID}
	}
	return nil
}

// Create decides a new, pending organisation. The caller generates the API client
// secret and passes only its hash.
func (o *Organization) Create(applicationID string, p Profile, clientID, secretHash, source string) ([]domain.Event, error) {
	if o.Exists {
		return nil, &domain.ConflictError{Key: "organization.exists"}
	}
	p, err := CleanProfile(p)
	if err != nil {
		return nil, err
	}
	if applicationID == "" || clientID == "" || len(secretHash) != 64 {
		return nil, &domain.ConflictError{Key: "organization.credentials"}
	}
	return []domain.Event{Created{ApplicationID: applicationID, Profile: p, ClientID: clientID, SecretHash: secretHash, Source: source}}, nil
}

// Update decides new profile values; unchanged values decide nothing.
func (o *Organization) Update(applicationID string, p Profile) ([]domain.Event, error) {
	if err := o.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	p, err := CleanProfile(p)
	if err != nil {
		return nil, err
	}
	if equalProfiles(p, o.Profile) {
		return nil, nil
	}
	return []domain.Event{Updated{p}}, nil
}

// Approve decides the approval of a pending (or earlier rejected) organisation.
func (o *Organization) Approve(applicationID string) ([]domain.Event, error) {
	if err := o.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	if o.State == StateApproved {
		return nil, &domain.ConflictError{Key: "organization.already_approved"}
	}
	return []domain.Event{Approved{}}, nil
}

// Reject decides the rejection of a pending organisation, with a reason. An approved
// organisation is not rejected (it may already sell offers): delete it instead.
func (o *Organization) Reject(applicationID, reason string) ([]domain.Event, error) {
	if err := o.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	switch o.State {
	case StateApproved:
		return nil, &domain.ConflictError{Key: "organization.approved_not_rejectable"}
	case StateRejected:
		return nil, &domain.ConflictError{Key: "organization.already_rejected"}
	}
	reason = strings.TrimSpace(reason)
	var v domain.ValidationError
	checkText(&v, "reason", reason, MaxReason, true)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	return []domain.Event{Rejected{Reason: reason}}, nil
}

// Delete decides the organisation's removal.
func (o *Organization) Delete(applicationID string) ([]domain.Event, error) {
	if err := o.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{Deleted{}}, nil
}

// RotateSecret replaces the API client secret's hash.
func (o *Organization) RotateSecret(applicationID, secretHash string) ([]domain.Event, error) {
	if err := o.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	if len(secretHash) != 64 || secretHash == o.SecretHash {
		return nil, &domain.ConflictError{Key: "organization.credentials"}
	}
	return []domain.Event{APISecretRotated{SecretHash: secretHash}}, nil
}

// SetFinance decides new finance details; unchanged ones decide nothing.
func (o *Organization) SetFinance(applicationID string, f Finance) ([]domain.Event, error) {
	if err := o.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	f, err := CleanFinance(f)
	if err != nil {
		return nil, err
	}
	if f == o.Finance {
		return nil, nil
	}
	return []domain.Event{FinanceChanged{f}}, nil
}

// UnlinkedSports answers the sports the organisation has that next does not.
func (o *Organization) UnlinkedSports(next []string) []string {
	var out []string
	for _, s := range o.Profile.Sports {
		if !slices.Contains(next, s) {
			out = append(out, s)
		}
	}
	return out
}

// CleanProfile trims and validates a profile; each failing field is named.
func CleanProfile(p Profile) (Profile, error) {
	var v domain.ValidationError
	p.Name = names.Required(&v, "name", p.Name, MaxNameLength)
	p.Description = strings.TrimSpace(p.Description)
	checkText(&v, "description", p.Description, MaxTextLength, false)
	p.Type = strings.TrimSpace(p.Type)
	checkText(&v, "type", p.Type, MaxShortLength, false)
	p.Notes = strings.TrimSpace(p.Notes)
	checkText(&v, "notes", p.Notes, MaxTextLength, false)

	sports := []string{}
	for _, s := range p.Sports {
		id, err := uuid.Parse(strings.TrimSpace(s))
		if err != nil {
			v.Add("sports", "validation.invalid", nil)
			break
		}
		if !slices.Contains(sports, id.String()) {
			sports = append(sports, id.String())
		}
	}
	if len(sports) > MaxSports {
		v.Add("sports", "validation.max_items", map[string]any{"max": MaxSports})
	}
	p.Sports = sports

	p.KVK = strings.ReplaceAll(strings.TrimSpace(p.KVK), " ", "")
	if p.KVK != "" && !kvkPattern.MatchString(p.KVK) {
		v.Add("kvk", "validation.kvk", nil)
	}
	p.LogoID, p.HeaderID = emptyNil(p.LogoID), emptyNil(p.HeaderID)
	for _, f := range []struct {
		name string
		id   *string
	}{{"logo_id", p.LogoID}, {"header_id", p.HeaderID}} {
		if f.id != nil && (len(*f.id) > 100 || strings.ContainsAny(*f.id, "/\\ ")) {
			v.Add(f.name, "validation.invalid", nil)
		}
	}
	p.Email = strings.TrimSpace(p.Email)
	if p.Email != "" {
		if !names.ValidEmail(p.Email) {
			v.Add("email", "validation.email", nil)
		}
	}
	p.Phone = strings.TrimSpace(p.Phone)
	if p.Phone != "" && !names.ValidPhone(p.Phone) {
		v.Add("phone", "validation.phone", nil)
	}
	for _, u := range []struct {
		field string
		value *string
	}{{"website", &p.Website}, {"facebook_url", &p.FacebookURL}, {"instagram_url", &p.InstagramURL}, {"youtube_url", &p.YoutubeURL}} {
		*u.value = strings.TrimSpace(*u.value)
		if *u.value != "" && !names.ValidURL(*u.value) {
			v.Add(u.field, "validation.url", nil)
		}
	}
	a := &p.Address
	a.Street, a.HouseNumber, a.City = strings.TrimSpace(a.Street), strings.TrimSpace(a.HouseNumber), strings.TrimSpace(a.City)
	a.Zipcode = strings.ToUpper(strings.TrimSpace(a.Zipcode))
	a.Country = strings.ToLower(strings.TrimSpace(a.Country))
	checkText(&v, "street", a.Street, MaxShortLength, false)
	checkText(&v, "house_number", a.HouseNumber, 20, false)
	checkText(&v, "zipcode", a.Zipcode, 12, false)
	checkText(&v, "city", a.City, MaxShortLength, false)
	if a.Country != "" && !countries.Valid(a.Country) {
		v.Add("country", "validation.country", nil)
	}
	return p, v.OrNil()
}

// CleanFinance trims and validates finance details; the IBAN passes the mod-97 check.
func CleanFinance(f Finance) (Finance, error) {
	var v domain.ValidationError
	f.ATTN = strings.TrimSpace(f.ATTN)
	f.Address = strings.TrimSpace(f.Address)
	f.AccountName = strings.TrimSpace(f.AccountName)
	f.IBAN = NormalizeIBAN(f.IBAN)
	checkText(&v, "attn", f.ATTN, MaxShortLength, false)
	checkText(&v, "address", f.Address, 500, false)
	checkText(&v, "account_name", f.AccountName, MaxShortLength, true)
	if f.IBAN == "" {
		v.Add("iban", "validation.required", nil)
	} else if !ValidIBAN(f.IBAN) {
		v.Add("iban", "validation.iban", nil)
	}
	return f, v.OrNil()
}

// NormalizeIBAN removes spacing and upper-cases.
func NormalizeIBAN(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

// ValidIBAN checks an IBAN's shape and its ISO 7064 mod-97 check digits.
func ValidIBAN(s string) bool {
	s = NormalizeIBAN(s)
	if !ibanPattern.MatchString(s) {
		return false
	}
	rearranged := s[4:] + s[:4]
	var digits strings.Builder
	for _, r := range rearranged {
		if r >= 'A' && r <= 'Z' {
			digits.WriteString(strconv.Itoa(int(r - 'A' + 10)))
		} else {
			digits.WriteRune(r)
		}
	}
	// Piecewise mod 97 keeps every step within an int.
	rem := 0
	for _, c := range digits.String() {
		rem = (rem*10 + int(c-'0')) % 97
	}
	return rem == 1
}

func checkText(v *domain.ValidationError, field, value string, max int, required bool) {
	switch n := utf8.RuneCountInString(value); {
	case (n == 0 || !names.Visible(value)) && required:
		v.Add(field, "validation.required", nil)
	case n > 0 && !names.Visible(value):
		v.Add(field, "validation.invisible", nil)
	case n > max:
		v.Add(field, "validation.max_length", map[string]any{"max": max})
	}
}

func emptyNil(s *string) *string {
	if s == nil || strings.TrimSpace(*s) == "" {
		return nil
	}
	t := strings.TrimSpace(*s)
	return &t
}

func equalProfiles(a, b Profile) bool {
	return a.Name == b.Name && a.Description == b.Description && a.Type == b.Type && slices.Equal(a.Sports, b.Sports) &&
		a.KVK == b.KVK && eqPtr(a.LogoID, b.LogoID) && eqPtr(a.HeaderID, b.HeaderID) && a.Email == b.Email &&
		a.Phone == b.Phone && a.Website == b.Website && a.FacebookURL == b.FacebookURL && a.InstagramURL == b.InstagramURL &&
		a.YoutubeURL == b.YoutubeURL && a.Address == b.Address && a.Notes == b.Notes
}

func eqPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
