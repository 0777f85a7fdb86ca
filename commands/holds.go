package commands

import (
	"context"
	"errors"

	"move/domain"
	"move/domain/bundle"

	"move/domain/booking"
	"move/domain/order"
)

// HoldsActor is the actor of spots released because their payment did not start in time.
const HoldsActor = "process:holds"

// ReleaseHold gives up a held spot whose payment has not started (decision 0907): the
// booking is cancelled as by its customer without a refund, its order (placed, the
// payment not yet at the provider) cancelled in the same append, and the waiting list
// moves up as on any cancellation. Decided at the session's version: a spot confirmed,
// cancelled or with a payment at the provider meanwhile is kept, so the hold process may
// run it any number of times. It answers whether it released the spot.
func (a *App) ReleaseHold(ctx context.Context, applicationID string, ref SessionRef, bookingID string) (bool, error) {
	meta := Meta{ActorID: HoldsActor, ApplicationID: applicationID}
	released := false
	_, err := a.onBookings(ctx, meta, ref, func(u *unit, o offer, s *booking.Session) error {
		released = false
		b := s.Bookings[bookingID]
		if b == nil || b.Status != booking.StatusHeld {
			return nil
		}
		ord := order.New(order.ID(bookingID))
		if err := u.load(order.Stream(ord.ID), ord); err != nil {
			return err
		}
		if ord.Exists && paymentStarted(ord) {
			return nil // the provider's expiry or the customer's payment ends this hold
		}
		events, err := s.Cancel(bookingID, nil, o.Start, u.now, false)
		if err != nil {
			return err
		}
		if err := u.append(booking.Stream(s.ID), s, events...); err != nil {
			return err
		}
		released = true
		_, err = u.orderOnCancel(bookingID, events[0].(booking.Cancelled).RefundPercent)
		return err
	})
	if err != nil || !released {
		return false, err
	}
	return true, a.spotFreed(ctx, meta, ref, nil)
}

// paymentStarted: a payment of the order is at the provider and not final.
func paymentStarted(o *order.Order) bool {
	for _, p := range o.Payments {
		if p.ProviderID != "" && !order.PaymentFinal(p.Status) {
			return true
		}
	}
	return false
}

// ReleaseBundleHold is ReleaseHold for a held bundle spot (decision 0908): the bundle
// booking cancelled without a refund, its unpaid order cancelled, and the bundle's
// waiting list promoted in the same append (0810). A deleted bundle keeps its bookings.
func (a *App) ReleaseBundleHold(ctx context.Context, applicationID, bundleID, bookingID string) (bool, error) {
	meta := Meta{ActorID: HoldsActor, ApplicationID: applicationID}
	released := false
	_, err := a.onBundle(ctx, meta, bundleID, func(u *unit, b *bundle.Bundle, o booking.Offer) error {
		released = false
		x := b.Bookings[bookingID]
		if x == nil || x.Status != booking.StatusHeld {
			return nil
		}
		ord := order.New(order.ID(bookingID))
		if err := u.load(order.Stream(ord.ID), ord); err != nil {
			return err
		}
		if ord.Exists && paymentStarted(ord) {
			return nil
		}
		events, err := b.Cancel(bookingID, o, false, u.now)
		if err != nil {
			return err
		}
		if err := u.append(bundle.Stream(b.ID), b, events...); err != nil {
			return err
		}
		released = true
		_, err = u.orderOnCancel(bookingID, 0)
		return err
	})
	var gone *domain.NotFoundError
	if errors.As(err, &gone) {
		return false, nil // the bundle was deleted meanwhile
	}
	return released, err
}
