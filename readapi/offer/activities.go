package offer

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/activity"
	"move/domain/names"
	"move/identity"
	rmactivities "move/projections/activities"
	rmlocations "move/projections/locations"
	rmorg "move/projections/organizations"
	rmrates "move/projections/rates"
	rmtaxonomy "move/projections/taxonomy"
	"move/readapi/kernel"
)

// Permissions of the activity routes (spec §6; the defaults are decision 0101).
const (
	PermCreateActivities = "create-activities"

	PermAssignLabels = "assign-labels"
)

// activityRow is an activity as its form and lists show it.
type activityRow struct {
	ID               string  `json:"id"`
	OrganizationID   string  `json:"organization_id"`
	OrganizationName string  `json:"organization_name"`
	Type             string  `json:"type"`
	Name             string  `json:"name"`
	SportID          *string `json:"sport_id"`
	Description      string  `json:"description"`
	Notes            string  `json:"notes"`
	RateID           *string `json:"rate_id"`
	// RateName and RatePriceCents name the activity's own rate (null without one), so
	// a user who may not read the organisation's rates (view-rates) still sees them.
	RateName           *string  `json:"rate_name"`
	RatePriceCents     *int64   `json:"rate_price_cents"`
	Gender             string   `json:"gender"`
	Level              string   `json:"level"`
	CategoryIDs        []string `json:"category_ids"`
	TagIDs             []string `json:"tag_ids"`
	PaymentURL         string   `json:"payment_url"`
	CancellationTermID *string  `json:"cancellation_term_id"`
	// CancellationTermName names the activity's own term, as RateName its rate.
	CancellationTermName *string            `json:"cancellation_term_name"`
	PriceDisplayMode     string             `json:"price_display_mode"`
	ImageID              *string            `json:"image_id"`
	ImageURL             *string            `json:"image_url"`
	IsAccessible         bool               `json:"is_accessible"`
	AgeMin               *int               `json:"age_min"`
	AgeMax               *int               `json:"age_max"`
	Contacts             []activity.Contact `json:"contacts"`
	Concept              bool               `json:"concept"`
	LocationID           *string            `json:"location_id"`
	// LocationName names the activity's location ("Sporthal (Utrecht)") for those who
	// may not read the organisation's locations.
	LocationName *string  `json:"location_name"`
	LabelIDs     []string `json:"label_ids"`
	Version      uint64   `json:"version"`
	CreatedAt    string   `json:"created_at"`
	UpdatedAt    string   `json:"updated_at"`
}

const activityColumns = `a.id::text, a.organization_id::text, coalesce(o.name, ''), a.type, a.name, a.sport_id::text, a.description, a.notes,
	a.rate_id::text, r.name, r.price_cents, a.gender, a.level, a.category_ids::text[], a.tag_ids::text[], a.payment_url,
	a.cancellation_term_id::text, t.name, a.price_display_mode, a.image_id, a.is_accessible, a.age_min, a.age_max, a.contacts, a.concept, a.location_id::text,
	CASE WHEN l.id IS NULL THEN NULL WHEN l.city = '' THEN l.name ELSE l.name || ' (' || l.city || ')' END, a.label_ids::text[], a.version, a.created_at, a.updated_at`

// activityFrom joins the organisation's name (the organisations read model's) and the
// names of the activity's rate, cancellation term (the rates read model's) and location
// (the locations read model's), each of the activity's own application.
const activityFrom = ` FROM readmodel.activities a LEFT JOIN readmodel.organizations o ON o.id = a.organization_id
	LEFT JOIN readmodel.rates r ON r.id = a.rate_id AND r.application_id = a.application_id
	LEFT JOIN readmodel.cancellation_terms t ON t.id = a.cancellation_term_id AND t.application_id = a.application_id
	LEFT JOIN readmodel.locations l ON l.id = a.location_id AND l.application_id = a.application_id`

func scanActivity(row pgx.Row) (activityRow, error) {
	var a activityRow
	var version int64
	var created, updated time.Time
	err := row.Scan(&a.ID, &a.OrganizationID, &a.OrganizationName, &a.Type, &a.Name, &a.SportID, &a.Description, &a.Notes,
		&a.RateID, &a.RateName, &a.RatePriceCents, &a.Gender, &a.Level, &a.CategoryIDs, &a.TagIDs, &a.PaymentURL,
		&a.CancellationTermID, &a.CancellationTermName, &a.PriceDisplayMode, &a.ImageID, &a.IsAccessible, &a.AgeMin, &a.AgeMax, &a.Contacts, &a.Concept, &a.LocationID, &a.LocationName,
		&a.LabelIDs, &version, &created, &updated)
	if err != nil {
		return a, err
	}
	a.Version = uint64(version)
	a.CreatedAt, a.UpdatedAt = kernel.Stamp(created), kernel.Stamp(updated)
	a.ImageURL = kernel.FileURL(a.ImageID)
	return a, nil
}

// activityInput is the body of create and PATCH: PATCH applies the fields it names on
// top of the activity as it is.
// activityInput is the body of create (type and name required, the rest starts empty)
// and of PATCH (only what it names changes).
type activityInput struct {
	Type               string             `json:"type"`
	Name               string             `json:"name"`
	SportID            *string            `json:"sport_id"`
	Description        string             `json:"description,omitempty"`
	Notes              string             `json:"notes,omitempty"`
	RateID             *string            `json:"rate_id"`
	Gender             string             `json:"gender,omitempty"`
	Level              string             `json:"level,omitempty"`
	CategoryIDs        []string           `json:"category_ids,omitempty"`
	TagIDs             []string           `json:"tag_ids,omitempty"`
	PaymentURL         string             `json:"payment_url,omitempty"`
	CancellationTermID *string            `json:"cancellation_term_id"`
	PriceDisplayMode   string             `json:"price_display_mode,omitempty"`
	ImageID            *string            `json:"image_id"`
	IsAccessible       bool               `json:"is_accessible,omitempty"`
	AgeMin             *int               `json:"age_min"`
	AgeMax             *int               `json:"age_max"`
	Contacts           []activity.Contact `json:"contacts,omitempty"`
	Concept            bool               `json:"concept,omitempty"`
	// Settings, on create only (afterwards: PUT …/settings).
	Settings *activity.Settings `json:"settings,omitempty"`
	// Version is the version the user edited (PATCH only); a stale one is a 409.
	Version *uint64 `json:"version,omitempty"`
}

func (in activityInput) details() activity.Details {
	return activity.Details{Name: in.Name, SportID: in.SportID, Description: in.Description, Notes: in.Notes, RateID: in.RateID,
		Gender: in.Gender, Level: in.Level, CategoryIDs: in.CategoryIDs, TagIDs: in.TagIDs, PaymentURL: in.PaymentURL,
		CancellationTermID: in.CancellationTermID, PriceDisplayMode: in.PriceDisplayMode, ImageID: in.ImageID,
		IsAccessible: in.IsAccessible, AgeMin: in.AgeMin, AgeMax: in.AgeMax, Contacts: in.Contacts, Concept: in.Concept}
}

func inputOf(a activityRow) activityInput {
	return activityInput{Type: a.Type, Name: a.Name, SportID: a.SportID, Description: a.Description, Notes: a.Notes, RateID: a.RateID,
		Gender: a.Gender, Level: a.Level, CategoryIDs: a.CategoryIDs, TagIDs: a.TagIDs, PaymentURL: a.PaymentURL,
		CancellationTermID: a.CancellationTermID, PriceDisplayMode: a.PriceDisplayMode, ImageID: a.ImageID,
		IsAccessible: a.IsAccessible, AgeMin: a.AgeMin, AgeMax: a.AgeMax, Contacts: a.Contacts, Concept: a.Concept}
}

type activityLocationInput struct {
	LocationID *string `json:"location_id"`
}

// offerRow is an activity as the app sees it.
type offerRow struct {
	ID               string   `json:"id"`
	OrganizationID   string   `json:"organization_id"`
	Type             string   `json:"type"`
	Name             string   `json:"name"`
	Description      string   `json:"description"`
	SportID          *string  `json:"sport_id"`
	Gender           string   `json:"gender"`
	Level            string   `json:"level"`
	IsAccessible     bool     `json:"is_accessible"`
	PriceDisplayMode string   `json:"price_display_mode"`
	ImageURL         *string  `json:"image_url"`
	LocationID       *string  `json:"location_id"`
	CategoryIDs      []string `json:"category_ids"`
	TagIDs           []string `json:"tag_ids"`
	LabelIDs         []string `json:"label_ids"`
}

func activityPathID(r *http.Request) (string, error) { return kernel.UUIDParam(r, "id", "activity") }

func (s *Handlers) ActivityRoutes() []kernel.Route {
	// Rows show the names of their organisation, rate and location: wait for those read models.
	reads := []string{rmactivities.Name, rmorg.Name, rmrates.Name, rmlocations.Name}
	org := "/v1/admin/organizations/{id}/activities"
	item := "/v1/admin/activities/{id}"
	filters := append([]string{"type", "concept", "sport_id", "label_id", "after"}, kernel.ListQueryDoc...)
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: org, Permission: kernel.PermViewActivities, Reads: reads, Handler: s.listOrganizationActivities,
			Doc: kernel.Doc{Summary: "Activities of an organisation (search, sort, page; filter by type, concept, sport_id, label_id)", Response: kernel.ListAnswer[activityRow]{}, Query: filters}},
		{Method: http.MethodGet, Pattern: org + "/all", Permission: kernel.PermViewActivities, Reads: reads, Handler: s.allActivities,
			Doc: kernel.Doc{Summary: "Every activity of an organisation, by name (id, name, type; at most 10,000)", Response: kernel.DataAnswer[[]activityRef]{}}},
		{Method: http.MethodPost, Pattern: org, Permission: PermCreateActivities, Reads: []string{rmtaxonomy.Name}, Handler: s.createActivity,
			Doc: kernel.Doc{Summary: "Create an activity (type session or bundle)", Request: activityInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: "/v1/admin/applications/activities", Permission: kernel.PermViewActivities, Reads: reads, Handler: s.listApplicationActivities,
			Doc: kernel.Doc{Summary: "Activities of the application (of the caller's own organisations for organisation staff; filters as the organisation's list, and organization_id)", Response: kernel.ListAnswer[activityRow]{}, Query: append([]string{"organization_id"}, filters...)}},
		{Method: http.MethodGet, Pattern: item, Permission: kernel.PermViewActivities, Reads: reads, Handler: s.getActivity,
			Doc: kernel.Doc{Summary: "One activity, with the names of its contacts, categories, tags and labels", Response: kernel.DataAnswer[activityAnswer]{}}},
		{Method: http.MethodPatch, Pattern: item, Permission: kernel.PermEditActivity, Reads: withTaxonomy(reads), Handler: s.patchActivity,
			Doc: kernel.Doc{Summary: "Change the fields of an activity the body names (the type never changes)", Request: activityInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodDelete, Pattern: item, Permission: kernel.PermEditActivity, Reads: reads, Handler: s.deleteActivity,
			Doc: kernel.Doc{Summary: "Delete an activity and its sessions", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
		{Method: http.MethodPatch, Pattern: item + "/location", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.setActivityLocation,
			Doc: kernel.Doc{Summary: "Where the activity takes place (location_id, null for none)", Request: activityLocationInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: item + "/settings", Permission: kernel.PermViewActivities, Reads: reads, Handler: s.getActivitySettings,
			Doc: kernel.Doc{Summary: "The activity's settings", Response: kernel.DataAnswer[activity.Settings]{}}},
		{Method: http.MethodPut, Pattern: item + "/settings", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.putActivitySettings,
			Doc: kernel.Doc{Summary: "Change the activity's settings", Request: activity.Settings{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: item + "/questions", Permission: kernel.PermViewActivities, Reads: reads, Handler: s.getActivityQuestions,
			Doc: kernel.Doc{Summary: "The activity's extra questions, in order", Response: kernel.DataAnswer[questionsBody]{}}},
		{Method: http.MethodPut, Pattern: item + "/questions", Permission: kernel.PermEditActivity, Reads: reads, Handler: s.putActivityQuestions,
			Doc: kernel.Doc{Summary: "Replace the activity's extra questions (a question without id is new)", Request: questionsBody{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: item + "/labels", Permission: kernel.PermViewActivities, Reads: reads, Handler: s.getActivityLabels,
			Doc: kernel.Doc{Summary: "The activity's labels", Response: kernel.DataAnswer[labelsBody]{}}},
		{Method: http.MethodPut, Pattern: item + "/labels", Permission: PermAssignLabels, Reads: withTaxonomy(reads), Handler: s.putActivityLabels,
			Doc: kernel.Doc{Summary: "Assign the activity's labels", Request: labelsBody{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: "/v1/offer/activities", Permission: kernel.Public, Reads: reads, Handler: s.offerActivities,
			Doc: kernel.Doc{Summary: "What the app shows of the application named by ApplicationId: activities not in concept of approved organisations", Response: kernel.ListAnswer[offerRow]{}, Query: kernel.ListQueryDoc}},
	}
}

var activitySorts = map[string]string{"name": "a.name_key", "created_at": "a.created_at", "updated_at": "a.updated_at"}
var activitySortTypes = map[string]string{"name": "text", "created_at": "timestamptz", "updated_at": "timestamptz"}

// activityFilter is the WHERE of the lists: tenant, organisation, type, concept, sport, label, search.
func activityFilter(r *http.Request, organizations []string, search string) (string, []any, error) {
	q := r.URL.Query()
	where := `a.application_id = $1`
	args := []any{kernel.TenantFrom(r.Context()).ApplicationID}
	add := func(clause string, v any) {
		args = append(args, v)
		where += fmt.Sprintf(" AND "+clause, len(args))
	}
	if organizations != nil {
		add(`a.organization_id = ANY ($%d::uuid[])`, organizations)
	}
	if t := q.Get("type"); t != "" {
		if t != activity.TypeSession && t != activity.TypeBundle {
			return "", nil, kernel.BadQuery("type")
		}
		add(`a.type = $%d`, t)
	}
	if c := q.Get("concept"); c != "" {
		if c != "true" && c != "false" {
			return "", nil, kernel.BadQuery("concept")
		}
		add(`a.concept = $%d`, c == "true")
	}
	for param, clause := range map[string]string{"sport_id": `a.sport_id = $%d`, "label_id": `$%d = ANY (a.label_ids)`,
		"organization_id": `a.organization_id = $%d`} {
		if v := q.Get(param); v != "" {
			id, err := uuid.Parse(v)
			if err != nil {
				return "", nil, kernel.BadQuery(param)
			}
			add(clause, id.String())
		}
	}
	if search = strings.TrimSpace(search); search != "" {
		add(`a.name_key LIKE $%d`, "%"+kernel.EscapeLike(names.Normalize(search))+"%")
	}
	return where, args, nil
}

// listActivities lists the activities of organizations (nil: of the whole application).
func (s *Handlers) listActivities(w http.ResponseWriter, r *http.Request, organizations []string) error {
	q, err := kernel.ParseListQuery(r, activitySorts, "name")
	if err != nil {
		return err
	}
	after, err := kernel.DecodeCursor(r, q)
	if err != nil {
		return err
	}
	where, args, err := activityFilter(r, organizations, q.Search)
	if err != nil {
		return err
	}
	column := activitySorts[q.Sort]
	var answer kernel.ListAnswer[activityRow]
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		answer, err = kernel.ListPage(r.Context(), tx, q, after, kernel.KeysetList{
			Select: `SELECT ` + activityColumns + activityFrom, Where: where, Args: args,
			Order:  column + " " + q.Direction() + ", a.id " + q.Direction(),
			Column: column, ID: "a.id", Type: activitySortTypes[q.Sort],
			Key:   `SELECT ` + column + `::text FROM readmodel.activities a WHERE a.id = $1`,
			Count: `SELECT count(*) FROM readmodel.activities a WHERE ` + where,
		}, scanActivity, func(a activityRow) string { return a.ID })
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, answer)
	return nil
}

func (s *Handlers) listOrganizationActivities(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	return s.listActivities(w, r, []string{org})
}

func (s *Handlers) listApplicationActivities(w http.ResponseWriter, r *http.Request) error {
	organizations, err := s.OrganizationsInView(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	return s.listActivities(w, r, organizations)
}

// activityRef names an activity in pickers (and in the refusal to unlink a sport).
type activityRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Type string `json:"type"`
}

func (s *Handlers) allActivities(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	var items []activityRef
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT id::text, name, type FROM readmodel.activities
			WHERE application_id = $1 AND organization_id = $2 ORDER BY name_key, id LIMIT 10000`, kernel.TenantFrom(r.Context()).ApplicationID, org)
		if err != nil {
			return err
		}
		items, err = kernel.Collect(rows, func(row pgx.Row) (activityRef, error) {
			var a activityRef
			return a, row.Scan(&a.ID, &a.Name, &a.Type)
		})
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]activityRef]{Data: items})
	return nil
}

func (s *Handlers) createActivity(w http.ResponseWriter, r *http.Request) error {
	org, err := s.OrganizationInScope(r, PermCreateActivities)
	if err != nil {
		return err
	}
	var in activityInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	if err := s.checkOfferReferences(r, org, map[string]*string{"rate_id": in.RateID, "cancellation_term_id": in.CancellationTermID}); err != nil {
		return err
	}
	if err := s.CheckFileRefs(r, kernel.OwnFiles, kernel.FileRef{Field: "image_id", Token: in.ImageID, Rule: kernel.Rule("activity.image_id")}); err != nil {
		return err
	}
	if err := s.CheckAppRefs(r, kernel.AppRefs{Field: "category_ids", Table: kernel.CategoriesTable, IDs: in.CategoryIDs}, kernel.AppRefs{Field: "tag_ids", Table: tagsTable, IDs: in.TagIDs}); err != nil {
		return err
	}
	settings := activity.Settings{}
	if in.Settings != nil {
		settings = *in.Settings
	}
	res, err := s.App.CreateActivity(r.Context(), m, org, in.Type, in.details(), settings)
	return s.AnswerCommand(w, "create_activity", http.StatusCreated, res, err)
}

// activityAnswer is one activity with the names of its contacts, categories, tags and
// labels (web-111); its rate, term and location it names itself (web-100).
type activityAnswer struct {
	activityRow
	withNames
}

func (s *Handlers) getActivity(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	contacts := make([]string, 0, len(a.Contacts))
	for _, c := range a.Contacts {
		contacts = append(contacts, c.ContactID)
	}
	names, err := s.chosenNames(r, a.OrganizationID, chosenRefs{Contacts: contacts, Categories: a.CategoryIDs, Tags: a.TagIDs, Labels: a.LabelIDs})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[activityAnswer]{Data: activityAnswer{a, withNames{names}}})
	return nil
}

func (s *Handlers) patchActivity(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	// The stored image by value: decoding into the input reuses a's pointers.
	var storedImage *string
	if a.ImageID != nil {
		v := *a.ImageID
		storedImage = &v
	}
	in := inputOf(a)
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if in.Type != a.Type || in.Settings != nil {
		field := "type"
		if in.Settings != nil {
			field = "settings"
		}
		return &kernel.APIError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
			Fields: map[string]domain.FieldError{field: {Field: field, Key: "validation.unknown"}}}
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	if err := s.checkOfferReferences(r, a.OrganizationID, map[string]*string{"rate_id": in.RateID, "cancellation_term_id": in.CancellationTermID}); err != nil {
		return err
	}
	if err := s.CheckFileRefs(r, kernel.OwnFiles, kernel.FileRef{Field: "image_id", Token: in.ImageID, Rule: kernel.Rule("activity.image_id"), Was: storedImage}); err != nil {
		return err
	}
	if err := s.CheckAppRefs(r, kernel.AppRefs{Field: "category_ids", Table: kernel.CategoriesTable, IDs: in.CategoryIDs}, kernel.AppRefs{Field: "tag_ids", Table: tagsTable, IDs: in.TagIDs}); err != nil {
		return err
	}
	res, err := s.App.UpdateActivity(r.Context(), m, a.ID, in.Version, in.details())
	return s.AnswerCommand(w, "update_activity", http.StatusOK, res, err)
}

func (s *Handlers) deleteActivity(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, kernel.PermEditActivity)
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
	res, err := s.App.DeleteActivity(r.Context(), m, a.ID, expected)
	return s.AnswerCommand(w, "delete_activity", http.StatusOK, res, err)
}

func (s *Handlers) setActivityLocation(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	var in activityLocationInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	if err := s.checkOfferReferences(r, a.OrganizationID, map[string]*string{"location_id": in.LocationID}); err != nil {
		return err
	}
	res, err := s.App.SetActivityLocation(r.Context(), m, a.ID, in.LocationID)
	return s.AnswerCommand(w, "set_activity_location", http.StatusOK, res, err)
}

// offerActivities is the consumer's view: visibility is derived when read (not in
// concept, organisation approved), so approving an organisation shows its offer
// without touching it (offer-and-commerce.md).
func (s *Handlers) offerActivities(w http.ResponseWriter, r *http.Request) error {
	app, err := uuid.Parse(r.Header.Get("ApplicationId"))
	if err != nil {
		return kernel.ErrStatus(http.StatusForbidden, "error.application")
	}
	q, err := kernel.ParseListQuery(r, map[string]string{"name": "a.name_key"}, "name")
	if err != nil {
		return err
	}
	where, args := kernel.SearchWhere(q, "a.", `a.application_id = $1 AND NOT a.concept AND o.approved`, []any{app.String()})
	from := ` FROM readmodel.activities a JOIN readmodel.activity_organizations o ON o.id = a.organization_id WHERE ` + where
	var total int64
	var items []offerRow
	err = identity.ReadInTenant(r.Context(), s.DB, app.String(), func(tx pgx.Tx) error {
		if err := tx.QueryRow(r.Context(), `SELECT count(*)`+from, args...).Scan(&total); err != nil {
			return err
		}
		n := len(args)
		rows, err := tx.Query(r.Context(), fmt.Sprintf(`SELECT a.id::text, a.organization_id::text, a.type, a.name, a.description, a.sport_id::text,
			a.gender, a.level, a.is_accessible, a.price_display_mode, a.image_id, a.location_id::text, a.category_ids::text[],
			a.tag_ids::text[], a.label_ids::text[]%s ORDER BY a.name_key %s, a.id LIMIT $%d OFFSET $%d`, from, q.Direction(), n+1, n+2),
			append(args, q.PerPage, q.Offset())...)
		if err != nil {
			return err
		}
		items, err = kernel.Collect(rows, func(row pgx.Row) (offerRow, error) {
			var o offerRow
			var image *string
			err := row.Scan(&o.ID, &o.OrganizationID, &o.Type, &o.Name, &o.Description, &o.SportID, &o.Gender, &o.Level,
				&o.IsAccessible, &o.PriceDisplayMode, &image, &o.LocationID, &o.CategoryIDs, &o.TagIDs, &o.LabelIDs)
			o.ImageURL = kernel.FileURL(image)
			return o, err
		})
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[offerRow]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}

// activitiesUsingRate is the rate usage of the activities and products read models.
type activitiesUsingRate struct{}

func (activitiesUsingRate) OffersUsingRate(ctx context.Context, tx pgx.Tx, applicationID, rateID string) ([]OfferRef, error) {
	rows, err := tx.Query(ctx, `SELECT id::text, type, name FROM (
		SELECT id, 'activity' AS type, name, name_key FROM readmodel.activities WHERE application_id = $1 AND rate_id = $2
		UNION ALL
		SELECT id, 'product', name, name_key FROM readmodel.products WHERE application_id = $1 AND rate_id = $2) o
		ORDER BY name_key, id LIMIT 100`, applicationID, rateID)
	if err != nil {
		return nil, err
	}
	return kernel.Collect(rows, func(row pgx.Row) (OfferRef, error) {
		var o OfferRef
		return o, row.Scan(&o.ID, &o.Type, &o.Name)
	})
}

// checkOfferReferences refuses a rate, cancellation term or location that is not the
// organisation's, each under its field. It reads the read models (decision 0703): a
// reference deleted a moment ago may still pass.
func (s *Handlers) checkOfferReferences(r *http.Request, organizationID string, refs map[string]*string) error {
	tables := map[string]string{"rate_id": "readmodel.rates", "cancellation_term_id": "readmodel.cancellation_terms", "location_id": "readmodel.locations"}
	var v domain.ValidationError
	err := s.InTenant(r, func(tx pgx.Tx) error {
		for field, id := range refs {
			if id == nil || strings.TrimSpace(*id) == "" {
				continue
			}
			ref, err := uuid.Parse(strings.TrimSpace(*id))
			if err != nil {
				continue // the domain names the field
			}
			var found bool
			if err := tx.QueryRow(r.Context(), `SELECT EXISTS (SELECT 1 FROM `+tables[field]+`
				WHERE application_id = $1 AND organization_id = $2 AND id = $3)`, kernel.TenantFrom(r.Context()).ApplicationID, organizationID, ref.String()).Scan(&found); err != nil {
				return err
			}
			if !found {
				v.Add(field, "validation.unknown_reference", nil)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return v.OrNil()
}
