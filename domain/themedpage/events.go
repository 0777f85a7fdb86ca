// Package themedpage is an application's themed pages: content pages the consumer app
// shows in the application's colours (a title, a header image, content blocks in Dutch
// with English beside it), drafted and published by the application's admins, in an
// order the admins choose (docs/decisions/1640-themed-pages.md).
//
// Streams: themed_page-{id} (one page) and themed_page_order-{application_id} (the
// application's order of its pages); the prefixes are permanent.
package themedpage

import "move/domain"

// Text is a text in Dutch (required: the default language) and English (optional: an
// English reader falls back to the Dutch text when it is empty).
type Text struct {
	NL string `json:"nl"`
	EN string `json:"en"`
}

// In answers the text in the language ("en" or "nl"): English falls back to Dutch.
func (t Text) In(language string) string {
	if language == "en" && t.EN != "" {
		return t.EN
	}
	return t.NL
}

// Block types.
const (
	Heading = "heading" // a heading: Text
	Para    = "text"    // a text of paragraphs (plain text, line breaks kept): Text
	Image   = "image"   // an image: ImageID, Text its alternative text (optional)
	Button  = "button"  // a button-link: Text its label, URL its target
)

// BlockTypes are the block types, in the order the form offers them.
var BlockTypes = []string{Heading, Para, Image, Button}

// Block is one content block of a page. Only the fields of its type are kept.
type Block struct {
	Type    string  `json:"type"`
	Text    Text    `json:"text"`
	ImageID *string `json:"image_id,omitempty"`
	URL     *string `json:"url,omitempty"`
}

// Fields are what the page form edits.
type Fields struct {
	Title   Text    `json:"title"`
	ImageID *string `json:"image_id,omitempty"`
	Blocks  []Block `json:"blocks"`
}

type Created struct {
	ApplicationID string `json:"application_id"`
	Fields
}
type Updated struct{ Fields }
type Published struct{}
type Unpublished struct{}
type Deleted struct{}

// OrderSet is the application's order of its pages, first to last.
type OrderSet struct {
	ApplicationID string   `json:"application_id"`
	PageIDs       []string `json:"page_ids"`
}

func (Created) EventType() string     { return "themed_page.created.v1" }
func (Updated) EventType() string     { return "themed_page.updated.v1" }
func (Published) EventType() string   { return "themed_page.published.v1" }
func (Unpublished) EventType() string { return "themed_page.unpublished.v1" }
func (Deleted) EventType() string     { return "themed_page.deleted.v1" }
func (OrderSet) EventType() string    { return "themed_page_order.set.v1" }

// Register adds the themed page events to a registry.
func Register(r *domain.Registry) {
	r.Register(Created{}, Updated{}, Published{}, Unpublished{}, Deleted{}, OrderSet{})
}

// EventTypes lists every themed page event type.
func EventTypes() []string {
	return []string{Created{}.EventType(), Updated{}.EventType(), Published{}.EventType(), Unpublished{}.EventType(),
		Deleted{}.EventType(), OrderSet{}.EventType()}
}

// Stream prefixes; permanent.
const (
	StreamPrefix      = "themed_page-"
	OrderStreamPrefix = "themed_page_order-"
)

func Stream(id string) string                 { return StreamPrefix + id }
func OrderStream(applicationID string) string { return OrderStreamPrefix + applicationID }
