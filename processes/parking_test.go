package processes_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/eventstore"
	"move/internal/testenv"
	"move/processes"
	"move/projections"
)

// A process manager's to-do list parks an event it cannot handle, like any read model
// (decision 1310): a redeemed coupon whose stream names no coupon id is parked, and the
// next redemption still lands on the to-do list.
func TestToDoListParksWhatItCannotHandle(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	env.RunProjections(t, env.Runner(t, processes.Projector()))
	app := uuid.NewString()
	redeemed := func(stream string) {
		t.Helper()
		if _, err := env.Store.Append(ctx, stream, eventstore.Any, eventstore.EventData{ID: uuid.New(), Type: "coupon.redeemed.v1",
			Data:     json.RawMessage(`{"wallet_id":"w","customer_id":"c","value_moves":5,"via":"code"}`),
			Metadata: eventstore.Metadata{ApplicationID: app, ActorID: "test"}}); err != nil {
			t.Fatal(err)
		}
	}
	redeemed("coupon-not-a-uuid")
	good := uuid.NewString()
	redeemed("coupon-" + good)
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		var n int
		_ = env.DB.QueryRow(ctx, `SELECT count(*) FROM readmodel.pending_wallet_credits WHERE coupon_id = $1`, good).Scan(&n)
		if n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the redemption after the poison never reached the to-do list")
		}
	}
	parked, err := projections.ReadParked(ctx, env.DB)
	if err != nil || len(parked) != 1 || parked[0].Projector != processes.Name || parked[0].Stream != "coupon-not-a-uuid" ||
		parked[0].ApplicationID != app || !strings.Contains(parked[0].Error, "uuid") {
		t.Fatalf("parked: %+v %v", parked, err)
	}
}
