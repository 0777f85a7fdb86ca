package offer

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
	"move/readapi/kernel"
)

// purchaseRoutes are a product's purchases (decision 1003): customers buy and pay in
// the consumer app, staff see who bought on the product's /purchases sub-page.
func (s *Handlers) PurchaseRoutes() []kernel.Route {
	reads := []string{rmproducts.Name, rmorg.Name}
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: "/v1/admin/products/{id}/purchases", Permission: PermViewProduct, Reads: reads, Handler: s.listProductPurchases,
			Doc: kernel.Doc{Summary: "A product's purchases, oldest first: buyer, status (held, confirmed, cancelled), answers, bought and paid at; spots and spots taken", Response: kernel.DataAnswer[productPurchasesAnswer]{}}},
		{Method: http.MethodPost, Pattern: "/v1/products/{id}/purchases", Permission: kernel.Customer, Handler: s.buyProduct,
			Doc: kernel.Doc{Summary: "Consumer app: buy a product (customers only): confirmed at once when free, else held until its order is paid; refused when a draft, deleted, of an unapproved organisation, sold out, or the age or required answers do not fit", Request: kernel.ParticipantInput{}, Response: purchaseAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodPost, Pattern: "/v1/products/{id}/purchases/{purchase_id}/order", Permission: kernel.Customer, Handler: s.placeOwnProductOrder,
			Doc: kernel.Doc{Summary: "Consumer app: pay for one's held purchase, as for a booking (moves, euros or the product's external link; paying again after a failed payment too)", Request: kernel.OrderInput{}, Response: kernel.DataAnswer[kernel.PlacedOrder]{}, Status: http.StatusCreated}},
	}
}

type purchaseAnswer struct {
	Data struct {
		PurchaseID string `json:"purchase_id"`
		ProductID  string `json:"product_id"`
		Status     string `json:"status"`
	} `json:"data"`
	Meta kernel.CommandMeta `json:"meta"`
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

func (s *Handlers) listProductPurchases(w http.ResponseWriter, r *http.Request) error {
	p, err := s.productInScope(r, PermViewProduct)
	if err != nil {
		return err
	}
	a := productPurchasesAnswer{ProductID: p.ID, Spots: p.Spots, Purchases: []productPurchaseRow{}}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT purchase_id::text, customer_id::text, first_name, last_name, email, date_of_birth,
			answers, quantity, status, bought_at, paid_at
			FROM readmodel.product_purchases WHERE application_id = $1 AND product_id = $2 ORDER BY bought_at, purchase_id`, kernel.TenantFrom(r.Context()).ApplicationID, p.ID)
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
			x.BoughtAt, x.PaidAt = kernel.Stamp(bought), kernel.StampOrNil(paid)
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
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[productPurchasesAnswer]{Data: a})
	return nil
}

func (s *Handlers) buyProduct(w http.ResponseWriter, r *http.Request) error {
	id, err := productPathID(r)
	if err != nil {
		return err
	}
	var in kernel.ParticipantInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.BuyProduct(r.Context(), m, commands.ProductPurchase{ProductID: id, CustomerID: kernel.PrincipalFrom(r.Context()).UserID,
		Buyer: in.Participant, Answers: in.Answers})
	s.CountCommand("buy_product", err)
	if err != nil {
		return err
	}
	var a purchaseAnswer
	a.Data.PurchaseID, a.Data.ProductID, a.Data.Status = res.PurchaseID, id, res.Status
	a.Meta.Position = res.Position.String()
	w.Header().Set("X-Event-Position", a.Meta.Position)
	kernel.WriteJSON(w, http.StatusCreated, a)
	return nil
}

// placeOwnProductOrder is placeOwnBundleOrder for a held purchase (decision 1003).
func (s *Handlers) placeOwnProductOrder(w http.ResponseWriter, r *http.Request) error {
	id, err := productPathID(r)
	if err != nil {
		return err
	}
	purchaseID, err := kernel.UUIDParam(r, "purchase_id", "purchase")
	if err != nil {
		return err
	}
	var in kernel.OrderInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	placing := commands.ProductOrderPlacing{ProductID: id, PurchaseID: purchaseID, OrderPlacing: commands.OrderPlacing{
		CustomerID: kernel.PrincipalFrom(r.Context()).UserID, PaymentType: in.PaymentType}}
	if in.WalletID != nil {
		placing.WalletID = *in.WalletID
	}
	res, err := s.App.PlaceProductOrder(r.Context(), m, placing)
	return s.AnswerPlacedOrder(w, res, err)
}
