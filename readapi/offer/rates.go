package offer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/rate"
	rmactivities "move/projections/activities"
	rmproducts "move/projections/products"
	rmrates "move/projections/rates"
	"move/readapi/kernel"
)

// Permissions of rates and cancellation terms (spec section 6 names view-rates).
const (
	PermViewRates   = "view-rates"
	PermManageRates = "manage-rates"
)

// offerListPerPage is the page size of the offer's pickers (spec section 9: locations
// and rates 250 per page).
const offerListPerPage = 250

// RateUsage finds the offers (activities, bundles, products) that name a rate: such a
// rate cannot be deleted. The activities read model answers today (activities.go);
// bundles and products join it when they exist.
type RateUsage interface {
	OffersUsingRate(ctx context.Context, tx pgx.Tx, applicationID, rateID string) ([]OfferRef, error)
}

// OfferRef names an offer that blocks deleting what it uses.
type OfferRef struct {
	ID   string `json:"id"`
	Type string `json:"type"` // activity, bundle or product
	Name string `json:"name"`
}

// OffersUsingRate is the rate usage the rate routes ask.
var OffersUsingRate RateUsage = activitiesUsingRate{}

// rateUsageReads are the read models the rate usage reads: deleting a rate waits for
// them to pass the caller's own writes (decision 1330) before it asks, so an offer the
// caller just gave the rate blocks its deletion (decision 1880).
var rateUsageReads = []string{rmactivities.Name, rmproducts.Name}

// rateRow is a rate as the list and the form show it. The list's first row, "Free",
// has a null id: the choice of no rate (spec section 7).
type rateRow struct {
	ID                   *string `json:"id"`
	OrganizationID       string  `json:"organization_id"`
	Name                 string  `json:"name"`
	PriceCents           int64   `json:"price_cents"`
	VATTier              string  `json:"vat_tier"`
	VATPercent           int     `json:"vat_percent"`
	CancellationTermID   *string `json:"cancellation_term_id"`
	CancellationTermName *string `json:"cancellation_term_name"`
	Version              uint64  `json:"version"`
	CreatedAt            *string `json:"created_at"`
	UpdatedAt            *string `json:"updated_at"`
}

const rateColumns = `r.id::text, r.organization_id::text, r.name, r.price_cents, r.vat_tier, r.cancellation_term_id::text, t.name,
	r.version, r.created_at, r.updated_at`

const rateFrom = ` FROM readmodel.rates r LEFT JOIN readmodel.cancellation_terms t ON t.id = r.cancellation_term_id`

func scanRate(row pgx.Row) (rateRow, error) {
	var o rateRow
	var id string
	var version int64
	var created, updated time.Time
	err := row.Scan(&id, &o.OrganizationID, &o.Name, &o.PriceCents, &o.VATTier, &o.CancellationTermID, &o.CancellationTermName,
		&version, &created, &updated)
	o.ID, o.Version, o.VATPercent = &id, uint64(version), rate.VATPercent[o.VATTier]
	o.CreatedAt, o.UpdatedAt = kernel.StampOrNil(&created), kernel.StampOrNil(&updated)
	return o, err
}

type rateInput struct {
	Name               string  `json:"name"`
	PriceCents         int64   `json:"price_cents"`
	VATTier            string  `json:"vat_tier"`
	CancellationTermID *string `json:"cancellation_term_id"`
	// Version is the version the user edited (update only); a stale one is a 409.
	Version *uint64 `json:"version"`
}

func (in rateInput) fields() rate.Fields {
	return rate.Fields{Name: in.Name, PriceCents: in.PriceCents, VATTier: in.VATTier, CancellationTermID: in.CancellationTermID}
}

// termRow is a cancellation term with its periods in the order they apply.
type termRow struct {
	ID             string        `json:"id"`
	OrganizationID string        `json:"organization_id"`
	Name           string        `json:"name"`
	Periods        []rate.Period `json:"periods"`
	Version        uint64        `json:"version"`
	CreatedAt      string        `json:"created_at"`
	UpdatedAt      string        `json:"updated_at"`
}

const termColumns = `id::text, organization_id::text, name, periods, version, created_at, updated_at`

func scanTerm(row pgx.Row) (termRow, error) {
	var o termRow
	var periods []byte
	var version int64
	var created, updated time.Time
	if err := row.Scan(&o.ID, &o.OrganizationID, &o.Name, &periods, &version, &created, &updated); err != nil {
		return o, err
	}
	o.Version, o.CreatedAt, o.UpdatedAt = uint64(version), kernel.Stamp(created), kernel.Stamp(updated)
	return o, json.Unmarshal(periods, &o.Periods)
}

type termInput struct {
	Name    string        `json:"name"`
	Periods []rate.Period `json:"periods"`
	Version *uint64       `json:"version"`
}

func (s *Handlers) RateRoutes() []kernel.Route {
	reads := []string{rmrates.Name}
	orgRates := "/v1/admin/organizations/{id}/rates"
	orgTerms := "/v1/admin/organizations/{id}/cancellation-terms"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: orgRates, Permission: PermViewRates, Reads: reads, Handler: s.listRates,
			Doc: kernel.Doc{Summary: "The organisation's rates, 250 a page; the first page starts with Free (id null) unless searching", Response: kernel.ListAnswer[rateRow]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodPost, Pattern: orgRates, Permission: PermManageRates, Handler: s.createRate,
			Doc: kernel.Doc{Summary: "Add a rate: name, price including VAT in cents, VAT tier zero|low|high, cancellation term", Request: rateInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: "/v1/admin/rates/{rate_id}", Permission: PermViewRates, Reads: reads, Handler: s.getRate,
			Doc: kernel.Doc{Summary: "One rate", Response: kernel.DataAnswer[rateRow]{}}},
		{Method: http.MethodPut, Pattern: "/v1/admin/rates/{rate_id}", Permission: PermManageRates, Reads: reads, Handler: s.updateRate,
			Doc: kernel.Doc{Summary: "Change a rate (a new price applies to new orders only)", Request: rateInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodDelete, Pattern: "/v1/admin/rates/{rate_id}", Permission: PermManageRates, Reads: reads, Handler: s.deleteRate,
			Doc: kernel.Doc{Summary: "Delete a rate no offer uses (409 naming the offers otherwise)", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
		{Method: http.MethodGet, Pattern: orgTerms, Permission: PermViewRates, Reads: reads, Handler: s.listTerms,
			Doc: kernel.Doc{Summary: "The organisation's cancellation terms, by name", Response: kernel.ListAnswer[termRow]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodPost, Pattern: orgTerms, Permission: PermManageRates, Handler: s.createTerm,
			Doc: kernel.Doc{Summary: "Add a cancellation term: name and periods (from_minutes, until_minutes before the session, refund_percent)", Request: termInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: "/v1/admin/cancellation-terms/{term_id}", Permission: PermViewRates, Reads: reads, Handler: s.getTerm,
			Doc: kernel.Doc{Summary: "One cancellation term", Response: kernel.DataAnswer[termRow]{}}},
		{Method: http.MethodPut, Pattern: "/v1/admin/cancellation-terms/{term_id}", Permission: PermManageRates, Reads: reads, Handler: s.updateTerm,
			Doc: kernel.Doc{Summary: "Change a cancellation term", Request: termInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodDelete, Pattern: "/v1/admin/cancellation-terms/{term_id}", Permission: PermManageRates, Reads: reads, Handler: s.deleteTerm,
			Doc: kernel.Doc{Summary: "Delete a cancellation term no rate names (409 naming the rates otherwise)", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
	}
}

// offerSorts are the sorts of the offer's lists.
var offerSorts = map[string]string{"name": "name_key", "created_at": "created_at"}

// offerListQuery is the list contract with the pickers' page size as its default.
func offerListQuery(r *http.Request) (kernel.ListQuery, error) {
	q, err := kernel.ParseListQuery(r, offerSorts, "name")
	if r.URL.Query().Get("itemsPerPage") == "" {
		q.PerPage = offerListPerPage
	}
	return q, err
}

// offerItem reads the path's offer item (param names its id, kind its refusal) with
// query ($1 the application, $2 the id) and answers it when the caller holds permission
// in its organisation; another organisation's or application's item is not found.
func offerItem[T any](s *Handlers, r *http.Request, permission, param, kind, query string,
	scan func(pgx.Row) (T, error), organization func(T) string) (T, error) {
	var o T
	id, err := kernel.UUIDParam(r, param, kind)
	if err != nil {
		return o, err
	}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		o, err = scan(tx.QueryRow(r.Context(), query, kernel.TenantFrom(r.Context()).ApplicationID, id))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return o, &domain.NotFoundError{Kind: kind, ID: id}
	}
	if err != nil {
		return o, err
	}
	if ok, err := s.AllowedIn(r, organization(o), permission); err != nil || !ok {
		if err == nil {
			err = &domain.NotFoundError{Kind: kind, ID: id}
		}
		return o, err
	}
	return o, nil
}

// offerPage reads one page of an organisation's offer list (rates, terms, locations,
// contacts) and its total in one tenant transaction: from is " FROM …", order the sort
// alias the table's prefix in where ("r.", or ""). Offer lists are small (250 a page):
// Offset paging, sorted by the query's sort, then id.
func offerPage[T any](s *Handlers, r *http.Request, q kernel.ListQuery, columns, from, alias, where string, args []any,
	scan func(pgx.Row) (T, error)) (answer kernel.ListAnswer[T], err error) {
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		answer, err = kernel.ListPage(r.Context(), tx, q, nil, kernel.KeysetList{Select: `SELECT ` + columns + from, Where: where, Args: args,
			Order: fmt.Sprintf(`%s%s %s, %[1]sid`, alias, offerSorts[q.Sort], q.Direction()),
			Count: `SELECT count(*)` + from + ` WHERE ` + where}, scan, nil)
		return err
	})
	return answer, err
}

// writeOfferPage answers one page of an offer list (offerPage).
func writeOfferPage[T any](s *Handlers, w http.ResponseWriter, r *http.Request, q kernel.ListQuery, columns, from, alias, where string, args []any,
	scan func(pgx.Row) (T, error)) error {
	answer, err := offerPage(s, r, q, columns, from, alias, where, args, scan)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, answer)
	return nil
}

func (s *Handlers) listRates(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, PermViewRates)
	if err != nil {
		return err
	}
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	where, args := kernel.SearchWhere(q, "r.", `r.application_id = $1 AND r.organization_id = $2`, []any{kernel.TenantFrom(r.Context()).ApplicationID, org})
	answer, err := offerPage(s, r, q, rateColumns, rateFrom, "r.", where, args, scanRate)
	if err != nil {
		return err
	}
	if q.Page == 1 && strings.TrimSpace(q.Search) == "" {
		free := rateRow{OrganizationID: org, Name: kernel.Translate(kernel.Lang(r), "rate.free", nil), VATTier: rate.VATZero}
		answer.Data = append([]rateRow{free}, answer.Data...)
	}
	kernel.WriteJSON(w, http.StatusOK, answer)
	return nil
}

// rateInReach reads the path's rate and answers it when the caller holds permission
// in its organisation; another organisation's or application's rate is not found.
func (s *Handlers) rateInReach(r *http.Request, permission string) (rateRow, error) {
	return offerItem(s, r, permission, "rate_id", "rate", `SELECT `+rateColumns+rateFrom+` WHERE r.application_id = $1 AND r.id = $2`, scanRate, func(o rateRow) string { return o.OrganizationID })
}

func (s *Handlers) getRate(w http.ResponseWriter, r *http.Request) error {
	o, err := s.rateInReach(r, PermViewRates)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[rateRow]{Data: o})
	return nil
}

func (s *Handlers) createRate(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, PermManageRates)
	if err != nil {
		return err
	}
	var in rateInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateRate(r.Context(), m, org, in.fields())
	return s.AnswerCommand(w, "create_rate", http.StatusCreated, res, err)
}

func (s *Handlers) updateRate(w http.ResponseWriter, r *http.Request) error {
	o, err := s.rateInReach(r, PermManageRates)
	if err != nil {
		return err
	}
	var in rateInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateRate(r.Context(), m, *o.ID, in.Version, in.fields())
	return s.AnswerCommand(w, "update_rate", http.StatusOK, res, err)
}

func (s *Handlers) deleteRate(w http.ResponseWriter, r *http.Request) error {
	o, err := s.rateInReach(r, PermManageRates)
	if err != nil {
		return err
	}
	expected, err := kernel.VersionQuery(r)
	if err != nil {
		return err
	}
	var used []OfferRef
	kernel.AwaitOwnWrites(r, rateUsageReads...)
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		used, err = OffersUsingRate.OffersUsingRate(r.Context(), tx, kernel.TenantFrom(r.Context()).ApplicationID, *o.ID)
		return err
	})
	if err != nil {
		return err
	}
	if len(used) > 0 {
		var offers []string
		for _, u := range used {
			offers = append(offers, u.Name)
		}
		return &domain.ConflictError{Key: "rate.in_use", Params: map[string]any{"offers": strings.Join(offers, ", ")}}
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.DeleteRate(r.Context(), m, *o.ID, expected)
	return s.AnswerCommand(w, "delete_rate", http.StatusOK, res, err)
}

func (s *Handlers) listTerms(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, PermViewRates)
	if err != nil {
		return err
	}
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	where, args := kernel.SearchWhere(q, "", `application_id = $1 AND organization_id = $2`, []any{kernel.TenantFrom(r.Context()).ApplicationID, org})
	return writeOfferPage(s, w, r, q, termColumns, ` FROM readmodel.cancellation_terms`, "", where, args, scanTerm)
}

// termInReach reads the path's term when the caller holds permission in its
// organisation; else it is not found.
func (s *Handlers) termInReach(r *http.Request, permission string) (termRow, error) {
	return offerItem(s, r, permission, "term_id", "cancellation_term", `SELECT `+termColumns+` FROM readmodel.cancellation_terms WHERE application_id = $1 AND id = $2`, scanTerm, func(o termRow) string { return o.OrganizationID })
}

func (s *Handlers) getTerm(w http.ResponseWriter, r *http.Request) error {
	o, err := s.termInReach(r, PermViewRates)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[termRow]{Data: o})
	return nil
}

func (s *Handlers) createTerm(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, PermManageRates)
	if err != nil {
		return err
	}
	var in termInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateCancellationTerm(r.Context(), m, org, rate.TermFields{Name: in.Name, Periods: in.Periods})
	return s.AnswerCommand(w, "create_cancellation_term", http.StatusCreated, res, err)
}

func (s *Handlers) updateTerm(w http.ResponseWriter, r *http.Request) error {
	o, err := s.termInReach(r, PermManageRates)
	if err != nil {
		return err
	}
	var in termInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateCancellationTerm(r.Context(), m, o.ID, in.Version, rate.TermFields{Name: in.Name, Periods: in.Periods})
	return s.AnswerCommand(w, "update_cancellation_term", http.StatusOK, res, err)
}

func (s *Handlers) deleteTerm(w http.ResponseWriter, r *http.Request) error {
	o, err := s.termInReach(r, PermManageRates)
	if err != nil {
		return err
	}
	expected, err := kernel.VersionQuery(r)
	if err != nil {
		return err
	}
	var rates []string
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT name FROM readmodel.rates WHERE application_id = $1 AND cancellation_term_id = $2 ORDER BY name_key LIMIT 20`, kernel.TenantFrom(r.Context()).ApplicationID, o.ID)
		if err != nil {
			return err
		}
		rates, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	if err != nil {
		return err
	}
	if len(rates) > 0 {
		return &domain.ConflictError{Key: "cancellation_term.in_use", Params: map[string]any{"rates": strings.Join(rates, ", ")}}
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.DeleteCancellationTerm(r.Context(), m, o.ID, expected)
	return s.AnswerCommand(w, "delete_cancellation_term", http.StatusOK, res, err)
}
