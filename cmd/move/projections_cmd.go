package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/user"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"move/eventstore"
	"move/projections"
)

const projectionsUsage = `usage:
  move projections status                 each projector: version, checkpoint, head, lag, state
  move projections rebuild NAME ...       rebuild these read models from the log, swapped in when caught up
  move projections rebuild --all          rebuild every read model
  move projections parked                 every stream a read model parked: its first event, error, attempts, events waiting
  move projections retry NAME STREAM      apply the stream's parked events again with this code; unparked if they succeed
  move projections skip NAME STREAM --reason R
                                          skip the stream's first parked event (recorded in the log), then retry the rest
`

func projectionsCmd(ctx context.Context, cfg config, log *slog.Logger, args []string) error {
	if len(args) == 0 {
		return errors.New("projections: want status, rebuild, parked, retry or skip\n\n" + projectionsUsage)
	}
	if wantsHelp(args) {
		fmt.Print(projectionsUsage)
		return nil
	}
	b, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer b.close()
	runner, err := b.runner(log, nil)
	if err != nil {
		return err
	}
	switch args[0] {
	case "status":
		return projectionStatus(ctx, b, runner)
	case "rebuild":
		return projectionRebuild(ctx, b, runner, args[1:])
	case "parked":
		return projectionsParked(ctx, b)
	case "retry":
		if len(args) != 3 {
			return errors.New("projections retry: want NAME STREAM\n\n" + projectionsUsage)
		}
		out, err := runner.Retry(ctx, args[1], args[2])
		return reportRetry(args[1], args[2], out, err)
	case "skip":
		return projectionsSkip(ctx, runner, args[1:])
	}
	return fmt.Errorf("projections: unknown subcommand %q\n\n%s", args[0], projectionsUsage)
}

func projectionStatus(ctx context.Context, b *backend, runner *projections.Runner) error {
	statuses, err := projections.ReadStatuses(ctx, b.db)
	if err != nil {
		return err
	}
	head, err := b.store.Head(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PROJECTOR\tVERSION\tCHECKPOINT\tHEAD\tLAG\tSTATE")
	for _, p := range runner.Projectors() {
		s, ok := statuses[p.Name()]
		if !ok {
			fmt.Fprintf(tw, "%s\t-/%d\t-\t%s\t-\tnot started\n", p.Name(), p.Version(), head)
			continue
		}
		state := s.State
		switch {
		case s.State == "failed":
			state = fmt.Sprintf("failed at event %s (%s): %s", s.FailedEventID, s.FailedPosition, s.Error)
		case s.State == "rebuilding":
			state = fmt.Sprintf("rebuilding %d/%d", s.RebuildDone, s.RebuildTotal)
		case s.RebuildRequested:
			state += " (rebuild requested)"
		}
		if s.Version != p.Version() {
			state += fmt.Sprintf(" (version %d in code: rebuilds on start)", p.Version())
		}
		fmt.Fprintf(tw, "%s\t%d/%d\t%s\t%s\t%s\t%s\n", p.Name(), s.Version, p.Version(), s.Checkpoint, head, lag(ctx, b.store, s.Checkpoint), state)
	}
	return tw.Flush()
}

// lag is the number of events after the checkpoint, when the store can count them.
func lag(ctx context.Context, store eventstore.Store, checkpoint eventstore.Position) string {
	c, ok := store.(interface {
		CountAfter(context.Context, eventstore.Position) (int64, error)
	})
	if !ok {
		return "?"
	}
	n, err := c.CountAfter(ctx, checkpoint)
	if err != nil {
		return "?"
	}
	return fmt.Sprint(n)
}

func projectionRebuild(ctx context.Context, b *backend, runner *projections.Runner, args []string) error {
	var targets []projections.Projector
	if slices.Contains(args, "--all") {
		targets = runner.Projectors()
	} else {
		if len(args) == 0 {
			return errors.New("projections rebuild: name projectors or --all")
		}
		for _, name := range args {
			p, ok := runner.Find(name)
			if !ok {
				return fmt.Errorf("projections rebuild: no projector %q", name)
			}
			targets = append(targets, p)
		}
	}
	bar := newProgress(os.Stdout)
	runner.Progress = bar.update
	// Projectors no server holds are rebuilt here, together, in one pass over the log;
	// the others are asked of the server that holds them.
	var here, remote []projections.Projector
	for _, p := range targets {
		release, ok, err := runner.Lock(ctx, p, false)
		if err != nil {
			return err
		}
		if ok {
			defer release()
			here = append(here, p)
		} else {
			remote = append(remote, p)
		}
	}
	if len(here) > 0 {
		err := runner.RebuildAll(ctx, here)
		bar.finish(names(here), err)
		if err != nil {
			return err
		}
	}
	for _, p := range remote {
		if err := projections.RequestRebuild(ctx, b.db, []string{p.Name()}); err != nil {
			return err
		}
		if err := follow(ctx, b, p.Name(), bar); err != nil {
			return err
		}
	}
	return nil
}

func names(ps []projections.Projector) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name()
	}
	return strings.Join(out, ", ")
}

func follow(ctx context.Context, b *backend, name string, bar *progress) error {
	started := false
	for {
		statuses, err := projections.ReadStatuses(ctx, b.db)
		if err != nil {
			return err
		}
		s := statuses[name]
		switch {
		case s.State == "rebuilding":
			started = true
			bar.update(name, s.RebuildDone, s.RebuildTotal)
		case s.State == "failed":
			err := fmt.Errorf("%s failed at event %s: %s", name, s.FailedEventID, s.Error)
			bar.finish(name, err)
			return err
		case !s.RebuildRequested && (started || s.State == "running"):
			bar.finish(name, nil)
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// progress draws done/total, events per second and the time left: a bar on a terminal,
// a plain line a second otherwise.
type progress struct {
	out      *os.File
	terminal bool
	started  time.Time
	last     time.Time
}

func newProgress(out *os.File) *progress {
	st, err := out.Stat()
	return &progress{out: out, terminal: err == nil && st.Mode()&os.ModeCharDevice != 0, started: time.Now()}
}

func (p *progress) update(name string, done, total int64) {
	now := time.Now()
	if !p.terminal && now.Sub(p.last) < time.Second {
		return
	}
	p.last = now
	elapsed := now.Sub(p.started).Seconds()
	rate := float64(done) / max(elapsed, 0.001)
	eta := "?"
	if total > 0 && rate > 0 {
		eta = (time.Duration(float64(total-done)/rate) * time.Second).Round(time.Second).String()
	}
	if !p.terminal {
		fmt.Fprintf(p.out, "%s: %d/%d events, %.0f events/s, ETA %s\n", name, done, total, rate, eta)
		return
	}
	const width = 30
	filled := width
	if total > 0 {
		filled = int(float64(width) * float64(done) / float64(total))
	}
	fmt.Fprintf(p.out, "\r%-16s [%s%s] %d/%d  %.0f events/s  ETA %s   ", name,
		strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total, rate, eta)
}

func (p *progress) finish(name string, err error) {
	if p.terminal {
		fmt.Fprintln(p.out)
	}
	if err != nil {
		fmt.Fprintf(p.out, "%s: rebuild failed: %v\n", name, err)
		return
	}
	fmt.Fprintf(p.out, "%s: rebuilt and swapped in (%s)\n", name, time.Since(p.started).Round(time.Millisecond))
	p.started = time.Now()
}

func projectionsParked(ctx context.Context, b *backend) error {
	parked, err := projections.ReadParked(ctx, b.db)
	if err != nil {
		return err
	}
	if len(parked) == 0 {
		fmt.Println("no parked events")
		return nil
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "READ MODEL\tAPPLICATION\tSTREAM\tEVENT\tPOSITION\tWAITING\tATTEMPTS\tFIRST\tLAST\tERROR")
	for _, p := range parked {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s %s\t%s\t%d\t%d\t%s\t%s\t%s\n", p.Projector, p.ApplicationID, p.Stream, p.EventType, p.EventID,
			p.Position, p.Waiting, p.Attempts, p.FirstAttemptAt.UTC().Format(time.RFC3339), p.LastAttemptAt.UTC().Format(time.RFC3339), p.Error)
	}
	return tw.Flush()
}

func projectionsSkip(ctx context.Context, runner *projections.Runner, args []string) error {
	fs := flag.NewFlagSet("projections skip", flag.ContinueOnError)
	reason := fs.String("reason", "", "why the read model passes over the event (required; recorded in the log)")
	// NAME STREAM may come before or after the flag.
	var positional []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(positional) != 2 {
		return errors.New("projections skip: want NAME STREAM --reason R\n\n" + projectionsUsage)
	}
	actor := "cli"
	if u, err := user.Current(); err == nil {
		actor = "cli:" + u.Username
	}
	out, err := runner.Skip(ctx, positional[0], positional[1], *reason, eventstore.Metadata{ActorID: actor})
	if errors.Is(err, projections.ErrReasonRequired) {
		return errors.New("projections skip: --reason is required: say why the event is skipped")
	}
	if err == nil {
		fmt.Printf("%s: skipped the first parked event of %s (recorded as %s)\n", positional[0], positional[1], actor)
	}
	return reportRetry(positional[0], positional[1], out, err)
}

func reportRetry(name, stream string, out projections.RetryOutcome, err error) error {
	switch {
	case errors.Is(err, projections.ErrUnknownProjector):
		return fmt.Errorf("projections: no projector %q", name)
	case errors.Is(err, projections.ErrNotParked):
		return fmt.Errorf("projections: %s has nothing parked for %s", name, stream)
	case err != nil:
		return err
	}
	fmt.Printf("%s %s: %d applied, %d still parked\n", name, stream, out.Applied, out.Parked)
	if out.Parked > 0 {
		return fmt.Errorf("still failing: %s", out.Error)
	}
	return nil
}
