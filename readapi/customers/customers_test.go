package customers_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"

	"move/commands"
	domainidentity "move/domain/identity"
	"move/readapi/readapitest"
)

// A customer's page (decision 1710) through the real server: their bookings, orders with
// refunds and wallet balances in one answer; another application's orders, bookings and
// wallets never on it, even for a person who is a customer of both; the permission is
// the orders' (an organisation's staff and trainers are refused, a customer too).
func TestCustomersPage(t *testing.T) {
	s := readapitest.NewShop(t)
	s.Provider.AutoRefund = true
	carla := s.Customer("Carla", "Klantje", s.AppA)
	// Carla is a customer of application B too, with an order there.
	res, err := s.Env.App.GrantRole(context.Background(), commands.Meta{}, carla, domainidentity.Grant{Role: domainidentity.RoleCustomer, ApplicationID: s.AppB})
	if err != nil {
		t.Fatal(err)
	}
	s.Saw(res.Position)
	sessionA := s.PricedSession(s.AppA, s.OrgA, 5, 1250, 0)
	bookingA, orderA, _ := s.BookAndOrder(carla, s.AppA, sessionA)
	orgB := uuid.NewString()
	bookingB, orderB, _ := s.BookAndOrder(carla, s.AppB, s.PricedSession(s.AppB, orgB, 5, 900, 0))
	pay := s.ProviderPayment(orderA)
	s.Provider.Settle(pay, "paid")
	s.Notify(pay, 200)
	s.Settle()
	admin := s.As(s.Admin, s.AppA)
	admin.Want("POST", "/v1/admin/application/orders/"+orderA+"/refunds", map[string]any{"amount_cents": 250, "reason": "Kwam later"}, 201)
	wallet := admin.NewWallet("Sportpas", "sportpas", nil)
	_, codes := admin.Generate(wallet, map[string]any{"quantity": 1, "value_moves": 7})
	s.As(carla, s.AppA).C.Want(readapitest.RedeemIn(s.As(carla, s.AppA), wallet, codes[0]), 200)
	s.Settle()

	page := admin.Want("GET", "/v1/admin/customers/"+carla, nil, 200)
	data := page.Body["data"].(map[string]any)
	if readapitest.Dig(data, "customer", "name") != "Carla Klantje" || readapitest.Dig(data, "customer", "id") != carla {
		t.Fatalf("customer: %v", data["customer"])
	}
	bookings := data["bookings"].([]any)
	if len(bookings) != 1 || readapitest.Dig(bookings[0], "booking_id") != bookingA || readapitest.Dig(bookings[0], "kind") != "session" ||
		readapitest.Dig(bookings[0], "activity_name") != "Yoga" || readapitest.Dig(bookings[0], "session_id") != sessionA ||
		readapitest.Dig(bookings[0], "starts_at") == nil {
		t.Fatalf("bookings: %v", bookings)
	}
	orders := data["orders"].([]any)
	if len(orders) != 1 || readapitest.Dig(orders[0], "id") != orderA || readapitest.Dig(orders[0], "status") != "partly_refunded" ||
		readapitest.Dig(orders[0], "refunded_cents") != float64(250) {
		t.Fatalf("orders: %v", orders)
	}
	refunds := readapitest.Dig(orders[0], "refunds").([]any)
	if len(refunds) != 1 || readapitest.Dig(refunds[0], "amount_cents") != float64(250) || readapitest.Dig(refunds[0], "reason") != "Kwam later" {
		t.Fatalf("refunds: %v", refunds)
	}
	wallets := data["wallets"].([]any)
	if len(wallets) != 1 || readapitest.Dig(wallets[0], "name") != "Sportpas" || readapitest.Dig(wallets[0], "balance") != float64(7) {
		t.Fatalf("wallets: %v", wallets)
	}
	if p := data["purchases"].([]any); len(p) != 0 {
		t.Fatalf("purchases: %v", p)
	}
	for _, id := range []string{orderB, bookingB} {
		if strings.Contains(page.Raw, id) {
			t.Fatalf("application B's %s on A's page: %s", id, page.Raw)
		}
	}

	// In application B the same person's page holds B's order and booking only.
	inB := s.As(s.AdminB, s.AppB).Want("GET", "/v1/admin/customers/"+carla, nil, 200)
	if !strings.Contains(inB.Raw, orderB) || !strings.Contains(inB.Raw, bookingB) || strings.Contains(inB.Raw, orderA) || strings.Contains(inB.Raw, bookingA) || strings.Contains(inB.Raw, wallet) {
		t.Fatalf("B's page: %s", inB.Raw)
	}
	// A customer of B only is not found in A; nor is a made-up id or a staff member.
	twin := s.Customer("Carla", "Klantje", s.AppB)
	admin.Want("GET", "/v1/admin/customers/"+twin, nil, 404)
	admin.Want("GET", "/v1/admin/customers/"+uuid.NewString(), nil, 404)
	admin.Want("GET", "/v1/admin/customers/"+s.Users["trainer"], nil, 404)
	admin.Want("GET", "/v1/admin/customers/not-an-id", nil, 404)
	// Whoever does not see the application's orders does not see its customers.
	for _, role := range []string{"organization", "trainer"} {
		s.As(s.Users[role], s.AppA).Want("GET", "/v1/admin/customers/"+carla, nil, 403)
	}
	s.As(carla, s.AppA).Want("GET", "/v1/admin/customers/"+carla, nil, 403)
}

// A customer with nothing yet: every section empty, not null (the screen's empty states).
func TestCustomersPageEmpty(t *testing.T) {
	s := readapitest.NewShop(t)
	dirk := s.Customer("Dirk", "Dekker", s.AppA)
	s.Settle()
	data := s.As(s.Admin, s.AppA).Want("GET", "/v1/admin/customers/"+dirk, nil, 200).Body["data"].(map[string]any)
	for _, section := range []string{"bookings", "purchases", "orders", "wallets"} {
		if rows, ok := data[section].([]any); !ok || len(rows) != 0 {
			t.Fatalf("%s: %v", section, data[section])
		}
	}
}
