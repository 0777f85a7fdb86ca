// Package campaign is an application's campaigns: a banner the consumer app shows (an
// image, a title, a link to follow), managed by the application's admins (spec §1, §3;
// docs/decisions/1100-campaigns.md).
//
// Stream: campaign-{id}; the prefix is permanent.
package campaign

import "move/domain"

// Fields are what the campaign form edits.
type Fields struct {
	Title   string  `json:"title"`
	URL     string  `json:"url"`
	ImageID *string `json:"image_id,omitempty"`
}

type Created struct {
	ApplicationID string `json:"application_id"`
	Fields
}
type Updated struct{ Fields }
type Deleted struct{}

func (Created) EventType() string { return "campaign.created.v1" }
func (Updated) EventType() string { return "campaign.updated.v1" }
func (Deleted) EventType() string { return "campaign.deleted.v1" }

// Register adds the campaign events to a registry.
func Register(r *domain.Registry) { r.Register(Created{}, Updated{}, Deleted{}) }

// EventTypes lists every campaign event type.
func EventTypes() []string {
	return []string{Created{}.EventType(), Updated{}.EventType(), Deleted{}.EventType()}
}

// StreamPrefix names a campaign's stream.
const StreamPrefix = "campaign-"

func Stream(id string) string { return StreamPrefix + id }
