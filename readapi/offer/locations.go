package offer

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain/location"
	"move/domain/names"
	rmlocations "move/projections/locations"
	rmorg "move/projections/organizations"
	"move/readapi/kernel"
)

// Permissions of the locations (spec sections 2 and 6).
const (
	PermViewLocations   = "view-locations"
	PermCreateLocations = "create-locations"
	PermEditLocation    = "edit-location"
)

// Location images are shown as activity images are: at least 500 × 250 (spec §5), the
// rule the form shows too (kernel.ImageRules, decision 1650).
var (
	locationImageMinWidth  = kernel.Rule("location.image_id").MinWidth
	locationImageMinHeight = kernel.Rule("location.image_id").MinHeight
)

// locationRow is a location as the lists and the form show it. IsVisible is derived:
// not hidden and its organisation approved.
type locationRow struct {
	ID               string         `json:"id"`
	OrganizationID   string         `json:"organization_id"`
	OrganizationName string         `json:"organization_name"`
	Name             string         `json:"name"`
	Street           string         `json:"street"`
	HouseNumber      string         `json:"house_number"`
	Zipcode          string         `json:"zipcode"`
	City             string         `json:"city"`
	Latitude         *float64       `json:"latitude"`
	Longitude        *float64       `json:"longitude"`
	Notes            string         `json:"notes"`
	LocationTypes    []string       `json:"location_types"`
	Sports           []string       `json:"sports"`
	Contacts         []string       `json:"contacts"`
	IsHidden         bool           `json:"is_hidden"`
	IsVisible        bool           `json:"is_visible"`
	ShowLink         bool           `json:"show_link"`
	LinkLabel        string         `json:"link_label"`
	Link             string         `json:"link"`
	ImageID          *string        `json:"image_id"`
	ImageURL         *string        `json:"image_url"`
	OpeningHours     []location.Day `json:"opening_hours"`
	Version          uint64         `json:"version"`
	CreatedAt        string         `json:"created_at"`
	UpdatedAt        string         `json:"updated_at"`
}

const locationColumns = `l.id::text, l.organization_id::text, coalesce(o.name, ''), l.name, l.street, l.house_number, l.zipcode, l.city,
	l.latitude, l.longitude, l.notes, l.location_types, l.sports, l.contacts, l.is_hidden,
	(NOT l.is_hidden AND coalesce(o.state = 'approved', false)), l.show_link, l.link_label, l.link, l.image_id, l.opening_hours,
	l.version, l.created_at, l.updated_at`

const locationFrom = ` FROM readmodel.locations l LEFT JOIN readmodel.organizations o ON o.id = l.organization_id`

func scanLocation(row pgx.Row) (locationRow, error) {
	var o locationRow
	var hours []byte
	var version int64
	var created, updated time.Time
	err := row.Scan(&o.ID, &o.OrganizationID, &o.OrganizationName, &o.Name, &o.Street, &o.HouseNumber, &o.Zipcode, &o.City,
		&o.Latitude, &o.Longitude, &o.Notes, &o.LocationTypes, &o.Sports, &o.Contacts, &o.IsHidden, &o.IsVisible, &o.ShowLink,
		&o.LinkLabel, &o.Link, &o.ImageID, &hours, &version, &created, &updated)
	if err != nil {
		return o, err
	}
	o.Version, o.CreatedAt, o.UpdatedAt, o.ImageURL = uint64(version), kernel.Stamp(created), kernel.Stamp(updated), kernel.FileURL(o.ImageID)
	return o, json.Unmarshal(hours, &o.OpeningHours)
}

// locationInput is the body of create and update.
type locationInput struct {
	Name          string         `json:"name"`
	Street        string         `json:"street"`
	HouseNumber   string         `json:"house_number"`
	Zipcode       string         `json:"zipcode"`
	City          string         `json:"city"`
	Latitude      *float64       `json:"latitude"`
	Longitude     *float64       `json:"longitude"`
	Notes         string         `json:"notes"`
	LocationTypes []string       `json:"location_types"`
	Sports        []string       `json:"sports"`
	Contacts      []string       `json:"contacts"`
	IsHidden      bool           `json:"is_hidden"`
	ShowLink      bool           `json:"show_link"`
	LinkLabel     string         `json:"link_label"`
	Link          string         `json:"link"`
	ImageID       *string        `json:"image_id"`
	OpeningHours  []location.Day `json:"opening_hours"`
	// Version is the version the user edited (update only); a stale one is a 409.
	Version *uint64 `json:"version"`
}

// locationCreateInput is the body of create: what is left out starts empty. The same
// fields as locationInput (whose PUT names every field), so one converts to the other.
type locationCreateInput struct {
	Name          string         `json:"name"`
	Street        string         `json:"street"`
	HouseNumber   string         `json:"house_number"`
	Zipcode       string         `json:"zipcode"`
	City          string         `json:"city"`
	Latitude      *float64       `json:"latitude"`
	Longitude     *float64       `json:"longitude"`
	Notes         string         `json:"notes,omitempty"`
	LocationTypes []string       `json:"location_types,omitempty"`
	Sports        []string       `json:"sports,omitempty"`
	Contacts      []string       `json:"contacts,omitempty"`
	IsHidden      bool           `json:"is_hidden,omitempty"`
	ShowLink      bool           `json:"show_link,omitempty"`
	LinkLabel     string         `json:"link_label,omitempty"`
	Link          string         `json:"link,omitempty"`
	ImageID       *string        `json:"image_id"`
	OpeningHours  []location.Day `json:"opening_hours,omitempty"`
	// Version is the version the user edited (update only); a stale one is a 409.
	Version *uint64 `json:"version"`
}

func (in locationInput) fields() location.Fields {
	return location.Fields{Name: in.Name, Street: in.Street, HouseNumber: in.HouseNumber, Zipcode: in.Zipcode, City: in.City,
		Latitude: in.Latitude, Longitude: in.Longitude, Notes: in.Notes, LocationTypes: in.LocationTypes, Sports: in.Sports,
		Contacts: in.Contacts, IsHidden: in.IsHidden, ShowLink: in.ShowLink, LinkLabel: in.LinkLabel, Link: in.Link,
		ImageID: in.ImageID, OpeningHours: in.OpeningHours}
}

func (s *Handlers) LocationRoutes() []kernel.Route {
	reads := []string{rmlocations.Name, rmorg.Name}
	orgLocations := "/v1/admin/organizations/{id}/locations"
	item := "/v1/admin/locations/{location_id}"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: orgLocations, Permission: PermViewLocations, Reads: reads, Handler: s.listOrganizationLocations,
			Doc: kernel.Doc{Summary: "The organisation's locations, 250 a page", Response: kernel.ListAnswer[locationRow]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodPost, Pattern: orgLocations, Permission: PermCreateLocations, Handler: s.createLocation,
			Doc: kernel.Doc{Summary: "Add a location (image at least 500×250; opening hours per weekday, closing after opening)", Request: locationCreateInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: "/v1/admin/applications/locations", Permission: PermViewLocations, Reads: reads, Handler: s.listApplicationLocations,
			Doc: kernel.Doc{Summary: "Locations of the application (of the caller's organisations for staff), 250 a page", Response: kernel.ListAnswer[locationRow]{}, Query: append([]string{"organization_id"}, kernel.ListQueryDoc...)}},
		{Method: http.MethodGet, Pattern: item, Permission: PermViewLocations, Reads: reads, Handler: s.getLocation,
			Doc: kernel.Doc{Summary: "One location, with the names of its sports, location types and contacts", Response: kernel.DataAnswer[locationAnswer]{}}},
		{Method: http.MethodPut, Pattern: item, Permission: PermEditLocation, Reads: reads, Handler: s.updateLocation,
			Doc: kernel.Doc{Summary: "Change a location", Request: locationInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodDelete, Pattern: item, Permission: PermEditLocation, Reads: reads, Handler: s.deleteLocation,
			Doc: kernel.Doc{Summary: "Delete a location", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
	}
}

// listLocations answers one page of locations matching where (on l and o).
func (s *Handlers) listLocations(w http.ResponseWriter, r *http.Request, where string, args []any) error {
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	if search := strings.TrimSpace(q.Search); search != "" {
		args = append(args, "%"+kernel.EscapeLike(names.Normalize(search))+"%")
		where += fmt.Sprintf(` AND (l.name_key LIKE $%[1]d OR lower(l.city) LIKE $%[1]d OR lower(l.zipcode) LIKE $%[1]d)`, len(args))
	}
	return writeOfferPage(s, w, r, q, locationColumns, locationFrom, "l.", where, args, scanLocation)
}

func (s *Handlers) listOrganizationLocations(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, PermViewLocations)
	if err != nil {
		return err
	}
	return s.listLocations(w, r, `l.application_id = $1 AND l.organization_id = $2`, []any{kernel.TenantFrom(r.Context()).ApplicationID, org})
}

// listApplicationLocations: every location for those who see the whole application,
// else those of the caller's organisations; organization_id narrows it to one.
func (s *Handlers) listApplicationLocations(w http.ResponseWriter, r *http.Request) error {
	where := `l.application_id = $1`
	args := []any{kernel.TenantFrom(r.Context()).ApplicationID}
	if org := r.URL.Query().Get("organization_id"); org != "" {
		args = append(args, org)
		where += fmt.Sprintf(` AND l.organization_id::text = $%d`, len(args))
	}
	all, err := s.AllowedIn(r, kernel.ApplicationWide, PermViewLocations)
	if err != nil {
		return err
	}
	if !all {
		args = append(args, kernel.PrincipalFrom(r.Context()).UserID)
		where += fmt.Sprintf(` AND l.organization_id::text IN (SELECT organization_id FROM readmodel.identity_memberships
			WHERE application_id = $1 AND user_id::text = $%d)`, len(args))
	}
	return s.listLocations(w, r, where, args)
}

// locationInReach reads the path's location when the caller holds permission in its
// organisation; another organisation's or application's is not found.
func (s *Handlers) locationInReach(r *http.Request, permission string) (locationRow, error) {
	return offerItem(s, r, permission, "location_id", "location", `SELECT `+locationColumns+locationFrom+` WHERE l.application_id = $1 AND l.id = $2`, scanLocation, func(o locationRow) string { return o.OrganizationID })
}

// locationAnswer is one location with the names of its sports, types and contacts (web-111).
type locationAnswer struct {
	locationRow
	withNames
}

func (s *Handlers) getLocation(w http.ResponseWriter, r *http.Request) error {
	o, err := s.locationInReach(r, PermViewLocations)
	if err != nil {
		return err
	}
	names, err := s.chosenNames(r, o.OrganizationID, chosenRefs{Contacts: o.Contacts, Sports: o.Sports, LocationTypes: o.LocationTypes})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[locationAnswer]{Data: locationAnswer{o, withNames{names}}})
	return nil
}

func (s *Handlers) createLocation(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, PermCreateLocations)
	if err != nil {
		return err
	}
	var created locationCreateInput
	if err := kernel.Decode(r, w, &created); err != nil {
		return err
	}
	in := locationInput(created)
	if err := s.CheckImageSize(r, "image_id", in.ImageID, locationImageMinWidth, locationImageMinHeight); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateLocation(r.Context(), m, org, in.fields())
	return s.AnswerCommand(w, "create_location", http.StatusCreated, res, err)
}

func (s *Handlers) updateLocation(w http.ResponseWriter, r *http.Request) error {
	o, err := s.locationInReach(r, PermEditLocation)
	if err != nil {
		return err
	}
	var in locationInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if in.ImageID != nil && (o.ImageID == nil || *in.ImageID != *o.ImageID) {
		if err := s.CheckImageSize(r, "image_id", in.ImageID, locationImageMinWidth, locationImageMinHeight); err != nil {
			return err
		}
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateLocation(r.Context(), m, o.ID, in.Version, in.fields())
	return s.AnswerCommand(w, "update_location", http.StatusOK, res, err)
}

func (s *Handlers) deleteLocation(w http.ResponseWriter, r *http.Request) error {
	o, err := s.locationInReach(r, PermEditLocation)
	if err != nil {
		return err
	}
	expected, err := kernel.VersionQuery(r)
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.DeleteLocation(r.Context(), m, o.ID, expected)
	return s.AnswerCommand(w, "delete_location", http.StatusOK, res, err)
}
