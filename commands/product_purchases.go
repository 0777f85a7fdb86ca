package commands

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/identity"
	"move/domain/order"
	"move/domain/organization"
	"move/domain/product"
	"move/domain/rate"
)

// ProductPurchase is a purchase of a product asked for by a customer (decision 1003).
type ProductPurchase struct {
	ProductID  string
	CustomerID string
	Buyer      booking.Participant
	Answers    []booking.Answer
}

// Purchased is a purchase's outcome: its id and status (held: to be paid; confirmed).
type Purchased struct {
	Result
	PurchaseID string
	Status     string
}

// BuyProduct buys a product: held until its order is paid when the product's rate has
// a price, else confirmed at once. Decided at the product stream's version, the last
// spot is sold once; the purchases of one product are decided in batches by its single
// writer (decision 1340). The purchase id derives from the command id.
func (a *App) BuyProduct(ctx context.Context, meta Meta, in ProductPurchase) (Purchased, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("purchase")).String()
	in.ProductID = canonicalID(in.ProductID)
	if in.ProductID == "" {
		return Purchased{}, &domain.NotFoundError{Kind: "product"}
	}
	var status string
	req := &contended[*productState]{meta: meta, id: id, decide: func(u *unit, s *productState) error {
		x := s.product
		if done := x.Purchases[id]; done != nil { // a retried command: the purchase as it stands
			status = done.Status
			return nil
		}
		if err := u.checkCustomer(meta.ApplicationID, in.CustomerID); err != nil {
			return err
		}
		events, err := x.Buy(meta.ApplicationID, product.PurchaseRequest{PurchaseID: id, CustomerID: in.CustomerID,
			Buyer: in.Buyer, Answers: in.Answers, OrganizationApproved: s.organizationApproved,
			PaymentRequired: s.price != nil && s.price.Fields.PriceCents > 0, Today: u.now.In(s.zone).Format("2006-01-02")}, u.now)
		if err != nil {
			return err
		}
		if err := u.append(product.Stream(x.ID), x, events...); err != nil {
			return err
		}
		status = x.Purchases[id].Status
		return nil
	}}
	if canonicalID(in.CustomerID) != "" {
		req.readAhead = []string{identity.UserStream(in.CustomerID)}
	}
	res, err := a.products.write(ctx, productContention(meta.ApplicationID, in.ProductID), req)
	if err != nil {
		return Purchased{}, err
	}
	return Purchased{Result: res, PurchaseID: id, Status: status}, nil
}

// productState is what a product's purchases are decided on: the product, whether its
// organisation is approved, its rate (nil: free) and the application's zone (today).
type productState struct {
	product              *product.Product
	organizationApproved bool
	price                *rate.Rate
	zone                 *time.Location
}

// productContention is a product's queue of purchases in an application (decision 1340).
func productContention(applicationID, id string) contention[*productState] {
	return contention[*productState]{
		key:    applicationID + "\x00" + id,
		lock:   id,
		stream: product.Stream(id),
		load: func(u *unit, readAhead []string) (*productState, error) {
			if err := u.prefetch(append([]string{product.Stream(id)}, readAhead...)...); err != nil {
				return nil, err
			}
			x := product.New(id)
			if err := u.load(product.Stream(id), x); err != nil {
				return nil, err
			}
			if !x.Exists || x.ApplicationID != applicationID {
				return nil, &domain.NotFoundError{Kind: "product", ID: id}
			}
			u.meta.OrganizationID = x.OrganizationID
			s := &productState{product: x}
			var err error
			if s.organizationApproved, err = u.organizationApproved(x.OrganizationID); err != nil {
				return nil, err
			}
			if s.price, err = u.productRate(x); err != nil {
				return nil, err
			}
			if s.zone, err = u.location(applicationID); err != nil {
				return nil, err
			}
			return s, nil
		},
	}
}

// onPurchases loads a product of the meta's application and runs a decision on its
// purchases, one at a time per product inside this process.
func (a *App) onPurchases(ctx context.Context, meta Meta, id string, decide func(*unit, *product.Product) error) (Result, error) {
	unlock := a.bookings.lock(id)
	defer unlock()
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		x := product.New(id)
		if canonicalID(id) == "" {
			return &domain.NotFoundError{Kind: "product", ID: id}
		}
		if err := u.load(product.Stream(id), x); err != nil {
			return err
		}
		if !x.Exists || x.ApplicationID != meta.ApplicationID {
			return &domain.NotFoundError{Kind: "product", ID: id}
		}
		u.meta.OrganizationID = x.OrganizationID
		return decide(u, x)
	})
}

// organizationApproved: the product's organisation is approved and not deleted.
func (u *unit) organizationApproved(id string) (bool, error) {
	o := organization.New(id)
	if err := u.load(organization.Stream(id), o); err != nil {
		return false, err
	}
	return o.VisibleIn(u.meta.ApplicationID) && o.State == organization.StateApproved, nil
}

// productRate is the product's rate, nil without one (or one outside the application).
func (u *unit) productRate(x *product.Product) (*rate.Rate, error) {
	if x.Details.RateID == nil || *x.Details.RateID == "" {
		return nil, nil
	}
	r := rate.New(*x.Details.RateID)
	if err := u.load(rate.Stream(r.ID), r); err != nil {
		return nil, err
	}
	if !r.VisibleIn(u.meta.ApplicationID) {
		return nil, nil
	}
	return r, nil
}

// ProductOrderPlacing asks to pay for a held purchase.
type ProductOrderPlacing struct {
	ProductID  string
	PurchaseID string
	OrderPlacing
}

// PlaceProductOrder places the order of a held purchase as PlaceBundleOrder does a
// bundle booking's: one line of the product's rate (its price and VAT tier) naming the
// product (order.placed.v2), paid by moves (confirmed in the same append), euros
// (confirmed when the provider reports paid) or the product's external payment link.
// The order's id derives from the purchase.
func (a *App) PlaceProductOrder(ctx context.Context, meta Meta, in ProductOrderPlacing) (PlacedOrder, error) {
	in.PurchaseID, in.WalletID = canonicalID(in.PurchaseID), canonicalID(in.WalletID)
	if in.PurchaseID == "" {
		return PlacedOrder{}, &domain.NotFoundError{Kind: "purchase"}
	}
	orderID := order.ID(in.PurchaseID)
	res, err := a.onPurchases(ctx, meta, in.ProductID, func(u *unit, x *product.Product) error {
		p := x.Purchases[in.PurchaseID]
		if p == nil || (in.CustomerID != "" && p.CustomerID != in.CustomerID) {
			return &domain.NotFoundError{Kind: "purchase", ID: in.PurchaseID}
		}
		src, err := u.productOrderSource(x)
		if err != nil {
			return err
		}
		src.customerID, src.line.BookingID = p.CustomerID, in.PurchaseID
		if p.Status == product.StatusHeld {
			src.status = booking.StatusHeld // placeOrder asks for a held spot
		}
		confirm, err := u.placeOrder(orderID, src, in.OrderPlacing)
		if err != nil || !confirm {
			return err
		}
		confirmed, err := x.ConfirmPurchase(in.PurchaseID)
		if err != nil {
			return err
		}
		return u.append(product.Stream(x.ID), x, confirmed...)
	})
	if err != nil {
		return PlacedOrder{}, err
	}
	return a.afterPlacing(ctx, res, orderID)
}

// productOrderSource is what a product's orders are placed from: its name, payment
// link and price display, and one line of its rate (none: nothing to pay).
func (u *unit) productOrderSource(x *product.Product) (orderSource, error) {
	src := orderSource{offer: offer{Offer: booking.Offer{ApplicationID: x.ApplicationID, OrganizationID: x.OrganizationID},
		activityName: x.Details.Name,
		details:      activity.Details{Name: x.Details.Name, PaymentURL: x.Details.PaymentURL, PriceDisplayMode: x.Details.PriceDisplayMode}}}
	r, err := u.productRate(x)
	if err != nil {
		return orderSource{}, err
	}
	if r != nil && r.Fields.PriceCents > 0 {
		src.line = order.Line{Title: x.Details.Name, Quantity: 1, UnitPriceCents: r.Fields.PriceCents,
			VATTier: r.Fields.VATTier, RateID: r.ID, ProductID: x.ID}
	}
	return src, nil
}

// followPaymentOnProduct follows a product order's payment paid on its purchase, in the
// payment's append: the held purchase is confirmed. An unpaid end keeps it held for
// another payment until the hold process releases it (0909). A purchase no longer held
// changes nothing.
func (u *unit) followPaymentOnProduct(line order.Line) error {
	x := product.New(line.ProductID)
	if err := u.load(product.Stream(x.ID), x); err != nil {
		return err
	}
	p := x.Purchases[line.BookingID]
	if p == nil || p.Status != product.StatusHeld {
		return nil
	}
	follow, err := x.ConfirmPurchase(line.BookingID)
	if err != nil {
		return err
	}
	return u.append(product.Stream(x.ID), x, follow...)
}

// ReleaseProductHold is ReleaseHold for a held purchase (decision 1003): the purchase
// cancelled and its unpaid order cancelled, unless a payment is at the provider (its
// end decides). It answers whether it released the spot.
func (a *App) ReleaseProductHold(ctx context.Context, applicationID, productID, purchaseID string) (bool, error) {
	meta := Meta{ActorID: HoldsActor, ApplicationID: applicationID}
	released := false
	_, err := a.onPurchases(ctx, meta, productID, func(u *unit, x *product.Product) error {
		released = false
		p := x.Purchases[purchaseID]
		if p == nil || p.Status != product.StatusHeld {
			return nil
		}
		ord := order.New(order.ID(purchaseID))
		if err := u.load(order.Stream(ord.ID), ord); err != nil {
			return err
		}
		if ord.Exists && paymentStarted(ord) {
			return nil
		}
		events, err := x.CancelPurchase(purchaseID, "hold_expired")
		if err != nil {
			return err
		}
		if err := u.append(product.Stream(x.ID), x, events...); err != nil {
			return err
		}
		released = true
		_, err = u.orderOnCancel(purchaseID, 0)
		return err
	})
	var gone *domain.NotFoundError
	if errors.As(err, &gone) {
		return false, nil
	}
	return released, err
}
