package order_test

import (
	"math/rand/v2"
	"testing"

	"move/domain/order"
	"move/domain/rate"
)

func TestVATIncludedRoundsHalfUp(t *testing.T) {
	cases := []struct {
		gross   int64
		percent int
		want    int64
	}{
		{1000, 21, 174}, // 173.55…
		{1000, 9, 83},   // 82.57…
		{1000, 0, 0},
		{121, 21, 21},         // exact
		{109, 9, 9},           // exact
		{6, 9, 0},             // 0.495…
		{12, 9, 1},            // 0.990…
		{1150, 15, 150},       // exact, any percent
		{23, 15, 3},           // 3.0 exact
		{115 * 3 / 2, 15, 22}, // 172: 22.43…
	}
	for _, c := range cases {
		if got := order.VATIncluded(c.gross, c.percent); got != c.want {
			t.Errorf("VATIncluded(%d, %d) = %d, want %d", c.gross, c.percent, got, c.want)
		}
	}
	// At 9 and 21 % an exact half cent cannot occur (2·p·gross is even, (100+p) odd),
	// so half up and half even agree for the tiers in use.
}

// TestSplitVATOverGeneratedOrders is the money property of decision 0901 over many
// generated orders: the tiers' gross sums to the lines' total, each tier's VAT is the
// rounded VAT of its gross, the order's VAT is the tiers' sum, and never more than a
// cent per tier away from the exact VAT.
func TestSplitVATOverGeneratedOrders(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tiers := []string{rate.VATZero, rate.VATLow, rate.VATHigh}
	for range 20000 {
		var amounts []order.TierAmount
		var total int64
		for range 1 + rng.IntN(8) {
			tier := tiers[rng.IntN(len(tiers))]
			gross := rng.Int64N(rate.MaxPriceCents + 1)
			amounts = append(amounts, order.TierAmount{VATTier: tier, VATPercent: rate.VATPercent[tier], GrossCents: gross})
			total += gross
		}
		split := order.SplitVAT(amounts)
		var gross, exactNum int64
		for i, s := range split {
			if i > 0 && tierIndex(split[i-1].VATTier) >= tierIndex(s.VATTier) {
				t.Fatalf("tiers out of order: %+v", split)
			}
			gross += s.GrossCents
			if s.VATCents != order.VATIncluded(s.GrossCents, s.VATPercent) {
				t.Fatalf("tier %s: VAT %d of gross %d", s.VATTier, s.VATCents, s.GrossCents)
			}
			// |VAT − gross·p/(100+p)| ≤ ½ cent
			diff := 2*(s.VATCents*int64(100+s.VATPercent)) - 2*s.GrossCents*int64(s.VATPercent)
			if diff < 0 {
				diff = -diff
			}
			if diff > int64(100+s.VATPercent) {
				t.Fatalf("tier %s: VAT %d more than half a cent from exact", s.VATTier, s.VATCents)
			}
			exactNum += s.VATCents
		}
		if gross != total {
			t.Fatalf("tiers' gross %d, lines %d", gross, total)
		}
		if order.SumVAT(split) != exactNum {
			t.Fatal("SumVAT is not the tiers' sum")
		}
	}
}

func tierIndex(tier string) int {
	return map[string]int{rate.VATZero: 0, rate.VATLow: 1, rate.VATHigh: 2}[tier]
}

func TestTransactionFee(t *testing.T) {
	cases := []struct {
		typ   string
		total int64
		want  int64
	}{
		{order.PaymentEuros, 1000, 45},
		{order.PaymentEuros, 1025, 46}, // 20.5 rounds up
		{order.PaymentMoves, 1000, 45},
		{order.PaymentEuros, 10, 10}, // never more than the total
		{order.PaymentFree, 0, 0},
		{order.PaymentExternal, 1000, 0},
	}
	for _, c := range cases {
		if got := order.TransactionFee(c.typ, c.total); got != c.want {
			t.Errorf("TransactionFee(%s, %d) = %d, want %d", c.typ, c.total, got, c.want)
		}
	}
}
