package processes_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"move/buildservice"
	"move/buildservice/buildtest"
	"move/commands"
	"move/domain/appbuild"
)

// clock is the fake build service's clock, moved by the test.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func readyForBuilds(t *testing.T, f fixture) {
	t.Helper()
	ctx := context.Background()
	if _, err := f.env.App.SaveAppStoreSettings(ctx, f.meta(), appbuild.StoreSettings{AppName: "Demo", ShortDescription: "Sport",
		LongDescription: "Sport in town.", Keywords: []string{"sport"}, PrimaryColor: "#123456", SupportURL: "https://example.test/help",
		PrivacyURL: "https://example.test/privacy", IconID: "icon", SplashID: "splash"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.env.App.ConfigureAppPlatform(ctx, f.meta(), appbuild.IOS, appbuild.PlatformConfig{BundleID: "nl.demo.app", VersionName: "1.0.0"}); err != nil {
		t.Fatal(err)
	}
}

// A process that stops between the build service's acceptance of a build and its
// record leaves a build the service is making and one still "requested" here; the
// build process submits again with the same idempotency key — the service builds it
// once — and follows it to its artifact.
func TestWorkerFollowsABuildAStoppedRequestLeft(t *testing.T) {
	ctx := context.Background()
	f := setup(t)
	c := &clock{now: time.Now()}
	service := buildtest.New("key", time.Minute)
	service.Now = c.Now
	t.Cleanup(service.Close)
	f.env.App.UseBuildService(commands.BuildSetup{Service: buildservice.NewClient(service.URL, "key"),
		FileURL: func(id string) string { return "https://move.test/v1/files/" + id + "/original" }})
	readyForBuilds(t, f)
	res, err := f.env.App.RequestAppBuild(ctx, f.meta(), appbuild.IOS, "v1.0.0")
	if err != nil {
		t.Fatal(err)
	}

	// The request's fast path stops right after the service accepted the build.
	f.env.App.AfterBuildSubmitted(func() { panic("stopped") })
	func() {
		defer func() { _ = recover() }()
		_, _ = f.env.App.SyncAppBuild(ctx, f.app, res.ID)
		t.Fatal("the failpoint stops the submission")
	}()
	f.env.App.AfterBuildSubmitted(nil)
	if service.Submitted() != 1 || f.typesIn(t, "app_build.queued.v1") != 0 {
		t.Fatalf("submitted %d, queued recorded %d", service.Submitted(), f.typesIn(t, "app_build.queued.v1"))
	}
	sent, _ := service.Submission(res.ID)
	if sent.BuildNumber != 1 || sent.BundleID != "nl.demo.app" || sent.Store.IconURL != "https://move.test/v1/files/icon/original" || sent.Store.Keywords[0] != "sport" {
		t.Fatalf("submitted %+v", sent)
	}

	f.untilIdle(t)
	if service.Submitted() != 1 || f.typesIn(t, "app_build.queued.v1") != 1 {
		t.Fatalf("after the worker: submitted %d, queued recorded %d", service.Submitted(), f.typesIn(t, "app_build.queued.v1"))
	}
	c.add(30 * time.Second)
	f.untilIdle(t)
	c.add(time.Minute)
	f.untilIdle(t)
	apps, err := f.env.App.AppBuilds(ctx, f.app)
	if err != nil {
		t.Fatal(err)
	}
	if b := apps.Builds[res.ID]; b.Status != appbuild.StatusSucceeded {
		t.Fatalf("build %+v", b)
	}
	if f.typesIn(t, "app_build.started.v1") != 1 || f.typesIn(t, "app_build.succeeded.v1") != 1 {
		t.Fatalf("started %d, succeeded %d", f.typesIn(t, "app_build.started.v1"), f.typesIn(t, "app_build.succeeded.v1"))
	}
	f.caughtUp(t)
	var status, artifact string
	if err := f.env.DB.QueryRow(ctx, `SELECT status, artifact_url FROM readmodel.app_builds WHERE id = $1`, res.ID).Scan(&status, &artifact); err != nil {
		t.Fatal(err)
	}
	if status != "succeeded" || artifact != service.URL+"/artifacts/bld_1.ipa" {
		t.Fatalf("read model %s %s", status, artifact)
	}
	var pending int
	if err := f.env.DB.QueryRow(ctx, `SELECT count(*) FROM readmodel.pending_app_builds`).Scan(&pending); err != nil || pending != 0 {
		t.Fatalf("%d builds still pending (%v)", pending, err)
	}
}

// A service that is down when the build is requested leaves it requested; the worker
// submits it once the service is back, and records the service's failure.
func TestWorkerSubmitsWhenTheServiceIsBackAndRecordsAFailure(t *testing.T) {
	ctx := context.Background()
	f := setup(t)
	service := buildtest.New("key", 0)
	t.Cleanup(service.Close)
	f.env.App.UseBuildService(commands.BuildSetup{Service: buildservice.NewClient(service.URL, "key")})
	readyForBuilds(t, f)
	service.Down(true)
	res, err := f.env.App.RequestAppBuild(ctx, f.meta(), appbuild.IOS, "v1.0.0")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.env.App.SyncAppBuild(ctx, f.app, res.ID); err == nil {
		t.Fatal("a service that is down is an error to retry")
	}
	f.caughtUp(t)
	if n, _ := f.worker.Pass(ctx); n != 0 || service.Submitted() != 0 {
		t.Fatalf("passes while down: %d done, %d submitted", n, service.Submitted())
	}
	service.Down(false)
	service.FailNext("Provisioning profile expired")
	time.Sleep(1100 * time.Millisecond) // the backoff of the visit while down
	f.untilIdle(t)
	apps, err := f.env.App.AppBuilds(ctx, f.app)
	if err != nil {
		t.Fatal(err)
	}
	if b := apps.Builds[res.ID]; b.Status != appbuild.StatusFailed || service.Submitted() != 1 {
		t.Fatalf("build %+v, submitted %d", b, service.Submitted())
	}
	f.caughtUp(t)
	var reason string
	if err := f.env.DB.QueryRow(ctx, `SELECT failure_reason FROM readmodel.app_builds WHERE id = $1`, res.ID).Scan(&reason); err != nil || reason != "Provisioning profile expired" {
		t.Fatalf("reason %q %v", reason, err)
	}
	// The platform is free again: the next build is number 2.
	next, err := f.env.App.RequestAppBuild(ctx, f.meta(), appbuild.IOS, "v1.0.0-again")
	if err != nil {
		t.Fatal(err)
	}
	apps, _ = f.env.App.AppBuilds(ctx, f.app)
	if apps.Builds[next.ID].BuildNumber != 2 {
		t.Fatalf("next build %+v", apps.Builds[next.ID])
	}
}
