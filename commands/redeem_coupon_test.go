package commands_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain"
	"move/domain/identity"
	"move/domain/wallet"
	"move/internal/testenv"
)

// "Top up once" holds however the customer's id is spelled: an upper-case id is the
// same customer, with the same account.
func TestTopUpOnceHoldsForEverySpellingOfTheCustomer(t *testing.T) {
	ctx := context.Background()
	env := testenv.New(t)
	app, err := env.App.CreateApplication(ctx, commands.Meta{ActorID: "test"}, identity.ApplicationSettings{Name: "Demo", Slug: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	customer := uuid.NewString()
	if _, err := env.App.RegisterUser(ctx, commands.Meta{ActorID: "test"}, customer, customer+"@move.test"); err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.GrantRole(ctx, commands.Meta{ActorID: "test"}, customer, identity.Grant{Role: identity.RoleCustomer, ApplicationID: app.ID}); err != nil {
		t.Fatal(err)
	}
	meta := commands.Meta{ActorID: "admin", ApplicationID: app.ID}
	w, err := env.App.CreateWallet(ctx, meta, wallet.Settings{Name: "Bonus", Slug: "bonus", PriceDisplayMode: wallet.DisplayMoves, CanTopUp: true, CanTopUpOnce: true})
	if err != nil {
		t.Fatal(err)
	}
	batch, err := env.App.GenerateCoupons(ctx, meta, w.ID, wallet.BatchSpec{Quantity: 2, ValueMoves: 5, Enabled: true})
	if err != nil || batch.Issued != 2 {
		t.Fatalf("batch: %+v %v", batch, err)
	}
	rows, err := env.DB.Query(ctx, `SELECT data->>'code' FROM eventstore_events WHERE type = 'coupon.issued.v1' ORDER BY position`)
	if err != nil {
		t.Fatal(err)
	}
	codes, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	first, err := env.App.RedeemCoupon(ctx, meta, commands.Redemption{WalletID: w.ID, CustomerID: customer, Code: strings.ToLower(codes[0]), Via: wallet.ViaApp})
	if err != nil || first.Moves != 5 {
		t.Fatalf("first top-up: %+v %v", first, err)
	}
	_, err = env.App.RedeemCoupon(ctx, meta, commands.Redemption{WalletID: strings.ToUpper(w.ID), CustomerID: strings.ToUpper(customer), Code: codes[1], Via: wallet.ViaApp})
	var c *domain.ConflictError
	if !errors.As(err, &c) || c.Key != "wallet.topped_up_once" {
		t.Fatalf("a second top-up under another spelling: %v", err)
	}
}
