package commands

import (
	"context"

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
