package engagement_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
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
	"move/readapi/readapitest"
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

// noisyPNG is a png whose first noisyRows rows are noise, so it does not compress:
// about noisyRows × width × 3 bytes.
func noisyPNG(width, height, noisyRows int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, width, height))
	rnd := rand.New(rand.NewPCG(1, 2))
	for y := 0; y < noisyRows; y++ {
		for x := 0; x < width; x++ {
			img.SetNRGBA(x, y, color.NRGBA{R: uint8(rnd.Uint32()), G: uint8(rnd.Uint32()), B: uint8(rnd.Uint32()), A: 255})
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return buf.Bytes()
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
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	c := &buildClock{now: time.Now()}
	service := buildtest.New("key", time.Hour)
	service.Now = c.Now
	t.Cleanup(service.Close)
	w.Env.App.UseBuildService(commands.BuildSetup{Service: buildservice.NewClient(service.URL, "key"),
		FileURL: func(id string) string { return w.Base + "/v1/files/" + id + "/original" }})
	worker := processes.NewWorker(w.Env.App, w.Env.DB, projections.NewLocks(w.Env.DB.Config().ConnConfig), testenv.Logger(t), prometheus.NewRegistry())
	worker.Grace = 0
	super := w.User("Sam", "Super", &domainidentity.Grant{Role: domainidentity.RoleSuperadmin})
	w.Settle()
	sa := readapitest.SuperadminCaller{Caller: w.As(super, w.AppA)}.En()
	saB := readapitest.SuperadminCaller{Caller: w.As(super, w.AppB)}.En()
	upload := func(name string, width, height int, visibility, app string) string {
		t.Helper()
		r := sa.C.Want(sa.C.Upload(name, readapitest.TestPNG(width, height, false), map[string]string{"visibility": visibility},
			"Authorization", "Bearer superadmin:"+super, "ApplicationId", app), 201)
		return readapitest.Dig(r.Body, "data", "token").(string)
	}

	// Nobody but the superadmin: the application's admin and staff are refused.
	for _, user := range []string{w.Admin, w.Users["organization"], w.Users["trainer"]} {
		k := w.As(user, w.AppA)
		k.Want("GET", "/v1/admin/application/builds", nil, 403)
		k.Want("GET", "/v1/admin/application/build-settings", nil, 403)
		k.Want("PUT", "/v1/admin/application/build-settings", completeStoreSettings("", ""), 403)
		k.Want("PUT", "/v1/admin/application/build-settings/ios", map[string]any{"bundle_id": "nl.x.app", "version_name": "1.0", "minimum_app_version": ""}, 403)
		k.Want("POST", "/v1/admin/application/builds", map[string]any{"platform": "ios", "tag": "v1"}, 403)
	}

	empty := sa.Want("GET", "/v1/admin/application/build-settings", nil, 200)
	platforms := readapitest.Dig(empty.Body, "data", "platforms").([]any)
	if len(platforms) != 2 || readapitest.Dig(platforms[0], "platform") != "ios" || readapitest.Dig(platforms[0], "configured") != false || readapitest.Dig(platforms[0], "next_build_number") != 1.0 || len(readapitest.Dig(platforms[1], "missing").([]any)) != 8 {
		t.Fatalf("empty settings: %s", empty.Raw)
	}
	start := map[string]any{"platform": "ios", "tag": "v1.0.0"}
	if got := readapitest.Message(sa.Want("POST", "/v1/admin/application/builds", start, 409)); got != "iOS is not set up yet: save its bundle id and version first" {
		t.Fatalf("not configured: %q", got)
	}
	if got := readapitest.Field(sa.Want("POST", "/v1/admin/application/builds", map[string]any{"platform": "windows", "tag": "v1"}, 422), "platform"); got == "" {
		t.Fatal("an unknown platform is refused on its field")
	}
	bad := sa.Want("PUT", "/v1/admin/application/build-settings/android", map[string]any{"bundle_id": "nl.my-app", "version_name": "one", "minimum_app_version": ""}, 422)
	if !strings.Contains(readapitest.Field(bad, "bundle_id"), "package name") || readapitest.Field(bad, "version_name") != "The version field must be a version such as 1.2.3" {
		t.Fatalf("bad configuration: %s", bad.Raw)
	}
	sa.Want("PUT", "/v1/admin/application/build-settings/windows", map[string]any{"bundle_id": "nl.x", "version_name": "1", "minimum_app_version": ""}, 404)
	sa.Want("PUT", "/v1/admin/application/build-settings/ios", map[string]any{"bundle_id": "nl.sportief.app", "version_name": "1.0.0", "minimum_app_version": "1.0.0"}, 200)
	if got := readapitest.Message(sa.Want("POST", "/v1/admin/application/builds", start, 409)); !strings.Contains(got, "still to fill in: app name, long description, keywords") {
		t.Fatalf("incomplete: %q", got)
	}

	// Images: the application's public files, large enough for the stores.
	small := upload("small.png", 512, 512, "public", w.AppA)
	if got := readapitest.Field(sa.Want("PUT", "/v1/admin/application/build-settings", completeStoreSettings(small, ""), 422), "icon_id"); got != "The icon must be exactly 1024 by 1024 pixels (this image is 512 by 512)" {
		t.Fatalf("small icon: %q", got)
	}
	// The app icon is a png of exactly 1024 × 1024 and at most 1 MB (spec section 5).
	large := upload("large.png", 1100, 1100, "public", w.AppA)
	if got := readapitest.Field(sa.Want("PUT", "/v1/admin/application/build-settings", completeStoreSettings(large, ""), 422), "icon_id"); got != "The icon must be exactly 1024 by 1024 pixels (this image is 1100 by 1100)" {
		t.Fatalf("large icon: %q", got)
	}
	heavy := sa.C.Want(sa.C.Upload("heavy.png", noisyPNG(1024, 1024, 400), map[string]string{"visibility": "public"},
		"Authorization", "Bearer superadmin:"+super, "ApplicationId", w.AppA), 201)
	if got := readapitest.Field(sa.Want("PUT", "/v1/admin/application/build-settings", completeStoreSettings(readapitest.Dig(heavy.Body, "data", "token").(string), ""), 422), "icon_id"); got != "The icon may be at most 1 MB" {
		t.Fatalf("heavy icon: %q (%v bytes)", got, readapitest.Dig(heavy.Body, "data", "size"))
	}
	var jpg bytes.Buffer
	_ = jpeg.Encode(&jpg, image.NewRGBA(image.Rect(0, 0, 1024, 1024)), nil)
	jpeg1024 := sa.C.Want(sa.C.Upload("icon.jpg", jpg.Bytes(), map[string]string{"visibility": "public"},
		"Authorization", "Bearer superadmin:"+super, "ApplicationId", w.AppA), 201)
	if got := readapitest.Field(sa.Want("PUT", "/v1/admin/application/build-settings", completeStoreSettings(readapitest.Dig(jpeg1024.Body, "data", "token").(string), ""), 422), "icon_id"); got != "The icon must be a png image" {
		t.Fatalf("jpeg icon: %q", got)
	}
	private := upload("private.png", 1024, 1024, "private", w.AppA)
	other := upload("other.png", 1024, 1024, "public", w.AppB)
	for _, token := range []string{private, other, "no-such-file"} {
		if got := readapitest.Field(sa.Want("PUT", "/v1/admin/application/build-settings", completeStoreSettings(token, ""), 422), "icon_id"); got == "" {
			t.Fatalf("icon %s accepted", token)
		}
	}
	tooLong := completeStoreSettings("", "")
	tooLong["app_name"] = strings.Repeat("a", 31)
	tooLong["keywords"] = []string{"a,b"}
	refused := sa.Want("PUT", "/v1/admin/application/build-settings", tooLong, 422)
	if readapitest.Field(refused, "app_name") != "The app name field may not be longer than 30 characters" || !strings.Contains(readapitest.Field(refused, "keywords"), "a,b") {
		t.Fatalf("limits: %s", refused.Raw)
	}
	icon, splash := upload("icon.png", 1024, 1024, "public", w.AppA), upload("splash.png", 1242, 2436, "public", w.AppA)
	sa.Want("PUT", "/v1/admin/application/build-settings", completeStoreSettings(icon, splash), 200)
	settings := sa.Want("GET", "/v1/admin/application/build-settings", nil, 200)
	if readapitest.Dig(settings.Body, "data", "app_name") != "Sportief Zwolle" || readapitest.Dig(settings.Body, "data", "icon_url") != "/v1/files/"+icon+"/thumbnail" ||
		len(readapitest.Dig(settings.Body, "data", "platforms").([]any)[0].(map[string]any)["missing"].([]any)) != 0 {
		t.Fatalf("settings: %s", settings.Raw)
	}

	// A build: submitted at once, once for a repeated request.
	key := uuid.NewString()
	first := sa.Want("POST", "/v1/admin/application/builds", start, 201)
	if got := readapitest.Message(sa.Want("POST", "/v1/admin/application/builds", map[string]any{"platform": "android", "tag": "v1.0.0"}, 409)); !strings.Contains(got, "Android is not set up") {
		t.Fatalf("android: %q", got)
	}
	buildID := readapitest.Dig(first.Body, "data", "id").(string)
	if service.Submitted() != 1 {
		t.Fatalf("submitted %d", service.Submitted())
	}
	if got := readapitest.Message(sa.Want("POST", "/v1/admin/application/builds", start, 409)); got != "A build for iOS is already running; wait until it is done" {
		t.Fatalf("running: %q", got)
	}
	sa.Want("PUT", "/v1/admin/application/build-settings/android", map[string]any{"bundle_id": "nl.sportief.app", "version_name": "1.0.0", "minimum_app_version": ""}, 200)
	withKey := func() readapitest.Response {
		return sa.Caller.Want("POST", "/v1/admin/application/builds", map[string]any{"platform": "android", "tag": "v1.0.0"}, 201,
			"Authorization", "Bearer superadmin:"+super, "Idempotency-Key", key)
	}
	again, twice := withKey(), withKey()
	if readapitest.Dig(again.Body, "data", "id") != readapitest.Dig(twice.Body, "data", "id") || service.Submitted() != 2 {
		t.Fatalf("a repeated request: %s %s, %d submitted", again.Raw, twice.Raw, service.Submitted())
	}
	w.Settle()
	list := sa.Want("GET", "/v1/admin/application/builds?platform=ios", nil, 200)
	row := readapitest.Rows(list)[0]
	if readapitest.Total(list) != 1 || readapitest.Dig(row, "id") != buildID || readapitest.Dig(row, "status") != "queued" || readapitest.Dig(row, "build_number") != 1.0 || readapitest.Dig(row, "version_name") != "1.0.0" || readapitest.Dig(row, "tag") != "v1.0.0" || readapitest.Dig(row, "requested_by", "id") != super || readapitest.Dig(row, "requested_by", "name") != "Sam Super" {
		t.Fatalf("list: %s", list.Raw)
	}
	sa.Want("GET", "/v1/admin/application/builds?platform=web", nil, 400)
	sa.Want("GET", "/v1/admin/application/builds?status=done", nil, 400)

	// The service finishes; the build process records it.
	c.add(2 * time.Hour)
	for deadline := time.Now().Add(20 * time.Second); ; {
		w.Settle()
		if _, err := worker.Pass(context.Background()); err != nil {
			t.Fatal(err)
		}
		w.Settle()
		one := sa.Want("GET", "/v1/admin/application/builds/"+buildID, nil, 200)
		if readapitest.Dig(one.Body, "data", "status") == "succeeded" {
			if readapitest.Dig(one.Body, "data", "artifact_url") != service.URL+"/artifacts/bld_1.ipa" {
				t.Fatalf("artifact: %s", one.Raw)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not finished: %s", one.Raw)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if got := readapitest.Message(sa.Want("POST", "/v1/admin/application/builds", start, 409)); got != "Version 1.0.0 is not above the last released version 1.0.0; raise the version" {
		t.Fatalf("same version: %q", got)
	}
	state := sa.Want("GET", "/v1/admin/application/build-settings", nil, 200)
	ios := readapitest.Dig(state.Body, "data", "platforms").([]any)[0]
	if readapitest.Dig(ios, "released_version") != "1.0.0" || readapitest.Dig(ios, "next_build_number") != 2.0 || readapitest.Dig(ios, "running") != false {
		t.Fatalf("ios state: %s", state.Raw)
	}

	// Application B sees none of it.
	if n := readapitest.Total(saB.Want("GET", "/v1/admin/application/builds", nil, 200)); n != 0 {
		t.Fatalf("B sees %d builds", n)
	}
	saB.Want("GET", "/v1/admin/application/builds/"+buildID, nil, 404)
	if readapitest.Dig(saB.Want("GET", "/v1/admin/application/build-settings", nil, 200).Body, "data", "app_name") != "" {
		t.Fatal("B sees A's settings")
	}
}
