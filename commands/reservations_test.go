package commands_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"move/commands"
	"move/domain"
	"move/domain/identity"
	"move/domain/reservation"
	"move/eventstore"
	"move/internal/testenv"
)

// An e-mail address is reserved in a stream named by its keyed digest: the unkeyed hash
// of the address names nothing. An address held in an unkeyed stream from before is
// still taken, and an erasure frees it there too (decision 0511).
func TestEmailReservationsAreKeyed(t *testing.T) {
	ctx := context.Background()
	env := testenv.New(t)
	streamOf := func(stream string) bool {
		var n int
		if err := env.DB.QueryRow(ctx, `SELECT count(*) FROM eventstore_events WHERE stream = $1`, stream).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n > 0
	}
	ann := uuid.NewString()
	if _, err := env.App.RegisterUser(ctx, commands.Meta{}, ann, "Ann@Example.org"); err != nil {
		t.Fatal(err)
	}
	if streamOf(reservation.Stream(identity.EmailScope, "ann@example.org")) ||
		!streamOf(reservation.KeyedStream(identity.EmailScope, env.Vault.Name("ann@example.org"))) {
		t.Fatal("the address is reserved under its keyed name only")
	}
	var v *domain.ValidationError
	if _, err := env.App.RegisterUser(ctx, commands.Meta{}, uuid.NewString(), " ann@example.ORG"); !errors.As(err, &v) {
		t.Fatalf("the same address again: %v", err)
	}

	// An address reserved before keyed names existed.
	bob := uuid.NewString()
	typ, data, err := env.Registry.Encode(reservation.Reserved{Owner: bob})
	if err != nil {
		t.Fatal(err)
	}
	legacy := reservation.Stream(identity.EmailScope, "bob@example.org")
	if _, err := env.Store.AppendMulti(ctx, eventstore.StreamAppend{Stream: legacy, Expected: eventstore.NoStream,
		Events: []eventstore.EventData{{ID: uuid.New(), Type: typ, Data: data}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.RegisterUser(ctx, commands.Meta{}, bob, "bob@example.org"); err != nil {
		t.Fatalf("the holder of an old reservation registers: %v", err)
	}
	if _, err := env.App.RegisterUser(ctx, commands.Meta{}, uuid.NewString(), "bob@example.org"); !errors.As(err, &v) {
		t.Fatalf("an address held under its old name is taken: %v", err)
	}
	if _, err := env.App.EraseUser(ctx, commands.Meta{}, bob, "bob@example.org"); err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.RegisterUser(ctx, commands.Meta{}, uuid.NewString(), "bob@example.org"); err != nil {
		t.Fatalf("after the erasure the address is free: %v", err)
	}
}
