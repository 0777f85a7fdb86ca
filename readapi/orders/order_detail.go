package orders

import (
	"move/commands"
	"move/domain/order"
	"move/readapi/kernel"
	"net/http"
)

// orderDetail is the order dialog: the row, its lines and VAT split, payments, refunds
// and history.
type orderDetail struct {
	orderRow
	RefundableCents int64           `json:"refundable_cents"`
	Lines           []order.Line    `json:"lines"`
	VATSplit        []order.TierVAT `json:"vat_split"`
	Payments        []orderPayment  `json:"payments"`
	Refunds         []orderRefund   `json:"refunds"`
	History         []orderEvent    `json:"history"`
}

type orderPayment struct {
	ID                string `json:"id"`
	Method            string `json:"method"`
	AmountCents       int64  `json:"amount_cents"`
	Moves             int64  `json:"moves"`
	ProviderPaymentID string `json:"provider_payment_id"`
	Status            string `json:"status"`
	StartedAt         string `json:"started_at"`
	UpdatedAt         string `json:"updated_at"`
}

type orderRefund struct {
	ID          string             `json:"id"`
	Method      string             `json:"method"`
	AmountCents int64              `json:"amount_cents"`
	Lines       []order.RefundLine `json:"lines"`
	VAT         []order.TierVAT    `json:"vat"`
	Reason      string             `json:"reason"`
	Origin      string             `json:"origin"`
	ActorID     string             `json:"actor_id"`
	ActorName   *string            `json:"actor_name"`
	PayoutMonth string             `json:"payout_month"`
	Status      string             `json:"status"`
	RequestedAt string             `json:"requested_at"`
	UpdatedAt   string             `json:"updated_at"`
}

type orderEvent struct {
	Event     string         `json:"event"`
	ActorID   string         `json:"actor_id"`
	ActorName *string        `json:"actor_name"`
	At        string         `json:"at"`
	Detail    map[string]any `json:"detail"`
	Status    string         `json:"status"`
}

func (s *Handlers) getApplicationOrder(w http.ResponseWriter, r *http.Request) error {
	sc, err := s.applicationOrderScope(r)
	if err != nil {
		return err
	}
	return s.getOrder(w, r, sc)
}

func (s *Handlers) getAnyOrder(w http.ResponseWriter, r *http.Request) error {
	return s.getOrder(w, r, platformOrderScope())
}

// actorName is a history actor's name when it is a user (names are read at query time
// from the erasable personal data, 0100); a process has none.
const actorName = `(SELECT nullif(` + "trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))" + `, '')
	FROM identity_personal_data p WHERE p.subject_id::text = %s)`

func (s *Handlers) getOrder(w http.ResponseWriter, r *http.Request, sc orderScope) error {
	id, err := kernel.UUIDParam(r, "order_id", "order")
	if err != nil {
		return err
	}
	d, err := s.orderDetail(r, sc, id)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[orderDetail]{Data: d})
	return nil
}

// refundInput is a refund asked for: amount_cents, or an amount per line.
type refundInput struct {
	AmountCents *int64              `json:"amount_cents,omitempty"`
	Lines       *[]order.RefundLine `json:"lines,omitempty"`
	Reason      string              `json:"reason"`
}

type refundAnswer struct {
	OrderID  string `json:"order_id"`
	RefundID string `json:"refund_id"`
	Status   string `json:"status"`
	Position string `json:"position"`
}

func (s *Handlers) refundApplicationOrder(w http.ResponseWriter, r *http.Request) error {
	sc, err := s.applicationOrderScope(r)
	if err != nil {
		return err
	}
	return s.refundOrder(w, r, sc)
}

func (s *Handlers) refundAnyOrder(w http.ResponseWriter, r *http.Request) error {
	return s.refundOrder(w, r, platformOrderScope())
}

// refundOrder refunds an order the caller can see (in the overview's scope; another
// application's or organisation's is not found).
func (s *Handlers) refundOrder(w http.ResponseWriter, r *http.Request, sc orderScope) error {
	id, err := kernel.UUIDParam(r, "order_id", "order")
	if err != nil {
		return err
	}
	var in refundInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if _, err := s.orderDetail(r, sc, id); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	req := commands.RefundRequest{Reason: in.Reason}
	if in.AmountCents != nil {
		req.AmountCents = *in.AmountCents
	}
	if in.Lines != nil {
		req.Lines = *in.Lines
	}
	if sc.platform {
		m.ApplicationID = "" // the order's own application
	}
	res, err := s.App.RefundOrder(r.Context(), m, id, req)
	s.CountCommand("refund_order", err)
	if err != nil {
		return err
	}
	out := refundAnswer{OrderID: id, RefundID: res.RefundID, Status: res.Status, Position: res.Position.String()}
	w.Header().Set("X-Event-Position", out.Position)
	kernel.WriteJSON(w, http.StatusCreated, kernel.DataAnswer[refundAnswer]{Data: out})
	return nil
}
