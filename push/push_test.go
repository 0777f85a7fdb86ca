package push_test

import (
	"context"
	"errors"
	"testing"

	"move/push"
	"move/push/pushtest"
)

// The client sends with the key and the idempotency key; the fake keeps a repeated key
// once, answers 503 when down (ErrUnavailable: repeat later) and refuses a wrong key
// (not ErrUnavailable: repeating will not help).
func TestClientAgainstTheLocalService(t *testing.T) {
	ctx := context.Background()
	s := pushtest.New("key")
	t.Cleanup(s.Close)
	c := push.NewClient(s.URL, "key")
	m := push.Message{IdempotencyKey: "k1", ApplicationID: "app", UserID: "u1", Title: "Hallo", Body: "Hallo Anna"}
	for range 2 {
		if err := c.Send(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.Messages(); len(got) != 1 || got[0].UserID != "u1" || got[0].Body != "Hallo Anna" || s.Calls() != 2 {
		t.Fatalf("messages %+v, calls %d", got, s.Calls())
	}
	s.Down(true)
	if err := c.Send(ctx, push.Message{IdempotencyKey: "k2", UserID: "u2", Title: "X"}); !errors.Is(err, push.ErrUnavailable) {
		t.Fatalf("down: %v", err)
	}
	s.Down(false)
	if err := push.NewClient(s.URL, "wrong").Send(ctx, push.Message{IdempotencyKey: "k3", UserID: "u3", Title: "X"}); err == nil || errors.Is(err, push.ErrUnavailable) {
		t.Fatalf("a wrong key: %v", err)
	}
	if len(s.Messages()) != 1 {
		t.Fatal("a refused message was kept")
	}
}
