package commands_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/identity"
	"move/domain/organization"
	"move/domain/series"
	"move/internal/testenv"
)

// A customer books only what the public offer shows: a session or a bundle of a draft
// activity, or of an organisation not yet approved, is refused with 409 and its reason;
// staff adding a participant by hand are not refused (decision 1333).
func TestCustomersBookOnlyWhatTheOfferShows(t *testing.T) {
	ctx := context.Background()
	env := testenv.New(t)
	meta := inApplication(t, env, "app")
	customer := uuid.NewString()
	if _, err := env.App.RegisterUser(ctx, commands.Meta{ActorID: "test"}, customer, "klant@move.test"); err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.GrantRole(ctx, commands.Meta{ActorID: "test"}, customer, identity.Grant{Role: identity.RoleCustomer, ApplicationID: meta.ApplicationID}); err != nil {
		t.Fatal(err)
	}
	asCustomer := commands.Meta{ActorID: customer, ApplicationID: meta.ApplicationID}
	org, err := env.App.CreateOrganization(ctx, meta, organization.Profile{Name: "Studio"})
	if err != nil {
		t.Fatal(err)
	}
	day := time.Now().AddDate(0, 0, 7).Format(time.DateOnly)
	offer := func(concept bool) (commands.SessionRef, string) {
		t.Helper()
		session, err := env.App.CreateActivity(ctx, meta, org.ID, activity.TypeSession, activity.Details{Name: "Yoga", Concept: concept}, activity.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		s, err := env.App.CreateSeries(ctx, meta, session.ID, "Europe/Amsterdam",
			series.Schedule{Session: series.Session{Date: day, StartTime: "19:00", EndTime: "20:00", Spots: 5}})
		if err != nil {
			t.Fatal(err)
		}
		course, err := env.App.CreateActivity(ctx, meta, org.ID, activity.TypeBundle, activity.Details{Name: "Cursus", Concept: concept}, activity.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := env.App.CreateBundle(ctx, meta, course.ID, bundle.Fields{Name: "Voorjaar", Spots: 5, StartDate: day})
		if err != nil {
			t.Fatal(err)
		}
		return commands.SessionRef{SeriesID: s.ID, SessionID: series.SessionID(s.ID, day)}, b.ID
	}
	person := booking.Participant{FirstName: "Ann", LastName: "de Vries", Email: "ann@example.test"}
	book := func(session commands.SessionRef, bundleID string, byStaff bool) (error, error) {
		who, customerID := asCustomer, customer
		if byStaff {
			who, customerID = meta, ""
		}
		_, sessionErr := env.App.BookSession(ctx, who, commands.Booking{Session: session, CustomerID: customerID, Participant: person, ByStaff: byStaff})
		_, bundleErr := env.App.BookBundle(ctx, who, commands.BundleBooking{BundleID: bundleID, CustomerID: customerID, Participant: person, ByStaff: byStaff})
		return sessionErr, bundleErr
	}
	refused := func(what, key string, errs ...error) {
		t.Helper()
		for _, err := range errs {
			var c *domain.ConflictError
			if !errors.As(err, &c) || c.Key != key {
				t.Errorf("%s: %v, want %s", what, err, key)
			}
		}
	}
	allowed := func(what string, errs ...error) {
		t.Helper()
		for _, err := range errs {
			if err != nil {
				t.Errorf("%s: %v", what, err)
			}
		}
	}

	published, publishedBundle := offer(false)
	draft, draftBundle := offer(true)
	s, b := book(published, publishedBundle, false)
	refused("a customer, an organisation not yet approved", "booking.organization_not_approved", s, b)
	s, b = book(published, publishedBundle, true)
	allowed("staff, an organisation not yet approved", s, b)

	if _, err := env.App.ApproveOrganization(ctx, meta, org.ID); err != nil {
		t.Fatal(err)
	}
	s, b = book(draft, draftBundle, false)
	refused("a customer, a draft activity", "booking.draft", s, b)
	s, b = book(draft, draftBundle, true)
	allowed("staff, a draft activity", s, b)
	s, b = book(published, publishedBundle, false)
	allowed("a customer, a published activity of an approved organisation", s, b)
}
