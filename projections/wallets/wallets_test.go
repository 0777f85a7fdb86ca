package wallets_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/identity"
	"move/domain/wallet"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
	rm "move/projections/wallets"
)

var app = uuid.NewString()

func meta() commands.Meta {
	return commands.Meta{CommandID: uuid.New(), ActorID: uuid.NewString(), ApplicationID: app}
}

func timeout(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// customer registers a user with the customer role in the application.
func customer(t *testing.T, env *testenv.Env) string {
	t.Helper()
	ctx := context.Background()
	id := uuid.NewString()
	if _, err := env.App.RegisterUser(ctx, commands.Meta{}, id, id+"@example.test"); err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.GrantRole(ctx, commands.Meta{}, id, identity.Grant{Role: identity.RoleCustomer, ApplicationID: app}); err != nil {
		t.Fatal(err)
	}
	return id
}

// A read model built live, delivery by delivery, equals the same read model rebuilt
// from the log; and its counters agree with its rows.
func TestLiveEqualsRebuild(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	runner := env.Runner(t, rm.Projector())
	env.RunProjections(t, runner)

	settings := wallet.Settings{Name: "Sport moves", Slug: "sport", PriceDisplayMode: wallet.DisplayBoth, CanTopUp: true}
	created, err := env.App.CreateWallet(ctx, meta(), settings)
	if err != nil {
		t.Fatal(err)
	}
	w := created.ID
	settings.Name = "Sport Moves"
	if _, err := env.App.UpdateWallet(ctx, meta(), w, nil, settings); err != nil {
		t.Fatal(err)
	}
	big, err := env.App.GenerateCoupons(ctx, meta(), w, wallet.BatchSpec{Quantity: 2*wallet.ChunkSize + 7, ValueMoves: 5, Prefix: "BIG", Enabled: true})
	if err != nil {
		t.Fatal(err)
	}
	soon := time.Now().Add(time.Second)
	short, err := env.App.GenerateCoupons(ctx, meta(), w, wallet.BatchSpec{Quantity: 4, ValueMoves: 3, ExpiresAt: &soon, Enabled: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.SetBatchEnabled(ctx, meta(), w, short.ID, false); err != nil {
		t.Fatal(err)
	}
	if err := projections.WaitFor(timeout(t), env.DB, []string{rm.Name}, big.Position); err != nil {
		t.Fatal(err)
	}
	var codes []string
	rows, err := env.DB.Query(ctx, `SELECT code FROM readmodel.coupons WHERE batch_id = $1 ORDER BY code LIMIT 5`, big.ID)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var c string
		_ = rows.Scan(&c)
		codes = append(codes, c)
	}
	rows.Close()
	if len(codes) != 5 {
		t.Fatalf("codes: %v", codes)
	}
	alice, bob := customer(t, env), customer(t, env)
	var last eventstore.Position
	for i, who := range []string{alice, bob, alice} {
		m := meta()
		m.ActorID = who
		res, err := env.App.RedeemCoupon(ctx, m, commands.Redemption{WalletID: w, CustomerID: who, Code: codes[i], Via: wallet.ViaApp})
		if err != nil {
			t.Fatal(err)
		}
		last = res.Position
	}
	if _, err := env.App.SetCouponEnabled(ctx, meta(), wallet.CouponID(codes[3]), false); err != nil {
		t.Fatal(err)
	}
	if err := projections.WaitFor(timeout(t), env.DB, []string{rm.Name}, last); err != nil {
		t.Fatal(err)
	}
	head, err := env.Store.Head(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := projections.WaitFor(timeout(t), env.DB, []string{rm.Name}, head); err != nil {
		t.Fatal(err)
	}
	live := dump(t, env)
	for _, want := range []string{
		"wallet Sport Moves|sport|4011|1",
		"batch " + big.ID + "|4007|4007|5|3|true",
		"batch " + short.ID + "|4|4|3|0|false",
		"account " + alice + "|10|2",
		"account " + bob + "|5|1",
		"expiry 12|4",
	} {
		if !strings.Contains(live, want) {
			t.Fatalf("live read model lacks %q:\n%s", want, head2(live))
		}
	}
	var issued, redeemed int64
	if err := env.DB.QueryRow(ctx, `SELECT sum(issued_moves), sum(redeemed_moves) FROM readmodel.wallet_quarter_hours`).Scan(&issued, &redeemed); err != nil {
		t.Fatal(err)
	}
	if issued != 4007*5+4*3 || redeemed != 15 {
		t.Fatalf("quarter hours: issued %d, redeemed %d", issued, redeemed)
	}

	if err := projections.RequestRebuild(ctx, env.DB, []string{rm.Name}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		statuses, err := projections.ReadStatuses(ctx, env.DB)
		if err != nil {
			t.Fatal(err)
		}
		if s := statuses[rm.Name]; !s.RebuildRequested && s.State == "running" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("rebuild did not finish: %+v", statuses)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if rebuilt := dump(t, env); rebuilt != live {
		t.Fatalf("rebuild differs from live:\nlive:\n%s\nrebuilt:\n%s", head2(live), head2(rebuilt))
	}
}

func head2(s string) string {
	lines := strings.Split(s, "\n")
	if len(lines) > 40 {
		return strings.Join(lines[:20], "\n") + "\n…\n" + strings.Join(lines[len(lines)-20:], "\n")
	}
	return s
}

// dump writes every table of the read model as text, in a stable order.
func dump(t *testing.T, env *testenv.Env) string {
	t.Helper()
	var b strings.Builder
	for _, q := range []string{
		`SELECT 'wallet ' || name || '|' || slug || '|' || coupons_count || '|' || version || '|' || created_at || '|' || updated_at || '|' || application_id FROM readmodel.wallets ORDER BY id`,
		`SELECT 'batch ' || id || '|' || quantity || '|' || issued || '|' || value_moves || '|' || redeemed_count || '|' || enabled || '|' || coalesce(expires_at::text, '') || '|' || created_at || '|' || coalesce(created_by::text, '') FROM readmodel.coupon_batches ORDER BY id`,
		`SELECT 'coupon ' || id || '|' || code || '|' || code_normalized || '|' || batch_id || '|' || value_moves || '|' || is_enabled || '|' || created_at || '|' || coalesce(created_by::text, '') || '|' || coalesce(redeemed_at::text, '') || '|' || coalesce(redeemed_by::text, '') || '|' || coalesce(customer_id::text, '') || '|' || coalesce(via, '') FROM readmodel.coupons ORDER BY id`,
		`SELECT 'account ' || customer_id || '|' || balance || '|' || credits_count || '|' || first_top_up_at || '|' || last_top_up_at FROM readmodel.wallet_accounts ORDER BY wallet_id, customer_id`,
		`SELECT 'ledger ' || event_id || '|' || customer_id || '|' || moves || '|' || coalesce(coupon_id::text, '') || '|' || at || '|' || commit_key || '.' || position FROM readmodel.wallet_ledger ORDER BY event_id`,
		`SELECT 'quarter ' || wallet_id || '|' || quarter_hour || '|' || issued_moves || '|' || issued_count || '|' || redeemed_moves || '|' || redeemed_count FROM readmodel.wallet_quarter_hours ORDER BY wallet_id, quarter_hour`,
		`SELECT 'expiry ' || unredeemed_moves || '|' || unredeemed_count || '|' || expires_at FROM readmodel.wallet_expiry ORDER BY wallet_id, expires_at`,
	} {
		rows, err := env.DB.Query(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(&b, line)
		}
		rows.Close()
	}
	return b.String()
}
