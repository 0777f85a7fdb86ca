// Package products is the read model of products: the organisation's product lists and
// forms, the application-wide overview, and what the app may show (products not in
// draft of approved organisations). Every table is tenant-owned, with forced row-level
// security (decision 0102).
package products

import (
	"context"
	"encoding/json"
	"strings"

	"move/domain/names"
	"move/domain/organization"
	"move/domain/product"
	"move/personal"
	"move/projections"
)

// Table names; Name is the projector's permanent name.
const (
	Name     = "products"
	Products = "products"
	// Organizations is each organisation's approval, kept here so the offer the app sees
	// is derived and this read model rebuilds on its own.
	Organizations = "product_organizations"
	// Purchases are the products' purchases (decision 1003); the buyer's fields are
	// blanked when the buyer's personal data is erased.
	Purchases = "product_purchases"
)

// Projector builds the product tables.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string     { return Name }
func (projector) Version() int     { return 3 } // 2: purchases (1003); 3: by customer (1710)
func (projector) Tables() []string { return []string{Products, Organizations, Purchases} }
func (projector) EventTypes() []string {
	return append(product.EventTypes(),
		organization.Created{}.EventType(), organization.Approved{}.EventType(), organization.Rejected{}.EventType(),
		organization.Deleted{}.EventType(), personal.Erased{}.EventType())
}

func (projector) Schema() string {
	return `
CREATE TABLE products (
    id                  uuid        PRIMARY KEY,
    application_id      uuid        NOT NULL,
    organization_id     uuid        NOT NULL,
    name                text        NOT NULL,
    name_key            text        NOT NULL,
    product_type_id     uuid        NOT NULL,
    sport_id            uuid,
    description         text        NOT NULL DEFAULT '',
    rate_id             uuid,
    price_display_mode  text        NOT NULL,
    gender              text        NOT NULL DEFAULT '',
    level               text        NOT NULL DEFAULT '',
    category_ids        uuid[]      NOT NULL DEFAULT '{}',
    tag_ids             uuid[]      NOT NULL DEFAULT '{}',
    payment_url         text        NOT NULL DEFAULT '',
    spots               integer,
    image_id            text,
    contacts            jsonb       NOT NULL DEFAULT '[]',
    age_min             integer,
    age_max             integer,
    should_validate_age boolean     NOT NULL DEFAULT false,
    draft               boolean     NOT NULL DEFAULT false,
    location_id         uuid,
    questions           jsonb       NOT NULL DEFAULT '[]',
    label_ids           uuid[]      NOT NULL DEFAULT '{}',
    version             bigint      NOT NULL,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL
);
CREATE INDEX products_by_organization ON products (application_id, organization_id, name_key, id);
CREATE INDEX products_by_name ON products (application_id, name_key, id);
CREATE INDEX products_by_sport ON products (organization_id, sport_id);
CREATE INDEX products_by_rate ON products (application_id, rate_id);
` + projections.TenantRLS(Products) + `

CREATE TABLE product_organizations (
    id             uuid    PRIMARY KEY,
    application_id uuid    NOT NULL,
    approved       boolean NOT NULL
);
` + projections.TenantRLS(Organizations) + `

CREATE TABLE product_purchases (
    product_id      uuid        NOT NULL,
    purchase_id     uuid        NOT NULL,
    application_id  uuid        NOT NULL,
    organization_id uuid        NOT NULL,
    customer_id     uuid,
    first_name      text        NOT NULL,
    last_name       text        NOT NULL,
    email           text        NOT NULL,
    date_of_birth   text        NOT NULL,
    answers         jsonb       NOT NULL,
    quantity        integer     NOT NULL,
    priced          boolean     NOT NULL,
    status          text        NOT NULL,
    bought_at       timestamptz NOT NULL,
    paid_at         timestamptz,
    changed_at      timestamptz NOT NULL,
    PRIMARY KEY (product_id, purchase_id)
);
CREATE INDEX product_purchases_by_product ON product_purchases (application_id, product_id, bought_at, purchase_id);
CREATE INDEX product_purchases_by_purchase ON product_purchases (purchase_id);
CREATE INDEX product_purchases_by_customer ON product_purchases (application_id, customer_id, bought_at) WHERE customer_id IS NOT NULL;
` + projections.TenantRLS(Purchases)
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	if strings.HasPrefix(e.Stream, organization.StreamPrefix) {
		id := strings.TrimPrefix(e.Stream, organization.StreamPrefix)
		switch p := e.Payload.(type) {
		case organization.Created:
			return w.Exec(ctx, `INSERT INTO product_organizations (id, application_id, approved) VALUES ($1, $2, false)
				ON CONFLICT (id) DO NOTHING`, id, p.ApplicationID)
		case organization.Approved:
			return w.Exec(ctx, `UPDATE product_organizations SET approved = true WHERE id = $1`, id)
		case organization.Rejected:
			return w.Exec(ctx, `UPDATE product_organizations SET approved = false WHERE id = $1`, id)
		case organization.Deleted:
			return w.Exec(ctx, `DELETE FROM product_organizations WHERE id = $1`, id)
		}
		return nil
	}
	if p, ok := e.Payload.(personal.Erased); ok {
		purchase, ok := strings.CutPrefix(p.Subject, "purchase-")
		if !ok {
			return nil
		}
		return w.Exec(ctx, `UPDATE product_purchases SET first_name = '', last_name = '', email = '', date_of_birth = '',
			answers = '[]' WHERE purchase_id = $1`, purchase)
	}
	if !strings.HasPrefix(e.Stream, product.StreamPrefix) {
		return nil
	}
	id := strings.TrimPrefix(e.Stream, product.StreamPrefix)
	version := int64(e.Version)
	switch p := e.Payload.(type) {
	case product.Created:
		d := p.Details
		contacts, err := json.Marshal(nonNil(d.Contacts))
		if err != nil {
			return err
		}
		return w.Exec(ctx, `
			INSERT INTO products (id, application_id, organization_id, name, name_key, product_type_id, sport_id, description, rate_id,
			       price_display_mode, gender, level, category_ids, tag_ids, payment_url, spots, image_id, contacts, age_min, age_max,
			       should_validate_age, draft, version, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $24)
			ON CONFLICT (id) DO NOTHING`,
			id, p.ApplicationID, p.OrganizationID, d.Name, names.Normalize(d.Name), d.ProductTypeID, d.SportID, d.Description, d.RateID,
			d.PriceDisplayMode, d.Gender, d.Level, nonNil(d.CategoryIDs), nonNil(d.TagIDs), d.PaymentURL, d.Spots, d.ImageID, contacts,
			d.AgeMin, d.AgeMax, d.ShouldValidateAge, d.Draft, version, e.RecordedAt)
	case product.Updated:
		d := p.Details
		contacts, err := json.Marshal(nonNil(d.Contacts))
		if err != nil {
			return err
		}
		return w.Exec(ctx, `
			UPDATE products SET name = $2, name_key = $3, product_type_id = $4, sport_id = $5, description = $6, rate_id = $7,
			       price_display_mode = $8, gender = $9, level = $10, category_ids = $11, tag_ids = $12, payment_url = $13, spots = $14,
			       image_id = $15, contacts = $16, age_min = $17, age_max = $18, should_validate_age = $19, draft = $20,
			       version = $21, updated_at = $22
			 WHERE id = $1`,
			id, d.Name, names.Normalize(d.Name), d.ProductTypeID, d.SportID, d.Description, d.RateID, d.PriceDisplayMode, d.Gender,
			d.Level, nonNil(d.CategoryIDs), nonNil(d.TagIDs), d.PaymentURL, d.Spots, d.ImageID, contacts, d.AgeMin, d.AgeMax,
			d.ShouldValidateAge, d.Draft, version, e.RecordedAt)
	case product.LocationSet:
		return w.Exec(ctx, `UPDATE products SET location_id = $2, version = $3, updated_at = $4 WHERE id = $1`,
			id, p.LocationID, version, e.RecordedAt)
	case product.QuestionsChanged:
		questions, err := json.Marshal(nonNil(p.Questions))
		if err != nil {
			return err
		}
		return w.Exec(ctx, `UPDATE products SET questions = $2, version = $3, updated_at = $4 WHERE id = $1`,
			id, questions, version, e.RecordedAt)
	case product.LabelsAssigned:
		return w.Exec(ctx, `UPDATE products SET label_ids = $2, version = $3, updated_at = $4 WHERE id = $1`,
			id, nonNil(p.LabelIDs), version, e.RecordedAt)
	case product.Deleted:
		return w.Exec(ctx, `DELETE FROM products WHERE id = $1`, id)
	case product.PurchaseHeld:
		answers, err := json.Marshal(nonNil(p.Answers))
		if err != nil {
			return err
		}
		if err := touch(ctx, w, id, version); err != nil {
			return err
		}
		return w.Exec(ctx, `INSERT INTO product_purchases (product_id, purchase_id, application_id, organization_id, customer_id,
			first_name, last_name, email, date_of_birth, answers, quantity, priced, status, bought_at, changed_at)
			VALUES ($1, $2, $3, $4, nullif($5, '')::uuid, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
			ON CONFLICT (product_id, purchase_id) DO NOTHING`,
			id, p.PurchaseID, p.ApplicationID, p.OrganizationID, p.CustomerID, p.Buyer.FirstName, p.Buyer.LastName, p.Buyer.Email,
			p.Buyer.DateOfBirth, answers, p.Quantity, p.Priced, product.StatusHeld, e.RecordedAt)
	case product.PurchaseConfirmed:
		if err := touch(ctx, w, id, version); err != nil {
			return err
		}
		return w.Exec(ctx, `UPDATE product_purchases SET status = $3, changed_at = $4,
			paid_at = CASE WHEN priced THEN $4::timestamptz END WHERE product_id = $1 AND purchase_id = $2`,
			id, p.PurchaseID, product.StatusConfirmed, e.RecordedAt)
	case product.PurchaseCancelled:
		if err := touch(ctx, w, id, version); err != nil {
			return err
		}
		return w.Exec(ctx, `UPDATE product_purchases SET status = $3, changed_at = $4 WHERE product_id = $1 AND purchase_id = $2`,
			id, p.PurchaseID, product.StatusCancelled, e.RecordedAt)
	}
	return nil
}

// touch keeps the product's version the stream's: a purchase appends to the product's
// stream, so the form edits at the version after it (decision 1003).
func touch(ctx context.Context, w projections.Writer, id string, version int64) error {
	return w.Exec(ctx, `UPDATE products SET version = $2 WHERE id = $1`, id, version)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
