package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/identity"
	"move/domain/organization"
	"move/eventstore"
)

// SendInvite records an invite, the invitee's name and address sealed in it; its id
// derives from the command id. The invite names an approved organisation of its own
// application (a pending one is not yet allowed to have staff), else it is refused with
// a field error and nothing is written. The identity service keeps the token's hash.
func (a *App) SendInvite(ctx context.Context, meta Meta, s identity.InviteSent) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("invite")).String()
	meta.ApplicationID, meta.OrganizationID = s.ApplicationID, s.OrganizationID
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		inv := &identity.Invite{ID: id}
		if err := u.load(identity.InviteStream(id), inv); err != nil {
			return err
		}
		if err := u.checkApprovedOrganization(s.ApplicationID, s.OrganizationID); err != nil {
			return err
		}
		events, err := inv.Send(s, u.now)
		if err != nil {
			return err
		}
		return u.append(identity.InviteStream(id), inv, events...)
	})
}

// AcceptInvite records the invite's acceptance by userID and grants its role, in one
// atomic append: an invite is used once.
func (a *App) AcceptInvite(ctx context.Context, meta Meta, inviteID, userID string) (Result, error) {
	return a.run.execute(ctx, meta, inviteID, func(u *unit) error {
		inv := &identity.Invite{ID: inviteID}
		if err := u.load(identity.InviteStream(inviteID), inv); err != nil {
			return err
		}
		events, err := inv.Accept(userID, u.now)
		if err != nil {
			return err
		}
		if err := u.append(identity.InviteStream(inviteID), inv, events...); err != nil {
			return err
		}
		user := identity.NewUser(userID)
		if err := u.load(identity.UserStream(userID), user); err != nil {
			return err
		}
		granted, err := user.GrantRole(identity.Grant{Role: inv.Sent.Role, ApplicationID: inv.Sent.ApplicationID, OrganizationID: inv.Sent.OrganizationID})
		if err != nil {
			return err
		}
		return u.append(identity.UserStream(userID), user, granted...)
	})
}

// checkApprovedOrganization refuses an organisation id that is not an approved
// organisation of the application: malformed, unknown, deleted, another application's,
// pending or rejected all answer the same field error.
func (u *unit) checkApprovedOrganization(applicationID, organizationID string) error {
	unknown := func() error {
		v := &domain.ValidationError{}
		v.Add("organization_id", "validation.unknown_organization", nil)
		return v
	}
	id, err := uuid.Parse(organizationID)
	if err != nil || id.String() != organizationID {
		return unknown()
	}
	o := organization.New(organizationID)
	if err := u.load(organization.Stream(organizationID), o); err != nil {
		return err
	}
	if !o.VisibleIn(applicationID) || o.State != organization.StateApproved {
		return unknown()
	}
	return nil
}

// Invite answers the invite as its events tell it, the invitee's name and address
// opened (blank once erased).
func (a *App) Invite(ctx context.Context, id string) (*identity.Invite, error) {
	inv := &identity.Invite{ID: id}
	u := &unit{ctx: ctx, r: a.run, now: a.run.now().UTC(), loaded: map[string]eventstore.ExpectedVersion{}}
	if err := u.load(identity.InviteStream(id), inv); err != nil {
		return nil, err
	}
	if inv.Status == "" {
		return nil, &domain.NotFoundError{Kind: "invite", ID: id}
	}
	return inv, nil
}
