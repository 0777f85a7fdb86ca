package identity_test

import (
	"bytes"
	"context"
	"log/slog"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/catalog"
	"move/domain/contact"
	domainidentity "move/domain/identity"
	"move/domain/organization"
	"move/domain/product"
	"move/domain/series"
	"move/identity"
)

// A refused invite writes nothing: no event, no key, no token, no mail. Before the
// invite carried its invitee sealed, a name Postgres could not store was refused with
// 500 after invite.sent had been appended; an invite also accepted any organisation id.
func TestRefusedInviteWritesNothing(t *testing.T) {
	w := newWorld(t, identity.Config{})
	ctx := context.Background()
	admin, _ := w.login("admin@example.test", password)
	path := "/v1/admin/applications/" + w.appA + "/invites"
	otherApplications := w.approvedOrganization(w.appB, "Organisatie B")
	pending, err := w.env.App.CreateOrganization(ctx, commands.Meta{ApplicationID: w.appA}, organization.Profile{Name: "Nog niet goedgekeurd"})
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct{ field, org, first string }{
		"another application's organisation": {"organization_id", otherApplications, "Ivo"},
		"a random organisation id":           {"organization_id", uuid.NewString(), "Ivo"},
		"a pending organisation":             {"organization_id", pending.ID, "Ivo"},
		"no organisation id":                 {"organization_id", "not-an-id", "Ivo"},
		"a NUL byte in the name":             {"first_name", w.orgA, "I\x00vo"},
		"a control character in the name":    {"first_name", w.orgA, "I\x1bvo"},
	} {
		a := w.call("POST", path, admin, w.appA, map[string]string{"first_name": c.first, "last_name": "Invitee",
			"email": "ivo@example.test", "role": "trainer", "organization_id": c.org})
		errs, _ := a.Body["errors"].(map[string]any)
		fields, _ := errs["fields"].(map[string]any)
		if a.Status != 422 || fields[c.field] == nil {
			t.Errorf("%s: %d %v, want 422 naming %s", name, a.Status, a.Body, c.field)
		}
	}
	var events, keys, tokens int
	if err := w.env.DB.QueryRow(ctx, `SELECT (SELECT count(*) FROM eventstore_events WHERE stream LIKE 'invite-%'),
		(SELECT count(*) FROM personal_data_keys WHERE subject LIKE 'invite-%'),
		(SELECT count(*) FROM identity_one_time_tokens WHERE purpose = 'invite')`).Scan(&events, &keys, &tokens); err != nil {
		t.Fatal(err)
	}
	w.mail.mu.Lock()
	mails := len(w.mail.sent)
	w.mail.mu.Unlock()
	if events+keys+tokens+mails != 0 {
		t.Fatalf("refused invites wrote %d events, %d keys, %d tokens, %d mails", events, keys, tokens, mails)
	}
	if a := w.call("POST", path, admin, w.appA, map[string]string{"first_name": "Ivo", "last_name": "Invitee",
		"email": "ivo@example.test", "role": "trainer", "organization_id": w.orgA}); a.Status != 201 {
		t.Fatalf("an invite to the application's approved organisation: %d %v", a.Status, a.Body)
	}
}

// identity_personal_data is read by the API's role only within the tenant: a person
// with no role in the transaction's application is not there.
func TestPersonalDataIsTenantIsolated(t *testing.T) {
	w := newWorld(t, identity.Config{})
	ctx := context.Background()
	count := func(app string) int {
		var n int
		if err := identity.ReadInTenant(ctx, w.env.DB, app, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, `SELECT count(*) FROM identity_personal_data WHERE email = 'admin@example.test'`).Scan(&n)
		}); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if a, b := count(w.appA), count(w.appB); a != 1 || b != 0 {
		t.Fatalf("A's admin is visible %d times in A and %d times in B; want 1 and 0", a, b)
	}
}

// The tenant's policy on the personal data (migration 0275, decision 1800) as the
// planner answers it both ways — a scan of every person checked against the tenant's
// members at once, and a person looked up by id with their membership probed — shows
// exactly the persons with a role in the transaction's application, and no one when
// the transaction names none.
func TestPersonalDataPolicyHoldsForScansAndLookups(t *testing.T) {
	w := newWorld(t, identity.Config{})
	ctx := context.Background()
	var admin string
	if err := w.env.DB.QueryRow(ctx, `SELECT subject_id::text FROM identity_personal_data WHERE email = 'admin@example.test'`).Scan(&admin); err != nil {
		t.Fatal(err)
	}
	for _, plan := range []string{`SET LOCAL enable_indexscan = off`, `SET LOCAL enable_seqscan = off`} {
		read := func(app string) (all, byID int) {
			err := pgx.BeginTxFunc(ctx, w.env.DB, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
				for _, sql := range []string{plan, `SET LOCAL enable_bitmapscan = off`, `SET LOCAL ROLE move_reader`} {
					if _, err := tx.Exec(ctx, sql); err != nil {
						return err
					}
				}
				if app != "" {
					if _, err := tx.Exec(ctx, `SELECT set_config('move.application_id', $1, true)`, app); err != nil {
						return err
					}
				}
				if err := tx.QueryRow(ctx, `SELECT count(*) FROM identity_personal_data`).Scan(&all); err != nil {
					return err
				}
				return tx.QueryRow(ctx, `SELECT count(*) FROM identity_personal_data WHERE subject_id = $1`, admin).Scan(&byID)
			})
			if err != nil {
				t.Fatal(err)
			}
			return all, byID
		}
		members := func(app string) int {
			var n int
			if err := w.env.DB.QueryRow(ctx, `SELECT count(*) FROM identity_personal_data p WHERE EXISTS (
				SELECT 1 FROM readmodel.identity_memberships m WHERE m.user_id = p.subject_id AND m.application_id = $1)`, app).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		allA, adminA := read(w.appA)
		allB, adminB := read(w.appB)
		none, adminNone := read("")
		if allA != members(w.appA) || allA < 2 || adminA != 1 {
			t.Fatalf("%s: A sees %d persons (its members: %d) and its admin %d times", plan, allA, members(w.appA), adminA)
		}
		if allB != members(w.appB) || adminB != 0 {
			t.Fatalf("%s: B sees %d persons (its members: %d) and A's admin %d times", plan, allB, members(w.appB), adminB)
		}
		if none != 0 || adminNone != 0 {
			t.Fatalf("%s: a transaction without a tenant sees %d persons and A's admin %d times", plan, none, adminNone)
		}
	}
}

// The log outbox (development mail) writes links, never the recipient's address: a log
// cannot be erased.
func TestLogMailerLeavesTheAddressOut(t *testing.T) {
	var buf bytes.Buffer
	m := identity.LogMailer{Log: slog.New(slog.NewJSONHandler(&buf, nil))}
	if err := m.Send(context.Background(), identity.Mail{To: "petra@example.org", Subject: "s", Body: "link"}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "petra") || !strings.Contains(buf.String(), "link") {
		t.Fatalf("logged: %s", buf.String())
	}
}

// A person who appears everywhere — a user, an invitee, an organisation's contact and
// the account holder of its IBAN, a recipient of mail — is erased, and then a full dump
// of the database (the event log included) holds none of their e-mail address, names,
// phone, street or IBAN; nor after every read model is rebuilt from the log.
func TestErasedPersonIsNowhereInTheDatabase(t *testing.T) {
	if _, err := exec.LookPath("pg_dump"); err != nil {
		t.Fatal("pg_dump is needed to search the whole database: install the Postgres client")
	}
	w := newWorld(t, identity.Config{})
	ctx := context.Background()
	const email = "Petra.Persoon@Example.org"
	// Searched as written (ciphertexts are base64: a short name folded to lower case
	// would now and then occur in them by chance); the address also as normalised.
	person := []string{email, "petra.persoon@example.org", "Petra", "Persoon", "+31 6 98765432", "Pietersbergweg", "NL91ABNA0417164300",
		"1984-02-29", "knieklachten"}

	customer, err := w.svc.CreateUser(ctx, commands.Meta{}, identity.NewUser{Email: email, FirstName: "Petra", LastName: "Persoon", Password: password,
		Grant: &domainidentity.Grant{Role: domainidentity.RoleCustomer, ApplicationID: w.appA}})
	if err != nil {
		t.Fatal(err)
	}
	meta := commands.Meta{ApplicationID: w.appA}
	org, err := w.env.App.CreateOrganization(ctx, meta, organization.Profile{Name: "Yoga aan het IJ", Email: email, Phone: "+31 6 98765432",
		Notes: "Petra Persoon belt na zessen", Address: organization.Address{Street: "Pietersbergweg", HouseNumber: "9", Zipcode: "1105 AZ", City: "Amsterdam", Country: "nl"}})
	if err != nil {
		t.Fatal(err)
	}
	meta.OrganizationID = org.ID
	if _, err := w.env.App.ApproveOrganization(ctx, meta, org.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := w.env.App.SetOrganizationFinance(ctx, meta, org.ID, nil, organization.Finance{ATTN: "Petra Persoon",
		Address: "Pietersbergweg 9", IBAN: "NL91ABNA0417164300", AccountName: "P. Persoon"}); err != nil {
		t.Fatal(err)
	}
	admin, _ := w.login("admin@example.test", password)
	if a := w.call("POST", "/v1/admin/applications/"+w.appA+"/invites", admin, w.appA, map[string]string{"first_name": "Petra", "last_name": "Persoon",
		"email": email, "role": "trainer", "organization_id": org.ID}); a.Status != 201 {
		t.Fatalf("invite: %d %v", a.Status, a.Body)
	}
	w.mail.token(t, email)
	// She is the organisation's contact person, found by her address alone (decision
	// 0602), and books a session for herself (her own subject, decision 0800).
	if _, err := w.env.App.CreateContact(ctx, meta, org.ID, contact.Fields{Name: "Petra Persoon", Email: email, Phone: "+31 6 98765432",
		Roles: []string{contact.RoleContactPerson}}); err != nil {
		t.Fatal(err)
	}
	act, err := w.env.App.CreateActivity(ctx, meta, org.ID, activity.TypeSession, activity.Details{Name: "Yoga"}, activity.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	day := time.Now().AddDate(0, 0, 7).Format(time.DateOnly)
	made, err := w.env.App.CreateSeries(ctx, meta, act.ID, "Europe/Amsterdam", series.Schedule{Session: series.Session{
		Date: day, StartTime: "19:00", EndTime: "20:00", Spots: 5}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.env.App.BookSession(ctx, meta, commands.Booking{Session: commands.SessionRef{SeriesID: made.ID, SessionID: series.SessionID(made.ID, day)},
		CustomerID: customer, Participant: booking.Participant{FirstName: "Petra", LastName: "Persoon", Email: "petra.persoon@example.org",
			DateOfBirth: "1984-02-29", Notes: "knieklachten"}}); err != nil {
		t.Fatal(err)
	}
	// She buys a product too (the buyer is the purchase's own subject, decision 1003).
	typ, err := w.env.App.CreateCatalogItem(ctx, commands.Meta{ActorID: "test"}, catalog.ProductType, catalog.Fields{Name: "Shirt"})
	if err != nil {
		t.Fatal(err)
	}
	shirt, err := w.env.App.CreateProduct(ctx, meta, org.ID, product.Details{Name: "Clubshirt", ProductTypeID: typ.ID, PriceDisplayMode: "eur"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.env.App.BuyProduct(ctx, meta, commands.ProductPurchase{ProductID: shirt.ID, CustomerID: customer,
		Buyer: booking.Participant{FirstName: "Petra", LastName: "Persoon", Email: "petra.persoon@example.org", DateOfBirth: "1984-02-29"}}); err != nil {
		t.Fatal(err)
	}
	w.eventually("the invite, the finance, the contact, the booking and the purchase are projected", func(tx pgx.Tx) bool {
		var n int
		_ = tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM readmodel.identity_invites WHERE email <> '')
			+ (SELECT count(*) FROM readmodel.organizations WHERE finance_iban <> '')
			+ (SELECT count(*) FROM readmodel.contacts WHERE email <> '')
			+ (SELECT count(*) FROM readmodel.session_participants WHERE email <> '')
			+ (SELECT count(*) FROM readmodel.product_purchases WHERE email <> '')`).Scan(&n)
		return n == 5
	})
	if found := search(t, w.env.DSN, person); len(found) != len(person) {
		t.Fatalf("before the erasure the dump shows only %v: the search does not work", found)
	}

	erased, err := w.svc.ErasePersonEverywhere(ctx, commands.Meta{ActorID: "dpo"}, email)
	if err != nil {
		t.Fatal(err)
	}
	if erased.UserID == "" || len(erased.Invites) != 1 || len(erased.Organizations) != 1 || len(erased.Contacts) != 1 || len(erased.Bookings) != 1 ||
		len(erased.Purchases) != 1 {
		t.Fatalf("erased %+v", erased)
	}
	w.eventually("the read models forgot her", func(tx pgx.Tx) bool {
		var n int
		_ = tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM readmodel.identity_invites WHERE email <> '')
			+ (SELECT count(*) FROM readmodel.organizations WHERE email <> '' OR finance_iban <> '')
			+ (SELECT count(*) FROM readmodel.contacts WHERE email <> '' OR name <> '')
			+ (SELECT count(*) FROM readmodel.session_participants WHERE email <> '' OR first_name <> '')
			+ (SELECT count(*) FROM readmodel.product_purchases WHERE email <> '' OR first_name <> '')`).Scan(&n)
		return n == 0
	})
	if found := search(t, w.env.DSN, person); len(found) != 0 {
		t.Fatalf("after the erasure the dump still holds %v", found)
	}
	w.env.Rebuild(t, w.runner)
	if found := search(t, w.env.DSN, person); len(found) != 0 {
		t.Fatalf("after rebuilding every read model the dump holds %v", found)
	}
	var name string
	if err := w.env.DB.QueryRow(ctx, `SELECT name FROM readmodel.organizations WHERE id = $1`, org.ID).Scan(&name); err != nil || name != "Yoga aan het IJ" {
		t.Fatalf("the organisation itself stays: %q %v", name, err)
	}
}

// search dumps the whole database and answers which of the values it holds.
func search(t *testing.T, dsn string, values []string) []string {
	t.Helper()
	out, err := exec.Command("pg_dump", "--no-owner", "--dbname="+dsn).Output()
	if err != nil {
		t.Fatalf("pg_dump: %v", err)
	}
	dump := string(out)
	var found []string
	for _, v := range values {
		if strings.Contains(dump, v) {
			found = append(found, v)
		}
	}
	return found
}
