package order

import (
	"slices"

	"move/domain/rate"
)

// tierOrder is the order tiers are listed in: as the rate form lists them.
var tierOrder = []string{rate.VATZero, rate.VATLow, rate.VATHigh}

// VATIncluded is the VAT inside a gross amount (prices include VAT) at percent,
// rounded half up to the cent: gross × p / (100 + p). Integer arithmetic only. A
// negative gross (never an order's; kept for symmetry) rounds half away from zero.
func VATIncluded(grossCents int64, percent int) int64 {
	if grossCents < 0 {
		return -VATIncluded(-grossCents, percent)
	}
	p := int64(percent)
	return (2*grossCents*p + 100 + p) / (2 * (100 + p))
}

// TierAmount is a gross amount in one VAT tier.
type TierAmount struct {
	VATTier    string
	VATPercent int
	GrossCents int64
}

// SplitVAT sums amounts per tier and rounds each tier's VAT once (decision 0901): the
// tiers' gross sums to the amounts' total, and the order's VAT is the sum of the
// tiers' VAT. Tiers without an amount are left out; the result is in tier order.
func SplitVAT(amounts []TierAmount) []TierVAT {
	var out []TierVAT
	sums := map[string]TierAmount{}
	for _, a := range amounts {
		s := sums[a.VATTier]
		s.VATTier, s.VATPercent = a.VATTier, a.VATPercent
		s.GrossCents += a.GrossCents
		sums[a.VATTier] = s
	}
	tiers := make([]string, 0, len(sums))
	for tier := range sums {
		tiers = append(tiers, tier)
	}
	slices.SortFunc(tiers, func(a, b string) int { return tierRank(a) - tierRank(b) })
	for _, tier := range tiers {
		s := sums[tier]
		if s.GrossCents == 0 {
			continue
		}
		out = append(out, TierVAT{VATTier: tier, VATPercent: s.VATPercent, GrossCents: s.GrossCents,
			VATCents: VATIncluded(s.GrossCents, s.VATPercent)})
	}
	return out
}

func tierRank(tier string) int {
	if i := slices.Index(tierOrder, tier); i >= 0 {
		return i
	}
	return len(tierOrder)
}

// SumVAT is the VAT of all tiers.
func SumVAT(tiers []TierVAT) int64 {
	var sum int64
	for _, t := range tiers {
		sum += t.VATCents
	}
	return sum
}

// Transaction fee (decision 0902): what the platform keeps of an order paid through it
// (euros or moves), in basis points of the total plus a fixed part, rounded half up,
// never more than the total. Free and external orders carry no fee: no money passes
// through the platform.
const (
	FeeBasisPoints = 200 // 2 %
	FeeFixedCents  = 25
)

// TransactionFee is the fee of an order of total cents paid by paymentType.
func TransactionFee(paymentType string, totalCents int64) int64 {
	if (paymentType != PaymentEuros && paymentType != PaymentMoves) || totalCents <= 0 {
		return 0
	}
	fee := (totalCents*FeeBasisPoints*2+10000)/20000 + FeeFixedCents
	return min(fee, totalCents)
}
