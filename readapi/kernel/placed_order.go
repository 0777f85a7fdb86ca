package kernel

import (
	"move/commands"
	"net/http"
)

type OrderInput struct {
	PaymentType string  `json:"payment_type"`
	WalletID    *string `json:"wallet_id,omitempty"`
}

type PlacedOrder struct {
	OrderID     string  `json:"order_id"`
	Status      string  `json:"status"`
	CheckoutURL *string `json:"checkout_url"`
	Position    string  `json:"position"`
}

func (s *Core) AnswerPlacedOrder(w http.ResponseWriter, res commands.PlacedOrder, err error) error {
	s.CountCommand("place_order", err)
	if err != nil {
		return err
	}
	out := PlacedOrder{OrderID: res.OrderID, Status: res.Status, Position: res.Position.String()}
	if res.CheckoutURL != "" {
		out.CheckoutURL = &res.CheckoutURL
	}
	w.Header().Set("X-Event-Position", out.Position)
	WriteJSON(w, http.StatusCreated, DataAnswer[PlacedOrder]{Data: out})
	return nil
}
