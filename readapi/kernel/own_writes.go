package kernel

import (
	"context"
	"net/http"
)

type ownWritesKey struct{}

// WithOwnWrites answers ctx carrying await: it waits until the read models named have
// passed the caller's own writes (the server's wait before a route's reads, decision
// 1330), for the checks that read a read model their route does not name.
func WithOwnWrites(ctx context.Context, await func(reads []string)) context.Context {
	return context.WithValue(ctx, ownWritesKey{}, await)
}

// AwaitOwnWrites waits until the read models named have passed the caller's own writes,
// as a route's Reads are waited for before its handler runs: a shared check (an
// organisation in scope) reads read models a route may not name, and a caller's own
// write just made must count there too (decision 1880). Outside a route it waits for
// nothing.
func AwaitOwnWrites(r *http.Request, reads ...string) {
	if await, ok := r.Context().Value(ownWritesKey{}).(func([]string)); ok {
		await(reads)
	}
}
