// Package appbuilds is the read model of the app build screens: an application's store
// settings, its platform configurations and its builds (decision 1200). Every table is
// tenant-owned, with forced row-level security (decision 0102).
package appbuilds

import (
	"context"
	"strings"

	"move/domain/appbuild"
	"move/projections"
)

// Table names; Name is the projector's permanent name.
const (
	Name      = "app_builds"
	Settings  = "app_build_settings"
	Platforms = "app_build_platforms"
	Builds    = "app_builds"
)

// Projector builds the app build tables.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string         { return Name }
func (projector) Version() int         { return 1 }
func (projector) Tables() []string     { return []string{Settings, Platforms, Builds} }
func (projector) EventTypes() []string { return appbuild.EventTypes() }

func (projector) Schema() string {
	return `
CREATE TABLE app_build_settings (
    application_id    uuid        PRIMARY KEY,
    app_name          text        NOT NULL,
    promotional_text  text        NOT NULL,
    short_description text        NOT NULL,
    long_description  text        NOT NULL,
    keywords          text[]      NOT NULL,
    primary_color     text        NOT NULL,
    secondary_color   text        NOT NULL,
    support_url       text        NOT NULL,
    privacy_url       text        NOT NULL,
    marketing_url     text        NOT NULL,
    icon_id           text        NOT NULL,
    splash_id         text        NOT NULL,
    version           bigint      NOT NULL,
    updated_at        timestamptz NOT NULL
);` + projections.TenantRLS(Settings) + `
CREATE TABLE app_build_platforms (
    application_id      uuid        NOT NULL,
    platform            text        NOT NULL,
    bundle_id           text        NOT NULL,
    version_name        text        NOT NULL,
    minimum_app_version text        NOT NULL,
    updated_at          timestamptz NOT NULL,
    PRIMARY KEY (application_id, platform)
);` + projections.TenantRLS(Platforms) + `
CREATE TABLE app_builds (
    id                  uuid        PRIMARY KEY,
    application_id      uuid        NOT NULL,
    platform            text        NOT NULL,
    tag                 text        NOT NULL,
    version_name        text        NOT NULL,
    build_number        integer     NOT NULL,
    minimum_app_version text        NOT NULL,
    bundle_id           text        NOT NULL,
    status              text        NOT NULL,
    artifact_url        text,
    failure_reason      text,
    requested_by        uuid,
    requested_at        timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL
);
CREATE INDEX app_builds_by_time ON app_builds (application_id, requested_at DESC, id);` + projections.TenantRLS(Builds)
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	app := strings.TrimPrefix(e.Stream, appbuild.StreamPrefix)
	status := func(id, status string) error {
		return w.Exec(ctx, `UPDATE app_builds SET status = $2, updated_at = $3 WHERE id = $1`, id, status, e.RecordedAt)
	}
	switch p := e.Payload.(type) {
	case appbuild.StoreSettingsSaved:
		s := p.StoreSettings
		keywords := s.Keywords
		if keywords == nil {
			keywords = []string{}
		}
		return w.Exec(ctx, `
			INSERT INTO app_build_settings (application_id, app_name, promotional_text, short_description, long_description, keywords,
			    primary_color, secondary_color, support_url, privacy_url, marketing_url, icon_id, splash_id, version, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
			ON CONFLICT (application_id) DO UPDATE SET app_name = $2, promotional_text = $3, short_description = $4, long_description = $5,
			    keywords = $6, primary_color = $7, secondary_color = $8, support_url = $9, privacy_url = $10, marketing_url = $11,
			    icon_id = $12, splash_id = $13, version = $14, updated_at = $15`,
			app, s.AppName, s.PromotionalText, s.ShortDescription, s.LongDescription, keywords, s.PrimaryColor, s.SecondaryColor,
			s.SupportURL, s.PrivacyURL, s.MarketingURL, s.IconID, s.SplashID, int64(e.Version), e.RecordedAt)
	case appbuild.PlatformConfigured:
		return w.Exec(ctx, `
			INSERT INTO app_build_platforms (application_id, platform, bundle_id, version_name, minimum_app_version, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (application_id, platform) DO UPDATE SET bundle_id = $3, version_name = $4, minimum_app_version = $5, updated_at = $6`,
			app, p.Platform, p.BundleID, p.VersionName, p.MinimumAppVersion, e.RecordedAt)
	case appbuild.BuildRequested:
		var by *string
		if isUUID(p.RequestedBy) {
			by = &p.RequestedBy
		}
		return w.Exec(ctx, `
			INSERT INTO app_builds (id, application_id, platform, tag, version_name, build_number, minimum_app_version, bundle_id,
			    status, requested_by, requested_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'requested', $9, $10, $10) ON CONFLICT (id) DO NOTHING`,
			p.BuildID, app, p.Platform, p.Tag, p.VersionName, p.BuildNumber, p.MinimumAppVersion, p.BundleID, by, e.RecordedAt)
	case appbuild.BuildQueued:
		return status(p.BuildID, appbuild.StatusQueued)
	case appbuild.BuildStarted:
		return status(p.BuildID, appbuild.StatusBuilding)
	case appbuild.BuildSucceeded:
		return w.Exec(ctx, `UPDATE app_builds SET status = 'succeeded', artifact_url = $2, updated_at = $3 WHERE id = $1`,
			p.BuildID, p.ArtifactURL, e.RecordedAt)
	case appbuild.BuildFailed:
		return w.Exec(ctx, `UPDATE app_builds SET status = 'failed', failure_reason = $2, updated_at = $3 WHERE id = $1`,
			p.BuildID, p.Reason, e.RecordedAt)
	}
	return nil
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if c != '-' {
				return false
			}
		case !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'):
			return false
		}
	}
	return true
}
