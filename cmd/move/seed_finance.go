package main

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/finance"
	"move/domain/order"
	"move/domain/organization"
	"move/domain/rate"
	"move/eventstore"
)

// seedFinanceHistory gives a demo organisation an account and a payment history: three
// orders of the previous month, paid in euros, one of them partly refunded — appended as
// the orders context records them (decision 0925), so the SEPA and invoice screens have a
// month to settle. Event ids derive from the key: seeding again writes nothing twice.
func seedFinanceHistory(ctx context.Context, b *backend, app, org, key string, index int) error {
	fm := seedMeta(key + "/finance")
	fm.ApplicationID = app
	if _, err := b.app.SetOrganizationFinance(ctx, fm, org, nil, organization.Finance{
		ATTN: "Penningmeester", Address: "Postbus 100, 3500 AA Utrecht", IBAN: "NL91ABNA0417164300", AccountName: fmt.Sprintf("Demo %d", index+1),
	}); err != nil {
		return fmt.Errorf("seed finance: %w", err)
	}
	year, month, _ := time.Now().In(finance.PlatformZone).Date()
	placed := time.Date(year, month-1, 1, 12, 0, 0, 0, finance.PlatformZone)
	previous := finance.MonthOf(placed, finance.PlatformZone)
	for n, price := range []int64{1_250, 2_000, 4_500} {
		ns := uuid.NewSHA1(seedNamespace, fmt.Appendf(nil, "%s/order/%s/%d", key, previous, n))
		id := ns.String()
		at := placed.Add(time.Duration(24*(n+2)) * time.Hour)
		line := order.Line{LineID: uuid.NewSHA1(ns, []byte("line")).String(), Title: "Proefles", Quantity: 1, UnitPriceCents: price,
			TotalCents: price, VATTier: rate.VATLow, VATPercent: rate.VATPercent[rate.VATLow]}
		vat := order.SplitVAT([]order.TierAmount{{VATTier: line.VATTier, VATPercent: line.VATPercent, GrossCents: price}})
		payment := order.PaymentID(id, 1)
		events := []domain.Event{
			order.Placed{ApplicationID: app, OrganizationID: org, Lines: []order.Line{line}, VAT: vat,
				SubtotalCents: price - order.SumVAT(vat), VATCents: order.SumVAT(vat), TransactionFeeCents: order.TransactionFee(order.PaymentEuros, price),
				TotalCents: price, PaymentType: order.PaymentEuros, PayoutMonth: string(previous), PlacedAt: at},
			order.PaymentStarted{PaymentID: payment, Method: order.PaymentEuros, AmountCents: price, At: at},
			order.PaymentStatusChanged{PaymentID: payment, From: order.PaymentOpen, Status: order.PaymentPaid, At: at},
		}
		if n == 1 {
			refund := uuid.NewSHA1(ns, []byte("refund")).String()
			half := price / 2
			events = append(events,
				order.RefundRequested{RefundID: refund, PaymentID: payment, Method: order.PaymentEuros, AmountCents: half,
					Lines:  []order.RefundLine{{LineID: line.LineID, AmountCents: half}},
					VAT:    order.SplitVAT([]order.TierAmount{{VATTier: line.VATTier, VATPercent: line.VATPercent, GrossCents: half}}),
					Reason: "Les verzet", Origin: order.RefundByStaff, ActorID: "seed", PayoutMonth: string(previous), At: at.Add(time.Hour)},
				order.RefundStatusChanged{RefundID: refund, From: order.RefundQueued, Status: order.RefundRefunded, At: at.Add(time.Hour)})
		}
		data := make([]eventstore.EventData, len(events))
		for i, e := range events {
			typ, payload, err := b.registry.Encode(e)
			if err != nil {
				return err
			}
			data[i] = eventstore.EventData{ID: uuid.NewSHA1(ns, fmt.Appendf(nil, "event/%d", i)), Type: typ, Data: payload,
				Metadata: eventstore.Metadata{ApplicationID: app, OrganizationID: org, ActorID: "seed", CorrelationID: id}}
		}
		if _, err := b.store.Append(ctx, order.Stream(id), eventstore.NoStream, data...); err != nil {
			return fmt.Errorf("seed order: %w", err)
		}
	}
	return nil
}
