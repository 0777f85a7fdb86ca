package main

import "testing"

// The pool's size is DATABASE_URL's pool_max_conns, smaller ones included; without it,
// the default that keeps a server within its connection budget.
func TestPoolSizeComesFromTheDatabaseURL(t *testing.T) {
	for url, want := range map[string]int32{
		"postgres://move@db/move":                   defaultPoolSize,
		"postgres://move@db/move?pool_max_conns=3":  3,
		"postgres://move@db/move?pool_max_conns=30": 30,
		"host=db user=move pool_max_conns=4":        4,
	} {
		pc, err := poolConfig(url)
		if err != nil {
			t.Fatal(err)
		}
		if pc.MaxConns != want {
			t.Errorf("%s: pool of %d, want %d", url, pc.MaxConns, want)
		}
	}
}
