package offer_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"move/commands"
	"move/domain/activity"
	domainorg "move/domain/organization"
	"move/domain/rate"
	"move/readapi/readapitest"
)

// A priced bundle is paid like a session: the customer's held bundle spot gets an order
// (order.placed.v2, one line of the bundle's price), pays at the provider and is then
// confirmed; placing again answers the same order. Cancelling it refunds the bundle
// activity's cancellation term's percentage through the same refund, and the waiting
// List's first gets the spot (held: they pay too). Bad input changes nothing.
func TestPayingForABundleAndCancellingIt(t *testing.T) {
	s := readapitest.NewShop(t)
	s.Provider.AutoRefund = true
	ctx := context.Background()
	meta := commands.Meta{ActorID: "test", ApplicationID: s.AppA, OrganizationID: s.OrgA}
	if _, made := readapitest.Organizations.LoadOrStore(s.AppA+"/"+s.OrgA, true); !made {
		if _, err := s.Env.App.CreateOrganization(ctx, meta, domainorg.Profile{Name: "Studio"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Env.App.ApproveOrganization(ctx, meta, s.OrgA); err != nil { // customers book only what the offer shows
			t.Fatal(err)
		}
	}
	meta.OrganizationID = ""
	term, err := s.Env.App.CreateCancellationTerm(ctx, meta, s.OrgA, rate.TermFields{Name: "Quarter", Periods: []rate.Period{{RefundPercent: 25}}})
	if err != nil {
		t.Fatal(err)
	}
	act, err := s.Env.App.CreateActivity(ctx, meta, s.OrgA, activity.TypeBundle,
		activity.Details{Name: "Cursus", CancellationTermID: &term.ID, PriceDisplayMode: "both"}, activity.Settings{HasWaitlist: true})
	if err != nil {
		t.Fatal(err)
	}
	s.Saw(act.Position)
	s.Settle()
	org := s.As(s.Users["organization"], s.AppA)
	body := bundleBody("Voorjaar", 1)
	body["price_cents"] = 12000
	bundle := readapitest.Data(org.Want("POST", "/v1/admin/activities/"+act.ID+"/bundles", body, 201), "id").(string)
	carla, bram := s.Customer("Carla", "Klant", s.AppA), s.Customer("Bram", "Klant", s.AppA)
	s.Settle()
	c := s.As(carla, s.AppA)
	held := c.Want("POST", "/v1/bundles/"+bundle+"/bookings", readapitest.Person("Carla"), 201)
	if readapitest.Data(held, "status") != "held" {
		t.Fatalf("a priced bundle booking: %s", held.Raw)
	}
	booking := readapitest.Data(held, "booking_id").(string)
	waiting := s.As(bram, s.AppA).Want("POST", "/v1/bundles/"+bundle+"/bookings", readapitest.Person("Bram"), 201)
	if readapitest.Data(waiting, "status") != "waitlisted" {
		t.Fatalf("the second booking: %s", waiting.Raw)
	}
	orderPath := "/v1/bundles/" + bundle + "/bookings/" + booking + "/order"

	// Bad input: a clear answer and no order.
	c.Want("POST", orderPath, map[string]any{"payment_type": "cash"}, 422)
	s.As(bram, s.AppA).Want("POST", orderPath, map[string]any{"payment_type": "euros"}, 404) // not his booking
	c.Want("POST", "/v1/bundles/"+bundle+"/bookings/not-an-id/order", map[string]any{"payment_type": "euros"}, 404)
	if n := s.Events("order.placed.v2"); n != 0 {
		t.Fatalf("%d orders after bad input", n)
	}

	placed := c.Want("POST", orderPath, map[string]any{"payment_type": "euros"}, 201)
	orderID := readapitest.Data(placed, "order_id").(string)
	if checkout, _ := readapitest.Data(placed, "checkout_url").(string); checkout == "" {
		t.Fatalf("no checkout: %s", placed.Raw)
	}
	again := c.Want("POST", orderPath, map[string]any{"payment_type": "euros"}, 201)
	if readapitest.Data(again, "order_id") != orderID || s.Events("order.placed.v2") != 1 {
		t.Fatalf("placed twice: %s", again.Raw)
	}
	o := s.Order(orderID)
	lines := readapitest.Dig(o.Body, "data", "lines").([]any)
	if len(lines) != 1 || readapitest.Dig(lines[0], "total_cents") != 12000.0 || !strings.Contains(readapitest.Dig(lines[0], "title").(string), "Voorjaar") || readapitest.Dig(o.Body, "data", "total") != 12000.0 || readapitest.Dig(lines[0], "bundle_id") != bundle {
		t.Fatalf("the order: %s", o.Raw)
	}

	pay := s.ProviderPayment(orderID)
	s.Provider.Settle(pay, "paid")
	s.Notify(pay, 200)
	s.Notify(pay, 200) // a repeated webhook changes nothing
	// The webhook's append has no position the test saw: the read model follows the log.
	for deadline := time.Now().Add(5 * time.Second); readapitest.Dig(s.Order(orderID).Body, "data", "status") != "paid" && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	if s.Events("bundle.booking_confirmed.v1") != 1 || readapitest.Dig(s.Order(orderID).Body, "data", "status") != "paid" {
		t.Fatalf("paid: %d confirmations, %s", s.Events("bundle.booking_confirmed.v1"), s.Order(orderID).Raw)
	}
	status := func(want string) string {
		got := ""
		for deadline := time.Now().Add(5 * time.Second); got != want && time.Now().Before(deadline); {
			s.Settle()
			res := org.Want("GET", "/v1/admin/bundles/"+bundle+"/participants", nil, 200)
			for _, key := range []string{"participants", "waiting_list", "cancelled"} {
				list, _ := readapitest.Dig(res.Body, "data", key).([]any)
				for _, p := range list {
					if readapitest.Dig(p, "booking_id") == booking {
						got = readapitest.Dig(p, "status").(string)
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
	c.Want("DELETE", "/v1/bundles/"+bundle+"/bookings/"+booking, nil, 200)
	deadline := time.Now().Add(10 * time.Second)
	for readapitest.Dig(s.Order(orderID).Body, "data", "status") != "partly_refunded" && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	o = s.Order(orderID)
	refunds := readapitest.Dig(o.Body, "data", "refunds").([]any)
	if len(refunds) != 1 || readapitest.Dig(refunds[0], "amount_cents") != 3000.0 || readapitest.Dig(refunds[0], "origin") != "cancellation" || readapitest.Dig(refunds[0], "actor_id") != carla {
		t.Fatalf("cancellation refund: %s", o.Raw)
	}
	if got := s.Provider.RefundedCents(pay); got != 3000 {
		t.Fatalf("the provider refunded %d", got)
	}
	if got := status("cancelled"); got != "cancelled" {
		t.Fatalf("the cancelled bundle booking is %q", got)
	}
	if n := s.Events("bundle.promoted.v1"); n != 1 {
		t.Fatalf("%d promoted from the waiting list", n)
	}
	c.Want("DELETE", "/v1/bundles/"+bundle+"/bookings/"+booking, nil, 409) // twice: refused, no second refund
	if n := s.Events("order.refund_requested.v1"); n != 1 {
		t.Fatalf("%d refunds", n)
	}
}
