package finance_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	domainidentity "move/domain/identity"
	"move/domain/order"
	"move/domain/organization"
	"move/readapi/readapitest"
)

func TestSepaBatchesInvoicesAndOrganisationFinances(t *testing.T) {
	w := readapitest.NewOfferWorld(t)
	ctx := context.Background()
	res, err := w.Env.App.SetOrganizationFinance(ctx, commands.Meta{ApplicationID: w.AppA}, w.OrgA, nil,
		organization.Finance{ATTN: "Penningmeester", Address: "Sportlaan 1\n3511 AA Utrecht", IBAN: "NL91ABNA0417164300", AccountName: "Club A1"})
	if err != nil {
		t.Fatal(err)
	}
	w.Saw(res.Position)
	// January: A1 takes 100.00 and 50.00 (20.00 refunded), A2 (no IBAN) 30.00; B1 in the other application.
	w.PaidOrder(w.AppA, w.OrgA, "2026-01", 10_000, 0)
	w.PaidOrder(w.AppA, w.OrgA, "2026-01", 5_000, 2_000)
	w.PaidOrder(w.AppA, w.OrgA2, "2026-01", 3_000, 0)
	w.PaidOrder(w.AppB, w.OrgB, "2026-01", 7_000, 0)
	super := w.User("Sam", "Super", &domainidentity.Grant{Role: domainidentity.RoleSuperadmin})
	w.Settle()
	feesA := order.TransactionFee(order.PaymentEuros, 10_000) + order.TransactionFee(order.PaymentEuros, 5_000)
	feesA2 := order.TransactionFee(order.PaymentEuros, 3_000)
	payoutA := 15_000 - 2_000 - feesA

	sa := w.AsSuperadmin(super, w.AppA).En()
	admin := w.As(w.Admin, w.AppA)
	staff := w.As(w.Users["organization"], w.AppA)

	// Only the platform's finance role works the batches and invoices.
	admin.Want("POST", "/v1/admin/sepas", map[string]any{"month": "2026-01"}, 403)
	staff.Want("GET", "/v1/admin/invoices", nil, 403)
	// Bad months are refused clearly; nothing is written.
	if got := readapitest.Field(sa.Want("POST", "/v1/admin/sepas", map[string]any{"month": "2026-13"}, 422), "month"); got != "Give a month as YYYY-MM" {
		t.Errorf("bad month: %q", got)
	}
	if got := readapitest.Field(sa.Want("POST", "/v1/admin/sepas", map[string]any{"month": "2999-01"}, 422), "month"); got != "The month 2999-01 has not ended yet" {
		t.Errorf("future month: %q", got)
	}
	sa.Want("POST", "/v1/admin/sepas", map[string]any{}, 422)

	// The batch pays A1 its payout; A2 has no account and waits for a later batch.
	sa.Want("POST", "/v1/admin/sepas", map[string]any{"month": "2026-01"}, 201)
	if got := readapitest.Message(sa.Want("POST", "/v1/admin/sepas", map[string]any{"month": "2026-01"}, 409)); !strings.Contains(got, "already generated") {
		t.Errorf("second batch: %q", got)
	}
	batches := readapitest.Rows(sa.Want("GET", "/v1/admin/sepas", nil, 200))
	if len(batches) != 1 {
		t.Fatalf("batches %v", batches)
	}
	batch := batches[0].(map[string]any)
	if batch["transfers"] != 1.0 || batch["total_cents"] != float64(payoutA) {
		t.Fatalf("batch %v, want one transfer of %d", batch, payoutA)
	}
	xml := sa.Want("GET", "/v1/admin/sepas/"+batch["id"].(string)+"/xml", nil, 200)
	if !strings.Contains(xml.Raw, "<IBAN>NL91ABNA0417164300</IBAN>") || !strings.Contains(xml.Raw, fmt.Sprintf("<CtrlSum>%d.%02d</CtrlSum>", payoutA/100, payoutA%100)) {
		t.Fatalf("file:\n%s", xml.Raw)
	}
	schemaCheck(t, xml.Raw)
	// The other application sees none of it.
	if got := readapitest.Rows(w.AsSuperadmin(super, w.AppB).Want("GET", "/v1/admin/sepas", nil, 200)); len(got) != 0 {
		t.Fatalf("application B sees %v", got)
	}
	w.AsSuperadmin(super, w.AppB).Want("GET", "/v1/admin/sepas/"+batch["id"].(string), nil, 404)

	// Invoices: one per organisation with fees, numbered without gaps.
	sa.Want("POST", "/v1/admin/invoices", map[string]any{"month": "2026-01"}, 201)
	sa.Want("POST", "/v1/admin/invoices", map[string]any{"month": "2026-01"}, 409)
	invoices := readapitest.Rows(sa.Want("GET", "/v1/admin/invoices", nil, 200))
	if len(invoices) != 2 {
		t.Fatalf("invoices %v", invoices)
	}
	byOrg := map[string]map[string]any{}
	for _, i := range invoices {
		m := i.(map[string]any)
		byOrg[m["organization_id"].(string)] = m
	}
	invA, invA2 := byOrg[w.OrgA], byOrg[w.OrgA2]
	if invA["amount_cents"] != float64(feesA) || invA2["amount_cents"] != float64(feesA2) {
		t.Fatalf("invoice amounts %v %v", invA, invA2)
	}
	numbers := []string{invoices[1].(map[string]any)["number"].(string), invoices[0].(map[string]any)["number"].(string)}
	year := time.Now().In(time.FixedZone("", 3600)).Year()
	if numbers[0] != fmt.Sprintf("%d-000001", year) || numbers[1] != fmt.Sprintf("%d-000002", year) {
		t.Fatalf("numbers %v", numbers)
	}
	pdf := sa.Want("GET", "/v1/admin/invoices/"+invA["id"].(string)+"/pdf", nil, 200)
	if !strings.HasPrefix(pdf.Raw, "%PDF-") || pdf.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("pdf %q", pdf.Raw[:min(20, len(pdf.Raw))])
	}

	// A credit note cancels A2's invoice, once; the invoice itself stays.
	if got := readapitest.Field(sa.Want("POST", "/v1/admin/invoices/"+invA2["id"].(string)+"/credit-note", map[string]any{"reason": " "}, 422), "reason"); got == "" {
		t.Error("a credit note without a reason")
	}
	sa.Want("POST", "/v1/admin/invoices/"+invA2["id"].(string)+"/credit-note", map[string]any{"reason": "Dubbel gefactureerd"}, 201)
	sa.Want("POST", "/v1/admin/invoices/"+invA2["id"].(string)+"/credit-note", map[string]any{"reason": "again"}, 409)
	sa.Want("POST", "/v1/admin/invoices/"+uuid.NewString()+"/credit-note", map[string]any{"reason": "x"}, 404)
	ofA2 := readapitest.Rows(sa.Want("GET", "/v1/admin/invoices?organization_id="+w.OrgA2, nil, 200))
	if len(ofA2) != 2 {
		t.Fatalf("A2's invoices %v", ofA2)
	}
	note, orig := ofA2[0].(map[string]any), ofA2[1].(map[string]any)
	if note["kind"] != "credit_note" || note["amount_cents"] != float64(-feesA2) || note["number"] != fmt.Sprintf("%d-000003", year) ||
		note["corrects"] != orig["id"] || orig["credited_by"] != note["id"] || orig["amount_cents"] != float64(feesA2) {
		t.Fatalf("credit note %v of %v", note, orig)
	}
	sa.Want("GET", "/v1/admin/invoices?year=abc", nil, 400)

	// The organisation sees its own months, payouts and invoices, and no one else's.
	fin := staff.Want("GET", "/v1/admin/organizations/"+w.OrgA+"/finances", nil, 200)
	months, _ := readapitest.Dig(fin.Body, "data", "months").([]any)
	if len(months) != 1 || months[0].(map[string]any)["payout_cents"] != float64(payoutA) || readapitest.Dig(fin.Body, "data", "transferred_cents") != float64(payoutA) {
		t.Fatalf("finances %s", fin.Raw)
	}
	orders := readapitest.Rows(staff.Want("GET", "/v1/admin/organizations/"+w.OrgA+"/finances/orders?month=2026-01", nil, 200))
	if len(orders) != 2 {
		t.Fatalf("orders %v", orders)
	}
	staff.Want("GET", "/v1/admin/organizations/"+w.OrgA+"/finances/orders?month=januari", nil, 400)
	own := readapitest.Rows(staff.Want("GET", "/v1/admin/organizations/"+w.OrgA+"/invoices", nil, 200))
	if len(own) != 1 || own[0].(map[string]any)["id"] != invA["id"] {
		t.Fatalf("own invoices %v", own)
	}
	staff.Want("GET", "/v1/admin/organizations/"+w.OrgA+"/invoices/"+invA["id"].(string)+"/pdf", nil, 200)
	staff.Want("GET", "/v1/admin/organizations/"+w.OrgA+"/invoices/"+invA2["id"].(string)+"/pdf", nil, 404)
	staff.Want("GET", "/v1/admin/organizations/"+w.OrgA2+"/finances", nil, 404)
	staff.Want("GET", "/v1/admin/organizations/"+w.OrgA2+"/invoices", nil, 404)
	if got := readapitest.Rows(w.As(w.StaffB, w.AppB).Want("GET", "/v1/admin/organizations/"+w.OrgB+"/invoices", nil, 200)); len(got) != 0 {
		t.Fatalf("B1 has invoices: %v", got)
	}

	// Erasing A1's personal data blanks its account in the batch and its ATTN and
	// address on the invoice; amounts and numbers stay.
	before := sa.Want("GET", "/v1/admin/invoices/"+invA["id"].(string)+"/pdf", nil, 200)
	if again := sa.Want("GET", "/v1/admin/invoices/"+invA["id"].(string)+"/pdf", nil, 200); again.Raw != before.Raw {
		t.Fatal("the same invoice gave two different files")
	}
	res, err = w.Env.App.ErasePersonalData(ctx, commands.Meta{ApplicationID: w.AppA}, organization.Stream(w.OrgA))
	if err != nil {
		t.Fatal(err)
	}
	w.Saw(res.Position)
	w.Settle()
	detail := sa.Want("GET", "/v1/admin/sepas/"+batch["id"].(string), nil, 200)
	line, _ := readapitest.Dig(detail.Body, "data", "lines").([]any)
	if len(line) != 1 || line[0].(map[string]any)["iban"] != "" || line[0].(map[string]any)["account_name"] != "" ||
		line[0].(map[string]any)["amount_cents"] != float64(payoutA) {
		t.Fatalf("erased batch line %s", detail.Raw)
	}
	after := sa.Want("GET", "/v1/admin/invoices/"+invA["id"].(string)+"/pdf", nil, 200)
	if before.Raw == after.Raw || !strings.HasPrefix(after.Raw, "%PDF-") {
		t.Fatal("the invoice still shows the erased address, or is no PDF")
	}
}

func schemaCheck(t *testing.T, doc string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "sepa.xml")
	if err := os.WriteFile(file, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("xmllint", "--noout", "--schema", "../../domain/finance/testdata/pain.001.001.03.xsd", file).CombinedOutput(); err != nil {
		t.Fatalf("xmllint: %v\n%s", err, out)
	}
}

// TestPayoutOfARealOrder runs the orders' own flow — book, pay at the local provider,
// webhook, refund half — and reads the organisation's finances: the month's payout is
// paid − refunded − the order's fee, as the orders overview shows the order.
func TestPayoutOfARealOrder(t *testing.T) {
	s := readapitest.NewShop(t)
	s.Provider.AutoRefund = true
	customer := s.Customer("Carla", "Klant", s.AppA)
	session := s.PricedSession(s.AppA, s.OrgA, 5, 2_000, 0)
	_, orderID, _ := s.BookAndOrder(customer, s.AppA, session)
	pay := s.ProviderPayment(orderID)
	for deadline := time.Now().Add(20 * time.Second); pay == "" && time.Now().Before(deadline); pay = s.ProviderPayment(orderID) {
		// A slow provider call leaves the payment to the payment process: run it.
		if _, err := s.Worker.Pass(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	s.Provider.Settle(pay, "paid")
	s.Notify(pay, 200)
	s.Notify(pay, 200) // the provider repeats itself: nothing counts twice
	admin := s.As(s.Admin, s.AppA)
	admin.Want("POST", "/v1/admin/application/orders/"+orderID+"/refunds", map[string]any{"amount_cents": 1_000, "reason": "Half"}, 201)
	deadline := time.Now().Add(10 * time.Second)
	for readapitest.Dig(s.Order(orderID).Body, "data", "status") != "partly_refunded" && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	o := s.Order(orderID)
	month, _ := readapitest.Dig(o.Body, "data", "payout_month").(string)
	fee, _ := readapitest.Dig(o.Body, "data", "transaction_fee").(float64)
	if readapitest.Dig(o.Body, "data", "status") != "partly_refunded" || month == "" || fee <= 0 {
		t.Fatalf("order %s", o.Raw)
	}
	s.Settle()
	fin := s.As(s.Users["organization"], s.AppA).Want("GET", "/v1/admin/organizations/"+s.OrgA+"/finances", nil, 200)
	months, _ := readapitest.Dig(fin.Body, "data", "months").([]any)
	if len(months) != 1 {
		t.Fatalf("finances %s", fin.Raw)
	}
	m := months[0].(map[string]any)
	if m["month"] != month || m["paid_cents"] != 2_000.0 || m["refunded_cents"] != 1_000.0 || m["fee_cents"] != fee ||
		m["payout_cents"] != 1_000-fee || m["orders"] != 1.0 {
		t.Fatalf("month %v, want paid 2000, refunded 1000, fee %v", m, fee)
	}
	orders := readapitest.Rows(s.As(s.Users["organization"], s.AppA).Want("GET", "/v1/admin/organizations/"+s.OrgA+"/finances/orders?month="+month, nil, 200))
	if len(orders) != 1 || orders[0].(map[string]any)["id"] != orderID {
		t.Fatalf("orders %v", orders)
	}
}
