package order

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/rate"
)

var orderNamespace = uuid.MustParse("6f1d3c52-8a0e-4b7e-9c1f-2d4a5b6c7e80")

// ID is the order of a booking: one booking, one order, however often placing it is
// retried.
func ID(bookingID string) string {
	return uuid.NewSHA1(orderNamespace, []byte("booking/"+bookingID)).String()
}

// PaymentID is the n-th payment of an order (n from 1); also the provider's idempotency key.
func PaymentID(orderID string, n int) string {
	return uuid.NewSHA1(orderNamespace, fmt.Appendf(nil, "%s/payment/%d", orderID, n)).String()
}

// MaxReason is the longest refund reason kept (runes).
const MaxReason = 500

// Payment is one payment of an order, with the provider's state.
type Payment struct {
	ID          string
	Method      string
	AmountCents int64
	Moves       int64
	WalletID    string
	ProviderID  string
	CheckoutURL string
	Status      string
	At          time.Time
}

// Refund is one refund of an order, with its state.
type Refund struct {
	RefundRequested
	Status     string
	ProviderID string
}

// Order is the aggregate: its placing, payments and refunds.
type Order struct {
	ID         string
	Exists     bool
	Placed     Placed
	Payments   []*Payment
	Refunds    []*Refund
	Canceled   bool
	AfterClose bool
}

// New is the order with id, before its events are applied.
func New(id string) *Order { return &Order{ID: id} }

// Apply implements domain.Aggregate.
func (o *Order) Apply(e domain.Event) {
	switch e := e.(type) {
	case Placed:
		o.Exists, o.Placed = true, e
	case PaymentStarted:
		o.Payments = append(o.Payments, &Payment{ID: e.PaymentID, Method: e.Method, AmountCents: e.AmountCents, Moves: e.Moves,
			WalletID: e.WalletID, Status: PaymentOpen, At: e.At})
	case PaymentCreated:
		if p := o.Payment(e.PaymentID); p != nil {
			p.ProviderID, p.CheckoutURL = e.ProviderPaymentID, e.CheckoutURL
		}
	case PaymentStatusChanged:
		if p := o.Payment(e.PaymentID); p != nil {
			p.Status, p.At = e.Status, e.At
		}
	case RefundRequested:
		o.Refunds = append(o.Refunds, &Refund{RefundRequested: e, Status: RefundQueued})
	case RefundStatusChanged:
		if r := o.RefundByID(e.RefundID); r != nil {
			r.Status = e.Status
			if e.ProviderRefundID != "" {
				r.ProviderID = e.ProviderRefundID
			}
		}
	case Canceled:
		o.Canceled = true
	case PaymentAfterClose:
		o.AfterClose = true
	}
}

// Payment answers the payment with id, or nil.
func (o *Order) Payment(id string) *Payment {
	for _, p := range o.Payments {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// RefundByID answers the refund with id, or nil.
func (o *Order) RefundByID(id string) *Refund {
	for _, r := range o.Refunds {
		if r.RefundID == id {
			return r
		}
	}
	return nil
}

// PaidCents is what the provider or the wallet confirmed paid.
func (o *Order) PaidCents() int64 {
	var sum int64
	for _, p := range o.Payments {
		if p.Status == PaymentPaid {
			sum += p.AmountCents
		}
	}
	return sum
}

// RefundedCents is what actually went back (refunds in status refunded).
func (o *Order) RefundedCents() int64 {
	var sum int64
	for _, r := range o.Refunds {
		if r.Status == RefundRefunded {
			sum += r.AmountCents
		}
	}
	return sum
}

// committedCents is what is refunded or on its way back: every refund not failed.
func (o *Order) committedCents() int64 {
	var sum int64
	for _, r := range o.Refunds {
		if r.Status != RefundFailed {
			sum += r.AmountCents
		}
	}
	return sum
}

// RefundableCents is what may still be refunded: paid − (refunded or on its way).
func (o *Order) RefundableCents() int64 { return max(0, o.PaidCents()-o.committedCents()) }

// Status is the spec's transaction status (decision 0900).
func (o *Order) Status() string {
	if !o.Exists {
		return ""
	}
	if refunded := o.RefundedCents(); refunded > 0 {
		if refunded >= o.PaidCents() {
			return "refunded"
		}
		return "partly_refunded"
	}
	switch o.Placed.PaymentType {
	case PaymentFree:
		return "free"
	case PaymentExternal:
		return "external"
	}
	p := o.lastPayment()
	if p != nil && p.Status == PaymentPaid {
		if p.Method == PaymentMoves {
			return "complete"
		}
		return "paid"
	}
	if o.Canceled {
		return PaymentCanceled
	}
	if p == nil {
		return PaymentOpen
	}
	switch p.Status {
	case PaymentPending, PaymentAuthorized:
		return PaymentOpen
	}
	return p.Status
}

func (o *Order) lastPayment() *Payment {
	if len(o.Payments) == 0 {
		return nil
	}
	return o.Payments[len(o.Payments)-1]
}

// Placing is an order asked for: one line per thing bought.
type Placing struct {
	ApplicationID, OrganizationID, CustomerID, ActivityID string
	Lines                                                 []Line
	PaymentType                                           string
	WalletID, PaymentURL                                  string
	PayoutMonth                                           string
	At                                                    time.Time
}

// Place decides a new order: its lines' totals, VAT per tier, fee and total, and its
// first payment (moves: paid at once, the caller debits the wallet in the same append;
// euros: open, created at the provider by the payment process).
func (o *Order) Place(in Placing) ([]domain.Event, error) {
	if o.Exists {
		return nil, &domain.ConflictError{Key: "order.exists"}
	}
	if len(in.Lines) == 0 {
		return nil, &domain.ConflictError{Key: "order.no_lines"}
	}
	var total int64
	amounts := make([]TierAmount, 0, len(in.Lines))
	lines := make([]Line, len(in.Lines))
	for i, l := range in.Lines {
		pct, ok := rate.VATPercent[l.VATTier]
		if !ok || l.Quantity < 1 || l.UnitPriceCents < 0 || l.UnitPriceCents > rate.MaxPriceCents {
			return nil, fmt.Errorf("order: line %d is not a valid line: %+v", i, l)
		}
		l.VATPercent = pct
		l.TotalCents = l.Quantity * l.UnitPriceCents
		if l.LineID == "" {
			l.LineID = uuid.NewSHA1(orderNamespace, fmt.Appendf(nil, "%s/line/%d", o.ID, i+1)).String()
		}
		lines[i] = l
		total += l.TotalCents
		amounts = append(amounts, TierAmount{VATTier: l.VATTier, VATPercent: pct, GrossCents: l.TotalCents})
	}
	typ := in.PaymentType
	if total == 0 && typ != PaymentExternal {
		typ = PaymentFree
	}
	switch typ {
	case PaymentFree, PaymentMoves, PaymentEuros, PaymentExternal:
	default:
		return nil, fmt.Errorf("order: unknown payment type %q", typ)
	}
	vat := SplitVAT(amounts)
	vatCents := SumVAT(vat)
	placed := Placed{ApplicationID: in.ApplicationID, OrganizationID: in.OrganizationID, CustomerID: in.CustomerID,
		ActivityID: in.ActivityID, Lines: lines, VAT: nonNilVAT(vat), SubtotalCents: total - vatCents, VATCents: vatCents,
		TransactionFeeCents: TransactionFee(typ, total), TotalCents: total, PaymentType: typ, PayoutMonth: in.PayoutMonth,
		PlacedAt: in.At}
	switch typ {
	case PaymentMoves:
		placed.WalletID = in.WalletID
	case PaymentExternal:
		placed.PaymentURL = in.PaymentURL
	}
	events := []domain.Event{placed}
	switch typ {
	case PaymentMoves:
		id := PaymentID(o.ID, 1)
		events = append(events,
			PaymentStarted{PaymentID: id, Method: PaymentMoves, AmountCents: total, Moves: total, WalletID: in.WalletID, At: in.At},
			PaymentStatusChanged{PaymentID: id, From: PaymentOpen, Status: PaymentPaid, At: in.At})
	case PaymentEuros:
		events = append(events, PaymentStarted{PaymentID: PaymentID(o.ID, 1), Method: PaymentEuros, AmountCents: total, At: in.At})
	}
	return events, nil
}

func nonNilVAT(v []TierVAT) []TierVAT {
	if v == nil {
		return []TierVAT{}
	}
	return v
}

// PaymentCreatedAt records the provider's payment for one of ours, once.
func (o *Order) PaymentCreatedAt(paymentID, providerID, checkoutURL string, at time.Time) []domain.Event {
	p := o.Payment(paymentID)
	if p == nil || p.ProviderID != "" {
		return nil
	}
	return []domain.Event{PaymentCreated{PaymentID: paymentID, ProviderPaymentID: providerID, CheckoutURL: checkoutURL, At: at}}
}

// paymentRank orders payment statuses: a status only moves forward, and the final
// ones never change (a late or repeated report changes nothing).
var paymentRank = map[string]int{PaymentOpen: 0, PaymentPending: 1, PaymentAuthorized: 2,
	PaymentPaid: 3, PaymentCanceled: 3, PaymentExpired: 3, PaymentFailed: 3}

// PaymentFinal tells whether a payment status is the last one.
func PaymentFinal(status string) bool { return paymentRank[status] == 3 }

// PaymentStatus decides what a reported status changes: nothing for a status already
// passed. A payment paid for an order cancelled meanwhile is recorded, with a
// PaymentAfterClose for a person to refund.
func (o *Order) PaymentStatus(paymentID, status string, at time.Time) ([]domain.Event, error) {
	p := o.Payment(paymentID)
	if p == nil {
		return nil, &domain.NotFoundError{Kind: "payment", ID: paymentID}
	}
	rank, known := paymentRank[status]
	if !known {
		return nil, fmt.Errorf("order: unknown payment status %q", status)
	}
	if p.Status == status || PaymentFinal(p.Status) || rank < paymentRank[p.Status] {
		return nil, nil
	}
	events := []domain.Event{PaymentStatusChanged{PaymentID: paymentID, From: p.Status, Status: status, At: at}}
	if status == PaymentPaid && o.Canceled {
		events = append(events, PaymentAfterClose{PaymentID: paymentID, At: at})
	}
	return events, nil
}

// PayAgain decides a new euro payment of an order whose last payment ended unpaid
// (failed, canceled or expired at the provider): the same order and amount, the
// next payment id, created at the provider by the same process (decision 0909). An
// order paid, cancelled, or with a payment still open decides nothing (the caller
// answers it as it stands); an order in moves, free or external cannot pay again.
func (o *Order) PayAgain(at time.Time) ([]domain.Event, error) {
	if !o.Exists {
		return nil, &domain.NotFoundError{Kind: "order", ID: o.ID}
	}
	if o.Placed.PaymentType != PaymentEuros {
		return nil, &domain.ConflictError{Key: "order.pay_again_euros_only"}
	}
	p := o.lastPayment()
	if o.Canceled || o.PaidCents() > 0 || p == nil || !PaymentFinal(p.Status) {
		return nil, nil
	}
	return []domain.Event{PaymentStarted{PaymentID: PaymentID(o.ID, len(o.Payments)+1), Method: PaymentEuros,
		AmountCents: o.Placed.TotalCents, At: at}}, nil
}

// CanPayAgain tells whether the order's last payment ended unpaid and the order is open
// for another (PayAgain would start one).
func (o *Order) CanPayAgain() bool {
	p := o.lastPayment()
	return o.Exists && o.Placed.PaymentType == PaymentEuros && !o.Canceled && o.PaidCents() == 0 && p != nil &&
		PaymentFinal(p.Status)
}

// Cancel decides the cancellation of an order not paid (its booking was cancelled while
// the payment was open). A paid order is refunded, not cancelled: nothing then.
func (o *Order) Cancel(reason string, at time.Time) []domain.Event {
	if !o.Exists || o.Canceled || o.PaidCents() > 0 {
		return nil
	}
	switch o.Placed.PaymentType {
	case PaymentFree, PaymentExternal:
		return nil
	}
	return []domain.Event{Canceled{Reason: reason, At: at}}
}

// Refunding is a refund asked for: an amount, or an amount per line (not both).
type Refunding struct {
	RefundID    string
	AmountCents int64
	Lines       []RefundLine
	Reason      string
	Origin      string
	ActorID     string
	PayoutMonth string
	At          time.Time
}

// Refund decides a refund: never more than paid minus what is refunded or on its way
// (decided at the order stream's version, so concurrent refunds cannot pass it
// together); by lines, never more of a line than is left of it. A refund in moves is
// refunded at once (the caller credits the wallet in the same append); in euros it is
// queued for the provider.
func (o *Order) Refund(in Refunding) ([]domain.Event, error) {
	if !o.Exists {
		return nil, &domain.NotFoundError{Kind: "order", ID: o.ID}
	}
	v := &domain.ValidationError{}
	in.Reason = strings.TrimSpace(in.Reason)
	switch {
	case in.Reason == "":
		v.Add("reason", "validation.required", nil)
	case utf8.RuneCountInString(in.Reason) > MaxReason:
		v.Add("reason", "validation.max_length", map[string]any{"max": MaxReason})
	}
	if (in.AmountCents != 0) == (len(in.Lines) != 0) {
		v.Add("amount_cents", "order.refund_amount_or_lines", nil)
	}
	if in.AmountCents < 0 {
		v.Add("amount_cents", "order.refund_positive", nil)
	}
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	paid := o.lastPaidPayment()
	if paid == nil {
		return nil, &domain.ConflictError{Key: "order.not_paid"}
	}
	if o.RefundByID(in.RefundID) != nil {
		return nil, nil // this refund was decided before
	}
	left := o.lineRefundable()
	var lines []RefundLine
	if len(in.Lines) > 0 {
		seen := map[string]bool{}
		for i, l := range in.Lines {
			field := fmt.Sprintf("lines.%d.amount_cents", i)
			rest, known := left[l.LineID]
			switch {
			case !known || seen[l.LineID]:
				v.Add(fmt.Sprintf("lines.%d.line_id", i), "validation.invalid", nil)
			case l.AmountCents <= 0:
				v.Add(field, "order.refund_positive", nil)
			case l.AmountCents > rest:
				v.Add(field, "order.refund_too_much", map[string]any{"max_cents": rest})
			}
			seen[l.LineID] = true
			in.AmountCents += l.AmountCents
		}
		if err := v.OrNil(); err != nil {
			return nil, err
		}
		lines = in.Lines
	}
	if refundable := o.RefundableCents(); in.AmountCents > refundable {
		return nil, &domain.ConflictError{Key: "order.refund_too_much", Params: map[string]any{"max_cents": refundable}}
	}
	if lines == nil {
		lines = o.spread(in.AmountCents, left)
	}
	amounts := make([]TierAmount, 0, len(lines))
	for _, l := range lines {
		line := o.line(l.LineID)
		amounts = append(amounts, TierAmount{VATTier: line.VATTier, VATPercent: line.VATPercent, GrossCents: l.AmountCents})
	}
	req := RefundRequested{RefundID: in.RefundID, PaymentID: paid.ID, Method: paid.Method, AmountCents: in.AmountCents,
		Lines: lines, VAT: nonNilVAT(SplitVAT(amounts)), Reason: in.Reason, Origin: in.Origin, ActorID: in.ActorID,
		PayoutMonth: in.PayoutMonth, At: in.At}
	events := []domain.Event{req}
	if paid.Method == PaymentMoves {
		req.Moves = in.AmountCents
		events[0] = req
		events = append(events, RefundStatusChanged{RefundID: in.RefundID, From: RefundQueued, Status: RefundRefunded, At: in.At})
	}
	return events, nil
}

func (o *Order) lastPaidPayment() *Payment {
	for i := len(o.Payments) - 1; i >= 0; i-- {
		if o.Payments[i].Status == PaymentPaid {
			return o.Payments[i]
		}
	}
	return nil
}

func (o *Order) line(id string) Line {
	for _, l := range o.Placed.Lines {
		if l.LineID == id {
			return l
		}
	}
	return Line{}
}

// lineRefundable is what is left of each line: its total minus its part of every
// refund not failed.
func (o *Order) lineRefundable() map[string]int64 {
	left := make(map[string]int64, len(o.Placed.Lines))
	for _, l := range o.Placed.Lines {
		left[l.LineID] = l.TotalCents
	}
	for _, r := range o.Refunds {
		if r.Status == RefundFailed {
			continue
		}
		for _, l := range r.Lines {
			left[l.LineID] -= l.AmountCents
		}
	}
	return left
}

// spread divides an amount over the lines in proportion to what is left of each
// (largest remainder, ties to the earlier line), so the parts sum to the amount and
// no line gets more than is left of it.
func (o *Order) spread(amount int64, left map[string]int64) []RefundLine {
	var rest int64
	for _, l := range o.Placed.Lines {
		rest += max(0, left[l.LineID])
	}
	if rest == 0 {
		return nil
	}
	parts := make([]RefundLine, 0, len(o.Placed.Lines))
	remainders := make([]int64, 0, len(o.Placed.Lines))
	var given int64
	for _, l := range o.Placed.Lines {
		share := max(0, left[l.LineID])
		part := amount * share / rest
		parts = append(parts, RefundLine{LineID: l.LineID, AmountCents: part})
		remainders = append(remainders, amount*share%rest)
		given += part
	}
	for given < amount {
		best := -1
		for i := range parts {
			if parts[i].AmountCents < max(0, left[parts[i].LineID]) && (best < 0 || remainders[i] > remainders[best]) {
				best = i
			}
		}
		parts[best].AmountCents++
		remainders[best] = -1
		given++
	}
	out := parts[:0]
	for _, p := range parts {
		if p.AmountCents > 0 {
			out = append(out, p)
		}
	}
	return out
}

// refundRank orders refund statuses like paymentRank.
var refundRank = map[string]int{RefundQueued: 0, RefundPending: 1, RefundProcessing: 2, RefundRefunded: 3, RefundFailed: 3}

// RefundFinal tells whether a refund status is the last one.
func RefundFinal(status string) bool { return refundRank[status] == 3 }

// RefundStatus decides what the provider's report on a refund changes (forward only);
// providerID is recorded the first time the provider names it.
func (o *Order) RefundStatus(refundID, providerID, status string, at time.Time) ([]domain.Event, error) {
	r := o.RefundByID(refundID)
	if r == nil {
		return nil, &domain.NotFoundError{Kind: "refund", ID: refundID}
	}
	rank, known := refundRank[status]
	if !known {
		return nil, fmt.Errorf("order: unknown refund status %q", status)
	}
	newID := providerID != "" && r.ProviderID == ""
	if RefundFinal(r.Status) || rank < refundRank[r.Status] || (status == r.Status && !newID) {
		return nil, nil
	}
	e := RefundStatusChanged{RefundID: refundID, From: r.Status, Status: status, At: at}
	if newID {
		e.ProviderRefundID = providerID
	}
	return []domain.Event{e}, nil
}
