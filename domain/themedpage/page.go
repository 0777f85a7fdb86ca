package themedpage

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/names"
)

// Bounds (decision 1640): what a phone screen shows and the read model holds.
const (
	MaxTitleLength   = 100  // a page's title, per language
	MaxHeadingLength = 150  // a heading block, per language
	MaxTextLength    = 5000 // a text block, per language
	MaxAltLength     = 200  // an image block's alternative text, per language
	MaxLabelLength   = 60   // a button's label, per language
	MaxURLLength     = 2000 // a button's link
	MaxBlocks        = 50   // blocks of one page
	MaxPages         = 100  // pages of one application
)

// Statuses of a page.
const (
	Draft          = "draft"
	PublishedState = "published"
)

var fileToken = regexp.MustCompile(`^[0-9a-f]{32}$`)

// Page is one themed page of an application.
type Page struct {
	ID            string
	ApplicationID string
	Exists        bool
	Deleted       bool
	Published     bool
	Fields        Fields
}

func New(id string) *Page { return &Page{ID: id} }

// Apply implements domain.Aggregate.
func (p *Page) Apply(e domain.Event) {
	switch e := e.(type) {
	case Created:
		p.Exists, p.ApplicationID, p.Fields = true, e.ApplicationID, e.Fields
	case Updated:
		p.Fields = e.Fields
	case Published:
		p.Published = true
	case Unpublished:
		p.Published = false
	case Deleted:
		p.Deleted = true
	}
}

// mustBeIn: another application's page is not found, like one that never existed.
func (p *Page) mustBeIn(applicationID string) error {
	if !p.Exists || p.Deleted || p.ApplicationID != applicationID {
		return &domain.NotFoundError{Kind: "themed_page", ID: p.ID}
	}
	return nil
}

// Create decides a new page of the application: a draft, last in the order.
func (p *Page) Create(applicationID string, f Fields) ([]domain.Event, error) {
	if p.Exists {
		return nil, &domain.ConflictError{Key: "themed_page.exists"}
	}
	f, err := Clean(f)
	if err != nil {
		return nil, err
	}
	return []domain.Event{Created{ApplicationID: applicationID, Fields: f}}, nil
}

// Update decides new contents; unchanged contents decide nothing. A published page
// stays published: its new contents are shown at once.
func (p *Page) Update(applicationID string, f Fields) ([]domain.Event, error) {
	if err := p.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	f, err := Clean(f)
	if err != nil {
		return nil, err
	}
	if same(f, p.Fields) {
		return nil, nil
	}
	return []domain.Event{Updated{Fields: f}}, nil
}

// Publish decides that the app shows the page; a published page decides nothing.
func (p *Page) Publish(applicationID string) ([]domain.Event, error) {
	if err := p.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	if p.Published {
		return nil, nil
	}
	return []domain.Event{Published{}}, nil
}

// Unpublish decides that the page is a draft again.
func (p *Page) Unpublish(applicationID string) ([]domain.Event, error) {
	if err := p.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	if !p.Published {
		return nil, nil
	}
	return []domain.Event{Unpublished{}}, nil
}

// Delete decides the page's removal.
func (p *Page) Delete(applicationID string) ([]domain.Event, error) {
	if err := p.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{Deleted{}}, nil
}

// Clean validates a page's fields: a Dutch title (English optional), an optional header
// image, at most MaxBlocks blocks each valid for its type. Fields of a block that its
// type does not use are dropped. Image tokens name a file (the caller checks it is a
// public file of the application, 0534).
func Clean(f Fields) (Fields, error) {
	var v domain.ValidationError
	f.Title.NL = names.Required(&v, "title.nl", f.Title.NL, MaxTitleLength)
	f.Title.EN = names.Optional(&v, "title.en", names.Clean(f.Title.EN), MaxTitleLength)
	f.ImageID = cleanToken(&v, "image_id", "image_id", f.ImageID, false)
	if len(f.Blocks) > MaxBlocks {
		v.Add("blocks", "themed_page.too_many_blocks", map[string]any{"max": MaxBlocks})
		return f, v.OrNil()
	}
	blocks := make([]Block, len(f.Blocks))
	for i, b := range f.Blocks {
		blocks[i] = cleanBlock(&v, i, b)
	}
	f.Blocks = blocks
	return f, v.OrNil()
}

func cleanBlock(v *domain.ValidationError, i int, b Block) Block {
	at := func(part string) string { return fmt.Sprintf("blocks.%d.%s", i, part) }
	out := Block{Type: strings.TrimSpace(b.Type)}
	// text checks a block's text in both languages, the field name saying which part.
	text := func(part string, max int, required, multiline bool) {
		clean := names.Clean
		if multiline {
			clean = func(s string) string { return strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n")) }
		}
		for _, lang := range []struct {
			code string
			in   string
			out  *string
		}{{"nl", b.Text.NL, &out.Text.NL}, {"en", b.Text.EN, &out.Text.EN}} {
			field, name := at("text."+lang.code), part+"_"+lang.code
			s := clean(lang.in)
			n := utf8.RuneCountInString(s)
			switch {
			case (n == 0 || !names.Visible(s)) && required && lang.code == "nl":
				v.Add(field, "validation.required", map[string]any{"field": name})
			case n == 0:
			case !names.Visible(s):
				v.Add(field, "validation.invisible", map[string]any{"field": name})
			case n > max:
				v.Add(field, "validation.max_length", map[string]any{"field": name, "max": max})
			}
			*lang.out = s
		}
	}
	switch out.Type {
	case Heading:
		text("heading", MaxHeadingLength, true, false)
	case Para:
		text("paragraph", MaxTextLength, true, true)
	case Image:
		text("alt", MaxAltLength, false, false)
		out.ImageID = cleanToken(v, at("image_id"), "block_image", b.ImageID, true)
	case Button:
		text("label", MaxLabelLength, true, false)
		url := ""
		if b.URL != nil {
			url = strings.TrimSpace(*b.URL)
		}
		switch {
		case url == "":
			v.Add(at("url"), "validation.required", map[string]any{"field": "button_url"})
		case len(url) > MaxURLLength || !names.ValidURL(url):
			v.Add(at("url"), "validation.url", map[string]any{"field": "button_url"})
		}
		out.URL = &url
	default:
		v.Add(at("type"), "themed_page.block_type", map[string]any{"types": strings.Join(BlockTypes, ", ")})
	}
	return out
}

// cleanToken checks an optional (or required) file token: 32 lower-case hex digits;
// name is the field's name in the messages.
func cleanToken(v *domain.ValidationError, field, name string, token *string, required bool) *string {
	if token != nil && strings.TrimSpace(*token) == "" {
		token = nil
	}
	if token == nil {
		if required {
			v.Add(field, "validation.required", map[string]any{"field": name})
		}
		return nil
	}
	t := strings.ToLower(strings.TrimSpace(*token))
	if !fileToken.MatchString(t) {
		v.Add(field, "validation.invalid", map[string]any{"field": name})
	}
	return &t
}

func same(a, b Fields) bool {
	if a.Title != b.Title || !sameID(a.ImageID, b.ImageID) || len(a.Blocks) != len(b.Blocks) {
		return false
	}
	for i := range a.Blocks {
		x, y := a.Blocks[i], b.Blocks[i]
		if x.Type != y.Type || x.Text != y.Text || !sameID(x.ImageID, y.ImageID) || !sameID(x.URL, y.URL) {
			return false
		}
	}
	return true
}

func sameID(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// Order is an application's order of its pages; its stream is keyed by the
// application, so there is one per application and it needs no create.
type Order struct {
	ApplicationID string
	PageIDs       []string
}

func NewOrder(applicationID string) *Order { return &Order{ApplicationID: applicationID} }

// Apply implements domain.Aggregate.
func (o *Order) Apply(e domain.Event) {
	if e, ok := e.(OrderSet); ok {
		o.PageIDs = e.PageIDs
	}
}

// Set decides the order of the application's pages: ids, each once. The caller checks
// that they are the application's pages, all of them. The same order decides nothing.
func (o *Order) Set(ids []string) ([]domain.Event, error) {
	var v domain.ValidationError
	if len(ids) > MaxPages {
		v.Add("page_ids", "themed_page.too_many_pages", map[string]any{"max": MaxPages})
		return nil, v.OrNil()
	}
	clean := make([]string, 0, len(ids))
	for _, id := range ids {
		u, err := uuid.Parse(strings.TrimSpace(id))
		if err != nil {
			v.Add("page_ids", "validation.invalid", nil)
			return nil, v.OrNil()
		}
		if slices.Contains(clean, u.String()) {
			v.Add("page_ids", "themed_page.order_twice", nil)
			return nil, v.OrNil()
		}
		clean = append(clean, u.String())
	}
	if slices.Equal(clean, o.PageIDs) {
		return nil, nil
	}
	return []domain.Event{OrderSet{ApplicationID: o.ApplicationID, PageIDs: clean}}, nil
}
