package readapi

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/names"
	"move/domain/organization"
	rmorg "move/projections/organizations"
)

// Permissions of the organisation routes (spec section 2, application area; 0101).
const (
	PermViewOrganizations  = "view-organizations"
	PermCreateOrganization = "create-organizations"
	PermEditOrganization   = "edit-organization"

	PermViewApplication = "view-application"
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

type simpleOrganization struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	State string `json:"state"`
}

// organizationCreatedAnswer shows the API client secret once.
type organizationCreatedAnswer struct {
	Data struct {
		ID           string `json:"id"`
		Version      uint64 `json:"version"`
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret,omitempty"`
	} `json:"data"`
	Meta commandMeta `json:"meta"`
}

type zipcodesAnswer struct {
	Zipcodes []string `json:"zipcodes"`
}

type sportsCheckAnswer struct {
	Unlinked []string `json:"unlinked"`
}

type importAnswer struct {
	Data struct {
		DryRun          bool               `json:"dry_run"`
		Rows            int                `json:"rows"`
		Created         int                `json:"created"`
		AlreadyImported bool               `json:"already_imported"`
		Preview         []importPreviewRow `json:"preview,omitempty"`
	} `json:"data"`
	Meta *commandMeta `json:"meta,omitempty"`
}

type importPreviewRow struct {
	Line int `json:"line"`
	organizationInput
}

type statisticsAnswer struct {
	From    string          `json:"from"`
	To      string          `json:"to"`
	ByState map[string]int  `json:"organizations_by_state"`
	Total   int             `json:"organizations_total"`
	PerDay  []statisticsDay `json:"new_organizations_per_day"`
	PerWeek []statisticsDay `json:"new_organizations_per_week"`
}

type statisticsDay struct {
	Day      string `json:"day"`
	Created  int    `json:"created"`
	Approved int    `json:"approved"`
	Rejected int    `json:"rejected"`
}

func (s *Server) organizationRoutes() []Route {
	reads := []string{rmorg.Name}
	item := "/v1/admin/organizations/{id}"
	list := "/v1/admin/applications/organizations"
	stateQuery := append([]string{"state", "after"}, listQueryDoc...)
	return []Route{
		{Method: http.MethodGet, Pattern: list, Permission: PermViewOrganizations, Reads: reads, Handler: s.listOrganizations,
			Doc: Doc{Summary: "Organisations of the application (search, sort, page, filter by state)", Response: listAnswer[organizationRow]{}, Query: stateQuery}},
		{Method: http.MethodGet, Pattern: list + "/all", Permission: PermViewOrganizations, Reads: reads, Handler: s.allOrganizations,
			Doc: Doc{Summary: "Every organisation of the application, by name (at most 10,000)", Response: dataAnswer[[]simpleOrganization]{}, Query: []string{"state"}}},
		{Method: http.MethodGet, Pattern: list + "/export", Permission: PermViewOrganizations, Reads: reads, Handler: s.exportOrganizations,
			Doc: Doc{Summary: "organizations.xlsx (same filters as the list)", Query: []string{"search", "state", "sort"}}},
		{Method: http.MethodPost, Pattern: list, Permission: PermCreateOrganization, Handler: s.createOrganization,
			Doc: Doc{Summary: "Create a pending organisation; answers the API client secret once", Request: organizationCreateInput{}, Response: organizationCreatedAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodPost, Pattern: list + "/import", Permission: PermCreateOrganization, Handler: s.importOrganizations,
			Doc: Doc{Summary: "Import organisations from CSV (multipart file, dry_run=true previews); all rows or none", Response: importAnswer{}, Status: http.StatusCreated,
				Form: []string{"file", "dry_run"}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/organizations/simple", Permission: Authenticated, Reads: reads, Handler: s.simpleOrganizations,
			Doc: Doc{Summary: "Organisations the caller may switch to (id, name), by name", Response: listAnswer[simpleOrganization]{}, Query: listQueryDoc}},
		{Method: http.MethodGet, Pattern: "/v1/admin/profiles/zipcodes", Permission: PermViewOrganizations, Reads: reads, Handler: s.organizationZipcodes,
			Doc: Doc{Summary: "The distinct zipcodes of the application's organisations", Response: dataAnswer[zipcodesAnswer]{}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/application/statistics", Permission: PermViewApplication, Reads: reads, Handler: s.applicationStatistics,
			Doc: Doc{Summary: "Organisations by state, new organisations per day and week (from, to: YYYY-MM-DD, days in the application's time zone)", Response: dataAnswer[statisticsAnswer]{}, Query: []string{"from", "to"}}},
		{Method: http.MethodGet, Pattern: item, Permission: PermViewOrganization, Reads: reads, Handler: s.getOrganization,
			Doc: Doc{Summary: "One organisation", Response: dataAnswer[organizationRow]{}}},
		{Method: http.MethodPut, Pattern: item, Permission: PermEditOrganization, Reads: reads, Handler: s.updateOrganization,
			Doc: Doc{Summary: "Change an organisation (unlinking a sport used by activities is refused)", Request: organizationInput{}, Response: commandAnswer{}}},
		{Method: http.MethodDelete, Pattern: item, Permission: PermEditOrganization, Handler: s.deleteOrganization,
			Doc: Doc{Summary: "Delete an organisation (application-wide editors only)", Response: commandAnswer{}, Query: []string{"version"}}},
		{Method: http.MethodPost, Pattern: item + "/approve", Permission: PermEditOrganization, Handler: s.reviewOrganization(true),
			Doc: Doc{Summary: "Approve a pending organisation (application-wide reviewers only)", Response: commandAnswer{}}},
		{Method: http.MethodPost, Pattern: item + "/reject", Permission: PermEditOrganization, Handler: s.reviewOrganization(false),
			Doc: Doc{Summary: "Reject a pending organisation with a reason", Request: rejectInput{}, Response: commandAnswer{}}},
		{Method: http.MethodPost, Pattern: item + "/rotate-secret", Permission: PermEditOrganization, Handler: s.rotateOrganizationSecret,
			Doc: Doc{Summary: "Replace the API client secret; answers the new one once", Response: organizationCreatedAnswer{}}},
		{Method: http.MethodPost, Pattern: item + "/validate-sports", Permission: PermViewOrganization, Reads: reads, Handler: s.validateSports,
			Doc: Doc{Summary: "May the organisation have just these sports? Unlinking one used by activities is a 409 naming them", Request: sportsInput{}, Response: dataAnswer[sportsCheckAnswer]{}}},
		{Method: http.MethodGet, Pattern: item + "/finance", Permission: PermViewOrganization, Reads: reads, Handler: s.getFinance,
			Doc: Doc{Summary: "Finance details (ATTN, address, IBAN, account name)", Response: dataAnswer[financeBody]{}}},
		{Method: http.MethodPut, Pattern: item + "/finance", Permission: PermEditOrganization, Handler: s.setFinance,
			Doc: Doc{Summary: "Change finance details; the IBAN passes mod-97", Request: financeBody{}, Response: commandAnswer{}}},
	}
}

// mustHoldApplicationWide refuses (403) a caller who holds permission only through a
// membership of an organisation: the application's own work (review, delete).
func (s *Server) mustHoldApplicationWide(r *http.Request, permission string) error {
	ok, err := s.allowedIn(r, applicationWide, permission)
	if err != nil {
		return err
	}
	if !ok {
		return errStatus(http.StatusForbidden, "error.forbidden")
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
	args := []any{TenantFrom(r.Context()).ApplicationID}
	if st := r.URL.Query().Get("state"); st != "" {
		if st != organization.StatePending && st != organization.StateApproved && st != organization.StateRejected {
			return "", nil, badQuery("state")
		}
		args = append(args, st)
		where += fmt.Sprintf(` AND state = $%d`, len(args))
	}
	if search = strings.TrimSpace(search); search != "" {
		args = append(args, "%"+escapeLike(names.Normalize(search))+"%")
		// name_key, city or zipcode, through their trigram indexes (migration 0030).
		where += fmt.Sprintf(` AND id IN (SELECT readmodel.organization_search($%d))`, len(args))
	}
	return where, args, nil
}

// organizationSortTypes are the SQL types of the sort columns, for the cursor's key.
var organizationSortTypes = map[string]string{"name": "text", "created_at": "timestamptz", "updated_at": "timestamptz", "city": "text"}

func (s *Server) listOrganizations(w http.ResponseWriter, r *http.Request) error {
	q, err := parseListQuery(r, organizationSorts, "name")
	if err != nil {
		return err
	}
	after, err := decodeCursor(r, q)
	if err != nil {
		return err
	}
	where, args, err := organizationFilter(r, q.Search)
	if err != nil {
		return err
	}
	column := organizationSorts[q.Sort]
	var total int64
	var items []organizationRow
	var next string
	err = s.inTenant(r, func(tx pgx.Tx) error {
		if err := tx.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.organizations WHERE `+where, args...).Scan(&total); err != nil {
			return err
		}
		var err error
		items, next, err = keysetPage(r.Context(), tx, q, after, keysetList{
			Select: `SELECT ` + organizationColumns + ` FROM readmodel.organizations`, Where: where, Args: args,
			Order:  column + " " + q.direction() + ", id " + q.direction(),
			Column: column, ID: "id", Type: organizationSortTypes[q.Sort],
			Key: `SELECT ` + column + `::text FROM readmodel.organizations WHERE id = $1`,
		}, scanOrganization, func(o organizationRow) string { return o.ID })
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, listAnswer[organizationRow]{Data: items, Meta: listMeta{Pagination: q.paginationNext(total, next)}})
	return nil
}

func scanSimple(row pgx.Row) (simpleOrganization, error) {
	var o simpleOrganization
	return o, row.Scan(&o.ID, &o.Name, &o.State)
}

func (s *Server) allOrganizations(w http.ResponseWriter, r *http.Request) error {
	where, args, err := organizationFilter(r, "")
	if err != nil {
		return err
	}
	var items []simpleOrganization
	err = s.inTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT id::text, name, state FROM readmodel.organizations WHERE `+where+` ORDER BY name_key, id LIMIT 10000`, args...)
		if err != nil {
			return err
		}
		items, err = collect(rows, scanSimple)
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[[]simpleOrganization]{Data: items})
	return nil
}

// switcherTotalCap bounds the switcher's total when it searches: beyond it the total is
// switcherTotalCap + 1, "more than switcherTotalCap" (decision 0540). Counting every
// match of a one- or two-character search read the whole tenant.
const switcherTotalCap = 1_000

// simpleOrganizations is the switcher and the selects: every organisation for those
// who see the whole application, else the caller's own organisations.
func (s *Server) simpleOrganizations(w http.ResponseWriter, r *http.Request) error {
	// The selects ask up to 10,000 rows, past the list contract's 1,000.
	parse := r.Clone(r.Context())
	query := parse.URL.Query()
	query.Del("itemsPerPage")
	parse.URL.RawQuery = query.Encode()
	q, err := parseListQuery(parse, map[string]string{"name": "name_key"}, "name")
	if err != nil {
		return err
	}
	q.PerPage = perPageUpTo(r, q.PerPage, 10000)
	all, err := s.allowedIn(r, applicationWide, PermViewOrganizations)
	if err != nil {
		return err
	}
	// One statement answers the page and the total: readmodel.organization_switcher
	// (migrations 0086 and 0105, decisions 0535 and 0540) searches like
	// organizationFilter. With a search the total counts up to switcherTotalCap + 1.
	var pattern, member, state *string
	var countCap *int
	if search := strings.TrimSpace(q.Search); search != "" {
		p := "%" + escapeLike(names.Normalize(search)) + "%"
		pattern = &p
		limit := switcherTotalCap
		countCap = &limit
	}
	if !all {
		caller := PrincipalFrom(r.Context()).UserID
		member = &caller
	}
	if st := r.URL.Query().Get("state"); st != "" {
		if st != organization.StatePending && st != organization.StateApproved && st != organization.StateRejected {
			return badQuery("state")
		}
		state = &st
	}
	var total int64
	var items []simpleOrganization
	err = s.inTenant(r, func(tx pgx.Tx) error {
		page := func(size, skip int) error {
			rows, err := tx.Query(r.Context(), `SELECT id::text, name, state, total FROM readmodel.organization_switcher($1, $2, $3, $4, $5, $6, $7)`,
				pattern, member, state, q.Desc, size, skip, countCap)
			if err != nil {
				return err
			}
			items, err = collect(rows, func(row pgx.Row) (simpleOrganization, error) {
				var o simpleOrganization
				return o, row.Scan(&o.ID, &o.Name, &o.State, &total)
			})
			return err
		}
		if err := page(q.PerPage, q.offset()); err != nil || len(items) > 0 || q.offset() == 0 {
			return err
		}
		// Past the last page no row carries the total: ask for the first row alone.
		if err := page(1, 0); err != nil {
			return err
		}
		items = []simpleOrganization{}
		return nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, listAnswer[simpleOrganization]{Data: items, Meta: listMeta{Pagination: q.pagination(total)}})
	return nil
}

// perPageUpTo lets the selects ask up to max rows (the list contract stops at 1000).
func perPageUpTo(r *http.Request, current, max int) int {
	if n, err := strconv.Atoi(r.URL.Query().Get("itemsPerPage")); err == nil && n > 0 {
		return min(n, max)
	}
	return current
}

func (s *Server) organizationZipcodes(w http.ResponseWriter, r *http.Request) error {
	var out []string
	err := s.inTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT DISTINCT zipcode FROM readmodel.organizations
			WHERE application_id = $1 AND zipcode <> '' ORDER BY zipcode LIMIT 100000`, TenantFrom(r.Context()).ApplicationID)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	if err != nil {
		return err
	}
	if out == nil {
		out = []string{}
	}
	writeJSON(w, http.StatusOK, dataAnswer[zipcodesAnswer]{Data: zipcodesAnswer{Zipcodes: out}})
	return nil
}

func (s *Server) getOrganization(w http.ResponseWriter, r *http.Request) error {
	id, err := s.organizationInScope(r, PermViewOrganization)
	if err != nil {
		return err
	}
	o, err := s.readOrganization(r, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[organizationRow]{Data: o})
	return nil
}

func (s *Server) createOrganization(w http.ResponseWriter, r *http.Request) error {
	var created organizationCreateInput
	if err := decode(r, w, &created); err != nil {
		return err
	}
	in := organizationInput(created)
	if err := s.checkFileRefs(r, ownFiles, fileRef{"logo_id", in.LogoID}, fileRef{"header_id", in.HeaderID}); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateOrganization(r.Context(), m, in.profile())
	s.countCommand("create_organization", err)
	if err != nil {
		return err
	}
	var a organizationCreatedAnswer
	a.Data.ID, a.Data.Version, a.Data.ClientID, a.Data.ClientSecret = res.ID, res.Version, res.ClientID, res.Secret
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	writeJSON(w, http.StatusCreated, a)
	return nil
}

// refuseUsedSports answers 409 naming the activities that use a sport being unlinked.
func (s *Server) refuseUsedSports(r *http.Request, o organizationRow, next []string) ([]string, error) {
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
	var used []ActivityRef
	err := s.inTenant(r, func(tx pgx.Tx) error {
		var err error
		used, err = ActivitiesUsingSports.ActivitiesUsingSports(r.Context(), tx, TenantFrom(r.Context()).ApplicationID, o.ID, unlinked)
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

func (s *Server) updateOrganization(w http.ResponseWriter, r *http.Request) error {
	id, err := s.organizationInScope(r, PermEditOrganization)
	if err != nil {
		return err
	}
	current, err := s.readOrganization(r, id)
	if err != nil {
		return err
	}
	var in organizationInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	if err := s.checkFileRefs(r, ownFiles, fileRef{"logo_id", in.LogoID}, fileRef{"header_id", in.HeaderID}); err != nil {
		return err
	}
	if _, err := s.refuseUsedSports(r, current, in.Sports); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateOrganization(r.Context(), m, id, in.Version, in.profile())
	return s.answerCommand(w, "update_organization", http.StatusOK, res, err)
}

func (s *Server) validateSports(w http.ResponseWriter, r *http.Request) error {
	id, err := s.organizationInScope(r, PermViewOrganization)
	if err != nil {
		return err
	}
	var in sportsInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	current, err := s.readOrganization(r, id)
	if err != nil {
		return err
	}
	unlinked, err := s.refuseUsedSports(r, current, in.Sports)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[sportsCheckAnswer]{Data: sportsCheckAnswer{Unlinked: unlinked}})
	return nil
}

// deleteOrganization: deleting is the application's work, like review (0533); staff of
// the organisation keep its profile but cannot remove it.
func (s *Server) deleteOrganization(w http.ResponseWriter, r *http.Request) error {
	id, err := s.organizationInScope(r, PermEditOrganization)
	if err != nil {
		return err
	}
	if err := s.mustHoldApplicationWide(r, PermEditOrganization); err != nil {
		return err
	}
	expected, err := versionQuery(r)
	if err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.DeleteOrganization(r.Context(), m, id, expected)
	return s.answerCommand(w, "delete_organization", http.StatusOK, res, err)
}

// reviewOrganization approves or rejects. Reviewing is the application's work: a
// permission held only through a membership of the organisation does not review it.
func (s *Server) reviewOrganization(approve bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := s.organizationInScope(r, PermEditOrganization)
		if err != nil {
			return err
		}
		if err := s.mustHoldApplicationWide(r, PermEditOrganization); err != nil {
			return err
		}
		var in rejectInput
		if !approve || r.ContentLength > 0 {
			if err := decode(r, w, &in); err != nil {
				return err
			}
		}
		m, err := meta(r)
		if err != nil {
			return err
		}
		if approve {
			res, err := s.App.ApproveOrganization(r.Context(), m, id)
			return s.answerCommand(w, "approve_organization", http.StatusOK, res, err)
		}
		res, err := s.App.RejectOrganization(r.Context(), m, id, in.Reason)
		return s.answerCommand(w, "reject_organization", http.StatusOK, res, err)
	}
}

func (s *Server) rotateOrganizationSecret(w http.ResponseWriter, r *http.Request) error {
	id, err := s.organizationInScope(r, PermEditOrganization)
	if err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.RotateOrganizationSecret(r.Context(), m, id)
	s.countCommand("rotate_organization_secret", err)
	if err != nil {
		return err
	}
	var a organizationCreatedAnswer
	a.Data.ID, a.Data.Version, a.Data.ClientID, a.Data.ClientSecret = res.ID, res.Version, res.ClientID, res.Secret
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	writeJSON(w, http.StatusOK, a)
	return nil
}

func (s *Server) getFinance(w http.ResponseWriter, r *http.Request) error {
	id, err := s.organizationInScope(r, PermViewOrganization)
	if err != nil {
		return err
	}
	var f financeBody
	var version int64
	err = s.inTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT finance_attn, finance_address, finance_iban, finance_account_name, version
			FROM readmodel.organizations WHERE application_id = $1 AND id = $2`, TenantFrom(r.Context()).ApplicationID, id).
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
	writeJSON(w, http.StatusOK, dataAnswer[financeBody]{Data: f})
	return nil
}

func (s *Server) setFinance(w http.ResponseWriter, r *http.Request) error {
	id, err := s.organizationInScope(r, PermEditOrganization)
	if err != nil {
		return err
	}
	var in financeBody
	if err := decode(r, w, &in); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetOrganizationFinance(r.Context(), m, id, in.Version,
		organization.Finance{ATTN: in.ATTN, Address: in.Address, IBAN: in.IBAN, AccountName: in.AccountName})
	return s.answerCommand(w, "set_organization_finance", http.StatusOK, res, err)
}

func (s *Server) importOrganizations(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxImportBytes+1<<20)
	if err := r.ParseMultipartForm(8 << 20); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return errStatus(http.StatusRequestEntityTooLarge, "error.body_too_large")
		}
		return errStatus(http.StatusBadRequest, "error.bad_form")
	}
	defer func() { _ = r.MultipartForm.RemoveAll() }()
	file, _, err := r.FormFile("file")
	if err != nil {
		return &apiError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
			Fields: map[string]domain.FieldError{"file": {Field: "file", Key: "validation.required"}}}
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, maxImportBytes+1))
	if err != nil {
		return err
	}
	if len(data) > maxImportBytes {
		return errStatus(http.StatusRequestEntityTooLarge, "error.body_too_large")
	}
	dryRun := r.FormValue("dry_run") == "true" || r.URL.Query().Get("dry_run") == "true"
	rows, digest, err := organization.ParseCSV(data)
	var refused *organization.ImportError
	if errors.As(err, &refused) {
		s.countCommand("import_organizations", &domain.ValidationError{})
		writeImportError(w, r, refused)
		return nil
	}
	if err != nil {
		return err
	}
	var a importAnswer
	a.Data.DryRun, a.Data.Rows = dryRun, len(rows)
	if dryRun {
		for _, row := range rows[:min(len(rows), 100)] {
			p := row.Profile
			a.Data.Preview = append(a.Data.Preview, importPreviewRow{Line: row.Line, organizationInput: organizationInput{
				Name: p.Name, Description: p.Description, Email: p.Email, Phone: p.Phone, Website: p.Website,
				FacebookURL: p.FacebookURL, InstagramURL: p.InstagramURL, YoutubeURL: p.YoutubeURL, Notes: p.Notes,
				Street: p.Address.Street, HouseNumber: p.Address.HouseNumber, Zipcode: p.Address.Zipcode, City: p.Address.City, Country: p.Address.Country}})
		}
		writeJSON(w, http.StatusOK, a)
		return nil
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.ImportOrganizations(r.Context(), m, digest, rows)
	s.countCommand("import_organizations", err)
	var rowErr *organization.ImportError
	if errors.As(err, &rowErr) {
		writeImportError(w, r, rowErr)
		return nil
	}
	if err != nil {
		return err
	}
	a.Data.Created, a.Data.AlreadyImported = res.Created, res.Created == 0
	a.Meta = &commandMeta{Position: res.Position.String()}
	w.Header().Set("X-Event-Position", res.Position.String())
	status := http.StatusCreated
	if a.Data.AlreadyImported {
		status = http.StatusOK
	}
	writeJSON(w, status, a)
	return nil
}

// importErrorBody is the one error shape with the refused rows: each with its line and
// a message per column.
type importErrorBody struct {
	Errors struct {
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields,omitempty"`
		Rows    []importRowError  `json:"rows"`
	} `json:"errors"`
}

type importRowError struct {
	Line   int               `json:"line"`
	Fields map[string]string `json:"fields"`
}

func writeImportError(w http.ResponseWriter, r *http.Request, e *organization.ImportError) {
	language := lang(r)
	var body importErrorBody
	body.Errors.Message = translate(language, "import.refused", nil)
	body.Errors.Rows = []importRowError{}
	if len(e.File) > 0 {
		f := e.File[0]
		body.Errors.Fields = translateFields(language, map[string]domain.FieldError{f.Field: f})
	}
	for _, row := range e.Rows {
		fields := map[string]domain.FieldError{}
		for _, f := range row.Fields {
			if _, seen := fields[f.Field]; !seen {
				fields[f.Field] = f
			}
		}
		body.Errors.Rows = append(body.Errors.Rows, importRowError{Line: row.Line, Fields: translateFields(language, fields)})
	}
	writeJSON(w, http.StatusUnprocessableEntity, body)
}

// exportColumns are the sheet's columns: the import's, then the read model's.
var exportColumns = []string{"id", "name", "state", "street", "house_number", "zipcode", "city", "country", "description",
	"email", "phone", "website", "facebook_url", "instagram_url", "youtube_url", "kvk", "type", "notes", "created_at"}

func (s *Server) exportOrganizations(w http.ResponseWriter, r *http.Request) error {
	where, args, err := organizationFilter(r, r.URL.Query().Get("search"))
	if err != nil {
		return err
	}
	name := "Organisaties"
	if lang(r) == "en" {
		name = "Organizations"
	}
	language := lang(r)
	book, err := newSheet(name, columnTitles(language, exportColumns))
	if err != nil {
		return err
	}
	defer book.close()
	err = s.inTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT id::text, name, state, street, house_number, zipcode, city, country, description,
			email, phone, website, facebook_url, instagram_url, youtube_url, kvk, type, notes, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
			FROM readmodel.organizations WHERE `+where+` ORDER BY name_key, id`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		vals := make([]string, len(exportColumns))
		ptrs := make([]any, len(vals))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		cells := make([]any, len(vals))
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				return err
			}
			for i, v := range vals {
				cells[i] = v
			}
			cells[2] = stateTitle(language, vals[2])
			if err := book.add(cells); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	return book.answer(w, r, "organizations.xlsx")
}

func (s *Server) applicationStatistics(w http.ResponseWriter, r *http.Request) error {
	app := TenantFrom(r.Context()).ApplicationID
	var out statisticsAnswer
	err := s.inTenant(r, func(tx pgx.Tx) error {
		zone, loc, err := statisticsZone(r.Context(), tx, app)
		if err != nil {
			return err
		}
		from, to, err := statisticsPeriod(r, loc)
		if err != nil {
			return err
		}
		out = statisticsAnswer{From: from.Format(time.DateOnly), To: to.Format(time.DateOnly),
			ByState: map[string]int{organization.StatePending: 0, organization.StateApproved: 0, organization.StateRejected: 0},
			PerDay:  []statisticsDay{}, PerWeek: []statisticsDay{}}
		rows, err := tx.Query(r.Context(), `SELECT state, count(*) FROM readmodel.organizations WHERE application_id = $1 GROUP BY state`, app)
		if err != nil {
			return err
		}
		for rows.Next() {
			var st string
			var n int
			if err := rows.Scan(&st, &n); err != nil {
				rows.Close()
				return err
			}
			out.ByState[st] = n
			out.Total += n
		}
		rows.Close()
		scanDays := func(sql string) ([]statisticsDay, error) {
			rows, err := tx.Query(r.Context(), sql, app, from, to, zone)
			if err != nil {
				return nil, err
			}
			return collect(rows, func(row pgx.Row) (statisticsDay, error) {
				var d statisticsDay
				var day time.Time
				err := row.Scan(&day, &d.Created, &d.Approved, &d.Rejected)
				d.Day = day.Format(time.DateOnly)
				return d, err
			})
		}
		// Every day of the period in the application's zone, zero where nothing happened:
		// the quarter hours between the zone's first and last midnight, one index range,
		// summed per local day (decision 0405).
		const perDay = `
			WITH q AS (
			  SELECT (quarter_hour AT TIME ZONE $4)::date AS day, sum(created) AS created, sum(approved) AS approved, sum(rejected) AS rejected
			    FROM readmodel.organization_quarter_hours
			   WHERE application_id = $1
			     AND quarter_hour >= ($2::date)::timestamp AT TIME ZONE $4
			     AND quarter_hour < ($3::date + 1)::timestamp AT TIME ZONE $4
			   GROUP BY 1),
			days AS (
			  SELECT g.day::date AS day, coalesce(q.created, 0)::int AS created, coalesce(q.approved, 0)::int AS approved, coalesce(q.rejected, 0)::int AS rejected
			    FROM generate_series($2::date::timestamp, $3::date::timestamp, interval '1 day') AS g(day)
			    LEFT JOIN q ON q.day = g.day::date)`
		if out.PerDay, err = scanDays(perDay + `
			SELECT day, created, approved, rejected FROM days ORDER BY 1`); err != nil {
			return err
		}
		out.PerWeek, err = scanDays(perDay + `
			SELECT date_trunc('week', day::timestamp)::date, sum(created)::int, sum(approved)::int, sum(rejected)::int
			  FROM days GROUP BY 1 ORDER BY 1`)
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[statisticsAnswer]{Data: out})
	return nil
}
