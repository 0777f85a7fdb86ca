package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"move/commands"
	domainidentity "move/domain/identity"
)

const applicationsUsage = `usage:
  move applications create --name N --slug S [--email E] [--time-zone Z]
      make an application (a tenant); prints its id. The first one of a production
      install, before any superadmin has logged in (README: First run in production).
`

// applicationsCmd makes applications from the command line: a fresh production install
// has none, and `move seed` (which makes the demo ones) refuses production.
func applicationsCmd(ctx context.Context, cfg config, args []string, out io.Writer) error {
	if wantsHelp(args) {
		fmt.Fprint(out, applicationsUsage)
		return nil
	}
	if len(args) == 0 || args[0] != "create" {
		return errors.New("applications: want create\n\n" + applicationsUsage)
	}
	fs := flag.NewFlagSet("applications create", flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	name := fs.String("name", "", "display name (required)")
	slug := fs.String("slug", "", "unique short name, lower case letters, digits and dashes (required)")
	email := fs.String("email", "", "the application's contact address")
	zone := fs.String("time-zone", "", "IANA time zone its calendars are in, e.g. Europe/Amsterdam")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("applications create: unexpected %q", fs.Arg(0))
	}
	settings := domainidentity.ApplicationSettings{Name: *name, Slug: *slug}
	if *email != "" {
		settings.Email = email
	}
	if *zone != "" {
		settings.Timezone = zone
	}
	b, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer b.close()
	res, err := b.app.CreateApplication(ctx, commands.Meta{ActorID: "cli"}, settings)
	if err != nil {
		return fmt.Errorf("applications create: %w", err)
	}
	fmt.Fprintln(out, res.ID)
	return nil
}
