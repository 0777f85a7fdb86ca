package offer_test

import (
	"context"
	"testing"
	"time"

	"move/readapi/readapitest"
)

// A shared check reads a read model its route does not name — the organisation in
// scope, for a contact of it — and still sees the caller's own write (decision 1880):
// while the organisations read model is held behind the caller's new organisation, the
// contact waits for it instead of answering that the organisation does not exist.
func TestAContactOfAnOrganisationJustMadeWaitsForIt(t *testing.T) {
	w := newActivityWorld(t)
	ctx := context.Background()
	hold, err := w.env.DB.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Rollback(ctx) //nolint:errcheck // released below; a second rollback is a no-op
	// Reads go on; the projector's insert of the new organisation waits for the lock.
	if _, err := hold.Exec(ctx, `LOCK TABLE readmodel.organizations IN SHARE MODE`); err != nil {
		t.Fatal(err)
	}
	org := readapitest.Dig(w.Want(w.Do("POST", "/v1/admin/applications/organizations", map[string]any{"name": "Studio Nieuw"}), 201).Body, "data", "id").(string)
	answered := make(chan readapitest.Response, 1)
	go func() {
		answered <- w.Do("POST", "/v1/admin/organizations/"+org+"/contacts", map[string]any{"name": "Coach", "roles": []string{"trainer"}})
	}()
	select {
	case r := <-answered:
		t.Fatalf("answered before the organisations read model had the organisation: %d %s", r.Status, r.Raw)
	case <-time.After(300 * time.Millisecond):
	}
	if err := hold.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if r := <-answered; r.Status != 201 {
		t.Fatalf("the contact of the organisation just made: %d %s", r.Status, r.Raw)
	}
}
