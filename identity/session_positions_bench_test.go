package identity_test

import (
	"context"
	"testing"
	"time"

	"move/commands"
	"move/identity"
	"move/internal/testenv"
	rmidentity "move/projections/identity"
)

// BenchmarkSessionPositions is what session consistency costs per request (decision
// 1330): every command records the session's last write (RememberWrite, one upsert);
// every request reads it with the token (Authenticate: a join in the token's query, no
// round trip of its own).
//
//	go test -run '^$' -bench SessionPositions -benchtime 500x ./identity/
func BenchmarkSessionPositions(b *testing.B) {
	env := testenv.New(b)
	env.RunProjections(b, env.Runner(b, rmidentity.Projector()))
	ctx := context.Background()
	svc, err := identity.New(env.DB, env.App, &outbox{}, testenv.Logger(b), time.Now, identity.Config{})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := svc.CreateUser(ctx, commands.Meta{}, identity.NewUser{Email: "bench@example.test", FirstName: "B", LastName: "Ench", Password: password}); err != nil {
		b.Fatal(err)
	}
	session, err := svc.Login(ctx, "bench@example.test", password, "10.0.0.1")
	if err != nil {
		b.Fatal(err)
	}
	token := session.APIToken.Token
	p, err := svc.Authenticate(ctx, token)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("authenticate", func(b *testing.B) {
		for b.Loop() {
			if _, err := svc.Authenticate(ctx, token); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("remember_write", func(b *testing.B) {
		pos := p.LastWrite
		for b.Loop() {
			pos.Prepare++
			if err := svc.RememberWrite(ctx, p.FamilyID, pos); err != nil {
				b.Fatal(err)
			}
		}
	})
}
