package organizations

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/names"
	"move/domain/organization"
	rmorg "move/projections/organizations"
	"move/readapi/kernel"
)

// Permissions of the organisation routes (spec section 2, application area; 0101).
const (
	PermViewOrganizations  = "view-organizations"
	PermCreateOrganization = "create-organizations"
	PermEditOrganization   = "edit-organization"
)

// organizationInput is the body of update, which replaces the whole profile: every field
// is required (a missing one would blank it). The CSV's column names.
type organizationInput struct {
	Name         string   `json:"name"`
	Description  string   `json:"description"`
	Type         string   `json:"type"`
	Sports       []string `json:"sports"`
	KVK          string   `json:"kvk"`
	LogoID       *string  `json:"logo_id"`
	HeaderID     *string  `json:"header_id"`
	Email        string   `json:"email"`
	Phone        string   `json:"phone"`
	Website      string   `json:"website"`
	FacebookURL  string   `json:"facebook_url"`
	InstagramURL string   `json:"instagram_url"`
	YoutubeURL   string   `json:"youtube_url"`
	Street       string   `json:"street"`
	HouseNumber  string   `json:"house_number"`
	Zipcode      string   `json:"zipcode"`
	City         string   `json:"city"`
	Country      string   `json:"country"`
	Notes        string   `json:"notes"`
	// Version is the version the user edited (update only); a stale one is a 409.
	Version *uint64 `json:"version"`
}

// organizationCreateInput is the body of create: only the name is required, what is left
// out starts empty. The same fields as organizationInput, so one converts to the other.
type organizationCreateInput struct {
	Name         string   `json:"name"`
	Description  string   `json:"description,omitempty"`
	Type         string   `json:"type,omitempty"`
	Sports       []string `json:"sports,omitempty"`
	KVK          string   `json:"kvk,omitempty"`
	LogoID       *string  `json:"logo_id"`
	HeaderID     *string  `json:"header_id"`
	Email        string   `json:"email,omitempty"`
	Phone        string   `json:"phone,omitempty"`
	Website      string   `json:"website,omitempty"`
	FacebookURL  string   `json:"facebook_url,omitempty"`
	InstagramURL string   `json:"instagram_url,omitempty"`
	YoutubeURL   string   `json:"youtube_url,omitempty"`
	Street       string   `json:"street,omitempty"`
	HouseNumber  string   `json:"house_number,omitempty"`
	Zipcode      string   `json:"zipcode,omitempty"`
	City         string   `json:"city,omitempty"`
	Country      string   `json:"country,omitempty"`
	Notes        string   `json:"notes,omitempty"`
	// Version is ignored on create.
	Version *uint64 `json:"version"`
}

func (in organizationInput) profile() organization.Profile {
	return organization.Profile{Name: in.Name, Description: in.Description, Type: in.Type, Sports: in.Sports, KVK: in.KVK,
		LogoID: in.LogoID, HeaderID: in.HeaderID, Email: in.Email, Phone: in.Phone, Website: in.Website,
		FacebookURL: in.FacebookURL, InstagramURL: in.InstagramURL, YoutubeURL: in.YoutubeURL, Notes: in.Notes,
		Address: organization.Address{Street: in.Street, HouseNumber: in.HouseNumber, Zipcode: in.Zipcode, City: in.City, Country: in.Country}}
}

type rejectInput struct {
	Reason string `json:"reason"`
}

type sportsInput struct {
	Sports []string `json:"sports"`
}

type financeBody struct {
	ATTN        string  `json:"attn"`
	Address     string  `json:"address"`
	IBAN        string  `json:"iban"`
	AccountName string  `json:"account_name"`
	Version     *uint64 `json:"version,omitempty"`
}

// organizationCreatedAnswer shows the API client secret once.
type organizationCreatedAnswer struct {
	Data struct {
		ID           string `json:"id"`
		Version      uint64 `json:"version"`
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret,omitempty"`
	} `json:"data"`
	Meta kernel.CommandMeta `json:"meta"`
}

type sportsCheckAnswer struct {
	Unlinked []string `json:"unlinked"`
}

func (s *Handlers) OrganizationRoutes() []kernel.Route {
	reads := []string{rmorg.Name}
	item := "/v1/admin/organizations/{id}"
	list := "/v1/admin/applications/organizations"
	stateQuery := append([]string{"state", "zipcode", "after"}, kernel.ListQueryDoc...)
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: list, Permission: PermViewOrganizations, Reads: reads, Handler: s.listOrganizations,
			Doc: kernel.Doc{Summary: "Organisations of the application (search, sort, page, filter by state and by zipcode: a postcode or its start, spaces ignored)", Response: kernel.ListAnswer[kernel.OrganizationRow]{}, Query: stateQuery}},
		{Method: http.MethodGet, Pattern: list + "/all", Permission: PermViewOrganizations, Reads: reads, Handler: s.allOrganizations,
			Doc: kernel.Doc{Summary: "Every organisation of the application, by name (at most 10,000)", Response: kernel.DataAnswer[[]simpleOrganization]{}, Query: []string{"state", "zipcode"}}},
		{Method: http.MethodGet, Pattern: list + "/export", Permission: PermViewOrganizations, Reads: reads, Handler: s.exportOrganizations,
			Doc: kernel.Doc{Summary: "organizations.xlsx (same filters as the list)", Query: []string{"search", "state", "zipcode", "sort"}}},
		{Method: http.MethodPost, Pattern: list, Permission: PermCreateOrganization, Handler: s.createOrganization,
			Doc: kernel.Doc{Summary: "Create a pending organisation; answers the API client secret once", Request: organizationCreateInput{}, Response: organizationCreatedAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodPost, Pattern: list + "/import", Permission: PermCreateOrganization, Handler: s.importOrganizations,
			Doc: kernel.Doc{Summary: "Import organisations from CSV (multipart file, dry_run=true previews); all rows or none", Response: importAnswer{}, Status: http.StatusCreated,
				Form: []string{"file", "dry_run"}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/organizations/simple", Permission: kernel.Authenticated, Reads: reads, Handler: s.simpleOrganizations,
			Doc: kernel.Doc{Summary: "Organisations the caller may switch to (id, name), by name", Response: kernel.ListAnswer[simpleOrganization]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodGet, Pattern: "/v1/admin/profiles/zipcodes", Permission: PermViewOrganizations, Reads: reads, Handler: s.organizationZipcodes,
			Doc: kernel.Doc{Summary: "The distinct zipcodes of the application's organisations", Response: kernel.DataAnswer[zipcodesAnswer]{}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/application/statistics", Permission: kernel.PermViewApplication, Reads: reads, Handler: s.applicationStatistics,
			Doc: kernel.Doc{Summary: "Organisations by state, new organisations per day and week (days: the last so many up to today, or from, to: YYYY-MM-DD; days in the application's time zone)", Response: kernel.DataAnswer[statisticsAnswer]{}, Query: []string{"days", "from", "to"}}},
		{Method: http.MethodGet, Pattern: item, Permission: kernel.PermViewOrganization, Reads: reads, Handler: s.getOrganization,
			Doc: kernel.Doc{Summary: "One organisation", Response: kernel.DataAnswer[kernel.OrganizationRow]{}}},
		{Method: http.MethodPut, Pattern: item, Permission: PermEditOrganization, Reads: reads, Handler: s.updateOrganization,
			Doc: kernel.Doc{Summary: "Change an organisation (unlinking a sport used by activities is refused)", Request: organizationInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodDelete, Pattern: item, Permission: PermEditOrganization, Handler: s.deleteOrganization,
			Doc: kernel.Doc{Summary: "Delete an organisation (application-wide editors only)", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
		{Method: http.MethodPost, Pattern: item + "/approve", Permission: PermEditOrganization, Handler: s.reviewOrganization(true),
			Doc: kernel.Doc{Summary: "Approve a pending organisation (application-wide reviewers only)", Response: kernel.CommandAnswer{}}},
		{Method: http.MethodPost, Pattern: item + "/reject", Permission: PermEditOrganization, Handler: s.reviewOrganization(false),
			Doc: kernel.Doc{Summary: "Reject a pending organisation with a reason", Request: rejectInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodPost, Pattern: item + "/rotate-secret", Permission: PermEditOrganization, Handler: s.rotateOrganizationSecret,
			Doc: kernel.Doc{Summary: "Replace the API client secret; answers the new one once", Response: organizationCreatedAnswer{}}},
		{Method: http.MethodPost, Pattern: item + "/validate-sports", Permission: kernel.PermViewOrganization, Reads: reads, Handler: s.validateSports,
			Doc: kernel.Doc{Summary: "May the organisation have just these sports? Unlinking one used by activities is a 409 naming them", Request: sportsInput{}, Response: kernel.DataAnswer[sportsCheckAnswer]{}}},
		{Method: http.MethodGet, Pattern: item + "/finance", Permission: kernel.PermViewOrganization, Reads: reads, Handler: s.getFinance,
			Doc: kernel.Doc{Summary: "Finance details (ATTN, address, IBAN, account name)", Response: kernel.DataAnswer[financeBody]{}}},
		{Method: http.MethodPut, Pattern: item + "/finance", Permission: PermEditOrganization, Handler: s.setFinance,
			Doc: kernel.Doc{Summary: "Change finance details; the IBAN passes mod-97", Request: financeBody{}, Response: kernel.CommandAnswer{}}},
	}
}

// mustHoldApplicationWide refuses (403) a caller who holds permission only through a
// membership of an organisation: the application's own work (review, delete).
func (s *Handlers) mustHoldApplicationWide(r *http.Request, permission string) error {
	ok, err := s.AllowedIn(r, kernel.ApplicationWide, permission)
	if err != nil {
		return err
	}
	if !ok {
		return kernel.ErrStatus(http.StatusForbidden, "error.forbidden")
	}
	return nil
}

var organizationSorts = map[string]string{
	"name":       "name_key",
	"created_at": "created_at",
	"updated_at": "updated_at",
	"city":       "city",
}

// organizationFilter is the WHERE of list, export and all: tenant, state, search.
func organizationFilter(r *http.Request, search string) (string, []any, error) {
	where := `application_id = $1`
	args := []any{kernel.TenantFrom(r.Context()).ApplicationID}
	if st := r.URL.Query().Get("state"); st != "" {
		if st != organization.StatePending && st != organization.StateApproved && st != organization.StateRejected {
			return "", nil, kernel.BadQuery("state")
		}
		args = append(args, st)
		where += fmt.Sprintf(` AND state = $%d`, len(args))
	}
	if z := r.URL.Query().Get("zipcode"); z != "" {
		// A postcode or its start ("3511" is the area of "3511 AB"), as the zipcode
		// filter of the organisations screen sends it from /profiles/zipcodes (1651).
		key := zipcodeKey(z)
		if key == "" || len(key) > maxZipcodeFilter {
			return "", nil, kernel.BadQuery("zipcode")
		}
		args = append(args, kernel.EscapeLike(key)+"%")
		where += fmt.Sprintf(` AND upper(replace(replace(zipcode, ' ', ''), '-', '')) LIKE $%d`, len(args))
	}
	if search = strings.TrimSpace(search); search != "" {
		args = append(args, "%"+kernel.EscapeLike(names.Normalize(search))+"%")
		// name_key, city or zipcode, through their trigram indexes (migration 0030).
		where += fmt.Sprintf(` AND id IN (SELECT readmodel.organization_search($%d))`, len(args))
	}
	return where, args, nil
}

// maxZipcodeFilter bounds the zipcode filter (postcodes are short everywhere).
const maxZipcodeFilter = 12

// zipcodeKey is a postcode without spaces and hyphens, in capitals; "" if it holds
// anything but letters and digits.
func zipcodeKey(z string) string {
	var b strings.Builder
	for _, c := range strings.ToUpper(z) {
		switch {
		case c == ' ' || c == '-':
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			b.WriteRune(c)
		default:
			return ""
		}
	}
	return b.String()
}

// organizationSortTypes are the SQL types of the sort columns, for the cursor's key.
var organizationSortTypes = map[string]string{"name": "text", "created_at": "timestamptz", "updated_at": "timestamptz", "city": "text"}

func (s *Handlers) listOrganizations(w http.ResponseWriter, r *http.Request) error {
	q, err := kernel.ParseListQuery(r, organizationSorts, "name")
	if err != nil {
		return err
	}
	after, err := kernel.DecodeCursor(r, q)
	if err != nil {
		return err
	}
	where, args, err := organizationFilter(r, q.Search)
	if err != nil {
		return err
	}
	column := organizationSorts[q.Sort]
	var answer kernel.ListAnswer[kernel.OrganizationRow]
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		answer, err = kernel.ListPage(r.Context(), tx, q, after, kernel.KeysetList{
			Select: `SELECT ` + kernel.OrganizationColumns + ` FROM readmodel.organizations`, Where: where, Args: args,
			Order:  column + " " + q.Direction() + ", id " + q.Direction(),
			Column: column, ID: "id", Type: organizationSortTypes[q.Sort],
			Key:   `SELECT ` + column + `::text FROM readmodel.organizations WHERE id = $1`,
			Count: `SELECT count(*) FROM readmodel.organizations WHERE ` + where,
		}, kernel.ScanOrganization, func(o kernel.OrganizationRow) string { return o.ID })
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, answer)
	return nil
}

func (s *Handlers) getOrganization(w http.ResponseWriter, r *http.Request) error {
	id, err := s.OrganizationInScope(r, kernel.PermViewOrganization)
	if err != nil {
		return err
	}
	o, err := s.ReadOrganization(r, id)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[kernel.OrganizationRow]{Data: o})
	return nil
}

func (s *Handlers) createOrganization(w http.ResponseWriter, r *http.Request) error {
	var created organizationCreateInput
	if err := kernel.Decode(r, w, &created); err != nil {
		return err
	}
	in := organizationInput(created)
	if err := s.CheckFileRefs(r, kernel.OwnFiles, kernel.FileRef{Field: "logo_id", Token: in.LogoID, Rule: kernel.Rule("organization.logo_id")}, kernel.FileRef{Field: "header_id", Token: in.HeaderID}); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateOrganization(r.Context(), m, in.profile())
	s.CountCommand("create_organization", err)
	if err != nil {
		return err
	}
	var a organizationCreatedAnswer
	a.Data.ID, a.Data.Version, a.Data.ClientID, a.Data.ClientSecret = res.ID, res.Version, res.ClientID, res.Secret
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	kernel.WriteJSON(w, http.StatusCreated, a)
	return nil
}

// refuseUsedSports answers 409 naming the activities that use a sport being unlinked.
func (s *Handlers) refuseUsedSports(r *http.Request, o kernel.OrganizationRow, next []string) ([]string, error) {
	var unlinked []string
	for _, sp := range o.Sports {
		keep := false
		for _, n := range next {
			if strings.EqualFold(strings.TrimSpace(n), sp) {
				keep = true
			}
		}
		if !keep {
			unlinked = append(unlinked, sp)
		}
	}
	if len(unlinked) == 0 {
		return []string{}, nil
	}
	var used []kernel.ActivityRef
	kernel.AwaitOwnWrites(r, kernel.SportUsageReads...)
	err := s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		used, err = kernel.ActivitiesUsingSports.ActivitiesUsingSports(r.Context(), tx, kernel.TenantFrom(r.Context()).ApplicationID, o.ID, unlinked)
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(used) > 0 {
		var activityNames []string
		for _, a := range used {
			activityNames = append(activityNames, a.Name)
		}
		return nil, &domain.ConflictError{Key: "organization.sports_in_use", Params: map[string]any{"activities": strings.Join(activityNames, ", ")}}
	}
	return unlinked, nil
}

func (s *Handlers) updateOrganization(w http.ResponseWriter, r *http.Request) error {
	id, err := s.OrganizationInScope(r, PermEditOrganization)
	if err != nil {
		return err
	}
	current, err := s.ReadOrganization(r, id)
	if err != nil {
		return err
	}
	var in organizationInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if err := s.CheckFileRefs(r, kernel.OwnFiles, kernel.FileRef{Field: "logo_id", Token: in.LogoID, Rule: kernel.Rule("organization.logo_id"), Was: current.LogoID}, kernel.FileRef{Field: "header_id", Token: in.HeaderID}); err != nil {
		return err
	}
	if _, err := s.refuseUsedSports(r, current, in.Sports); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateOrganization(r.Context(), m, id, in.Version, in.profile())
	return s.AnswerCommand(w, "update_organization", http.StatusOK, res, err)
}

func (s *Handlers) validateSports(w http.ResponseWriter, r *http.Request) error {
	id, err := s.OrganizationInScope(r, kernel.PermViewOrganization)
	if err != nil {
		return err
	}
	var in sportsInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	current, err := s.ReadOrganization(r, id)
	if err != nil {
		return err
	}
	unlinked, err := s.refuseUsedSports(r, current, in.Sports)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[sportsCheckAnswer]{Data: sportsCheckAnswer{Unlinked: unlinked}})
	return nil
}

// deleteOrganization: deleting is the application's work, like review (0533); staff of
// the organisation keep its profile but cannot remove it.
func (s *Handlers) deleteOrganization(w http.ResponseWriter, r *http.Request) error {
	id, err := s.OrganizationInScope(r, PermEditOrganization)
	if err != nil {
		return err
	}
	if err := s.mustHoldApplicationWide(r, PermEditOrganization); err != nil {
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
	res, err := s.App.DeleteOrganization(r.Context(), m, id, expected)
	return s.AnswerCommand(w, "delete_organization", http.StatusOK, res, err)
}

// reviewOrganization approves or rejects. Reviewing is the application's work: a
// permission held only through a membership of the organisation does not review it.
func (s *Handlers) reviewOrganization(approve bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := s.OrganizationInScope(r, PermEditOrganization)
		if err != nil {
			return err
		}
		if err := s.mustHoldApplicationWide(r, PermEditOrganization); err != nil {
			return err
		}
		var in rejectInput
		if !approve || r.ContentLength > 0 {
			if err := kernel.Decode(r, w, &in); err != nil {
				return err
			}
		}
		m, err := kernel.Meta(r)
		if err != nil {
			return err
		}
		if approve {
			res, err := s.App.ApproveOrganization(r.Context(), m, id)
			return s.AnswerCommand(w, "approve_organization", http.StatusOK, res, err)
		}
		res, err := s.App.RejectOrganization(r.Context(), m, id, in.Reason)
		return s.AnswerCommand(w, "reject_organization", http.StatusOK, res, err)
	}
}

func (s *Handlers) rotateOrganizationSecret(w http.ResponseWriter, r *http.Request) error {
	id, err := s.OrganizationInScope(r, PermEditOrganization)
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.RotateOrganizationSecret(r.Context(), m, id)
	s.CountCommand("rotate_organization_secret", err)
	if err != nil {
		return err
	}
	var a organizationCreatedAnswer
	a.Data.ID, a.Data.Version, a.Data.ClientID, a.Data.ClientSecret = res.ID, res.Version, res.ClientID, res.Secret
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	kernel.WriteJSON(w, http.StatusOK, a)
	return nil
}

func (s *Handlers) getFinance(w http.ResponseWriter, r *http.Request) error {
	id, err := s.OrganizationInScope(r, kernel.PermViewOrganization)
	if err != nil {
		return err
	}
	var f financeBody
	var version int64
	err = s.InTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT finance_attn, finance_address, finance_iban, finance_account_name, version
			FROM readmodel.organizations WHERE application_id = $1 AND id = $2`, kernel.TenantFrom(r.Context()).ApplicationID, id).
			Scan(&f.ATTN, &f.Address, &f.IBAN, &f.AccountName, &version)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return &domain.NotFoundError{Kind: "organization", ID: id}
	}
	if err != nil {
		return err
	}
	v := uint64(version)
	f.Version = &v
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[financeBody]{Data: f})
	return nil
}

func (s *Handlers) setFinance(w http.ResponseWriter, r *http.Request) error {
	id, err := s.OrganizationInScope(r, PermEditOrganization)
	if err != nil {
		return err
	}
	var in financeBody
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetOrganizationFinance(r.Context(), m, id, in.Version,
		organization.Finance{ATTN: in.ATTN, Address: in.Address, IBAN: in.IBAN, AccountName: in.AccountName})
	return s.AnswerCommand(w, "set_organization_finance", http.StatusOK, res, err)
}
