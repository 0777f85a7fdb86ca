package appbuild_test

import (
	"errors"
	"strings"
	"testing"

	"move/domain"
	"move/domain/appbuild"
)

func complete() appbuild.StoreSettings {
	return appbuild.StoreSettings{AppName: "Sportief Zwolle", ShortDescription: "Sport in Zwolle", LongDescription: "Book sessions.",
		Keywords: []string{"sport", "zwolle"}, PrimaryColor: "#112233", SupportURL: "https://example.test/support",
		PrivacyURL: "https://example.test/privacy", IconID: "icon.png", SplashID: "splash.png"}
}

func ready(t *testing.T) *appbuild.Apps {
	t.Helper()
	a := appbuild.New("app")
	apply := func(events []domain.Event, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range events {
			a.Apply(e)
		}
	}
	apply(a.SaveSettings(complete()))
	apply(a.Configure(appbuild.IOS, appbuild.PlatformConfig{BundleID: "nl.sportief.app", VersionName: "1.2.0", MinimumAppVersion: "1.0"}))
	apply(a.Configure(appbuild.Android, appbuild.PlatformConfig{BundleID: "nl.sportief.app", VersionName: "1.2.0"}))
	return a
}

func conflictKey(err error) string {
	var c *domain.ConflictError
	if errors.As(err, &c) {
		return c.Key
	}
	return ""
}

func fieldKeys(err error) map[string]string {
	var v *domain.ValidationError
	out := map[string]string{}
	if errors.As(err, &v) {
		for _, f := range v.Fields {
			out[f.Field] = f.Key
		}
	}
	return out
}

func TestSettingsFollowTheStoresLimits(t *testing.T) {
	a := appbuild.New("app")
	s := complete()
	s.AppName = strings.Repeat("a", 31)
	s.PromotionalText = strings.Repeat("p", 171)
	s.ShortDescription = strings.Repeat("s", 81)
	s.Keywords = []string{strings.Repeat("k", 60), strings.Repeat("q", 60)}
	s.PrimaryColor = "red"
	s.PrivacyURL = "ftp://x"
	s.IconID = "../etc/passwd"
	_, err := a.SaveSettings(s)
	got := fieldKeys(err)
	want := map[string]string{"app_name": "validation.max_length", "promotional_text": "validation.max_length",
		"short_description": "validation.max_length", "keywords": "app_build.keywords_too_long", "primary_color": "validation.color",
		"privacy_url": "validation.url", "icon_id": "validation.invalid"}
	for f, k := range want {
		if got[f] != k {
			t.Errorf("%s: %q, want %q (%v)", f, got[f], k, got)
		}
	}
	s = complete()
	s.Keywords = []string{" sport ", "Sport", "", "a,b"}
	if _, err := a.SaveSettings(s); fieldKeys(err)["keywords"] != "app_build.keyword_invalid" {
		t.Errorf("a keyword with a comma: %v", err)
	}
	s.Keywords = []string{" sport ", "Sport", ""}
	events, err := a.SaveSettings(s)
	if err != nil || len(events) != 1 || strings.Join(events[0].(appbuild.StoreSettingsSaved).Keywords, "|") != "sport" {
		t.Fatalf("keywords cleaned: %v %v", events, err)
	}
	a.Apply(events[0])
	if events, _ := a.SaveSettings(s); len(events) != 0 {
		t.Errorf("the same settings again: %v", events)
	}
}

func TestPlatformConfiguration(t *testing.T) {
	a := appbuild.New("app")
	cases := []struct {
		platform string
		config   appbuild.PlatformConfig
		field    string
		key      string
	}{
		{appbuild.IOS, appbuild.PlatformConfig{VersionName: "1.0"}, "bundle_id", "validation.required"},
		{appbuild.IOS, appbuild.PlatformConfig{BundleID: "app", VersionName: "1.0"}, "bundle_id", "app_build.bundle_id"},
		{appbuild.Android, appbuild.PlatformConfig{BundleID: "nl.my-app", VersionName: "1.0"}, "bundle_id", "app_build.package_name"},
		{appbuild.IOS, appbuild.PlatformConfig{BundleID: "nl.app"}, "version_name", "validation.required"},
		{appbuild.IOS, appbuild.PlatformConfig{BundleID: "nl.app", VersionName: "v1"}, "version_name", "app_build.version"},
		{appbuild.IOS, appbuild.PlatformConfig{BundleID: "nl.app", VersionName: "1.9", MinimumAppVersion: "1.10"}, "minimum_app_version", "app_build.minimum_above_version"},
	}
	for _, c := range cases {
		_, err := a.Configure(c.platform, c.config)
		if got := fieldKeys(err)[c.field]; got != c.key {
			t.Errorf("%+v: %s = %q, want %q (%v)", c.config, c.field, got, c.key, err)
		}
	}
	var nf *domain.NotFoundError
	if _, err := a.Configure("windows", appbuild.PlatformConfig{}); !errors.As(err, &nf) {
		t.Errorf("unknown platform: %v", err)
	}
	if events, err := a.Configure(appbuild.Android, appbuild.PlatformConfig{BundleID: "nl.my_app", VersionName: "1.10", MinimumAppVersion: "1.9"}); err != nil || len(events) != 1 {
		t.Errorf("a good configuration: %v %v", events, err)
	}
}

func TestRequestRefusals(t *testing.T) {
	a := appbuild.New("app")
	if _, err := a.Request("b0", appbuild.IOS, "v1", "u"); conflictKey(err) != "app_build.not_configured" {
		t.Errorf("not configured: %v", err)
	}
	a.Apply(appbuild.PlatformConfigured{Platform: appbuild.IOS, PlatformConfig: appbuild.PlatformConfig{BundleID: "nl.app", VersionName: "1.0"}})
	_, err := a.Request("b0", appbuild.IOS, "v1", "u")
	var c *domain.ConflictError
	if !errors.As(err, &c) || c.Key != "app_build.settings_incomplete" || !strings.Contains(c.Params["missing"].(string), "keywords") {
		t.Errorf("incomplete: %v", err)
	}
	a = ready(t)
	if _, err := a.Request("b0", "windows", "v1", "u"); fieldKeys(err)["platform"] != "validation.invalid" {
		t.Errorf("platform: %v", err)
	}
	for _, tag := range []string{"", " ", "-x", "a b", strings.Repeat("t", 65)} {
		if _, err := a.Request("b0", appbuild.IOS, tag, "u"); fieldKeys(err)["tag"] == "" {
			t.Errorf("tag %q: %v", tag, err)
		}
	}
	s := complete()
	s.ShortDescription = ""
	events, _ := a.SaveSettings(s)
	a.Apply(events[0])
	if _, err := a.Request("b1", appbuild.Android, "v1", "u"); conflictKey(err) != "app_build.settings_incomplete" {
		t.Errorf("android without a short description: %v", err)
	}
	if _, err := a.Request("b1", appbuild.IOS, "v1", "u"); err != nil {
		t.Errorf("iOS needs no short description: %v", err)
	}
}

func TestBuildLifeAndNumbers(t *testing.T) {
	a := ready(t)
	events, err := a.Request("b1", appbuild.IOS, "release/1.2.0", "user")
	if err != nil {
		t.Fatal(err)
	}
	req := events[0].(appbuild.BuildRequested)
	if req.BuildNumber != 1 || req.VersionName != "1.2.0" || req.MinimumAppVersion != "1.0" || req.Settings.AppName != "Sportief Zwolle" || req.RequestedBy != "user" {
		t.Fatalf("requested %+v", req)
	}
	a.Apply(req)
	if _, err := a.Request("b2", appbuild.IOS, "v2", "user"); conflictKey(err) != "app_build.already_running" {
		t.Errorf("second while running: %v", err)
	}
	if events, err := a.Request("b2", appbuild.Android, "v2", "user"); err != nil || events[0].(appbuild.BuildRequested).BuildNumber != 1 {
		t.Errorf("android has its own numbers and may run beside iOS: %v %v", events, err)
	}
	steps := []struct {
		report appbuild.Report
		want   []string
	}{
		{appbuild.Report{ServiceID: "svc-1", Status: appbuild.StatusQueued}, []string{"app_build.queued.v1"}},
		{appbuild.Report{ServiceID: "svc-1", Status: appbuild.StatusQueued}, nil},
		{appbuild.Report{ServiceID: "svc-1", Status: appbuild.StatusBuilding}, []string{"app_build.started.v1"}},
		{appbuild.Report{ServiceID: "svc-1", Status: appbuild.StatusBuilding}, nil},
		{appbuild.Report{ServiceID: "svc-1", Status: appbuild.StatusSucceeded, ArtifactURL: "https://x/a.ipa"}, []string{"app_build.succeeded.v1"}},
		{appbuild.Report{ServiceID: "svc-1", Status: appbuild.StatusFailed, Reason: "late"}, nil},
	}
	for i, s := range steps {
		events, err := a.Progress("b1", s.report)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range events {
			got = append(got, e.EventType())
			a.Apply(e)
		}
		if strings.Join(got, ",") != strings.Join(s.want, ",") {
			t.Errorf("step %d: %v, want %v", i, got, s.want)
		}
	}
	if a.Released(appbuild.IOS) != "1.2.0" {
		t.Errorf("released %q", a.Released(appbuild.IOS))
	}
	if _, err := a.Request("b3", appbuild.IOS, "v3", "user"); conflictKey(err) != "app_build.version_not_above_released" {
		t.Errorf("same version again: %v", err)
	}
	a.Apply(appbuild.PlatformConfigured{Platform: appbuild.IOS, PlatformConfig: appbuild.PlatformConfig{BundleID: "nl.sportief.app", VersionName: "1.10"}})
	events, err = a.Request("b3", appbuild.IOS, "v3", "user")
	if err != nil || events[0].(appbuild.BuildRequested).BuildNumber != 2 {
		t.Fatalf("next version: %v %v", events, err)
	}
	a.Apply(events[0])
	// The service refuses at once: failed from requested.
	events, _ = a.Progress("b3", appbuild.Report{Status: appbuild.StatusFailed, Reason: "bad certificate"})
	if len(events) != 1 || events[0].(appbuild.BuildFailed).Reason != "bad certificate" {
		t.Fatalf("failed %v", events)
	}
	a.Apply(events[0])
	if a.Released(appbuild.IOS) != "1.2.0" || a.NextBuildNumber(appbuild.IOS) != 3 {
		t.Errorf("a failed build releases nothing but uses its number: %q %d", a.Released(appbuild.IOS), a.NextBuildNumber(appbuild.IOS))
	}
	if appbuild.CompareVersions("1.10", "1.9") != 1 || appbuild.CompareVersions("2", "2.0.0") != 0 {
		t.Error("versions compare by number")
	}
}
