package offer

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/names"
	"move/domain/offer"
	"move/domain/product"
	"move/identity"
	rmorg "move/projections/organizations"
	rmproducts "move/projections/products"
	"move/readapi/kernel"
)

// Permissions of the product routes (spec §6; the defaults are decision 0101). Labels
// are assigned with assign-labels, as an activity's.
const (
	PermViewProducts   = "view-products"
	PermViewProduct    = "view-product"
	PermCreateProducts = "create-products"
	PermEditProduct    = "edit-product"
)

// productRow is a product as its form and lists show it.
type productRow struct {
	ID                string          `json:"id"`
	OrganizationID    string          `json:"organization_id"`
	OrganizationName  string          `json:"organization_name"`
	Name              string          `json:"name"`
	ProductTypeID     string          `json:"product_type_id"`
	SportID           *string         `json:"sport_id"`
	Description       string          `json:"description"`
	RateID            *string         `json:"rate_id"`
	PriceDisplayMode  string          `json:"price_display_mode"`
	Gender            string          `json:"gender"`
	Level             string          `json:"level"`
	CategoryIDs       []string        `json:"category_ids"`
	TagIDs            []string        `json:"tag_ids"`
	PaymentURL        string          `json:"payment_url"`
	Spots             *int            `json:"spots"`
	ImageID           *string         `json:"image_id"`
	ImageURL          *string         `json:"image_url"`
	Contacts          []offer.Contact `json:"contacts"`
	AgeMin            *int            `json:"age_min"`
	AgeMax            *int            `json:"age_max"`
	ShouldValidateAge bool            `json:"should_validate_age"`
	Draft             bool            `json:"draft"`
	LocationID        *string         `json:"location_id"`
	LabelIDs          []string        `json:"label_ids"`
	Version           uint64          `json:"version"`
	CreatedAt         string          `json:"created_at"`
	UpdatedAt         string          `json:"updated_at"`
}

const productColumns = `p.id::text, p.organization_id::text, coalesce(o.name, ''), p.name, p.product_type_id::text,
	p.sport_id::text, p.description, p.rate_id::text, p.price_display_mode, p.gender, p.level, p.category_ids::text[], p.tag_ids::text[],
	p.payment_url, p.spots, p.image_id, p.contacts, p.age_min, p.age_max, p.should_validate_age, p.draft, p.location_id::text,
	p.label_ids::text[], p.version, p.created_at, p.updated_at`

// productFrom joins the organisation's name (the organisations read model's). The
// product type's name is the catalogue's (platform-wide, not read in the tenant): the
// screens name it from GET /v1/admin/product-types/all.
const productFrom = ` FROM readmodel.products p LEFT JOIN readmodel.organizations o ON o.id = p.organization_id`

func scanProduct(row pgx.Row) (productRow, error) {
	var p productRow
	var version int64
	var created, updated time.Time
	err := row.Scan(&p.ID, &p.OrganizationID, &p.OrganizationName, &p.Name, &p.ProductTypeID,
		&p.SportID, &p.Description, &p.RateID, &p.PriceDisplayMode, &p.Gender, &p.Level, &p.CategoryIDs, &p.TagIDs,
		&p.PaymentURL, &p.Spots, &p.ImageID, &p.Contacts, &p.AgeMin, &p.AgeMax, &p.ShouldValidateAge, &p.Draft, &p.LocationID,
		&p.LabelIDs, &version, &created, &updated)
	if err != nil {
		return p, err
	}
	p.Version = uint64(version)
	p.CreatedAt, p.UpdatedAt = kernel.Stamp(created), kernel.Stamp(updated)
	p.ImageURL = kernel.FileURL(p.ImageID)
	return p, nil
}

// productInput is the body of create (name and product type required, the rest starts
// empty) and of PATCH (only what it names changes).
type productInput struct {
	Name              string          `json:"name"`
	ProductTypeID     string          `json:"product_type_id"`
	SportID           *string         `json:"sport_id"`
	Description       string          `json:"description,omitempty"`
	RateID            *string         `json:"rate_id"`
	PriceDisplayMode  string          `json:"price_display_mode,omitempty"`
	Gender            string          `json:"gender,omitempty"`
	Level             string          `json:"level,omitempty"`
	CategoryIDs       []string        `json:"category_ids,omitempty"`
	TagIDs            []string        `json:"tag_ids,omitempty"`
	PaymentURL        string          `json:"payment_url,omitempty"`
	Spots             *int            `json:"spots"`
	ImageID           *string         `json:"image_id"`
	Contacts          []offer.Contact `json:"contacts,omitempty"`
	AgeMin            *int            `json:"age_min"`
	AgeMax            *int            `json:"age_max"`
	ShouldValidateAge bool            `json:"should_validate_age,omitempty"`
	Draft             bool            `json:"draft,omitempty"`
	// Version is the version the user edited (PATCH only); a stale one is a 409.
	Version *uint64 `json:"version,omitempty"`
}

func (in productInput) details() product.Details {
	return product.Details{Name: in.Name, ProductTypeID: in.ProductTypeID, SportID: in.SportID, Description: in.Description,
		RateID: in.RateID, PriceDisplayMode: in.PriceDisplayMode, Gender: in.Gender, Level: in.Level, CategoryIDs: in.CategoryIDs,
		TagIDs: in.TagIDs, PaymentURL: in.PaymentURL, Spots: in.Spots, ImageID: in.ImageID, Contacts: in.Contacts,
		AgeMin: in.AgeMin, AgeMax: in.AgeMax, ShouldValidateAge: in.ShouldValidateAge, Draft: in.Draft}
}

func productInputOf(p productRow) productInput {
	return productInput{Name: p.Name, ProductTypeID: p.ProductTypeID, SportID: p.SportID, Description: p.Description,
		RateID: p.RateID, PriceDisplayMode: p.PriceDisplayMode, Gender: p.Gender, Level: p.Level, CategoryIDs: p.CategoryIDs,
		TagIDs: p.TagIDs, PaymentURL: p.PaymentURL, Spots: p.Spots, ImageID: p.ImageID, Contacts: p.Contacts,
		AgeMin: p.AgeMin, AgeMax: p.AgeMax, ShouldValidateAge: p.ShouldValidateAge, Draft: p.Draft}
}

type productQuestionsBody struct {
	Questions []offer.Question `json:"questions"`
}

// productDeleteImpact is what deleting a product takes with it, for the confirmation.
type productDeleteImpact struct {
	// Labels the product has by hand: it leaves them (and the wallets paying through them).
	Labels []string `json:"labels"`
	// Purchases held (waiting for payment) and confirmed: they stay in the product's
	// log and on its buyers' orders (decision 1003).
	PurchasesHeld      int `json:"purchases_held"`
	PurchasesConfirmed int `json:"purchases_confirmed"`
}

// productOfferRow is a product as the app sees it.
type productOfferRow struct {
	ID               string   `json:"id"`
	OrganizationID   string   `json:"organization_id"`
	Name             string   `json:"name"`
	ProductTypeID    string   `json:"product_type_id"`
	Description      string   `json:"description"`
	SportID          *string  `json:"sport_id"`
	Gender           string   `json:"gender"`
	Level            string   `json:"level"`
	PriceDisplayMode string   `json:"price_display_mode"`
	Spots            *int     `json:"spots"`
	AgeMin           *int     `json:"age_min"`
	AgeMax           *int     `json:"age_max"`
	ImageURL         *string  `json:"image_url"`
	LocationID       *string  `json:"location_id"`
	CategoryIDs      []string `json:"category_ids"`
	TagIDs           []string `json:"tag_ids"`
	LabelIDs         []string `json:"label_ids"`
}

func (s *Handlers) ProductRoutes() []kernel.Route {
	// Rows show their organisation's name: wait for both read models.
	reads := []string{rmproducts.Name, rmorg.Name}
	org := "/v1/admin/organizations/{id}/products"
	item := "/v1/admin/products/{id}"
	filters := append([]string{"draft", "sport_id", "product_type_id", "label_id", "after"}, kernel.ListQueryDoc...)
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: org, Permission: PermViewProducts, Reads: reads, Handler: s.listOrganizationProducts,
			Doc: kernel.Doc{Summary: "Products of an organisation (search, sort, page; filter by draft, sport_id, product_type_id, label_id)", Response: kernel.ListAnswer[productRow]{}, Query: filters}},
		{Method: http.MethodPost, Pattern: org, Permission: PermCreateProducts, Reads: withTaxonomy(reads), Handler: s.createProduct,
			Doc: kernel.Doc{Summary: "Create a product", Request: productInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: "/v1/admin/applications/products", Permission: PermViewProducts, Reads: reads, Handler: s.listApplicationProducts,
			Doc: kernel.Doc{Summary: "Products of the application (of the caller's own organisations for organisation staff; filters as the organisation's list, and organization_id)", Response: kernel.ListAnswer[productRow]{}, Query: append([]string{"organization_id"}, filters...)}},
		{Method: http.MethodGet, Pattern: item, Permission: PermViewProduct, Reads: reads, Handler: s.getProduct,
			Doc: kernel.Doc{Summary: "One product, with its rate's name and price and the names of its type, sport, location, contacts, categories, tags and labels", Response: kernel.DataAnswer[productAnswer]{}}},
		{Method: http.MethodPatch, Pattern: item, Permission: PermEditProduct, Reads: withTaxonomy(reads), Handler: s.patchProduct,
			Doc: kernel.Doc{Summary: "Change the fields of a product the body names", Request: productInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: item + "/delete-impact", Permission: PermEditProduct, Reads: withTaxonomy(reads), Handler: s.productDeleteImpact,
			Doc: kernel.Doc{Summary: "What deleting the product would take with it (the labels it has by hand) and its purchases held and confirmed; writes nothing", Response: kernel.DataAnswer[productDeleteImpact]{}}},
		{Method: http.MethodDelete, Pattern: item, Permission: PermEditProduct, Reads: reads, Handler: s.deleteProduct,
			Doc: kernel.Doc{Summary: "Delete a product", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
		{Method: http.MethodPatch, Pattern: item + "/location", Permission: PermEditProduct, Reads: reads, Handler: s.setProductLocation,
			Doc: kernel.Doc{Summary: "Where the product is picked up or used (location_id, null for none)", Request: activityLocationInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: item + "/questions", Permission: PermViewProduct, Reads: reads, Handler: s.getProductQuestions,
			Doc: kernel.Doc{Summary: "The product's extra questions, in order", Response: kernel.DataAnswer[productQuestionsBody]{}}},
		{Method: http.MethodPut, Pattern: item + "/questions", Permission: PermEditProduct, Reads: reads, Handler: s.putProductQuestions,
			Doc: kernel.Doc{Summary: "Replace the product's extra questions (a question without id is new)", Request: productQuestionsBody{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: item + "/labels", Permission: PermViewProduct, Reads: reads, Handler: s.getProductLabels,
			Doc: kernel.Doc{Summary: "The product's labels", Response: kernel.DataAnswer[labelsBody]{}}},
		{Method: http.MethodPut, Pattern: item + "/labels", Permission: PermAssignLabels, Reads: withTaxonomy(reads), Handler: s.putProductLabels,
			Doc: kernel.Doc{Summary: "Assign the product's labels", Request: labelsBody{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: "/v1/offer/products", Permission: kernel.Public, Reads: reads, Handler: s.offerProducts,
			Doc: kernel.Doc{Summary: "What the app shows of the application named by ApplicationId: products not in draft of approved organisations", Response: kernel.ListAnswer[productOfferRow]{}, Query: kernel.ListQueryDoc}},
	}
}

func productPathID(r *http.Request) (string, error) { return kernel.UUIDParam(r, "id", "product") }

// productInScope reads the product of the path when the caller holds permission in its
// organisation; one of another organisation or application is not found.
func (s *Handlers) productInScope(r *http.Request, permission string) (productRow, error) {
	id, err := productPathID(r)
	if err != nil {
		return productRow{}, err
	}
	var p productRow
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		p, err = scanProduct(tx.QueryRow(r.Context(), `SELECT `+productColumns+productFrom+` WHERE p.application_id = $1 AND p.id = $2`, kernel.TenantFrom(r.Context()).ApplicationID, id))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return p, &domain.NotFoundError{Kind: "product", ID: id}
	}
	if err != nil {
		return p, err
	}
	ok, err := s.AllowedIn(r, p.OrganizationID, permission)
	if err != nil {
		return p, err
	}
	if !ok {
		return p, &domain.NotFoundError{Kind: "product", ID: id}
	}
	return p, nil
}

var productSorts = map[string]string{"name": "p.name_key", "created_at": "p.created_at", "updated_at": "p.updated_at"}
var productSortTypes = map[string]string{"name": "text", "created_at": "timestamptz", "updated_at": "timestamptz"}

// productFilter is the WHERE of the lists: tenant, organisations, draft, sport, product type, label, search.
func productFilter(r *http.Request, organizations []string, search string) (string, []any, error) {
	q := r.URL.Query()
	where := `p.application_id = $1`
	args := []any{kernel.TenantFrom(r.Context()).ApplicationID}
	add := func(clause string, v any) {
		args = append(args, v)
		where += fmt.Sprintf(" AND "+clause, len(args))
	}
	if organizations != nil {
		add(`p.organization_id = ANY ($%d::uuid[])`, organizations)
	}
	if d := q.Get("draft"); d != "" {
		if d != "true" && d != "false" {
			return "", nil, kernel.BadQuery("draft")
		}
		add(`p.draft = $%d`, d == "true")
	}
	for _, f := range []struct{ param, clause string }{{"sport_id", `p.sport_id = $%d`}, {"product_type_id", `p.product_type_id = $%d`},
		{"label_id", `$%d = ANY (p.label_ids)`}, {"organization_id", `p.organization_id = $%d`}} {
		if v := q.Get(f.param); v != "" {
			id, err := uuid.Parse(v)
			if err != nil {
				return "", nil, kernel.BadQuery(f.param)
			}
			add(f.clause, id.String())
		}
	}
	if search = strings.TrimSpace(search); search != "" {
		add(`p.name_key LIKE $%d`, "%"+kernel.EscapeLike(names.Normalize(search))+"%")
	}
	return where, args, nil
}

// listProducts lists the products of organizations (nil: of the whole application).
func (s *Handlers) listProducts(w http.ResponseWriter, r *http.Request, organizations []string) error {
	q, err := kernel.ParseListQuery(r, productSorts, "name")
	if err != nil {
		return err
	}
	after, err := kernel.DecodeCursor(r, q)
	if err != nil {
		return err
	}
	where, args, err := productFilter(r, organizations, q.Search)
	if err != nil {
		return err
	}
	column := productSorts[q.Sort]
	var answer kernel.ListAnswer[productRow]
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		answer, err = kernel.ListPage(r.Context(), tx, q, after, kernel.KeysetList{
			Select: `SELECT ` + productColumns + productFrom, Where: where, Args: args,
			Order:  column + " " + q.Direction() + ", p.id " + q.Direction(),
			Column: column, ID: "p.id", Type: productSortTypes[q.Sort],
			Key:   `SELECT ` + column + `::text FROM readmodel.products p WHERE p.id = $1`,
			Count: `SELECT count(*) FROM readmodel.products p WHERE ` + where,
		}, scanProduct, func(p productRow) string { return p.ID })
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, answer)
	return nil
}

func (s *Handlers) listOrganizationProducts(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, PermViewProducts)
	if err != nil {
		return err
	}
	return s.listProducts(w, r, []string{org})
}

func (s *Handlers) listApplicationProducts(w http.ResponseWriter, r *http.Request) error {
	organizations, err := s.OrganizationsInView(r, PermViewProducts)
	if err != nil {
		return err
	}
	return s.listProducts(w, r, organizations)
}

// checkProductReferences refuses a rate of another organisation, categories and tags of
// another application, and an image that is not a public file of the application or
// breaks the product image's rule (decision 1650); stored is the product's image on an
// update (an unchanged image is not checked again), nil on create.
func (s *Handlers) checkProductReferences(r *http.Request, organizationID string, in productInput, stored *string) error {
	if err := s.checkOfferReferences(r, organizationID, map[string]*string{"rate_id": in.RateID}); err != nil {
		return err
	}
	if err := s.CheckAppRefs(r, kernel.AppRefs{Field: "category_ids", Table: kernel.CategoriesTable, IDs: in.CategoryIDs}, kernel.AppRefs{Field: "tag_ids", Table: tagsTable, IDs: in.TagIDs}); err != nil {
		return err
	}
	if in.ImageID != nil {
		if _, err := uuid.Parse(strings.TrimSpace(*in.ImageID)); err != nil {
			return nil // the domain names the field
		}
	}
	return s.CheckFileRefs(r, kernel.OwnFiles, kernel.FileRef{Field: "image_id", Token: in.ImageID, Rule: kernel.Rule("product.image_id"), Was: stored})
}

func (s *Handlers) createProduct(w http.ResponseWriter, r *http.Request) error {
	org, err := s.OrganizationInScope(r, PermCreateProducts)
	if err != nil {
		return err
	}
	var in productInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	if err := s.checkProductReferences(r, org, in, nil); err != nil {
		return err
	}
	res, err := s.App.CreateProduct(r.Context(), m, org, in.details())
	return s.AnswerCommand(w, "create_product", http.StatusCreated, res, err)
}

// productAnswer is one product with its rate's name and price (as an activity's answer
// has them, web-100) and the names of its other choices (web-111).
type productAnswer struct {
	productRow
	// RateName and RatePriceCents name the product's own rate (null without one).
	RateName       *string `json:"rate_name"`
	RatePriceCents *int64  `json:"rate_price_cents"`
	withNames
}

func (s *Handlers) getProduct(w http.ResponseWriter, r *http.Request) error {
	p, err := s.productInScope(r, PermViewProduct)
	if err != nil {
		return err
	}
	out := productAnswer{productRow: p}
	contacts := make([]string, 0, len(p.Contacts))
	for _, c := range p.Contacts {
		contacts = append(contacts, c.ContactID)
	}
	refs := chosenRefs{Contacts: contacts, Categories: p.CategoryIDs, Tags: p.TagIDs, Labels: p.LabelIDs, ProductTypes: []string{p.ProductTypeID}}
	if p.LocationID != nil {
		refs.Locations = []string{*p.LocationID}
	}
	if p.SportID != nil {
		refs.Sports = []string{*p.SportID}
	}
	if out.Names, err = s.chosenNames(r, p.OrganizationID, refs); err != nil {
		return err
	}
	if ids := validIDs(ptrList(p.RateID)); len(ids) > 0 {
		err = s.InTenant(r, func(tx pgx.Tx) error {
			err := tx.QueryRow(r.Context(), `SELECT name, price_cents FROM readmodel.rates WHERE application_id = $1 AND organization_id = $2 AND id = $3`,
				kernel.TenantFrom(r.Context()).ApplicationID, p.OrganizationID, ids[0]).Scan(&out.RateName, &out.RatePriceCents)
			if errors.Is(err, pgx.ErrNoRows) {
				return nil // a rate deleted since (or never the organisation's) is not named
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[productAnswer]{Data: out})
	return nil
}

func (s *Handlers) patchProduct(w http.ResponseWriter, r *http.Request) error {
	p, err := s.productInScope(r, PermEditProduct)
	if err != nil {
		return err
	}
	// The stored image, copied before the body is decoded: the input shares the row's
	// pointer, and decoding writes through it.
	var storedImage *string
	if p.ImageID != nil {
		v := *p.ImageID
		storedImage = &v
	}
	in := productInputOf(p)
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	if err := s.checkProductReferences(r, p.OrganizationID, in, storedImage); err != nil {
		return err
	}
	res, err := s.App.UpdateProduct(r.Context(), m, p.ID, in.Version, in.details())
	return s.AnswerCommand(w, "update_product", http.StatusOK, res, err)
}

func (s *Handlers) productDeleteImpact(w http.ResponseWriter, r *http.Request) error {
	p, err := s.productInScope(r, PermEditProduct)
	if err != nil {
		return err
	}
	out := productDeleteImpact{Labels: []string{}}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT name FROM readmodel.labels WHERE application_id = $1 AND id = ANY ($2::uuid[]) ORDER BY name, id`, kernel.TenantFrom(r.Context()).ApplicationID, p.LabelIDs)
		if err != nil {
			return err
		}
		if out.Labels, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return err
		}
		return tx.QueryRow(r.Context(), `SELECT count(*) FILTER (WHERE status = $3), count(*) FILTER (WHERE status = $4)
			FROM readmodel.product_purchases WHERE application_id = $1 AND product_id = $2`, kernel.TenantFrom(r.Context()).ApplicationID, p.ID, product.StatusHeld, product.StatusConfirmed).Scan(&out.PurchasesHeld, &out.PurchasesConfirmed)
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[productDeleteImpact]{Data: out})
	return nil
}

func (s *Handlers) deleteProduct(w http.ResponseWriter, r *http.Request) error {
	p, err := s.productInScope(r, PermEditProduct)
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
	res, err := s.App.DeleteProduct(r.Context(), m, p.ID, expected)
	return s.AnswerCommand(w, "delete_product", http.StatusOK, res, err)
}

func (s *Handlers) setProductLocation(w http.ResponseWriter, r *http.Request) error {
	p, err := s.productInScope(r, PermEditProduct)
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
	if err := s.checkOfferReferences(r, p.OrganizationID, map[string]*string{"location_id": in.LocationID}); err != nil {
		return err
	}
	res, err := s.App.SetProductLocation(r.Context(), m, p.ID, in.LocationID)
	return s.AnswerCommand(w, "set_product_location", http.StatusOK, res, err)
}

func (s *Handlers) getProductQuestions(w http.ResponseWriter, r *http.Request) error {
	p, err := s.productInScope(r, PermViewProduct)
	if err != nil {
		return err
	}
	var raw []byte
	if err := s.InTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT questions FROM readmodel.products WHERE application_id = $1 AND id = $2`, kernel.TenantFrom(r.Context()).ApplicationID, p.ID).Scan(&raw)
	}); err != nil {
		return err
	}
	out := productQuestionsBody{Questions: []offer.Question{}}
	if err := json.Unmarshal(raw, &out.Questions); err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[productQuestionsBody]{Data: out})
	return nil
}

func (s *Handlers) putProductQuestions(w http.ResponseWriter, r *http.Request) error {
	p, err := s.productInScope(r, PermEditProduct)
	if err != nil {
		return err
	}
	var in productQuestionsBody
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.ChangeProductQuestions(r.Context(), m, p.ID, in.Questions)
	return s.AnswerCommand(w, "change_product_questions", http.StatusOK, res, err)
}

func (s *Handlers) getProductLabels(w http.ResponseWriter, r *http.Request) error {
	p, err := s.productInScope(r, PermViewProduct)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[labelsBody]{Data: labelsBody{LabelIDs: p.LabelIDs}})
	return nil
}

func (s *Handlers) putProductLabels(w http.ResponseWriter, r *http.Request) error {
	p, err := s.productInScope(r, PermAssignLabels)
	if err != nil {
		return err
	}
	var in labelsBody
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if err := s.CheckAppRefs(r, kernel.AppRefs{Field: "label_ids", Table: kernel.LabelsTable, IDs: in.LabelIDs}); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.AssignProductLabels(r.Context(), m, p.ID, in.LabelIDs)
	return s.AnswerCommand(w, "assign_product_labels", http.StatusOK, res, err)
}

// offerProducts is the consumer's view of products, as offerActivities is of
// activities: not in draft, organisation approved, derived when read.
func (s *Handlers) offerProducts(w http.ResponseWriter, r *http.Request) error {
	app, err := uuid.Parse(r.Header.Get("ApplicationId"))
	if err != nil {
		return kernel.ErrStatus(http.StatusForbidden, "error.application")
	}
	q, err := kernel.ParseListQuery(r, map[string]string{"name": "p.name_key"}, "name")
	if err != nil {
		return err
	}
	where, args := kernel.SearchWhere(q, "p.", `p.application_id = $1 AND NOT p.draft AND o.approved`, []any{app.String()})
	from := ` FROM readmodel.products p JOIN readmodel.product_organizations o ON o.id = p.organization_id WHERE ` + where
	var total int64
	var items []productOfferRow
	err = identity.ReadInTenant(r.Context(), s.DB, app.String(), func(tx pgx.Tx) error {
		if err := tx.QueryRow(r.Context(), `SELECT count(*)`+from, args...).Scan(&total); err != nil {
			return err
		}
		n := len(args)
		rows, err := tx.Query(r.Context(), fmt.Sprintf(`SELECT p.id::text, p.organization_id::text, p.name, p.product_type_id::text,
			p.description, p.sport_id::text, p.gender, p.level, p.price_display_mode, p.spots, p.age_min, p.age_max, p.image_id,
			p.location_id::text, p.category_ids::text[], p.tag_ids::text[], p.label_ids::text[]%s
			ORDER BY p.name_key %s, p.id LIMIT $%d OFFSET $%d`, from, q.Direction(), n+1, n+2),
			append(args, q.PerPage, q.Offset())...)
		if err != nil {
			return err
		}
		items, err = kernel.Collect(rows, func(row pgx.Row) (productOfferRow, error) {
			var o productOfferRow
			var image *string
			err := row.Scan(&o.ID, &o.OrganizationID, &o.Name, &o.ProductTypeID, &o.Description, &o.SportID, &o.Gender, &o.Level,
				&o.PriceDisplayMode, &o.Spots, &o.AgeMin, &o.AgeMax, &image, &o.LocationID, &o.CategoryIDs, &o.TagIDs, &o.LabelIDs)
			o.ImageURL = kernel.FileURL(image)
			return o, err
		})
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[productOfferRow]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}
