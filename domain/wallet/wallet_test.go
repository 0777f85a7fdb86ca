package wallet_test

import (
	"crypto/rand"
	"errors"
	"strings"
	"testing"
	"time"

	"move/domain"
	"move/domain/wallet"
)

const (
	app      = "11111111-1111-1111-1111-111111111111"
	otherApp = "22222222-2222-2222-2222-222222222222"
	label    = "33333333-3333-3333-3333-333333333333"
	customer = "44444444-4444-4444-4444-444444444444"
)

var now = time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)

func settings() wallet.Settings {
	return wallet.Settings{Name: " Sport  pas ", Slug: "sportpas", PriceDisplayMode: wallet.DisplayBoth, CanTopUp: true}
}

func fields(t *testing.T, err error) map[string]string {
	t.Helper()
	var v *domain.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("want a validation error, got %v", err)
	}
	out := map[string]string{}
	for _, f := range v.Fields {
		out[f.Field] = f.Key
	}
	return out
}

func conflict(t *testing.T, err error) string {
	t.Helper()
	var c *domain.ConflictError
	if !errors.As(err, &c) {
		t.Fatalf("want a conflict, got %v", err)
	}
	return c.Key
}

func apply(agg domain.Aggregate, events []domain.Event) {
	for _, e := range events {
		agg.Apply(e)
	}
}

func TestCreateCleansAndValidatesSettings(t *testing.T) {
	w := wallet.New("w1")
	events, err := w.Create(app, settings())
	if err != nil {
		t.Fatal(err)
	}
	apply(w, events)
	if w.Settings.Name != "Sport pas" || w.Settings.IncludedLabels == nil {
		t.Fatalf("name cleaned and labels never null: %+v", w.Settings)
	}
	if _, err := w.Create(app, settings()); conflict(t, err) != "wallet.exists" {
		t.Fatal("created twice")
	}

	bad := wallet.Settings{Slug: "Not A Slug", PriceDisplayMode: "euro", CanTopUpOnce: true,
		IncludedLabels: []string{label}, ExcludedLabels: []string{label}, IconID: ptr("../x")}
	got := fields(t, func() error { _, err := wallet.New("w2").Create(app, bad); return err }())
	want := map[string]string{"name": "validation.required", "slug": "validation.slug", "price_display_mode": "validation.one_of",
		"can_top_up_once": "wallet.top_up_once_needs_top_up", "excluded_labels": "wallet.label_included_and_excluded", "icon_id": "validation.invalid"}
	for f, k := range want {
		if got[f] != k {
			t.Errorf("%s: want %s, got %q (all: %v)", f, k, got[f], got)
		}
	}
	if got := fields(t, func() error {
		s := settings()
		s.IncludedLabels = []string{"not-a-uuid"}
		_, err := wallet.New("w3").Create(app, s)
		return err
	}()); got["included_labels"] != "validation.invalid" {
		t.Errorf("label ids must be ids: %v", got)
	}
}

func TestUpdateIsScopedToTheApplicationAndSkipsNoChange(t *testing.T) {
	w := wallet.New("w1")
	events, _ := w.Create(app, settings())
	apply(w, events)
	var nf *domain.NotFoundError
	if _, err := w.Update(otherApp, settings()); !errors.As(err, &nf) {
		t.Fatalf("another application's wallet is not found: %v", err)
	}
	if events, err := w.Update(app, settings()); err != nil || len(events) != 0 {
		t.Fatalf("unchanged settings decide nothing: %v %v", events, err)
	}
	s := settings()
	s.CanTopUpOnce = true
	if events, err := w.Update(app, s); err != nil || len(events) != 1 {
		t.Fatalf("a change is one event: %v %v", events, err)
	}
}

func TestBatchSpecValidation(t *testing.T) {
	past := now.Add(-time.Hour)
	got := fields(t, func() error {
		_, err := wallet.CleanBatchSpec(wallet.BatchSpec{Quantity: 0, ValueMoves: 0, Prefix: "ab-c", Suffix: strings.Repeat("X", 11), ExpiresAt: &past}, now)
		return err
	}())
	want := map[string]string{"quantity": "validation.between", "value_moves": "validation.between", "prefix": "coupon.affix",
		"suffix": "coupon.affix", "expires_at": "validation.future"}
	for f, k := range want {
		if got[f] != k {
			t.Errorf("%s: want %s, got %q", f, k, got[f])
		}
	}
	far := time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
	if _, err := wallet.CleanBatchSpec(wallet.BatchSpec{Quantity: 1, ValueMoves: 5, ExpiresAt: &far}, now); fields(t, err)["expires_at"] != "validation.between" {
		t.Fatalf("an expiry in 9999: %v", err)
	}
	if _, err := wallet.CleanBatchSpec(wallet.BatchSpec{Quantity: wallet.MaxQuantity + 1, ValueMoves: 5}, now); fields(t, err)["quantity"] == "" {
		t.Error("more than the maximum quantity is refused")
	}
	spec, err := wallet.CleanBatchSpec(wallet.BatchSpec{Quantity: 3, ValueMoves: 5, Prefix: " sum ", Suffix: "26"}, now)
	if err != nil || spec.Prefix != "SUM" {
		t.Fatalf("prefix upper-cased and trimmed: %+v %v", spec, err)
	}
}

func TestCodesAreUniqueShapedAndNormalised(t *testing.T) {
	seen := map[string]bool{}
	for range 2000 {
		code, err := wallet.NewCode(rand.Reader, "SUM", "26")
		if err != nil {
			t.Fatal(err)
		}
		if len(code) != len("SUM-")+wallet.RandomLength+len("-26") || !strings.HasPrefix(code, "SUM-") {
			t.Fatalf("shape: %s", code)
		}
		for _, r := range code[4 : 4+wallet.RandomLength] {
			if !strings.ContainsRune(wallet.Alphabet, r) {
				t.Fatalf("%q outside the alphabet in %s", r, code)
			}
		}
		if seen[code] {
			t.Fatalf("duplicate %s", code)
		}
		seen[code] = true
		typed := strings.ToLower(strings.ReplaceAll(code, "-", " "))
		if wallet.CouponID(typed) != wallet.CouponID(code) {
			t.Fatal("a code typed in lower case with spaces is the same coupon")
		}
	}
	if c, _ := wallet.NewCode(rand.Reader, "", ""); strings.Contains(c, "-") {
		t.Fatalf("no affixes, no dashes: %s", c)
	}
}

// fixture is a wallet with a batch and one issued coupon.
type fixture struct {
	w *wallet.Wallet
	b *wallet.Batch
	c *wallet.Coupon
}

func newFixture(t *testing.T, s wallet.Settings, spec wallet.BatchSpec) fixture {
	t.Helper()
	w := wallet.New("w1")
	events, err := w.Create(app, s)
	if err != nil {
		t.Fatal(err)
	}
	apply(w, events)
	b := wallet.NewBatch("b1")
	events, err = b.Generate(w, app, spec, now)
	if err != nil {
		t.Fatal(err)
	}
	apply(b, events)
	batchEvents, coupons, err := b.IssueChunk([]string{"SUM-AAAAAAAAAAAA"})
	if err != nil {
		t.Fatal(err)
	}
	apply(b, batchEvents)
	c := wallet.NewCoupon(wallet.CouponID(coupons[0].Code))
	c.Apply(coupons[0])
	return fixture{w, b, c}
}

func redemption() wallet.Redemption {
	return wallet.Redemption{ApplicationID: app, WalletID: "w1", CustomerID: customer, Via: wallet.ViaApp, FirstTopUp: true}
}

func TestRedeemDecidesOnceAndRefusesEachReason(t *testing.T) {
	spec := wallet.BatchSpec{Quantity: 1, ValueMoves: 25, Enabled: true}
	f := newFixture(t, settings(), spec)
	events, err := f.c.Redeem(f.w, f.b, redemption(), now)
	if err != nil {
		t.Fatal(err)
	}
	if events[0] != (wallet.CouponRedeemed{WalletID: "w1", CustomerID: customer, ValueMoves: 25, Via: wallet.ViaApp}) {
		t.Fatalf("redeemed: %+v", events)
	}
	apply(f.c, events)
	if _, err := f.c.Redeem(f.w, f.b, redemption(), now); conflict(t, err) != "coupon.already_redeemed_by_you" {
		t.Fatal("redeemed twice by the same customer")
	}
	other := redemption()
	other.CustomerID = "55555555-5555-5555-5555-555555555555"
	if _, err := f.c.Redeem(f.w, f.b, other, now); conflict(t, err) != "coupon.already_redeemed" {
		t.Fatal("redeemed twice")
	}
	if _, err := f.c.SetEnabled(app, false); conflict(t, err) != "coupon.already_redeemed" {
		t.Fatal("a redeemed coupon has nothing to disable")
	}

	cases := []struct {
		name    string
		prepare func(f *fixture, r *wallet.Redemption)
		want    string
	}{
		{"unknown in another application", func(f *fixture, r *wallet.Redemption) { r.ApplicationID = otherApp }, "coupon.unknown"},
		{"unknown in another wallet", func(f *fixture, r *wallet.Redemption) { r.WalletID = "w2" }, "coupon.unknown"},
		{"never issued", func(f *fixture, r *wallet.Redemption) { f.c = wallet.NewCoupon("nope") }, "coupon.unknown"},
		{"coupon disabled", func(f *fixture, r *wallet.Redemption) { apply(f.c, must(f.c.SetEnabled(app, false))) }, "coupon.disabled"},
		{"batch disabled", func(f *fixture, r *wallet.Redemption) { apply(f.b, must(f.b.SetEnabled(app, "w1", false))) }, "coupon.disabled"},
		{"expired", func(f *fixture, r *wallet.Redemption) { at := now; f.c.ExpiresAt = &at }, "coupon.expired"},
		{"wallet takes no top-ups", func(f *fixture, r *wallet.Redemption) { f.w.Settings.CanTopUp = false }, "wallet.no_top_up"},
		{"topped up once already", func(f *fixture, r *wallet.Redemption) { f.w.Settings.CanTopUpOnce = true; r.FirstTopUp = false }, "wallet.topped_up_once"},
		{"no customer", func(f *fixture, r *wallet.Redemption) { r.CustomerID = "" }, "coupon.redemption_invalid"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, settings(), spec)
			r := redemption()
			tc.prepare(&f, &r)
			_, err := f.c.Redeem(f.w, f.b, r, now)
			var key string
			if v := new(domain.ValidationError); errors.As(err, &v) {
				key = fields(t, err)["code"]
			} else {
				key = conflict(t, err)
			}
			if key != tc.want {
				t.Fatalf("want %s, got %v", tc.want, err)
			}
		})
	}

	t.Run("top up once allows the first", func(t *testing.T) {
		s := settings()
		s.CanTopUpOnce = true
		f := newFixture(t, s, spec)
		if _, err := f.c.Redeem(f.w, f.b, redemption(), now); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("a disabled batch enabled again redeems", func(t *testing.T) {
		f := newFixture(t, settings(), wallet.BatchSpec{Quantity: 1, ValueMoves: 25, Enabled: false})
		if _, err := f.c.Redeem(f.w, f.b, redemption(), now); conflict(t, err) != "coupon.disabled" {
			t.Fatal("a batch generated disabled is not redeemable")
		}
		apply(f.b, must(f.b.SetEnabled(app, "w1", true)))
		if _, err := f.c.Redeem(f.w, f.b, redemption(), now); err != nil {
			t.Fatal(err)
		}
	})
}

func TestBatchIssuesNoMoreThanOrdered(t *testing.T) {
	f := newFixture(t, settings(), wallet.BatchSpec{Quantity: 2, ValueMoves: 1, Enabled: true})
	if f.b.Remaining() != 1 {
		t.Fatalf("remaining %d", f.b.Remaining())
	}
	if _, _, err := f.b.IssueChunk([]string{"A", "B"}); conflict(t, err) != "coupon_batch.complete" {
		t.Fatal("issued more than ordered")
	}
	var nf *domain.NotFoundError
	if _, err := f.b.SetEnabled(app, "w2", false); !errors.As(err, &nf) {
		t.Fatal("a batch is changed through its own wallet only")
	}
	if _, err := wallet.NewBatch("b2").Generate(f.w, otherApp, wallet.BatchSpec{Quantity: 1, ValueMoves: 1}, now); !errors.As(err, &nf) {
		t.Fatal("another application's wallet gets no batch")
	}
}

func TestAccountCreditsEachCouponOnce(t *testing.T) {
	f := newFixture(t, settings(), wallet.BatchSpec{Quantity: 1, ValueMoves: 25, Enabled: true})
	a := wallet.NewAccount(wallet.AccountID("w1", customer))
	if _, err := a.CreditRedemption(f.c); conflict(t, err) != "coupon.not_redeemed" {
		t.Fatal("an unredeemed coupon credits nothing")
	}
	apply(f.c, must(f.c.Redeem(f.w, f.b, redemption(), now)))
	wrong := wallet.NewAccount(wallet.AccountID("w1", "someone-else"))
	if _, err := wrong.CreditRedemption(f.c); conflict(t, err) != "wallet.account_mismatch" {
		t.Fatal("credited to another customer's account")
	}
	events, err := a.CreditRedemption(f.c)
	if err != nil || len(events) != 1 {
		t.Fatal(events, err)
	}
	apply(a, events)
	if a.Balance != 25 {
		t.Fatalf("balance %d", a.Balance)
	}
	if again, err := a.CreditRedemption(f.c); err != nil || len(again) != 0 {
		t.Fatalf("a coupon is credited once: %v %v", again, err)
	}
}

func must(events []domain.Event, err error) []domain.Event {
	if err != nil {
		panic(err)
	}
	return events
}

func ptr(s string) *string { return &s }
