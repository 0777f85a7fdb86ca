package engagement

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/themedpage"
	"move/identity"
	rmthemedpages "move/projections/themedpages"
	"move/readapi/kernel"
)

// Permissions of themed pages (decision 1640): application admins hold both in their
// application (0101), the superadmin everywhere.
const (
	PermViewThemedPages   = "view-themed-pages"
	PermManageThemedPages = "manage-themed-pages"
)

// themedText is a text in Dutch and English (English may be empty: it falls back to Dutch).
type themedText struct {
	NL string `json:"nl"`
	EN string `json:"en"`
}

// themedBlock is a block as the back office reads it.
type themedBlock struct {
	Type     string     `json:"type"`
	Text     themedText `json:"text"`
	ImageID  *string    `json:"image_id"`
	ImageURL *string    `json:"image_url"`
	URL      *string    `json:"url"`
}

// themedPageRow is a page in the back office's list (without blocks) and detail (with).
type themedPageRow struct {
	ID          string     `json:"id"`
	Title       themedText `json:"title"`
	ImageID     *string    `json:"image_id"`
	ImageURL    *string    `json:"image_url"`
	Status      string     `json:"status"`
	Position    int        `json:"position"`
	BlockCount  int        `json:"block_count"`
	PublishedAt *string    `json:"published_at"`
	Version     uint64     `json:"version"`
	CreatedAt   string     `json:"created_at"`
	UpdatedAt   string     `json:"updated_at"`
}

// themedPageDetail is one page with its blocks.
type themedPageDetail struct {
	themedPageRow
	Blocks []themedBlock `json:"blocks"`
}

const themedPageColumns = `id::text, title_nl, title_en, image_id, status, position, block_count, published_at, version, created_at, updated_at`

func scanThemedPage(row pgx.Row, extra ...any) (themedPageRow, error) {
	var o themedPageRow
	var version int64
	var published *time.Time
	var created, updated time.Time
	err := row.Scan(append([]any{&o.ID, &o.Title.NL, &o.Title.EN, &o.ImageID, &o.Status, &o.Position, &o.BlockCount, &published,
		&version, &created, &updated}, extra...)...)
	o.ImageURL = kernel.FileURL(o.ImageID)
	o.Version, o.CreatedAt, o.UpdatedAt = uint64(version), kernel.Stamp(created), kernel.Stamp(updated)
	if published != nil {
		s := kernel.Stamp(*published)
		o.PublishedAt = &s
	}
	return o, err
}

// themedTextInput is a text of the form: Dutch required, English optional.
type themedTextInput struct {
	NL string `json:"nl"`
	EN string `json:"en,omitempty"`
}

// themedBlockInput is one block of the form; the fields its type does not use are
// left out or null (and ignored).
type themedBlockInput struct {
	// Type is heading, text, image or button.
	Type    string          `json:"type"`
	Text    themedTextInput `json:"text"`
	ImageID *string         `json:"image_id"`
	URL     *string         `json:"url"`
}

// themedPageCreateInput is the create form.
type themedPageCreateInput struct {
	Title   themedTextInput    `json:"title"`
	ImageID *string            `json:"image_id"`
	Blocks  []themedBlockInput `json:"blocks"`
}

// themedPageInput is the edit form; a PUT names every field (0523).
type themedPageInput struct {
	Title   themedTextInput    `json:"title"`
	ImageID *string            `json:"image_id"`
	Blocks  []themedBlockInput `json:"blocks"`
	// Version is the version the user edited; a stale one is a 409.
	Version *uint64 `json:"version"`
}

// themedOrderInput is the application's order of its pages: every page, once.
type themedOrderInput struct {
	PageIDs []string `json:"page_ids"`
}

// themedTheme is the application's colours, for the app to show its pages in.
type themedTheme struct {
	Name           string  `json:"name"`
	PrimaryColor   *string `json:"primary_color"`
	SecondaryColor *string `json:"secondary_color"`
	LogoURL        *string `json:"logo_url"`
}

// publicThemedPage is a published page as the app reads it, its texts in one language.
type publicThemedPage struct {
	ID          string  `json:"id"`
	Title       string  `json:"title"`
	ImageURL    *string `json:"image_url"`
	Position    int     `json:"position"`
	PublishedAt *string `json:"published_at"`
	UpdatedAt   string  `json:"updated_at"`
}

// publicThemedPageDetail is one published page with its blocks.
type publicThemedPageDetail struct {
	publicThemedPage
	Blocks []publicThemedBlock `json:"blocks"`
}

type publicThemedBlock struct {
	Type     string  `json:"type"`
	Text     string  `json:"text"`
	ImageURL *string `json:"image_url"`
	URL      *string `json:"url"`
}

type publicThemedMeta struct {
	// Language is the language of the texts: nl, or en (with Dutch where a text has no English).
	Language string      `json:"language"`
	Theme    themedTheme `json:"theme"`
}

type publicThemedPages struct {
	Data []publicThemedPage `json:"data"`
	Meta publicThemedMeta   `json:"meta"`
}

type publicThemedPageAnswer struct {
	Data publicThemedPageDetail `json:"data"`
	Meta publicThemedMeta       `json:"meta"`
}

var themedPageSorts = map[string]string{"position": "position", "name": "name_key", "updated_at": "updated_at"}

func (s *Handlers) ThemedPageRoutes() []kernel.Route {
	reads := []string{rmthemedpages.Name}
	list, one := "/v1/admin/themed-pages", "/v1/admin/themed-pages/{page_id}"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: list, Permission: PermViewThemedPages, Reads: reads, Handler: s.listThemedPages,
			Doc: kernel.Doc{Summary: "The application's themed pages, in their order (search on the Dutch title; status draft or published; sort position, name or updated_at)",
				Response: kernel.ListAnswer[themedPageRow]{}, Query: append([]string{"status"}, kernel.ListQueryDoc...)}},
		{Method: http.MethodPost, Pattern: list, Permission: PermManageThemedPages, Reads: reads, Handler: s.createThemedPage,
			Doc: kernel.Doc{Summary: "Add a themed page (a draft, last in the order): title, image, blocks (heading, text, image, button)",
				Request: themedPageCreateInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodPost, Pattern: list + "/reorder", Permission: PermManageThemedPages, Reads: reads, Handler: s.reorderThemedPages,
			Doc: kernel.Doc{Summary: "Put the application's themed pages in an order: every page, once, first to last", Request: themedOrderInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodGet, Pattern: one, Permission: PermViewThemedPages, Reads: reads, Handler: s.getThemedPage,
			Doc: kernel.Doc{Summary: "One themed page with its blocks", Response: kernel.DataAnswer[themedPageDetail]{}}},
		{Method: http.MethodPut, Pattern: one, Permission: PermManageThemedPages, Reads: reads, Handler: s.updateThemedPage,
			Doc: kernel.Doc{Summary: "Change a themed page (a published page stays published)", Request: themedPageInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodPost, Pattern: one + "/publish", Permission: PermManageThemedPages, Reads: reads, Handler: s.publishThemedPage(true),
			Doc: kernel.Doc{Summary: "Publish a themed page: the app shows it", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
		{Method: http.MethodPost, Pattern: one + "/unpublish", Permission: PermManageThemedPages, Reads: reads, Handler: s.publishThemedPage(false),
			Doc: kernel.Doc{Summary: "Make a themed page a draft again: the app no longer shows it", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
		{Method: http.MethodDelete, Pattern: one, Permission: PermManageThemedPages, Reads: reads, Handler: s.deleteThemedPage,
			Doc: kernel.Doc{Summary: "Delete a themed page", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
		// The app's reads: published pages only, for anyone (like the offer), in the
		// ApplicationId header's application, in the Accept-Language's language.
		{Method: http.MethodGet, Pattern: "/v1/themed-pages", Permission: kernel.Public, Reads: reads, Handler: s.publicThemedPages,
			Doc: kernel.Doc{Summary: "The application's published themed pages in their order (without blocks), with the application's colours", Response: publicThemedPages{},
				Errors: []int{http.StatusForbidden, http.StatusNotFound}}},
		{Method: http.MethodGet, Pattern: "/v1/themed-pages/{page_id}", Permission: kernel.Public, Reads: reads, Handler: s.publicThemedPage,
			Doc: kernel.Doc{Summary: "One published themed page with its blocks, with the application's colours", Response: publicThemedPageAnswer{},
				Errors: []int{http.StatusForbidden}}},
	}
}

func (s *Handlers) listThemedPages(w http.ResponseWriter, r *http.Request) error {
	q, err := kernel.ParseListQuery(r, themedPageSorts, "position")
	if err != nil {
		return err
	}
	where, args := kernel.SearchWhere(q, "", `application_id = $1`, []any{kernel.TenantFrom(r.Context()).ApplicationID})
	switch status := r.URL.Query().Get("status"); status {
	case "":
	case themedpage.Draft, themedpage.PublishedState:
		args = append(args, status)
		where += fmt.Sprintf(` AND status = $%d`, len(args))
	default:
		return kernel.BadQuery("status")
	}
	var items []themedPageRow
	var total int64
	err = s.InTenant(r, func(tx pgx.Tx) error {
		from := ` FROM readmodel.themed_pages WHERE ` + where
		if err := tx.QueryRow(r.Context(), `SELECT count(*)`+from, args...).Scan(&total); err != nil {
			return err
		}
		n := len(args)
		rows, err := tx.Query(r.Context(), fmt.Sprintf(`SELECT %s%s ORDER BY %s %s, created_at, id LIMIT $%d OFFSET $%d`,
			themedPageColumns, from, themedPageSorts[q.Sort], q.Direction(), n+1, n+2), append(args, q.PerPage, q.Offset())...)
		if err != nil {
			return err
		}
		items, err = kernel.Collect(rows, func(row pgx.Row) (themedPageRow, error) { return scanThemedPage(row) })
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[themedPageRow]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}

// themedPageInReach is the path's page of the tenant, with its blocks.
func (s *Handlers) themedPageInReach(r *http.Request) (themedPageDetail, error) {
	return kernel.TaxonomyItem(s.Core, r, "page_id", "themed_page",
		`SELECT `+themedPageColumns+`, blocks FROM readmodel.themed_pages WHERE application_id = $1 AND id = $2`, scanThemedDetail)
}

func scanThemedDetail(row pgx.Row) (themedPageDetail, error) {
	var blocks []byte
	o, err := scanThemedPage(row, &blocks)
	if err != nil {
		return themedPageDetail{themedPageRow: o}, err
	}
	d := themedPageDetail{themedPageRow: o}
	d.Blocks, err = adminBlocks(blocks)
	return d, err
}

func adminBlocks(raw []byte) ([]themedBlock, error) {
	var stored []themedpage.Block
	if err := json.Unmarshal(raw, &stored); err != nil {
		return nil, err
	}
	out := make([]themedBlock, len(stored)) // never null
	for i, b := range stored {
		out[i] = themedBlock{Type: b.Type, Text: themedText(b.Text), ImageID: b.ImageID, ImageURL: kernel.FileURL(b.ImageID), URL: b.URL}
	}
	return out, nil
}

func (s *Handlers) getThemedPage(w http.ResponseWriter, r *http.Request) error {
	o, err := s.themedPageInReach(r)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[themedPageDetail]{Data: o})
	return nil
}

// themedFields turns the form into the domain's fields, after checking that every image
// is a public file of the application (0534).
func (s *Handlers) themedFields(r *http.Request, title themedTextInput, image *string, blocks []themedBlockInput) (themedpage.Fields, error) {
	f := themedpage.Fields{Title: themedpage.Text(title), ImageID: image, Blocks: make([]themedpage.Block, len(blocks))}
	refs := []kernel.FileRef{{Field: "image_id", Token: image}}
	for i, b := range blocks {
		f.Blocks[i] = themedpage.Block{Type: b.Type, Text: themedpage.Text(b.Text), ImageID: b.ImageID, URL: b.URL}
		if strings.TrimSpace(b.Type) == themedpage.Image && i < themedpage.MaxBlocks {
			refs = append(refs, kernel.FileRef{Field: fmt.Sprintf("blocks.%d.image_id", i), Token: b.ImageID})
		}
	}
	// The domain's rules first (a malformed token, too many blocks), then the files.
	if _, err := themedpage.Clean(f); err != nil {
		return f, err
	}
	err := s.CheckFileRefs(r, kernel.OwnFiles, refs...)
	var v *domain.ValidationError
	if errors.As(err, &v) {
		for i := range v.Fields {
			if strings.HasPrefix(v.Fields[i].Field, "blocks.") {
				v.Fields[i].Params = map[string]any{"field": "block_image"}
			}
		}
	}
	return f, err
}

func (s *Handlers) createThemedPage(w http.ResponseWriter, r *http.Request) error {
	var in themedPageCreateInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	f, err := s.themedFields(r, in.Title, in.ImageID, in.Blocks)
	if err != nil {
		return err
	}
	var count int
	if err := s.InTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT count(*) FROM readmodel.themed_pages WHERE application_id = $1`,
			kernel.TenantFrom(r.Context()).ApplicationID).Scan(&count)
	}); err != nil {
		return err
	}
	if count >= themedpage.MaxPages {
		return &domain.ConflictError{Key: "themed_page.too_many_pages", Params: map[string]any{"max": themedpage.MaxPages}}
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateThemedPage(r.Context(), m, f)
	return s.AnswerCommand(w, "create_themed_page", http.StatusCreated, res, err)
}

func (s *Handlers) updateThemedPage(w http.ResponseWriter, r *http.Request) error {
	o, err := s.themedPageInReach(r)
	if err != nil {
		return err
	}
	var in themedPageInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	f, err := s.themedFields(r, in.Title, in.ImageID, in.Blocks)
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateThemedPage(r.Context(), m, o.ID, in.Version, f)
	return s.AnswerCommand(w, "update_themed_page", http.StatusOK, res, err)
}

func (s *Handlers) publishThemedPage(publish bool) func(http.ResponseWriter, *http.Request) error {
	name := map[bool]string{true: "publish_themed_page", false: "unpublish_themed_page"}[publish]
	return func(w http.ResponseWriter, r *http.Request) error {
		o, err := s.themedPageInReach(r)
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
		res, err := s.App.PublishThemedPage(r.Context(), m, o.ID, expected, publish)
		return s.AnswerCommand(w, name, http.StatusOK, res, err)
	}
}

func (s *Handlers) deleteThemedPage(w http.ResponseWriter, r *http.Request) error {
	o, err := s.themedPageInReach(r)
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
	res, err := s.App.DeleteThemedPage(r.Context(), m, o.ID, expected)
	return s.AnswerCommand(w, "delete_themed_page", http.StatusOK, res, err)
}

// reorderThemedPages: the order must name every page of the application once (a page
// created meanwhile is refused with a message that says to reload).
func (s *Handlers) reorderThemedPages(w http.ResponseWriter, r *http.Request) error {
	var in themedOrderInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	var v domain.ValidationError
	if len(in.PageIDs) > themedpage.MaxPages {
		v.Add("page_ids", "themed_page.too_many_pages", map[string]any{"max": themedpage.MaxPages})
		return &v
	}
	var existing []string
	if err := s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT id::text FROM readmodel.themed_pages WHERE application_id = $1`,
			kernel.TenantFrom(r.Context()).ApplicationID)
		if err != nil {
			return err
		}
		existing, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	}); err != nil {
		return err
	}
	ids := make([]string, len(in.PageIDs))
	for i, id := range in.PageIDs {
		u, err := uuid.Parse(strings.TrimSpace(id))
		if err != nil || !slices.Contains(existing, u.String()) {
			v.Add("page_ids", "themed_page.order_unknown", nil)
			return &v
		}
		ids[i] = u.String()
	}
	slices.Sort(existing)
	sorted := slices.Sorted(slices.Values(ids))
	if !slices.Equal(slices.Compact(sorted), existing) || len(sorted) != len(ids) {
		v.Add("page_ids", "themed_page.order_incomplete", nil)
		return &v
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.OrderThemedPages(r.Context(), m, ids)
	return s.AnswerCommand(w, "order_themed_pages", http.StatusOK, res, err)
}

// publicApplication is the ApplicationId header's application for the app's reads.
func publicApplication(r *http.Request) (string, error) {
	app, err := uuid.Parse(r.Header.Get("ApplicationId"))
	if err != nil {
		return "", kernel.ErrStatus(http.StatusForbidden, "error.application")
	}
	return app.String(), nil
}

// readTheme reads the application's colours; an unknown application is not found.
func readTheme(r *http.Request, tx pgx.Tx, app string) (themedTheme, error) {
	var t themedTheme
	var logo *string
	err := tx.QueryRow(r.Context(), `SELECT name, primary_color, secondary_color, logo_id FROM readmodel.identity_applications WHERE id = $1`, app).
		Scan(&t.Name, &t.PrimaryColor, &t.SecondaryColor, &logo)
	if errors.Is(err, pgx.ErrNoRows) {
		return t, &domain.NotFoundError{Kind: "application", ID: app}
	}
	t.LogoURL = kernel.FileURL(logo)
	return t, err
}

// appImageURL is an image as a phone shows it across its width: the medium size.
func appImageURL(id *string) *string {
	if id == nil || *id == "" {
		return nil
	}
	u := "/v1/files/" + *id + "/medium"
	return &u
}

func publicPage(p themedPageRow, lang string) publicThemedPage {
	return publicThemedPage{ID: p.ID, Title: themedpage.Text(p.Title).In(lang), ImageURL: appImageURL(p.ImageID), Position: p.Position,
		PublishedAt: p.PublishedAt, UpdatedAt: p.UpdatedAt}
}

func publicDetail(p themedPageDetail, lang string) publicThemedPageDetail {
	out := publicThemedPageDetail{publicThemedPage: publicPage(p.themedPageRow, lang), Blocks: []publicThemedBlock{}}
	for _, b := range p.Blocks {
		out.Blocks = append(out.Blocks, publicThemedBlock{Type: b.Type, Text: themedpage.Text(b.Text).In(lang), ImageURL: appImageURL(b.ImageID), URL: b.URL})
	}
	return out
}

func (s *Handlers) publicThemedPages(w http.ResponseWriter, r *http.Request) error {
	app, err := publicApplication(r)
	if err != nil {
		return err
	}
	lang := kernel.Lang(r)
	answer := publicThemedPages{Data: []publicThemedPage{}, Meta: publicThemedMeta{Language: lang}}
	err = identity.ReadInTenant(r.Context(), s.DB, app, func(tx pgx.Tx) error {
		var err error
		if answer.Meta.Theme, err = readTheme(r, tx, app); err != nil {
			return err
		}
		rows, err := tx.Query(r.Context(), `SELECT `+themedPageColumns+` FROM readmodel.themed_pages
			WHERE application_id = $1 AND status = 'published' ORDER BY position, created_at, id LIMIT $2`, app, themedpage.MaxPages)
		if err != nil {
			return err
		}
		pages, err := kernel.Collect(rows, func(row pgx.Row) (themedPageRow, error) { return scanThemedPage(row) })
		for _, p := range pages {
			answer.Data = append(answer.Data, publicPage(p, lang))
		}
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, answer)
	return nil
}

func (s *Handlers) publicThemedPage(w http.ResponseWriter, r *http.Request) error {
	app, err := publicApplication(r)
	if err != nil {
		return err
	}
	id, err := kernel.UUIDParam(r, "page_id", "themed_page")
	if err != nil {
		return err
	}
	lang := kernel.Lang(r)
	answer := publicThemedPageAnswer{Meta: publicThemedMeta{Language: lang}}
	err = identity.ReadInTenant(r.Context(), s.DB, app, func(tx pgx.Tx) error {
		var err error
		if answer.Meta.Theme, err = readTheme(r, tx, app); err != nil {
			return err
		}
		p, err := scanThemedDetail(tx.QueryRow(r.Context(), `SELECT `+themedPageColumns+`, blocks FROM readmodel.themed_pages
			WHERE application_id = $1 AND id = $2 AND status = 'published'`, app, id))
		if errors.Is(err, pgx.ErrNoRows) {
			return &domain.NotFoundError{Kind: "themed_page", ID: id}
		}
		if err != nil {
			return err
		}
		answer.Data = publicDetail(p, lang)
		return nil
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, answer)
	return nil
}
