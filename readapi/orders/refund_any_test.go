package orders_test

import (
	"context"
	"testing"

	"move/commands"
	domainidentity "move/domain/identity"
	"move/readapi/orders"
	"move/readapi/readapitest"
)

// TestRefundingAnyOrderNeedsItsOwnPermission: the platform-wide refund moves money in
// every application, so view-orders, which lets one see them all, does not allow it;
// refund-any-order does (decision 1502).
func TestRefundingAnyOrderNeedsItsOwnPermission(t *testing.T) {
	s := readapitest.NewShop(t)
	customer := s.Customer("Carla", "Klant", s.AppA)
	session := s.PricedSession(s.AppA, s.OrgA, 5, 1250, 0)
	_, orderID, _ := s.BookAndOrder(customer, s.AppA, session)
	pay := s.ProviderPayment(orderID)
	s.Provider.Settle(pay, "paid")
	s.Notify(pay, 200)
	s.Settle()
	grant := func(permission string) {
		res, err := s.Env.App.GrantPermission(context.Background(), commands.Meta{},
			domainidentity.Rule{Role: domainidentity.RoleAdmin, Permission: permission})
		if err != nil {
			t.Fatal(err)
		}
		s.Saw(res.Position)
		s.Settle()
	}
	refund := map[string]any{"amount_cents": 100, "reason": "Les gaat niet door"}
	grant(orders.PermViewOrders)
	root := s.As(s.Admin, s.AppA)
	root.Want("GET", "/v1/admin/orders/"+orderID, nil, 200)
	root.Want("POST", "/v1/admin/orders/"+orderID+"/refunds", refund, 403)
	if n := s.Events("order.refund_requested.v1"); n != 0 {
		t.Fatalf("%d refunds requested by a viewer", n)
	}
	grant(orders.PermRefundAnyOrder)
	s.As(s.Admin, s.AppA).Want("POST", "/v1/admin/orders/"+orderID+"/refunds", refund, 201)
	if n := s.Events("order.refund_requested.v1"); n != 1 {
		t.Fatalf("%d refunds requested", n)
	}
}
