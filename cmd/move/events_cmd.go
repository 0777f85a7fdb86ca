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
	"strings"
	"time"

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

func eventsCmd(ctx context.Context, cfg config, _ *slog.Logger, args []string) error {
	if len(args) == 0 {
		return errors.New("events: want stream or log")
	}
	b, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer b.close()
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	switch args[0] {
	case "stream":
		if len(args) != 2 {
			return errors.New("events stream: name one stream")
		}
		return printStream(ctx, b.store, args[1], out)
	case "log":
		return printLog(ctx, b.store, args[1:], out)
	}
	return fmt.Errorf("events: unknown subcommand %q", args[0])
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

func printLog(ctx context.Context, store eventstore.Store, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("events log", flag.ContinueOnError)
	from := fs.String("from", "", "start after this position (commit.prepare)")
	typ := fs.String("type", "", "only events of this type")
	prefix := fs.String("stream-prefix", "", "only streams starting with this")
	until := fs.String("until", "", "stop at events recorded after this time (RFC 3339)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	pos := eventstore.Start
	if *from != "" {
		p, err := eventstore.ParsePosition(*from)
		if err != nil {
			return err
		}
		pos = p
	}
	var stop time.Time
	if *until != "" {
		t, err := time.Parse(time.RFC3339, *until)
		if err != nil {
			return fmt.Errorf("--until: %w", err)
		}
		stop = t
	}
	enc := json.NewEncoder(out)
	for {
		events, err := store.ReadAll(ctx, pos, 1000)
		if err != nil {
			return err
		}
		for _, e := range events {
			if !stop.IsZero() && e.RecordedAt.After(stop) {
				return nil
			}
			pos = e.Position
			if (*typ != "" && e.Type != *typ) || !strings.HasPrefix(e.Stream, *prefix) {
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
