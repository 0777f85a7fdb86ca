// Package payments is the port to the payment provider and its real HTTP client, which
// follows a Mollie-style protocol (decision 0903):
//
//	POST /v2/payments {amount{currency,value}, description, redirectUrl, webhookUrl, metadata}
//	     → {id, status, _links{checkout{href}}}
//	GET  /v2/payments/{id}                         → {id, status, ...}
//	DELETE /v2/payments/{id}                       → {id, status: canceled}; 422 when not cancelable
//	POST /v2/payments/{id}/refunds {amount, description, metadata} → {id, status}
//	GET  /v2/payments/{id}/refunds/{refund id}     → {id, status}
//
// Every call carries "Authorization: Bearer {key}"; creating calls carry an
// Idempotency-Key derived from the event that asked for them, so a retry after a crash
// or a lost answer never pays or refunds twice. The provider tells us of a change with
// a webhook that carries only the payment's id; we then ask it (GetPayment) and never
// trust the webhook's body.
package payments

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"move/internal/jsonapi"
)

// Provider is the payment provider's port.
type Provider interface {
	CreatePayment(ctx context.Context, in NewPayment) (Payment, error)
	GetPayment(ctx context.Context, providerID string) (Payment, error)
	// CancelPayment cancels a payment the customer has not paid, so it cannot be paid
	// any more. A payment that is no longer cancelable (paid, being paid, ended) is a
	// ProviderError (422), as Mollie answers.
	CancelPayment(ctx context.Context, providerID string) (Payment, error)
	CreateRefund(ctx context.Context, in NewRefund) (Refund, error)
	GetRefund(ctx context.Context, providerPaymentID, providerRefundID string) (Refund, error)
}

// NewPayment is a payment to create.
type NewPayment struct {
	IdempotencyKey string
	AmountCents    int64
	Description    string
	RedirectURL    string
	WebhookURL     string
	OrderID        string
}

// Payment is the provider's payment.
type Payment struct {
	ID          string
	Status      string
	CheckoutURL string
}

// NewRefund is a refund to create on a payment.
type NewRefund struct {
	IdempotencyKey    string
	ProviderPaymentID string
	AmountCents       int64
	Description       string
	RefundID          string
}

// Refund is the provider's refund.
type Refund struct {
	ID     string
	Status string
}

// ErrUnavailable: the provider could not be reached or failed (5xx); the call may be
// repeated with the same idempotency key.
var ErrUnavailable = errors.New("payments: provider unavailable")

// Client is the provider's HTTP client.
type Client struct {
	BaseURL string
	APIKey  string
	HTTP    *http.Client
}

// NewClient makes a client with a bounded timeout: a hanging provider must not hold a
// customer's request (the payment process retries).
func NewClient(baseURL, apiKey string) *Client {
	return &Client{BaseURL: strings.TrimRight(baseURL, "/"), APIKey: apiKey, HTTP: &http.Client{Timeout: 10 * time.Second}}
}

type Amount struct {
	Currency string `json:"currency"`
	Value    string `json:"value"`
}

// Euros writes cents as the provider's decimal string ("12.50").
func Euros(cents int64) Amount {
	return Amount{Currency: "EUR", Value: fmt.Sprintf("%d.%02d", cents/100, cents%100)}
}

// Cents reads the provider's decimal string.
func Cents(value string) (int64, error) {
	whole, frac, _ := strings.Cut(value, ".")
	if len(frac) != 2 {
		return 0, fmt.Errorf("payments: amount %q", value)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, err
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, err
	}
	return w*100 + f, nil
}

type paymentBody struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Links  struct {
		Checkout *struct {
			Href string `json:"href"`
		} `json:"checkout"`
	} `json:"_links"`
}

func (b paymentBody) payment() Payment {
	p := Payment{ID: b.ID, Status: b.Status}
	if b.Links.Checkout != nil {
		p.CheckoutURL = b.Links.Checkout.Href
	}
	return p
}

// CreatePayment implements Provider.
func (c *Client) CreatePayment(ctx context.Context, in NewPayment) (Payment, error) {
	var out paymentBody
	err := c.call(ctx, http.MethodPost, "/v2/payments", in.IdempotencyKey, map[string]any{
		"amount": Euros(in.AmountCents), "description": in.Description, "redirectUrl": in.RedirectURL,
		"webhookUrl": in.WebhookURL, "metadata": map[string]string{"order_id": in.OrderID}}, &out)
	return out.payment(), err
}

// GetPayment implements Provider.
func (c *Client) GetPayment(ctx context.Context, providerID string) (Payment, error) {
	var out paymentBody
	err := c.call(ctx, http.MethodGet, "/v2/payments/"+url.PathEscape(providerID), "", nil, &out)
	return out.payment(), err
}

// CancelPayment implements Provider.
func (c *Client) CancelPayment(ctx context.Context, providerID string) (Payment, error) {
	var out paymentBody
	err := c.call(ctx, http.MethodDelete, "/v2/payments/"+url.PathEscape(providerID), "", nil, &out)
	return out.payment(), err
}

// CreateRefund implements Provider.
func (c *Client) CreateRefund(ctx context.Context, in NewRefund) (Refund, error) {
	var out Refund
	err := c.call(ctx, http.MethodPost, "/v2/payments/"+url.PathEscape(in.ProviderPaymentID)+"/refunds", in.IdempotencyKey,
		map[string]any{"amount": Euros(in.AmountCents), "description": in.Description,
			"metadata": map[string]string{"refund_id": in.RefundID}}, &out)
	return out, err
}

// GetRefund implements Provider.
func (c *Client) GetRefund(ctx context.Context, paymentID, refundID string) (Refund, error) {
	var out Refund
	err := c.call(ctx, http.MethodGet, "/v2/payments/"+url.PathEscape(paymentID)+"/refunds/"+url.PathEscape(refundID), "", nil, &out)
	return out, err
}

// ProviderError is the provider's refusal (4xx): repeating the call will not help.
type ProviderError struct {
	Status int
	Detail string
}

func (e *ProviderError) Error() string {
	return fmt.Sprintf("payments: provider refused (%d): %s", e.Status, e.Detail)
}

// call is jsonapi.Call with its outcome in this package's errors.
func (c *Client) call(ctx context.Context, method, path, idempotencyKey string, body, out any) error {
	err := jsonapi.Call(ctx, c.HTTP, c.BaseURL, c.APIKey, method, path, idempotencyKey, body, out)
	var refused *jsonapi.Refused
	switch {
	case errors.As(err, &refused):
		return &ProviderError{Status: refused.Status, Detail: refused.Detail}
	case errors.Is(err, jsonapi.ErrUnavailable):
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	return err
}

// WebhookSignature signs an order's webhook address: the provider calls back the URL we
// gave it, and nobody else can make one for an order (HMAC-SHA256 with the server's
// secret, base64url).
func WebhookSignature(secret []byte, orderID string) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("payment-webhook\x00" + orderID))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// VerifyWebhook checks a webhook's signature in constant time; without a secret
// nothing verifies.
func VerifyWebhook(secret []byte, orderID, signature string) bool {
	if len(secret) == 0 {
		return false
	}
	want := WebhookSignature(secret, orderID)
	return hmac.Equal([]byte(want), []byte(signature))
}
