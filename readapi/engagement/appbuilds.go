package engagement

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/appbuild"
	rmappbuilds "move/projections/appbuilds"
	"move/readapi/kernel"
)

// PermManageAppBuilds is the superadmin's app builds area (spec section 2: "role
// superadmin only"; decision 1200): no default role holds it, superadmin through `*`.
const PermManageAppBuilds = "manage-app-builds"

// Store images (decision 1200, rules in kernel.ImageRules since 1650): the App Store's
// 1024 × 1024 png icon of at most 1 MB (Google Play asks 512 × 512, made from it), and
// a portrait splash image for the tallest phones.

// buildRow is one build in the overview.
type buildRow struct {
	ID                string          `json:"id"`
	Platform          string          `json:"platform"`
	Tag               string          `json:"tag"`
	VersionName       string          `json:"version_name"`
	BuildNumber       int             `json:"build_number"`
	MinimumAppVersion string          `json:"minimum_app_version"`
	BundleID          string          `json:"bundle_id"`
	Status            string          `json:"status"`
	ArtifactURL       *string         `json:"artifact_url"`
	FailureReason     *string         `json:"failure_reason"`
	RequestedBy       *kernel.UserRef `json:"requested_by"`
	RequestedAt       string          `json:"requested_at"`
	UpdatedAt         string          `json:"updated_at"`
}

// storeSettingsInput is the store settings form: every field (PUT, decision 0523);
// empty text is "not filled in yet".
type storeSettingsInput struct {
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

func (in storeSettingsInput) settings() appbuild.StoreSettings {
	return appbuild.StoreSettings(in)
}

// platformInput is a platform's build configuration.
type platformInput struct {
	BundleID          string `json:"bundle_id"`
	VersionName       string `json:"version_name"`
	MinimumAppVersion string `json:"minimum_app_version"`
}

// platformState is a platform as the build forms show it: its configuration, what a
// build would be numbered, the version released last, and whether a build can start.
type platformState struct {
	Platform          string   `json:"platform"`
	Configured        bool     `json:"configured"`
	BundleID          string   `json:"bundle_id"`
	VersionName       string   `json:"version_name"`
	MinimumAppVersion string   `json:"minimum_app_version"`
	NextBuildNumber   int      `json:"next_build_number"`
	ReleasedVersion   *string  `json:"released_version"`
	Running           bool     `json:"running"`
	Missing           []string `json:"missing"`
}

// buildSettings is the store settings screen and the platforms' state.
type buildSettings struct {
	storeSettingsInput
	IconURL   *string         `json:"icon_url"`
	SplashURL *string         `json:"splash_url"`
	UpdatedAt *string         `json:"updated_at"`
	Platforms []platformState `json:"platforms"`
}

// buildInput starts a build of the platform's configuration, with a tag.
type buildInput struct {
	Platform string `json:"platform"`
	Tag      string `json:"tag"`
}

var buildSorts = map[string]string{"requested_at": "b.requested_at", "build_number": "b.build_number", "version_name": "b.version_name"}

func (s *Handlers) AppBuildRoutes() []kernel.Route {
	reads := []string{rmappbuilds.Name}
	builds := "/v1/admin/application/builds"
	settings := "/v1/admin/application/build-settings"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: builds, Permission: PermManageAppBuilds, Reads: reads, Handler: s.listBuilds,
			Doc: kernel.Doc{Summary: "The application's app builds, newest first (platform ios|android, status; sort requested_at, build_number, version_name)",
				Response: kernel.ListAnswer[buildRow]{}, Query: append([]string{"platform", "status"}, kernel.ListQueryDoc...)}},
		{Method: http.MethodPost, Pattern: builds, Permission: PermManageAppBuilds, Reads: reads, Handler: s.requestBuild,
			Doc: kernel.Doc{Summary: "Start a build of a platform with its configuration and the store settings (refused when settings are incomplete for the platform, a build of it runs, or its version is not above the last released one)",
				Request: buildInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: builds + "/{build_id}", Permission: PermManageAppBuilds, Reads: reads, Handler: s.getBuild,
			Doc: kernel.Doc{Summary: "One app build", Response: kernel.DataAnswer[buildRow]{}}},
		{Method: http.MethodGet, Pattern: settings, Permission: PermManageAppBuilds, Reads: reads, Handler: s.getBuildSettings,
			Doc: kernel.Doc{Summary: "The store settings and each platform's configuration and state", Response: kernel.DataAnswer[buildSettings]{}}},
		{Method: http.MethodPut, Pattern: settings, Permission: PermManageAppBuilds, Reads: reads, Handler: s.saveBuildSettings,
			Doc: kernel.Doc{Summary: "Replace the store settings (icon at least 1024×1024, splash image at least 1242×2436, public files of the application)",
				Request: storeSettingsInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodPut, Pattern: settings + "/{platform}", Permission: PermManageAppBuilds, Reads: reads, Handler: s.configurePlatform,
			Doc: kernel.Doc{Summary: "Replace a platform's build configuration (platform ios|android)", Request: platformInput{}, Response: kernel.CommandAnswer{}}},
	}
}

const buildColumns = `b.id::text, b.platform, b.tag, b.version_name, b.build_number, b.minimum_app_version, b.bundle_id, b.status,
	b.artifact_url, b.failure_reason, b.requested_by::text, ` + `nullif(` + `trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))` + `, ''), b.requested_at, b.updated_at
	FROM readmodel.app_builds b LEFT JOIN identity_personal_data p ON p.subject_id = b.requested_by`

func scanBuild(row pgx.Row) (buildRow, error) {
	var b buildRow
	var by, name *string
	var requested, updated time.Time
	err := row.Scan(&b.ID, &b.Platform, &b.Tag, &b.VersionName, &b.BuildNumber, &b.MinimumAppVersion, &b.BundleID, &b.Status,
		&b.ArtifactURL, &b.FailureReason, &by, &name, &requested, &updated)
	b.RequestedBy, b.RequestedAt, b.UpdatedAt = kernel.Ref(by, name), kernel.Stamp(requested), kernel.Stamp(updated)
	return b, err
}

func (s *Handlers) listBuilds(w http.ResponseWriter, r *http.Request) error {
	q, err := kernel.ParseListQuery(r, buildSorts, "requested_at")
	if err != nil {
		return err
	}
	if r.URL.Query().Get("sort") == "" {
		q.Desc = true
	}
	platform, status := r.URL.Query().Get("platform"), r.URL.Query().Get("status")
	if platform != "" && !appbuild.ValidPlatform(platform) {
		return kernel.BadQuery("platform")
	}
	switch status {
	case "", appbuild.StatusRequested, appbuild.StatusQueued, appbuild.StatusBuilding, appbuild.StatusSucceeded, appbuild.StatusFailed:
	default:
		return kernel.BadQuery("status")
	}
	app := kernel.TenantFrom(r.Context()).ApplicationID
	where := ` WHERE b.application_id = $1 AND ($2 = '' OR b.platform = $2) AND ($3 = '' OR b.status = $3)`
	var total int64
	var items []buildRow
	err = s.InTenant(r, func(tx pgx.Tx) error {
		if err := tx.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.app_builds b`+where, app, platform, status).Scan(&total); err != nil {
			return err
		}
		rows, err := tx.Query(r.Context(), `SELECT `+buildColumns+where+
			` ORDER BY `+buildSorts[q.Sort]+` `+q.Direction()+`, b.id `+q.Direction()+` LIMIT $4 OFFSET $5`, app, platform, status, q.PerPage, q.Offset())
		if err != nil {
			return err
		}
		items, err = kernel.Collect(rows, scanBuild)
		return err
	})
	if err != nil {
		return err
	}
	if err := s.requesterNames(r, items); err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[buildRow]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}

func (s *Handlers) getBuild(w http.ResponseWriter, r *http.Request) error {
	id, err := kernel.UUIDParam(r, "build_id", "build")
	if err != nil {
		return err
	}
	var b buildRow
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		b, err = scanBuild(tx.QueryRow(r.Context(), `SELECT `+buildColumns+` WHERE b.application_id = $1 AND b.id = $2`, kernel.TenantFrom(r.Context()).ApplicationID, id))
		if errors.Is(err, pgx.ErrNoRows) {
			return &domain.NotFoundError{Kind: "build", ID: id}
		}
		return err
	})
	if err != nil {
		return err
	}
	one := []buildRow{b}
	if err := s.requesterNames(r, one); err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[buildRow]{Data: one[0]})
	return nil
}

// requesterNames fills in the names the tenant's policy hid: builds are the superadmins'
// work, and a superadmin holds no role in the application, so the API's tenant role
// (move_reader) sees their name in no tenant. The server's own role reads them as the
// identity service does (identity_server policy, migration 0061), only for the people
// who requested a build of this application (decision 1200). An erased person stays
// nameless.
func (s *Handlers) requesterNames(r *http.Request, builds []buildRow) error {
	var ids []string
	for _, b := range builds {
		if b.RequestedBy != nil && b.RequestedBy.Name == "" {
			ids = append(ids, b.RequestedBy.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	names := map[string]string{}
	err := pgx.BeginTxFunc(r.Context(), s.DB, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT p.subject_id::text, `+kernel.PersonName("p")+` FROM identity_personal_data p
			WHERE p.subject_id = ANY($1::uuid[])`, ids)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, name string
			if err := rows.Scan(&id, &name); err != nil {
				return err
			}
			names[id] = name
		}
		return rows.Err()
	})
	for i := range builds {
		if b := builds[i].RequestedBy; b != nil && b.Name == "" {
			b.Name = names[b.ID]
		}
	}
	return err
}

// readBuildSettings reads the store settings and the platforms' state in the tenant.
func (s *Handlers) readBuildSettings(r *http.Request) (buildSettings, error) {
	ctx := r.Context()
	app := kernel.TenantFrom(ctx).ApplicationID
	out := buildSettings{storeSettingsInput: storeSettingsInput{Keywords: []string{}}}
	err := s.InTenant(r, func(tx pgx.Tx) error {
		var updated time.Time
		in := &out.storeSettingsInput
		err := tx.QueryRow(ctx, `SELECT app_name, promotional_text, short_description, long_description, keywords, primary_color,
			secondary_color, support_url, privacy_url, marketing_url, icon_id, splash_id, updated_at
			FROM readmodel.app_build_settings WHERE application_id = $1`, app).Scan(&in.AppName, &in.PromotionalText,
			&in.ShortDescription, &in.LongDescription, &in.Keywords, &in.PrimaryColor, &in.SecondaryColor, &in.SupportURL,
			&in.PrivacyURL, &in.MarketingURL, &in.IconID, &in.SplashID, &updated)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
		case err != nil:
			return err
		default:
			out.UpdatedAt = kernel.StampOrNil(&updated)
		}
		apps := appbuild.New(app)
		apps.Settings = out.settings()
		for _, p := range appbuild.Platforms {
			st := platformState{Platform: p, Missing: []string{}}
			err := tx.QueryRow(ctx, `SELECT bundle_id, version_name, minimum_app_version FROM readmodel.app_build_platforms
				WHERE application_id = $1 AND platform = $2`, app, p).Scan(&st.BundleID, &st.VersionName, &st.MinimumAppVersion)
			switch {
			case errors.Is(err, pgx.ErrNoRows):
			case err != nil:
				return err
			default:
				st.Configured = true
			}
			if err := tx.QueryRow(ctx, `SELECT coalesce(max(build_number), 0) + 1, coalesce(bool_or(status IN ('requested', 'queued', 'building')), false),
				(SELECT version_name FROM readmodel.app_builds WHERE application_id = $1 AND platform = $2 AND status = 'succeeded'
				  ORDER BY string_to_array(version_name, '.')::int[] DESC LIMIT 1)
				FROM readmodel.app_builds WHERE application_id = $1 AND platform = $2`, app, p).Scan(&st.NextBuildNumber, &st.Running, &st.ReleasedVersion); err != nil {
				return err
			}
			if m := apps.Missing(p); m != nil {
				st.Missing = m
			}
			out.Platforms = append(out.Platforms, st)
		}
		return nil
	})
	out.IconURL, out.SplashURL = kernel.FileURL(&out.IconID), kernel.FileURL(&out.SplashID)
	return out, err
}

func (s *Handlers) getBuildSettings(w http.ResponseWriter, r *http.Request) error {
	out, err := s.readBuildSettings(r)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[buildSettings]{Data: out})
	return nil
}

func (s *Handlers) saveBuildSettings(w http.ResponseWriter, r *http.Request) error {
	var in storeSettingsInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	in.IconID, in.SplashID = strings.TrimSpace(in.IconID), strings.TrimSpace(in.SplashID)
	old, err := s.readBuildSettings(r)
	if err != nil {
		return err
	}
	// An unchanged image is not checked again (an image saved before a rule existed).
	if err := s.CheckFileRefs(r, kernel.OwnFiles,
		kernel.FileRef{Field: "icon_id", Token: &in.IconID, Rule: kernel.Rule("app_build.icon_id"), Was: &old.IconID},
		kernel.FileRef{Field: "splash_id", Token: &in.SplashID, Rule: kernel.Rule("app_build.splash_id"), Was: &old.SplashID}); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SaveAppStoreSettings(r.Context(), m, in.settings())
	return s.AnswerCommand(w, "save_app_store_settings", http.StatusOK, res, err)
}

func (s *Handlers) configurePlatform(w http.ResponseWriter, r *http.Request) error {
	platform := chi.URLParam(r, "platform")
	if !appbuild.ValidPlatform(platform) {
		return &domain.NotFoundError{Kind: "platform", ID: platform}
	}
	var in platformInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.ConfigureAppPlatform(r.Context(), m, platform, appbuild.PlatformConfig(in))
	return s.AnswerCommand(w, "configure_app_platform", http.StatusOK, res, err)
}

// requestBuild starts a build and submits it to the build service at once (the fast
// path); when the service cannot be reached the build process submits it later.
func (s *Handlers) requestBuild(w http.ResponseWriter, r *http.Request) error {
	var in buildInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.RequestAppBuild(r.Context(), m, in.Platform, in.Tag)
	var conflict *domain.ConflictError
	if errors.As(err, &conflict) && conflict.Key == "app_build.settings_incomplete" {
		conflict.Params["missing"] = missingFields(kernel.Lang(r), conflict.Params["missing"])
	}
	if err == nil {
		if _, syncErr := s.App.SyncAppBuild(r.Context(), m.ApplicationID, res.ID); syncErr != nil {
			kernel.Logger(r).Warn("the app build is not submitted yet: the build process will", "build_id", res.ID, "error", syncErr)
		}
	}
	return s.AnswerCommand(w, "request_app_build", http.StatusCreated, res, err)
}

// missingFields puts the missing settings' names in the user's language.
func missingFields(language string, missing any) string {
	list, _ := missing.(string)
	parts := strings.Split(list, ", ")
	for i, p := range parts {
		parts[i] = kernel.FieldName(language, p)
	}
	return strings.Join(parts, ", ")
}
