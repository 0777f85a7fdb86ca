package readapi

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/catalog"
	"move/domain/taxonomy"
	rmcatalog "move/projections/catalog"
	rmorganizations "move/projections/organizations"
	rmtaxonomy "move/projections/taxonomy"
	rmwallets "move/projections/wallets"
)

// Permissions of categories, tags and labels (spec section 6 names view-categories and
// create-categories; decision 0610 adds the rest). Application admins hold them all;
// organisation staff view them for the activity form's pickers.
const (
	PermViewCategories   = "view-categories"
	PermCreateCategories = "create-categories"
	PermManageCategories = "manage-categories"
	PermViewTags         = "view-tags"
	PermManageTags       = "manage-tags"
	PermViewLabels       = "view-labels"
	PermManageLabels     = "manage-labels"
)

// maxAllTags bounds GET /tags/all, the pickers' list: an application's tags are a
// vocabulary, not data that grows with use.
const maxAllTags = 1000

type categoryRow struct {
	ID        string  `json:"id"`
	Title     string  `json:"title"`
	Link      string  `json:"link"`
	ImageID   *string `json:"image_id"`
	Version   uint64  `json:"version"`
	CreatedAt string  `json:"created_at"`
	UpdatedAt string  `json:"updated_at"`
}

// categoryColumns answer the image as the file's token (32 hex digits, no dashes), as the
// file routes take it; the read model keeps it in a uuid column.
const categoryColumns = `id::text, title, link, replace(image_id::text, '-', ''), version, created_at, updated_at`

func scanCategory(row pgx.Row) (categoryRow, error) {
	var o categoryRow
	var version int64
	var created, updated time.Time
	err := row.Scan(&o.ID, &o.Title, &o.Link, &o.ImageID, &version, &created, &updated)
	o.Version, o.CreatedAt, o.UpdatedAt = uint64(version), stamp(created), stamp(updated)
	return o, err
}

type categoryInput struct {
	Title   string  `json:"title"`
	Link    string  `json:"link"`
	ImageID *string `json:"image_id"`
	// Version is the version the user edited (update only); a stale one is a 409.
	Version *uint64 `json:"version"`
}

func (in categoryInput) fields() taxonomy.CategoryFields {
	return taxonomy.CategoryFields{Title: in.Title, Link: in.Link, ImageID: in.ImageID}
}

// categoryCreateInput is the create form: a new category may start with a title only.
type categoryCreateInput struct {
	Title   string  `json:"title"`
	Link    string  `json:"link,omitempty"`
	ImageID *string `json:"image_id"`
}

// tagRow is a tag as the application sees it; Inherited tags are a parent
// application's (apply_to_children): shown and chosen, edited only there.
type tagRow struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	ApplyToChildren bool   `json:"apply_to_children"`
	Inherited       bool   `json:"inherited"`
	Version         uint64 `json:"version"`
	CreatedAt       string `json:"created_at"`
	UpdatedAt       string `json:"updated_at"`
}

const tagColumns = `id::text, name, apply_to_children, owner_application_id <> application_id, version, created_at, updated_at`

func scanTag(row pgx.Row) (tagRow, error) {
	var o tagRow
	var version int64
	var created, updated time.Time
	err := row.Scan(&o.ID, &o.Name, &o.ApplyToChildren, &o.Inherited, &version, &created, &updated)
	o.Version, o.CreatedAt, o.UpdatedAt = uint64(version), stamp(created), stamp(updated)
	return o, err
}

type tagInput struct {
	Name            string  `json:"name"`
	ApplyToChildren bool    `json:"apply_to_children"`
	Version         *uint64 `json:"version"`
}

// tagCreateInput is the create form: a tag applies to its own application unless told.
type tagCreateInput struct {
	Name            string `json:"name"`
	ApplyToChildren bool   `json:"apply_to_children,omitempty"`
}

// labelRow is a label with its activity and organisation filters and how many offers
// it covers.
type labelRow struct {
	ID                 string                      `json:"id"`
	Name               string                      `json:"name"`
	ActivityFilter     taxonomy.ActivityFilter     `json:"activity_filter"`
	ProductFilter      taxonomy.ProductFilter      `json:"product_filter"`
	OrganizationFilter taxonomy.OrganizationFilter `json:"organization_filter"`
	OffersCount        int64                       `json:"offers_count"`
	Version            uint64                      `json:"version"`
	CreatedAt          string                      `json:"created_at"`
	UpdatedAt          string                      `json:"updated_at"`
}

const labelColumns = `l.id::text, l.name, l.sport_ids::text[], l.category_ids::text[], l.tag_ids::text[], l.organization_ids::text[], l.types, l.levels,
	l.covered_organization_ids::text[], l.product_sport_ids::text[], l.product_category_ids::text[], l.product_tag_ids::text[],
	l.product_organization_ids::text[], l.product_type_ids::text[], l.product_levels,
	(SELECT count(*) FROM readmodel.label_coverage c WHERE c.label_id = l.id), l.version, l.created_at, l.updated_at`

func scanLabel(row pgx.Row) (labelRow, error) {
	var o labelRow
	var version int64
	var created, updated time.Time
	f, p := &o.ActivityFilter, &o.ProductFilter
	err := row.Scan(&o.ID, &o.Name, &f.SportIDs, &f.CategoryIDs, &f.TagIDs, &f.OrganizationIDs, &f.Types, &f.Levels,
		&o.OrganizationFilter.OrganizationIDs, &p.SportIDs, &p.CategoryIDs, &p.TagIDs, &p.OrganizationIDs, &p.ProductTypeIDs, &p.Levels,
		&o.OffersCount, &version, &created, &updated)
	o.Version, o.CreatedAt, o.UpdatedAt = uint64(version), stamp(created), stamp(updated)
	return o, err
}

type labelInput struct {
	Name    string  `json:"name"`
	Version *uint64 `json:"version"`
}

// activityFilterInput is the filter form: a dimension left out names nothing.
type activityFilterInput struct {
	SportIDs        []string `json:"sport_ids,omitempty"`
	CategoryIDs     []string `json:"category_ids,omitempty"`
	TagIDs          []string `json:"tag_ids,omitempty"`
	OrganizationIDs []string `json:"organization_ids,omitempty"`
	Types           []string `json:"types,omitempty"`
	Levels          []string `json:"levels,omitempty"`
	Version         *uint64  `json:"version"`
}

func (in activityFilterInput) filter() taxonomy.ActivityFilter {
	return taxonomy.ActivityFilter{SportIDs: in.SportIDs, CategoryIDs: in.CategoryIDs, TagIDs: in.TagIDs,
		OrganizationIDs: in.OrganizationIDs, Types: in.Types, Levels: in.Levels}
}

// productFilterInput is the product filter form: a dimension left out names nothing.
type productFilterInput struct {
	SportIDs        []string `json:"sport_ids,omitempty"`
	CategoryIDs     []string `json:"category_ids,omitempty"`
	TagIDs          []string `json:"tag_ids,omitempty"`
	OrganizationIDs []string `json:"organization_ids,omitempty"`
	ProductTypeIDs  []string `json:"product_type_ids,omitempty"`
	Levels          []string `json:"levels,omitempty"`
	Version         *uint64  `json:"version"`
}

func (in productFilterInput) filter() taxonomy.ProductFilter {
	return taxonomy.ProductFilter{SportIDs: in.SportIDs, CategoryIDs: in.CategoryIDs, TagIDs: in.TagIDs,
		OrganizationIDs: in.OrganizationIDs, ProductTypeIDs: in.ProductTypeIDs, Levels: in.Levels}
}

// organizationFilterInput is the organisation filter form: the organisations whose
// offers the label covers, whole (none: the filter covers nothing).
type organizationFilterInput struct {
	OrganizationIDs []string `json:"organization_ids"`
	Version         *uint64  `json:"version"`
}

// labelOrganizationFilter is the organisation filter screen: the chosen organisations
// with their names, and the label's version to edit against.
type labelOrganizationFilter struct {
	OrganizationIDs []string `json:"organization_ids"`
	Organizations   []choice `json:"organizations"`
	Version         uint64   `json:"version"`
}

// coveredOffer is an offer a label (or a wallet's labels) covers.
type coveredOffer struct {
	OfferType        string `json:"offer_type"`
	ID               string `json:"id"`
	Name             string `json:"name"`
	OrganizationID   string `json:"organization_id"`
	OrganizationName string `json:"organization_name"`
	Concept          bool   `json:"concept"`
	// ByHand, ByFilter and ByOrganization say why a label covers the offer (label
	// coverage only): by hand, by its activity filter, by its organisation filter.
	ByHand         bool `json:"by_hand"`
	ByFilter       bool `json:"by_filter"`
	ByOrganization bool `json:"by_organization"`
}

func (s *Server) taxonomyRoutes() []Route {
	reads := []string{rmtaxonomy.Name}
	categories, category := "/v1/admin/categories", "/v1/admin/categories/{category_id}"
	tags, tag := "/v1/admin/tags", "/v1/admin/tags/{tag_id}"
	labels, label := "/v1/admin/labels", "/v1/admin/labels/{label_id}"
	return []Route{
		{Method: http.MethodGet, Pattern: categories, Permission: PermViewCategories, Reads: reads, Handler: s.listCategories,
			Doc: Doc{Summary: "The application's categories (search on the title; sort name (the title) or created_at); organization_id is accepted for the organisation area's pickers", Response: listAnswer[categoryRow]{}, Query: append([]string{"organization_id"}, listQueryDoc...)}},
		{Method: http.MethodPost, Pattern: categories, Permission: PermCreateCategories, Handler: s.createCategory,
			Doc: Doc{Summary: "Add a category: title, link, image (500×250)", Request: categoryCreateInput{}, Response: commandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: category, Permission: PermViewCategories, Reads: reads, Handler: s.getCategory,
			Doc: Doc{Summary: "One category", Response: dataAnswer[categoryRow]{}}},
		{Method: http.MethodPut, Pattern: category, Permission: PermManageCategories, Reads: reads, Handler: s.updateCategory,
			Doc: Doc{Summary: "Change a category", Request: categoryInput{}, Response: commandAnswer{}}},
		{Method: http.MethodDelete, Pattern: category, Permission: PermManageCategories, Reads: reads, Handler: s.deleteCategory,
			Doc: Doc{Summary: "Delete a category no activity or label filter uses (409 naming them otherwise)", Response: commandAnswer{}, Query: []string{"version"}}},

		{Method: http.MethodGet, Pattern: tags, Permission: PermViewTags, Reads: reads, Handler: s.listTags,
			Doc: Doc{Summary: "The application's tags, with its parent's tags that apply to children (inherited)", Response: listAnswer[tagRow]{}, Query: listQueryDoc}},
		{Method: http.MethodGet, Pattern: tags + "/all", Permission: PermViewTags, Reads: reads, Handler: s.allTags,
			Doc: Doc{Summary: "Every tag the application can use, by name (the pickers' list, at most 1000)", Response: dataAnswer[[]tagRow]{}}},
		{Method: http.MethodPost, Pattern: tags, Permission: PermManageTags, Handler: s.createTag,
			Doc: Doc{Summary: "Add a tag: name, apply_to_children", Request: tagCreateInput{}, Response: commandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: tag, Permission: PermViewTags, Reads: reads, Handler: s.getTag,
			Doc: Doc{Summary: "One tag", Response: dataAnswer[tagRow]{}}},
		{Method: http.MethodPut, Pattern: tag, Permission: PermManageTags, Reads: reads, Handler: s.updateTag,
			Doc: Doc{Summary: "Change a tag of the application (an inherited tag is changed in its own application)", Request: tagInput{}, Response: commandAnswer{}}},
		{Method: http.MethodDelete, Pattern: tag, Permission: PermManageTags, Reads: reads, Handler: s.deleteTag,
			Doc: Doc{Summary: "Delete a tag no activity or label filter uses (409 naming them otherwise)", Response: commandAnswer{}, Query: []string{"version"}}},

		{Method: http.MethodGet, Pattern: labels, Permission: PermViewLabels, Reads: reads, Handler: s.listLabels,
			Doc: Doc{Summary: "The application's labels with their activity filter and how many offers each covers", Response: listAnswer[labelRow]{}, Query: listQueryDoc}},
		{Method: http.MethodPost, Pattern: labels, Permission: PermManageLabels, Handler: s.createLabel,
			Doc: Doc{Summary: "Add a label", Request: labelInput{}, Response: commandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: label, Permission: PermViewLabels, Reads: reads, Handler: s.getLabel,
			Doc: Doc{Summary: "One label", Response: dataAnswer[labelRow]{}}},
		{Method: http.MethodPut, Pattern: label, Permission: PermManageLabels, Reads: reads, Handler: s.renameLabel,
			Doc: Doc{Summary: "Rename a label", Request: labelInput{}, Response: commandAnswer{}}},
		{Method: http.MethodPut, Pattern: label + "/activity-filter", Permission: PermManageLabels, Reads: reads, Handler: s.setLabelActivityFilter,
			Doc: Doc{Summary: "Set which activities the label covers: sports, categories, tags, organisations, types, levels (each named dimension must match; naming nothing covers nothing)", Request: activityFilterInput{}, Response: commandAnswer{}}},
		{Method: http.MethodPut, Pattern: label + "/product-filter", Permission: PermManageLabels, Reads: reads, Handler: s.setLabelProductFilter,
			Doc: Doc{Summary: "Set which products the label covers: sports, categories, tags, organisations, product types, levels (each named dimension must match; naming nothing covers nothing)", Request: productFilterInput{}, Response: commandAnswer{}}},
		{Method: http.MethodGet, Pattern: label + "/organization-filter", Permission: PermViewLabels, Reads: withTaxonomy([]string{rmorganizations.Name}), Handler: s.getLabelOrganizationFilter,
			Doc: Doc{Summary: "The organisations whose offers the label covers, with their names", Response: dataAnswer[labelOrganizationFilter]{}}},
		{Method: http.MethodPut, Pattern: label + "/organization-filter", Permission: PermManageLabels, Reads: withTaxonomy([]string{rmorganizations.Name}), Handler: s.setLabelOrganizationFilter,
			Doc: Doc{Summary: "Set the organisations whose offers the label covers (each the application's; none covers nothing)", Request: organizationFilterInput{}, Response: commandAnswer{}}},
		{Method: http.MethodGet, Pattern: label + "/coverage", Permission: PermViewLabels, Reads: reads, Handler: s.labelCoverage,
			Doc: Doc{Summary: "The offers (activities and products) the label covers, by hand, by its activity or product filter or by its organisation filter", Response: listAnswer[coveredOffer]{}, Query: listQueryDoc}},
		{Method: http.MethodDelete, Pattern: label, Permission: PermManageLabels, Reads: append(reads, rmwallets.Name), Handler: s.deleteLabel,
			Doc: Doc{Summary: "Delete a label no wallet names and no activity or product has by hand (409 naming them otherwise)", Response: commandAnswer{}, Query: []string{"version"}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/wallets/{wallet_id}/coverage", Permission: PermViewWallets, Reads: append(reads, rmwallets.Name), Handler: s.walletCoverage,
			Doc: Doc{Summary: "The offers a wallet's moves pay for: covered by an included label and by no excluded one", Response: listAnswer[coveredOffer]{}, Query: listQueryDoc}},
	}
}

// withTaxonomy is reads and the taxonomy read model: for routes that check the
// categories, tags or labels a request names.
func withTaxonomy(reads []string) []string {
	return append(append([]string{}, reads...), rmtaxonomy.Name)
}

func (s *Server) listCategories(w http.ResponseWriter, r *http.Request) error {
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	where, args := searchWhere(q, "", `application_id = $1`, []any{TenantFrom(r.Context()).ApplicationID})
	items, total, err := offerPage(s, r, q, categoryColumns, ` FROM readmodel.categories`, "", where, args, scanCategory)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, listAnswer[categoryRow]{Data: items, Meta: listMeta{Pagination: q.pagination(total)}})
	return nil
}

func (s *Server) categoryInReach(r *http.Request) (categoryRow, error) {
	return taxonomyItem(s, r, "category_id", "category", `SELECT `+categoryColumns+` FROM readmodel.categories WHERE application_id = $1 AND id = $2`, scanCategory)
}

func (s *Server) getCategory(w http.ResponseWriter, r *http.Request) error {
	o, err := s.categoryInReach(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[categoryRow]{Data: o})
	return nil
}

func (s *Server) createCategory(w http.ResponseWriter, r *http.Request) error {
	var in categoryCreateInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	if err := s.checkFileRefs(r, ownFiles, fileRef{"image_id", in.ImageID}); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateCategory(r.Context(), m, categoryInput{Title: in.Title, Link: in.Link, ImageID: in.ImageID}.fields())
	return s.answerCommand(w, "create_category", http.StatusCreated, res, err)
}

func (s *Server) updateCategory(w http.ResponseWriter, r *http.Request) error {
	o, err := s.categoryInReach(r)
	if err != nil {
		return err
	}
	var in categoryInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	if err := s.checkFileRefs(r, ownFiles, fileRef{"image_id", in.ImageID}); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateCategory(r.Context(), m, o.ID, in.Version, in.fields())
	return s.answerCommand(w, "update_category", http.StatusOK, res, err)
}

func (s *Server) deleteCategory(w http.ResponseWriter, r *http.Request) error {
	o, err := s.categoryInReach(r)
	if err != nil {
		return err
	}
	if err := s.refuseInUse(r, "category.in_use", o.ID, `category_ids`); err != nil {
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
	res, err := s.App.DeleteCategory(r.Context(), m, o.ID, expected)
	return s.answerCommand(w, "delete_category", http.StatusOK, res, err)
}

// refuseInUse answers a conflict naming the activities, products and label filters
// (activity or product) whose column (category_ids or tag_ids) names id: deleting it
// would change what they mean.
func (s *Server) refuseInUse(r *http.Request, key, id, column string) error {
	var activities, labels []string
	app := TenantFrom(r.Context()).ApplicationID
	err := s.inTenant(r, func(tx pgx.Tx) error {
		var err error
		if activities, err = firstNames(r, tx, `SELECT name FROM readmodel.label_offers WHERE application_id = $1 AND `+column+` @> ARRAY[$2::uuid] ORDER BY name_key LIMIT 20`, app, id); err != nil {
			return err
		}
		labels, err = firstNames(r, tx, `SELECT name FROM readmodel.labels WHERE application_id = $1
			AND (`+column+` @> ARRAY[$2::uuid] OR product_`+column+` @> ARRAY[$2::uuid]) ORDER BY name_key LIMIT 20`, app, id)
		return err
	})
	if err != nil {
		return err
	}
	if len(activities)+len(labels) > 0 {
		return &domain.ConflictError{Key: key, Params: map[string]any{"activities": orNone(r, activities), "labels": orNone(r, labels)}}
	}
	return nil
}

func firstNames(r *http.Request, tx pgx.Tx, query string, args ...any) ([]string, error) {
	rows, err := tx.Query(r.Context(), query, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// orNone joins names for a message, or says there are none.
func orNone(r *http.Request, names []string) string {
	if len(names) == 0 {
		return translate(lang(r), "taxonomy.none", nil)
	}
	return strings.Join(names, ", ")
}

func (s *Server) listTags(w http.ResponseWriter, r *http.Request) error {
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	where, args := searchWhere(q, "", `application_id = $1`, []any{TenantFrom(r.Context()).ApplicationID})
	items, total, err := offerPage(s, r, q, tagColumns, ` FROM readmodel.tags`, "", where, args, scanTag)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, listAnswer[tagRow]{Data: items, Meta: listMeta{Pagination: q.pagination(total)}})
	return nil
}

func (s *Server) allTags(w http.ResponseWriter, r *http.Request) error {
	var items []tagRow
	err := s.inTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT `+tagColumns+` FROM readmodel.tags WHERE application_id = $1 ORDER BY name_key, id LIMIT $2`,
			TenantFrom(r.Context()).ApplicationID, maxAllTags)
		if err != nil {
			return err
		}
		items, err = collect(rows, scanTag)
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[[]tagRow]{Data: items})
	return nil
}

func (s *Server) tagInReach(r *http.Request) (tagRow, error) {
	return taxonomyItem(s, r, "tag_id", "tag", `SELECT `+tagColumns+` FROM readmodel.tags WHERE application_id = $1 AND id = $2`, scanTag)
}

// ownTag is the path's tag when the application owns it: an inherited tag is edited
// in its own application, so here it is not found.
func (s *Server) ownTag(r *http.Request) (tagRow, error) {
	o, err := s.tagInReach(r)
	if err == nil && o.Inherited {
		err = &domain.NotFoundError{Kind: "tag", ID: o.ID}
	}
	return o, err
}

func (s *Server) getTag(w http.ResponseWriter, r *http.Request) error {
	o, err := s.tagInReach(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[tagRow]{Data: o})
	return nil
}

func (s *Server) createTag(w http.ResponseWriter, r *http.Request) error {
	var in tagCreateInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateTag(r.Context(), m, taxonomy.TagFields{Name: in.Name, ApplyToChildren: in.ApplyToChildren})
	return s.answerCommand(w, "create_tag", http.StatusCreated, res, err)
}

func (s *Server) updateTag(w http.ResponseWriter, r *http.Request) error {
	o, err := s.ownTag(r)
	if err != nil {
		return err
	}
	var in tagInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateTag(r.Context(), m, o.ID, in.Version, taxonomy.TagFields{Name: in.Name, ApplyToChildren: in.ApplyToChildren})
	return s.answerCommand(w, "update_tag", http.StatusOK, res, err)
}

func (s *Server) deleteTag(w http.ResponseWriter, r *http.Request) error {
	o, err := s.ownTag(r)
	if err != nil {
		return err
	}
	if err := s.refuseInUse(r, "tag.in_use", o.ID, `tag_ids`); err != nil {
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
	res, err := s.App.DeleteTag(r.Context(), m, o.ID, expected)
	return s.answerCommand(w, "delete_tag", http.StatusOK, res, err)
}

func (s *Server) listLabels(w http.ResponseWriter, r *http.Request) error {
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	where, args := searchWhere(q, "l.", `l.application_id = $1`, []any{TenantFrom(r.Context()).ApplicationID})
	items, total, err := offerPage(s, r, q, labelColumns, ` FROM readmodel.labels l`, "l.", where, args, scanLabel)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, listAnswer[labelRow]{Data: items, Meta: listMeta{Pagination: q.pagination(total)}})
	return nil
}

func (s *Server) labelInReach(r *http.Request) (labelRow, error) {
	return taxonomyItem(s, r, "label_id", "label", `SELECT `+labelColumns+` FROM readmodel.labels l WHERE l.application_id = $1 AND l.id = $2`, scanLabel)
}

func (s *Server) getLabel(w http.ResponseWriter, r *http.Request) error {
	o, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[labelRow]{Data: o})
	return nil
}

func (s *Server) createLabel(w http.ResponseWriter, r *http.Request) error {
	var in labelInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateLabel(r.Context(), m, in.Name)
	return s.answerCommand(w, "create_label", http.StatusCreated, res, err)
}

func (s *Server) renameLabel(w http.ResponseWriter, r *http.Request) error {
	o, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	var in labelInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.RenameLabel(r.Context(), m, o.ID, in.Version, in.Name)
	return s.answerCommand(w, "rename_label", http.StatusOK, res, err)
}

func (s *Server) setLabelActivityFilter(w http.ResponseWriter, r *http.Request) error {
	o, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	var in activityFilterInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	f, err := taxonomy.CleanActivityFilter(in.filter())
	if err != nil {
		return err
	}
	if err := s.checkFilterRefs(r, f); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetLabelActivityFilter(r.Context(), m, o.ID, in.Version, f)
	return s.answerCommand(w, "set_label_activity_filter", http.StatusOK, res, err)
}

func (s *Server) setLabelProductFilter(w http.ResponseWriter, r *http.Request) error {
	o, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	var in productFilterInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	f, err := taxonomy.CleanProductFilter(in.filter())
	if err != nil {
		return err
	}
	if err := s.checkProductFilterRefs(r, f); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetLabelProductFilter(r.Context(), m, o.ID, in.Version, f)
	return s.answerCommand(w, "set_label_product_filter", http.StatusOK, res, err)
}

func (s *Server) getLabelOrganizationFilter(w http.ResponseWriter, r *http.Request) error {
	l, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	out := labelOrganizationFilter{OrganizationIDs: l.OrganizationFilter.OrganizationIDs, Organizations: []choice{}, Version: l.Version}
	err = s.inTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT id::text, name FROM readmodel.`+rmorganizations.Table+`
			WHERE application_id = $1 AND id = ANY ($2::uuid[]) ORDER BY name, id`, TenantFrom(r.Context()).ApplicationID, out.OrganizationIDs)
		if err != nil {
			return err
		}
		out.Organizations, err = pgx.CollectRows(rows, pgx.RowToStructByPos[choice])
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, dataAnswer[labelOrganizationFilter]{Data: out})
	return nil
}

func (s *Server) setLabelOrganizationFilter(w http.ResponseWriter, r *http.Request) error {
	l, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	var in organizationFilterInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	f, err := taxonomy.CleanOrganizationFilter(taxonomy.OrganizationFilter{OrganizationIDs: in.OrganizationIDs})
	if err != nil {
		return err
	}
	v := &domain.ValidationError{}
	if err := s.checkTaxonomyRefs(r, v, f.OrganizationIDs, "organization_ids", `readmodel.`+rmorganizations.Table); err != nil {
		return err
	}
	if err := v.OrNil(); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetLabelOrganizationFilter(r.Context(), m, l.ID, in.Version, f)
	return s.answerCommand(w, "set_label_organization_filter", http.StatusOK, res, err)
}

// checkFilterRefs refuses a filter naming a sport of no catalogue, or a category, tag
// or organisation the application does not have: 422 on the field.
func (s *Server) checkFilterRefs(r *http.Request, f taxonomy.ActivityFilter) error {
	v := &domain.ValidationError{}
	if err := s.checkSports(r, v, f.SportIDs); err != nil {
		return err
	}
	if err := s.checkTaxonomyRefs(r, v, f.CategoryIDs, "category_ids", categoriesTable); err != nil {
		return err
	}
	if err := s.checkTaxonomyRefs(r, v, f.TagIDs, "tag_ids", tagsTable); err != nil {
		return err
	}
	if err := s.checkTaxonomyRefs(r, v, f.OrganizationIDs, "organization_ids", `readmodel.`+rmorganizations.Table); err != nil {
		return err
	}
	return v.OrNil()
}

// checkProductFilterRefs refuses a product filter naming a sport or product type of no
// catalogue, or a category, tag or organisation the application does not have.
func (s *Server) checkProductFilterRefs(r *http.Request, f taxonomy.ProductFilter) error {
	v := &domain.ValidationError{}
	if err := s.checkFilterRefs(r, taxonomy.ActivityFilter{SportIDs: f.SportIDs, CategoryIDs: f.CategoryIDs, TagIDs: f.TagIDs,
		OrganizationIDs: f.OrganizationIDs}); err != nil {
		var known *domain.ValidationError
		if !errors.As(err, &known) {
			return err
		}
		v = known
	}
	var types int
	if err := s.DB.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.`+rmcatalog.Table(catalog.ProductType)+` WHERE id = ANY ($1::uuid[])`,
		f.ProductTypeIDs).Scan(&types); err != nil {
		return err
	}
	if types != len(f.ProductTypeIDs) {
		v.Add("product_type_ids", "validation.unknown_reference_application", nil)
	}
	return v.OrNil()
}

// Tables the application's references point into.
const (
	tagsTable = `readmodel.tags`
)

func (s *Server) deleteLabel(w http.ResponseWriter, r *http.Request) error {
	o, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	var wallets, activities []string
	app := TenantFrom(r.Context()).ApplicationID
	err = s.inTenant(r, func(tx pgx.Tx) error {
		var err error
		if wallets, err = firstNames(r, tx, `SELECT name FROM readmodel.wallets WHERE application_id = $1 AND ($2 = ANY (included_labels) OR $2 = ANY (excluded_labels)) ORDER BY name_key LIMIT 20`, app, o.ID); err != nil {
			return err
		}
		activities, err = firstNames(r, tx, `SELECT o.name FROM readmodel.label_coverage c JOIN readmodel.label_offers o ON o.id = c.offer_id
			WHERE c.application_id = $1 AND c.label_id = $2 AND c.by_hand ORDER BY o.name_key LIMIT 20`, app, o.ID)
		return err
	})
	if err != nil {
		return err
	}
	if len(wallets)+len(activities) > 0 {
		return &domain.ConflictError{Key: "label.in_use", Params: map[string]any{"wallets": orNone(r, wallets), "activities": orNone(r, activities)}}
	}
	expected, err := versionQuery(r)
	if err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.DeleteLabel(r.Context(), m, o.ID, expected)
	return s.answerCommand(w, "delete_label", http.StatusOK, res, err)
}

const coveredColumns = `o.offer_type, o.id::text, o.name, o.organization_id::text, coalesce(g.name, ''), o.concept`

const coveredFrom = ` FROM readmodel.label_offers o LEFT JOIN readmodel.` + rmorganizations.Table + ` g ON g.id = o.organization_id`

func scanCovered(withReason bool) func(pgx.Row) (coveredOffer, error) {
	return func(row pgx.Row) (coveredOffer, error) {
		var o coveredOffer
		dest := []any{&o.OfferType, &o.ID, &o.Name, &o.OrganizationID, &o.OrganizationName, &o.Concept}
		if withReason {
			dest = append(dest, &o.ByHand, &o.ByFilter, &o.ByOrganization)
		}
		return o, row.Scan(dest...)
	}
}

func (s *Server) labelCoverage(w http.ResponseWriter, r *http.Request) error {
	l, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	where, args := searchWhere(q, "o.", `c.application_id = $1 AND c.label_id = $2`, []any{TenantFrom(r.Context()).ApplicationID, l.ID})
	items, total, err := offerPage(s, r, q, coveredColumns+`, c.by_hand, c.by_filter, c.by_organization`,
		coveredFrom+` JOIN readmodel.label_coverage c ON c.offer_id = o.id AND c.offer_type = o.offer_type`, "o.", where, args, scanCovered(true))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, listAnswer[coveredOffer]{Data: items, Meta: listMeta{Pagination: q.pagination(total)}})
	return nil
}

// walletCoverage answers what a wallet pays for: the offers an included label covers
// and no excluded label covers. A wallet without included labels pays for nothing
// (decision 0611).
func (s *Server) walletCoverage(w http.ResponseWriter, r *http.Request) error {
	x, err := s.walletInScope(r)
	if err != nil {
		return err
	}
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	where := `o.application_id = $1
		AND EXISTS (SELECT 1 FROM readmodel.label_coverage c WHERE c.offer_id = o.id AND c.offer_type = o.offer_type AND c.label_id = ANY ($2::uuid[]))
		AND NOT EXISTS (SELECT 1 FROM readmodel.label_coverage c WHERE c.offer_id = o.id AND c.offer_type = o.offer_type AND c.label_id = ANY ($3::uuid[]))`
	where, args := searchWhere(q, "o.", where, []any{TenantFrom(r.Context()).ApplicationID, x.IncludedLabels, x.ExcludedLabels})
	items, total, err := offerPage(s, r, q, coveredColumns, coveredFrom, "o.", where, args, scanCovered(false))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, listAnswer[coveredOffer]{Data: items, Meta: listMeta{Pagination: q.pagination(total)}})
	return nil
}
