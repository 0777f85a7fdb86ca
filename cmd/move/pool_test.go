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

// serve connects as the role that owns nothing: SERVER_DATABASE_URL, else DATABASE_URL
// with that user and without the owner's password.
func TestServingURL(t *testing.T) {
	got, err := servingURL(config{DatabaseURL: "postgres://owner:secret@db:5432/move?sslmode=disable"})
	if err != nil || got != "postgres://move_server@db:5432/move?sslmode=disable" {
		t.Fatalf("derived: %q %v", got, err)
	}
	explicit := "postgres://move_server:pw@db/move"
	if got, err := servingURL(config{DatabaseURL: "host=db user=owner", ServerDatabaseURL: explicit}); err != nil || got != explicit {
		t.Fatalf("explicit: %q %v", got, err)
	}
	if _, err := servingURL(config{DatabaseURL: "host=db user=owner"}); err == nil {
		t.Fatal("a key=value DATABASE_URL cannot be derived from: SERVER_DATABASE_URL must be asked for")
	}
}
