// Package appbuild is an application's mobile apps as the superadmin builds them: the
// store settings (name, texts, keywords, colours, URLs, icon and splash image), one
// configuration per platform (iOS, Android) and the builds, which the app build service
// outside our system makes (decision 1200). One stream per application holds all of
// it, so "one build at a time per platform" and the build numbers are decided at one
// version.
package appbuild

import "move/domain"

// StreamPrefix names an application's app build stream: app_builds-{application id}.
const StreamPrefix = "app_builds-"

// Stream is the application's app build stream.
func Stream(applicationID string) string { return StreamPrefix + applicationID }

// Platforms.
const (
	IOS     = "ios"
	Android = "android"
)

// Platforms lists the platforms in the order screens show them.
var Platforms = []string{IOS, Android}

// Build statuses: requested → queued → building → succeeded | failed. A build the
// service refuses fails from requested.
const (
	StatusRequested = "requested"
	StatusQueued    = "queued"
	StatusBuilding  = "building"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
)

// Running tells whether a build in status is still under way.
func Running(status string) bool {
	return status == StatusRequested || status == StatusQueued || status == StatusBuilding
}

// StoreSettings are what the stores show of the app. Every field may be empty while the
// superadmin fills them in; a build asks for the ones its platform needs (Missing).
type StoreSettings struct {
	AppName          string   `json:"app_name"`
	PromotionalText  string   `json:"promotional_text"`
	ShortDescription string   `json:"short_description"`
	LongDescription  string   `json:"long_description"`
	Keywords         []string `json:"keywords"`
	PrimaryColor     string   `json:"primary_color"`
	SecondaryColor   string   `json:"secondary_color"`
	SupportURL       string   `json:"support_url"`
	PrivacyURL       string   `json:"privacy_url"`
	MarketingURL     string   `json:"marketing_url"`
	IconID           string   `json:"icon_id"`
	SplashID         string   `json:"splash_id"`
}

// PlatformConfig is one platform's build configuration: the bundle id (iOS) or package
// name (Android), the version name the next build carries, and the oldest app version
// that may still be used (older apps are asked to update).
type PlatformConfig struct {
	BundleID          string `json:"bundle_id"`
	VersionName       string `json:"version_name"`
	MinimumAppVersion string `json:"minimum_app_version"`
}

// StoreSettingsSaved replaces the store settings.
type StoreSettingsSaved struct {
	StoreSettings
}

// PlatformConfigured replaces one platform's configuration.
type PlatformConfigured struct {
	Platform string `json:"platform"`
	PlatformConfig
}

// BuildRequested asks for a build: what it builds is fixed here (the settings and
// configuration of the moment), so later edits do not change a build under way.
type BuildRequested struct {
	BuildID     string `json:"build_id"`
	Platform    string `json:"platform"`
	Tag         string `json:"tag"`
	BuildNumber int    `json:"build_number"`
	RequestedBy string `json:"requested_by"`
	PlatformConfig
	Settings StoreSettings `json:"settings"`
}

// BuildQueued: the build service accepted the build under its own id.
type BuildQueued struct {
	BuildID   string `json:"build_id"`
	ServiceID string `json:"service_id"`
}

// BuildStarted: the build service started building.
type BuildStarted struct {
	BuildID string `json:"build_id"`
}

// BuildSucceeded: the build is done; the artifact (ipa, aab) is at ArtifactURL.
type BuildSucceeded struct {
	BuildID     string `json:"build_id"`
	ArtifactURL string `json:"artifact_url"`
}

// BuildFailed: the service refused or failed the build, for Reason.
type BuildFailed struct {
	BuildID string `json:"build_id"`
	Reason  string `json:"reason"`
}

func (StoreSettingsSaved) EventType() string { return "app_build.store_settings_saved.v1" }
func (PlatformConfigured) EventType() string { return "app_build.platform_configured.v1" }
func (BuildRequested) EventType() string     { return "app_build.requested.v1" }
func (BuildQueued) EventType() string        { return "app_build.queued.v1" }
func (BuildStarted) EventType() string       { return "app_build.started.v1" }
func (BuildSucceeded) EventType() string     { return "app_build.succeeded.v1" }
func (BuildFailed) EventType() string        { return "app_build.failed.v1" }

// Register adds the app build events to a registry.
func Register(r *domain.Registry) {
	r.Register(StoreSettingsSaved{}, PlatformConfigured{}, BuildRequested{}, BuildQueued{}, BuildStarted{},
		BuildSucceeded{}, BuildFailed{})
}

// EventTypes lists every app build event type (for projectors).
func EventTypes() []string {
	return []string{StoreSettingsSaved{}.EventType(), PlatformConfigured{}.EventType(), BuildRequested{}.EventType(),
		BuildQueued{}.EventType(), BuildStarted{}.EventType(), BuildSucceeded{}.EventType(), BuildFailed{}.EventType()}
}
