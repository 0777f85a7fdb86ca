package offer

import (
	"errors"
	"move/domain"
	"move/domain/catalog"
	"move/domain/taxonomy"
	rmcatalog "move/projections/catalog"
	rmorganizations "move/projections/organizations"
	"move/readapi/kernel"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
)

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
	o.Version, o.CreatedAt, o.UpdatedAt = uint64(version), kernel.Stamp(created), kernel.Stamp(updated)
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
	OrganizationIDs []string        `json:"organization_ids"`
	Organizations   []kernel.Choice `json:"organizations"`
	Version         uint64          `json:"version"`
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

func (s *Handlers) listLabels(w http.ResponseWriter, r *http.Request) error {
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	where, args := kernel.SearchWhere(q, "l.", `l.application_id = $1`, []any{kernel.TenantFrom(r.Context()).ApplicationID})
	return writeOfferPage(s, w, r, q, labelColumns, ` FROM readmodel.labels l`, "l.", where, args, scanLabel)
}

func (s *Handlers) labelInReach(r *http.Request) (labelRow, error) {
	return kernel.TaxonomyItem(s.Core, r, "label_id", "label", `SELECT `+labelColumns+` FROM readmodel.labels l WHERE l.application_id = $1 AND l.id = $2`, scanLabel)
}

func (s *Handlers) getLabel(w http.ResponseWriter, r *http.Request) error {
	o, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[labelRow]{Data: o})
	return nil
}

func (s *Handlers) createLabel(w http.ResponseWriter, r *http.Request) error {
	var in labelInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateLabel(r.Context(), m, in.Name)
	return s.AnswerCommand(w, "create_label", http.StatusCreated, res, err)
}

func (s *Handlers) renameLabel(w http.ResponseWriter, r *http.Request) error {
	o, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	var in labelInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.RenameLabel(r.Context(), m, o.ID, in.Version, in.Name)
	return s.AnswerCommand(w, "rename_label", http.StatusOK, res, err)
}

func (s *Handlers) setLabelActivityFilter(w http.ResponseWriter, r *http.Request) error {
	o, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	var in activityFilterInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	f, err := taxonomy.CleanActivityFilter(in.filter())
	if err != nil {
		return err
	}
	if err := s.checkFilterRefs(r, f); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetLabelActivityFilter(r.Context(), m, o.ID, in.Version, f)
	return s.AnswerCommand(w, "set_label_activity_filter", http.StatusOK, res, err)
}

func (s *Handlers) setLabelProductFilter(w http.ResponseWriter, r *http.Request) error {
	o, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	var in productFilterInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	f, err := taxonomy.CleanProductFilter(in.filter())
	if err != nil {
		return err
	}
	if err := s.checkProductFilterRefs(r, f); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetLabelProductFilter(r.Context(), m, o.ID, in.Version, f)
	return s.AnswerCommand(w, "set_label_product_filter", http.StatusOK, res, err)
}

func (s *Handlers) getLabelOrganizationFilter(w http.ResponseWriter, r *http.Request) error {
	l, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	out := labelOrganizationFilter{OrganizationIDs: l.OrganizationFilter.OrganizationIDs, Organizations: []kernel.Choice{}, Version: l.Version}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT id::text, name FROM readmodel.`+rmorganizations.Table+`
			WHERE application_id = $1 AND id = ANY ($2::uuid[]) ORDER BY name, id`, kernel.TenantFrom(r.Context()).ApplicationID, out.OrganizationIDs)
		if err != nil {
			return err
		}
		out.Organizations, err = pgx.CollectRows(rows, pgx.RowToStructByPos[kernel.Choice])
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[labelOrganizationFilter]{Data: out})
	return nil
}

func (s *Handlers) setLabelOrganizationFilter(w http.ResponseWriter, r *http.Request) error {
	l, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	var in organizationFilterInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	f, err := taxonomy.CleanOrganizationFilter(taxonomy.OrganizationFilter{OrganizationIDs: in.OrganizationIDs})
	if err != nil {
		return err
	}
	v := &domain.ValidationError{}
	if err := s.CheckTaxonomyRefs(r, v, f.OrganizationIDs, "organization_ids", `readmodel.`+rmorganizations.Table); err != nil {
		return err
	}
	if err := v.OrNil(); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.SetLabelOrganizationFilter(r.Context(), m, l.ID, in.Version, f)
	return s.AnswerCommand(w, "set_label_organization_filter", http.StatusOK, res, err)
}

// checkFilterRefs refuses a filter naming a sport of no catalogue, or a category, tag
// or organisation the application does not have: 422 on the field.
func (s *Handlers) checkFilterRefs(r *http.Request, f taxonomy.ActivityFilter) error {
	v := &domain.ValidationError{}
	if err := s.CheckSports(r, v, f.SportIDs); err != nil {
		return err
	}
	if err := s.CheckTaxonomyRefs(r, v, f.CategoryIDs, "category_ids", kernel.CategoriesTable); err != nil {
		return err
	}
	if err := s.CheckTaxonomyRefs(r, v, f.TagIDs, "tag_ids", tagsTable); err != nil {
		return err
	}
	if err := s.CheckTaxonomyRefs(r, v, f.OrganizationIDs, "organization_ids", `readmodel.`+rmorganizations.Table); err != nil {
		return err
	}
	return v.OrNil()
}

// checkProductFilterRefs refuses a product filter naming a sport or product type of no
// catalogue, or a category, tag or organisation the application does not have.
func (s *Handlers) checkProductFilterRefs(r *http.Request, f taxonomy.ProductFilter) error {
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

func (s *Handlers) deleteLabel(w http.ResponseWriter, r *http.Request) error {
	o, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	var wallets, activities []string
	app := kernel.TenantFrom(r.Context()).ApplicationID
	err = s.InTenant(r, func(tx pgx.Tx) error {
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
	expected, err := kernel.VersionQuery(r)
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.DeleteLabel(r.Context(), m, o.ID, expected)
	return s.AnswerCommand(w, "delete_label", http.StatusOK, res, err)
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

func (s *Handlers) labelCoverage(w http.ResponseWriter, r *http.Request) error {
	l, err := s.labelInReach(r)
	if err != nil {
		return err
	}
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	where, args := kernel.SearchWhere(q, "o.", `c.application_id = $1 AND c.label_id = $2`, []any{kernel.TenantFrom(r.Context()).ApplicationID, l.ID})
	return writeOfferPage(s, w, r, q, coveredColumns+`, c.by_hand, c.by_filter, c.by_organization`,
		coveredFrom+` JOIN readmodel.label_coverage c ON c.offer_id = o.id AND c.offer_type = o.offer_type`, "o.", where, args, scanCovered(true))
}

// walletCoverage answers what a wallet pays for: the offers an included label covers
// and no excluded label covers. A wallet without included labels pays for nothing
// (decision 0611).
func (s *Handlers) walletCoverage(w http.ResponseWriter, r *http.Request) error {
	x, err := s.WalletInScope(r)
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
	where, args := kernel.SearchWhere(q, "o.", where, []any{kernel.TenantFrom(r.Context()).ApplicationID, x.IncludedLabels, x.ExcludedLabels})
	return writeOfferPage(s, w, r, q, coveredColumns, coveredFrom, "o.", where, args, scanCovered(false))
}
