package commands

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/booking"
	"move/domain/identity"
	"move/domain/order"
	"move/domain/wallet"
	"move/payments"
)

// PaymentsActor is the actor of what the payment process records: the provider's
// reports, and bookings confirmed or released by them.
const PaymentsActor = "process:payments"

// defaultZone is the application's time zone when it names none (decision 0405).
const defaultZone = "Europe/Amsterdam"

// PaymentSetup is how orders reach the payment provider: the port, and the addresses
// the provider calls back (the webhook, verified per order) and sends the customer to.
type PaymentSetup struct {
	Provider    payments.Provider
	WebhookURL  func(orderID string) string
	RedirectURL func(orderID string) string
}

// UsePayments connects the payment provider. Without it euro orders stay open (the
// payment process creates their payments once a provider is connected).
func (a *App) UsePayments(p PaymentSetup) { a.pay = p }

// AfterProviderPaid sets the failpoint between the provider's report that a payment is
// paid and the order's update. Only the crash test sets it.
func (a *App) AfterProviderPaid(f func()) { a.afterProviderPaid = f }

// OrderPlacing asks to pay for a held booking.
type OrderPlacing struct {
	Session   SessionRef
	BookingID string
	// CustomerID, when set, must be the booking's customer (the customer's own route).
	CustomerID string
	// PaymentType is moves or euros; free and external orders follow from the offer.
	PaymentType string
	WalletID    string
}

// PlacedOrder is a placing's outcome: the order, its status and, for euros, where the
// customer pays (empty while the provider is not reached: the process retries).
type PlacedOrder struct {
	Result
	OrderID     string
	Status      string
	CheckoutURL string
}

// PlaceOrder places the order of a held booking, once: the order's id derives from the
// booking, so a repeated request answers the order as it stands. Moves are debited and
// the booking confirmed in the same append; a euro payment is created at the provider
// right after (the payment process retries when the provider is down).
func (a *App) PlaceOrder(ctx context.Context, meta Meta, in OrderPlacing) (PlacedOrder, error) {
	in.BookingID, in.WalletID = canonicalID(in.BookingID), canonicalID(in.WalletID)
	if in.BookingID == "" {
		return PlacedOrder{}, &domain.NotFoundError{Kind: "booking"}
	}
	orderID := order.ID(in.BookingID)
	res, err := a.onBookings(ctx, meta, in.Session, func(u *unit, o offer, s *booking.Session) error {
		b := s.Bookings[in.BookingID]
		if b == nil || (in.CustomerID != "" && b.CustomerID != in.CustomerID) {
			return &domain.NotFoundError{Kind: "booking", ID: in.BookingID}
		}
		src := orderSource{offer: o, status: b.Status, customerID: b.CustomerID}
		if o.price != nil {
			src.line = order.Line{Title: o.activityName, Quantity: 1, UnitPriceCents: o.price.Fields.PriceCents,
				VATTier: o.price.Fields.VATTier, RateID: o.price.ID, BookingID: in.BookingID, SessionID: o.SessionID}
		}
		confirm, err := u.placeOrder(orderID, src, in)
		if err != nil || !confirm {
			return err
		}
		confirmed, err := s.Confirm(in.BookingID)
		if err != nil {
			return err
		}
		return u.append(booking.Stream(s.ID), s, confirmed...)
	})
	if err != nil {
		return PlacedOrder{}, err
	}
	return a.afterPlacing(ctx, res, orderID)
}

// orderSource is what an order of a held booking is placed from: the session's or the
// bundle's offer, the booking's status and customer, and the line (Title empty: the
// offer has no price).
type orderSource struct {
	offer
	status     string
	customerID string
	line       order.Line
}

// placeOrder decides the order of a held booking and appends it, with the moves'
// debit in the same append. It answers whether the booking is to be confirmed now:
// every order but a euro one, which waits for the provider. An order placed before
// answers false and nothing changes (the order's id derives from the booking).
func (u *unit) placeOrder(orderID string, src orderSource, in OrderPlacing) (confirm bool, err error) {
	ord := order.New(orderID)
	if err := u.load(order.Stream(orderID), ord); err != nil {
		return false, err
	}
	if ord.Exists {
		return false, u.payAgain(ord, src, in)
	}
	o := src.offer
	if src.status != booking.StatusHeld || src.line.Title == "" {
		return false, &domain.ConflictError{Key: "order.booking_not_held"}
	}
	typ := in.PaymentType
	if o.details.PaymentURL != "" {
		typ = order.PaymentExternal
	} else if typ != order.PaymentMoves && typ != order.PaymentEuros {
		v := &domain.ValidationError{}
		v.Add("payment_type", "validation.invalid", nil)
		return false, v
	}
	month, err := u.payoutMonth(o.ApplicationID)
	if err != nil {
		return false, err
	}
	var account *wallet.Account
	if typ == order.PaymentMoves {
		if account, err = u.walletFor(o, in.WalletID, src.customerID); err != nil {
			return false, err
		}
	}
	events, err := ord.Place(order.Placing{ApplicationID: o.ApplicationID, OrganizationID: o.OrganizationID,
		CustomerID: src.customerID, ActivityID: o.ActivityID, Lines: []order.Line{src.line}, PaymentType: typ,
		WalletID: in.WalletID, PaymentURL: o.details.PaymentURL, PayoutMonth: month, At: u.now})
	if err != nil {
		return false, err
	}
	if err := u.append(order.Stream(orderID), ord, events...); err != nil {
		return false, err
	}
	if account != nil {
		debit, err := account.Debit(o.ApplicationID, in.WalletID, src.customerID, ord.Placed.TotalCents, orderID, ord.Payments[0].ID)
		if err != nil {
			return false, err
		}
		if err := u.append(wallet.AccountStream(account.ID), account, debit...); err != nil {
			return false, err
		}
	}
	return ord.Placed.PaymentType != order.PaymentEuros, nil // euros: held until the provider reports the payment
}

// payAgain follows a repeated placing of an order placed before (decision 0909): an
// order whose euro payment ended unpaid while its spot is still held gets a new
// payment (the same order, the next payment id); one whose spot was released is
// refused (booking again checks the spot anew). Anything else is answered as it stands.
func (u *unit) payAgain(ord *order.Order, src orderSource, in OrderPlacing) error {
	if !ord.CanPayAgain() && !(ord.Placed.PaymentType == order.PaymentEuros && ord.Canceled && ord.PaidCents() == 0) {
		return nil
	}
	if src.status != booking.StatusHeld {
		return &domain.ConflictError{Key: "order.spot_released"}
	}
	if in.PaymentType != "" && in.PaymentType != order.PaymentEuros {
		return &domain.ConflictError{Key: "order.pay_again_euros_only"}
	}
	events, err := ord.PayAgain(u.now)
	if err != nil {
		return err
	}
	return u.append(order.Stream(ord.ID), ord, events...)
}

// afterPlacing creates a new euro order's payment at the provider at once (the fast
// path; a provider that is down leaves it to the payment process) and answers the order.
func (a *App) afterPlacing(ctx context.Context, res Result, orderID string) (PlacedOrder, error) {
	res.ID = orderID
	ord, err := a.loadOrder(ctx, orderID)
	if err != nil {
		return PlacedOrder{}, err
	}
	if ord.Placed.PaymentType == order.PaymentEuros && ord.Status() == order.PaymentOpen {
		if err := a.SyncOrder(ctx, orderID); err != nil && !errors.Is(err, payments.ErrUnavailable) {
			return PlacedOrder{}, err
		}
		if ord, err = a.loadOrder(ctx, orderID); err != nil {
			return PlacedOrder{}, err
		}
	}
	out := PlacedOrder{Result: res, OrderID: orderID, Status: ord.Status()}
	if p := lastPayment(ord); p != nil && p.Status == order.PaymentOpen {
		out.CheckoutURL = p.CheckoutURL
	}
	return out, nil
}

func lastPayment(o *order.Order) *order.Payment {
	if len(o.Payments) == 0 {
		return nil
	}
	return o.Payments[len(o.Payments)-1]
}

// walletFor checks that moves of the wallet may pay for the offer and answers the
// customer's account in it (loaded, for the debit).
func (u *unit) walletFor(o offer, walletID, customerID string) (*wallet.Account, error) {
	v := &domain.ValidationError{}
	w := wallet.New(walletID)
	if walletID != "" {
		if err := u.load(wallet.Stream(walletID), w); err != nil {
			return nil, err
		}
	}
	if !w.VisibleIn(o.ApplicationID) {
		v.Add("wallet_id", "order.unknown_wallet", nil)
		return nil, v
	}
	if o.details.PriceDisplayMode != "moves" && o.details.PriceDisplayMode != "both" {
		return nil, &domain.ConflictError{Key: "order.moves_not_accepted"}
	}
	if customerID == "" {
		return nil, &domain.ConflictError{Key: "order.moves_not_accepted"}
	}
	account := wallet.NewAccount(wallet.AccountID(walletID, customerID))
	if err := u.load(wallet.AccountStream(account.ID), account); err != nil {
		return nil, err
	}
	return account, nil
}

// payoutMonth is this moment's month in the application's time zone (decision 0900).
func (u *unit) payoutMonth(applicationID string) (string, error) {
	loc, err := u.location(applicationID)
	if err != nil {
		return "", err
	}
	return u.now.In(loc).Format("2006-01"), nil
}

// location is the application's time zone (decision 0405).
func (u *unit) location(applicationID string) (*time.Location, error) {
	app := &identity.Application{ID: applicationID}
	if err := u.load(identity.ApplicationStream(applicationID), app); err != nil {
		return nil, err
	}
	zone := defaultZone
	if app.Settings.Timezone != nil && *app.Settings.Timezone != "" {
		zone = *app.Settings.Timezone
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc, _ = time.LoadLocation(defaultZone)
	}
	if loc == nil {
		loc = time.UTC
	}
	return loc, nil
}

// loadOrder reads an order as it stands, without deciding anything.
func (a *App) loadOrder(ctx context.Context, orderID string) (*order.Order, error) {
	ord := order.New(orderID)
	_, err := a.run.execute(ctx, Meta{ActorID: PaymentsActor}, orderID, func(u *unit) error {
		ord = order.New(orderID)
		return u.load(order.Stream(orderID), ord)
	})
	return ord, err
}

// Order answers an order as it stands in the event store (the webhook's and the tests'
// view; the screens read the projection). Outside applicationID (when set) it is not found.
func (a *App) Order(ctx context.Context, applicationID, orderID string) (*order.Order, error) {
	if canonicalID(orderID) == "" {
		return nil, &domain.NotFoundError{Kind: "order", ID: orderID}
	}
	ord, err := a.loadOrder(ctx, canonicalID(orderID))
	if err != nil {
		return nil, err
	}
	if !ord.Exists || (applicationID != "" && ord.Placed.ApplicationID != applicationID) {
		return nil, &domain.NotFoundError{Kind: "order", ID: orderID}
	}
	return ord, nil
}

// SyncOrder brings an order up to date with the provider: it creates the payments and
// refunds the order asks for (with the payment's or refund's id as idempotency key, so
// a retry never pays or refunds twice) and records what the provider reports of those
// not final. The webhook, the request that placed or refunded, and the payment process
// all call it; every change it records is decided at the order's version and moves
// forward only, so running it twice, late or concurrently changes nothing twice.
func (a *App) SyncOrder(ctx context.Context, orderID string) error {
	if a.pay.Provider == nil {
		return fmt.Errorf("%w: no payment provider connected", payments.ErrUnavailable)
	}
	ord, err := a.loadOrder(ctx, orderID)
	if err != nil || !ord.Exists {
		return err
	}
	provider := a.pay.Provider
	synced := false
	for _, p := range ord.Payments {
		if p.Method != order.PaymentEuros || order.PaymentFinal(p.Status) {
			continue
		}
		if p.ProviderID == "" {
			if ord.Canceled {
				if err := a.recordPayment(ctx, ord, p.ID, payments.Payment{Status: order.PaymentCanceled}); err != nil {
					return err
				}
				continue
			}
			in := payments.NewPayment{IdempotencyKey: p.ID, AmountCents: p.AmountCents, Description: description(ord), OrderID: orderID}
			if a.pay.WebhookURL != nil {
				in.WebhookURL = a.pay.WebhookURL(orderID)
			}
			if a.pay.RedirectURL != nil {
				in.RedirectURL = a.pay.RedirectURL(orderID)
			}
			created, err := provider.CreatePayment(ctx, in)
			var refused *payments.ProviderError
			if errors.As(err, &refused) {
				created, err = payments.Payment{Status: order.PaymentFailed}, nil
			}
			if err != nil {
				return err
			}
			if err := a.recordPayment(ctx, ord, p.ID, created); err != nil {
				return err
			}
			continue
		}
		got, err := a.providerPayment(ctx, ord, p)
		if err != nil {
			return err
		}
		if got.Status == order.PaymentPaid && a.afterProviderPaid != nil {
			a.afterProviderPaid()
		}
		if err := a.recordPayment(ctx, ord, p.ID, got); err != nil {
			return err
		}
		synced = true
	}
	if synced { // a payment that landed on a cancelled order queued its refund (0911)
		if ord, err = a.loadOrder(ctx, orderID); err != nil {
			return err
		}
	}
	for _, r := range ord.Refunds {
		if r.Method != order.PaymentEuros || order.RefundFinal(r.Status) {
			continue
		}
		paid := ord.Payment(r.PaymentID)
		var got payments.Refund
		if r.ProviderID == "" {
			got, err = provider.CreateRefund(ctx, payments.NewRefund{IdempotencyKey: r.RefundID, ProviderPaymentID: paid.ProviderID,
				AmountCents: r.AmountCents, Description: r.Reason, RefundID: r.RefundID})
			var refused *payments.ProviderError
			if errors.As(err, &refused) {
				got, err = payments.Refund{Status: order.RefundFailed}, nil
			}
		} else {
			got, err = provider.GetRefund(ctx, paid.ProviderID, r.ProviderID)
		}
		if err != nil {
			return err
		}
		if err := a.recordRefund(ctx, ord, r.RefundID, got); err != nil {
			return err
		}
	}
	return nil
}

// providerPayment asks the provider for a payment's state; a payment still open of an
// order cancelled meanwhile is cancelled there first (decision 0910), so it cannot be
// paid any more. A payment the provider will not cancel (no longer cancelable: being
// paid, say) is read as it stands: should it be paid, it is refunded (0911).
func (a *App) providerPayment(ctx context.Context, ord *order.Order, p *order.Payment) (payments.Payment, error) {
	if ord.Canceled {
		got, err := a.pay.Provider.CancelPayment(ctx, p.ProviderID)
		var refused *payments.ProviderError
		if !errors.As(err, &refused) {
			return got, err
		}
	}
	return a.pay.Provider.GetPayment(ctx, p.ProviderID)
}

// cancelAtProvider is the fast path after an order may have been cancelled with its
// payment open at the provider (the booking cancelled): the payment is cancelled there
// now (decision 0910). A provider that is down leaves it to the payment process, which
// visits every payment not final.
func (a *App) cancelAtProvider(ctx context.Context, orderID string) error {
	if a.pay.Provider == nil {
		return nil
	}
	ord, err := a.loadOrder(ctx, orderID)
	if err != nil || !ord.Exists || !ord.Canceled {
		return err
	}
	for _, p := range ord.Payments {
		if p.Method == order.PaymentEuros && p.ProviderID != "" && !order.PaymentFinal(p.Status) {
			if err := a.SyncOrder(ctx, orderID); err != nil && !errors.Is(err, payments.ErrUnavailable) {
				return err
			}
			return nil
		}
	}
	return nil
}

func description(o *order.Order) string {
	if len(o.Placed.Lines) > 0 {
		return o.Placed.Lines[0].Title
	}
	return "Order " + o.ID
}

// recordPayment records the provider's payment and status, and follows them in the
// same append: paid confirms the held spot; failed, canceled or expired keep it held
// for another payment of the same order until the hold process releases it (decision
// 0909); paid for an order cancelled meanwhile is refunded in full (0911).
func (a *App) recordPayment(ctx context.Context, placed *order.Order, paymentID string, got payments.Payment) error {
	meta := Meta{ActorID: PaymentsActor, ApplicationID: placed.Placed.ApplicationID, OrganizationID: placed.Placed.OrganizationID}
	line := placed.Placed.Lines[0]
	if spot := line.BundleID + line.SessionID + line.ProductID; spot != "" {
		unlock := a.bookings.lock(spot)
		defer unlock()
	}
	_, err := a.run.execute(ctx, meta, placed.ID, func(u *unit) error {
		ord := order.New(placed.ID)
		if err := u.load(order.Stream(placed.ID), ord); err != nil {
			return err
		}
		var events []domain.Event
		if got.ID != "" {
			events = ord.PaymentCreatedAt(paymentID, got.ID, got.CheckoutURL, u.now)
		}
		if got.Status != "" {
			changed, err := ord.PaymentStatus(paymentID, got.Status, u.now)
			if err != nil {
				return err
			}
			events = append(events, changed...)
		}
		refund, err := u.refundAfterClose(ord, events, paymentID)
		if err != nil {
			return err
		}
		if err := u.append(order.Stream(ord.ID), ord, append(events, refund...)...); err != nil {
			return err
		}
		if len(events) == 0 || line.BookingID == "" || got.Status != order.PaymentPaid {
			return nil // an unpaid end keeps the spot held: the customer may pay again (0909)
		}
		if line.BundleID != "" {
			return u.followPaymentOnBundle(line)
		}
		if line.ProductID != "" {
			return u.followPaymentOnProduct(line)
		}
		s := booking.New(line.SessionID)
		if err := u.load(booking.Stream(line.SessionID), s); err != nil {
			return err
		}
		b := s.Bookings[line.BookingID]
		if b == nil || b.Status != booking.StatusHeld {
			return nil // cancelled meanwhile (refunded after close), or confirmed
		}
		follow, err := s.Confirm(line.BookingID)
		if err != nil {
			return err
		}
		return u.append(booking.Stream(s.ID), s, follow...)
	})
	return err
}

// refundAfterClose decides, for the events a provider's report gives a loaded order,
// the full refund of a payment paid after the order was cancelled (decision 0911),
// to go in the same append. The order as it will stand is read again and the events
// applied to that copy, so the decision sees the payment paid.
func (u *unit) refundAfterClose(ord *order.Order, events []domain.Event, paymentID string) ([]domain.Event, error) {
	closed := false
	for _, e := range events {
		_, closed = e.(order.PaymentAfterClose)
		if closed {
			break
		}
	}
	if !closed {
		return nil, nil
	}
	next := order.New(ord.ID)
	if err := u.load(order.Stream(ord.ID), next); err != nil {
		return nil, err
	}
	for _, e := range events {
		next.Apply(e)
	}
	if next.RefundableCents() == 0 {
		return nil, nil // nothing left to refund
	}
	month, err := u.payoutMonth(ord.Placed.ApplicationID)
	if err != nil {
		return nil, err
	}
	refundID := uuid.NewSHA1(uuid.MustParse(ord.ID), []byte("after-close/"+paymentID)).String()
	return next.Refund(order.Refunding{RefundID: refundID, AmountCents: next.RefundableCents(),
		Reason: "paid after the order was cancelled", Origin: order.RefundByAfterClose, ActorID: PaymentsActor,
		PayoutMonth: month, At: u.now})
}

// recordRefund records the provider's refund and status.
func (a *App) recordRefund(ctx context.Context, placed *order.Order, refundID string, got payments.Refund) error {
	meta := Meta{ActorID: PaymentsActor, ApplicationID: placed.Placed.ApplicationID, OrganizationID: placed.Placed.OrganizationID}
	unlock := a.orders.lock(placed.ID)
	defer unlock()
	_, err := a.run.execute(ctx, meta, placed.ID, func(u *unit) error {
		ord := order.New(placed.ID)
		if err := u.load(order.Stream(placed.ID), ord); err != nil {
			return err
		}
		events, err := ord.RefundStatus(refundID, got.ID, got.Status, u.now)
		if err != nil {
			return err
		}
		return u.append(order.Stream(ord.ID), ord, events...)
	})
	return err
}

// RefundRequest is a refund staff ask for: an amount, or an amount per line.
type RefundRequest struct {
	AmountCents int64
	Lines       []order.RefundLine
	Reason      string
}

// Refunded is a refund's outcome.
type Refunded struct {
	Result
	RefundID string
	Status   string // the refund's: refunded (moves) or queued, pending … (euros)
}

// RefundOrder refunds an order in full or in part. Decided at the order stream's version
// (and, within a server, one refund of an order at a time), so any number of refunds
// at once never return more than was paid. Moves come back to the wallet in the same
// append; euros are asked of the provider right after (the payment process retries).
// applicationID empty is the platform's view (superadmin): any application's order.
func (a *App) RefundOrder(ctx context.Context, meta Meta, orderID string, in RefundRequest) (Refunded, error) {
	orderID = canonicalID(orderID)
	if orderID == "" {
		return Refunded{}, &domain.NotFoundError{Kind: "order"}
	}
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	refundID := uuid.NewSHA1(meta.CommandID, []byte("refund")).String()
	unlock := a.orders.lock(orderID)
	res, err := a.run.execute(ctx, meta, orderID, func(u *unit) error {
		ord := order.New(orderID)
		if err := u.load(order.Stream(orderID), ord); err != nil {
			return err
		}
		if !ord.Exists || (meta.ApplicationID != "" && ord.Placed.ApplicationID != meta.ApplicationID) {
			return &domain.NotFoundError{Kind: "order", ID: orderID}
		}
		u.meta.ApplicationID, u.meta.OrganizationID = ord.Placed.ApplicationID, ord.Placed.OrganizationID
		return u.refund(ord, order.Refunding{RefundID: refundID, AmountCents: in.AmountCents, Lines: in.Lines,
			Reason: in.Reason, Origin: order.RefundByStaff, ActorID: meta.ActorID})
	})
	unlock()
	if err != nil {
		return Refunded{}, err
	}
	return a.afterRefund(ctx, res, orderID, refundID)
}

// afterRefund asks the provider for a euro refund at once (the fast path; a provider
// that is down leaves it queued for the payment process) and answers the refund.
func (a *App) afterRefund(ctx context.Context, res Result, orderID, refundID string) (Refunded, error) {
	ord, err := a.loadOrder(ctx, orderID)
	if err != nil {
		return Refunded{}, err
	}
	r := ord.RefundByID(refundID)
	if r == nil {
		return Refunded{Result: res}, nil
	}
	if r.Method == order.PaymentEuros && r.Status == order.RefundQueued {
		if err := a.SyncOrder(ctx, orderID); err != nil && !errors.Is(err, payments.ErrUnavailable) {
			return Refunded{}, err
		}
		if ord, err = a.loadOrder(ctx, orderID); err != nil {
			return Refunded{}, err
		}
		r = ord.RefundByID(refundID)
	}
	res.ID = orderID
	return Refunded{Result: res, RefundID: refundID, Status: r.Status}, nil
}

// refund decides a refund on a loaded order and appends it, with the wallet's credit
// for moves.
func (u *unit) refund(ord *order.Order, in order.Refunding) error {
	month, err := u.payoutMonth(ord.Placed.ApplicationID)
	if err != nil {
		return err
	}
	in.PayoutMonth, in.At = month, u.now
	events, err := ord.Refund(in)
	if err != nil {
		return err
	}
	if err := u.append(order.Stream(ord.ID), ord, events...); err != nil {
		return err
	}
	r := ord.RefundByID(in.RefundID)
	if len(events) == 0 || r.Method != order.PaymentMoves {
		return nil
	}
	account := wallet.NewAccount(wallet.AccountID(ord.Placed.WalletID, ord.Placed.CustomerID))
	if err := u.load(wallet.AccountStream(account.ID), account); err != nil {
		return err
	}
	return u.append(wallet.AccountStream(account.ID), account,
		account.CreditRefund(ord.Placed.ApplicationID, ord.Placed.WalletID, ord.Placed.CustomerID, r.AmountCents, ord.ID, r.RefundID)...)
}

// orderOnCancel follows a booking's cancellation on its order, in the same append: an
// order not yet paid is cancelled; a paid one is refunded the cancellation term's
// percentage of what was paid (through the same refund decision as staff's), by the
// cancelling actor. A booking without an order changes nothing.
func (u *unit) orderOnCancel(bookingID string, refundPercent int) (refundID string, err error) {
	return u.orderCancelled(bookingID, refundPercent, fmt.Sprintf("booking cancelled: %d %%", refundPercent))
}

// orderCancelled is orderOnCancel with the refund's reason.
func (u *unit) orderCancelled(bookingID string, refundPercent int, reason string) (refundID string, err error) {
	orderID := order.ID(bookingID)
	ord := order.New(orderID)
	if err := u.load(order.Stream(orderID), ord); err != nil || !ord.Exists {
		return "", err
	}
	if events := ord.Cancel("booking cancelled", u.now); len(events) > 0 {
		return "", u.append(order.Stream(orderID), ord, events...)
	}
	amount := min(ord.PaidCents()*int64(refundPercent)/100, ord.RefundableCents())
	if amount <= 0 {
		return "", nil
	}
	refundID = uuid.NewSHA1(uuid.MustParse(orderID), []byte("cancellation/"+bookingID)).String()
	return refundID, u.refund(ord, order.Refunding{RefundID: refundID, AmountCents: amount,
		Reason: reason, Origin: order.RefundByCancellation, ActorID: u.meta.ActorID})
}
