package identity

import (
	"strings"
	"testing"
)

// The one test of the real cost: every API test's world hashes cheaply
// (CheapPasswords), since its subject is what comes after a password is checked.
func TestPasswordsAreHashedAtOWASPCost(t *testing.T) {
	const password = "correct horse battery staple"
	hash, err := HashPassword(password)
	if err != nil {
		t.Fatal(err)
	}
	if want := "$argon2id$v=19$m=19456,t=2,p=1$"; !strings.HasPrefix(hash, want) {
		t.Fatalf("hash %q does not start with %q", hash, want)
	}
	if ok, err := VerifyPassword(password, hash); err != nil || !ok {
		t.Fatalf("the right password: %v %v", ok, err)
	}
	if ok, err := VerifyPassword(password+" ", hash); err != nil || ok {
		t.Fatalf("a wrong password: %v %v", ok, err)
	}
	again, err := HashPassword(password)
	if err != nil {
		t.Fatal(err)
	}
	if again == hash {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
}

// A hash keeps the cost it was made with: a cheap one verifies at its own cost, and a
// stored hash that is not a well-formed Argon2id string is an error, never a match.
func TestAPasswordIsVerifiedAtItsOwnCost(t *testing.T) {
	CheapPasswords(t)
	cheap, err := HashPassword("secret")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(cheap, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("cheap hash %q", cheap)
	}
	if ok, err := VerifyPassword("secret", cheap); err != nil || !ok {
		t.Fatalf("the right password: %v %v", ok, err)
	}
	for _, bad := range []string{"", "secret", "$bcrypt$v=19$m=64,t=1,p=1$c2FsdA$aGFzaA", "$argon2id$v=18$m=64,t=1,p=1$c2FsdA$aGFzaA",
		"$argon2id$v=19$m=64,t=0,p=1$c2FsdA$aGFzaA", "$argon2id$v=19$m=64,t=1,p=1$!!$aGFzaA", "$argon2id$v=19$m=64,t=1,p=1$c2FsdA$"} {
		if ok, err := VerifyPassword("secret", bad); err == nil || ok {
			t.Errorf("stored %q: %v %v, want an error", bad, ok, err)
		}
	}
}
