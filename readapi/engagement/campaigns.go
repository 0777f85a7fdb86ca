package engagement

import (
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain/campaign"
	rmcampaigns "move/projections/campaigns"
	"move/readapi/kernel"
)

// Permissions of campaigns (spec §2, §6): application admins hold them (0101).
const (
	PermViewCampaigns   = "view-campaigns"
	PermCreateCampaigns = "create-campaigns"
	PermEditCampaign    = "edit-campaign"
)

type campaignRow struct {
	ID        string  `json:"id"`
	Title     string  `json:"title"`
	URL       string  `json:"url"`
	ImageID   *string `json:"image_id"`
	Version   uint64  `json:"version"`
	CreatedAt string  `json:"created_at"`
	UpdatedAt string  `json:"updated_at"`
}

const campaignColumns = `id::text, title, url, image_id, version, created_at, updated_at`

func scanCampaign(row pgx.Row) (campaignRow, error) {
	var o campaignRow
	var version int64
	var created, updated time.Time
	err := row.Scan(&o.ID, &o.Title, &o.URL, &o.ImageID, &version, &created, &updated)
	o.Version, o.CreatedAt, o.UpdatedAt = uint64(version), kernel.Stamp(created), kernel.Stamp(updated)
	return o, err
}

// campaignInput is the edit form; a PUT names every field (0523).
type campaignInput struct {
	Title   string  `json:"title"`
	URL     string  `json:"url"`
	ImageID *string `json:"image_id"`
	// Version is the version the user edited; a stale one is a 409.
	Version *uint64 `json:"version"`
}

// campaignCreateInput is the create form.
type campaignCreateInput struct {
	Title   string  `json:"title"`
	URL     string  `json:"url"`
	ImageID *string `json:"image_id"`
}

var campaignSorts = map[string]string{"name": "name_key", "created_at": "created_at"}

func (s *Handlers) CampaignRoutes() []kernel.Route {
	reads := []string{rmcampaigns.Name}
	list, one := "/v1/admin/campaigns", "/v1/admin/campaigns/{campaign_id}"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: list, Permission: PermViewCampaigns, Reads: reads, Handler: s.listCampaigns,
			Doc: kernel.Doc{Summary: "The application's campaigns (search on the title; sort name (the title) or created_at)", Response: kernel.ListAnswer[campaignRow]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodPost, Pattern: list, Permission: PermCreateCampaigns, Handler: s.createCampaign,
			Doc: kernel.Doc{Summary: "Add a campaign: title, url (http or https), image (a public file of the application)", Request: campaignCreateInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: one, Permission: PermViewCampaigns, Reads: reads, Handler: s.getCampaign,
			Doc: kernel.Doc{Summary: "One campaign", Response: kernel.DataAnswer[campaignRow]{}}},
		{Method: http.MethodPut, Pattern: one, Permission: PermEditCampaign, Reads: reads, Handler: s.updateCampaign,
			Doc: kernel.Doc{Summary: "Change a campaign", Request: campaignInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodDelete, Pattern: one, Permission: PermEditCampaign, Reads: reads, Handler: s.deleteCampaign,
			Doc: kernel.Doc{Summary: "Delete a campaign", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
	}
}

// sortedPage is offerPage with the list's own sorts: the total and one page.
func sortedPage[T any](s *Handlers, r *http.Request, q kernel.ListQuery, sorts map[string]string, columns, from, where string, args []any,
	scan func(pgx.Row) (T, error)) (items []T, total int64, err error) {
	err = s.InTenant(r, func(tx pgx.Tx) error {
		if err := tx.QueryRow(r.Context(), `SELECT count(*)`+from+` WHERE `+where, args...).Scan(&total); err != nil {
			return err
		}
		var err error
		items, _, err = kernel.KeysetPage(r.Context(), tx, q, nil, kernel.KeysetList{Select: `SELECT ` + columns + from, Where: where, Args: args,
			Order: fmt.Sprintf(`%s %s, id`, sorts[q.Sort], q.Direction())}, scan, nil)
		return err
	})
	return items, total, err
}

func (s *Handlers) listCampaigns(w http.ResponseWriter, r *http.Request) error {
	q, err := kernel.ParseListQuery(r, campaignSorts, "name")
	if err != nil {
		return err
	}
	where, args := kernel.SearchWhere(q, "", `application_id = $1`, []any{kernel.TenantFrom(r.Context()).ApplicationID})
	items, total, err := sortedPage(s, r, q, campaignSorts, campaignColumns, ` FROM readmodel.campaigns`, where, args, scanCampaign)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[campaignRow]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}

func (s *Handlers) campaignInReach(r *http.Request) (campaignRow, error) {
	return kernel.TaxonomyItem(s.Core, r, "campaign_id", "campaign", `SELECT `+campaignColumns+` FROM readmodel.campaigns WHERE application_id = $1 AND id = $2`, scanCampaign)
}

func (s *Handlers) getCampaign(w http.ResponseWriter, r *http.Request) error {
	o, err := s.campaignInReach(r)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[campaignRow]{Data: o})
	return nil
}

func (s *Handlers) createCampaign(w http.ResponseWriter, r *http.Request) error {
	var in campaignCreateInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if err := s.CheckFileRefs(r, kernel.OwnFiles, kernel.FileRef{Field: "image_id", Token: in.ImageID}); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateCampaign(r.Context(), m, campaign.Fields{Title: in.Title, URL: in.URL, ImageID: in.ImageID})
	return s.AnswerCommand(w, "create_campaign", http.StatusCreated, res, err)
}

func (s *Handlers) updateCampaign(w http.ResponseWriter, r *http.Request) error {
	o, err := s.campaignInReach(r)
	if err != nil {
		return err
	}
	var in campaignInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if err := s.CheckFileRefs(r, kernel.OwnFiles, kernel.FileRef{Field: "image_id", Token: in.ImageID}); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateCampaign(r.Context(), m, o.ID, in.Version, campaign.Fields{Title: in.Title, URL: in.URL, ImageID: in.ImageID})
	return s.AnswerCommand(w, "update_campaign", http.StatusOK, res, err)
}

func (s *Handlers) deleteCampaign(w http.ResponseWriter, r *http.Request) error {
	o, err := s.campaignInReach(r)
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
	res, err := s.App.DeleteCampaign(r.Context(), m, o.ID, expected)
	return s.AnswerCommand(w, "delete_campaign", http.StatusOK, res, err)
}
