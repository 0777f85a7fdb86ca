package readapi_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/xuri/excelize/v2"

	"move/domain/wallet"
	"move/identity"
	"move/internal/testenv"
	"move/readapi"
)

func TestWalletAdminFlow(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{})
	admin := w.as(w.admin, w.appA)

	// Validation, in Dutch and in English.
	label := dig(admin.want("POST", "/v1/admin/labels", map[string]any{"name": "Sportpas"}, 201).Body, "data", "id").(string)
	bad := walletBody("", "Not A Slug")
	bad["price_display_mode"] = "euro"
	bad["can_top_up"], bad["can_top_up_once"] = false, true
	bad["included_labels"], bad["excluded_labels"] = []string{label}, []string{label}
	nl := admin.want("POST", "/v1/admin/wallets", bad, 422)
	if message(nl) != "Vul alle velden correct in" || field(nl, "name") != "Het veld naam is verplicht" ||
		field(nl, "price_display_mode") != "Het veld prijsweergave moet een van deze waarden zijn: eur, moves, both" ||
		field(nl, "can_top_up_once") != "Eenmalig opwaarderen kan alleen als opwaarderen aanstaat" ||
		field(nl, "excluded_labels") != "Een label kan niet tegelijk inbegrepen en uitgesloten zijn" || field(nl, "slug") == "" {
		t.Fatalf("nl validation: %s", nl.Raw)
	}
	en := w.as(w.admin, w.appA).en().want("POST", "/v1/admin/wallets", bad, 422)
	if field(en, "name") != "The name field is required" || field(en, "can_top_up_once") != "Topping up once needs topping up to be allowed" {
		t.Fatalf("en validation: %s", en.Raw)
	}

	id := admin.newWallet("Sportmoves", "sport", nil)
	other := admin.newWallet("Cadeaubon", "cadeau", nil)
	taken := admin.want("POST", "/v1/admin/wallets", walletBody("Again", "sport"), 422)
	if field(taken, "slug") != "Deze slug is al in gebruik" {
		t.Fatalf("slug taken: %s", taken.Raw)
	}
	one := admin.want("GET", "/v1/admin/wallets/"+id, nil, 200)
	if dig(one.Body, "data", "name") != "Sportmoves" || dig(one.Body, "data", "price_display_mode") != "both" ||
		dig(one.Body, "data", "version") != 0.0 || dig(one.Body, "data", "coupons_count") != 0.0 {
		t.Fatalf("one: %s", one.Raw)
	}
	list := admin.want("GET", "/v1/admin/wallets?sort=-name", nil, 200)
	if total(list) != 2 || dig(rows(list)[0], "name") != "Sportmoves" {
		t.Fatalf("list: %s", list.Raw)
	}
	if found := admin.want("GET", "/v1/admin/wallets?search=cade", nil, 200); total(found) != 1 || dig(rows(found)[0], "id") != other {
		t.Fatalf("search: %s", found.Raw)
	}
	edit := walletBody("Sport Moves", "sport-moves")
	edit["version"] = 0
	admin.want("PUT", "/v1/admin/wallets/"+id, edit, 200)
	stale := admin.want("PUT", "/v1/admin/wallets/"+id, edit, 409)
	if message(stale) != "Iemand anders heeft dit intussen gewijzigd; laad de pagina opnieuw" {
		t.Fatalf("stale: %s", stale.Raw)
	}
	if got := admin.want("GET", "/v1/admin/wallets/"+id, nil, 200); dig(got.Body, "data", "slug") != "sport-moves" || dig(got.Body, "data", "version") != 1.0 {
		t.Fatalf("edited: %s", got.Raw)
	}
	admin.want("POST", "/v1/admin/wallets", walletBody("Sport", "sport"), 201) // the old slug is free again

	// Generating: refusals name their field.
	past := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	refused := admin.want("POST", "/v1/admin/wallets/"+id+"/coupons", map[string]any{"quantity": 0, "value_moves": 5, "prefix": "a-b", "expires_at": past}, 422)
	if field(refused, "quantity") != "Het veld aantal moet tussen 1 en 100000 liggen" || field(refused, "prefix") != "Het veld voorvoegsel mag alleen hoofdletters en cijfers bevatten (hoogstens 10)" ||
		field(refused, "expires_at") != "Het veld vervaldatum moet in de toekomst liggen" {
		t.Fatalf("generate refused: %s", refused.Raw)
	}
	if r := admin.want("POST", "/v1/admin/wallets/"+id+"/coupons", map[string]any{"quantity": 1, "value_moves": 5, "expires_at": "next week"}, 422); field(r, "expires_at") == "" {
		t.Fatalf("bad expiry: %s", r.Raw)
	}
	admin.want("POST", "/v1/admin/wallets/"+uuid.NewString()+"/coupons", map[string]any{"quantity": 1, "value_moves": 5}, 404)

	expires := time.Now().AddDate(0, 1, 0).Format(time.DateOnly)
	through, _ := time.Parse(time.DateOnly, expires)
	expiresAt := through.AddDate(0, 0, 1).Format(time.RFC3339) // a day holds through that day, UTC
	gen := admin.want("POST", "/v1/admin/wallets/"+id+"/coupons", map[string]any{"quantity": 25, "value_moves": 10, "prefix": "gym", "expires_at": expires}, 201)
	batch := dig(gen.Body, "data", "id").(string)
	if dig(gen.Body, "data", "issued") != 25.0 || dig(gen.Body, "meta", "position") == "" {
		t.Fatalf("generate: %s", gen.Raw)
	}
	second, _ := admin.generate(id, map[string]any{"quantity": 3, "value_moves": 1, "enabled": false})

	if all := admin.want("GET", "/v1/admin/wallets/"+id+"/coupons", nil, 200); total(all) != 28 {
		t.Fatalf("all coupons: %s", all.Raw)
	}
	coupons := admin.want("GET", "/v1/admin/wallets/"+id+"/coupons?itemsPerPage=10&sort=code&batch_id="+batch, nil, 200)
	if total(coupons) != 25 || len(rows(coupons)) != 10 {
		t.Fatalf("coupons: %s", coupons.Raw)
	}
	first := rows(coupons)[0]
	code := dig(first, "code").(string)
	if dig(first, "created_by", "id") != w.admin || dig(first, "created_by", "name") != "Ada Admin" || dig(first, "redeemed_by") != nil ||
		dig(first, "customer") != nil || dig(first, "expires_at") == nil {
		t.Fatalf("coupon row: %v", first)
	}
	// Keyset: the page after the cursor continues the order.
	cursor := dig(coupons.Body, "meta", "pagination", "next_cursor").(string)
	next := admin.want("GET", "/v1/admin/wallets/"+id+"/coupons?itemsPerPage=10&sort=code&batch_id="+batch+"&after="+cursor, nil, 200)
	if c := dig(rows(next)[0], "code").(string); wallet.NormalizeCode(c) <= wallet.NormalizeCode(dig(rows(coupons)[9], "code").(string)) {
		t.Fatalf("after the cursor: %s", next.Raw)
	}
	admin.want("GET", "/v1/admin/wallets/"+id+"/coupons?sort=value_moves&after="+cursor, nil, 400)
	// Search by code prefix, however typed.
	prefix := strings.ToLower(code[:7])
	if found := admin.want("GET", "/v1/admin/wallets/"+id+"/coupons?search="+prefix, nil, 200); total(found) < 1 || total(found) > 25 {
		t.Fatalf("search %q: %s", prefix, found.Raw)
	}
	if found := admin.want("GET", "/v1/admin/wallets/"+id+"/coupons?search="+url.QueryEscape(strings.ReplaceAll(code, "-", " ")), nil, 200); total(found) != 1 {
		t.Fatalf("search the whole code: %s", found.Raw)
	}
	if byStatus := admin.want("GET", "/v1/admin/wallets/"+id+"/coupons?status=disabled", nil, 200); total(byStatus) != 3 {
		t.Fatalf("disabled: %s", byStatus.Raw)
	}
	if avail := admin.want("GET", "/v1/admin/wallets/"+id+"/coupons?status=available&batch_id="+batch, nil, 200); total(avail) != 25 {
		t.Fatalf("available: %s", avail.Raw)
	}
	admin.want("GET", "/v1/admin/wallets/"+id+"/coupons?status=lost", nil, 400)

	// Batches: disable one, enable the other.
	admin.want("PATCH", "/v1/admin/wallets/"+id+"/batches/"+batch, map[string]any{"is_enabled": false}, 200)
	admin.want("PATCH", "/v1/admin/wallets/"+id+"/batches/"+second, map[string]any{"is_enabled": true}, 200)
	if r := admin.want("PATCH", "/v1/admin/wallets/"+id+"/batches/"+batch, map[string]any{}, 422); field(r, "is_enabled") != "Het veld actief is verplicht" {
		t.Fatalf("is_enabled required: %s", r.Raw)
	}
	admin.want("PATCH", "/v1/admin/wallets/"+other+"/batches/"+batch, map[string]any{"is_enabled": true}, 404)
	batches := admin.want("GET", "/v1/admin/wallets/"+id+"/batches", nil, 200)
	if total(batches) != 2 || dig(rows(batches)[1], "id") != batch || dig(rows(batches)[1], "enabled") != false ||
		dig(rows(batches)[1], "quantity") != 25.0 || dig(rows(batches)[1], "issued") != 25.0 || dig(rows(batches)[1], "prefix") != "GYM" ||
		dig(rows(batches)[1], "created_by", "name") != "Ada Admin" || dig(rows(batches)[0], "enabled") != true {
		t.Fatalf("batches: %s", batches.Raw)
	}
	if byStatus := admin.want("GET", "/v1/admin/wallets/"+id+"/coupons?status=disabled", nil, 200); total(byStatus) != 25 ||
		dig(rows(byStatus)[0], "batch_enabled") != false || dig(rows(byStatus)[0], "is_enabled") != true {
		t.Fatalf("disabled after the batch: %s", byStatus.Raw)
	}
	admin.want("PATCH", "/v1/admin/wallets/"+id+"/batches/"+batch, map[string]any{"is_enabled": true}, 200)
	couponID := dig(first, "id").(string)
	admin.want("PATCH", "/v1/admin/coupons/"+couponID, map[string]any{"is_enabled": false}, 200)
	if one := admin.want("GET", "/v1/admin/wallets/"+id+"/coupons?search="+code, nil, 200); dig(rows(one)[0], "status") != "disabled" {
		t.Fatalf("coupon disabled: %s", one.Raw)
	}
	admin.want("PATCH", "/v1/admin/coupons/"+couponID, map[string]any{"is_enabled": true}, 200)
	admin.want("PATCH", "/v1/admin/coupons/"+uuid.NewString(), map[string]any{"is_enabled": true}, 404)

	// Support redeems for a customer: the answer holds the new balance.
	carla := w.users["customer"]
	redeemed := admin.want("POST", "/v1/admin/wallets/"+id+"/coupons/redeem", map[string]any{"customer_id": strings.ToUpper(carla), "code": strings.ToLower(code)}, 200)
	if dig(redeemed.Body, "data", "moves") != 10.0 || dig(redeemed.Body, "data", "balance") != 10.0 || dig(redeemed.Body, "data", "coupon_id") != couponID {
		t.Fatalf("support redemption: %s", redeemed.Raw)
	}
	if r := admin.want("POST", "/v1/admin/wallets/"+id+"/coupons/redeem", map[string]any{"customer_id": w.users["trainer"], "code": code}, 422); field(r, "customer_id") != "Deze klant is niet bekend in deze applicatie" {
		t.Fatalf("not a customer: %s", r.Raw)
	}
	red := admin.want("GET", "/v1/admin/wallets/"+id+"/coupons/redeemed", nil, 200)
	if total(red) != 1 || dig(rows(red)[0], "status") != "redeemed" || dig(rows(red)[0], "via") != "support" ||
		dig(rows(red)[0], "redeemed_by", "name") != "Ada Admin" || dig(rows(red)[0], "customer", "name") != "Carla Klant" || dig(rows(red)[0], "redeemed_at") == nil {
		t.Fatalf("redeemed: %s", red.Raw)
	}
	customers := admin.want("GET", "/v1/admin/wallets/"+id+"/customers?search=carla", nil, 200)
	if total(customers) != 1 || dig(rows(customers)[0], "customer", "id") != carla || dig(rows(customers)[0], "balance") != 10.0 ||
		dig(rows(customers)[0], "credits_count") != 1.0 || dig(rows(customers)[0], "last_top_up_at") == nil ||
		!strings.HasPrefix(dig(rows(customers)[0], "customer", "email").(string), "carla.klant") {
		t.Fatalf("customers: %s", customers.Raw)
	}
	if none := admin.want("GET", "/v1/admin/wallets/"+other+"/customers", nil, 200); total(none) != 1 || dig(rows(none)[0], "balance") != 0.0 {
		t.Fatalf("customers of another wallet: %s", none.Raw)
	}
	theirs := admin.want("GET", "/v1/admin/customers/"+carla+"/wallets", nil, 200)
	history := dig(theirs.Body, "data", "history").([]any)
	if dig(theirs.Body, "data", "customer", "name") != "Carla Klant" || len(dig(theirs.Body, "data", "wallets").([]any)) != 3 ||
		len(history) != 1 || dig(history[0], "code") != code || dig(history[0], "moves") != 10.0 || dig(history[0], "wallet_name") != "Sport Moves" {
		t.Fatalf("customer's wallets: %s", theirs.Raw)
	}
	admin.want("GET", "/v1/admin/customers/"+w.users["trainer"]+"/wallets", nil, 404)

	// The coupon's life, in log order.
	life := admin.want("GET", "/v1/admin/coupons/"+couponID+"/history", nil, 200)
	var events []string
	for _, e := range rows(life) {
		events = append(events, dig(e, "event").(string))
	}
	if strings.Join(events, ",") != "coupon_batch.generated,coupon.issued,coupon_batch.disabled,coupon_batch.enabled,coupon.disabled,coupon.enabled,coupon.redeemed,wallet.credited" {
		t.Fatalf("history: %v\n%s", events, life.Raw)
	}
	redeemedEvent := rows(life)[6]
	if dig(redeemedEvent, "actor", "name") != "Ada Admin" || dig(redeemedEvent, "details", "customer", "name") != "Carla Klant" ||
		dig(redeemedEvent, "details", "via") != "support" || dig(rows(life)[7], "actor") != nil || dig(rows(life)[1], "details", "code") != code {
		t.Fatalf("history details: %s", life.Raw)
	}
	admin.want("GET", "/v1/admin/coupons/"+uuid.NewString()+"/history", nil, 404)

	// Statistics: 28 codes issued (250 + 3 moves), 10 redeemed, nothing expired.
	stats := admin.want("GET", "/v1/admin/wallets/"+id+"/statistics", nil, 200)
	days := dig(stats.Body, "data", "days").([]any)
	if dig(stats.Body, "data", "totals", "issued") != 253.0 || dig(stats.Body, "data", "totals", "redeemed") != 10.0 ||
		dig(stats.Body, "data", "totals", "expired") != 0.0 || dig(stats.Body, "data", "totals", "outstanding") != 243.0 ||
		len(days) != 30 || dig(days[29], "issued") != 253.0 || dig(days[29], "redeemed") != 10.0 {
		t.Fatalf("statistics: %s", stats.Raw)
	}
	admin.want("GET", "/v1/admin/wallets/"+id+"/statistics?from=2024-02-30", nil, 400)

	// Export for printing.
	csvRes := admin.want("GET", "/v1/admin/wallets/"+id+"/batches/"+batch+"/export?format=csv", nil, 200)
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
	xlsx := admin.want("GET", "/v1/admin/wallets/"+id+"/batches/"+batch+"/export", nil, 200)
	f, err := excelize.OpenReader(strings.NewReader(xlsx.Raw))
	if err != nil {
		t.Fatal(err)
	}
	sheet, _ := f.GetRows(f.GetSheetName(0))
	if len(sheet) != 26 || strings.Join(sheet[0], ",") != "Code,Waarde in moves,Vervaldatum,Status" {
		t.Fatalf("xlsx: %v", sheet)
	}
	admin.want("GET", "/v1/admin/wallets/"+id+"/batches/"+batch+"/export?format=pdf", nil, 400)
	admin.want("GET", "/v1/admin/wallets/"+other+"/batches/"+batch+"/export", nil, 404)

	// The OpenAPI document lists the routes with their permissions.
	doc := admin.want("GET", "/v1/openapi.json", nil, 200)
	if dig(doc.Body, "paths", "/v1/admin/wallets/{wallet_id}/coupons", "post", "x-permission") != readapi.PermManageWallets ||
		dig(doc.Body, "paths", "/v1/wallets/{wallet_id}/redeem", "post", "x-permission") != readapi.Customer {
		t.Fatal("openapi lacks the wallet routes")
	}
}

func TestWalletRedemptionRefusals(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{N: 1000, Window: time.Minute})
	admin := w.as(w.admin, w.appA)
	id := admin.newWallet("Moves", "moves", nil)
	once := admin.newWallet("Welkom", "welkom", func(b map[string]any) { b["can_top_up_once"] = true })
	closed := admin.newWallet("Dicht", "dicht", func(b map[string]any) { b["can_top_up"] = false })
	_, codes := admin.generate(id, map[string]any{"quantity": 5, "value_moves": 7})
	offBatch, offCodes := admin.generate(id, map[string]any{"quantity": 1, "value_moves": 7, "enabled": false})
	_, onceCodes := admin.generate(once, map[string]any{"quantity": 2, "value_moves": 3})
	_, closedCodes := admin.generate(closed, map[string]any{"quantity": 1, "value_moves": 3})
	soon := time.Now().Add(2 * time.Second)
	_, shortCodes := admin.generate(id, map[string]any{"quantity": 1, "value_moves": 2, "expires_at": soon.UTC().Format(time.RFC3339)})
	admin.want("PATCH", "/v1/admin/coupons/"+wallet.CouponID(codes[1]), map[string]any{"is_enabled": false}, 200)
	dave := w.customer("Dave", "Klant", w.appA)
	w.settle()
	carla := w.as(w.users["customer"], w.appA)
	davec := w.as(dave, w.appA)

	ok := carla.c.want(redeemIn(carla, id, codes[0]), 200)
	if dig(ok.Body, "data", "moves") != 7.0 || dig(ok.Body, "data", "balance") != 7.0 {
		t.Fatalf("redeemed: %s", ok.Raw)
	}
	mine := carla.want("GET", "/v1/wallets", nil, 200)
	if len(rows(mine)) != 3 {
		t.Fatalf("own wallets: %s", mine.Raw)
	}
	for _, row := range rows(mine) {
		want := map[string]float64{id: 7, once: 0, closed: 0}[dig(row, "id").(string)]
		if dig(row, "balance") != want || dig(row, "price_display_mode") != "both" {
			t.Fatalf("own wallets: %s", mine.Raw)
		}
	}
	history := carla.want("GET", "/v1/wallets/history", nil, 200)
	if len(rows(history)) != 1 || dig(rows(history)[0], "code") != codes[0] || dig(rows(history)[0], "moves") != 7.0 ||
		dig(rows(history)[0], "wallet_id") != id {
		t.Fatalf("own history: %s", history.Raw)
	}
	if theirs := davec.want("GET", "/v1/wallets/history", nil, 200); len(rows(theirs)) != 0 {
		t.Fatalf("another customer's history: %s", theirs.Raw)
	}

	for _, c := range []struct {
		name   string
		who    *caller
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
			c.who.c.lang = lang
			r := c.who.c.want(redeemIn(c.who, c.wallet, c.code), c.status)
			got := message(r)
			if c.status == 422 {
				got = field(r, "code")
			}
			if want := map[string]string{"nl": c.nl, "en": c.en}[lang]; got != want {
				t.Errorf("%s (%s): got %q, want %q (%s)", c.name, lang, got, want, r.Raw)
			}
		}
		c.who.c.lang = "nl"
	}

	// Top up once: the first code, not a second.
	carla.c.want(redeemIn(carla, once, onceCodes[0]), 200)
	if r := carla.c.want(redeemIn(carla, once, onceCodes[1]), 409); message(r) != "Deze portemonnee kan maar één keer worden opgewaardeerd, en dat is al gebeurd" {
		t.Fatalf("top up once: %s", r.Raw)
	}
	davec.c.want(redeemIn(davec, once, onceCodes[1]), 200) // another customer's first top-up

	// A disabled batch enabled again redeems.
	admin.want("PATCH", "/v1/admin/wallets/"+id+"/batches/"+offBatch, map[string]any{"is_enabled": true}, 200)
	davec.c.want(redeemIn(davec, id, offCodes[0]), 200)

	// Expired.
	time.Sleep(time.Until(soon) + 100*time.Millisecond)
	expired := carla.c.want(redeemIn(carla, id, shortCodes[0]), 409)
	if !strings.HasPrefix(message(expired), "Deze code is verlopen (op ") {
		t.Fatalf("expired: %s", expired.Raw)
	}
	stats := admin.want("GET", "/v1/admin/wallets/"+id+"/statistics", nil, 200)
	if dig(stats.Body, "data", "totals", "expired") != 2.0 || dig(stats.Body, "data", "totals", "redeemed") != 14.0 ||
		dig(stats.Body, "data", "totals", "outstanding") != 6*7+2-14-2.0 {
		t.Fatalf("statistics with an expired code: %s", stats.Raw)
	}
	if r := admin.want("GET", "/v1/admin/wallets/"+id+"/coupons?status=expired", nil, 200); total(r) != 1 || dig(rows(r)[0], "code") != shortCodes[0] {
		t.Fatalf("expired list: %s", r.Raw)
	}

	// Only customers have wallets.
	for _, who := range []string{w.admin, w.users["trainer"]} {
		k := w.as(who, w.appA)
		for _, path := range []string{"/v1/wallets", "/v1/wallets/history"} {
			if r := k.want("GET", path, nil, 403); message(r) != "Alleen klanten van deze applicatie kunnen dit doen (in de app)" {
				t.Fatalf("not a customer: GET %s: %s", path, r.Raw)
			}
		}
		k.c.want(redeemIn(k, id, codes[3]), 403)
	}
	w.as(uuid.NewString(), w.appA).want("GET", "/v1/wallets", nil, 403) // no member of the application
}

// Refused consumer redemptions are limited per user: codes cannot be guessed.
func TestWalletRedemptionRateLimit(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{N: 3, Window: time.Minute})
	admin := w.as(w.admin, w.appA)
	id := admin.newWallet("Moves", "moves", nil)
	_, codes := admin.generate(id, map[string]any{"quantity": 1, "value_moves": 7})
	carla := w.as(w.users["customer"], w.appA)
	for range 3 {
		carla.c.want(redeemIn(carla, id, "GUESS-"+uuid.NewString()[:8]), 422)
	}
	limited := carla.c.want(redeemIn(carla, id, codes[0]), 429)
	if message(limited) != "Te veel verzoeken, probeer het later opnieuw" || limited.Header.Get("Retry-After") == "" {
		t.Fatalf("limited: %s %v", limited.Raw, limited.Header)
	}
	// Another customer is not limited by Carla's guesses.
	dave := w.customer("Dave", "Klant", w.appA)
	w.settle()
	davec := w.as(dave, w.appA)
	davec.c.want(redeemIn(davec, id, codes[0]), 200)
}

// Concurrent guesses cannot outrun the limit: of forty wrong codes sent at once, at most
// ten are tried; the rest wait.
func TestConcurrentGuessesAreLimited(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{N: 10, Window: time.Minute})
	admin := w.as(w.admin, w.appA)
	id := admin.newWallet("Moves", "moves", nil)
	carla := w.users["customer"]
	statuses := make(chan int, 40)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			body, _ := json.Marshal(map[string]string{"code": "GUESS-" + uuid.NewString()[:8]})
			req, _ := http.NewRequest("POST", w.base+"/v1/wallets/"+id+"/redeem", strings.NewReader(string(body)))
			req.Header.Set("Authorization", "Bearer user:"+carla)
			req.Header.Set("ApplicationId", w.appA)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				statuses <- -1
				return
			}
			res.Body.Close()
			statuses <- res.StatusCode
		}()
	}
	close(start)
	wg.Wait()
	close(statuses)
	counts := map[int]int{}
	for s := range statuses {
		counts[s]++
	}
	if counts[422] > 10 || counts[422]+counts[429] != 40 {
		t.Fatalf("forty concurrent guesses answered %v: want at most ten tried (422), the rest 429", counts)
	}
}

// THE concurrency test: a hundred redemptions of one code at once, by several customers
// and the same customer several times; one wins, every other is refused with a reason,
// and the moves are credited once.
func TestConcurrentRedemptionOfOneCode(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{})
	admin := w.as(w.admin, w.appA)
	id := admin.newWallet("Moves", "moves", nil)
	_, codes := admin.generate(id, map[string]any{"quantity": 1, "value_moves": 25})
	customers := []string{w.users["customer"]}
	for i := range 19 {
		customers = append(customers, w.customer("Klant", string(rune('A'+i)), w.appA))
	}
	w.settle()

	type outcome struct {
		status  int
		message string
		user    string
	}
	const perCustomer = 5
	results := make(chan outcome, len(customers)*perCustomer)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for _, c := range customers {
		for range perCustomer {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				body, _ := json.Marshal(map[string]string{"code": codes[0]})
				req, _ := http.NewRequest("POST", w.base+"/v1/wallets/"+id+"/redeem", strings.NewReader(string(body)))
				req.Header.Set("Authorization", "Bearer user:"+c)
				req.Header.Set("ApplicationId", w.appA)
				req.Header.Set("Accept-Language", "en")
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					results <- outcome{status: -1, message: err.Error(), user: c}
					return
				}
				defer res.Body.Close()
				raw, _ := io.ReadAll(res.Body)
				var b map[string]any
				_ = json.Unmarshal(raw, &b)
				m, _ := dig(b, "errors", "message").(string)
				results <- outcome{status: res.StatusCode, message: m, user: c}
			}()
		}
	}
	close(start)
	wg.Wait()
	close(results)
	var winners []string
	refusals := map[string]int{}
	for o := range results {
		switch {
		case o.status == 200:
			winners = append(winners, o.user)
		case o.status == 409 && (o.message == "This code has already been used" || o.message == "You have already used this code; its moves are already in your wallet"):
			refusals[o.message]++
		default:
			t.Errorf("unexpected answer: %d %q", o.status, o.message)
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
	if err := w.env.DB.QueryRow(ctx, `SELECT count(*) FROM eventstore_events WHERE type = $1`, (wallet.Credited{}).EventType()).Scan(&credits); err != nil {
		t.Fatal(err)
	}
	if credits != 1 {
		t.Fatalf("%d wallet.credited events, want 1", credits)
	}
	w.settle()
	winner := w.as(winners[0], w.appA)
	if mine := winner.want("GET", "/v1/wallets", nil, 200); dig(rows(mine)[0], "balance") != 25.0 {
		t.Fatalf("balance: %s", mine.Raw)
	}
	var sum int64
	if err := w.env.DB.QueryRow(ctx, `SELECT coalesce(sum(balance), 0) FROM readmodel.wallet_accounts`).Scan(&sum); err != nil || sum != 25 {
		t.Fatalf("balances sum to %d (%v), want 25", sum, err)
	}
}

func TestWalletTenantIsolation(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{})
	admin := w.as(w.admin, w.appA)
	id := admin.newWallet("Only in A", "a-only", nil)
	batch, codes := admin.generate(id, map[string]any{"quantity": 2, "value_moves": 4})
	carla := w.users["customer"]
	admin.want("POST", "/v1/admin/wallets/"+id+"/coupons/redeem", map[string]any{"customer_id": carla, "code": codes[0]}, 200)
	couponID := wallet.CouponID(codes[1])
	customerB := w.customer("Bea", "Klant", w.appB)
	w.settle()

	b := w.as(w.adminB, w.appB)
	walletB := b.newWallet("Only in B", "a-only", nil) // slugs are unique per application
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/v1/admin/wallets/" + id, nil},
		{"PUT", "/v1/admin/wallets/" + id, walletBody("Taken over", "taken")},
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
		b.want(c.method, c.path, c.body, 404)
	}
	if r := b.want("GET", "/v1/admin/wallets", nil, 200); total(r) != 1 || dig(rows(r)[0], "id") != walletB {
		t.Fatalf("B lists A's wallets: %s", r.Raw)
	}
	if r := b.want("GET", "/v1/admin/wallets/"+walletB+"/coupons", nil, 200); total(r) != 0 {
		t.Fatalf("B lists A's coupons: %s", r.Raw)
	}
	if r := b.want("GET", "/v1/admin/wallets/"+walletB+"/customers", nil, 200); total(r) != 1 || dig(rows(r)[0], "customer", "id") != customerB {
		t.Fatalf("B's customers: %s", r.Raw)
	}
	// A's code cannot be redeemed in B, into either wallet, by support or by B's customer.
	if r := b.want("POST", "/v1/admin/wallets/"+walletB+"/coupons/redeem", map[string]any{"customer_id": customerB, "code": codes[1]}, 422); field(r, "code") == "" {
		t.Fatalf("support in B: %s", r.Raw)
	}
	bea := w.as(customerB, w.appB)
	bea.c.want(redeemIn(bea, id, codes[1]), 422)
	bea.c.want(redeemIn(bea, walletB, codes[1]), 422)
	if r := bea.want("GET", "/v1/wallets", nil, 200); len(rows(r)) != 1 || dig(rows(r)[0], "id") != walletB {
		t.Fatalf("B's customer sees: %s", r.Raw)
	}
	// A's admin in B is no member: refused before any wallet is looked at.
	w.as(w.admin, w.appB).want("GET", "/v1/admin/wallets/"+id, nil, 403)
	// And A still has it all.
	admin.want("GET", "/v1/admin/coupons/"+couponID+"/history", nil, 200)
}

// Organisation staff, trainers and customers get 403 on every admin wallet route.
func TestWalletPermissions(t *testing.T) {
	w := newWalletWorld(t, identity.Limit{})
	admin := w.as(w.admin, w.appA)
	id := admin.newWallet("Moves", "moves", nil)
	batch, codes := admin.generate(id, map[string]any{"quantity": 1, "value_moves": 7})
	w.settle()
	api, err := readapi.New(readapi.Deps{App: w.env.App, DB: w.env.DB, Auth: userAuth{}, Tenants: userAuth{}, Authz: userAuth{},
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(), Ready: func(context.Context) error { return nil }})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, rt := range api.Routes() {
		if !strings.Contains(rt.Pattern, "/wallets") && !strings.Contains(rt.Pattern, "/coupons") && !strings.Contains(rt.Pattern, "/customers/") {
			continue
		}
		if rt.Permission == readapi.Authenticated || rt.Permission == readapi.Customer {
			continue
		}
		path := strings.NewReplacer("{wallet_id}", id, "{batch_id}", batch, "{coupon_id}", wallet.CouponID(codes[0]), "{customer_id}", w.users["customer"]).Replace(rt.Pattern)
		var body any
		if rt.Method != "GET" {
			body = map[string]any{}
		}
		for _, role := range []string{"organization", "trainer", "customer"} {
			if r := w.as(w.users[role], w.appA).do(rt.Method, path, body); r.Status != http.StatusForbidden {
				t.Errorf("%s %s as %s: %d %s", rt.Method, rt.Pattern, role, r.Status, r.Raw)
			}
		}
		checked++
	}
	if checked != 17 {
		t.Fatalf("checked %d admin wallet routes", checked)
	}
}
