package orders

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain/order"
	"move/projections"
)

// ApplyBulk applies a rebuild's batch (decision 1730). An order placed in the batch is
// decided in memory across all its events of the batch — its row, payments, refunds and
// versions — and copied once; the events of an order placed in an earlier batch, or of
// one whose events in the batch are not the ordinary course (a second placing, a
// payment or refund of another order, a version not after the last), go through Apply's
// statements, in order. Orders share no rows, so the copied orders and the statements
// may go in either order; an id that both would write fails the pass, and the careful
// pass applies the batch event by event.
func (p projector) ApplyBulk(ctx context.Context, tx pgx.Tx, w projections.Writer, events []projections.Event) error {
	byOrder := map[string][]projections.Event{}
	var ids []string
	for _, e := range events {
		id := strings.TrimPrefix(e.Stream, order.StreamPrefix)
		if _, seen := byOrder[id]; !seen {
			ids = append(ids, id)
		}
		byOrder[id] = append(byOrder[id], e)
	}
	var folded []*folding
	copiedKeys, statementKeys := map[string]bool{}, map[string]bool{}
	titles := map[[2]string]bool{}
	for _, id := range ids {
		f, ok := fold(id, byOrder[id])
		if !ok {
			for _, e := range byOrder[id] {
				for _, k := range keysOf(e) {
					statementKeys[k] = true
				}
				if err := p.Apply(ctx, w, e); err != nil {
					return err
				}
			}
			continue
		}
		for _, k := range f.keys {
			copiedKeys[k] = true
		}
		folded = append(folded, f)
		if t := [2]string{f.placed.ApplicationID, f.title}; !titles[t] {
			titles[t] = true
			if err := w.Exec(ctx, `INSERT INTO order_titles (application_id, title) VALUES ($1, $2) ON CONFLICT DO NOTHING`, t[0], t[1]); err != nil {
				return err
			}
		}
	}
	for k := range copiedKeys {
		if statementKeys[k] {
			return errors.New("orders: a payment or refund of a copied order is also written by a statement")
		}
	}
	return copyFolded(ctx, tx, folded)
}

// keysOf answers the payment and refund ids an event writes or reads.
func keysOf(e projections.Event) []string {
	switch p := e.Payload.(type) {
	case order.PaymentStarted:
		return []string{"p" + p.PaymentID}
	case order.PaymentCreated:
		return []string{"p" + p.PaymentID}
	case order.PaymentStatusChanged:
		return []string{"p" + p.PaymentID}
	case order.RefundRequested:
		return []string{"r" + p.RefundID}
	case order.RefundStatusChanged:
		return []string{"r" + p.RefundID}
	}
	return nil
}

// folding is one order decided in memory: its row's changing columns as Apply's
// statements leave them, and the rows of its payments, refunds and versions.
type folding struct {
	id             string
	placed         order.Placed
	title          string
	lines, vat     []byte
	paymentMethod  *string
	paymentStatus  *string
	paid, refunded int64
	canceled       bool
	paidAfterClose bool
	updatedAt      time.Time
	version        int64
	payments       []*payment
	refunds        []*refund
	versions       []*orderVersion
	keys           []string
}

type payment struct {
	order.PaymentStarted
	applicationID     string
	providerPaymentID *string
	status            string
	updatedAt         time.Time
}

type refund struct {
	order.RefundRequested
	applicationID    string
	lines, vat       []byte
	providerRefundID *string
	status           string
	updatedAt        time.Time
}

type orderVersion struct {
	version              int64
	event, actor         string
	at                   time.Time
	detail               []byte
	status               string
	paid, refunded       int64
	fromCommit, fromPos  int64
	toCommit, toPosition *int64
}

// fold decides an order's events in memory, or answers false when they are not an
// order placed here followed by its own ordinary course.
func fold(id string, events []projections.Event) (*folding, bool) {
	placed, ok := events[0].Payload.(order.Placed)
	if !ok {
		return nil, false
	}
	f := &folding{id: id, placed: placed}
	var err error
	if f.lines, err = json.Marshal(placed.Lines); err != nil {
		return nil, false
	}
	if f.vat, err = json.Marshal(placed.VAT); err != nil {
		return nil, false
	}
	if len(placed.Lines) > 0 {
		f.title = placed.Lines[0].Title
	}
	for i, e := range events {
		if i > 0 && int64(e.Version) <= f.version {
			return nil, false
		}
		switch p := e.Payload.(type) {
		case order.Placed:
			if i > 0 {
				return nil, false
			}
		case order.PaymentStarted:
			if f.payment(p.PaymentID) != nil {
				return nil, false
			}
			f.payments = append(f.payments, &payment{PaymentStarted: p, applicationID: e.Metadata.ApplicationID, status: order.PaymentOpen, updatedAt: p.At})
			f.keys = append(f.keys, "p"+p.PaymentID)
			f.paymentMethod, f.paymentStatus = &p.Method, ptr(order.PaymentOpen)
		case order.PaymentCreated:
			pay := f.payment(p.PaymentID)
			if pay == nil {
				return nil, false
			}
			pay.providerPaymentID, pay.updatedAt = &p.ProviderPaymentID, p.At
		case order.PaymentStatusChanged:
			pay := f.payment(p.PaymentID)
			if pay == nil {
				return nil, false
			}
			pay.status, pay.updatedAt = p.Status, p.At
			f.paymentStatus = &p.Status
			if p.Status == order.PaymentPaid {
				f.paid += pay.AmountCents
			}
		case order.RefundRequested:
			if f.refund(p.RefundID) != nil {
				return nil, false
			}
			r := &refund{RefundRequested: p, applicationID: e.Metadata.ApplicationID, status: "queued", updatedAt: p.At}
			if r.lines, err = json.Marshal(p.Lines); err != nil {
				return nil, false
			}
			if r.vat, err = json.Marshal(p.VAT); err != nil {
				return nil, false
			}
			f.refunds = append(f.refunds, r)
			f.keys = append(f.keys, "r"+p.RefundID)
		case order.RefundStatusChanged:
			r := f.refund(p.RefundID)
			if r == nil {
				return nil, false
			}
			r.status, r.updatedAt = p.Status, p.At
			if p.ProviderRefundID != "" {
				r.providerRefundID = &p.ProviderRefundID
			}
			if p.Status == order.RefundRefunded {
				f.refunded += r.AmountCents
			}
		case order.Canceled:
			f.canceled = true
		case order.PaymentAfterClose:
			f.paidAfterClose = true
		default:
			continue // Apply writes nothing for it
		}
		f.updatedAt, f.version = e.RecordedAt, int64(e.Version)
		detail, err := json.Marshal(detailOf(e))
		if err != nil {
			return nil, false
		}
		commit, position := int64(e.Position.Commit), int64(e.Position.Prepare)
		if n := len(f.versions); n > 0 {
			f.versions[n-1].toCommit, f.versions[n-1].toPosition = &commit, &position
		}
		f.versions = append(f.versions, &orderVersion{version: int64(e.Version), event: e.Type, actor: e.Metadata.ActorID, at: e.RecordedAt,
			detail: detail, status: f.status(), paid: f.paid, refunded: f.refunded, fromCommit: commit, fromPos: position})
	}
	return f, true
}

func ptr(s string) *string { return &s }

func (f *folding) payment(id string) *payment {
	for _, p := range f.payments {
		if p.PaymentID == id {
			return p
		}
	}
	return nil
}

func (f *folding) refund(id string) *refund {
	for _, r := range f.refunds {
		if r.RefundID == id {
			return r
		}
	}
	return nil
}

// status is StatusSQL on the row in memory (a NULL payment method or status matches
// no value).
func (f *folding) status() string {
	is := func(s *string, values ...string) bool {
		if s == nil {
			return false
		}
		for _, v := range values {
			if *s == v {
				return true
			}
		}
		return false
	}
	switch {
	case f.refunded > 0 && f.refunded >= f.paid:
		return "refunded"
	case f.refunded > 0:
		return "partly_refunded"
	case f.placed.PaymentType == "free" || f.placed.PaymentType == "external":
		return f.placed.PaymentType
	case is(f.paymentStatus, "paid") && is(f.paymentMethod, "moves"):
		return "complete"
	case is(f.paymentStatus, "paid"):
		return "paid"
	case f.canceled:
		return "canceled"
	case f.paymentStatus == nil || is(f.paymentStatus, "open", "pending", "authorized"):
		return "open"
	default:
		return *f.paymentStatus
	}
}

// copyFolded copies the folded orders' rows, table by table.
func copyFolded(ctx context.Context, tx pgx.Tx, folded []*folding) error {
	if len(folded) == 0 {
		return nil
	}
	var orders, payments, refunds, versions [][]any
	for _, f := range folded {
		id, err := projections.CopyUUID(f.id)
		if err != nil {
			return err
		}
		p := f.placed
		app, err := projections.CopyUUID(p.ApplicationID)
		if err != nil {
			return err
		}
		org, err := projections.CopyUUID(p.OrganizationID)
		if err != nil {
			return err
		}
		var session, booking string
		if len(p.Lines) > 0 {
			session, booking = p.Lines[0].SessionID, p.Lines[0].BookingID
		}
		optional := map[string]*[16]byte{}
		for name, s := range map[string]string{"customer": p.CustomerID, "activity": p.ActivityID, "session": session, "booking": booking, "wallet": p.WalletID} {
			if s == "" {
				continue
			}
			u, err := projections.CopyUUID(s)
			if err != nil {
				return err
			}
			optional[name] = &u
		}
		orders = append(orders, []any{id, app, org, optional["customer"], optional["activity"], optional["session"], optional["booking"],
			f.title, strings.ToLower(f.title + " " + f.id), f.lines, f.vat, p.SubtotalCents, p.VATCents, p.TransactionFeeCents, p.TotalCents,
			p.PaymentType, optional["wallet"], p.PaymentURL, p.PayoutMonth, f.paymentMethod, f.paymentStatus, f.paid, f.refunded,
			f.canceled, f.paidAfterClose, p.PlacedAt, f.updatedAt, f.version})
		for _, pay := range f.payments {
			pid, err := projections.CopyUUID(pay.PaymentID)
			if err != nil {
				return err
			}
			papp, err := projections.CopyUUID(pay.applicationID)
			if err != nil {
				return err
			}
			payments = append(payments, []any{pid, id, papp, pay.Method, pay.AmountCents, pay.Moves, pay.providerPaymentID, pay.status, pay.At, pay.updatedAt})
		}
		for _, r := range f.refunds {
			rid, err := projections.CopyUUID(r.RefundID)
			if err != nil {
				return err
			}
			rapp, err := projections.CopyUUID(r.applicationID)
			if err != nil {
				return err
			}
			rpay, err := projections.CopyUUID(r.PaymentID)
			if err != nil {
				return err
			}
			refunds = append(refunds, []any{rid, id, rapp, rpay, r.Method, r.AmountCents, r.lines, r.vat, r.Reason, r.Origin, r.ActorID,
				r.PayoutMonth, r.providerRefundID, r.status, r.At, r.updatedAt})
		}
		for _, v := range f.versions {
			versions = append(versions, []any{id, v.version, app, v.event, v.actor, v.at, v.detail, v.status, v.paid, v.refunded,
				v.fromCommit, v.fromPos, v.toCommit, v.toPosition})
		}
	}
	for _, c := range []struct {
		table   string
		columns []string
		rows    [][]any
	}{
		{Orders, []string{"id", "application_id", "organization_id", "customer_id", "activity_id", "session_id", "booking_id", "title",
			"search_text", "lines", "vat", "subtotal_cents", "vat_cents", "transaction_fee_cents", "total_cents", "payment_type", "wallet_id",
			"payment_url", "payout_month", "payment_method", "payment_status", "paid_cents", "refunded_cents", "canceled", "paid_after_close",
			"placed_at", "updated_at", "version"}, orders},
		{Payments, []string{"payment_id", "order_id", "application_id", "method", "amount_cents", "moves", "provider_payment_id", "status",
			"started_at", "updated_at"}, payments},
		{Refunds, []string{"refund_id", "order_id", "application_id", "payment_id", "method", "amount_cents", "lines", "vat", "reason",
			"origin", "actor_id", "payout_month", "provider_refund_id", "status", "requested_at", "updated_at"}, refunds},
		{Versions, []string{"order_id", "version", "application_id", "event", "actor_id", "at", "detail", "status", "paid_cents",
			"refunded_cents", "from_commit", "from_position", "to_commit", "to_position"}, versions},
	} {
		if len(c.rows) == 0 {
			continue
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{c.table}, c.columns, pgx.CopyFromRows(c.rows)); err != nil {
			return err
		}
	}
	return nil
}
