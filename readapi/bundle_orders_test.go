package readapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"move/commands"
	"move/domain/activity"
	domainorg "move/domain/organization"
	"move/domain/rate"
)

// A priced bundle is paid like a session: the customer's held bundle spot gets an order
// (order.placed.v2, one line of the bundle's price), pays at the provider and is then
// confirmed; placing again answers the same order. Cancelling it refunds the bundle
// activity's cancellation term's percentage through the same refund, and the waiting
// list's first gets the spot (held: they pay too). Bad input changes nothing.
func TestPayingForABundleAndCancellingIt(t *testing.T) {
	s := newShop(t)
	s.provider.AutoRefund = true
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: s.appA, OrganizationID: s.orgA}
	if _, made := organizations.LoadOrStore(s.appA+"/"+s.orgA, true); !made {
		if _, err := s.env.App.CreateOrganization(ctx, meta, domainorg.Profile{Name: "Studio"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.env.App.ApproveOrganization(ctx, meta, s.orgA); err != nil { // customers book only what the offer shows
			t.Fatal(err)
		}
	}
	meta.OrganizationID = ""
	term, err := s.env.App.CreateCancellationTerm(ctx, meta, s.orgA, rate.TermFields{Name: "Quarter", Periods: []rate.Period{{RefundPercent: 25}}})
	if err != nil {
		t.Fatal(err)
	}
	act, err := s.env.App.CreateActivity(ctx, meta, s.orgA, activity.TypeBundle,
		activity.Details{Name: "Cursus", CancellationTermID: &term.ID, PriceDisplayMode: "both"}, activity.Settings{HasWaitlist: true})
	if err != nil {
		t.Fatal(err)
	}
	s.saw(act.Position)
	s.settle()
	org := s.as(s.users["organization"], s.appA)
	body := bundleBody("Voorjaar", 1)
	body["price_cents"] = 12000
	bundle := data(org.want("POST", "/v1/admin/activities/"+act.ID+"/bundles", body, 201), "id").(string)
	carla, bram := s.customer("Carla", "Klant", s.appA), s.customer("Bram", "Klant", s.appA)
	s.settle()
	c := s.as(carla, s.appA)
	held := c.want("POST", "/v1/bundles/"+bundle+"/bookings", person("Carla"), 201)
	if data(held, "status") != "held" {
		t.Fatalf("a priced bundle booking: %s", held.Raw)
	}
	booking := data(held, "booking_id").(string)
	waiting := s.as(bram, s.appA).want("POST", "/v1/bundles/"+bundle+"/bookings", person("Bram"), 201)
	if data(waiting, "status") != "waitlisted" {
		t.Fatalf("the second booking: %s", waiting.Raw)
	}
	orderPath := "/v1/bundles/" + bundle + "/bookings/" + booking + "/order"

	// Bad input: a clear answer and no order.
	c.want("POST", orderPath, map[string]any{"payment_type": "cash"}, 422)
	s.as(bram, s.appA).want("POST", orderPath, map[string]any{"payment_type": "euros"}, 404) // not his booking
	c.want("POST", "/v1/bundles/"+bundle+"/bookings/not-an-id/order", map[string]any{"payment_type": "euros"}, 404)
	if n := s.events("order.placed.v2"); n != 0 {
		t.Fatalf("%d orders after bad input", n)
	}

	placed := c.want("POST", orderPath, map[string]any{"payment_type": "euros"}, 201)
	orderID := data(placed, "order_id").(string)
	if checkout, _ := data(placed, "checkout_url").(string); checkout == "" {
		t.Fatalf("no checkout: %s", placed.Raw)
	}
	again := c.want("POST", orderPath, map[string]any{"payment_type": "euros"}, 201)
	if data(again, "order_id") != orderID || s.events("order.placed.v2") != 1 {
		t.Fatalf("placed twice: %s", again.Raw)
	}
	o := s.order(orderID)
	lines := dig(o.Body, "data", "lines").([]any)
	if len(lines) != 1 || dig(lines[0], "total_cents") != 12000.0 || !strings.Contains(dig(lines[0], "title").(string), "Voorjaar") ||
		dig(o.Body, "data", "total") != 12000.0 || dig(lines[0], "bundle_id") != bundle {
		t.Fatalf("the order: %s", o.Raw)
	}

	pay := s.providerPayment(orderID)
	s.provider.Settle(pay, "paid")
	s.notify(pay, 200)
	s.notify(pay, 200) // a repeated webhook changes nothing
	// The webhook's append has no position the test saw: the read model follows the log.
	for deadline := time.Now().Add(5 * time.Second); dig(s.order(orderID).Body, "data", "status") != "paid" && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	if s.events("bundle.booking_confirmed.v1") != 1 || dig(s.order(orderID).Body, "data", "status") != "paid" {
		t.Fatalf("paid: %d confirmations, %s", s.events("bundle.booking_confirmed.v1"), s.order(orderID).Raw)
	}
	status := func(want string) string {
		got := ""
		for deadline := time.Now().Add(5 * time.Second); got != want && time.Now().Before(deadline); {
			s.settle()
			res := org.want("GET", "/v1/admin/bundles/"+bundle+"/participants", nil, 200)
			for _, key := range []string{"participants", "waiting_list", "cancelled"} {
				list, _ := dig(res.Body, "data", key).([]any)
				for _, p := range list {
					if dig(p, "booking_id") == booking {
						got = dig(p, "status").(string)
					}
				}
			}
		}
		return got
	}
	if got := status("confirmed"); got != "confirmed" {
		t.Fatalf("the paid bundle booking is %q", got)
	}

	// Cancelling: 25 % of 120.00 back, by the cancellation, through the provider.
	c.want("DELETE", "/v1/bundles/"+bundle+"/bookings/"+booking, nil, 200)
	deadline := time.Now().Add(10 * time.Second)
	for dig(s.order(orderID).Body, "data", "status") != "partly_refunded" && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	o = s.order(orderID)
	refunds := dig(o.Body, "data", "refunds").([]any)
	if len(refunds) != 1 || dig(refunds[0], "amount_cents") != 3000.0 || dig(refunds[0], "origin") != "cancellation" ||
		dig(refunds[0], "actor_id") != carla {
		t.Fatalf("cancellation refund: %s", o.Raw)
	}
	if got := s.provider.RefundedCents(pay); got != 3000 {
		t.Fatalf("the provider refunded %d", got)
	}
	if got := status("cancelled"); got != "cancelled" {
		t.Fatalf("the cancelled bundle booking is %q", got)
	}
	if n := s.events("bundle.promoted.v1"); n != 1 {
		t.Fatalf("%d promoted from the waiting list", n)
	}
	c.want("DELETE", "/v1/bundles/"+bundle+"/bookings/"+booking, nil, 409) // twice: refused, no second refund
	if n := s.events("order.refund_requested.v1"); n != 1 {
		t.Fatalf("%d refunds", n)
	}
}
