package campaign

import (
	"regexp"
	"strings"

	"move/domain"
	"move/domain/names"
)

// Limits: a title fits a banner; a link is a URL of at most MaxURLLength.
const (
	MaxTitleLength = 100
	MaxURLLength   = 2000
)

var fileToken = regexp.MustCompile(`^[0-9a-f]{32}$`)

// Campaign is one campaign of an application.
type Campaign struct {
	ID            string
	ApplicationID string
	Exists        bool
	Deleted       bool
	Fields        Fields
}

func New(id string) *Campaign { return &Campaign{ID: id} }

// Apply implements domain.Aggregate.
func (c *Campaign) Apply(e domain.Event) {
	switch e := e.(type) {
	case Created:
		c.Exists, c.ApplicationID, c.Fields = true, e.ApplicationID, e.Fields
	case Updated:
		c.Fields = e.Fields
	case Deleted:
		c.Deleted = true
	}
}

// mustBeIn: another application's campaign is not found, like one that never existed.
func (c *Campaign) mustBeIn(applicationID string) error {
	if !c.Exists || c.Deleted || c.ApplicationID != applicationID {
		return &domain.NotFoundError{Kind: "campaign", ID: c.ID}
	}
	return nil
}

// Create decides a new campaign of the application.
func (c *Campaign) Create(applicationID string, f Fields) ([]domain.Event, error) {
	if c.Exists {
		return nil, &domain.ConflictError{Key: "campaign.exists"}
	}
	f, err := Clean(f)
	if err != nil {
		return nil, err
	}
	return []domain.Event{Created{ApplicationID: applicationID, Fields: f}}, nil
}

// Update decides new values; unchanged values decide nothing.
func (c *Campaign) Update(applicationID string, f Fields) ([]domain.Event, error) {
	if err := c.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	f, err := Clean(f)
	if err != nil {
		return nil, err
	}
	if f.Title == c.Fields.Title && f.URL == c.Fields.URL && sameID(f.ImageID, c.Fields.ImageID) {
		return nil, nil
	}
	return []domain.Event{Updated{Fields: f}}, nil
}

// Delete decides the campaign's removal.
func (c *Campaign) Delete(applicationID string) ([]domain.Event, error) {
	if err := c.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{Deleted{}}, nil
}

// Clean validates a campaign's fields: a title, an http(s) link (the banner's target),
// and optionally an image (the caller checks it is a public file of the tenant, 0534).
func Clean(f Fields) (Fields, error) {
	var v domain.ValidationError
	f.Title = names.Required(&v, "title", f.Title, MaxTitleLength)
	f.URL = strings.TrimSpace(f.URL)
	switch {
	case f.URL == "":
		v.Add("url", "validation.required", nil)
	case len(f.URL) > MaxURLLength || !names.ValidURL(f.URL):
		v.Add("url", "validation.url", nil)
	}
	if f.ImageID != nil && strings.TrimSpace(*f.ImageID) == "" {
		f.ImageID = nil
	}
	if f.ImageID != nil {
		// A file's token: 32 lower-case hex digits (package files), its public address.
		token := strings.ToLower(strings.TrimSpace(*f.ImageID))
		if !fileToken.MatchString(token) {
			v.Add("image_id", "validation.invalid", nil)
		}
		f.ImageID = &token
	}
	return f, v.OrNil()
}

func sameID(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
