package commands

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/identity"
	"move/eventstore"
)

// RecordLogin, RecordLoginFailure and RecordTokensRevoked write audit facts to the
// user's audit stream. They decide nothing (the identity service already did), so they
// append without an expected version and keep the user's own stream short.
func (a *App) RecordLogin(ctx context.Context, meta Meta, userID string) error {
	return a.recordAudit(ctx, meta, userID, identity.LoggedIn{})
}

func (a *App) RecordLoginFailure(ctx context.Context, meta Meta, userID, reason string) error {
	return a.recordAudit(ctx, meta, userID, identity.LoginFailed{Reason: reason})
}

func (a *App) RecordTokensRevoked(ctx context.Context, meta Meta, userID, familyID, reason string) error {
	return a.recordAudit(ctx, meta, userID, identity.TokensRevoked{FamilyID: familyID, Reason: reason})
}

func (a *App) recordAudit(ctx context.Context, meta Meta, userID string, e domain.Event) error {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	if meta.CorrelationID == "" {
		meta.CorrelationID = meta.CommandID.String()
	}
	typ, data, err := a.run.registry.Encode(e)
	if err != nil {
		return err
	}
	stream := identity.AuditStream(userID)
	res, err := a.run.store.Append(ctx, stream, eventstore.Any, eventstore.EventData{
		ID:   uuid.NewSHA1(meta.CommandID, fmt.Appendf(nil, "%s/0", stream)),
		Type: typ,
		Data: data,
		Metadata: eventstore.Metadata{
			ApplicationID: meta.ApplicationID, OrganizationID: meta.OrganizationID, ActorID: meta.ActorID,
			CorrelationID: meta.CorrelationID, CausationID: meta.CommandID.String(), CommandID: meta.CommandID.String(),
		},
	})
	if err == nil {
		reportPosition(ctx, res.Position)
	}
	return err
}
