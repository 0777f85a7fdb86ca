package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/organization"
	"move/domain/rate"
)

// CreateRate adds a rate to an organisation of the meta's application. The id derives
// from the command id, so a retry creates nothing twice.
func (a *App) CreateRate(ctx context.Context, meta Meta, organizationID string, f rate.Fields) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	meta.OrganizationID = organizationID
	id := uuid.NewSHA1(meta.CommandID, []byte("rate")).String()
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		r := rate.New(id)
		if err := u.load(rate.Stream(id), r); err != nil {
			return err
		}
		if err := u.checkOrganization(organizationID); err != nil {
			return err
		}
		if err := u.checkTerm(organizationID, f.CancellationTermID); err != nil {
			return err
		}
		events, err := r.Create(meta.ApplicationID, organizationID, f)
		if err != nil {
			return err
		}
		return u.append(rate.Stream(id), r, events...)
	})
}

// UpdateRate replaces a rate's fields; expected, when set, is the version the user
// edited. Orders placed before keep the price they were placed at.
func (a *App) UpdateRate(ctx context.Context, meta Meta, id string, expected *uint64, f rate.Fields) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		r := rate.New(id)
		if err := u.load(rate.Stream(id), r); err != nil {
			return err
		}
		if err := u.checkVersion(rate.Stream(id), expected); err != nil {
			return err
		}
		if r.VisibleIn(meta.ApplicationID) {
			if err := u.checkTerm(r.OrganizationID, f.CancellationTermID); err != nil {
				return err
			}
		}
		events, err := r.Update(meta.ApplicationID, f)
		if err != nil {
			return err
		}
		return u.append(rate.Stream(id), r, events...)
	})
}

// DeleteRate removes a rate. The read API refuses a rate that offers use first.
func (a *App) DeleteRate(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		r := rate.New(id)
		if err := u.load(rate.Stream(id), r); err != nil {
			return err
		}
		if err := u.checkVersion(rate.Stream(id), expected); err != nil {
			return err
		}
		events, err := r.Delete(meta.ApplicationID)
		if err != nil {
			return err
		}
		return u.append(rate.Stream(id), r, events...)
	})
}

// CreateCancellationTerm adds a cancellation term to an organisation.
func (a *App) CreateCancellationTerm(ctx context.Context, meta Meta, organizationID string, f rate.TermFields) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	meta.OrganizationID = organizationID
	id := uuid.NewSHA1(meta.CommandID, []byte("cancellation_term")).String()
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		t := rate.NewTerm(id)
		if err := u.load(rate.TermStream(id), t); err != nil {
			return err
		}
		if err := u.checkOrganization(organizationID); err != nil {
			return err
		}
		events, err := t.Create(meta.ApplicationID, organizationID, f)
		if err != nil {
			return err
		}
		return u.append(rate.TermStream(id), t, events...)
	})
}

// UpdateCancellationTerm replaces a term's fields.
func (a *App) UpdateCancellationTerm(ctx context.Context, meta Meta, id string, expected *uint64, f rate.TermFields) (Result, error) {
	return a.onTerm(ctx, meta, id, expected, func(t *rate.Term) ([]domain.Event, error) { return t.Update(meta.ApplicationID, f) })
}

// DeleteCancellationTerm removes a term. The read API refuses a term a rate names first.
func (a *App) DeleteCancellationTerm(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return a.onTerm(ctx, meta, id, expected, func(t *rate.Term) ([]domain.Event, error) { return t.Delete(meta.ApplicationID) })
}

func (a *App) onTerm(ctx context.Context, meta Meta, id string, expected *uint64, decide func(*rate.Term) ([]domain.Event, error)) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		t := rate.NewTerm(id)
		if err := u.load(rate.TermStream(id), t); err != nil {
			return err
		}
		if err := u.checkVersion(rate.TermStream(id), expected); err != nil {
			return err
		}
		events, err := decide(t)
		if err != nil {
			return err
		}
		return u.append(rate.TermStream(id), t, events...)
	})
}

// checkOrganization refuses an organisation that is not in the meta's application.
func (u *unit) checkOrganization(id string) error {
	o := organization.New(id)
	if err := u.load(organization.Stream(id), o); err != nil {
		return err
	}
	if !o.Exists || o.Deleted || o.ApplicationID != u.meta.ApplicationID {
		return &domain.NotFoundError{Kind: "organization", ID: id}
	}
	return nil
}

// checkTerm refuses a cancellation term that is not the organisation's.
func (u *unit) checkTerm(organizationID string, termID *string) error {
	if termID == nil || *termID == "" {
		return nil
	}
	if _, err := uuid.Parse(*termID); err != nil {
		return nil // the domain names the field
	}
	t := rate.NewTerm(*termID)
	if err := u.load(rate.TermStream(*termID), t); err != nil {
		return err
	}
	if !t.VisibleIn(u.meta.ApplicationID) || t.OrganizationID != organizationID {
		v := &domain.ValidationError{}
		v.Add("cancellation_term_id", "validation.unknown", nil)
		return v
	}
	return nil
}
