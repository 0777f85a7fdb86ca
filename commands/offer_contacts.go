package commands

import (
	"slices"
	"strconv"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/contact"
	offerdomain "move/domain/offer"
)

// checkOfferContacts refuses, on an activity or a product of organizationID, a contact
// that is not one of that organisation's (another application's, another organisation's,
// deleted or made up), naming the entry's field as the domain does. Contacts already on
// the offer (kept) pass: one removed since does not block editing the rest.
func (u *unit) checkOfferContacts(organizationID string, contacts, kept []offerdomain.Contact) error {
	v := &domain.ValidationError{}
	for i, c := range contacts {
		id, err := uuid.Parse(c.ContactID)
		if err != nil {
			continue // the domain names the field
		}
		if slices.ContainsFunc(kept, func(k offerdomain.Contact) bool { return k.ContactID == id.String() }) {
			continue
		}
		x := contact.New(id.String())
		if err := u.load(contact.Stream(id.String()), x); err != nil {
			return err
		}
		if !x.VisibleIn(u.meta.ApplicationID) || x.OrganizationID != organizationID {
			v.Add("contacts."+strconv.Itoa(i)+".contact_id", "contact.not_of_organization", nil)
		}
	}
	return v.OrNil()
}
