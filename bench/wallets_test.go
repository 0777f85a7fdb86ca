package bench

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain/identity"
	"move/domain/wallet"
	"move/eventstore"
	"move/eventstore/eventstoretest"
	"move/internal/testenv"
	"move/projections/readmodels"
)

// walletEnv is an application with customers and a wallet, its read models live.
type walletEnv struct {
	env       *testenv.Env
	meta      commands.Meta
	wallet    string
	customers []string
}

func newWalletEnv(b *testing.B, customers int) walletEnv { return walletWorld(b, customers, true) }

// walletWorld is walletEnv's application and customers; with readModels false no
// projector runs, and only the command side works.
func walletWorld(b *testing.B, customers int, readModels bool) walletEnv {
	ctx := context.Background()
	env := testenv.New(b)
	if readModels {
		env.RunProjections(b, env.Runner(b, readmodels.All()...))
	}
	app, err := env.App.CreateApplication(ctx, commands.Meta{ActorID: "bench"}, identity.ApplicationSettings{Name: "Bench", Slug: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	w := walletEnv{env: env, meta: commands.Meta{ActorID: "bench", ApplicationID: app.ID}}
	res, err := env.App.CreateWallet(ctx, w.meta, wallet.Settings{Name: "Sportpas", Slug: "sportpas", PriceDisplayMode: wallet.DisplayMoves, CanTopUp: true})
	if err != nil {
		b.Fatal(err)
	}
	w.wallet = res.ID
	for range customers {
		id := uuid.NewString()
		if _, err := env.App.RegisterUser(ctx, commands.Meta{ActorID: "bench"}, id, id+"@bench.test"); err != nil {
			b.Fatal(err)
		}
		if _, err := env.App.GrantRole(ctx, commands.Meta{ActorID: "bench"}, id, identity.Grant{Role: identity.RoleCustomer, ApplicationID: app.ID}); err != nil {
			b.Fatal(err)
		}
		w.customers = append(w.customers, id)
	}
	return w
}

func (w walletEnv) codes(b *testing.B, batch string) []string {
	rows, err := w.env.DB.Query(context.Background(), `SELECT data->>'code' FROM eventstore_events
		WHERE type = 'coupon.issued.v1' AND data->>'batch_id' = $1`, batch)
	if err != nil {
		b.Fatal(err)
	}
	codes, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		b.Fatal(err)
	}
	return codes
}

// BenchmarkCouponBatch: one batch of 100,000 coupons, from the request until every
// coupon is stored (50 atomic appends of 2,000 coupon streams each), then until every
// read model has applied them.
func BenchmarkCouponBatch(b *testing.B) {
	w := newWalletEnv(b, 0)
	ctx := context.Background()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	res, err := w.env.App.GenerateCoupons(ctx, w.meta, w.wallet, wallet.BatchSpec{Quantity: wallet.MaxQuantity, ValueMoves: 10, Enabled: true})
	if err != nil {
		b.Fatal(err)
	}
	stored := time.Since(start)
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	readSideAt(b, w.env, res.Position)
	projected := time.Since(start)
	b.Logf("coupon batch of %d: stored in %.1f s (%.0f coupons/s, %.0f MB allocated), read models caught up after %.1f s",
		res.Issued, stored.Seconds(), float64(res.Issued)/stored.Seconds(),
		float64(after.TotalAlloc-before.TotalAlloc)/1e6, projected.Seconds())
}

// BenchmarkRedeem: redemptions of distinct codes (each with its credit) by 1, 8 and
// 32 concurrent customers; the baseline is a one-event append to a new stream at the
// same concurrency (a redemption is two commands: seven stream reads, two appends).
func BenchmarkRedeem(b *testing.B) {
	w := newWalletEnv(b, 320)
	ctx := context.Background()
	const perRun = 3000
	res, err := w.env.App.GenerateCoupons(ctx, w.meta, w.wallet, wallet.BatchSpec{Quantity: 3 * perRun, ValueMoves: 5, Enabled: true})
	if err != nil {
		b.Fatal(err)
	}
	codes := w.codes(b, res.ID)
	var next atomic.Int64
	for _, clients := range []int{1, 8, 32} {
		latencies := make([]time.Duration, perRun)
		rate := hammer(clients, perRun, func(i int) error {
			code := codes[next.Add(1)-1]
			start := time.Now()
			_, err := w.env.App.RedeemCoupon(ctx, w.meta, commands.Redemption{WalletID: w.wallet,
				CustomerID: w.customers[i%len(w.customers)], Code: code, Via: wallet.ViaApp})
			latencies[i-1] = time.Since(start)
			if err != nil {
				return fmt.Errorf("redeem %s: %w", code, err)
			}
			return nil
		})
		sortDurations(latencies)
		baseline := hammer(clients, perRun, func(i int) error {
			_, err := w.env.Store.Append(ctx, "bench-"+uuid.NewString(), eventstore.NoStream, eventstoretest.Event("bench.appended.v1", i))
			return err
		})
		b.Logf("redeem clients=%d: %.0f redemptions/s (each with its credit), p50 %s, p99 %s; one-event appends %.0f/s (ratio %.2f)",
			clients, rate, percentile(latencies, 0.5).Round(time.Microsecond), percentile(latencies, 0.99).Round(time.Microsecond),
			baseline, rate/baseline)
	}
}
