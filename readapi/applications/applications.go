package applications

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain"
	"move/domain/identity"
	rmidentity "move/projections/identity"
	"move/readapi/kernel"
)

// applicationRow is an application as the superadmin's overview and form show it.
type applicationRow struct {
	ID               string    `json:"id"`
	Name             string    `json:"name"`
	Slug             string    `json:"slug"`
	Email            *string   `json:"email"`
	Description      *string   `json:"description"`
	DashboardURL     *string   `json:"dashboard_url"`
	WebsiteURL       *string   `json:"website_url"`
	SupportURL       *string   `json:"support_url"`
	Timezone         *string   `json:"timezone"`
	SportIDAlias     *string   `json:"sport_id_alias"`
	Longitude        *float64  `json:"longitude"`
	Latitude         *float64  `json:"latitude"`
	Zoom             *float64  `json:"zoom"`
	LogoID           *string   `json:"logo_id"`
	LogoURL          *string   `json:"logo_url"`
	FallbackImageID  *string   `json:"fallback_image_id"`
	FallbackImageURL *string   `json:"fallback_image_url"`
	FaviconID        *string   `json:"favicon_id"`
	FaviconURL       *string   `json:"favicon_url"`
	PrimaryColor     *string   `json:"primary_color"`
	SecondaryColor   *string   `json:"secondary_color"`
	ParentID         *string   `json:"parent_id"`
	ChildrenCount    int64     `json:"children_count"`
	Version          uint64    `json:"version"`
	CreatedAt        time.Time `json:"created_at"`
	UpdatedAt        time.Time `json:"updated_at"`
}

const applicationColumns = `a.id::text, a.name, a.slug, a.email, a.description, a.dashboard_url, a.website_url,
	a.support_url, a.timezone, a.sport_id_alias, a.longitude, a.latitude, a.zoom, a.logo_id, a.fallback_image_id,
	a.favicon_id, a.primary_color, a.secondary_color, a.parent_id::text,
	(SELECT count(*) FROM readmodel.identity_applications c WHERE c.parent_id = a.id), a.version, a.created_at, a.updated_at`

func scanApplication(row pgx.Row) (applicationRow, error) {
	var a applicationRow
	var version int64
	err := row.Scan(&a.ID, &a.Name, &a.Slug, &a.Email, &a.Description, &a.DashboardURL, &a.WebsiteURL, &a.SupportURL,
		&a.Timezone, &a.SportIDAlias, &a.Longitude, &a.Latitude, &a.Zoom, &a.LogoID, &a.FallbackImageID, &a.FaviconID,
		&a.PrimaryColor, &a.SecondaryColor, &a.ParentID, &a.ChildrenCount, &version, &a.CreatedAt, &a.UpdatedAt)
	a.Version = uint64(version)
	a.LogoURL, a.FallbackImageURL, a.FaviconURL = kernel.FileURL(a.LogoID), kernel.FileURL(a.FallbackImageID), kernel.FileURL(a.FaviconID)
	return a, err
}

// applicationInput is the form: every editable field; absent optional ones are unset.
type applicationInput struct {
	Name            string   `json:"name"`
	Slug            string   `json:"slug"`
	Email           *string  `json:"email"`
	Description     *string  `json:"description"`
	DashboardURL    *string  `json:"dashboard_url"`
	WebsiteURL      *string  `json:"website_url"`
	SupportURL      *string  `json:"support_url"`
	Timezone        *string  `json:"timezone"`
	SportIDAlias    *string  `json:"sport_id_alias"`
	Longitude       *float64 `json:"longitude"`
	Latitude        *float64 `json:"latitude"`
	Zoom            *float64 `json:"zoom"`
	LogoID          *string  `json:"logo_id"`
	FallbackImageID *string  `json:"fallback_image_id"`
	FaviconID       *string  `json:"favicon_id"`
	PrimaryColor    *string  `json:"primary_color"`
	SecondaryColor  *string  `json:"secondary_color"`
	ParentID        *string  `json:"parent_id"`
	// Version is the version the user edited (update only); a stale one is a 409.
	Version *uint64 `json:"version"`
}

func (in applicationInput) settings() identity.ApplicationSettings {
	return identity.ApplicationSettings{Name: in.Name, Slug: in.Slug, Email: in.Email, Description: in.Description,
		DashboardURL: in.DashboardURL, WebsiteURL: in.WebsiteURL, SupportURL: in.SupportURL, Timezone: in.Timezone,
		SportIDAlias: in.SportIDAlias, Longitude: in.Longitude, Latitude: in.Latitude, Zoom: in.Zoom, LogoID: in.LogoID,
		FallbackImageID: in.FallbackImageID, FaviconID: in.FaviconID, PrimaryColor: in.PrimaryColor,
		SecondaryColor: in.SecondaryColor, ParentID: in.ParentID}
}

// mapSettings is the mapbox-settings screen: the map's centre and zoom.
type mapSettings struct {
	Longitude *float64 `json:"longitude"`
	Latitude  *float64 `json:"latitude"`
	Zoom      *float64 `json:"zoom"`
}

func (s *Handlers) ApplicationRoutes() []kernel.Route {
	reads := []string{rmidentity.Name}
	list := "/v1/admin/applications"
	item := list + "/{application_id}"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: list, Permission: kernel.PermManageApplications, Platform: true, Reads: reads, Handler: s.listApplications,
			Doc: kernel.Doc{Summary: "Every application of the platform (search, sort, page)", Response: kernel.ListAnswer[applicationRow]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodPost, Pattern: list, Permission: kernel.PermManageApplications, Platform: true, Handler: s.createApplication,
			Doc: kernel.Doc{Summary: "Create an application; its slug is unique platform-wide", Request: applicationInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: item, Permission: kernel.PermManageApplications, Platform: true, Reads: reads, Handler: s.getApplication,
			Doc: kernel.Doc{Summary: "One application with every setting", Response: kernel.DataAnswer[applicationRow]{}}},
		{Method: http.MethodPut, Pattern: item, Permission: kernel.PermManageApplications, Platform: true, Reads: reads, Handler: s.updateApplication,
			Doc: kernel.Doc{Summary: "Change an application (a new slug is reserved, the old one freed)", Request: applicationInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: item + "/children", Permission: kernel.PermManageApplications, Platform: true, Reads: reads, Handler: s.listChildApplications,
			Doc: kernel.Doc{Summary: "The application's child applications (search, sort, page)", Response: kernel.ListAnswer[applicationRow]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodGet, Pattern: item + "/mapbox-settings", Permission: kernel.PermManageApplications, Platform: true, Reads: reads, Handler: s.getApplicationMap,
			Doc: kernel.Doc{Summary: "The application's map centre and zoom", Response: kernel.DataAnswer[mapSettings]{}}},
		{Method: http.MethodPut, Pattern: item + "/mapbox-settings", Permission: kernel.PermManageApplications, Platform: true, Handler: s.setApplicationMap,
			Doc: kernel.Doc{Summary: "Change the map centre (longitude -180..180, latitude -90..90) and zoom (0..22)", Request: mapSettings{}, Response: kernel.CommandAnswer{}}},
	}
}

func applicationPathID(r *http.Request) (string, error) {
	return kernel.UUIDParam(r, "application_id", "application")
}

var applicationSorts = map[string]string{
	"name":       "lower(a.name)",
	"slug":       "a.slug",
	"created_at": "a.created_at",
	"updated_at": "a.updated_at",
}

// queryApplications answers one page of applications matching where (args first).
func (s *Handlers) queryApplications(w http.ResponseWriter, r *http.Request, where string, args []any) error {
	q, err := kernel.ParseListQuery(r, applicationSorts, "name")
	if err != nil {
		return err
	}
	if search := strings.TrimSpace(q.Search); search != "" {
		args = append(args, "%"+kernel.EscapeLike(strings.ToLower(search))+"%")
		where += fmt.Sprintf(` AND (lower(a.name) LIKE $%[1]d OR a.slug LIKE $%[1]d OR lower(coalesce(a.email, '')) LIKE $%[1]d)`, len(args))
	}
	var total int64
	if err := s.DB.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.identity_applications a WHERE `+where, args...).Scan(&total); err != nil {
		return err
	}
	n := len(args)
	order := applicationSorts[q.Sort] + " " + q.Direction() + ", a.id " + q.Direction()
	rows, err := s.DB.Query(r.Context(), fmt.Sprintf(`SELECT %s FROM readmodel.identity_applications a WHERE %s ORDER BY %s LIMIT $%d OFFSET $%d`,
		applicationColumns, where, order, n+1, n+2), append(args, q.PerPage, q.Offset())...)
	if err != nil {
		return err
	}
	items, err := kernel.Collect(rows, scanApplication)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[applicationRow]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}

func (s *Handlers) listApplications(w http.ResponseWriter, r *http.Request) error {
	return s.queryApplications(w, r, `true`, nil)
}

func (s *Handlers) listChildApplications(w http.ResponseWriter, r *http.Request) error {
	id, err := applicationPathID(r)
	if err != nil {
		return err
	}
	if _, err := s.readApplication(r, id); err != nil {
		return err
	}
	return s.queryApplications(w, r, `a.parent_id = $1`, []any{id})
}

func (s *Handlers) readApplication(r *http.Request, id string) (applicationRow, error) {
	a, err := scanApplication(s.DB.QueryRow(r.Context(), `SELECT `+applicationColumns+` FROM readmodel.identity_applications a WHERE a.id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return a, &domain.NotFoundError{Kind: "application", ID: id}
	}
	return a, err
}

func (s *Handlers) getApplication(w http.ResponseWriter, r *http.Request) error {
	id, err := applicationPathID(r)
	if err != nil {
		return err
	}
	a, err := s.readApplication(r, id)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[applicationRow]{Data: a})
	return nil
}

func (s *Handlers) createApplication(w http.ResponseWriter, r *http.Request) error {
	var in applicationInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if err := s.CheckFileRefs(r, kernel.AnyPublicFile, kernel.FileRef{Field: "logo_id", Token: in.LogoID, Rule: kernel.Rule("application.logo_id")},
		kernel.FileRef{Field: "fallback_image_id", Token: in.FallbackImageID}, kernel.FileRef{Field: "favicon_id", Token: in.FaviconID}); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateApplication(r.Context(), m, in.settings())
	return s.AnswerCommand(w, "create_application", http.StatusCreated, res, err)
}

func (s *Handlers) updateApplication(w http.ResponseWriter, r *http.Request) error {
	id, err := applicationPathID(r)
	if err != nil {
		return err
	}
	var in applicationInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	current, err := s.readApplication(r, id)
	if err != nil {
		return err
	}
	if err := s.CheckFileRefs(r, kernel.AnyPublicFile, kernel.FileRef{Field: "logo_id", Token: in.LogoID, Rule: kernel.Rule("application.logo_id"), Was: current.LogoID},
		kernel.FileRef{Field: "fallback_image_id", Token: in.FallbackImageID}, kernel.FileRef{Field: "favicon_id", Token: in.FaviconID}); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateApplication(r.Context(), m, id, in.Version, in.settings())
	return s.AnswerCommand(w, "update_application", http.StatusOK, res, err)
}

func (s *Handlers) getApplicationMap(w http.ResponseWriter, r *http.Request) error {
	id, err := applicationPathID(r)
	if err != nil {
		return err
	}
	a, err := s.readApplication(r, id)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[mapSettings]{Data: mapSettings{Longitude: a.Longitude, Latitude: a.Latitude, Zoom: a.Zoom}})
	return nil
}

func (s *Handlers) setApplicationMap(w http.ResponseWriter, r *http.Request) error {
	id, err := applicationPathID(r)
	if err != nil {
		return err
	}
	var in mapSettings
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetApplicationMap(r.Context(), m, id, commands.MapSettings{Longitude: in.Longitude, Latitude: in.Latitude, Zoom: in.Zoom})
	return s.AnswerCommand(w, "set_application_map", http.StatusOK, res, err)
}
