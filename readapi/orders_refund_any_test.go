package readapi_test

import (
	"context"
	"testing"

	"move/commands"
	domainidentity "move/domain/identity"
	"move/readapi"
)

// TestRefundingAnyOrderNeedsItsOwnPermission: the platform-wide refund moves money in
// every application, so view-orders, which lets one see them all, does not allow it;
// refund-any-order does (decision 1502).
func TestRefundingAnyOrderNeedsItsOwnPermission(t *testing.T) {
	s := newShop(t)
	customer := s.customer("Carla", "Klant", s.appA)
	session := s.pricedSession(s.appA, s.orgA, 5, 1250, 0)
	_, orderID, _ := s.bookAndOrder(customer, s.appA, session)
	pay := s.providerPayment(orderID)
	s.provider.Settle(pay, "paid")
	s.notify(pay, 200)
	s.settle()
	grant := func(permission string) {
		res, err := s.env.App.GrantPermission(context.Background(), commands.Meta{},
			domainidentity.Rule{Role: domainidentity.RoleAdmin, Permission: permission})
		if err != nil {
			t.Fatal(err)
		}
		s.saw(res.Position)
		s.settle()
	}
	refund := map[string]any{"amount_cents": 100, "reason": "Les gaat niet door"}
	grant(readapi.PermViewOrders)
	root := s.as(s.admin, s.appA)
	root.want("GET", "/v1/admin/orders/"+orderID, nil, 200)
	root.want("POST", "/v1/admin/orders/"+orderID+"/refunds", refund, 403)
	if n := s.events("order.refund_requested.v1"); n != 0 {
		t.Fatalf("%d refunds requested by a viewer", n)
	}
	grant(readapi.PermRefundAnyOrder)
	s.as(s.admin, s.appA).want("POST", "/v1/admin/orders/"+orderID+"/refunds", refund, 201)
	if n := s.events("order.refund_requested.v1"); n != 1 {
		t.Fatalf("%d refunds requested", n)
	}
}
