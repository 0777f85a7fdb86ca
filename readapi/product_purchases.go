package readapi

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain/booking"
	"move/domain/product"
	rmorg "move/projections/organizations"
	rmproducts "move/projections/products"
)

// purchaseRoutes are a product's purchases (decision 1003): customers buy and pay in
// the consumer app, staff see who bought on the product's /purchases sub-page.
func (s *Server) purchaseRoutes() []Route {
	reads := []string{rmproducts.Name, rmorg.Name}
	return []Route{
		{Method: http.MethodGet, Pattern: "/v1/admin/products/{id}/purchases", Permission: PermViewProduct, Reads: reads, Handler: s.listProductPurchases,
			Doc: Doc{Summary: "A product's purchases, oldest first: buyer, status (held, confirmed, cancelled), answers, bought and paid at; spots and spots taken", Response: dataAnswer[productPurchasesAnswer]{}}},
		{Method: http.MethodPost, Pattern: "/v1/products/{id}/purchases", Permission: Customer, Handler: s.buyProduct,
			Doc: Doc{Summary: "Consumer app: buy a product (customers only): confirmed at once when free, else held until its order is paid; refused when a draft, deleted, of an unapproved organisation, sold out, or the age or required answers do not fit", Request: participantInput{}, Response: purchaseAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodPost, Pattern: "/v1/products/{id}/purchases/{purchase_id}/order", Permission: Customer, Handler: s.placeOwnProductOrder,
			Doc: Doc{Summary: "Consumer app: pay for one's held purchase, as for a booking (moves, euros or the product's external link; paying again after a failed payment too)", Request: orderInput{}, Response: dataAnswer[placedOrder]{}, Status: http.StatusCreated}},
	}
}

type purchaseAnswer struct {
	Data struct {
		PurchaseID string `json:"purchase_id"`
		ProductID  string `json:"product_id"`
		Status     string `json:"status"`
	} `json:"data"`
	Meta commandMeta `json:"meta"`
}

// productPurchaseRow is one purchase as the product's /purchases sub-page shows it; the
// buyer's fields are blank once erased.
type productPurchaseRow struct {
	PurchaseID  string           `json:"purchase_id"`
	CustomerID  *string          `json:"customer_id"`
	FirstName   string           `json:"first_name"`
	LastName    string           `json:"last_name"`
	Email       string           `json:"email"`
	DateOfBirth string           `json:"date_of_birth"`
	Answers     []booking.Answer `json:"answers"`
	Quantity    int              `json:"quantity"`
	Status      string           `json:"status"`
	BoughtAt    string           `json:"bought_at"`
	PaidAt      *string          `json:"paid_at"`
}

type productPurchasesAnswer struct {
	ProductID string               `json:"product_id"`
	Spots     *int                 `json:"spots"`
	Taken     int                  `json:"taken"`
	Purchases []productPurchaseRow `json:"purchases"`
}

func (s *Server) listProductPurchases(w http.ResponseWriter, r *http.Request) error {
	p, err := s.productInScope(r, PermViewProduct)
	if err != nil {
		return err
	}
	a := productPurchasesAnswer{ProductID: p.ID, Spots: p.Spots, Purchases: []productPurchaseRow{}}
	err = s.inTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT purchase_id::text, customer_id::text, first_name, last_name, email, date_of_birth,
			answers, quantity, status, bought_at, paid_at
			FROM readmodel.product_purchases WHERE application_id = $1 AND product_id = $2 ORDER BY bought_at, purchase_id`,
			TenantFrom(r.Context()).ApplicationID, p.ID)
		if err != nil {
			return err
		}
		a.Purchases, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (productPurchaseRow, error) {
			var x productPurchaseRow
			var answers []byte
			var bought time.Time
			var paid *time.Time
			if err := row.Scan(&x.PurchaseID, &x.CustomerID, &x.FirstName, &x.LastName, &x.Email, &x.DateOfBirth, &answers,
				&x.Quantity, &x.Status, &bought, &paid); err != nil {
				return x, err
			}
			x.BoughtAt, x.PaidAt = stamp(bought), stampOrNil(paid)
			return x, json.Unmarshal(answers, &x.Answers)
		})
		return err
	})
	if err != nil {
		return err
	}
	for _, x := range a.Purchases {
		if x.Status == product.StatusHeld || x.Status == product.StatusConfirmed {
			a.Taken += x.Quantity
		}
	}
	writeJSON(w, http.StatusOK, dataAnswer[productPurchasesAnswer]{Data: a})
	return nil
}

func (s *Server) buyProduct(w http.ResponseWriter, r *http.Request) error {
	id, err := productPathID(r)
	if err != nil {
		return err
	}
	var in participantInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.BuyProduct(r.Context(), m, commands.ProductPurchase{ProductID: id, CustomerID: PrincipalFrom(r.Context()).UserID,
		Buyer: in.Participant, Answers: in.Answers})
	s.countCommand("buy_product", err)
	if err != nil {
		return err
	}
	var a purchaseAnswer
	a.Data.PurchaseID, a.Data.ProductID, a.Data.Status = res.PurchaseID, id, res.Status
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	writeJSON(w, http.StatusCreated, a)
	return nil
}

// placeOwnProductOrder is placeOwnBundleOrder for a held purchase (decision 1003).
func (s *Server) placeOwnProductOrder(w http.ResponseWriter, r *http.Request) error {
	id, err := productPathID(r)
	if err != nil {
		return err
	}
	purchaseID, err := uuidParam(r, "purchase_id", "purchase")
	if err != nil {
		return err
	}
	var in orderInput
	if err := decode(r, w, &in); err != nil {
		return err
	}
	m, err := meta(r)
	if err != nil {
		return err
	}
	placing := commands.ProductOrderPlacing{ProductID: id, PurchaseID: purchaseID, OrderPlacing: commands.OrderPlacing{
		CustomerID: PrincipalFrom(r.Context()).UserID, PaymentType: in.PaymentType}}
	if in.WalletID != nil {
		placing.WalletID = *in.WalletID
	}
	res, err := s.App.PlaceProductOrder(r.Context(), m, placing)
	return s.answerPlacedOrder(w, res, err)
}
