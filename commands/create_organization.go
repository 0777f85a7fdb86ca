package commands

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/catalog"
	"move/domain/organization"
)

// OrganizationCreated is a create's result with the API client credentials. Secret is
// shown once: only its hash is kept, and a retried create answers it empty (rotate it).
type OrganizationCreated struct {
	Result
	ClientID string
	Secret   string
}

// CreateOrganization adds a pending organisation to the meta's application. The id
// (unless meta.OrganizationID fixes it) and the API client id derive from the command
// id, so a retry creates nothing twice.
func (a *App) CreateOrganization(ctx context.Context, meta Meta, p organization.Profile) (OrganizationCreated, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := meta.OrganizationID // a fixed id (the demo organisations of decision 0105)
	if _, err := uuid.Parse(id); err != nil {
		id = uuid.NewSHA1(meta.CommandID, []byte("organization")).String()
	}
	meta.OrganizationID = id
	clientID := OrganizationClientID(id)
	secret, hash := NewAPISecret()
	fresh := false
	res, err := a.run.execute(ctx, meta, id, func(u *unit) error {
		fresh = false
		o := organization.New(id)
		if err := u.load(organization.Stream(id), o); err != nil {
			return err
		}
		if err := u.checkSports(p.Sports); err != nil {
			return err
		}
		events, err := o.Create(meta.ApplicationID, p, clientID, hash, "form")
		if err != nil {
			return err
		}
		fresh = true
		return u.append(organization.Stream(id), o, events...)
	})
	if err != nil {
		return OrganizationCreated{}, err
	}
	out := OrganizationCreated{Result: res, ClientID: clientID}
	if fresh { // a retried command kept the first secret's hash: this one is not it
		out.Secret = secret
	}
	return out, nil
}

// OrganizationClientID is the organisation's API client id: public, derived from its id.
func OrganizationClientID(id string) string {
	return "org_" + strings.ReplaceAll(id, "-", "")
}

// NewAPISecret makes a random API client secret and its SHA-256 hash (hex). A secret of
// 256 random bits needs no slow hash: nothing can guess it.
func NewAPISecret() (secret, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	secret = "mvs_" + base64.RawURLEncoding.EncodeToString(b)
	return secret, HashAPISecret(secret)
}

// HashAPISecret is how a presented secret is compared with the kept hash.
func HashAPISecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// checkSports refuses sports that are not in the platform catalogue.
func (u *unit) checkSports(sports []string) error {
	for _, s := range sports {
		id, err := uuid.Parse(s)
		if err != nil {
			continue // the domain names the field
		}
		item := catalog.NewItem(catalog.Sport, id.String())
		if err := u.load(catalog.Sport.Stream(id.String()), item); err != nil {
			return err
		}
		if !item.Exists || item.Deleted {
			v := &domain.ValidationError{}
			v.Add("sports", "validation.unknown_sport", map[string]any{"id": id.String()})
			return v
		}
	}
	return nil
}
