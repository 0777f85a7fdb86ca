package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"move/commands"
	"move/eventstore"
	"move/projections"
	"move/projections/readmodels"
)

// cliAwait bounds how long a command-line write waits for the running server's read
// models to hold it.
const cliAwait = 30 * time.Second

// awaitingReadModels runs a command-line use case that writes, then waits until the
// read models of the running server hold its last write, so what the operator made is
// usable the moment the command returns (a user's role in force, an application
// selectable). Without a running server, or past cliAwait, it says so on out and
// succeeds: the writes are in the log, the read models follow (decision 1330).
func awaitingReadModels(ctx context.Context, cfg config, out io.Writer, run func(context.Context) error) error {
	var mu sync.Mutex
	var last eventstore.Position
	err := run(commands.WithPositionSink(ctx, func(p eventstore.Position) {
		mu.Lock()
		defer mu.Unlock()
		if last.Less(p) {
			last = p
		}
	}))
	if err != nil || last == (eventstore.Position{}) {
		return err
	}
	db, err := pgxpool.New(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	var names []string
	for _, p := range readmodels.All() {
		names = append(names, p.Name())
	}
	projecting, err := projections.Projecting(ctx, db, readmodels.All())
	if err != nil {
		return err
	}
	if !projecting {
		fmt.Fprintln(out, "no server is running: its read models will hold these writes when one starts")
		return nil
	}
	wait, cancel := context.WithTimeout(ctx, cliAwait)
	defer cancel()
	err = projections.WaitFor(wait, db, names, last)
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		fmt.Fprintf(out, "the running server's read models do not hold these writes yet (position %s, waited %s); they will when it catches up\n", last, cliAwait)
		return nil
	}
	return err
}
