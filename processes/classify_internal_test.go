package processes

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/order"
	"move/domain/product"
	"move/eventstore"
	"move/projections"
)

// Each event the hold and payment processes read is told apart once, into the change
// to their to-do list that both the live statements and a rebuild's fold apply: a held
// spot, a bundle's or a product's purchase adds a row; its end removes it; a payment's
// course moves its order's rows; the rest changes nothing. Every type a process reads
// has a case here, so a new one is classified on purpose.
func TestEachEventIsOneChangeToTheToDoLists(t *testing.T) {
	app, session, bundleID, productID := uuid.NewString(), uuid.NewString(), uuid.NewString(), uuid.NewString()
	b := uuid.NewString()
	o := order.ID(b)
	p1, refund := order.PaymentID(o, 1), uuid.NewString()
	at := time.Date(2027, 3, 1, 9, 30, 0, 0, time.UTC)
	event := func(stream string, payload domain.Event) projections.Event {
		return projections.Event{RecordedEvent: eventstore.RecordedEvent{Stream: stream, Metadata: eventstore.Metadata{ApplicationID: app},
			RecordedAt: at}, Payload: payload}
	}
	inSession := func(p domain.Event) projections.Event { return event(booking.Stream(session), p) }
	inBundle := func(p domain.Event) projections.Event { return event(bundle.Stream(bundleID), p) }
	inOrder := func(p domain.Event) projections.Event { return event(order.Stream(o), p) }
	heldIn := func(of holdOf, id string) holdChange {
		return holdAdded{booking: b, order: o, id: id, application: app, of: of, heldAt: at}
	}
	settle := func(item string) itemChange { return itemAdded{item: item, order: o, application: app, changedAt: at} }

	cases := []struct {
		event projections.Event
		hold  holdChange
		item  itemChange
	}{
		{event: inSession(booking.Booked{BookingID: b, Status: booking.StatusHeld}), hold: heldIn(ofSession, session)},
		{event: inSession(booking.Booked{BookingID: b, Status: booking.StatusConfirmed})},
		{event: inSession(booking.Booked{BookingID: b, Status: booking.StatusWaitlisted})},
		{event: inSession(booking.Promoted{BookingID: b, Status: booking.StatusHeld}), hold: heldIn(ofSession, session)},
		{event: inSession(booking.Promoted{BookingID: b, Status: booking.StatusConfirmed})},
		{event: inSession(booking.Confirmed{BookingID: b}), hold: holdEnded{b}},
		{event: inSession(booking.Cancelled{BookingID: b}), hold: holdEnded{b}},
		{event: inSession(booking.Removed{BookingID: b}), hold: holdEnded{b}},
		{event: inSession(booking.MovedOut{BookingID: b}), hold: holdEnded{b}},
		{event: inBundle(bundle.Booked{BookingID: b, Status: booking.StatusHeld}), hold: heldIn(ofBundle, bundleID)},
		{event: inBundle(bundle.Booked{BookingID: b, Status: booking.StatusConfirmed})},
		{event: inBundle(bundle.Promoted{BookingID: b, Status: booking.StatusHeld}), hold: heldIn(ofBundle, bundleID)},
		{event: inBundle(bundle.Promoted{BookingID: b, Status: booking.StatusConfirmed})},
		{event: inBundle(bundle.BookingConfirmed{BookingID: b}), hold: holdEnded{b}},
		{event: inBundle(bundle.BookingCancelled{BookingID: b}), hold: holdEnded{b}},
		{event: inBundle(bundle.Deleted{}), hold: bundleHoldsEnded{bundleID}},
		{event: event(product.Stream(productID), product.PurchaseHeld{PurchaseID: b}), hold: heldIn(ofProduct, productID)},
		{event: event(product.Stream(productID), product.PurchaseConfirmed{PurchaseID: b}), hold: holdEnded{b}},
		{event: event(product.Stream(productID), product.PurchaseCancelled{PurchaseID: b}), hold: holdEnded{b}},
		{event: inOrder(order.PaymentStarted{PaymentID: p1, Method: order.PaymentEuros}), hold: holdsRestarted{o, at}, item: settle(p1)},
		{event: inOrder(order.PaymentStarted{PaymentID: p1, Method: order.PaymentMoves}), hold: holdsRestarted{o, at}},
		{event: inOrder(order.PaymentCreated{PaymentID: p1}), hold: holdsAtProvider{o}, item: itemsChanged{o, at}},
		{event: inOrder(order.PaymentStatusChanged{PaymentID: p1, Status: order.PaymentOpen}), item: itemsChanged{o, at}},
		{event: inOrder(order.PaymentStatusChanged{PaymentID: p1, Status: order.PaymentPending}), item: itemsChanged{o, at}},
		{event: inOrder(order.PaymentStatusChanged{PaymentID: p1, Status: order.PaymentPaid}), item: itemSettled{p1}},
		{event: inOrder(order.PaymentStatusChanged{PaymentID: p1, Status: order.PaymentFailed}), hold: holdsUnpaid{o, at}, item: itemSettled{p1}},
		{event: inOrder(order.PaymentStatusChanged{PaymentID: p1, Status: order.PaymentCanceled}), hold: holdsUnpaid{o, at}, item: itemSettled{p1}},
		{event: inOrder(order.PaymentStatusChanged{PaymentID: p1, Status: order.PaymentExpired}), hold: holdsUnpaid{o, at}, item: itemSettled{p1}},
		{event: inOrder(order.RefundRequested{RefundID: refund, PaymentID: p1, Method: order.PaymentEuros}), item: settle(refund)},
		{event: inOrder(order.RefundRequested{RefundID: refund, PaymentID: p1, Method: order.PaymentMoves})},
		{event: inOrder(order.RefundStatusChanged{RefundID: refund, Status: order.RefundPending}), item: itemsChanged{o, at}},
		{event: inOrder(order.RefundStatusChanged{RefundID: refund, Status: order.RefundRefunded}), item: itemSettled{refund}},
		{event: inOrder(order.RefundStatusChanged{RefundID: refund, Status: order.RefundFailed}), item: itemSettled{refund}},
	}
	covered := map[string]bool{booking.BookedV1: true, bundle.BookedV1: true} // decoded as their Booked
	for _, c := range cases {
		covered[c.event.Payload.EventType()] = true
		if got := holdChangeOf(c.event); got != c.hold {
			t.Errorf("%T %+v: hold change %#v, want %#v", c.event.Payload, c.event.Payload, got, c.hold)
		}
		if got := itemChangeOf(c.event); got != c.item {
			t.Errorf("%T %+v: payment change %#v, want %#v", c.event.Payload, c.event.Payload, got, c.item)
		}
	}
	for _, typ := range append(holdsProjector{}.EventTypes(), paymentsProjector{}.EventTypes()...) {
		if !covered[typ] {
			t.Errorf("%s is read by a process but has no case here", typ)
		}
	}
}
