package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"
	"time"

	"move/domain"
	"move/domain/registry"
	"move/eventstore"
)

// eventLine is one event as auditors read it: JSON, one per line.
type eventLine struct {
	ID         string              `json:"id"`
	Type       string              `json:"type"`
	Stream     string              `json:"stream"`
	Version    uint64              `json:"version"`
	Position   string              `json:"position"`
	RecordedAt time.Time           `json:"recorded_at"`
	Metadata   eventstore.Metadata `json:"metadata"`
	Data       json.RawMessage     `json:"data"`
}

func line(e eventstore.RecordedEvent) eventLine {
	return eventLine{ID: e.ID.String(), Type: e.Type, Stream: e.Stream, Version: e.Version,
		Position: e.Position.String(), RecordedAt: e.RecordedAt, Metadata: e.Metadata, Data: e.Data}
}

const eventsUsage = `usage:
  move events stream STREAM
  move events log [--from POS] [--type T] [--stream-prefix P] [--until TIME]
`

func eventsCmd(ctx context.Context, cfg config, _ *slog.Logger, args []string) error {
	if len(args) == 0 {
		return errors.New("events: want stream or log\n\n" + eventsUsage)
	}
	if wantsHelp(args) {
		fmt.Print(eventsUsage)
		if args[0] == "log" {
			_, _ = parseLogFilter(registry.All(), []string{"-h"}, os.Stdout)
		}
		return nil
	}
	var filter logFilter
	switch args[0] {
	case "stream":
		if len(args) != 2 {
			return errors.New("events stream: name one stream")
		}
	case "log":
		f, err := parseLogFilter(registry.All(), args[1:], os.Stderr)
		if err != nil {
			return err
		}
		filter = f
	default:
		return fmt.Errorf("events: unknown subcommand %q\n\n%s", args[0], eventsUsage)
	}
	b, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer b.close()
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	if args[0] == "stream" {
		return printStream(ctx, b.store, args[1], out)
	}
	return printLog(ctx, b.store, filter, out)
}

// wantsHelp: any argument asks for help, which then needs no database.
func wantsHelp(args []string) bool {
	return slices.ContainsFunc(args, func(a string) bool { return a == "-h" || a == "-help" || a == "--help" })
}

func printStream(ctx context.Context, store eventstore.Store, stream string, out io.Writer) error {
	enc := json.NewEncoder(out)
	var from uint64
	for {
		events, err := store.ReadStream(ctx, stream, eventstore.Forwards, from, 1000)
		if err != nil {
			return err
		}
		for _, e := range events {
			if err := enc.Encode(line(e)); err != nil {
				return err
			}
			from = e.Version + 1
		}
		if len(events) < 1000 {
			return nil
		}
	}
}

// logFilter is what `events log` prints: from a position, of some types, of some
// streams, until a time.
type logFilter struct {
	from   eventstore.Position
	types  []string // full, versioned names; none: every type
	prefix string
	until  time.Time
}

func parseLogFilter(registry *domain.Registry, args []string, usage io.Writer) (logFilter, error) {
	fs := flag.NewFlagSet("events log", flag.ContinueOnError)
	fs.SetOutput(usage)
	from := fs.String("from", "", "start after this position (commit.prepare)")
	typ := fs.String("type", "", "only events of this type: organization.created (every version) or organization.created.v1")
	prefix := fs.String("stream-prefix", "", "only streams starting with this")
	until := fs.String("until", "", "stop at events recorded after this time (RFC 3339)")
	f := logFilter{from: eventstore.Start}
	if err := fs.Parse(args); err != nil {
		return f, err
	}
	if fs.NArg() > 0 {
		return f, fmt.Errorf("events log: unexpected %q", fs.Arg(0))
	}
	if *from != "" {
		p, err := eventstore.ParsePosition(*from)
		if err != nil {
			return f, err
		}
		f.from = p
	}
	if *until != "" {
		t, err := time.Parse(time.RFC3339, *until)
		if err != nil {
			return f, fmt.Errorf("--until: %w", err)
		}
		f.until = t
	}
	if *typ != "" {
		f.types = eventTypes(registry, *typ)
		if len(f.types) == 0 {
			return f, fmt.Errorf("--type: no event type %q; known types:\n  %s", *typ, strings.Join(baseTypes(registry), "\n  "))
		}
	}
	f.prefix = *prefix
	return f, nil
}

// eventTypes answers the registered names typ stands for: itself when it is a full
// name, else every version of it ("organization.created" → "organization.created.v1", …).
func eventTypes(registry *domain.Registry, typ string) []string {
	var out []string
	for _, name := range registry.Types() {
		if name == typ || baseType(name) == typ {
			out = append(out, name)
		}
	}
	return out
}

// baseType is a type name without its version suffix (".v1").
func baseType(name string) string {
	i := strings.LastIndex(name, ".v")
	if i < 0 || i+2 == len(name) || strings.Trim(name[i+2:], "0123456789") != "" {
		return name
	}
	return name[:i]
}

func baseTypes(registry *domain.Registry) []string {
	var out []string
	for _, name := range registry.Types() {
		if b := baseType(name); !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	return out
}

func printLog(ctx context.Context, store eventstore.Store, f logFilter, out io.Writer) error {
	enc := json.NewEncoder(out)
	pos := f.from
	for {
		events, err := store.ReadAll(ctx, pos, 1000)
		if err != nil {
			return err
		}
		for _, e := range events {
			if !f.until.IsZero() && e.RecordedAt.After(f.until) {
				return nil
			}
			pos = e.Position
			if (len(f.types) > 0 && !slices.Contains(f.types, e.Type)) || !strings.HasPrefix(e.Stream, f.prefix) {
				continue
			}
			if err := enc.Encode(line(e)); err != nil {
				return err
			}
		}
		if len(events) < 1000 {
			return nil
		}
	}
}
