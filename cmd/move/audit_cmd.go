package main

import (
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"move/audit/seal"
	"move/eventstore"
)

const auditUsage = `usage:
  move audit verify [--anchor BLOCK:HASH ...]
                                          recompute the log's hash chain and compare it with its seals
                                          (and with block hashes kept outside the database); exits 1 on a finding
  move audit seal                         seal what the log holds beyond the last block now (the server does
                                          this by itself)
`

func auditCmd(ctx context.Context, cfg config, log *slog.Logger, args []string) error {
	if len(args) == 0 {
		return errors.New("audit: want verify or seal\n\n" + auditUsage)
	}
	if wantsHelp(args) {
		fmt.Print(auditUsage)
		return nil
	}
	var anchors []seal.Anchor
	switch args[0] {
	case "verify":
		a, err := parseAnchors(args[1:], os.Stderr)
		if err != nil {
			return err
		}
		anchors = a
	case "seal":
		if len(args) > 1 {
			return fmt.Errorf("audit seal: unexpected %q", args[1])
		}
	default:
		return fmt.Errorf("audit: unknown subcommand %q\n\n%s", args[0], auditUsage)
	}
	b, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer b.close()
	if args[0] == "seal" {
		n, err := seal.NewSealer(b.store, b.db, nil, log).Pass(ctx, true)
		if err != nil {
			return err
		}
		fmt.Printf("%d events sealed\n", n)
		return nil
	}
	return auditVerify(ctx, b.store, b.db, anchors, os.Stdout)
}

// anchorFlags collects repeated --anchor values.
type anchorFlags []seal.Anchor

func (a *anchorFlags) String() string { return fmt.Sprint(len(*a)) }
func (a *anchorFlags) Set(s string) error {
	anchor, err := seal.ParseAnchor(s)
	if err != nil {
		return err
	}
	*a = append(*a, anchor)
	return nil
}

func parseAnchors(args []string, usage io.Writer) ([]seal.Anchor, error) {
	fs := flag.NewFlagSet("audit verify", flag.ContinueOnError)
	fs.SetOutput(usage)
	var anchors anchorFlags
	fs.Var(&anchors, "anchor", "a block hash kept outside the database, as BLOCK:HASH (repeatable)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("audit verify: unexpected %q", fs.Arg(0))
	}
	return anchors, nil
}

// errTampered makes verify exit 1 after its report is printed.
var errTampered = errors.New("the log does not match its seals")

// auditVerify verifies the log, records the outcome for the audit area and prints it,
// with the newest block's hash to keep outside the database.
func auditVerify(ctx context.Context, store eventstore.Store, db *pgxpool.Pool, anchors []seal.Anchor, out io.Writer) error {
	report, err := seal.Verify(ctx, store, db, anchors)
	if err != nil {
		return err
	}
	if err := seal.RecordVerification(ctx, db, report); err != nil {
		return err
	}
	fmt.Fprintf(out, "%d events in %d blocks verified; %d events not sealed yet\n", report.Events, report.Blocks, report.Unsealed)
	if report.LastBlock >= 0 {
		fmt.Fprintf(out, "newest verified block: %d:%s\n", report.LastBlock, hex.EncodeToString(report.LastHash[:]))
	}
	if report.Finding != nil {
		fmt.Fprintf(out, "TAMPERED: %s\n", report.Finding)
		return errTampered
	}
	var anchored []string
	for _, a := range anchors {
		anchored = append(anchored, fmt.Sprint(a.Block))
	}
	if len(anchored) > 0 {
		fmt.Fprintf(out, "anchors matched: block %s\n", strings.Join(anchored, ", "))
	}
	fmt.Fprintln(out, "clean: keep the newest block's line outside the database and pass it as --anchor next time")
	return nil
}
