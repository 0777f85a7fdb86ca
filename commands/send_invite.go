package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain/identity"
)

// SendInvite records an invite; its id derives from the command id. The identity
// service keeps the invitee's name and address (personal data) and the token's hash.
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
