// Package catalog is the read model of the superadmin catalogue screens: one table per
// kind (sports, location_types, product_types), each built by its own projector.
package catalog

import (
	"context"
	"fmt"
	"strings"

	"move/domain/catalog"
	"move/domain/names"
	"move/projections"
)

// Table is the read-model table (and projector name) of a kind.
func Table(k catalog.Kind) string { return k.Name + "s" }

// Projectors answers one projector per catalogue kind.
func Projectors() []projections.Projector {
	out := make([]projections.Projector, len(catalog.Kinds))
	for i, k := range catalog.Kinds {
		out[i] = projector{kind: k}
	}
	return out
}

type projector struct{ kind catalog.Kind }

func (p projector) Name() string     { return Table(p.kind) }
func (p projector) Version() int     { return 1 }
func (p projector) Tables() []string { return []string{Table(p.kind)} }

// Schema: platform-wide rows (application_id NULL), visible to every application.
// name_key is the normalised name the list sorts and searches on.
func (p projector) Schema() string {
	t := Table(p.kind)
	return fmt.Sprintf(`
CREATE TABLE %[1]s (
    id             uuid        PRIMARY KEY,
    application_id uuid,
    name           text        NOT NULL,
    name_key       text        NOT NULL,
    icon_id        text,
    highlighted    boolean,
    version        bigint      NOT NULL,
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);
CREATE INDEX %[1]s_by_name ON %[1]s (name_key, id);`, t)
}

func (p projector) EventTypes() []string {
	var types []string
	for _, e := range []string{"created", "updated", "deleted"} {
		types = append(types, p.kind.Name+"."+e+".v1")
	}
	return types
}

func (p projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	t := Table(p.kind)
	if catalog.IsDeleted(e.Payload) {
		return w.Exec(ctx, `DELETE FROM `+t+` WHERE id = $1`, p.id(e))
	}
	f, ok := catalog.Values(e.Payload)
	if !ok {
		return nil
	}
	return w.Exec(ctx, `
		INSERT INTO `+t+` (id, name, name_key, icon_id, highlighted, version, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
		ON CONFLICT (id) DO UPDATE SET name = $2, name_key = $3, icon_id = $4, highlighted = $5,
		       version = $6, updated_at = $7`,
		p.id(e), f.Name, names.Normalize(f.Name), f.IconID, f.Highlighted, int64(e.Version), e.RecordedAt)
}

// id is the item id: the stream name after the kind's prefix.
func (p projector) id(e projections.Event) string {
	return strings.TrimPrefix(e.Stream, p.kind.Stream(""))
}
