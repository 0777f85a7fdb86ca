// Package themedpages is the read model of the applications' themed pages
// (docs/decisions/1640-themed-pages.md): one row per page with its blocks as JSON,
// its status and its place in the application's order.
package themedpages

import (
	"context"
	"encoding/json"
	"strings"

	"move/domain/names"
	"move/domain/themedpage"
	"move/projections"
)

// Name is the projector's permanent name; the table carries the same name.
const Name = "themed_pages"

// Projector builds readmodel.themed_pages.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string         { return Name }
func (projector) Version() int         { return 1 }
func (projector) Tables() []string     { return []string{Name} }
func (projector) EventTypes() []string { return themedpage.EventTypes() }

// Schema: position is the page's place in its application's order (gaps allowed; ties
// are broken by creation); a new page comes last; blocks are the page's blocks as the
// event holds them.
func (projector) Schema() string {
	return `
CREATE TABLE themed_pages (
    id             uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    title_nl       text        NOT NULL,
    title_en       text        NOT NULL,
    name_key       text        NOT NULL,
    image_id       text,
    blocks         jsonb       NOT NULL,
    block_count    integer     NOT NULL,
    status         text        NOT NULL,
    position       integer     NOT NULL,
    published_at   timestamptz,
    version        bigint      NOT NULL,
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);
CREATE INDEX themed_pages_by_position ON themed_pages (application_id, position, created_at, id);
CREATE INDEX themed_pages_by_title ON themed_pages (application_id, name_key, id);` + projections.TenantRLS("themed_pages")
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	version := int64(e.Version)
	if p, ok := e.Payload.(themedpage.OrderSet); ok {
		// The listed pages take their places; a page the order does not list (created
		// while the order was being made) keeps its place after them.
		ids := p.PageIDs
		if ids == nil {
			ids = []string{}
		}
		return w.Exec(ctx, `
			UPDATE themed_pages SET position = coalesce(array_position($2::text[], id::text) - 1, cardinality($2::text[]) + position)
			WHERE application_id = $1`, p.ApplicationID, ids)
	}
	id := strings.TrimPrefix(e.Stream, themedpage.StreamPrefix)
	switch p := e.Payload.(type) {
	case themedpage.Created:
		blocks, err := blocksJSON(p.Blocks)
		if err != nil {
			return err
		}
		return w.Exec(ctx, `
			INSERT INTO themed_pages (id, application_id, title_nl, title_en, name_key, image_id, blocks, block_count, status, position, version, created_at, updated_at)
			SELECT $1, $2, $3, $4, $5, $6, $7::jsonb, $8, 'draft',
				coalesce((SELECT max(position) + 1 FROM themed_pages WHERE application_id = $2), 0), $9, $10, $10
			ON CONFLICT (id) DO NOTHING`,
			id, p.ApplicationID, p.Title.NL, p.Title.EN, names.Normalize(p.Title.NL), p.ImageID, blocks, len(p.Blocks), version, e.RecordedAt)
	case themedpage.Updated:
		blocks, err := blocksJSON(p.Blocks)
		if err != nil {
			return err
		}
		return w.Exec(ctx, `UPDATE themed_pages SET title_nl = $2, title_en = $3, name_key = $4, image_id = $5, blocks = $6::jsonb, block_count = $7,
			version = $8, updated_at = $9 WHERE id = $1`,
			id, p.Title.NL, p.Title.EN, names.Normalize(p.Title.NL), p.ImageID, blocks, len(p.Blocks), version, e.RecordedAt)
	case themedpage.Published:
		return w.Exec(ctx, `UPDATE themed_pages SET status = 'published', published_at = $2, version = $3, updated_at = $2 WHERE id = $1`,
			id, e.RecordedAt, version)
	case themedpage.Unpublished:
		return w.Exec(ctx, `UPDATE themed_pages SET status = 'draft', published_at = NULL, version = $3, updated_at = $2 WHERE id = $1`,
			id, e.RecordedAt, version)
	case themedpage.Deleted:
		return w.Exec(ctx, `DELETE FROM themed_pages WHERE id = $1`, id)
	}
	return nil
}

// blocksJSON is the blocks as stored: never null.
func blocksJSON(blocks []themedpage.Block) (string, error) {
	if blocks == nil {
		blocks = []themedpage.Block{}
	}
	b, err := json.Marshal(blocks)
	return string(b), err
}
