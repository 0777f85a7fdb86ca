// Package notification is an application's scheduled push notifications to its
// customers (spec §3 "Notification: title, contents, send_on; variables first_name,
// last_name, app_name", §4 "Notifications have a send-on time"; decision 1101).
//
// A notification is scheduled for a moment (send_on, typed as a local date and time in
// the application's time zone), may be edited or cancelled until it is sent, and is
// sent once to the application's customers by the notification process, each text with
// the variables {first_name}, {last_name} and {app_name} filled for its recipient.
//
// Stream: notification-{id}; the prefix is permanent.
package notification

import (
	"time"

	"move/domain"
)

// Fields are what the notification form edits.
type Fields struct {
	Title    string `json:"title"`
	Contents string `json:"contents"`
	// SendOn is the local date and time ("2006-01-02T15:04") in Zone.
	SendOn string `json:"send_on"`
	Zone   string `json:"zone"`
	// SendAt is SendOn in Zone, the instant the process sends at.
	SendAt time.Time `json:"send_at"`
}

type Scheduled struct {
	ApplicationID string `json:"application_id"`
	Fields
}
type Updated struct{ Fields }
type Cancelled struct{}

// Sent: the notification went to Recipients customers (the pushes happened before
// this was recorded; a crash in between sends again, never after it).
type Sent struct {
	Recipients int       `json:"recipients"`
	SentAt     time.Time `json:"sent_at"`
}

func (Scheduled) EventType() string { return "notification.scheduled.v1" }
func (Updated) EventType() string   { return "notification.updated.v1" }
func (Cancelled) EventType() string { return "notification.cancelled.v1" }
func (Sent) EventType() string      { return "notification.sent.v1" }

// Register adds the notification events to a registry.
func Register(r *domain.Registry) { r.Register(Scheduled{}, Updated{}, Cancelled{}, Sent{}) }

// EventTypes lists every notification event type.
func EventTypes() []string {
	return []string{Scheduled{}.EventType(), Updated{}.EventType(), Cancelled{}.EventType(), Sent{}.EventType()}
}

// StreamPrefix names a notification's stream.
const StreamPrefix = "notification-"

func Stream(id string) string { return StreamPrefix + id }
