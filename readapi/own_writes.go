package readapi

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync/atomic"
	"time"

	"move/commands"
	"move/eventstore"
	"move/projections"
	rmidentity "move/projections/identity"
	"move/readapi/kernel"
)

// A caller always sees its own writes (decision 1330). The position it waits for is
// the later of the X-Min-Position it sends (or min_position) and the last write its
// login session is remembered to have made, on any server. Before the guard reads the
// caller's roles and tenancy, and before the handler reads or checks anything, the
// read models concerned pass that position (briefly and bounded, s.ReadWait).

// caughtUpPosition is a position every read model is known to have passed: a caller
// whose own writes are not beyond it waits for nothing and costs no query.
type caughtUpPosition struct {
	atomic.Pointer[eventstore.Position]
}

// ownPosition is the position the request's caller waits for: zero for none.
func ownPosition(r *http.Request, p kernel.Principal) eventstore.Position {
	token := r.Header.Get("X-Min-Position")
	if token == "" {
		token = r.URL.Query().Get("min_position")
	}
	sent, err := eventstore.ParsePosition(token)
	if err != nil || sent.Less(p.LastWrite) {
		return p.LastWrite
	}
	return sent
}

// guardReads are the read models the guard itself consults: the caller's superadmin
// flag, applications, memberships and the permission matrix.
var guardReads = []string{rmidentity.Name}

// awaitOwnWrites waits until the read models in reads have passed pos, and answers
// whether it had to wait (then what was read before may be older than pos).
func (s *Server) awaitOwnWrites(r *http.Request, reads []string, pos eventstore.Position) bool {
	if pos == (eventstore.Position{}) || len(reads) == 0 || !s.behind(r.Context(), pos) {
		return false
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.ReadWait)
	defer cancel()
	if err := projections.WaitFor(ctx, s.DB, reads, pos); err != nil {
		s.logLagging(r, reads, pos, err)
	}
	return true
}

// logLagging names the read models a request gave up waiting for: behind, and never
// run at all (a deployment, or a test's server, without their projector; a test fails
// on the latter, testenv.Logger).
func (s *Server) logLagging(r *http.Request, reads []string, pos eventstore.Position, waitErr error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), time.Second)
	defer cancel()
	behind, neverRun, err := projections.Lagging(ctx, s.DB, reads, pos)
	kernel.Logger(r).Warn("read models behind the caller's writes", "position", pos.String(), "error", errors.Join(waitErr, err),
		"behind", behind, "never_run", neverRun)
}

// behind tells whether some read model may not have passed pos yet: known not when the
// slowest checkpoint was already past it, else asked once.
func (s *Server) behind(ctx context.Context, pos eventstore.Position) bool {
	if known := s.caughtUp.Load(); known != nil && !known.Less(pos) {
		return false
	}
	var commit, position int64
	if err := s.DB.QueryRow(ctx, `SELECT commit_key, position FROM projection_checkpoints
		WHERE state <> 'rebuilding' ORDER BY commit_key, position LIMIT 1`).Scan(&commit, &position); err != nil {
		return true
	}
	slowest := eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}
	for {
		known := s.caughtUp.Load()
		if known != nil && !known.Less(slowest) || s.caughtUp.CompareAndSwap(known, &slowest) {
			break
		}
	}
	return slowest.Less(pos)
}

// withGuardReads is reads and the guard's own.
func withGuardReads(reads []string) []string {
	out := slices.Clone(guardReads)
	for _, name := range reads {
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// rememberingWrites answers r's context in which every command the handler runs tells
// the caller's session where it landed, before the handler answers: the caller's next
// request, on any server, waits for it.
func (s *Server) rememberingWrites(r *http.Request, p kernel.Principal) context.Context {
	sessions, ok := s.Auth.(kernel.SessionWrites)
	if !ok || p.Session == "" {
		return r.Context()
	}
	ctx := r.Context()
	return commands.WithPositionSink(ctx, func(pos eventstore.Position) {
		// The command has landed even when the request is cancelled now.
		if err := sessions.RememberWrite(context.WithoutCancel(ctx), p.Session, pos); err != nil {
			kernel.Logger(r).Error("remember the session's last write", "error", err)
		}
	})
}
