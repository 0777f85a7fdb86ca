package commands

import (
	"context"
	"errors"
	"time"

	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/order"
	"move/domain/rate"
)

// BundleOrderPlacing asks to pay for a held bundle booking (decision 0908).
type BundleOrderPlacing struct {
	BundleID string
	OrderPlacing
}

// PlaceBundleOrder places the order of a held bundle booking, as PlaceOrder does a
// session's: one line of the bundle's price, the same order.placed (v2), paid by moves
// (confirmed in the same append), euros (confirmed when the provider reports paid) or
// the activity's external payment link.
func (a *App) PlaceBundleOrder(ctx context.Context, meta Meta, in BundleOrderPlacing) (PlacedOrder, error) {
	in.BookingID, in.WalletID = canonicalID(in.BookingID), canonicalID(in.WalletID)
	if in.BookingID == "" {
		return PlacedOrder{}, &domain.NotFoundError{Kind: "booking"}
	}
	orderID := order.ID(in.BookingID)
	res, err := a.onBundle(ctx, meta, in.BundleID, func(u *unit, b *bundle.Bundle, o booking.Offer) error {
		x := b.Bookings[in.BookingID]
		if x == nil || (in.CustomerID != "" && x.CustomerID != in.CustomerID) {
			return &domain.NotFoundError{Kind: "booking", ID: in.BookingID}
		}
		src, err := u.bundleOrderSource(b, o)
		if err != nil {
			return err
		}
		src.status, src.customerID, src.line.BookingID = x.Status, x.CustomerID, in.BookingID
		confirm, err := u.placeOrder(orderID, src, in.OrderPlacing)
		if err != nil || !confirm {
			return err
		}
		confirmed, err := b.Confirm(in.BookingID)
		if err != nil {
			return err
		}
		return u.append(bundle.Stream(b.ID), b, confirmed...)
	})
	if err != nil {
		return PlacedOrder{}, err
	}
	return a.afterPlacing(ctx, res, orderID)
}

// bundleOrderSource is what a bundle's orders are placed from: its activity's name,
// payment settings and cancellation term, and one line of the bundle's price. The VAT
// tier is the bundle's rate's, else the activity's rate's, else high (decision 0908).
func (u *unit) bundleOrderSource(b *bundle.Bundle, o booking.Offer) (orderSource, error) {
	x := activity.New(b.ActivityID)
	if err := u.load(activity.Stream(b.ActivityID), x); err != nil {
		return orderSource{}, err
	}
	src := orderSource{offer: offer{Offer: o, activityName: x.Details.Name, details: x.Details}}
	termID := x.Details.CancellationTermID
	tier, rateID := rate.VATHigh, ""
	for _, id := range []*string{b.Fields.RateID, x.Details.RateID} {
		if id == nil || *id == "" {
			continue
		}
		r := rate.New(*id)
		if err := u.load(rate.Stream(r.ID), r); err != nil {
			return orderSource{}, err
		}
		if !r.VisibleIn(u.meta.ApplicationID) {
			continue
		}
		if termID == nil {
			termID = r.Fields.CancellationTermID
		}
		if rateID == "" {
			tier, rateID = r.Fields.VATTier, r.ID
		}
	}
	if termID != nil {
		t := rate.NewTerm(*termID)
		if err := u.load(rate.TermStream(t.ID), t); err != nil {
			return orderSource{}, err
		}
		if t.VisibleIn(u.meta.ApplicationID) {
			src.term = t
		}
	}
	if b.Fields.PriceCents > 0 {
		src.line = order.Line{Title: x.Details.Name + " – " + b.Fields.Name, Quantity: 1, UnitPriceCents: b.Fields.PriceCents,
			VATTier: tier, RateID: rateID, BundleID: b.ID}
	}
	return src, nil
}

// followPaymentOnBundle follows a bundle order's payment paid on its booking, in the
// payment's append: the held spot is confirmed. An unpaid end keeps it held for another
// payment until the hold process releases it (decision 0909). A booking no longer held
// changes nothing.
func (u *unit) followPaymentOnBundle(line order.Line) error {
	b, _, err := u.bundleOffer(line.BundleID, nil)
	var gone *domain.NotFoundError
	if errors.As(err, &gone) {
		return nil // the bundle was deleted: its bookings stay as they are (0810)
	}
	if err != nil {
		return err
	}
	x := b.Bookings[line.BookingID]
	if x == nil || x.Status != booking.StatusHeld {
		return nil
	}
	follow, err := b.Confirm(line.BookingID)
	if err != nil {
		return err
	}
	return u.append(bundle.Stream(b.ID), b, follow...)
}

// bundleRefundPercent is the bundle activity's cancellation term's percentage for a
// cancellation now, counted until the bundle starts (its start date's midnight in the
// application's zone); 0 for a place on the waiting list or without a term.
func (u *unit) bundleRefundPercent(b *bundle.Bundle, o booking.Offer, fromStatus string) (int, error) {
	if fromStatus == booking.StatusWaitlisted {
		return 0, nil
	}
	src, err := u.bundleOrderSource(b, o)
	if err != nil || src.term == nil {
		return 0, err
	}
	loc, err := u.location(b.ApplicationID)
	if err != nil {
		return 0, err
	}
	start, _ := time.ParseInLocation(time.DateOnly, b.Fields.StartDate, loc)
	return src.term.Fields.RefundPercent(max(int(start.Sub(u.now)/time.Minute), 0)), nil
}
