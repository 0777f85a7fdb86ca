package bench

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/finance"
	domainidentity "move/domain/identity"
	"move/domain/order"
	"move/domain/organization"
	"move/domain/rate"
	"move/domain/series"
	"move/domain/wallet"
	"move/eventstore"
	"move/internal/testenv"
)

// yearLog writes a mixed log shaped like a year of a mid-size application, about n
// events: organisations (approved, with finance), each with a cancellation term, a rate,
// a free activity with a waiting list and a paid one, each with a weekly series of the
// year ahead (two sessions a week); customers; sessions booked by them (a tenth of the
// bookings cancelled; paid ones held, then confirmed with an order paid in euros, some
// refunded); a wallet with a batch of coupons, some redeemed and credited; and the
// year's invoice months closed. The offer, customers, coupons and invoices go through
// the commands; the bulk (bookings, cancellations, orders, refunds) is decided by the
// same aggregates and appended in chunks, its participants sealed as a command seals
// them. It answers the number of events written by kind.
func yearLog(tb testing.TB, env *testenv.Env, n int) map[string]int {
	tb.Helper()
	ctx := context.Background()
	must := func(err error) {
		tb.Helper()
		if err != nil {
			tb.Fatal(err)
		}
	}
	app, err := env.App.CreateApplication(ctx, commands.Meta{ActorID: "bench"}, domainidentity.ApplicationSettings{Name: "Sportstad", Slug: "sportstad"})
	must(err)
	meta := commands.Meta{ActorID: "bench", ApplicationID: app.ID}
	customers := make([]string, max(20, n/2_000))
	for i := range customers {
		customers[i] = uuid.NewString()
		_, err := env.App.RegisterUser(ctx, commands.Meta{ActorID: "bench"}, customers[i], customers[i]+"@bench.test")
		must(err)
		_, err = env.App.GrantRole(ctx, commands.Meta{ActorID: "bench"}, customers[i], domainidentity.Grant{Role: domainidentity.RoleCustomer, ApplicationID: app.ID})
		must(err)
	}

	// The offer: sessions to book, a fifth of them paid.
	type offered struct {
		booking.Offer
		priceCents int64
	}
	var sessions []offered
	var orgs []string
	first := time.Now().AddDate(0, 0, 1)
	weekly := series.Schedule{Session: series.Session{Date: first.Format(time.DateOnly), StartTime: "19:00", EndTime: "20:00", Spots: 20},
		Repetition: &series.Repetition{Type: series.Weeks, Every: 1, Until: first.AddDate(1, 0, 0).Format(time.DateOnly), Days: []string{"tuesday", "thursday"}}}
	amsterdam, err := time.LoadLocation("Europe/Amsterdam")
	must(err)
	for i := 0; len(orgs) < 2 || len(sessions)*45 < n; i++ {
		org, err := env.App.CreateOrganization(ctx, meta, organization.Profile{Name: fmt.Sprintf("Sportclub %03d", i)})
		must(err)
		orgs = append(orgs, org.ID)
		_, err = env.App.ApproveOrganization(ctx, meta, org.ID)
		must(err)
		_, err = env.App.SetOrganizationFinance(ctx, meta, org.ID, nil, organization.Finance{ATTN: "Penningmeester", Address: "Sportlaan 1",
			IBAN: "NL91ABNA0417164300", AccountName: fmt.Sprintf("Sportclub %03d", i)})
		must(err)
		term, err := env.App.CreateCancellationTerm(ctx, meta, org.ID, rate.TermFields{Name: "Half terug", Periods: []rate.Period{{RefundPercent: 50}}})
		must(err)
		priced, err := env.App.CreateRate(ctx, meta, org.ID, rate.Fields{Name: "Losse les", PriceCents: 1250, VATTier: rate.VATLow, CancellationTermID: &term.ID})
		must(err)
		for paid, details := range []activity.Details{{Name: "Yoga"}, {Name: "Zwemles", RateID: &priced.ID, PriceDisplayMode: "eur"}} {
			act, err := env.App.CreateActivity(ctx, meta, org.ID, activity.TypeSession, details, activity.Settings{HasWaitlist: paid == 0})
			must(err)
			made, err := env.App.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", weekly)
			must(err)
			for _, day := range series.RuleDates(weekly) {
				start, err := time.ParseInLocation("2006-01-02 15:04", day+" 19:00", amsterdam)
				must(err)
				o := offered{Offer: booking.Offer{ApplicationID: app.ID, OrganizationID: org.ID, ActivityID: act.ID, SessionID: series.SessionID(made.ID, day),
					Exists: true, Date: day, Start: start, Spots: 20, HasWaitlist: paid == 0, PaymentRequired: paid == 1}}
				if paid == 1 {
					o.priceCents = 1250
				}
				sessions = append(sessions, o)
			}
		}
	}

	// The bulk: bookings, cancellations, orders and refunds, appended in chunks.
	kinds := map[string]int{}
	written := func() int {
		var total int
		for _, k := range kinds {
			total += k
		}
		return total
	}
	var chunk []eventstore.StreamAppend
	var chunkEvents [][]domain.Event
	flush := func() {
		var streams []string
		var events []domain.Event
		for i, a := range chunk {
			for range chunkEvents[i] {
				streams = append(streams, a.Stream)
			}
			events = append(events, chunkEvents[i]...)
		}
		sealed, err := env.Vault.SealAll(ctx, streams, events)
		must(err)
		for i := range chunk {
			for j := range chunk[i].Events {
				chunk[i].Events[j].Type, chunk[i].Events[j].Data, err = env.Registry.Encode(sealed[0])
				must(err)
				sealed = sealed[1:]
			}
		}
		_, err = env.Store.AppendMulti(ctx, chunk...)
		must(err)
		chunk, chunkEvents = nil, nil
	}
	add := func(stream, org, kind string, events ...domain.Event) {
		command := uuid.New()
		data := make([]eventstore.EventData, len(events))
		for i := range events {
			data[i] = eventstore.EventData{ID: uuid.New(), Metadata: eventstore.Metadata{ApplicationID: app.ID, OrganizationID: org,
				ActorID: "bench", CommandID: command.String(), CorrelationID: command.String(), CausationID: command.String()}}
		}
		chunk = append(chunk, eventstore.StreamAppend{Stream: stream, Expected: eventstore.Any, Events: data})
		chunkEvents = append(chunkEvents, events)
		kinds[kind] += len(events)
		if len(chunk) >= 500 {
			flush()
		}
	}
	month := finance.MonthOf(time.Now().AddDate(0, -1, 0), finance.PlatformZone)
	for k := 0; written() < n*9/10 && k < len(sessions); k++ {
		o := sessions[k]
		s := booking.New(o.SessionID)
		var events []domain.Event
		booked := 12 + k%9
		for c := range booked {
			customer := customers[(k+c)%len(customers)]
			id := uuid.NewString()
			e, err := s.Book(o.Offer, booking.Request{BookingID: id, CustomerID: customer,
				Participant: booking.Participant{FirstName: "Klant", LastName: fmt.Sprintf("Nummer %d", c), Email: fmt.Sprintf("klant%d@bench.test", c)}}, time.Now())
			must(err)
			for _, x := range e {
				s.Apply(x)
			}
			events = append(events, e...)
			if o.PaymentRequired {
				confirmed, err := s.Confirm(id)
				must(err)
				for _, x := range confirmed {
					s.Apply(x)
				}
				events = append(events, confirmed...)
				orderEvents := paidOrder(o.Offer, o.priceCents, id, month, c%5 == 0)
				add(order.Stream(order.ID(id)), o.OrganizationID, "orders and refunds", orderEvents...)
			}
			if c%10 == 9 {
				cancelled, err := s.Cancel(id, nil, o.Start, time.Now(), false)
				must(err)
				for _, x := range cancelled {
					s.Apply(x)
				}
				events = append(events, cancelled...)
				kinds["cancellations"] += len(cancelled)
				kinds["bookings"] -= len(cancelled)
			}
		}
		add(booking.Stream(o.SessionID), o.OrganizationID, "bookings", events...)
	}
	if len(chunk) > 0 {
		flush()
	}

	// Wallets and coupons: a batch, a share redeemed and credited.
	w, err := env.App.CreateWallet(ctx, meta, wallet.Settings{Name: "Sportpas", Slug: "sportpas", PriceDisplayMode: wallet.DisplayMoves, CanTopUp: true})
	must(err)
	batch, err := env.App.GenerateCoupons(ctx, meta, w.ID, wallet.BatchSpec{Quantity: max(10, min(wallet.MaxQuantity, (n-written())*8/10)), ValueMoves: 10, Enabled: true})
	must(err)
	rows, err := env.DB.Query(ctx, `SELECT data->>'code' FROM eventstore_events WHERE type = 'coupon.issued.v1' AND data->>'batch_id' = $1 LIMIT $2`,
		batch.ID, max(5, n/5_000))
	must(err)
	codes, err := pgx.CollectRows(rows, pgx.RowTo[string])
	must(err)
	for i, code := range codes {
		_, err := env.App.RedeemCoupon(ctx, meta, commands.Redemption{WalletID: w.ID, CustomerID: customers[i%len(customers)], Code: code, Via: wallet.ViaApp})
		must(err)
	}

	// Invoices: the month before this one closed, each organisation billed its fees.
	var billed []finance.Billed
	for i, org := range orgs {
		billed = append(billed, finance.Billed{Customer: finance.Customer{OrganizationID: org, Subject: organization.Stream(org),
			Name: fmt.Sprintf("Sportclub %03d", i), ATTN: "Penningmeester", Address: "Sportlaan 1"}, FeesCents: int64(500 + i)})
	}
	_, err = env.App.CloseInvoiceMonth(ctx, meta, month, finance.PlatformZone, finance.Issuer{Name: "Move Platform B.V.", Address: "Stationsplein 1, Utrecht"}, billed)
	must(err)

	var total int
	must(env.DB.QueryRow(ctx, `SELECT count(*) FROM eventstore_events`).Scan(&total))
	kinds["offer, customers, coupons, invoices (through commands)"] = total - written()
	return kinds
}

// paidOrder is a booking's order paid in euros (placed, payment started, paid), and,
// when refunded, half of it refunded.
func paidOrder(o booking.Offer, price int64, bookingID string, month finance.Month, refunded bool) []domain.Event {
	id := order.ID(bookingID)
	at := time.Now()
	line := order.Line{LineID: uuid.NewSHA1(uuid.MustParse(id), []byte("line")).String(), Title: "Zwemles", Quantity: 1, UnitPriceCents: price,
		TotalCents: price, VATTier: rate.VATLow, VATPercent: rate.VATPercent[rate.VATLow], BookingID: bookingID, SessionID: o.SessionID}
	vat := order.SplitVAT([]order.TierAmount{{VATTier: line.VATTier, VATPercent: line.VATPercent, GrossCents: price}})
	payment := order.PaymentID(id, 1)
	events := []domain.Event{
		order.Placed{ApplicationID: o.ApplicationID, OrganizationID: o.OrganizationID, Lines: []order.Line{line}, VAT: vat, SubtotalCents: price - order.SumVAT(vat), VATCents: order.SumVAT(vat),
			TransactionFeeCents: order.TransactionFee(order.PaymentEuros, price), TotalCents: price, PaymentType: order.PaymentEuros,
			PayoutMonth: string(month), PlacedAt: at},
		order.PaymentStarted{PaymentID: payment, Method: order.PaymentEuros, AmountCents: price, At: at},
		order.PaymentStatusChanged{PaymentID: payment, From: order.PaymentOpen, Status: order.PaymentPaid, At: at},
	}
	if refunded {
		half := price / 2
		events = append(events, order.RefundRequested{RefundID: uuid.NewString(), PaymentID: payment, Method: order.PaymentEuros, AmountCents: half,
			Lines: []order.RefundLine{{LineID: line.LineID, AmountCents: half}},
			VAT:   order.SplitVAT([]order.TierAmount{{VATTier: line.VATTier, VATPercent: line.VATPercent, GrossCents: half}}), PayoutMonth: string(month)})
	}
	return events
}
