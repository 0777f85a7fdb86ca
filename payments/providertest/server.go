// Package providertest is a local stand-in for the payment provider (decision 0903),
// following the Mollie-style protocol of package payments, for tests and local runs.
// Payments start open; the customer pays (or fails, cancels) on the checkout page, or a
// test settles them (Settle); then the provider calls the payment's webhook with its
// id only. Refunds start pending and are settled by SettleRefund (or at once with
// AutoRefund). An open payment can be cancelled through the API (DELETE), unless a test
// made it NotCancelable. Down makes every API call answer 503, as an outage would.
package providertest

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"

	"move/payments"
)

// Server is the fake provider.
type Server struct {
	*httptest.Server
	APIKey string
	// AutoRefund settles refunds as refunded when they are created (and calls the webhook).
	AutoRefund bool

	mu       sync.Mutex
	down     bool
	payments map[string]*payment
	refunds  map[string]*refund
	keys     map[string]any // idempotency key → the first answer
	created  int            // payments created (not counting repeated keys)
	refunded int            // refunds created (not counting repeated keys)
	canceled int            // payments cancelled through the API
	client   *http.Client
}

type payment struct {
	ID          string
	AmountCents int64
	Description string
	Status      string
	RedirectURL string
	WebhookURL  string
	Refunds     []string
	// NotCancelable: the API refuses to cancel it while open (NotCancelable).
	NotCancelable bool
}

type refund struct {
	ID          string
	PaymentID   string
	AmountCents int64
	Status      string
}

// New starts a provider that accepts apiKey.
func New(apiKey string) *Server {
	s := &Server{APIKey: apiKey, payments: map[string]*payment{}, refunds: map[string]*refund{}, keys: map[string]any{},
		client: &http.Client{}}
	s.Server = httptest.NewServer(s.routes())
	return s
}

// Handler answers the provider's routes (for a standalone local provider).
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v2/payments", s.api(s.createPayment))
	mux.HandleFunc("GET /v2/payments/{id}", s.api(s.getPayment))
	mux.HandleFunc("DELETE /v2/payments/{id}", s.api(s.cancelPayment))
	mux.HandleFunc("POST /v2/payments/{id}/refunds", s.api(s.createRefund))
	mux.HandleFunc("GET /v2/payments/{id}/refunds/{refund}", s.api(s.getRefund))
	mux.HandleFunc("GET /checkout/{id}", s.checkoutPage)
	mux.HandleFunc("POST /checkout/{id}", s.checkout)
	return mux
}

// Down makes the API answer 503 (true) or work again (false).
func (s *Server) Down(down bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.down = down
}

// Created answers how many payments and refunds were created (repeated idempotency keys
// not counted): a retry that paid twice would show here.
func (s *Server) Created() (payments, refunds int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.created, s.refunded
}

// Status answers a payment's status.
func (s *Server) Status(id string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.payments[id]; p != nil {
		return p.Status
	}
	return ""
}

// RefundedCents answers the sum of a payment's refunds in status refunded.
func (s *Server) RefundedCents(paymentID string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var sum int64
	if p := s.payments[paymentID]; p != nil {
		for _, id := range p.Refunds {
			if r := s.refunds[id]; r.Status == "refunded" {
				sum += r.AmountCents
			}
		}
	}
	return sum
}

// Settle sets a payment's status without calling its webhook (Notify does).
func (s *Server) Settle(id, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.payments[id]; p != nil {
		p.Status = status
	}
}

// SettleRefund sets a refund's status without calling the webhook.
func (s *Server) SettleRefund(id, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := s.refunds[id]; r != nil {
		r.Status = status
	}
}

// Refunds answers a payment's refund ids.
func (s *Server) Refunds(paymentID string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.payments[paymentID]; p != nil {
		return append([]string(nil), p.Refunds...)
	}
	return nil
}

// Notify calls a payment's webhook with its id, as the provider does after a change
// (and, as real providers do, sometimes again). It answers the webhook's HTTP status.
func (s *Server) Notify(id string) (int, error) {
	s.mu.Lock()
	p := s.payments[id]
	s.mu.Unlock()
	if p == nil || p.WebhookURL == "" {
		return 0, fmt.Errorf("providertest: no webhook for %s", id)
	}
	resp, err := s.client.PostForm(p.WebhookURL, url.Values{"id": {id}})
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}

func (s *Server) api(h func(w http.ResponseWriter, r *http.Request, body map[string]any) (any, int)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		down := s.down
		s.mu.Unlock()
		if down {
			http.Error(w, `{"status":503,"detail":"down for maintenance"}`, http.StatusServiceUnavailable)
			return
		}
		if r.Header.Get("Authorization") != "Bearer "+s.APIKey {
			writeJSON(w, http.StatusUnauthorized, map[string]any{"status": 401, "detail": "Missing authentication, or failed to authenticate"})
			return
		}
		var body map[string]any
		if r.Method == http.MethodPost {
			if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
				writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"status": 422, "detail": "invalid JSON"})
				return
			}
		}
		key := r.Header.Get("Idempotency-Key")
		s.mu.Lock()
		if prior, seen := s.keys[key]; key != "" && seen {
			s.mu.Unlock()
			writeJSON(w, http.StatusCreated, prior)
			return
		}
		out, status := h(w, r, body)
		if key != "" && status < 300 {
			s.keys[key] = out
		}
		s.mu.Unlock()
		writeJSON(w, status, out)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/hal+json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func cents(body map[string]any) (int64, bool) {
	a, _ := body["amount"].(map[string]any)
	v, _ := a["value"].(string)
	if a["currency"] != "EUR" {
		return 0, false
	}
	c, err := payments.Cents(v)
	return c, err == nil && c > 0
}

func (s *Server) view(p *payment) map[string]any {
	out := map[string]any{"resource": "payment", "id": p.ID, "status": p.Status, "amount": payments.Euros(p.AmountCents),
		"description": p.Description, "isCancelable": s.cancelable(p), "_links": map[string]any{}}
	if p.Status == "open" {
		out["_links"] = map[string]any{"checkout": map[string]string{"href": s.URL + "/checkout/" + p.ID}}
	}
	return out
}

func (s *Server) createPayment(_ http.ResponseWriter, _ *http.Request, body map[string]any) (any, int) {
	amount, ok := cents(body)
	if !ok {
		return map[string]any{"status": 422, "detail": "The amount is invalid"}, http.StatusUnprocessableEntity
	}
	s.created++
	p := &payment{ID: fmt.Sprintf("tr_test%05d", s.created), AmountCents: amount, Status: "open"}
	p.Description, _ = body["description"].(string)
	p.RedirectURL, _ = body["redirectUrl"].(string)
	p.WebhookURL, _ = body["webhookUrl"].(string)
	s.payments[p.ID] = p
	return s.view(p), http.StatusCreated
}

func (s *Server) getPayment(_ http.ResponseWriter, r *http.Request, _ map[string]any) (any, int) {
	p := s.payments[r.PathValue("id")]
	if p == nil {
		return map[string]any{"status": 404, "detail": "No payment exists with token " + r.PathValue("id")}, http.StatusNotFound
	}
	return s.view(p), http.StatusOK
}

// cancelPayment cancels a payment as Mollie does: only while it is cancelable (here:
// open, not being paid: see NotCancelable); anything else is 422.
func (s *Server) cancelPayment(_ http.ResponseWriter, r *http.Request, _ map[string]any) (any, int) {
	p := s.payments[r.PathValue("id")]
	if p == nil {
		return map[string]any{"status": 404, "detail": "No payment exists with token " + r.PathValue("id")}, http.StatusNotFound
	}
	if !s.cancelable(p) {
		return map[string]any{"status": 422, "detail": "The payment cannot be canceled"}, http.StatusUnprocessableEntity
	}
	p.Status = "canceled"
	s.canceled++
	return s.view(p), http.StatusOK
}

func (s *Server) cancelable(p *payment) bool { return p.Status == "open" && !p.NotCancelable }

// NotCancelable makes a payment refuse to be cancelled while open (a method the
// customer is already paying with, as some of Mollie's are).
func (s *Server) NotCancelable(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.payments[id]; p != nil {
		p.NotCancelable = true
	}
}

// Canceled answers how many payments were cancelled through the API.
func (s *Server) Canceled() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.canceled
}

func (s *Server) createRefund(_ http.ResponseWriter, r *http.Request, body map[string]any) (any, int) {
	p := s.payments[r.PathValue("id")]
	if p == nil {
		return map[string]any{"status": 404, "detail": "No payment exists"}, http.StatusNotFound
	}
	amount, ok := cents(body)
	var taken int64
	for _, id := range p.Refunds {
		if s.refunds[id].Status != "failed" {
			taken += s.refunds[id].AmountCents
		}
	}
	if !ok || p.Status != "paid" || taken+amount > p.AmountCents {
		return map[string]any{"status": 422, "detail": "The refund amount is invalid"}, http.StatusUnprocessableEntity
	}
	s.refunded++
	ref := &refund{ID: fmt.Sprintf("re_test%05d", s.refunded), PaymentID: p.ID, AmountCents: amount, Status: "pending"}
	if s.AutoRefund {
		ref.Status = "refunded"
		go func() { _, _ = s.Notify(p.ID) }()
	}
	s.refunds[ref.ID] = ref
	p.Refunds = append(p.Refunds, ref.ID)
	return map[string]any{"resource": "refund", "id": ref.ID, "status": ref.Status, "amount": payments.Euros(amount)}, http.StatusCreated
}

func (s *Server) getRefund(_ http.ResponseWriter, r *http.Request, _ map[string]any) (any, int) {
	ref := s.refunds[r.PathValue("refund")]
	if ref == nil || ref.PaymentID != r.PathValue("id") {
		return map[string]any{"status": 404, "detail": "No refund exists"}, http.StatusNotFound
	}
	return map[string]any{"resource": "refund", "id": ref.ID, "status": ref.Status, "amount": payments.Euros(ref.AmountCents)}, http.StatusOK
}

var checkoutPage = template.Must(template.New("checkout").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test checkout</title></head>
<body><main><h1>Test checkout</h1><p>{{.Description}}: € {{.Amount}}</p>
<form method="post">
<button name="status" value="paid">Pay</button>
<button name="status" value="failed">Fail</button>
<button name="status" value="canceled">Cancel</button>
<button name="status" value="expired">Expire</button>
</form></main></body></html>`))

func (s *Server) checkoutPage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	p := s.payments[r.PathValue("id")]
	s.mu.Unlock()
	if p == nil || p.Status != "open" {
		http.NotFound(w, r)
		return
	}
	_ = checkoutPage.Execute(w, map[string]string{"Description": p.Description, "Amount": payments.Euros(p.AmountCents).Value})
}

// checkout is the customer's choice on the checkout page: the status is set, the
// webhook called, and the customer sent back to the redirect URL.
func (s *Server) checkout(w http.ResponseWriter, r *http.Request) {
	status := r.FormValue("status")
	s.mu.Lock()
	p := s.payments[r.PathValue("id")]
	ok := p != nil && p.Status == "open" && strings.Contains("paid failed canceled expired", status) && status != ""
	if ok {
		p.Status = status
	}
	s.mu.Unlock()
	if !ok {
		http.Error(w, "not open", http.StatusConflict)
		return
	}
	_, _ = s.Notify(p.ID)
	if p.RedirectURL != "" {
		http.Redirect(w, r, p.RedirectURL, http.StatusSeeOther)
		return
	}
	_, _ = io.WriteString(w, "paid")
}
