package appbuild

import (
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"move/domain"
	"move/domain/names"
)

// Store limits (App Store Connect and Google Play, decision 1200).
const (
	MaxAppName          = 30
	MaxPromotionalText  = 170
	MaxShortDescription = 80
	MaxLongDescription  = 4000
	// MaxKeywords is the App Store's keyword field: the keywords joined by commas.
	MaxKeywords = 100
	MaxTag      = 64
	MaxReason   = 500
)

// Build is one build as the aggregate remembers it.
type Build struct {
	ID          string
	Platform    string
	Tag         string
	VersionName string
	BuildNumber int
	Status      string
	ServiceID   string
}

// Apps is an application's app build stream: settings, configurations, builds.
type Apps struct {
	ApplicationID string
	Settings      StoreSettings
	Configs       map[string]PlatformConfig
	Builds        map[string]*Build
	// lastNumber is each platform's highest build number.
	lastNumber map[string]int
}

// New answers the application's empty app build aggregate.
func New(applicationID string) *Apps {
	return &Apps{ApplicationID: applicationID, Configs: map[string]PlatformConfig{}, Builds: map[string]*Build{},
		lastNumber: map[string]int{}}
}

// Apply evolves the aggregate.
func (a *Apps) Apply(e domain.Event) {
	switch e := e.(type) {
	case StoreSettingsSaved:
		a.Settings = e.StoreSettings
	case PlatformConfigured:
		a.Configs[e.Platform] = e.PlatformConfig
	case BuildRequested:
		a.Builds[e.BuildID] = &Build{ID: e.BuildID, Platform: e.Platform, Tag: e.Tag, VersionName: e.VersionName,
			BuildNumber: e.BuildNumber, Status: StatusRequested}
		a.lastNumber[e.Platform] = max(a.lastNumber[e.Platform], e.BuildNumber)
	case BuildQueued:
		if b := a.Builds[e.BuildID]; b != nil {
			b.Status, b.ServiceID = StatusQueued, e.ServiceID
		}
	case BuildStarted:
		a.set(e.BuildID, StatusBuilding)
	case BuildSucceeded:
		a.set(e.BuildID, StatusSucceeded)
	case BuildFailed:
		a.set(e.BuildID, StatusFailed)
	}
}

func (a *Apps) set(id, status string) {
	if b := a.Builds[id]; b != nil {
		b.Status = status
	}
}

var (
	colorPattern = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
	// iOS bundle identifiers: reverse DNS of letters, digits, dashes.
	bundleIDPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9-]*(\.[A-Za-z0-9-]+)+$`)
	// Android package names: segments starting with a letter, of letters, digits, underscores.
	packagePattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$`)
	// Versions as both stores take them: up to three whole numbers.
	versionPattern = regexp.MustCompile(`^[0-9]{1,4}(\.[0-9]{1,4}){0,2}$`)
	tagPattern     = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._/-]*$`)
	fileIDPattern  = regexp.MustCompile(`^[^/\\ ?#]{1,100}$`)
)

// SaveSettings replaces the store settings after checking each field against the
// stores' limits. Empty fields are allowed: a build asks for what its platform needs.
func (a *Apps) SaveSettings(s StoreSettings) ([]domain.Event, error) {
	var v domain.ValidationError
	text := func(field string, value *string, limit int) {
		*value = strings.TrimSpace(*value)
		switch {
		case names.Unprintable(*value):
			v.Add(field, "validation.characters", nil)
		case utf8.RuneCountInString(*value) > limit:
			v.Add(field, "validation.max_length", map[string]any{"max": limit})
		}
	}
	text("app_name", &s.AppName, MaxAppName)
	text("promotional_text", &s.PromotionalText, MaxPromotionalText)
	text("short_description", &s.ShortDescription, MaxShortDescription)
	text("long_description", &s.LongDescription, MaxLongDescription)
	s.Keywords = cleanKeywords(&v, s.Keywords)
	for _, c := range []struct {
		field string
		value *string
	}{{"primary_color", &s.PrimaryColor}, {"secondary_color", &s.SecondaryColor}} {
		*c.value = strings.TrimSpace(*c.value)
		if *c.value != "" && !colorPattern.MatchString(*c.value) {
			v.Add(c.field, "validation.color", nil)
		}
	}
	for _, u := range []struct {
		field string
		value *string
	}{{"support_url", &s.SupportURL}, {"privacy_url", &s.PrivacyURL}, {"marketing_url", &s.MarketingURL}} {
		*u.value = strings.TrimSpace(*u.value)
		if *u.value != "" && !names.ValidURL(*u.value) {
			v.Add(u.field, "validation.url", nil)
		}
	}
	for _, f := range []struct {
		field string
		value *string
	}{{"icon_id", &s.IconID}, {"splash_id", &s.SplashID}} {
		*f.value = strings.TrimSpace(*f.value)
		if *f.value != "" && !fileIDPattern.MatchString(*f.value) {
			v.Add(f.field, "validation.invalid", nil)
		}
	}
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if sameSettings(a.Settings, s) {
		return nil, nil
	}
	return []domain.Event{StoreSettingsSaved{StoreSettings: s}}, nil
}

func sameSettings(a, b StoreSettings) bool {
	if !slices.Equal(a.Keywords, b.Keywords) {
		return false
	}
	a.Keywords, b.Keywords = nil, nil
	return reflect.DeepEqual(a, b)
}

// cleanKeywords trims the keywords, drops empty ones and repeats (in any case), and
// refuses commas inside one (the store joins them with commas) and a total over the
// App Store's 100 characters.
func cleanKeywords(v *domain.ValidationError, in []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, k := range in {
		k = strings.TrimSpace(k)
		if k == "" || seen[strings.ToLower(k)] {
			continue
		}
		if strings.Contains(k, ",") || names.Unprintable(k) {
			v.Add("keywords", "app_build.keyword_invalid", map[string]any{"keyword": k})
			continue
		}
		seen[strings.ToLower(k)] = true
		out = append(out, k)
	}
	if utf8.RuneCountInString(strings.Join(out, ",")) > MaxKeywords {
		v.Add("keywords", "app_build.keywords_too_long", map[string]any{"max": MaxKeywords})
	}
	return out
}

// ValidPlatform tells whether p is a platform we build for.
func ValidPlatform(p string) bool { return p == IOS || p == Android }

// Configure replaces a platform's configuration: a bundle id (iOS) or package name
// (Android), the version name of the next build, and an optional minimum app version
// not above it.
func (a *Apps) Configure(platform string, c PlatformConfig) ([]domain.Event, error) {
	if !ValidPlatform(platform) {
		return nil, &domain.NotFoundError{Kind: "platform", ID: platform}
	}
	var v domain.ValidationError
	c.BundleID, c.VersionName, c.MinimumAppVersion = strings.TrimSpace(c.BundleID), strings.TrimSpace(c.VersionName), strings.TrimSpace(c.MinimumAppVersion)
	pattern, key := bundleIDPattern, "app_build.bundle_id"
	if platform == Android {
		pattern, key = packagePattern, "app_build.package_name"
	}
	switch {
	case c.BundleID == "":
		v.Add("bundle_id", "validation.required", nil)
	case len(c.BundleID) > 155 || !pattern.MatchString(c.BundleID):
		v.Add("bundle_id", key, nil)
	}
	switch {
	case c.VersionName == "":
		v.Add("version_name", "validation.required", nil)
	case !versionPattern.MatchString(c.VersionName):
		v.Add("version_name", "app_build.version", nil)
	}
	if c.MinimumAppVersion != "" {
		switch {
		case !versionPattern.MatchString(c.MinimumAppVersion):
			v.Add("minimum_app_version", "app_build.version", nil)
		case versionPattern.MatchString(c.VersionName) && CompareVersions(c.MinimumAppVersion, c.VersionName) > 0:
			v.Add("minimum_app_version", "app_build.minimum_above_version", map[string]any{"version": c.VersionName})
		}
	}
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if old, ok := a.Configs[platform]; ok && old == c {
		return nil, nil
	}
	return []domain.Event{PlatformConfigured{Platform: platform, PlatformConfig: c}}, nil
}

// CompareVersions compares two version names by their numbers (1.10 is above 1.9; a
// missing number is 0): -1, 0 or 1.
func CompareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := range max(len(pa), len(pb)) {
		var x, y int
		if i < len(pa) {
			x, _ = strconv.Atoi(pa[i])
		}
		if i < len(pb) {
			y, _ = strconv.Atoi(pb[i])
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Missing answers the settings and configuration fields a build for platform needs
// that are empty. Both stores need a name, a description, a support and a privacy URL,
// a primary colour, an icon and a splash image; the App Store also keywords, Google
// Play a short description.
func (a *Apps) Missing(platform string) []string {
	s := a.Settings
	var missing []string
	need := func(field string, empty bool) {
		if empty {
			missing = append(missing, field)
		}
	}
	need("app_name", s.AppName == "")
	if platform == Android {
		need("short_description", s.ShortDescription == "")
	}
	need("long_description", s.LongDescription == "")
	if platform == IOS {
		need("keywords", len(s.Keywords) == 0)
	}
	need("primary_color", s.PrimaryColor == "")
	need("support_url", s.SupportURL == "")
	need("privacy_url", s.PrivacyURL == "")
	need("icon_id", s.IconID == "")
	need("splash_id", s.SplashID == "")
	return missing
}

// Released answers the highest version name a succeeded build of platform carried ("" if none).
func (a *Apps) Released(platform string) string {
	released := ""
	for _, b := range a.Builds {
		if b.Platform == platform && b.Status == StatusSucceeded && (released == "" || CompareVersions(b.VersionName, released) > 0) {
			released = b.VersionName
		}
	}
	return released
}

// NextBuildNumber answers the build number the platform's next build gets.
func (a *Apps) NextBuildNumber(platform string) int { return a.lastNumber[platform] + 1 }

// Request asks for a build of platform with the configured settings. Refused: an
// unknown platform, a bad tag, a platform not configured, settings incomplete for it, a
// build of it still running, a version not above the last released one.
func (a *Apps) Request(buildID, platform, tag, requestedBy string) ([]domain.Event, error) {
	if !ValidPlatform(platform) {
		var v domain.ValidationError
		v.Add("platform", "validation.invalid", nil)
		return nil, &v
	}
	tag = strings.TrimSpace(tag)
	var v domain.ValidationError
	switch {
	case tag == "":
		v.Add("tag", "validation.required", nil)
	case len(tag) > MaxTag:
		v.Add("tag", "validation.max_length", map[string]any{"max": MaxTag})
	case !tagPattern.MatchString(tag):
		v.Add("tag", "app_build.tag", nil)
	}
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if _, exists := a.Builds[buildID]; exists {
		return nil, nil
	}
	config, ok := a.Configs[platform]
	if !ok {
		return nil, &domain.ConflictError{Key: "app_build.not_configured", Params: map[string]any{"platform": platformName(platform)}}
	}
	if missing := a.Missing(platform); len(missing) > 0 {
		return nil, &domain.ConflictError{Key: "app_build.settings_incomplete",
			Params: map[string]any{"platform": platformName(platform), "missing": strings.Join(missing, ", ")}}
	}
	for _, b := range a.Builds {
		if b.Platform == platform && Running(b.Status) {
			return nil, &domain.ConflictError{Key: "app_build.already_running", Params: map[string]any{"platform": platformName(platform)}}
		}
	}
	if released := a.Released(platform); released != "" && CompareVersions(config.VersionName, released) <= 0 {
		return nil, &domain.ConflictError{Key: "app_build.version_not_above_released",
			Params: map[string]any{"version": config.VersionName, "released": released}}
	}
	settings := a.Settings
	settings.Keywords = append([]string{}, settings.Keywords...)
	return []domain.Event{BuildRequested{BuildID: buildID, Platform: platform, Tag: tag, BuildNumber: a.NextBuildNumber(platform),
		RequestedBy: requestedBy, PlatformConfig: config, Settings: settings}}, nil
}

func platformName(p string) string {
	if p == IOS {
		return "iOS"
	}
	return "Android"
}

// Progress records what the build service says of a build: its id when it accepted
// it, then building, then succeeded or failed. Forward only: a status already passed,
// a repeat or a stale answer decides nothing.
func (a *Apps) Progress(buildID string, p Report) ([]domain.Event, error) {
	b := a.Builds[buildID]
	if b == nil {
		return nil, &domain.NotFoundError{Kind: "build", ID: buildID}
	}
	if !Running(b.Status) {
		return nil, nil
	}
	var events []domain.Event
	status := b.Status
	if status == StatusRequested && p.ServiceID != "" && p.Status != StatusFailed {
		events = append(events, BuildQueued{BuildID: buildID, ServiceID: p.ServiceID})
		status = StatusQueued
	}
	switch p.Status {
	case StatusBuilding:
		if status != StatusBuilding {
			events = append(events, BuildStarted{BuildID: buildID})
		}
	case StatusSucceeded:
		events = append(events, BuildSucceeded{BuildID: buildID, ArtifactURL: p.ArtifactURL})
	case StatusFailed:
		reason := strings.TrimSpace(p.Reason)
		if utf8.RuneCountInString(reason) > MaxReason {
			reason = string([]rune(reason)[:MaxReason])
		}
		events = append(events, BuildFailed{BuildID: buildID, Reason: reason})
	}
	return events, nil
}

// Report is the build service's word on a build.
type Report struct {
	ServiceID   string
	Status      string // queued, building, succeeded, failed
	ArtifactURL string
	Reason      string
}
