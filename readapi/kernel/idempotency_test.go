package kernel_test

import (
	"testing"

	"github.com/google/uuid"

	"move/identity"
	"move/readapi/readapitest"
)

// An Idempotency-Key is the caller's within their application: the same key sent by
// another tenant's admin is another command, never an answer with the first tenant's
// organisation or wallet; the same key with other content is refused; a failed request
// lets go of its key.
func TestIdempotencyKeyIsScopedToTenantAndCaller(t *testing.T) {
	w := readapitest.NewWalletWorld(t, identity.Limit{})
	adminA, adminB := w.As(w.Admin, w.AppA).En(), w.As(w.AdminB, w.AppB).En()
	key := uuid.NewString()
	orgs := "/v1/admin/applications/organizations"

	inB := adminB.Want("POST", orgs, map[string]any{"name": "Bees BV"}, 201, "Idempotency-Key", key)
	inA := adminA.Want("POST", orgs, map[string]any{"name": "Apen BV"}, 201, "Idempotency-Key", key)
	for _, f := range []string{"id", "client_id"} {
		if readapitest.Dig(inA.Body, "data", f) == readapitest.Dig(inB.Body, "data", f) {
			t.Fatalf("A's create with B's key answers B's %s:\nA %s\nB %s", f, inA.Raw, inB.Raw)
		}
	}
	idA := readapitest.Dig(inA.Body, "data", "id").(string)
	if r := adminA.Want("GET", "/v1/admin/organizations/"+idA, nil, 200); readapitest.Dig(r.Body, "data", "name") != "Apen BV" {
		t.Fatalf("A's organisation: %s", r.Raw)
	}
	// A retry answers the first result; the key with other content is refused.
	if again := adminA.Want("POST", orgs, map[string]any{"name": "Apen BV"}, 201, "Idempotency-Key", key); readapitest.Dig(again.Body, "data", "id") != idA {
		t.Fatalf("a retry: %s", again.Raw)
	}
	if r := adminA.Want("POST", orgs, map[string]any{"name": "Other BV"}, 422, "Idempotency-Key", key); readapitest.Message(r) != "This Idempotency-Key was already used for another request; use a new key" {
		t.Fatalf("the key with other content: %s", r.Raw)
	}
	if r := adminA.Want("GET", orgs, nil, 200); readapitest.Total(r) != 1 {
		t.Fatalf("A's organisations after the refused replay: %s", r.Raw)
	}

	// Wallets alike.
	walletKey := uuid.NewString()
	walletB := readapitest.Dig(adminB.Want("POST", "/v1/admin/wallets", readapitest.WalletBody("B's", "bs"), 201, "Idempotency-Key", walletKey).Body, "data", "id")
	walletA := readapitest.Dig(adminA.Want("POST", "/v1/admin/wallets", readapitest.WalletBody("A's", "as"), 201, "Idempotency-Key", walletKey).Body, "data", "id")
	if walletA == walletB {
		t.Fatalf("A's wallet with B's key is B's wallet %v", walletB)
	}

	// A request that failed lets go of its key: the corrected one goes through.
	fix := uuid.NewString()
	adminA.Want("POST", orgs, map[string]any{"name": ""}, 422, "Idempotency-Key", fix)
	adminA.Want("POST", orgs, map[string]any{"name": "Fixed BV"}, 201, "Idempotency-Key", fix)
}
