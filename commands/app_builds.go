package commands

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"move/buildservice"
	"move/domain"
	"move/domain/appbuild"
)

// AppBuildsActor is the actor of what the build process records.
const AppBuildsActor = "process:app-builds"

// BuildSetup connects the app build service (decision 1201). FileURL answers the public
// address of an uploaded image, where the service downloads the icon and splash image.
type BuildSetup struct {
	Service buildservice.Service
	FileURL func(fileID string) string
}

// UseBuildService connects the app build service. Without it requested builds wait
// (the build process submits them once a service is connected).
func (a *App) UseBuildService(b BuildSetup) { a.builds = b }

// AfterBuildSubmitted sets the failpoint between the build service's acceptance of a
// build and its record. Only the crash test sets it.
func (a *App) AfterBuildSubmitted(f func()) { a.afterBuildSubmitted = f }

// SaveAppStoreSettings replaces the application's store settings.
func (a *App) SaveAppStoreSettings(ctx context.Context, meta Meta, s appbuild.StoreSettings) (Result, error) {
	return a.decideAppBuilds(ctx, meta, meta.ApplicationID, func(apps *appbuild.Apps) ([]domain.Event, error) {
		return apps.SaveSettings(s)
	})
}

// ConfigureAppPlatform replaces one platform's build configuration.
func (a *App) ConfigureAppPlatform(ctx context.Context, meta Meta, platform string, c appbuild.PlatformConfig) (Result, error) {
	return a.decideAppBuilds(ctx, meta, meta.ApplicationID, func(apps *appbuild.Apps) ([]domain.Event, error) {
		return apps.Configure(platform, c)
	})
}

// RequestAppBuild asks for a build of platform; its id derives from the command id, so
// a retried request builds once. The request submits it at once (the fast path); the
// build process is the guarantee.
func (a *App) RequestAppBuild(ctx context.Context, meta Meta, platform, tag string) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("app-build")).String()
	res, err := a.decideAppBuilds(ctx, meta, meta.ApplicationID, func(apps *appbuild.Apps) ([]domain.Event, error) {
		return apps.Request(id, platform, tag, meta.ActorID)
	})
	res.ID = id
	return res, err
}

func (a *App) decideAppBuilds(ctx context.Context, meta Meta, applicationID string, decide func(*appbuild.Apps) ([]domain.Event, error)) (Result, error) {
	if applicationID == "" {
		return Result{}, &domain.NotFoundError{Kind: "application", ID: ""}
	}
	stream := appbuild.Stream(applicationID)
	return a.run.execute(ctx, meta, applicationID, func(u *unit) error {
		apps := appbuild.New(applicationID)
		if err := u.load(stream, apps); err != nil {
			return err
		}
		events, err := decide(apps)
		if err != nil {
			return err
		}
		return u.append(stream, apps, events...)
	})
}

// AppBuilds answers an application's app builds as they stand in the event store.
func (a *App) AppBuilds(ctx context.Context, applicationID string) (*appbuild.Apps, error) {
	apps := appbuild.New(applicationID)
	_, err := a.run.execute(ctx, Meta{ActorID: AppBuildsActor}, applicationID, func(u *unit) error {
		apps = appbuild.New(applicationID)
		return u.load(appbuild.Stream(applicationID), apps)
	})
	return apps, err
}

// SyncAppBuild brings a build up to date with the build service: it submits a
// requested build (Idempotency-Key = the build's id, so submitting again after a crash
// or a lost answer builds once) and records what the service says of a submitted one.
// A refusal fails the build with the service's reason; a service that cannot be reached
// leaves it for the next visit (ErrUnavailable). It answers whether it recorded a change.
func (a *App) SyncAppBuild(ctx context.Context, applicationID, buildID string) (bool, error) {
	service := a.builds.Service
	if service == nil {
		return false, fmt.Errorf("%w: no app build service connected", buildservice.ErrUnavailable)
	}
	apps, err := a.AppBuilds(ctx, applicationID)
	if err != nil {
		return false, err
	}
	b := apps.Builds[buildID]
	if b == nil || !appbuild.Running(b.Status) {
		return false, nil
	}
	var got buildservice.Build
	if b.ServiceID == "" {
		got, err = service.Submit(ctx, a.submission(ctx, applicationID, buildID))
		if got.ID != "" && a.afterBuildSubmitted != nil {
			a.afterBuildSubmitted()
		}
	} else {
		got, err = service.Get(ctx, b.ServiceID)
	}
	var refused *buildservice.RefusedError
	if errors.As(err, &refused) {
		reason := refused.Detail
		if reason == "" {
			reason = fmt.Sprintf("the build service refused the build (%d)", refused.Status)
		}
		got, err = buildservice.Build{Status: appbuild.StatusFailed, FailureReason: reason}, nil
	}
	if err != nil {
		return false, err
	}
	meta := Meta{ActorID: AppBuildsActor, ApplicationID: applicationID}
	changed := false
	_, err = a.decideAppBuilds(ctx, meta, applicationID, func(apps *appbuild.Apps) ([]domain.Event, error) {
		events, err := apps.Progress(buildID, appbuild.Report{ServiceID: got.ID, Status: got.Status, ArtifactURL: got.ArtifactURL, Reason: got.FailureReason})
		changed = len(events) > 0
		return events, err
	})
	return changed, err
}

// submission is what the service builds: the settings and configuration the request
// fixed, read from the build's requested event.
func (a *App) submission(ctx context.Context, applicationID, buildID string) buildservice.NewBuild {
	var req appbuild.BuildRequested
	_, _ = a.run.execute(ctx, Meta{ActorID: AppBuildsActor}, applicationID, func(u *unit) error {
		return u.load(appbuild.Stream(applicationID), requestOf{id: buildID, into: &req})
	})
	s := req.Settings
	url := func(id string) string {
		if id == "" || a.builds.FileURL == nil {
			return ""
		}
		return a.builds.FileURL(id)
	}
	return buildservice.NewBuild{Reference: buildID, ApplicationID: applicationID, Platform: req.Platform, Tag: req.Tag,
		VersionName: req.VersionName, BuildNumber: req.BuildNumber, MinimumAppVersion: req.MinimumAppVersion, BundleID: req.BundleID,
		Store: buildservice.Store{AppName: s.AppName, PromotionalText: s.PromotionalText, ShortDescription: s.ShortDescription,
			LongDescription: s.LongDescription, Keywords: s.Keywords, PrimaryColor: s.PrimaryColor, SecondaryColor: s.SecondaryColor,
			SupportURL: s.SupportURL, PrivacyURL: s.PrivacyURL, MarketingURL: s.MarketingURL, IconURL: url(s.IconID), SplashURL: url(s.SplashID)}}
}

// requestOf picks one build's requested event out of the stream.
type requestOf struct {
	id   string
	into *appbuild.BuildRequested
}

func (r requestOf) Apply(e domain.Event) {
	if req, ok := e.(appbuild.BuildRequested); ok && req.BuildID == r.id {
		*r.into = req
	}
}
