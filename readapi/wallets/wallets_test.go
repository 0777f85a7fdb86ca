package wallets_test

import (
	"context"
	"encoding/csv"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/xuri/excelize/v2"

	"move/domain/wallet"
	"move/identity"
	"move/internal/testenv"
	"move/readapi"
	"move/readapi/kernel"
	"move/readapi/readapitest"
	"move/readapi/wallets"
)

func TestWalletAdminFlow(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	admin := w.As(w.Admin, w.AppA)

	// Validation, in Dutch and in English.
	label := readapitest.Dig(admin.Want("POST", "/v1/admin/labels", map[string]any{"name": "Sportpas"}, 201).Body, "data", "id").(string)
	bad := readapitest.WalletBody("", "Not A Slug")
	bad["price_display_mode"] = "euro"
	bad["can_top_up"], bad["can_top_up_once"] = false, true
	bad["included_labels"], bad["excluded_labels"] = []string{label}, []string{label}
	nl := admin.Want("POST", "/v1/admin/wallets", bad, 422)
	if readapitest.Message(nl) != "Vul alle velden correct in" || readapitest.Field(nl, "name") != "Het veld naam is verplicht" || readapitest.Field(nl, "price_display_mode") != "Het veld prijsweergave moet een van deze waarden zijn: eur, moves, both" || readapitest.Field(nl, "can_top_up_once") != "Eenmalig opwaarderen kan alleen als opwaarderen aanstaat" || readapitest.Field(nl, "excluded_labels") != "Een label kan niet tegelijk inbegrepen en uitgesloten zijn" || readapitest.Field(nl, "slug") == "" {
		t.Fatalf("nl validation: %s", nl.Raw)
	}
	en := w.As(w.Admin, w.AppA).En().Want("POST", "/v1/admin/wallets", bad, 422)
	if readapitest.Field(en, "name") != "The name field is required" || readapitest.Field(en, "can_top_up_once") != "Topping up once needs topping up to be allowed" {
		t.Fatalf("en validation: %s", en.Raw)
	}

	id := admin.NewWallet("Sportmoves", "sport", nil)
	other := admin.NewWallet("Cadeaubon", "cadeau", nil)
	taken := admin.Want("POST", "/v1/admin/wallets", readapitest.WalletBody("Again", "sport"), 422)
	if readapitest.Field(taken, "slug") != "Deze slug is al in gebruik" {
		t.Fatalf("slug taken: %s", taken.Raw)
	}
	one := admin.Want("GET", "/v1/admin/wallets/"+id, nil, 200)
	if readapitest.Dig(one.Body, "data", "name") != "Sportmoves" || readapitest.Dig(one.Body, "data", "price_display_mode") != "both" || readapitest.Dig(one.Body, "data", "version") != 0.0 || readapitest.Dig(one.Body, "data", "coupons_count") != 0.0 {
		t.Fatalf("one: %s", one.Raw)
	}
	list := admin.Want("GET", "/v1/admin/wallets?sort=-name", nil, 200)
	if readapitest.Total(list) != 2 || readapitest.Dig(readapitest.Rows(list)[0], "name") != "Sportmoves" {
		t.Fatalf("list: %s", list.Raw)
	}
	if found := admin.Want("GET", "/v1/admin/wallets?search=cade", nil, 200); readapitest.Total(found) != 1 || readapitest.Dig(readapitest.Rows(found)[0], "id") != other {
		t.Fatalf("search: %s", found.Raw)
	}
	edit := readapitest.WalletBody("Sport Moves", "sport-moves")
	edit["version"] = 0
	admin.Want("PUT", "/v1/admin/wallets/"+id, edit, 200)
	stale := admin.Want("PUT", "/v1/admin/wallets/"+id, edit, 409)
	if readapitest.Message(stale) != "Iemand anders heeft dit intussen gewijzigd; laad de pagina opnieuw" {
		t.Fatalf("stale: %s", stale.Raw)
	}
	if got := admin.Want("GET", "/v1/admin/wallets/"+id, nil, 200); readapitest.Dig(got.Body, "data", "slug") != "sport-moves" || readapitest.Dig(got.Body, "data", "version") != 1.0 {
		t.Fatalf("edited: %s", got.Raw)
	}
	admin.Want("POST", "/v1/admin/wallets", readapitest.WalletBody("Sport", "sport"), 201) // the old slug is free again

	// Generating: refusals name their field.
	past := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	refused := admin.Want("POST", "/v1/admin/wallets/"+id+"/coupons", map[string]any{"quantity": 0, "value_moves": 5, "prefix": "a-b", "expires_at": past}, 422)
	if readapitest.Field(refused, "quantity") != "Het veld aantal moet tussen 1 en 100000 liggen" || readapitest.Field(refused, "prefix") != "Het veld voorvoegsel mag alleen hoofdletters en cijfers bevatten (hoogstens 10)" || readapitest.Field(refused, "expires_at") != "Het veld vervaldatum moet in de toekomst liggen" {
		t.Fatalf("generate refused: %s", refused.Raw)
	}
	if r := admin.Want("POST", "/v1/admin/wallets/"+id+"/coupons", map[string]any{"quantity": 1, "value_moves": 5, "expires_at": "next week"}, 422); readapitest.Field(r, "expires_at") == "" {
		t.Fatalf("bad expiry: %s", r.Raw)
	}
	admin.Want("POST", "/v1/admin/wallets/"+uuid.NewString()+"/coupons", map[string]any{"quantity": 1, "value_moves": 5}, 404)

	expires := time.Now().AddDate(0, 1, 0).Format(time.DateOnly)
	through, _ := time.Parse(time.DateOnly, expires)
	expiresAt := through.AddDate(0, 0, 1).Format(time.RFC3339) // a day holds through that day, UTC
	gen := admin.Want("POST", "/v1/admin/wallets/"+id+"/coupons", map[string]any{"quantity": 25, "value_moves": 10, "prefix": "gym", "expires_at": expires}, 201)
	batch := readapitest.Dig(gen.Body, "data", "id").(string)
	if readapitest.Dig(gen.Body, "data", "issued") != 25.0 || readapitest.Dig(gen.Body, "meta", "position") == "" {
		t.Fatalf("generate: %s", gen.Raw)
	}
	second, _ := admin.Generate(id, map[string]any{"quantity": 3, "value_moves": 1, "enabled": false})

	if all := admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons", nil, 200); readapitest.Total(all) != 28 {
		t.Fatalf("all coupons: %s", all.Raw)
	}
	coupons := admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons?itemsPerPage=10&sort=code&batch_id="+batch, nil, 200)
	if readapitest.Total(coupons) != 25 || len(readapitest.Rows(coupons)) != 10 {
		t.Fatalf("coupons: %s", coupons.Raw)
	}
	first := readapitest.Rows(coupons)[0]
	code := readapitest.Dig(first, "code").(string)
	if readapitest.Dig(first, "created_by", "id") != w.Admin || readapitest.Dig(first, "created_by", "name") != "Ada Admin" || readapitest.Dig(first, "redeemed_by") != nil || readapitest.Dig(first, "customer") != nil || readapitest.Dig(first, "expires_at") == nil {
		t.Fatalf("coupon row: %v", first)
	}
	// Keyset: the page after the cursor continues the order.
	cursor := readapitest.Dig(coupons.Body, "meta", "pagination", "next_cursor").(string)
	next := admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons?itemsPerPage=10&sort=code&batch_id="+batch+"&after="+cursor, nil, 200)
	if c := readapitest.Dig(readapitest.Rows(next)[0], "code").(string); wallet.NormalizeCode(c) <= wallet.NormalizeCode(readapitest.Dig(readapitest.Rows(coupons)[9], "code").(string)) {
		t.Fatalf("after the cursor: %s", next.Raw)
	}
	admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons?sort=value_moves&after="+cursor, nil, 400)
	// Search by code prefix, however typed.
	prefix := strings.ToLower(code[:7])
	if found := admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons?search="+prefix, nil, 200); readapitest.Total(found) < 1 || readapitest.Total(found) > 25 {
		t.Fatalf("search %q: %s", prefix, found.Raw)
	}
	if found := admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons?search="+url.QueryEscape(strings.ReplaceAll(code, "-", " ")), nil, 200); readapitest.Total(found) != 1 {
		t.Fatalf("search the whole code: %s", found.Raw)
	}
	if byStatus := admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons?status=disabled", nil, 200); readapitest.Total(byStatus) != 3 {
		t.Fatalf("disabled: %s", byStatus.Raw)
	}
	if avail := admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons?status=available&batch_id="+batch, nil, 200); readapitest.Total(avail) != 25 {
		t.Fatalf("available: %s", avail.Raw)
	}
	admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons?status=lost", nil, 400)

	// Batches: disable one, enable the other.
	admin.Want("PATCH", "/v1/admin/wallets/"+id+"/batches/"+batch, map[string]any{"is_enabled": false}, 200)
	admin.Want("PATCH", "/v1/admin/wallets/"+id+"/batches/"+second, map[string]any{"is_enabled": true}, 200)
	if r := admin.Want("PATCH", "/v1/admin/wallets/"+id+"/batches/"+batch, map[string]any{}, 422); readapitest.Field(r, "is_enabled") != "Het veld actief is verplicht" {
		t.Fatalf("is_enabled required: %s", r.Raw)
	}
	admin.Want("PATCH", "/v1/admin/wallets/"+other+"/batches/"+batch, map[string]any{"is_enabled": true}, 404)
	batches := admin.Want("GET", "/v1/admin/wallets/"+id+"/batches", nil, 200)
	if readapitest.Total(batches) != 2 || readapitest.Dig(readapitest.Rows(batches)[1], "id") != batch || readapitest.Dig(readapitest.Rows(batches)[1], "enabled") != false || readapitest.Dig(readapitest.Rows(batches)[1], "quantity") != 25.0 || readapitest.Dig(readapitest.Rows(batches)[1], "issued") != 25.0 || readapitest.Dig(readapitest.Rows(batches)[1], "prefix") != "GYM" || readapitest.Dig(readapitest.Rows(batches)[1], "created_by", "name") != "Ada Admin" || readapitest.Dig(readapitest.Rows(batches)[0], "enabled") != true {
		t.Fatalf("batches: %s", batches.Raw)
	}
	if byStatus := admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons?status=disabled", nil, 200); readapitest.Total(byStatus) != 25 || readapitest.Dig(readapitest.Rows(byStatus)[0], "batch_enabled") != false || readapitest.Dig(readapitest.Rows(byStatus)[0], "is_enabled") != true {
		t.Fatalf("disabled after the batch: %s", byStatus.Raw)
	}
	admin.Want("PATCH", "/v1/admin/wallets/"+id+"/batches/"+batch, map[string]any{"is_enabled": true}, 200)
	couponID := readapitest.Dig(first, "id").(string)
	admin.Want("PATCH", "/v1/admin/coupons/"+couponID, map[string]any{"is_enabled": false}, 200)
	if one := admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons?search="+code, nil, 200); readapitest.Dig(readapitest.Rows(one)[0], "status") != "disabled" {
		t.Fatalf("coupon disabled: %s", one.Raw)
	}
	admin.Want("PATCH", "/v1/admin/coupons/"+couponID, map[string]any{"is_enabled": true}, 200)
	admin.Want("PATCH", "/v1/admin/coupons/"+uuid.NewString(), map[string]any{"is_enabled": true}, 404)

	// Support redeems for a customer: the answer holds the new balance.
	carla := w.Users["customer"]
	redeemed := admin.Want("POST", "/v1/admin/wallets/"+id+"/coupons/redeem", map[string]any{"customer_id": strings.ToUpper(carla), "code": strings.ToLower(code)}, 200)
	if readapitest.Dig(redeemed.Body, "data", "moves") != 10.0 || readapitest.Dig(redeemed.Body, "data", "balance") != 10.0 || readapitest.Dig(redeemed.Body, "data", "coupon_id") != couponID {
		t.Fatalf("support redemption: %s", redeemed.Raw)
	}
	if r := admin.Want("POST", "/v1/admin/wallets/"+id+"/coupons/redeem", map[string]any{"customer_id": w.Users["trainer"], "code": code}, 422); readapitest.Field(r, "customer_id") != "Deze klant is niet bekend in deze applicatie" {
		t.Fatalf("not a customer: %s", r.Raw)
	}
	red := admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons/redeemed", nil, 200)
	if readapitest.Total(red) != 1 || readapitest.Dig(readapitest.Rows(red)[0], "status") != "redeemed" || readapitest.Dig(readapitest.Rows(red)[0], "via") != "support" || readapitest.Dig(readapitest.Rows(red)[0], "redeemed_by", "name") != "Ada Admin" || readapitest.Dig(readapitest.Rows(red)[0], "customer", "name") != "Carla Klant" || readapitest.Dig(readapitest.Rows(red)[0], "redeemed_at") == nil {
		t.Fatalf("redeemed: %s", red.Raw)
	}
	customers := admin.Want("GET", "/v1/admin/wallets/"+id+"/customers?search=carla", nil, 200)
	if readapitest.Total(customers) != 1 || readapitest.Dig(readapitest.Rows(customers)[0], "customer", "id") != carla || readapitest.Dig(readapitest.Rows(customers)[0], "balance") != 10.0 || readapitest.Dig(readapitest.Rows(customers)[0], "credits_count") != 1.0 || readapitest.Dig(readapitest.Rows(customers)[0], "last_top_up_at") == nil ||
		!strings.HasPrefix(readapitest.Dig(readapitest.Rows(customers)[0], "customer", "email").(string), "carla.klant") {
		t.Fatalf("customers: %s", customers.Raw)
	}
	if none := admin.Want("GET", "/v1/admin/wallets/"+other+"/customers", nil, 200); readapitest.Total(none) != 1 || readapitest.Dig(readapitest.Rows(none)[0], "balance") != 0.0 {
		t.Fatalf("customers of another wallet: %s", none.Raw)
	}
	theirs := admin.Want("GET", "/v1/admin/customers/"+carla+"/wallets", nil, 200)
	history := readapitest.Dig(theirs.Body, "data", "history").([]any)
	if readapitest.Dig(theirs.Body, "data", "customer", "name") != "Carla Klant" || len(readapitest.Dig(theirs.Body, "data", "wallets").([]any)) != 3 ||
		len(history) != 1 || readapitest.Dig(history[0], "code") != code || readapitest.Dig(history[0], "moves") != 10.0 || readapitest.Dig(history[0], "wallet_name") != "Sport Moves" {
		t.Fatalf("customer's wallets: %s", theirs.Raw)
	}
	admin.Want("GET", "/v1/admin/customers/"+w.Users["trainer"]+"/wallets", nil, 404)

	// The coupon's life, in log order.
	life := admin.Want("GET", "/v1/admin/coupons/"+couponID+"/history", nil, 200)
	var events []string
	for _, e := range readapitest.Rows(life) {
		events = append(events, readapitest.Dig(e, "event").(string))
	}
	if strings.Join(events, ",") != "coupon_batch.generated,coupon.issued,coupon_batch.disabled,coupon_batch.enabled,coupon.disabled,coupon.enabled,coupon.redeemed,wallet.credited" {
		t.Fatalf("history: %v\n%s", events, life.Raw)
	}
	redeemedEvent := readapitest.Rows(life)[6]
	if readapitest.Dig(redeemedEvent, "actor", "name") != "Ada Admin" || readapitest.Dig(redeemedEvent, "details", "customer", "name") != "Carla Klant" || readapitest.Dig(redeemedEvent, "details", "via") != "support" || readapitest.Dig(readapitest.Rows(life)[7], "actor") != nil || readapitest.Dig(readapitest.Rows(life)[1], "details", "code") != code {
		t.Fatalf("history details: %s", life.Raw)
	}
	admin.Want("GET", "/v1/admin/coupons/"+uuid.NewString()+"/history", nil, 404)

	// Statistics: 28 codes issued (250 + 3 moves), 10 redeemed, nothing expired.
	stats := admin.Want("GET", "/v1/admin/wallets/"+id+"/statistics", nil, 200)
	days := readapitest.Dig(stats.Body, "data", "days").([]any)
	if readapitest.Dig(stats.Body, "data", "totals", "issued") != 253.0 || readapitest.Dig(stats.Body, "data", "totals", "redeemed") != 10.0 || readapitest.Dig(stats.Body, "data", "totals", "expired") != 0.0 || readapitest.Dig(stats.Body, "data", "totals", "outstanding") != 243.0 ||
		len(days) != 30 || readapitest.Dig(days[29], "issued") != 253.0 || readapitest.Dig(days[29], "redeemed") != 10.0 {
		t.Fatalf("statistics: %s", stats.Raw)
	}
	admin.Want("GET", "/v1/admin/wallets/"+id+"/statistics?from=2024-02-30", nil, 400)
	// A preset's days, counted back from today in the application's zone: today holds them all.
	week := admin.Want("GET", "/v1/admin/wallets/"+id+"/statistics?days=7", nil, 200)
	if days := readapitest.Dig(week.Body, "data", "days").([]any); len(days) != 7 || readapitest.Dig(days[6], "issued") != 253.0 {
		t.Fatalf("statistics of 7 days: %s", week.Raw)
	}
	admin.Want("GET", "/v1/admin/wallets/"+id+"/statistics?days=7&from=2024-02-01", nil, 400)

	// Export for printing.
	csvRes := admin.Want("GET", "/v1/admin/wallets/"+id+"/batches/"+batch+"/export?format=csv", nil, 200)
	records, err := csv.NewReader(strings.NewReader(csvRes.Raw)).ReadAll()
	if err != nil || len(records) != 26 || strings.Join(records[0], ",") != "Code,Waarde in moves,Vervaldatum,Status" {
		t.Fatalf("csv: %v %v", err, records)
	}
	statuses := map[string]int{}
	for _, r := range records[1:] {
		statuses[r[3]]++
		if !strings.HasPrefix(r[0], "GYM-") || r[1] != "10" || r[2] != expiresAt {
			t.Fatalf("csv row: %v", r)
		}
	}
	if statuses["Ingewisseld"] != 1 || statuses["Beschikbaar"] != 24 {
		t.Fatalf("csv statuses: %v", statuses)
	}
	xlsx := admin.Want("GET", "/v1/admin/wallets/"+id+"/batches/"+batch+"/export", nil, 200)
	f, err := excelize.OpenReader(strings.NewReader(xlsx.Raw))
	if err != nil {
		t.Fatal(err)
	}
	sheet, _ := f.GetRows(f.GetSheetName(0))
	if len(sheet) != 26 || strings.Join(sheet[0], ",") != "Code,Waarde in moves,Vervaldatum,Status" {
		t.Fatalf("xlsx: %v", sheet)
	}
	admin.Want("GET", "/v1/admin/wallets/"+id+"/batches/"+batch+"/export?format=pdf", nil, 400)
	admin.Want("GET", "/v1/admin/wallets/"+other+"/batches/"+batch+"/export", nil, 404)

	// The OpenAPI document lists the routes with their permissions.
	doc := admin.Want("GET", "/v1/openapi.json", nil, 200)
	if readapitest.Dig(doc.Body, "paths", "/v1/admin/wallets/{wallet_id}/coupons", "post", "x-permission") != wallets.PermManageWallets || readapitest.Dig(doc.Body, "paths", "/v1/wallets/{wallet_id}/redeem", "post", "x-permission") != kernel.Customer {
		t.Fatal("openapi lacks the wallet routes")
	}
}

func TestWalletRedemptionRefusals(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{N: 1000, Window: time.Minute})
	admin := w.As(w.Admin, w.AppA)
	id := admin.NewWallet("Moves", "moves", nil)
	once := admin.NewWallet("Welkom", "welkom", func(b map[string]any) { b["can_top_up_once"] = true })
	closed := admin.NewWallet("Dicht", "dicht", func(b map[string]any) { b["can_top_up"] = false })
	_, codes := admin.Generate(id, map[string]any{"quantity": 5, "value_moves": 7})
	offBatch, offCodes := admin.Generate(id, map[string]any{"quantity": 1, "value_moves": 7, "enabled": false})
	_, onceCodes := admin.Generate(once, map[string]any{"quantity": 2, "value_moves": 3})
	_, closedCodes := admin.Generate(closed, map[string]any{"quantity": 1, "value_moves": 3})
	soon := time.Now().Add(2 * time.Second)
	_, shortCodes := admin.Generate(id, map[string]any{"quantity": 1, "value_moves": 2, "expires_at": soon.UTC().Format(time.RFC3339)})
	admin.Want("PATCH", "/v1/admin/coupons/"+wallet.CouponID(codes[1]), map[string]any{"is_enabled": false}, 200)
	dave := w.Customer("Dave", "Klant", w.AppA)
	w.Settle()
	carla := w.As(w.Users["customer"], w.AppA)
	davec := w.As(dave, w.AppA)

	ok := carla.C.Want(readapitest.RedeemIn(carla, id, codes[0]), 200)
	if readapitest.Dig(ok.Body, "data", "moves") != 7.0 || readapitest.Dig(ok.Body, "data", "balance") != 7.0 {
		t.Fatalf("redeemed: %s", ok.Raw)
	}
	mine := carla.Want("GET", "/v1/wallets", nil, 200)
	if len(readapitest.Rows(mine)) != 3 {
		t.Fatalf("own wallets: %s", mine.Raw)
	}
	for _, row := range readapitest.Rows(mine) {
		want := map[string]float64{id: 7, once: 0, closed: 0}[readapitest.Dig(row, "id").(string)]
		if readapitest.Dig(row, "balance") != want || readapitest.Dig(row, "price_display_mode") != "both" {
			t.Fatalf("own wallets: %s", mine.Raw)
		}
	}
	history := carla.Want("GET", "/v1/wallets/history", nil, 200)
	if len(readapitest.Rows(history)) != 1 || readapitest.Dig(readapitest.Rows(history)[0], "code") != codes[0] || readapitest.Dig(readapitest.Rows(history)[0], "moves") != 7.0 || readapitest.Dig(readapitest.Rows(history)[0], "wallet_id") != id {
		t.Fatalf("own history: %s", history.Raw)
	}
	if theirs := davec.Want("GET", "/v1/wallets/history", nil, 200); len(readapitest.Rows(theirs)) != 0 {
		t.Fatalf("another customer's history: %s", theirs.Raw)
	}

	for _, c := range []struct {
		name   string
		who    *readapitest.Caller
		wallet string
		code   string
		status int
		nl, en string
	}{
		{"unknown code", carla, id, "NOPE-AAAAAAAAAAAA", 422, "Deze code kennen we niet; controleer hem en probeer het opnieuw", "We do not know this code; check it and try again"},
		{"code of another wallet", carla, once, codes[2], 422, "Deze code kennen we niet; controleer hem en probeer het opnieuw", "We do not know this code; check it and try again"},
		{"disabled coupon", carla, id, codes[1], 409, "Deze code is (nog) niet actief", "This code is not active"},
		{"disabled batch", carla, id, offCodes[0], 409, "Deze code is (nog) niet actief", "This code is not active"},
		{"already redeemed", davec, id, codes[0], 409, "Deze code is al gebruikt", "This code has already been used"},
		{"already redeemed by you", carla, id, codes[0], 409, "Je hebt deze code al gebruikt; het tegoed staat al in je portemonnee", "You have already used this code; its moves are already in your wallet"},
		{"wallet without top-ups", carla, closed, closedCodes[0], 409, "Deze portemonnee kan niet worden opgewaardeerd", "This wallet cannot be topped up"},
	} {
		for _, lang := range []string{"nl", "en"} {
			c.who.C.Lang = lang
			r := c.who.C.Want(readapitest.RedeemIn(c.who, c.wallet, c.code), c.status)
			got := readapitest.Message(r)
			if c.status == 422 {
				got = readapitest.Field(r, "code")
			}
			if want := map[string]string{"nl": c.nl, "en": c.en}[lang]; got != want {
				t.Errorf("%s (%s): got %q, want %q (%s)", c.name, lang, got, want, r.Raw)
			}
		}
		c.who.C.Lang = "nl"
	}

	// Top up once: the first code, not a second.
	carla.C.Want(readapitest.RedeemIn(carla, once, onceCodes[0]), 200)
	if r := carla.C.Want(readapitest.RedeemIn(carla, once, onceCodes[1]), 409); readapitest.Message(r) != "Deze portemonnee kan maar één keer worden opgewaardeerd, en dat is al gebeurd" {
		t.Fatalf("top up once: %s", r.Raw)
	}
	davec.C.Want(readapitest.RedeemIn(davec, once, onceCodes[1]), 200) // another customer's first top-up

	// A disabled batch enabled again redeems.
	admin.Want("PATCH", "/v1/admin/wallets/"+id+"/batches/"+offBatch, map[string]any{"is_enabled": true}, 200)
	davec.C.Want(readapitest.RedeemIn(davec, id, offCodes[0]), 200)

	// Expired.
	time.Sleep(time.Until(soon) + 100*time.Millisecond)
	expired := carla.C.Want(readapitest.RedeemIn(carla, id, shortCodes[0]), 409)
	if !strings.HasPrefix(readapitest.Message(expired), "Deze code is verlopen (op ") {
		t.Fatalf("expired: %s", expired.Raw)
	}
	stats := admin.Want("GET", "/v1/admin/wallets/"+id+"/statistics", nil, 200)
	if readapitest.Dig(stats.Body, "data", "totals", "expired") != 2.0 || readapitest.Dig(stats.Body, "data", "totals", "redeemed") != 14.0 || readapitest.Dig(stats.Body, "data", "totals", "outstanding") != 6*7+2-14-2.0 {
		t.Fatalf("statistics with an expired code: %s", stats.Raw)
	}
	if r := admin.Want("GET", "/v1/admin/wallets/"+id+"/coupons?status=expired", nil, 200); readapitest.Total(r) != 1 || readapitest.Dig(readapitest.Rows(r)[0], "code") != shortCodes[0] {
		t.Fatalf("expired list: %s", r.Raw)
	}

	// Only customers have wallets.
	for _, who := range []string{w.Admin, w.Users["trainer"]} {
		k := w.As(who, w.AppA)
		for _, path := range []string{"/v1/wallets", "/v1/wallets/history"} {
			if r := k.Want("GET", path, nil, 403); readapitest.Message(r) != "Alleen klanten van deze applicatie kunnen dit doen (in de app)" {
				t.Fatalf("not a customer: GET %s: %s", path, r.Raw)
			}
		}
		k.C.Want(readapitest.RedeemIn(k, id, codes[3]), 403)
	}
	w.As(uuid.NewString(), w.AppA).Want("GET", "/v1/wallets", nil, 403) // no member of the application
}

// Refused consumer redemptions are limited per user: codes cannot be guessed.
func TestWalletRedemptionRateLimit(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{N: 3, Window: time.Minute})
	admin := w.As(w.Admin, w.AppA)
	id := admin.NewWallet("Moves", "moves", nil)
	_, codes := admin.Generate(id, map[string]any{"quantity": 1, "value_moves": 7})
	carla := w.As(w.Users["customer"], w.AppA)
	for range 3 {
		carla.C.Want(readapitest.RedeemIn(carla, id, "GUESS-"+uuid.NewString()[:8]), 422)
	}
	limited := carla.C.Want(readapitest.RedeemIn(carla, id, codes[0]), 429)
	if readapitest.Message(limited) != "Te veel verzoeken, probeer het later opnieuw" || limited.Header.Get("Retry-After") == "" {
		t.Fatalf("limited: %s %v", limited.Raw, limited.Header)
	}
	// Another customer is not limited by Carla's guesses.
	dave := w.Customer("Dave", "Klant", w.AppA)
	w.Settle()
	davec := w.As(dave, w.AppA)
	davec.C.Want(readapitest.RedeemIn(davec, id, codes[0]), 200)
}

// Concurrent guesses cannot outrun the limit: of forty wrong codes sent at once, at most
// ten are tried; the rest wait.
func TestConcurrentGuessesAreLimited(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{N: 10, Window: time.Minute})
	admin := w.As(w.Admin, w.AppA)
	id := admin.NewWallet("Moves", "moves", nil)
	carla := w.Users["customer"]
	fortyTimesCarla := make([]string, 40)
	for i := range fortyTimesCarla {
		fortyTimesCarla[i] = carla
	}
	counts := map[int]int{}
	for _, a := range w.AtOnce(w.AppA, "POST", "/v1/wallets/"+id+"/redeem", fortyTimesCarla, func(int) any {
		return map[string]string{"code": "GUESS-" + uuid.NewString()[:8]}
	}) {
		counts[a.Status]++
	}
	if counts[422] > 10 || counts[422]+counts[429] != 40 {
		t.Fatalf("forty concurrent guesses answered %v: want at most ten tried (422), the rest 429", counts)
	}
}

// THE concurrency test: a hundred redemptions of one code at once, by several customers
// and the same customer several times; one wins, every other is refused with a reason,
// and the moves are credited once.
func TestConcurrentRedemptionOfOneCode(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	admin := w.As(w.Admin, w.AppA)
	id := admin.NewWallet("Moves", "moves", nil)
	_, codes := admin.Generate(id, map[string]any{"quantity": 1, "value_moves": 25})
	customers := []string{w.Users["customer"]}
	for i := range 19 {
		customers = append(customers, w.Customer("Klant", string(rune('A'+i)), w.AppA))
	}
	w.Settle()

	const perCustomer = 5
	var redeemers []string
	for _, c := range customers {
		for range perCustomer {
			redeemers = append(redeemers, c)
		}
	}
	answers := w.AtOnce(w.AppA, "POST", "/v1/wallets/"+id+"/redeem", redeemers, func(int) any {
		return map[string]string{"code": codes[0]}
	}, "Accept-Language", "en")
	var winners []string
	refusals := map[string]int{}
	for i, a := range answers {
		message, _ := readapitest.Dig(a.Body, "errors", "message").(string)
		switch {
		case a.Status == 200:
			winners = append(winners, redeemers[i])
		case a.Status == 409 && (message == "This code has already been used" || message == "You have already used this code; its moves are already in your wallet"):
			refusals[message]++
		default:
			t.Errorf("unexpected answer: %d %s", a.Status, a.Raw)
		}
	}
	if len(winners) != 1 {
		t.Fatalf("%d redemptions succeeded, want exactly one (refusals %v)", len(winners), refusals)
	}
	if refusals["You have already used this code; its moves are already in your wallet"] > perCustomer-1 {
		t.Fatalf("refusals: %v", refusals)
	}

	// One credit in the log, and the balance is the coupon's value once. Counted in the
	// table: the log reader waits for every older transaction of the cluster.
	ctx := context.Background()
	var credits int
	if err := w.Env.DB.QueryRow(ctx, `SELECT count(*) FROM eventstore_events WHERE type = $1`, (wallet.Credited{}).EventType()).Scan(&credits); err != nil {
		t.Fatal(err)
	}
	if credits != 1 {
		t.Fatalf("%d wallet.credited events, want 1", credits)
	}
	w.Settle()
	winner := w.As(winners[0], w.AppA)
	if mine := winner.Want("GET", "/v1/wallets", nil, 200); readapitest.Dig(readapitest.Rows(mine)[0], "balance") != 25.0 {
		t.Fatalf("balance: %s", mine.Raw)
	}
	var sum int64
	if err := w.Env.DB.QueryRow(ctx, `SELECT coalesce(sum(balance), 0) FROM readmodel.wallet_accounts`).Scan(&sum); err != nil || sum != 25 {
		t.Fatalf("balances sum to %d (%v), want 25", sum, err)
	}
}

func TestWalletTenantIsolation(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	admin := w.As(w.Admin, w.AppA)
	id := admin.NewWallet("Only in A", "a-only", nil)
	batch, codes := admin.Generate(id, map[string]any{"quantity": 2, "value_moves": 4})
	carla := w.Users["customer"]
	admin.Want("POST", "/v1/admin/wallets/"+id+"/coupons/redeem", map[string]any{"customer_id": carla, "code": codes[0]}, 200)
	couponID := wallet.CouponID(codes[1])
	customerB := w.Customer("Bea", "Klant", w.AppB)
	w.Settle()

	b := w.As(w.AdminB, w.AppB)
	walletB := b.NewWallet("Only in B", "a-only", nil) // slugs are unique per application
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/v1/admin/wallets/" + id, nil},
		{"PUT", "/v1/admin/wallets/" + id, readapitest.WalletBody("Taken over", "taken")},
		{"GET", "/v1/admin/wallets/" + id + "/statistics", nil},
		{"GET", "/v1/admin/wallets/" + id + "/coupons", nil},
		{"POST", "/v1/admin/wallets/" + id + "/coupons", map[string]any{"quantity": 1, "value_moves": 1}},
		{"GET", "/v1/admin/wallets/" + id + "/coupons/redeemed", nil},
		{"GET", "/v1/admin/wallets/" + id + "/batches", nil},
		{"PATCH", "/v1/admin/wallets/" + id + "/batches/" + batch, map[string]any{"is_enabled": false}},
		{"GET", "/v1/admin/wallets/" + id + "/batches/" + batch + "/export", nil},
		{"GET", "/v1/admin/wallets/" + id + "/customers", nil},
		{"PATCH", "/v1/admin/coupons/" + couponID, map[string]any{"is_enabled": false}},
		{"GET", "/v1/admin/coupons/" + couponID + "/history", nil},
		{"GET", "/v1/admin/customers/" + carla + "/wallets", nil},
		{"GET", "/v1/admin/wallets/" + walletB + "/batches/" + batch + "/export", nil},
	} {
		b.Want(c.method, c.path, c.body, 404)
	}
	if r := b.Want("GET", "/v1/admin/wallets", nil, 200); readapitest.Total(r) != 1 || readapitest.Dig(readapitest.Rows(r)[0], "id") != walletB {
		t.Fatalf("B lists A's wallets: %s", r.Raw)
	}
	if r := b.Want("GET", "/v1/admin/wallets/"+walletB+"/coupons", nil, 200); readapitest.Total(r) != 0 {
		t.Fatalf("B lists A's coupons: %s", r.Raw)
	}
	if r := b.Want("GET", "/v1/admin/wallets/"+walletB+"/customers", nil, 200); readapitest.Total(r) != 1 || readapitest.Dig(readapitest.Rows(r)[0], "customer", "id") != customerB {
		t.Fatalf("B's customers: %s", r.Raw)
	}
	// A's code cannot be redeemed in B, into either wallet, by support or by B's customer.
	if r := b.Want("POST", "/v1/admin/wallets/"+walletB+"/coupons/redeem", map[string]any{"customer_id": customerB, "code": codes[1]}, 422); readapitest.Field(r, "code") == "" {
		t.Fatalf("support in B: %s", r.Raw)
	}
	bea := w.As(customerB, w.AppB)
	bea.C.Want(readapitest.RedeemIn(bea, id, codes[1]), 422)
	bea.C.Want(readapitest.RedeemIn(bea, walletB, codes[1]), 422)
	if r := bea.Want("GET", "/v1/wallets", nil, 200); len(readapitest.Rows(r)) != 1 || readapitest.Dig(readapitest.Rows(r)[0], "id") != walletB {
		t.Fatalf("B's customer sees: %s", r.Raw)
	}
	// A's admin in B is no member: refused before any wallet is looked at.
	w.As(w.Admin, w.AppB).Want("GET", "/v1/admin/wallets/"+id, nil, 403)
	// And A still has it all.
	admin.Want("GET", "/v1/admin/coupons/"+couponID+"/history", nil, 200)
}

// Organisation staff, trainers and customers get 403 on every admin wallet route.
func TestWalletPermissions(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	admin := w.As(w.Admin, w.AppA)
	id := admin.NewWallet("Moves", "moves", nil)
	batch, codes := admin.Generate(id, map[string]any{"quantity": 1, "value_moves": 7})
	w.Settle()
	api, err := readapi.New(kernel.Deps{App: w.Env.App, DB: w.Env.DB, Auth: readapitest.UserAuth{}, Tenants: readapitest.UserAuth{}, Authz: readapitest.UserAuth{},
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(), Ready: func(context.Context) error { return nil }})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, rt := range api.Routes() {
		if !strings.Contains(rt.Pattern, "/wallets") && !strings.Contains(rt.Pattern, "/coupons") && !strings.Contains(rt.Pattern, "/customers/") {
			continue
		}
		if rt.Permission == kernel.Authenticated || rt.Permission == kernel.Customer {
			continue
		}
		path := strings.NewReplacer("{wallet_id}", id, "{batch_id}", batch, "{coupon_id}", wallet.CouponID(codes[0]), "{customer_id}", w.Users["customer"]).Replace(rt.Pattern)
		var body any
		if rt.Method != "GET" {
			body = map[string]any{}
		}
		for _, role := range []string{"organization", "trainer", "customer"} {
			if r := w.As(w.Users[role], w.AppA).Do(rt.Method, path, body); r.Status != http.StatusForbidden {
				t.Errorf("%s %s as %s: %d %s", rt.Method, rt.Pattern, role, r.Status, r.Raw)
			}
		}
		checked++
	}
	// 17 wallet and coupon routes, and a customer's page (decision 1710), which shows wallets.
	if checked != 18 {
		t.Fatalf("checked %d admin wallet routes", checked)
	}
}
