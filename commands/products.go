package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/catalog"
	offerdomain "move/domain/offer"
	"move/domain/product"
)

// CreateProduct adds a product to an organisation of the meta's application. Its id
// derives from the command id, so a retry creates nothing twice. The sport, when given,
// must be one of the organisation's (as an activity's), the product type one of the
// catalogue's.
func (a *App) CreateProduct(ctx context.Context, meta Meta, organizationID string, d product.Details) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("product")).String()
	meta.OrganizationID = organizationID
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		x := product.New(id)
		if err := u.load(product.Stream(id), x); err != nil {
			return err
		}
		if err := u.checkOfferSport("product", organizationID, d.SportID); err != nil {
			return err
		}
		if err := u.checkProductType(d.ProductTypeID); err != nil {
			return err
		}
		if err := u.checkOfferContacts(organizationID, d.Contacts, nil); err != nil {
			return err
		}
		events, err := x.Create(meta.ApplicationID, organizationID, d)
		if err != nil {
			return err
		}
		return u.append(product.Stream(id), x, events...)
	})
}

// checkProductType refuses a product type the catalogue does not have (or no longer has).
func (u *unit) checkProductType(id string) error {
	ref, err := uuid.Parse(id)
	if err != nil {
		return nil // the domain names the field
	}
	item := catalog.NewItem(catalog.ProductType, ref.String())
	if err := u.load(catalog.ProductType.Stream(ref.String()), item); err != nil {
		return err
	}
	if !item.Exists || item.Deleted {
		v := &domain.ValidationError{}
		v.Add("product_type_id", "product.unknown_type", nil)
		return v
	}
	return nil
}

// UpdateProduct changes a product's details; expected, when given, is the version the
// user edited.
func (a *App) UpdateProduct(ctx context.Context, meta Meta, id string, expected *uint64, d product.Details) (Result, error) {
	return a.onProduct(ctx, meta, id, expected, func(u *unit, x *product.Product) ([]domain.Event, error) {
		if x.VisibleIn(meta.ApplicationID) && !offerdomain.EqPtr(x.Details.SportID, d.SportID) {
			if err := u.checkOfferSport("product", x.OrganizationID, d.SportID); err != nil {
				return nil, err
			}
		}
		if x.VisibleIn(meta.ApplicationID) && x.Details.ProductTypeID != d.ProductTypeID {
			if err := u.checkProductType(d.ProductTypeID); err != nil {
				return nil, err
			}
		}
		if x.VisibleIn(meta.ApplicationID) {
			if err := u.checkOfferContacts(x.OrganizationID, d.Contacts, x.Details.Contacts); err != nil {
				return nil, err
			}
		}
		return x.Update(meta.ApplicationID, d)
	})
}

// SetProductLocation sets where a product is picked up or used.
func (a *App) SetProductLocation(ctx context.Context, meta Meta, id string, locationID *string) (Result, error) {
	return a.onProduct(ctx, meta, id, nil, func(_ *unit, x *product.Product) ([]domain.Event, error) {
		return x.SetLocation(meta.ApplicationID, locationID)
	})
}

// ChangeProductQuestions sets a product's extra questions; a new question's id derives
// from the command id and its place, so a retry names it the same.
func (a *App) ChangeProductQuestions(ctx context.Context, meta Meta, id string, qs []offerdomain.Question) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	return a.onProduct(ctx, meta, id, nil, func(_ *unit, x *product.Product) ([]domain.Event, error) {
		n := 0
		return x.ChangeQuestions(meta.ApplicationID, qs, func() string {
			n++
			return uuid.NewSHA1(meta.CommandID, []byte{byte(n >> 8), byte(n)}).String()
		})
	})
}

// AssignProductLabels sets a product's labels.
func (a *App) AssignProductLabels(ctx context.Context, meta Meta, id string, labels []string) (Result, error) {
	return a.onProduct(ctx, meta, id, nil, func(_ *unit, x *product.Product) ([]domain.Event, error) {
		return x.AssignLabels(meta.ApplicationID, labels)
	})
}

// DeleteProduct removes a product from every list; its stream stays in the log.
func (a *App) DeleteProduct(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return a.onProduct(ctx, meta, id, expected, func(_ *unit, x *product.Product) ([]domain.Event, error) {
		return x.Delete(meta.ApplicationID)
	})
}

// onProduct runs one decision on a product and appends what it decides.
func (a *App) onProduct(ctx context.Context, meta Meta, id string, expected *uint64, decide func(*unit, *product.Product) ([]domain.Event, error)) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		x := product.New(id)
		if err := u.load(product.Stream(id), x); err != nil {
			return err
		}
		if err := u.checkVersion(product.Stream(id), expected); err != nil {
			return err
		}
		u.meta.OrganizationID = x.OrganizationID
		events, err := decide(u, x)
		if err != nil {
			return err
		}
		return u.append(product.Stream(id), x, events...)
	})
}
