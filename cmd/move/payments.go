package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"log/slog"
	"net/url"
	"strings"

	"move/commands"
	idsvc "move/identity"
	"move/payments"
	"move/payments/providertest"
)

// webhookSecret signs the payment provider's webhook addresses: derived from the token
// pepper (one secret to keep), for this purpose only, like the QR codes' key.
func webhookSecret(pepper string) []byte {
	if pepper == "" {
		pepper = idsvc.DevelopmentPepper
	}
	mac := hmac.New(sha256.New, []byte(pepper))
	mac.Write([]byte("move payment webhook v1"))
	return mac.Sum(nil)
}

// usePayments connects the payment provider (decision 0903):
//   - PAYMENT_PROVIDER_URL and PAYMENT_API_KEY: the provider's API (Mollie-style);
//     PAYMENT_PROVIDER_URL=local starts the local test provider inside this process
//     (development and end-to-end tests; refused in production);
//   - PUBLIC_URL: this server's address as the provider and the customer's browser
//     reach it (webhooks go to {PUBLIC_URL}/v1/payments/webhook/{order}).
//
// Without a provider, euro orders stay open and the payment process waits for one.
// It answers the local provider, if it started one (to stop with the server).
func usePayments(app *commands.App, getenv func(string) string, production bool, secret []byte, log *slog.Logger) (*providertest.Server, error) {
	base, key, public := getenv("PAYMENT_PROVIDER_URL"), getenv("PAYMENT_API_KEY"), strings.TrimRight(getenv("PUBLIC_URL"), "/")
	if base == "" {
		log.Warn("no payment provider (PAYMENT_PROVIDER_URL): euro orders stay open until one is configured")
		return nil, nil
	}
	if public == "" {
		return nil, errors.New("PUBLIC_URL is required with a payment provider: the provider calls back there")
	}
	var local *providertest.Server
	if base == "local" {
		if production {
			return nil, errors.New("PAYMENT_PROVIDER_URL=local is the test provider: not in production")
		}
		key = "test_local"
		local = providertest.New(key)
		local.AutoRefund = true
		base = local.URL
		log.Warn("the local test payment provider is serving payments", "url", base)
	}
	app.UsePayments(commands.PaymentSetup{
		Provider: payments.NewClient(base, key),
		WebhookURL: func(orderID string) string {
			return public + "/v1/payments/webhook/" + orderID + "?signature=" + url.QueryEscape(payments.WebhookSignature(secret, orderID))
		},
		RedirectURL: func(orderID string) string { return public + "/orders/" + orderID + "/paid" },
	})
	return local, nil
}
