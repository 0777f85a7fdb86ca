package main

import (
	"bufio"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain"
	domainidentity "move/domain/identity"
	"move/domain/registry"
	"move/domain/reservation"
	"move/eventstore"
	idsvc "move/identity"
	"move/readapi/kernel"
)

// identityConfig is read from the environment (docs/decisions/0104-production-secrets.md):
//
//	MOVE_ENV      production makes the checks below fatal
//	TOKEN_PEPPER  key of the token hashes (at least 32 characters in production)
//	SMTP_URL      smtp://user:password@host:port?from=address; unset: mail goes to the log
//	PUBLIC_URL    where links in mail point, default http://localhost:8080
type identityConfig struct {
	production bool
	pepper     string
	smtpURL    string
	publicURL  string
}

func loadIdentityConfig() identityConfig {
	return identityConfig{
		production: strings.EqualFold(os.Getenv("MOVE_ENV"), "production"),
		pepper:     os.Getenv("TOKEN_PEPPER"),
		smtpURL:    os.Getenv("SMTP_URL"),
		publicURL:  env("PUBLIC_URL", "http://localhost:8080"),
	}
}

// check refuses development defaults in production.
func (c identityConfig) check() error {
	if !c.production {
		return nil
	}
	var problems []string
	if len(c.pepper) < 32 || c.pepper == idsvc.DevelopmentPepper {
		problems = append(problems, "TOKEN_PEPPER must be set to a random value of at least 32 characters")
	}
	if c.smtpURL == "" {
		problems = append(problems, "SMTP_URL must be set (the log outbox would write reset links to the log)")
	}
	if len(problems) > 0 {
		return errors.New("MOVE_ENV=production: " + strings.Join(problems, "; "))
	}
	return nil
}

func newIdentityService(c identityConfig, b *backend, log *slog.Logger) (*idsvc.Service, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	var mailer idsvc.Mailer = idsvc.LogMailer{Log: log}
	if c.smtpURL != "" {
		m, err := idsvc.NewSMTPMailer(c.smtpURL)
		if err != nil {
			return nil, err
		}
		mailer = m
	}
	cfg := idsvc.Config{PublicURL: c.publicURL}
	if c.pepper != "" {
		cfg.Pepper = []byte(c.pepper)
	}
	return idsvc.New(b.db, b.app, mailer, log, time.Now, cfg)
}

// identity wires authentication, tenancy and permissions into the read API, and writes
// the default permission matrix the first time.
func identity(ctx context.Context, _ config, b *backend, log *slog.Logger) (kernel.Authenticator, kernel.TenantResolver, kernel.Authorizer, error) {
	svc, err := newIdentityService(loadIdentityConfig(), b, log)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := svc.EnsureDefaultPermissions(ctx); err != nil {
		return nil, nil, nil, fmt.Errorf("default permissions: %w", err)
	}
	go svc.SweepExpiredEvery(ctx, time.Hour) // ends with the server's context
	guards := &kernel.Identity{Service: svc}
	return guards, guards, guards, nil
}

func usersCmd(ctx context.Context, cfg config, log *slog.Logger, args []string) error {
	if len(args) > 0 && args[0] == "erase" {
		return eraseUserCmd(ctx, cfg, log, args[1:])
	}
	if len(args) == 0 || args[0] != "create" {
		return errors.New("users: want create or erase")
	}
	fs := flag.NewFlagSet("users create", flag.ContinueOnError)
	email := fs.String("email", "", "e-mail address (required)")
	first := fs.String("first-name", "", "first name (required)")
	last := fs.String("last-name", "", "last name (required)")
	role := fs.String("role", "", "superadmin, admin, organization, trainer or customer (a consumer-app user); none makes a user without a role")
	appSlug := fs.String("application", "", "slug of the application the role is in")
	org := fs.String("organization", "", "organisation id, for organization and trainer")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	password, err := bufio.NewReader(os.Stdin).ReadString('\n')
	if err != nil && password == "" {
		return errors.New("users create: write the password to standard input")
	}
	password = strings.TrimRight(password, "\r\n")
	return withIdentity(ctx, cfg, log, func(b *backend, svc *idsvc.Service) error {
		in := idsvc.NewUser{Email: *email, FirstName: *first, LastName: *last, Password: password}
		if *role != "" {
			g := domainidentity.Grant{Role: *role, OrganizationID: *org}
			if *role != domainidentity.RoleSuperadmin {
				if g.ApplicationID, err = applicationBySlug(ctx, b.store, *appSlug); err != nil {
					return err
				}
			}
			in.Grant = &g
		}
		id, err := svc.CreateUser(ctx, commands.Meta{ActorID: "cli"}, in)
		if err != nil {
			return err
		}
		fmt.Println(id)
		return nil
	})
}

// applicationBySlug reads the slug's reservation: it names the application without
// waiting for the projectors.
func applicationBySlug(ctx context.Context, store eventstore.Store, slug string) (string, error) {
	if slug == "" {
		return "", errors.New("--application: name the application's slug")
	}
	events, err := store.ReadStream(ctx, reservation.Stream(domainidentity.SlugScope, slug), eventstore.Backwards, ^uint64(0), 1)
	if errors.Is(err, eventstore.ErrStreamNotFound) || (err == nil && (len(events) == 0 || events[0].Type != (reservation.Reserved{}).EventType())) {
		return "", fmt.Errorf("--application: no application with slug %q", slug)
	}
	if err != nil {
		return "", err
	}
	e, err := registry.All().Decode(events[0].Type, events[0].Data)
	if err != nil {
		return "", err
	}
	return e.(reservation.Reserved).Owner, nil
}

// seedPassword is every demo user's password.
const seedPassword = "move-demo-password"

// demoOrganization is the fixed organisation of an application's demo organization and
// trainer users, until organisations exist (docs/decisions/0105-demo-organisations.md).
func demoOrganization(slug string) string {
	return uuid.NewSHA1(seedNamespace, []byte("organization/"+slug)).String()
}

// seedIdentity makes the demo applications and one user per role.
func seedIdentity(ctx context.Context, _ config, b *backend, log *slog.Logger) error {
	svc, err := newIdentityService(loadIdentityConfig(), b, log)
	if err != nil {
		return err
	}
	if err := svc.EnsureDefaultPermissions(ctx); err != nil {
		return err
	}
	apps := map[string]string{}
	for _, a := range []domainidentity.ApplicationSettings{
		{Name: "Move Demo", Slug: "move-demo"},
		{Name: "Sportief Utrecht", Slug: "sportief-utrecht"},
	} {
		res, err := b.app.CreateApplication(ctx, seedMeta("application/"+a.Slug), a)
		if err != nil {
			return fmt.Errorf("seed application %s: %w", a.Slug, err)
		}
		apps[a.Slug] = res.ID
	}
	demo := apps["move-demo"]
	users := []struct {
		email, first, last string
		grant              domainidentity.Grant
	}{
		{"superadmin@move.test", "Sam", "Superadmin", domainidentity.Grant{Role: domainidentity.RoleSuperadmin}},
		{"admin@move.test", "Ada", "Admin", domainidentity.Grant{Role: domainidentity.RoleAdmin, ApplicationID: demo}},
		{"organization@move.test", "Olga", "Organisatie", domainidentity.Grant{Role: domainidentity.RoleOrganization, ApplicationID: demo, OrganizationID: demoOrganization("move-demo")}},
		{"trainer@move.test", "Tom", "Trainer", domainidentity.Grant{Role: domainidentity.RoleTrainer, ApplicationID: demo, OrganizationID: demoOrganization("move-demo")}},
		{"customer@move.test", "Kim", "Klant", domainidentity.Grant{Role: domainidentity.RoleCustomer, ApplicationID: demo}},
		{"customer2@move.test", "Cas", "de Vries", domainidentity.Grant{Role: domainidentity.RoleCustomer, ApplicationID: demo}},
	}
	for _, u := range users {
		g := u.grant
		_, err := svc.CreateUser(ctx, seedMeta("user/"+u.email), idsvc.NewUser{Email: u.email, FirstName: u.first, LastName: u.last, Password: seedPassword, Grant: &g})
		var v *domain.ValidationError
		if err != nil && !errors.As(err, &v) { // an address taken by hand before seeding is fine
			return fmt.Errorf("seed user %s: %w", u.email, err)
		}
	}
	log.Info("seeded identity", "applications", len(apps), "users", len(users), "password", seedPassword)
	return nil
}

// eraseUserCmd forgets a person on their request (decisions 0100, 0511): the operator
// names them by e-mail address, and may name organisations whose contact and finance
// data are theirs (a sole trader) when the address does not find them.
func eraseUserCmd(ctx context.Context, cfg config, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("users erase", flag.ContinueOnError)
	email := fs.String("email", "", "e-mail address of the person to erase (required)")
	var organizations stringList
	fs.Var(&organizations, "organization", "id of an organisation whose contact and finance data are the person's (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if strings.TrimSpace(*email) == "" {
		return errors.New("users erase: --email is required")
	}
	return withIdentity(ctx, cfg, log, func(_ *backend, svc *idsvc.Service) error {
		erased, err := svc.ErasePersonEverywhere(ctx, commands.Meta{ActorID: "cli"}, *email, organizations...)
		var nf *domain.NotFoundError
		if errors.As(err, &nf) {
			return fmt.Errorf("users erase: no user, invite, organisation, contact or participant with e-mail %q", *email)
		}
		if err != nil {
			return err
		}
		return json.NewEncoder(os.Stdout).Encode(erased)
	})
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

// withIdentity runs fn with the backend and the identity service, closing them after.
func withIdentity(ctx context.Context, cfg config, log *slog.Logger, fn func(*backend, *idsvc.Service) error) error {
	b, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer b.close()
	svc, err := newIdentityService(loadIdentityConfig(), b, log)
	if err != nil {
		return err
	}
	return fn(b, svc)
}

// qrSecret is the key bookings' QR codes are signed with: derived from the token pepper
// (one secret to keep, checked in production), for this purpose only.
func qrSecret(pepper string) []byte {
	if pepper == "" {
		pepper = idsvc.DevelopmentPepper
	}
	mac := hmac.New(sha256.New, []byte(pepper))
	mac.Write([]byte("move booking qr v1"))
	return mac.Sum(nil)
}
