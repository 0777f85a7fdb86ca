package notification

import (
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"move/domain"
	"move/domain/bounds"
	"move/domain/names"
)

// Limits (decision 1101): the spec advises at most 100 characters of text and says a
// maximum exists; the maximum is 240 (what a lock screen shows of a push at most, and
// well inside the push services' payload limits), counted on the text as typed.
const (
	AdvisedLength   = 100
	MaxContents     = 240
	MaxTitleLength  = 65
	LocalTimeLayout = "2006-01-02T15:04"
	// EditMargin: edits and cancels stop this long before the send time, so the process
	// never sends a version an edit is replacing at that moment (its passes are a second
	// apart; decision 1101).
	EditMargin = time.Minute
)

// Statuses.
const (
	StatusScheduled = "scheduled"
	StatusSent      = "sent"
	StatusCancelled = "cancelled"
)

// Variables are the placeholders a text may hold, written {name} like the product's
// other texts.
var Variables = []string{"first_name", "last_name", "app_name"}

var placeholder = regexp.MustCompile(`\{([a-z_]+)\}`)

// Recipient is what the variables are filled with for one customer.
type Recipient struct {
	FirstName, LastName, AppName string
}

// Render fills the variables of text for a recipient. A variable without a value (a
// customer without a name, or erased) leaves no double space behind.
func Render(text string, r Recipient) string {
	filled := placeholder.ReplaceAllStringFunc(text, func(m string) string {
		switch m[1 : len(m)-1] {
		case "first_name":
			return r.FirstName
		case "last_name":
			return r.LastName
		case "app_name":
			return r.AppName
		}
		return m
	})
	if filled == text {
		return text
	}
	return strings.TrimSpace(spaces.ReplaceAllString(filled, " "))
}

var spaces = regexp.MustCompile(`  +`)

// Notification is one scheduled notification of an application.
type Notification struct {
	ID            string
	ApplicationID string
	Exists        bool
	Status        string
	Fields        Fields
	Recipients    int
}

func New(id string) *Notification { return &Notification{ID: id} }

// Apply implements domain.Aggregate.
func (n *Notification) Apply(e domain.Event) {
	switch e := e.(type) {
	case Scheduled:
		n.Exists, n.ApplicationID, n.Fields, n.Status = true, e.ApplicationID, e.Fields, StatusScheduled
	case Updated:
		n.Fields = e.Fields
	case Cancelled:
		n.Status = StatusCancelled
	case Sent:
		n.Status, n.Recipients = StatusSent, e.Recipients
	}
}

func (n *Notification) mustBeIn(applicationID string) error {
	if !n.Exists || n.ApplicationID != applicationID {
		return &domain.NotFoundError{Kind: "notification", ID: n.ID}
	}
	return nil
}

// mustBeScheduled: a sent or cancelled notification is not changed any more.
func (n *Notification) mustBeScheduled() error {
	switch n.Status {
	case StatusSent:
		return &domain.ConflictError{Key: "notification.already_sent"}
	case StatusCancelled:
		return &domain.ConflictError{Key: "notification.already_cancelled"}
	}
	return nil
}

// Schedule decides a new notification of the application, to be sent at send_on in
// zone, which must be after now.
func (n *Notification) Schedule(applicationID string, f Fields, now time.Time) ([]domain.Event, error) {
	if n.Exists {
		return nil, &domain.ConflictError{Key: "notification.exists"}
	}
	f, err := Clean(f, now)
	if err != nil {
		return nil, err
	}
	return []domain.Event{Scheduled{ApplicationID: applicationID, Fields: f}}, nil
}

// Update decides new values, only before sending; unchanged values decide nothing.
func (n *Notification) Update(applicationID string, f Fields, now time.Time) ([]domain.Event, error) {
	if err := n.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	if err := n.mustBeScheduled(); err != nil {
		return nil, err
	}
	if !n.Editable(now) {
		return nil, &domain.ConflictError{Key: "notification.sending"}
	}
	f, err := Clean(f, now)
	if err != nil {
		return nil, err
	}
	if f.Title == n.Fields.Title && f.Contents == n.Fields.Contents && f.SendAt.Equal(n.Fields.SendAt) && f.SendOn == n.Fields.SendOn {
		return nil, nil
	}
	return []domain.Event{Updated{Fields: f}}, nil
}

// Cancel decides that the notification is not sent; only before sending.
func (n *Notification) Cancel(applicationID string, now time.Time) ([]domain.Event, error) {
	if err := n.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	if err := n.mustBeScheduled(); err != nil {
		return nil, err
	}
	if !n.Editable(now) {
		return nil, &domain.ConflictError{Key: "notification.sending"}
	}
	return []domain.Event{Cancelled{}}, nil
}

// Editable tells whether the notification may still be edited or cancelled: scheduled,
// and its send time more than EditMargin away.
func (n *Notification) Editable(now time.Time) bool {
	return n.Status == StatusScheduled && n.Fields.SendAt.After(now.Add(EditMargin))
}

// Due tells whether the notification is to be sent now: scheduled, its moment reached.
func (n *Notification) Due(now time.Time) bool {
	return n.Exists && n.Status == StatusScheduled && !n.Fields.SendAt.After(now)
}

// MarkSent decides the record of a sending to recipients; nothing when it is not due
// (sent already, cancelled, or moved later meanwhile).
func (n *Notification) MarkSent(recipients int, now time.Time) []domain.Event {
	if !n.Due(now) {
		return nil
	}
	return []domain.Event{Sent{Recipients: recipients, SentAt: now.UTC()}}
}

// Clean validates the fields: a title and contents within their limits whose {…}
// placeholders are known variables, and a send_on in the zone after now and within the
// calendar window (package bounds).
func Clean(f Fields, now time.Time) (Fields, error) {
	var v domain.ValidationError
	f.Title = names.Required(&v, "title", f.Title, MaxTitleLength)
	checkVariables(&v, "title", f.Title)
	f.Contents = strings.TrimSpace(f.Contents)
	switch n := utf8.RuneCountInString(f.Contents); {
	case n == 0 || !names.Visible(f.Contents):
		v.Add("contents", "validation.required", nil)
	case names.Unprintable(f.Contents):
		v.Add("contents", "validation.characters", nil)
	case n > MaxContents:
		v.Add("contents", "validation.max_length", map[string]any{"max": MaxContents})
	default:
		checkVariables(&v, "contents", f.Contents)
	}
	loc, err := time.LoadLocation(f.Zone)
	if f.Zone == "" || err != nil {
		loc = time.UTC
		v.Add("send_on", "validation.invalid", nil)
	}
	f.SendOn = strings.TrimSpace(f.SendOn)
	at, err := time.ParseInLocation(LocalTimeLayout, f.SendOn, loc)
	switch {
	case f.SendOn == "":
		v.Add("send_on", "validation.required", nil)
	case err != nil:
		v.Add("send_on", "notification.send_on_format", nil)
	case !at.After(now):
		v.Add("send_on", "notification.send_on_past", nil)
	default:
		f.SendAt = at.UTC()
		bounds.Instant(&v, "send_on", f.SendAt, now)
	}
	return f, v.OrNil()
}

func checkVariables(v *domain.ValidationError, field, text string) {
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		known := false
		for _, name := range Variables {
			known = known || m[1] == name
		}
		if !known {
			v.Add(field, "notification.unknown_variable", map[string]any{"name": "{" + m[1] + "}"})
			return
		}
	}
}
