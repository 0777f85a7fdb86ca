// Package taxonomy is the read model of an application's categories, tags and labels,
// and of what each label covers (docs/decisions/0610-categories-tags-and-labels.md,
// 0611-label-coverage.md).
//
// Coverage is evaluated here, in the projection: the projector keeps its own copy of
// the facts a filter asks about (label_offers: an activity's or product's
// organisation, sport, type or product type, level, categories, tags and the labels
// assigned to it by hand), so a changed
// filter or a changed activity re-evaluates in SQL, set-wise, without reading another
// projector's tables (a rebuild of one never waits for another). label_coverage says
// why a label covers an offer: by hand, by its activity or product filter (1001), by
// its organisation filter (0614), or several of these.
//
// application_filters are the consumer search filters of each application (0612).
//
// Tags of a parent application with apply_to_children are copied into each child
// application as rows of that child (owner_application_id names the owner), so the
// child reads them under its own row-level security.
package taxonomy

import (
	"context"
	"strings"

	"move/domain/activity"
	"move/domain/identity"
	"move/domain/names"
	"move/domain/organization"
	"move/domain/product"
	"move/domain/taxonomy"
	"move/projections"
)

// Table names; Name is the projector's permanent name.
const (
	Name         = "taxonomy"
	Categories   = "categories"
	Tags         = "tags"
	Labels       = "labels"
	Offers       = "label_offers"
	Coverage     = "label_coverage"
	Applications = "taxonomy_applications"
	Filters      = "application_filters"
)

// Offer types in label_offers and label_coverage.
const (
	OfferActivity = "activity"
	OfferProduct  = "product"
)

// Projector builds the taxonomy tables.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string { return Name }

// Version 2: labels.covered_organization_ids and label_coverage.by_organization (0614).
// Version 3: products in label_offers and the labels' product filter (1001).
func (projector) Version() int { return 3 }
func (projector) Tables() []string {
	return []string{Categories, Tags, Labels, Offers, Coverage, Applications, Filters}
}

func (projector) EventTypes() []string {
	return append(taxonomy.EventTypes(),
		activity.Created{}.EventType(), activity.Updated{}.EventType(), activity.LabelsAssigned{}.EventType(), activity.Deleted{}.EventType(),
		product.Created{}.EventType(), product.Updated{}.EventType(), product.LabelsAssigned{}.EventType(), product.Deleted{}.EventType(),
		identity.ApplicationCreated{}.EventType(), identity.ApplicationUpdated{}.EventType(), organization.Deleted{}.EventType())
}

func (projector) Schema() string {
	return `
CREATE TABLE categories (
    id             uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    title          text        NOT NULL,
    name_key       text        NOT NULL,
    link           text        NOT NULL DEFAULT '',
    image_id       uuid,
    version        bigint      NOT NULL,
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);
CREATE INDEX categories_by_title ON categories (application_id, name_key, id);` + projections.TenantRLS("categories") + `
CREATE TABLE taxonomy_applications (
    application_id uuid PRIMARY KEY,
    parent_id      uuid
);
CREATE INDEX taxonomy_applications_by_parent ON taxonomy_applications (parent_id);` + projections.InternalRLS("taxonomy_applications") + `
CREATE TABLE tags (
    application_id       uuid        NOT NULL,
    id                   uuid        NOT NULL,
    owner_application_id uuid        NOT NULL,
    name                 text        NOT NULL,
    name_key             text        NOT NULL,
    apply_to_children    boolean     NOT NULL,
    version              bigint      NOT NULL,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL,
    PRIMARY KEY (application_id, id)
);
CREATE INDEX tags_by_name ON tags (application_id, name_key, id);
CREATE INDEX tags_by_id ON tags (id);` + projections.TenantRLS("tags") + `
CREATE TABLE labels (
    id                  uuid        PRIMARY KEY,
    application_id      uuid        NOT NULL,
    name                text        NOT NULL,
    name_key            text        NOT NULL,
    sport_ids           uuid[]      NOT NULL DEFAULT '{}',
    category_ids        uuid[]      NOT NULL DEFAULT '{}',
    tag_ids             uuid[]      NOT NULL DEFAULT '{}',
    organization_ids    uuid[]      NOT NULL DEFAULT '{}',
    types               text[]      NOT NULL DEFAULT '{}',
    levels              text[]      NOT NULL DEFAULT '{}',
    has_activity_filter boolean     NOT NULL DEFAULT false,
    covered_organization_ids uuid[] NOT NULL DEFAULT '{}',
    product_sport_ids        uuid[] NOT NULL DEFAULT '{}',
    product_category_ids     uuid[] NOT NULL DEFAULT '{}',
    product_tag_ids          uuid[] NOT NULL DEFAULT '{}',
    product_organization_ids uuid[] NOT NULL DEFAULT '{}',
    product_type_ids         uuid[] NOT NULL DEFAULT '{}',
    product_levels           text[] NOT NULL DEFAULT '{}',
    has_product_filter       boolean NOT NULL DEFAULT false,
    version             bigint      NOT NULL,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL
);
CREATE INDEX labels_by_name ON labels (application_id, name_key, id);
CREATE INDEX labels_with_filter ON labels (application_id) WHERE has_activity_filter OR has_product_filter;` + projections.TenantRLS("labels") + `
CREATE TABLE label_offers (
    id              uuid    PRIMARY KEY,
    offer_type      text    NOT NULL,
    application_id  uuid    NOT NULL,
    organization_id uuid    NOT NULL,
    name            text    NOT NULL,
    name_key        text    NOT NULL,
    type            text    NOT NULL,
    sport_id        uuid,
    product_type_id uuid,
    level           text    NOT NULL DEFAULT '',
    category_ids    uuid[]  NOT NULL DEFAULT '{}',
    tag_ids         uuid[]  NOT NULL DEFAULT '{}',
    label_ids       uuid[]  NOT NULL DEFAULT '{}',
    concept         boolean NOT NULL DEFAULT false
);
CREATE INDEX label_offers_by_name ON label_offers (application_id, name_key, id);
CREATE INDEX label_offers_by_category ON label_offers USING gin (category_ids);
CREATE INDEX label_offers_by_tag ON label_offers USING gin (tag_ids);` + projections.TenantRLS("label_offers") + `
CREATE TABLE label_coverage (
    application_id uuid    NOT NULL,
    label_id       uuid    NOT NULL,
    offer_type     text    NOT NULL,
    offer_id       uuid    NOT NULL,
    by_hand        boolean NOT NULL DEFAULT false,
    by_filter      boolean NOT NULL DEFAULT false,
    by_organization boolean NOT NULL DEFAULT false,
    PRIMARY KEY (label_id, offer_type, offer_id)
);
CREATE INDEX label_coverage_by_offer ON label_coverage (offer_id, label_id);` + projections.TenantRLS("label_coverage") + `
CREATE TABLE application_filters (
    application_id uuid        PRIMARY KEY,
    sport_ids      uuid[]      NOT NULL,
    category_ids   uuid[]      NOT NULL,
    label_ids      uuid[]      NOT NULL,
    version        bigint      NOT NULL,
    updated_at     timestamptz NOT NULL
);` + projections.TenantRLS("application_filters")
}

// matches is true when label l's activity filter covers activity o, or its product
// filter covers product o: every dimension the filter names matches, and a filter that
// names nothing covers nothing.
const matches = `((l.has_activity_filter AND o.offer_type = '` + OfferActivity + `'
	AND (cardinality(l.sport_ids) = 0 OR o.sport_id = ANY (l.sport_ids))
	AND (cardinality(l.category_ids) = 0 OR o.category_ids && l.category_ids)
	AND (cardinality(l.tag_ids) = 0 OR o.tag_ids && l.tag_ids)
	AND (cardinality(l.organization_ids) = 0 OR o.organization_id = ANY (l.organization_ids))
	AND (cardinality(l.types) = 0 OR o.type = ANY (l.types))
	AND (cardinality(l.levels) = 0 OR o.level = ANY (l.levels)))
	OR (l.has_product_filter AND o.offer_type = '` + OfferProduct + `'
	AND (cardinality(l.product_sport_ids) = 0 OR o.sport_id = ANY (l.product_sport_ids))
	AND (cardinality(l.product_category_ids) = 0 OR o.category_ids && l.product_category_ids)
	AND (cardinality(l.product_tag_ids) = 0 OR o.tag_ids && l.product_tag_ids)
	AND (cardinality(l.product_organization_ids) = 0 OR o.organization_id = ANY (l.product_organization_ids))
	AND (cardinality(l.product_type_ids) = 0 OR o.product_type_id = ANY (l.product_type_ids))
	AND (cardinality(l.product_levels) = 0 OR o.level = ANY (l.product_levels))))`

// coveredOrganization is true when label l's organisation filter names offer o's organisation.
const coveredOrganization = `o.organization_id = ANY (l.covered_organization_ids)`

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	version := int64(e.Version)
	switch p := e.Payload.(type) {
	case taxonomy.CategoryCreated:
		return w.Exec(ctx, `
			INSERT INTO categories (id, application_id, title, name_key, link, image_id, version, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (id) DO NOTHING`,
			streamID(e, taxonomy.CategoryStreamPrefix), p.ApplicationID, p.Title, names.Normalize(p.Title), p.Link, p.ImageID, version, e.RecordedAt)
	case taxonomy.CategoryUpdated:
		return w.Exec(ctx, `UPDATE categories SET title = $2, name_key = $3, link = $4, image_id = $5, version = $6, updated_at = $7 WHERE id = $1`,
			streamID(e, taxonomy.CategoryStreamPrefix), p.Title, names.Normalize(p.Title), p.Link, p.ImageID, version, e.RecordedAt)
	case taxonomy.CategoryDeleted:
		return w.Exec(ctx, `DELETE FROM categories WHERE id = $1`, streamID(e, taxonomy.CategoryStreamPrefix))

	case taxonomy.TagCreated:
		id := streamID(e, taxonomy.TagStreamPrefix)
		if err := w.Exec(ctx, `
			INSERT INTO tags (application_id, id, owner_application_id, name, name_key, apply_to_children, version, created_at, updated_at)
			VALUES ($1, $2, $1, $3, $4, $5, $6, $7, $7) ON CONFLICT DO NOTHING`,
			p.ApplicationID, id, p.Name, names.Normalize(p.Name), p.ApplyToChildren, version, e.RecordedAt); err != nil {
			return err
		}
		return inheritTag(ctx, w, id)
	case taxonomy.TagUpdated:
		id := streamID(e, taxonomy.TagStreamPrefix)
		if err := w.Exec(ctx, `DELETE FROM tags WHERE id = $1 AND application_id <> owner_application_id`, id); err != nil {
			return err
		}
		if err := w.Exec(ctx, `UPDATE tags SET name = $2, name_key = $3, apply_to_children = $4, version = $5, updated_at = $6 WHERE id = $1`,
			id, p.Name, names.Normalize(p.Name), p.ApplyToChildren, version, e.RecordedAt); err != nil {
			return err
		}
		return inheritTag(ctx, w, id)
	case taxonomy.TagDeleted:
		return w.Exec(ctx, `DELETE FROM tags WHERE id = $1`, streamID(e, taxonomy.TagStreamPrefix))

	case taxonomy.FiltersSet:
		return w.Exec(ctx, `
			INSERT INTO application_filters (application_id, sport_ids, category_ids, label_ids, version, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (application_id) DO UPDATE SET sport_ids = excluded.sport_ids, category_ids = excluded.category_ids,
			       label_ids = excluded.label_ids, version = excluded.version, updated_at = excluded.updated_at`,
			p.ApplicationID, nonNil(p.SportIDs), nonNil(p.CategoryIDs), nonNil(p.LabelIDs), version, e.RecordedAt)

	case identity.ApplicationCreated:
		return setParent(ctx, w, streamID(e, identity.ApplicationStream("")), p.ParentID)
	case identity.ApplicationUpdated:
		return setParent(ctx, w, streamID(e, identity.ApplicationStream("")), p.ParentID)

	case taxonomy.LabelCreated:
		return w.Exec(ctx, `
			INSERT INTO labels (id, application_id, name, name_key, version, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (id) DO NOTHING`,
			streamID(e, taxonomy.LabelStreamPrefix), p.ApplicationID, p.Name, names.Normalize(p.Name), version, e.RecordedAt)
	case taxonomy.LabelRenamed:
		return w.Exec(ctx, `UPDATE labels SET name = $2, name_key = $3, version = $4, updated_at = $5 WHERE id = $1`,
			streamID(e, taxonomy.LabelStreamPrefix), p.Name, names.Normalize(p.Name), version, e.RecordedAt)
	case taxonomy.LabelActivityFilterSet:
		id, f := streamID(e, taxonomy.LabelStreamPrefix), p.Filter
		if err := w.Exec(ctx, `
			UPDATE labels SET sport_ids = $2, category_ids = $3, tag_ids = $4, organization_ids = $5, types = $6, levels = $7,
			       has_activity_filter = $8, version = $9, updated_at = $10
			 WHERE id = $1`,
			id, nonNil(f.SportIDs), nonNil(f.CategoryIDs), nonNil(f.TagIDs), nonNil(f.OrganizationIDs), nonNil(f.Types), nonNil(f.Levels),
			!f.Empty(), version, e.RecordedAt); err != nil {
			return err
		}
		return coverLabel(ctx, w, id)
	case taxonomy.LabelProductFilterSet:
		id, f := streamID(e, taxonomy.LabelStreamPrefix), p.Filter
		if err := w.Exec(ctx, `
			UPDATE labels SET product_sport_ids = $2, product_category_ids = $3, product_tag_ids = $4, product_organization_ids = $5,
			       product_type_ids = $6, product_levels = $7, has_product_filter = $8, version = $9, updated_at = $10
			 WHERE id = $1`,
			id, nonNil(f.SportIDs), nonNil(f.CategoryIDs), nonNil(f.TagIDs), nonNil(f.OrganizationIDs), nonNil(f.ProductTypeIDs), nonNil(f.Levels),
			!f.Empty(), version, e.RecordedAt); err != nil {
			return err
		}
		return coverLabel(ctx, w, id)
	case taxonomy.LabelOrganizationFilterSet:
		id := streamID(e, taxonomy.LabelStreamPrefix)
		if err := w.Exec(ctx, `UPDATE labels SET covered_organization_ids = $2, version = $3, updated_at = $4 WHERE id = $1`,
			id, nonNil(p.Filter.OrganizationIDs), version, e.RecordedAt); err != nil {
			return err
		}
		return coverLabel(ctx, w, id)
	case taxonomy.LabelDeleted:
		id := streamID(e, taxonomy.LabelStreamPrefix)
		if err := w.Exec(ctx, `DELETE FROM label_coverage WHERE label_id = $1`, id); err != nil {
			return err
		}
		return w.Exec(ctx, `DELETE FROM labels WHERE id = $1`, id)

	case organization.Deleted:
		return dropOrganization(ctx, w, streamID(e, organization.StreamPrefix))

	case activity.Created:
		id, d := streamID(e, activity.StreamPrefix), p.Details
		if err := w.Exec(ctx, `
			INSERT INTO label_offers (id, offer_type, application_id, organization_id, name, name_key, type, sport_id, level, category_ids, tag_ids, concept)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (id) DO NOTHING`,
			id, OfferActivity, p.ApplicationID, p.OrganizationID, d.Name, names.Normalize(d.Name), p.Type, d.SportID, d.Level,
			nonNil(d.CategoryIDs), nonNil(d.TagIDs), d.Concept); err != nil {
			return err
		}
		return coverOffer(ctx, w, id)
	case activity.Updated:
		id, d := streamID(e, activity.StreamPrefix), p.Details
		if err := w.Exec(ctx, `
			UPDATE label_offers SET name = $2, name_key = $3, sport_id = $4, level = $5, category_ids = $6, tag_ids = $7, concept = $8
			 WHERE id = $1`,
			id, d.Name, names.Normalize(d.Name), d.SportID, d.Level, nonNil(d.CategoryIDs), nonNil(d.TagIDs), d.Concept); err != nil {
			return err
		}
		return coverOffer(ctx, w, id)
	case activity.LabelsAssigned:
		id := streamID(e, activity.StreamPrefix)
		return assignByHand(ctx, w, id, nonNil(p.LabelIDs))
	case activity.Deleted:
		return dropOffer(ctx, w, streamID(e, activity.StreamPrefix))

	case product.Created:
		id, d := streamID(e, product.StreamPrefix), p.Details
		if err := w.Exec(ctx, `
			INSERT INTO label_offers (id, offer_type, application_id, organization_id, name, name_key, type, sport_id, product_type_id, level,
			       category_ids, tag_ids, concept)
			VALUES ($1, $2, $3, $4, $5, $6, $2, $7, $8, $9, $10, $11, $12) ON CONFLICT (id) DO NOTHING`,
			id, OfferProduct, p.ApplicationID, p.OrganizationID, d.Name, names.Normalize(d.Name), d.SportID, d.ProductTypeID, d.Level,
			nonNil(d.CategoryIDs), nonNil(d.TagIDs), d.Draft); err != nil {
			return err
		}
		return coverOffer(ctx, w, id)
	case product.Updated:
		id, d := streamID(e, product.StreamPrefix), p.Details
		if err := w.Exec(ctx, `
			UPDATE label_offers SET name = $2, name_key = $3, sport_id = $4, product_type_id = $5, level = $6, category_ids = $7, tag_ids = $8,
			       concept = $9
			 WHERE id = $1`,
			id, d.Name, names.Normalize(d.Name), d.SportID, d.ProductTypeID, d.Level, nonNil(d.CategoryIDs), nonNil(d.TagIDs), d.Draft); err != nil {
			return err
		}
		return coverOffer(ctx, w, id)
	case product.LabelsAssigned:
		return assignByHand(ctx, w, streamID(e, product.StreamPrefix), nonNil(p.LabelIDs))
	case product.Deleted:
		return dropOffer(ctx, w, streamID(e, product.StreamPrefix))
	}
	return nil
}

// dropOffer takes a deleted offer out of every label's coverage.
func dropOffer(ctx context.Context, w projections.Writer, id string) error {
	if err := w.Exec(ctx, `DELETE FROM label_coverage WHERE offer_id = $1`, id); err != nil {
		return err
	}
	return w.Exec(ctx, `DELETE FROM label_offers WHERE id = $1`, id)
}

// inheritTag copies an owner's tag that applies to children into each child application.
func inheritTag(ctx context.Context, w projections.Writer, id string) error {
	return w.Exec(ctx, `
		INSERT INTO tags (application_id, id, owner_application_id, name, name_key, apply_to_children, version, created_at, updated_at)
		SELECT a.application_id, t.id, t.owner_application_id, t.name, t.name_key, t.apply_to_children, t.version, t.created_at, t.updated_at
		  FROM tags t JOIN taxonomy_applications a ON a.parent_id = t.owner_application_id
		 WHERE t.id = $1 AND t.application_id = t.owner_application_id AND t.apply_to_children
		ON CONFLICT (application_id, id) DO NOTHING`, id)
}

// setParent records the application's parent and gives it the parent's tags that
// apply to children (and only those: a former parent's tags leave).
func setParent(ctx context.Context, w projections.Writer, app string, parent *string) error {
	if err := w.Exec(ctx, `
		INSERT INTO taxonomy_applications (application_id, parent_id) VALUES ($1, $2)
		ON CONFLICT (application_id) DO UPDATE SET parent_id = excluded.parent_id`, app, parent); err != nil {
		return err
	}
	if err := w.Exec(ctx, `DELETE FROM tags WHERE application_id = $1 AND owner_application_id <> $1`, app); err != nil {
		return err
	}
	return w.Exec(ctx, `
		INSERT INTO tags (application_id, id, owner_application_id, name, name_key, apply_to_children, version, created_at, updated_at)
		SELECT $1, t.id, t.owner_application_id, t.name, t.name_key, t.apply_to_children, t.version, t.created_at, t.updated_at
		  FROM tags t
		 WHERE t.owner_application_id = $2 AND t.application_id = $2 AND t.apply_to_children
		ON CONFLICT (application_id, id) DO NOTHING`, app, parent)
}

// coverLabel re-evaluates one label's activity and organisation filters over every
// offer of its application: four set-wise statements, however many offers there are.
func coverLabel(ctx context.Context, w projections.Writer, label string) error {
	if err := w.Exec(ctx, `DELETE FROM label_coverage WHERE label_id = $1 AND NOT by_hand`, label); err != nil {
		return err
	}
	if err := w.Exec(ctx, `UPDATE label_coverage SET by_filter = false, by_organization = false WHERE label_id = $1 AND (by_filter OR by_organization)`, label); err != nil {
		return err
	}
	if err := w.Exec(ctx, `
		INSERT INTO label_coverage (application_id, label_id, offer_type, offer_id, by_organization)
		SELECT o.application_id, l.id, o.offer_type, o.id, true
		  FROM labels l JOIN label_offers o ON o.application_id = l.application_id
		 WHERE l.id = $1 AND `+coveredOrganization+`
		ON CONFLICT (label_id, offer_type, offer_id) DO UPDATE SET by_organization = true`, label); err != nil {
		return err
	}
	return w.Exec(ctx, `
		INSERT INTO label_coverage (application_id, label_id, offer_type, offer_id, by_filter)
		SELECT o.application_id, l.id, o.offer_type, o.id, true
		  FROM labels l JOIN label_offers o ON o.application_id = l.application_id
		 WHERE l.id = $1 AND `+matches+`
		ON CONFLICT (label_id, offer_type, offer_id) DO UPDATE SET by_filter = true`, label)
}

// coverOffer re-evaluates every label filter (activity and organisation) of the
// offer's application for one offer.
func coverOffer(ctx context.Context, w projections.Writer, offer string) error {
	if err := w.Exec(ctx, `DELETE FROM label_coverage WHERE offer_id = $1 AND NOT by_hand`, offer); err != nil {
		return err
	}
	if err := w.Exec(ctx, `UPDATE label_coverage SET by_filter = false, by_organization = false WHERE offer_id = $1 AND (by_filter OR by_organization)`, offer); err != nil {
		return err
	}
	if err := w.Exec(ctx, `
		INSERT INTO label_coverage (application_id, label_id, offer_type, offer_id, by_organization)
		SELECT o.application_id, l.id, o.offer_type, o.id, true
		  FROM label_offers o JOIN labels l ON l.application_id = o.application_id
		 WHERE o.id = $1 AND `+coveredOrganization+`
		ON CONFLICT (label_id, offer_type, offer_id) DO UPDATE SET by_organization = true`, offer); err != nil {
		return err
	}
	return w.Exec(ctx, `
		INSERT INTO label_coverage (application_id, label_id, offer_type, offer_id, by_filter)
		SELECT o.application_id, l.id, o.offer_type, o.id, true
		  FROM label_offers o JOIN labels l ON l.application_id = o.application_id AND (l.has_activity_filter OR l.has_product_filter)
		 WHERE o.id = $1 AND `+matches+`
		ON CONFLICT (label_id, offer_type, offer_id) DO UPDATE SET by_filter = true`, offer)
}

// dropOrganization takes a deleted organisation out of every label's organisation
// filter, and its offers out of what those filters cover (0614).
func dropOrganization(ctx context.Context, w projections.Writer, org string) error {
	if err := w.Exec(ctx, `UPDATE labels SET covered_organization_ids = array_remove(covered_organization_ids, $1::uuid)
		 WHERE $1::uuid = ANY (covered_organization_ids)`, org); err != nil {
		return err
	}
	if err := w.Exec(ctx, `DELETE FROM label_coverage c USING label_offers o
		 WHERE o.id = c.offer_id AND o.organization_id = $1 AND c.by_organization AND NOT c.by_hand AND NOT c.by_filter`, org); err != nil {
		return err
	}
	return w.Exec(ctx, `UPDATE label_coverage c SET by_organization = false FROM label_offers o
		 WHERE o.id = c.offer_id AND o.organization_id = $1 AND c.by_organization`, org)
}

// assignByHand makes the offer's hand-assigned labels exactly labels (those of its
// application that exist).
func assignByHand(ctx context.Context, w projections.Writer, offer string, labels []string) error {
	if err := w.Exec(ctx, `UPDATE label_offers SET label_ids = $2 WHERE id = $1`, offer, labels); err != nil {
		return err
	}
	if err := w.Exec(ctx, `DELETE FROM label_coverage WHERE offer_id = $1 AND NOT by_filter AND NOT by_organization AND NOT (label_id = ANY ($2::uuid[]))`, offer, labels); err != nil {
		return err
	}
	if err := w.Exec(ctx, `UPDATE label_coverage SET by_hand = label_id = ANY ($2::uuid[]) WHERE offer_id = $1`, offer, labels); err != nil {
		return err
	}
	return w.Exec(ctx, `
		INSERT INTO label_coverage (application_id, label_id, offer_type, offer_id, by_hand)
		SELECT o.application_id, l.id, o.offer_type, o.id, true
		  FROM label_offers o JOIN labels l ON l.application_id = o.application_id AND l.id = ANY ($2::uuid[])
		 WHERE o.id = $1
		ON CONFLICT (label_id, offer_type, offer_id) DO UPDATE SET by_hand = true`, offer, labels)
}

func streamID(e projections.Event, prefix string) string { return strings.TrimPrefix(e.Stream, prefix) }

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
