package commands_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"move/commands"
	"move/domain"
	"move/domain/activity"
	"move/domain/catalog"
	"move/domain/contact"
	"move/domain/offer"
	"move/domain/organization"
	"move/domain/product"
	"move/internal/testenv"
)

// An activity's or a product's contacts are the organisation's own: another
// application's contact, another organisation's or a made-up id is refused with a 422
// naming the entry's field, on create and on update; the organisation's own passes.
func TestOfferContactsAreTheOrganisations(t *testing.T) {
	ctx := context.Background()
	env := testenv.New(t)
	metaA, metaB := inApplication(t, env, "app-a"), inApplication(t, env, "app-b")
	organisation := func(meta commands.Meta, name string) string {
		org, err := env.App.CreateOrganization(ctx, meta, organization.Profile{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		return org.ID
	}
	orgA, otherOrgA, orgB := organisation(metaA, "Studio A"), organisation(metaA, "Club A"), organisation(metaB, "Studio B")
	newContact := func(meta commands.Meta, org string) string {
		c, err := env.App.CreateContact(ctx, meta, org, contact.Fields{Name: "Coach", Roles: []string{"trainer"}})
		if err != nil {
			t.Fatal(err)
		}
		return c.ID
	}
	own, otherOrganisations, otherApplications := newContact(metaA, orgA), newContact(metaA, otherOrgA), newContact(metaB, orgB)
	productType, err := env.App.CreateCatalogItem(ctx, commands.Meta{ActorID: "test"}, catalog.ProductType, catalog.Fields{Name: "Materiaal"})
	if err != nil {
		t.Fatal(err)
	}
	contacts := func(ids ...string) []offer.Contact {
		var cs []offer.Contact
		for _, id := range ids {
			cs = append(cs, offer.Contact{ContactID: id, Roles: []string{"trainer"}})
		}
		return cs
	}
	createActivity := func(cs []offer.Contact) (commands.Result, error) {
		return env.App.CreateActivity(ctx, metaA, orgA, activity.TypeSession, activity.Details{Name: "Yoga", Contacts: cs}, activity.Settings{})
	}
	createProduct := func(cs []offer.Contact) (commands.Result, error) {
		return env.App.CreateProduct(ctx, metaA, orgA, product.Details{Name: "Mat", ProductTypeID: productType.ID, PriceDisplayMode: "eur", Contacts: cs})
	}
	refused := func(what string, err error) {
		t.Helper()
		var v *domain.ValidationError
		if !errors.As(err, &v) || len(v.Fields) != 1 || v.Fields[0].Field != "contacts.1.contact_id" || v.Fields[0].Key != "contact.not_of_organization" {
			t.Errorf("%s: %v, want contacts.1.contact_id refused", what, err)
		}
	}
	for name, foreign := range map[string]string{"another application's contact": otherApplications,
		"another organisation's contact": otherOrganisations, "a made-up id": uuid.NewString()} {
		_, err := createActivity(contacts(own, foreign))
		refused("an activity with "+name, err)
		_, err = createProduct(contacts(own, foreign))
		refused("a product with "+name, err)
	}

	act, err := createActivity(contacts(own))
	if err != nil {
		t.Fatalf("an activity with its organisation's contact: %v", err)
	}
	prod, err := createProduct(contacts(own))
	if err != nil {
		t.Fatalf("a product with its organisation's contact: %v", err)
	}
	_, err = env.App.UpdateActivity(ctx, metaA, act.ID, nil, activity.Details{Name: "Yoga", Contacts: contacts(own, otherApplications)})
	refused("an activity updated with another application's contact", err)
	_, err = env.App.UpdateProduct(ctx, metaA, prod.ID, nil, product.Details{Name: "Mat", ProductTypeID: productType.ID, PriceDisplayMode: "eur", Contacts: contacts(own, otherOrganisations)})
	refused("a product updated with another organisation's contact", err)
	if _, err := env.App.UpdateActivity(ctx, metaA, act.ID, nil, activity.Details{Name: "Yoga Flow", Contacts: contacts(own)}); err != nil {
		t.Fatalf("an activity updated with its own contact: %v", err)
	}
}
