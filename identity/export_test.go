package identity

import "testing"

// CheapPasswords makes the passwords hashed until the test ends cost almost nothing to
// hash and to verify (Argon2id t=1, m=64 KiB; a hash keeps its cost, so their logins
// are cheap too), for a test whose subject is not passwords and that makes a thousand
// users. It must be called before the test starts anything that hashes.
func CheapPasswords(t testing.TB) {
	old := passwordCost
	passwordCost.time, passwordCost.memory = 1, 64
	t.Cleanup(func() { passwordCost = old })
}
