package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain/wallet"
)

// CreateWallet adds a wallet to the meta's application, its slug reserved within the
// application. The id derives from the command id, so a retry creates nothing twice.
func (a *App) CreateWallet(ctx context.Context, meta Meta, s wallet.Settings) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("wallet")).String()
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		w := wallet.New(id)
		if err := u.load(wallet.Stream(id), w); err != nil {
			return err
		}
		events, err := w.Create(meta.ApplicationID, s)
		if err != nil {
			return err
		}
		if err := u.append(wallet.Stream(id), w, events...); err != nil {
			return err
		}
		return u.reserve(wallet.SlugScope, "slug", id, walletSlugKey(meta.ApplicationID, w.Settings.Slug))
	})
}

// UpdateWallet replaces a wallet's settings; a new slug is reserved and the old one
// freed in the same append. expected, when set, is the version the user edited.
func (a *App) UpdateWallet(ctx context.Context, meta Meta, id string, expected *uint64, s wallet.Settings) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		w := wallet.New(id)
		if err := u.load(wallet.Stream(id), w); err != nil {
			return err
		}
		if err := u.checkVersion(wallet.Stream(id), expected); err != nil {
			return err
		}
		old := w.Settings.Slug
		events, err := w.Update(meta.ApplicationID, s)
		if err != nil || len(events) == 0 {
			return err
		}
		if err := u.append(wallet.Stream(id), w, events...); err != nil {
			return err
		}
		if w.Settings.Slug == old {
			return nil
		}
		if err := u.reserve(wallet.SlugScope, "slug", id, walletSlugKey(meta.ApplicationID, w.Settings.Slug)); err != nil {
			return err
		}
		return u.release(wallet.SlugScope, id, walletSlugKey(meta.ApplicationID, old))
	})
}

// walletSlugKey scopes a wallet slug to its application.
func walletSlugKey(applicationID, slug string) string { return applicationID + "/" + slug }
