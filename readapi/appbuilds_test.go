package readapi_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"move/buildservice"
	"move/buildservice/buildtest"
	"move/commands"
	domainidentity "move/domain/identity"
	"move/identity"
	"move/internal/testenv"
	"move/processes"
	"move/projections"
)

type buildClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *buildClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *buildClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func completeStoreSettings(icon, splash string) map[string]any {
	return map[string]any{"app_name": "Sportief Zwolle", "promotional_text": "", "short_description": "Sport in Zwolle",
		"long_description": "Book every session in town.", "keywords": []string{"sport", "zwolle"}, "primary_color": "#0055AA",
		"secondary_color": "", "support_url": "https://example.test/support", "privacy_url": "https://example.test/privacy",
		"marketing_url": "", "icon_id": icon, "splash_id": splash}
}

// The superadmin's app builds, through the real server: only superadmin, within the
// application the header names; every refusal its own message; a build submitted at
// once and followed to its artifact by the build process; nothing of one application
// seen from another.
func TestAppBuildsThroughTheAPI(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{})
	c := &buildClock{now: time.Now()}
	service := buildtest.New("key", time.Hour)
	service.Now = c.Now
	t.Cleanup(service.Close)
	w.env.App.UseBuildService(commands.BuildSetup{Service: buildservice.NewClient(service.URL, "key"),
		FileURL: func(id string) string { return w.base + "/v1/files/" + id + "/original" }})
	worker := processes.NewWorker(w.env.App, w.env.DB, projections.NewLocks(w.env.DB.Config().ConnConfig), testenv.Logger(t), prometheus.NewRegistry())
	worker.Grace = 0
	super := w.user("Sam", "Super", &domainidentity.Grant{Role: domainidentity.RoleSuperadmin})
	w.settle()
	sa := superadminCaller{w.as(super, w.appA)}.en()
	saB := superadminCaller{w.as(super, w.appB)}.en()
	upload := func(name string, width, height int, visibility, app string) string {
		t.Helper()
		r := sa.c.want(sa.c.upload(name, testPNG(width, height, false), map[string]string{"visibility": visibility},
			"Authorization", "Bearer superadmin:"+super, "ApplicationId", app), 201)
		return dig(r.Body, "data", "token").(string)
	}

	// Nobody but the superadmin: the application's admin and staff are refused.
	for _, user := range []string{w.admin, w.users["organization"], w.users["trainer"]} {
		k := w.as(user, w.appA)
		k.want("GET", "/v1/admin/application/builds", nil, 403)
		k.want("GET", "/v1/admin/application/build-settings", nil, 403)
		k.want("PUT", "/v1/admin/application/build-settings", completeStoreSettings("", ""), 403)
		k.want("PUT", "/v1/admin/application/build-settings/ios", map[string]any{"bundle_id": "nl.x.app", "version_name": "1.0", "minimum_app_version": ""}, 403)
		k.want("POST", "/v1/admin/application/builds", map[string]any{"platform": "ios", "tag": "v1"}, 403)
	}

	empty := sa.want("GET", "/v1/admin/application/build-settings", nil, 200)
	platforms := dig(empty.Body, "data", "platforms").([]any)
	if len(platforms) != 2 || dig(platforms[0], "platform") != "ios" || dig(platforms[0], "configured") != false ||
		dig(platforms[0], "next_build_number") != 1.0 || len(dig(platforms[1], "missing").([]any)) != 8 {
		t.Fatalf("empty settings: %s", empty.Raw)
	}
	start := map[string]any{"platform": "ios", "tag": "v1.0.0"}
	if got := message(sa.want("POST", "/v1/admin/application/builds", start, 409)); got != "iOS is not set up yet: save its bundle id and version first" {
		t.Fatalf("not configured: %q", got)
	}
	if got := field(sa.want("POST", "/v1/admin/application/builds", map[string]any{"platform": "windows", "tag": "v1"}, 422), "platform"); got == "" {
		t.Fatal("an unknown platform is refused on its field")
	}
	bad := sa.want("PUT", "/v1/admin/application/build-settings/android", map[string]any{"bundle_id": "nl.my-app", "version_name": "one", "minimum_app_version": ""}, 422)
	if !strings.Contains(field(bad, "bundle_id"), "package name") || field(bad, "version_name") != "The version field must be a version such as 1.2.3" {
		t.Fatalf("bad configuration: %s", bad.Raw)
	}
	sa.want("PUT", "/v1/admin/application/build-settings/windows", map[string]any{"bundle_id": "nl.x", "version_name": "1", "minimum_app_version": ""}, 404)
	sa.want("PUT", "/v1/admin/application/build-settings/ios", map[string]any{"bundle_id": "nl.sportief.app", "version_name": "1.0.0", "minimum_app_version": "1.0.0"}, 200)
	if got := message(sa.want("POST", "/v1/admin/application/builds", start, 409)); !strings.Contains(got, "still to fill in: app name, long description, keywords") {
		t.Fatalf("incomplete: %q", got)
	}

	// Images: the application's public files, large enough for the stores.
	small := upload("small.png", 512, 512, "public", w.appA)
	if got := field(sa.want("PUT", "/v1/admin/application/build-settings", completeStoreSettings(small, ""), 422), "icon_id"); got != "The icon must be at least 1024 by 1024 pixels" {
		t.Fatalf("small icon: %q", got)
	}
	private := upload("private.png", 1024, 1024, "private", w.appA)
	other := upload("other.png", 1024, 1024, "public", w.appB)
	for _, token := range []string{private, other, "no-such-file"} {
		if got := field(sa.want("PUT", "/v1/admin/application/build-settings", completeStoreSettings(token, ""), 422), "icon_id"); got == "" {
			t.Fatalf("icon %s accepted", token)
		}
	}
	tooLong := completeStoreSettings("", "")
	tooLong["app_name"] = strings.Repeat("a", 31)
	tooLong["keywords"] = []string{"a,b"}
	refused := sa.want("PUT", "/v1/admin/application/build-settings", tooLong, 422)
	if field(refused, "app_name") != "The app name field may not be longer than 30 characters" || !strings.Contains(field(refused, "keywords"), "a,b") {
		t.Fatalf("limits: %s", refused.Raw)
	}
	icon, splash := upload("icon.png", 1024, 1024, "public", w.appA), upload("splash.png", 1242, 2436, "public", w.appA)
	sa.want("PUT", "/v1/admin/application/build-settings", completeStoreSettings(icon, splash), 200)
	settings := sa.want("GET", "/v1/admin/application/build-settings", nil, 200)
	if dig(settings.Body, "data", "app_name") != "Sportief Zwolle" || dig(settings.Body, "data", "icon_url") != "/v1/files/"+icon+"/thumbnail" ||
		len(dig(settings.Body, "data", "platforms").([]any)[0].(map[string]any)["missing"].([]any)) != 0 {
		t.Fatalf("settings: %s", settings.Raw)
	}

	// A build: submitted at once, once for a repeated request.
	key := uuid.NewString()
	first := sa.want("POST", "/v1/admin/application/builds", start, 201)
	if got := message(sa.want("POST", "/v1/admin/application/builds", map[string]any{"platform": "android", "tag": "v1.0.0"}, 409)); !strings.Contains(got, "Android is not set up") {
		t.Fatalf("android: %q", got)
	}
	buildID := dig(first.Body, "data", "id").(string)
	if service.Submitted() != 1 {
		t.Fatalf("submitted %d", service.Submitted())
	}
	if got := message(sa.want("POST", "/v1/admin/application/builds", start, 409)); got != "A build for iOS is already running; wait until it is done" {
		t.Fatalf("running: %q", got)
	}
	sa.want("PUT", "/v1/admin/application/build-settings/android", map[string]any{"bundle_id": "nl.sportief.app", "version_name": "1.0.0", "minimum_app_version": ""}, 200)
	withKey := func() response {
		return sa.caller.want("POST", "/v1/admin/application/builds", map[string]any{"platform": "android", "tag": "v1.0.0"}, 201,
			"Authorization", "Bearer superadmin:"+super, "Idempotency-Key", key)
	}
	again, twice := withKey(), withKey()
	if dig(again.Body, "data", "id") != dig(twice.Body, "data", "id") || service.Submitted() != 2 {
		t.Fatalf("a repeated request: %s %s, %d submitted", again.Raw, twice.Raw, service.Submitted())
	}
	w.settle()
	list := sa.want("GET", "/v1/admin/application/builds?platform=ios", nil, 200)
	row := rows(list)[0]
	if total(list) != 1 || dig(row, "id") != buildID || dig(row, "status") != "queued" || dig(row, "build_number") != 1.0 ||
		dig(row, "version_name") != "1.0.0" || dig(row, "tag") != "v1.0.0" || dig(row, "requested_by", "id") != super || dig(row, "requested_by", "name") != "Sam Super" {
		t.Fatalf("list: %s", list.Raw)
	}
	sa.want("GET", "/v1/admin/application/builds?platform=web", nil, 400)
	sa.want("GET", "/v1/admin/application/builds?status=done", nil, 400)

	// The service finishes; the build process records it.
	c.add(2 * time.Hour)
	for deadline := time.Now().Add(20 * time.Second); ; {
		w.settle()
		if _, err := worker.Pass(context.Background()); err != nil {
			t.Fatal(err)
		}
		w.settle()
		one := sa.want("GET", "/v1/admin/application/builds/"+buildID, nil, 200)
		if dig(one.Body, "data", "status") == "succeeded" {
			if dig(one.Body, "data", "artifact_url") != service.URL+"/artifacts/bld_1.ipa" {
				t.Fatalf("artifact: %s", one.Raw)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not finished: %s", one.Raw)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if got := message(sa.want("POST", "/v1/admin/application/builds", start, 409)); got != "Version 1.0.0 is not above the last released version 1.0.0; raise the version" {
		t.Fatalf("same version: %q", got)
	}
	state := sa.want("GET", "/v1/admin/application/build-settings", nil, 200)
	ios := dig(state.Body, "data", "platforms").([]any)[0]
	if dig(ios, "released_version") != "1.0.0" || dig(ios, "next_build_number") != 2.0 || dig(ios, "running") != false {
		t.Fatalf("ios state: %s", state.Raw)
	}

	// Application B sees none of it.
	if n := total(saB.want("GET", "/v1/admin/application/builds", nil, 200)); n != 0 {
		t.Fatalf("B sees %d builds", n)
	}
	saB.want("GET", "/v1/admin/application/builds/"+buildID, nil, 404)
	if dig(saB.want("GET", "/v1/admin/application/build-settings", nil, 200).Body, "data", "app_name") != "" {
		t.Fatal("B sees A's settings")
	}
}
