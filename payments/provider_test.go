package payments_test

import (
	"context"
	"errors"
	"testing"

	"move/payments"
	"move/payments/providertest"
)

// The client against the local provider: create, ask, refund; a repeated idempotency
// key gets the first answer (one payment, one refund); refusals and outages are told
// apart.
func TestClientFollowsTheProtocol(t *testing.T) {
	ctx := context.Background()
	p := providertest.New("key")
	defer p.Close()
	c := payments.NewClient(p.URL, "key")
	in := payments.NewPayment{IdempotencyKey: "k1", AmountCents: 1250, Description: "Yoga", OrderID: "o1"}
	first, err := c.CreatePayment(ctx, in)
	if err != nil || first.Status != "open" || first.CheckoutURL != p.URL+"/checkout/"+first.ID {
		t.Fatalf("created %+v %v", first, err)
	}
	again, err := c.CreatePayment(ctx, in)
	if err != nil || again.ID != first.ID {
		t.Fatalf("a repeated key made %+v %v", again, err)
	}
	p.Settle(first.ID, "paid")
	got, err := c.GetPayment(ctx, first.ID)
	if err != nil || got.Status != "paid" || got.CheckoutURL != "" {
		t.Fatalf("got %+v %v", got, err)
	}
	r, err := c.CreateRefund(ctx, payments.NewRefund{IdempotencyKey: "r1", ProviderPaymentID: first.ID, AmountCents: 1000})
	if err != nil || r.Status != "pending" {
		t.Fatalf("refund %+v %v", r, err)
	}
	if r2, err := c.CreateRefund(ctx, payments.NewRefund{IdempotencyKey: "r1", ProviderPaymentID: first.ID, AmountCents: 1000}); err != nil || r2.ID != r.ID {
		t.Fatalf("a repeated refund key made %+v %v", r2, err)
	}
	_, err = c.CreateRefund(ctx, payments.NewRefund{IdempotencyKey: "r2", ProviderPaymentID: first.ID, AmountCents: 251})
	var refused *payments.ProviderError
	if !errors.As(err, &refused) || refused.Status != 422 {
		t.Fatalf("refunding more than paid: %v", err)
	}
	if created, refunds := p.Created(); created != 1 || refunds != 1 {
		t.Fatalf("%d payments, %d refunds", created, refunds)
	}
	if _, err := payments.NewClient(p.URL, "wrong").GetPayment(ctx, first.ID); !errors.As(err, &refused) || refused.Status != 401 {
		t.Fatalf("wrong key: %v", err)
	}
	p.Down(true)
	if _, err := c.GetPayment(ctx, first.ID); !errors.Is(err, payments.ErrUnavailable) {
		t.Fatalf("down: %v", err)
	}
	p.Close()
	if _, err := c.GetPayment(ctx, first.ID); !errors.Is(err, payments.ErrUnavailable) {
		t.Fatalf("gone: %v", err)
	}
}

func TestAmountsAndSignatures(t *testing.T) {
	for cents, text := range map[int64]string{0: "0.00", 5: "0.05", 1250: "12.50", 100000: "1000.00"} {
		if got := payments.Euros(cents).Value; got != text {
			t.Errorf("Euros(%d) = %s", cents, got)
		}
		if back, err := payments.Cents(text); err != nil || back != cents {
			t.Errorf("Cents(%s) = %d, %v", text, back, err)
		}
	}
	for _, bad := range []string{"12.5", "12", "a.bc", "1.234"} {
		if _, err := payments.Cents(bad); err == nil {
			t.Errorf("Cents(%q) accepted", bad)
		}
	}
	secret := []byte("secret")
	sig := payments.WebhookSignature(secret, "order-1")
	if !payments.VerifyWebhook(secret, "order-1", sig) || payments.VerifyWebhook(secret, "order-2", sig) ||
		payments.VerifyWebhook(nil, "order-1", payments.WebhookSignature(nil, "order-1")) || payments.VerifyWebhook(secret, "order-1", "") {
		t.Fatal("signatures")
	}
}

// Cancelling, as Mollie: an open payment is cancelled (and cannot be paid any more);
// one paid, already ended or not cancelable is refused 422; an unknown one is 404.
func TestCancelPaymentOnlyWhileCancelable(t *testing.T) {
	ctx := context.Background()
	p := providertest.New("key")
	defer p.Close()
	c := payments.NewClient(p.URL, "key")
	create := func(key string) payments.Payment {
		made, err := c.CreatePayment(ctx, payments.NewPayment{IdempotencyKey: key, AmountCents: 1000, Description: "Yoga"})
		if err != nil {
			t.Fatal(err)
		}
		return made
	}
	open := create("k1")
	got, err := c.CancelPayment(ctx, open.ID)
	if err != nil || got.Status != "canceled" || got.CheckoutURL != "" || p.Status(open.ID) != "canceled" {
		t.Fatalf("cancelled %+v %v", got, err)
	}
	var refused *payments.ProviderError
	if _, err := c.CancelPayment(ctx, open.ID); !errors.As(err, &refused) || refused.Status != 422 {
		t.Fatalf("cancelled twice: %v", err)
	}
	paid := create("k2")
	p.Settle(paid.ID, "paid")
	if _, err := c.CancelPayment(ctx, paid.ID); !errors.As(err, &refused) || refused.Status != 422 || p.Status(paid.ID) != "paid" {
		t.Fatalf("cancelling a paid payment: %v", err)
	}
	busy := create("k3")
	p.NotCancelable(busy.ID)
	if _, err := c.CancelPayment(ctx, busy.ID); !errors.As(err, &refused) || refused.Status != 422 || p.Status(busy.ID) != "open" {
		t.Fatalf("cancelling a payment not cancelable: %v", err)
	}
	if _, err := c.CancelPayment(ctx, "tr_nope"); !errors.As(err, &refused) || refused.Status != 404 {
		t.Fatalf("cancelling an unknown payment: %v", err)
	}
	if p.Canceled() != 1 {
		t.Fatalf("%d cancelled", p.Canceled())
	}
}
