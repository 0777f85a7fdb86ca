package finance

import (
	"fmt"
	"move/domain/rate"
	"strconv"
	"time"
)

// Month is a payout month, "YYYY-MM" in the application's time zone. Months compare
// as strings.
type Month string

// ParseMonth reads "YYYY-MM".
func ParseMonth(s string) (Month, bool) {
	t, err := time.Parse("2006-01", s)
	if err != nil || t.Year() < 2000 || t.Year() > 9999 {
		return "", false
	}
	return Month(t.Format("2006-01")), true
}

// MonthOf is the month an instant falls in, in the zone.
func MonthOf(t time.Time, zone *time.Location) Month {
	return Month(t.In(zone).Format("2006-01"))
}

// Next is the month after m.
func (m Month) Next() Month {
	t, _ := time.Parse("2006-01", string(m))
	return Month(t.AddDate(0, 1, 0).Format("2006-01"))
}

// Ended tells whether the month is over at now in the zone: only then is what it owes
// known (orders of the month may still be paid until it ends).
func (m Month) Ended(now time.Time, zone *time.Location) bool {
	return MonthOf(now, zone) > m
}

// Totals are one organisation's money of one payout month, in cents.
type Totals struct {
	PaidCents     int64 `json:"paid_cents"`
	RefundedCents int64 `json:"refunded_cents"`
	FeeCents      int64 `json:"fee_cents"`
}

// PayoutCents is what the platform owes for the month: paid − refunded − fees. It is
// negative when refunds of earlier orders exceed the month's takings; the next batch
// then pays that much less.
func (t Totals) PayoutCents() int64 { return t.PaidCents - t.RefundedCents - t.FeeCents }

// Add sums two months' totals.
func (t Totals) Add(o Totals) Totals {
	return Totals{PaidCents: t.PaidCents + o.PaidCents, RefundedCents: t.RefundedCents + o.RefundedCents, FeeCents: t.FeeCents + o.FeeCents}
}

// FeeVATPercent is the VAT on the platform's fees: a service, the high tier. The VAT
// inside an invoice's amount is rounded as an order's (order.VATIncluded, decision 0901).
var FeeVATPercent = rate.VATPercent[rate.VATHigh]

// Euros writes cents as an amount with two decimals and a point ("1234.50").
func Euros(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return sign + strconv.FormatInt(cents/100, 10) + fmt.Sprintf(".%02d", cents%100)
}
