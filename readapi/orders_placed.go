package readapi

import (
	"move/commands"
	"net/http"
)

type orderInput struct {
	PaymentType string  `json:"payment_type"`
	WalletID    *string `json:"wallet_id,omitempty"`
}

type placedOrder struct {
	OrderID     string  `json:"order_id"`
	Status      string  `json:"status"`
	CheckoutURL *string `json:"checkout_url"`
	Position    string  `json:"position"`
}

func (s *Server) answerPlacedOrder(w http.ResponseWriter, res commands.PlacedOrder, err error) error {
	s.countCommand("place_order", err)
	if err != nil {
		return err
	}
	out := placedOrder{OrderID: res.OrderID, Status: res.Status, Position: res.Position.String()}
	if res.CheckoutURL != "" {
		out.CheckoutURL = &res.CheckoutURL
	}
	w.Header().Set("X-Event-Position", out.Position)
	writeJSON(w, http.StatusCreated, dataAnswer[placedOrder]{Data: out})
	return nil
}
