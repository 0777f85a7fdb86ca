package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/contact"
	"move/domain/identity"
)

// CreateContact adds a contact to an organisation of the meta's application. Its
// personal fields are sealed with the contact's own key.
func (a *App) CreateContact(ctx context.Context, meta Meta, organizationID string, f contact.Fields) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	meta.OrganizationID = organizationID
	id := uuid.NewSHA1(meta.CommandID, []byte("contact")).String()
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		c := contact.New(id)
		if err := u.load(contact.Stream(id), c); err != nil {
			return err
		}
		if err := u.checkOrganization(organizationID); err != nil {
			return err
		}
		if err := u.checkTrainer(organizationID, f.TrainerUserID); err != nil {
			return err
		}
		events, err := c.Create(meta.ApplicationID, organizationID, f)
		if err != nil {
			return err
		}
		return u.append(contact.Stream(id), c, events...)
	})
}

// UpdateContact replaces a contact's fields.
func (a *App) UpdateContact(ctx context.Context, meta Meta, id string, expected *uint64, f contact.Fields) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		c := contact.New(id)
		if err := u.load(contact.Stream(id), c); err != nil {
			return err
		}
		if err := u.checkVersion(contact.Stream(id), expected); err != nil {
			return err
		}
		if c.VisibleIn(meta.ApplicationID) {
			if err := u.checkTrainer(c.OrganizationID, f.TrainerUserID); err != nil {
				return err
			}
		}
		events, err := c.Update(meta.ApplicationID, f)
		if err != nil {
			return err
		}
		return u.append(contact.Stream(id), c, events...)
	})
}

// DeleteContact removes a contact and erases its personal data: nothing keeps a
// deleted person's name, e-mail or phone readable, in the log or the read model.
func (a *App) DeleteContact(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	res, err := a.run.execute(ctx, meta, id, func(u *unit) error {
		c := contact.New(id)
		if err := u.load(contact.Stream(id), c); err != nil {
			return err
		}
		if err := u.checkVersion(contact.Stream(id), expected); err != nil {
			return err
		}
		events, err := c.Delete(meta.ApplicationID)
		if err != nil {
			return err
		}
		return u.append(contact.Stream(id), c, events...)
	})
	if err != nil {
		return res, err
	}
	erasure := meta
	erasure.CommandID = uuid.NewSHA1(meta.CommandID, []byte("erase"))
	erased, err := a.ErasePersonalData(ctx, erasure, contact.Stream(id))
	if err != nil {
		return res, err
	}
	res.Position = erased.Position
	return res, nil
}

// checkTrainer refuses a trainer user who is not a trainer of the organisation.
func (u *unit) checkTrainer(organizationID string, userID *string) error {
	if userID == nil || *userID == "" {
		return nil
	}
	id, err := uuid.Parse(*userID)
	if err != nil {
		return nil // the domain names the field
	}
	user := identity.NewUser(id.String())
	if err := u.load(identity.UserStream(id.String()), user); err != nil {
		return err
	}
	grant := identity.Grant{Role: identity.RoleTrainer, ApplicationID: u.meta.ApplicationID, OrganizationID: organizationID}
	if !user.Exists || user.Erased || !user.Grants[grant] {
		v := &domain.ValidationError{}
		v.Add("trainer_user_id", "contact.not_a_trainer", nil)
		return v
	}
	return nil
}
