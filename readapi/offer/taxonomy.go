package offer

import (
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/taxonomy"
	rmorganizations "move/projections/organizations"
	rmtaxonomy "move/projections/taxonomy"
	rmwallets "move/projections/wallets"
	"move/readapi/kernel"
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
	o.Version, o.CreatedAt, o.UpdatedAt = uint64(version), kernel.Stamp(created), kernel.Stamp(updated)
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
	o.Version, o.CreatedAt, o.UpdatedAt = uint64(version), kernel.Stamp(created), kernel.Stamp(updated)
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

func (s *Handlers) TaxonomyRoutes() []kernel.Route {
	reads := []string{rmtaxonomy.Name}
	categories, category := "/v1/admin/categories", "/v1/admin/categories/{category_id}"
	tags, tag := "/v1/admin/tags", "/v1/admin/tags/{tag_id}"
	labels, label := "/v1/admin/labels", "/v1/admin/labels/{label_id}"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: categories, Permission: PermViewCategories, Reads: reads, Handler: s.listCategories,
			Doc: kernel.Doc{Summary: "The application's categories (search on the title; sort name (the title) or created_at); organization_id is accepted for the organisation area's pickers", Response: kernel.ListAnswer[categoryRow]{}, Query: append([]string{"organization_id"}, kernel.ListQueryDoc...)}},
		{Method: http.MethodPost, Pattern: categories, Permission: PermCreateCategories, Handler: s.createCategory,
			Doc: kernel.Doc{Summary: "Add a category: title, link, image (500×250)", Request: categoryCreateInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: category, Permission: PermViewCategories, Reads: reads, Handler: s.getCategory,
			Doc: kernel.Doc{Summary: "One category", Response: kernel.DataAnswer[categoryRow]{}}},
		{Method: http.MethodPut, Pattern: category, Permission: PermManageCategories, Reads: reads, Handler: s.updateCategory,
			Doc: kernel.Doc{Summary: "Change a category", Request: categoryInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodDelete, Pattern: category, Permission: PermManageCategories, Reads: reads, Handler: s.deleteCategory,
			Doc: kernel.Doc{Summary: "Delete a category no activity or label filter uses (409 naming them otherwise)", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},

		{Method: http.MethodGet, Pattern: tags, Permission: PermViewTags, Reads: reads, Handler: s.listTags,
			Doc: kernel.Doc{Summary: "The application's tags, with its parent's tags that apply to children (inherited)", Response: kernel.ListAnswer[tagRow]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodGet, Pattern: tags + "/all", Permission: PermViewTags, Reads: reads, Handler: s.allTags,
			Doc: kernel.Doc{Summary: "Every tag the application can use, by name (the pickers' list, at most 1000)", Response: kernel.DataAnswer[[]tagRow]{}}},
		{Method: http.MethodPost, Pattern: tags, Permission: PermManageTags, Handler: s.createTag,
			Doc: kernel.Doc{Summary: "Add a tag: name, apply_to_children", Request: tagCreateInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: tag, Permission: PermViewTags, Reads: reads, Handler: s.getTag,
			Doc: kernel.Doc{Summary: "One tag", Response: kernel.DataAnswer[tagRow]{}}},
		{Method: http.MethodPut, Pattern: tag, Permission: PermManageTags, Reads: reads, Handler: s.updateTag,
			Doc: kernel.Doc{Summary: "Change a tag of the application (an inherited tag is changed in its own application)", Request: tagInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodDelete, Pattern: tag, Permission: PermManageTags, Reads: reads, Handler: s.deleteTag,
			Doc: kernel.Doc{Summary: "Delete a tag no activity or label filter uses (409 naming them otherwise)", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},

		{Method: http.MethodGet, Pattern: labels, Permission: PermViewLabels, Reads: reads, Handler: s.listLabels,
			Doc: kernel.Doc{Summary: "The application's labels with their activity filter and how many offers each covers", Response: kernel.ListAnswer[labelRow]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodPost, Pattern: labels, Permission: PermManageLabels, Handler: s.createLabel,
			Doc: kernel.Doc{Summary: "Add a label", Request: labelInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: label, Permission: PermViewLabels, Reads: reads, Handler: s.getLabel,
			Doc: kernel.Doc{Summary: "One label", Response: kernel.DataAnswer[labelRow]{}}},
		{Method: http.MethodPut, Pattern: label, Permission: PermManageLabels, Reads: reads, Handler: s.renameLabel,
			Doc: kernel.Doc{Summary: "Rename a label", Request: labelInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodPut, Pattern: label + "/activity-filter", Permission: PermManageLabels, Reads: reads, Handler: s.setLabelActivityFilter,
			Doc: kernel.Doc{Summary: "Set which activities the label covers: sports, categories, tags, organisations, types, levels (each named dimension must match; naming nothing covers nothing)", Request: activityFilterInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodPut, Pattern: label + "/product-filter", Permission: PermManageLabels, Reads: reads, Handler: s.setLabelProductFilter,
			Doc: kernel.Doc{Summary: "Set which products the label covers: sports, categories, tags, organisations, product types, levels (each named dimension must match; naming nothing covers nothing)", Request: productFilterInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: label + "/organization-filter", Permission: PermViewLabels, Reads: withTaxonomy([]string{rmorganizations.Name}), Handler: s.getLabelOrganizationFilter,
			Doc: kernel.Doc{Summary: "The organisations whose offers the label covers, with their names", Response: kernel.DataAnswer[labelOrganizationFilter]{}}},
		{Method: http.MethodPut, Pattern: label + "/organization-filter", Permission: PermManageLabels, Reads: withTaxonomy([]string{rmorganizations.Name}), Handler: s.setLabelOrganizationFilter,
			Doc: kernel.Doc{Summary: "Set the organisations whose offers the label covers (each the application's; none covers nothing)", Request: organizationFilterInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: label + "/coverage", Permission: PermViewLabels, Reads: reads, Handler: s.labelCoverage,
			Doc: kernel.Doc{Summary: "The offers (activities and products) the label covers, by hand, by its activity or product filter or by its organisation filter", Response: kernel.ListAnswer[coveredOffer]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodDelete, Pattern: label, Permission: PermManageLabels, Reads: append(reads, rmwallets.Name), Handler: s.deleteLabel,
			Doc: kernel.Doc{Summary: "Delete a label no wallet names and no activity or product has by hand (409 naming them otherwise)", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/wallets/{wallet_id}/coverage", Permission: kernel.PermViewWallets, Reads: append(reads, rmwallets.Name), Handler: s.walletCoverage,
			Doc: kernel.Doc{Summary: "The offers a wallet's moves pay for: covered by an included label and by no excluded one", Response: kernel.ListAnswer[coveredOffer]{}, Query: kernel.ListQueryDoc}},
	}
}

// withTaxonomy is reads and the taxonomy read model: for routes that check the
// categories, tags or labels a request names.
func withTaxonomy(reads []string) []string {
	return append(append([]string{}, reads...), rmtaxonomy.Name)
}

func (s *Handlers) listCategories(w http.ResponseWriter, r *http.Request) error {
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	where, args := kernel.SearchWhere(q, "", `application_id = $1`, []any{kernel.TenantFrom(r.Context()).ApplicationID})
	return writeOfferPage(s, w, r, q, categoryColumns, ` FROM readmodel.categories`, "", where, args, scanCategory)
}

func (s *Handlers) categoryInReach(r *http.Request) (categoryRow, error) {
	return kernel.TaxonomyItem(s.Core, r, "category_id", "category", `SELECT `+categoryColumns+` FROM readmodel.categories WHERE application_id = $1 AND id = $2`, scanCategory)
}

func (s *Handlers) getCategory(w http.ResponseWriter, r *http.Request) error {
	o, err := s.categoryInReach(r)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[categoryRow]{Data: o})
	return nil
}

func (s *Handlers) createCategory(w http.ResponseWriter, r *http.Request) error {
	var in categoryCreateInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if err := s.CheckFileRefs(r, kernel.OwnFiles, kernel.FileRef{Field: "image_id", Token: in.ImageID, Rule: kernel.Rule("category.image_id")}); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateCategory(r.Context(), m, categoryInput{Title: in.Title, Link: in.Link, ImageID: in.ImageID}.fields())
	return s.AnswerCommand(w, "create_category", http.StatusCreated, res, err)
}

func (s *Handlers) updateCategory(w http.ResponseWriter, r *http.Request) error {
	o, err := s.categoryInReach(r)
	if err != nil {
		return err
	}
	var in categoryInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if err := s.CheckFileRefs(r, kernel.OwnFiles, kernel.FileRef{Field: "image_id", Token: in.ImageID, Rule: kernel.Rule("category.image_id"), Was: o.ImageID}); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateCategory(r.Context(), m, o.ID, in.Version, in.fields())
	return s.AnswerCommand(w, "update_category", http.StatusOK, res, err)
}

func (s *Handlers) deleteCategory(w http.ResponseWriter, r *http.Request) error {
	o, err := s.categoryInReach(r)
	if err != nil {
		return err
	}
	if err := s.refuseInUse(r, "category.in_use", o.ID, `category_ids`); err != nil {
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
	res, err := s.App.DeleteCategory(r.Context(), m, o.ID, expected)
	return s.AnswerCommand(w, "delete_category", http.StatusOK, res, err)
}

// refuseInUse answers a conflict naming the activities, products and label filters
// (activity or product) whose column (category_ids or tag_ids) names id: deleting it
// would change what they mean.
func (s *Handlers) refuseInUse(r *http.Request, key, id, column string) error {
	var activities, labels []string
	app := kernel.TenantFrom(r.Context()).ApplicationID
	err := s.InTenant(r, func(tx pgx.Tx) error {
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
		return kernel.Translate(kernel.Lang(r), "taxonomy.none", nil)
	}
	return strings.Join(names, ", ")
}

func (s *Handlers) listTags(w http.ResponseWriter, r *http.Request) error {
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	where, args := kernel.SearchWhere(q, "", `application_id = $1`, []any{kernel.TenantFrom(r.Context()).ApplicationID})
	return writeOfferPage(s, w, r, q, tagColumns, ` FROM readmodel.tags`, "", where, args, scanTag)
}

func (s *Handlers) allTags(w http.ResponseWriter, r *http.Request) error {
	var items []tagRow
	err := s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT `+tagColumns+` FROM readmodel.tags WHERE application_id = $1 ORDER BY name_key, id LIMIT $2`, kernel.TenantFrom(r.Context()).ApplicationID, maxAllTags)
		if err != nil {
			return err
		}
		items, err = kernel.Collect(rows, scanTag)
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]tagRow]{Data: items})
	return nil
}

func (s *Handlers) tagInReach(r *http.Request) (tagRow, error) {
	return kernel.TaxonomyItem(s.Core, r, "tag_id", "tag", `SELECT `+tagColumns+` FROM readmodel.tags WHERE application_id = $1 AND id = $2`, scanTag)
}

// ownTag is the path's tag when the application owns it: an inherited tag is edited
// in its own application, so here it is not found.
func (s *Handlers) ownTag(r *http.Request) (tagRow, error) {
	o, err := s.tagInReach(r)
	if err == nil && o.Inherited {
		err = &domain.NotFoundError{Kind: "tag", ID: o.ID}
	}
	return o, err
}

func (s *Handlers) getTag(w http.ResponseWriter, r *http.Request) error {
	o, err := s.tagInReach(r)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[tagRow]{Data: o})
	return nil
}

func (s *Handlers) createTag(w http.ResponseWriter, r *http.Request) error {
	var in tagCreateInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateTag(r.Context(), m, taxonomy.TagFields{Name: in.Name, ApplyToChildren: in.ApplyToChildren})
	return s.AnswerCommand(w, "create_tag", http.StatusCreated, res, err)
}

func (s *Handlers) updateTag(w http.ResponseWriter, r *http.Request) error {
	o, err := s.ownTag(r)
	if err != nil {
		return err
	}
	var in tagInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateTag(r.Context(), m, o.ID, in.Version, taxonomy.TagFields{Name: in.Name, ApplyToChildren: in.ApplyToChildren})
	return s.AnswerCommand(w, "update_tag", http.StatusOK, res, err)
}

func (s *Handlers) deleteTag(w http.ResponseWriter, r *http.Request) error {
	o, err := s.ownTag(r)
	if err != nil {
		return err
	}
	if err := s.refuseInUse(r, "tag.in_use", o.ID, `tag_ids`); err != nil {
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
	res, err := s.App.DeleteTag(r.Context(), m, o.ID, expected)
	return s.AnswerCommand(w, "delete_tag", http.StatusOK, res, err)
}

// Tables the application's references point into.
const (
	tagsTable = `readmodel.tags`
)
