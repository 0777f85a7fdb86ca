// Package campaigns is the read model of an application's campaigns and scheduled
// notifications (docs/decisions/1100-campaigns.md, 1101-scheduled-notifications.md).
package campaigns

import (
	"context"
	"strings"

	"move/domain/campaign"
	"move/domain/names"
	"move/domain/notification"
	"move/projections"
)

// Names are the projectors' permanent names; the tables carry the same names.
const (
	Name              = "campaigns"
	NotificationsName = "notifications"
)

// Projector builds readmodel.campaigns.
func Projector() projections.Projector { return campaignProjector{} }

// NotificationsProjector builds readmodel.notifications.
func NotificationsProjector() projections.Projector { return notificationProjector{} }

type campaignProjector struct{}

func (campaignProjector) Name() string         { return Name }
func (campaignProjector) Version() int         { return 1 }
func (campaignProjector) Tables() []string     { return []string{Name} }
func (campaignProjector) EventTypes() []string { return campaign.EventTypes() }
func (campaignProjector) Schema() string {
	return `
CREATE TABLE campaigns (
    id             uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    title          text        NOT NULL,
    name_key       text        NOT NULL,
    url            text        NOT NULL,
    image_id       text,
    version        bigint      NOT NULL,
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);
CREATE INDEX campaigns_by_title ON campaigns (application_id, name_key, id);
CREATE INDEX campaigns_by_age ON campaigns (application_id, created_at, id);` + projections.TenantRLS("campaigns")
}

func (campaignProjector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	id := strings.TrimPrefix(e.Stream, campaign.StreamPrefix)
	version := int64(e.Version)
	switch p := e.Payload.(type) {
	case campaign.Created:
		return w.Exec(ctx, `
			INSERT INTO campaigns (id, application_id, title, name_key, url, image_id, version, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (id) DO NOTHING`,
			id, p.ApplicationID, p.Title, names.Normalize(p.Title), p.URL, p.ImageID, version, e.RecordedAt)
	case campaign.Updated:
		return w.Exec(ctx, `UPDATE campaigns SET title = $2, name_key = $3, url = $4, image_id = $5, version = $6, updated_at = $7 WHERE id = $1`,
			id, p.Title, names.Normalize(p.Title), p.URL, p.ImageID, version, e.RecordedAt)
	case campaign.Deleted:
		return w.Exec(ctx, `DELETE FROM campaigns WHERE id = $1`, id)
	}
	return nil
}

type notificationProjector struct{}

func (notificationProjector) Name() string         { return NotificationsName }
func (notificationProjector) Version() int         { return 1 }
func (notificationProjector) Tables() []string     { return []string{NotificationsName} }
func (notificationProjector) EventTypes() []string { return notification.EventTypes() }
func (notificationProjector) Schema() string {
	return `
CREATE TABLE notifications (
    id             uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    title          text        NOT NULL,
    name_key       text        NOT NULL,
    contents       text        NOT NULL,
    send_on        text        NOT NULL,
    zone           text        NOT NULL,
    send_at        timestamptz NOT NULL,
    status         text        NOT NULL,
    recipients     integer,
    sent_at        timestamptz,
    version        bigint      NOT NULL,
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);
CREATE INDEX notifications_by_title ON notifications (application_id, name_key, id);
CREATE INDEX notifications_by_send_at ON notifications (application_id, send_at, id);` + projections.TenantRLS("notifications")
}

func (notificationProjector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	id := strings.TrimPrefix(e.Stream, notification.StreamPrefix)
	version := int64(e.Version)
	switch p := e.Payload.(type) {
	case notification.Scheduled:
		return w.Exec(ctx, `
			INSERT INTO notifications (id, application_id, title, name_key, contents, send_on, zone, send_at, status, version, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'scheduled', $9, $10, $10) ON CONFLICT (id) DO NOTHING`,
			id, p.ApplicationID, p.Title, names.Normalize(p.Title), p.Contents, p.SendOn, p.Zone, p.SendAt, version, e.RecordedAt)
	case notification.Updated:
		return w.Exec(ctx, `UPDATE notifications SET title = $2, name_key = $3, contents = $4, send_on = $5, zone = $6, send_at = $7,
			version = $8, updated_at = $9 WHERE id = $1`,
			id, p.Title, names.Normalize(p.Title), p.Contents, p.SendOn, p.Zone, p.SendAt, version, e.RecordedAt)
	case notification.Cancelled:
		return w.Exec(ctx, `UPDATE notifications SET status = 'cancelled', version = $2, updated_at = $3 WHERE id = $1`, id, version, e.RecordedAt)
	case notification.Sent:
		return w.Exec(ctx, `UPDATE notifications SET status = 'sent', recipients = $2, sent_at = $3, version = $4, updated_at = $5 WHERE id = $1`,
			id, p.Recipients, p.SentAt, version, e.RecordedAt)
	}
	return nil
}
