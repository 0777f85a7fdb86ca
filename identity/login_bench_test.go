package identity_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"move/commands"
	"move/identity"
	"move/internal/testenv"
)

// BenchmarkFailedLogin times a wrong password for a known address and for an unknown
// one, alternating, and reports each median: they must cost the same, or the answer's
// time tells which addresses have accounts (decision 1332).
//
//	go test -run '^$' -bench FailedLogin -benchtime 200x ./identity/
func BenchmarkFailedLogin(b *testing.B) {
	env := testenv.New(b)
	ctx := context.Background()
	unlimited := identity.Limit{N: 1 << 30, Window: time.Minute}
	svc, err := identity.New(env.DB, env.App, &outbox{}, testenv.Logger(b), time.Now,
		identity.Config{LoginPerClient: unlimited, LoginPerAccount: unlimited})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := svc.CreateUser(ctx, commands.Meta{}, identity.NewUser{Email: "known@example.test", FirstName: "K", LastName: "Nown", Password: password}); err != nil {
		b.Fatal(err)
	}
	attempt := func(email string) time.Duration {
		start := time.Now()
		if _, err := svc.Login(ctx, email, "wrong password", "10.0.0.9"); !errors.Is(err, identity.ErrInvalidCredentials) {
			b.Fatalf("login %s: %v", email, err)
		}
		return time.Since(start)
	}
	var known, unknown []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			known = append(known, attempt("known@example.test"))
			unknown = append(unknown, attempt("unknown@example.test"))
		} else {
			unknown = append(unknown, attempt("unknown@example.test"))
			known = append(known, attempt("known@example.test"))
		}
	}
	b.StopTimer()
	svc.WaitRecorded()
	median := func(d []time.Duration) float64 {
		slices.Sort(d)
		return float64(d[len(d)/2]) / float64(time.Millisecond)
	}
	b.ReportMetric(median(known), "known-ms/median")
	b.ReportMetric(median(unknown), "unknown-ms/median")
}
