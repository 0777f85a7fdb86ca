package processes

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain/appbuild"
	"move/projections"
)

// AppBuildsName is the build process's to-do projector's permanent name.
const AppBuildsName = "app_builds_process"

// PendingAppBuilds lists the builds the build service has not finished: requested (not
// yet accepted), queued or building (decision 1201).
const PendingAppBuilds = "pending_app_builds"

// maxBuildBackoff caps the spacing of the worker's visits to one running build: a build
// takes minutes, and the overview should show its end soon after.
const maxBuildBackoff = time.Minute

// AppBuildsProjector keeps the build process's to-do list: one row per running build
// with the time it last changed; it leaves when the build succeeded or failed.
func AppBuildsProjector() projections.Projector { return appBuildsProjector{} }

type appBuildsProjector struct{}

func (appBuildsProjector) Name() string     { return AppBuildsName }
func (appBuildsProjector) Version() int     { return 1 }
func (appBuildsProjector) Tables() []string { return []string{PendingAppBuilds} }
func (appBuildsProjector) EventTypes() []string {
	return []string{appbuild.BuildRequested{}.EventType(), appbuild.BuildQueued{}.EventType(), appbuild.BuildStarted{}.EventType(),
		appbuild.BuildSucceeded{}.EventType(), appbuild.BuildFailed{}.EventType()}
}

func (appBuildsProjector) Schema() string {
	return `
CREATE TABLE pending_app_builds (
    build_id       uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    changed_at     timestamptz NOT NULL
);
CREATE INDEX pending_app_builds_by_age ON pending_app_builds (changed_at);
` + projections.InternalRLS(PendingAppBuilds)
}

func (appBuildsProjector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	changed := func(build string) error {
		return w.Exec(ctx, `UPDATE pending_app_builds SET changed_at = $2 WHERE build_id = $1`, build, e.RecordedAt)
	}
	done := func(build string) error {
		return w.Exec(ctx, `DELETE FROM pending_app_builds WHERE build_id = $1`, build)
	}
	switch p := e.Payload.(type) {
	case appbuild.BuildRequested:
		return w.Exec(ctx, `INSERT INTO pending_app_builds (build_id, application_id, changed_at) VALUES ($1, $2, $3)
			ON CONFLICT (build_id) DO NOTHING`, p.BuildID, strings.TrimPrefix(e.Stream, appbuild.StreamPrefix), e.RecordedAt)
	case appbuild.BuildQueued:
		return changed(p.BuildID)
	case appbuild.BuildStarted:
		return changed(p.BuildID)
	case appbuild.BuildSucceeded:
		return done(p.BuildID)
	case appbuild.BuildFailed:
		return done(p.BuildID)
	}
	return nil
}

type dueBuild struct{ id, application string }

// dueAppBuilds reads the running builds unchanged for longer than the grace period.
func (w *Worker) dueAppBuilds(ctx context.Context, tx pgx.Tx, before time.Time) ([]dueBuild, error) {
	rows, err := tx.Query(ctx, `SELECT build_id::text, application_id::text FROM readmodel.pending_app_builds
		WHERE changed_at < $1 ORDER BY changed_at LIMIT 100`, before)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (dueBuild, error) {
		var d dueBuild
		return d, r.Scan(&d.id, &d.application)
	})
}

// followAppBuilds submits the requested builds the request did not (the service was
// down, or the server stopped) and asks the service about the running ones, each visit
// spaced by a backoff up to maxBuildBackoff, and answers how many changed. A service
// that is down leaves them for a later pass.
func (w *Worker) followAppBuilds(ctx context.Context, builds []dueBuild) int {
	done := 0
	now := w.Now()
	for _, b := range builds {
		if !w.buildBackoff.due(b.id, now) {
			continue
		}
		w.buildBackoff.visitedUpTo(b.id, now, w.Interval, maxBuildBackoff)
		changed, err := w.App.SyncAppBuild(ctx, b.application, b.id)
		if err != nil {
			w.Log.Warn("build process: the build service's side of a build is not known yet", "build_id", b.id, "error", err)
			continue
		}
		if changed {
			w.resumed.WithLabelValues("app-builds").Inc()
			done++
		}
	}
	return done
}
