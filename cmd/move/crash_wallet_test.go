package main_test

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// The process dies (SIGKILL, at the failpoint) after a coupon's redemption is stored
// and before the customer's wallet is credited. After a restart the wallet-credit
// process finds the redemption and credits it — once — and the customer's balance
// shows it.
func TestCrashBetweenRedemptionAndCredit(t *testing.T) {
	st := seeded(t)
	db := st.db
	ctx := context.Background()

	var walletID, code string
	var value int64
	if err := db.QueryRow(ctx, `SELECT data->>'wallet_id', data->>'code', (data->>'value_moves')::bigint FROM eventstore_events
		WHERE type = 'coupon.issued.v1' AND data->>'code' LIKE 'PAS-%' ORDER BY position LIMIT 1`).Scan(&walletID, &code, &value); err != nil {
		t.Fatal(err)
	}

	srv := st.serve("MOVE_FAILPOINT=after-coupon-redeemed")
	token, app := loginAs(t, srv.url, "customer@move.test")
	status, _ := call(srv.url, token, app, "POST", "/v1/wallets/"+walletID+"/redeem", "", map[string]any{"code": code})
	if status != 0 {
		t.Fatalf("the failpoint kills the server before it answers; got %d", status)
	}
	if err := srv.cmd.Wait(); err == nil {
		t.Fatal("the server exited cleanly; the failpoint kills it")
	}
	if n := count(t, db, `SELECT count(*) FROM eventstore_events WHERE type = 'coupon.redeemed.v1'`); n != 1 {
		t.Fatalf("%d redemptions stored before the crash", n)
	}
	if n := count(t, db, `SELECT count(*) FROM eventstore_events WHERE type = 'wallet.credited.v1'`); n != 0 {
		t.Fatalf("the crash came before the credit, yet %d credits are stored", n)
	}

	srv = st.serve()
	deadline := time.Now().Add(30 * time.Second)
	for count(t, db, `SELECT count(*) FROM eventstore_events WHERE type = 'wallet.credited.v1'`) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no credit after the restart:\n%s", srv.log)
		}
		time.Sleep(100 * time.Millisecond)
	}
	token, app = loginAs(t, srv.url, "customer@move.test")
	for {
		status, body := call(srv.url, token, app, "GET", "/v1/wallets", "", nil)
		if status != http.StatusOK {
			t.Fatalf("wallets: %d %v", status, body)
		}
		if balanceOf(body, walletID) == value {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("balance never showed the credit: %v", body)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Redeeming again is refused; the worker's later passes credit nothing more.
	status, body := call(srv.url, token, app, "POST", "/v1/wallets/"+walletID+"/redeem", "", map[string]any{"code": code})
	if status != http.StatusConflict {
		t.Fatalf("a redeemed code again: %d %v", status, body)
	}
	time.Sleep(2 * time.Second)
	if n := count(t, db, `SELECT count(*) FROM eventstore_events WHERE type = 'wallet.credited.v1'`); n != 1 {
		t.Fatalf("credited %d times", n)
	}
}

func balanceOf(body map[string]any, walletID string) int64 {
	rows, _ := body["data"].([]any)
	for _, r := range rows {
		w, _ := r.(map[string]any)
		if w["id"] == walletID {
			b, _ := w["balance"].(float64)
			return int64(b)
		}
	}
	return -1
}
