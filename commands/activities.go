package commands

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/activity"
	"move/domain/organization"
)

// CreateActivity adds an activity to an organisation of the meta's application. Its id
// derives from the command id, so a retry creates nothing twice. The sport, when given,
// must be one of the organisation's sports: unlinking a sport is refused while an
// activity uses it (validate-sports), so the two stay consistent.
func (a *App) CreateActivity(ctx context.Context, meta Meta, organizationID, typ string, d activity.Details, s activity.Settings) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("activity")).String()
	meta.OrganizationID = organizationID
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		x := activity.New(id)
		if err := u.load(activity.Stream(id), x); err != nil {
			return err
		}
		if err := u.checkOfferSport("activity", organizationID, d.SportID); err != nil {
			return err
		}
		if err := u.checkOfferContacts(organizationID, d.Contacts, nil); err != nil {
			return err
		}
		events, err := x.Create(meta.ApplicationID, organizationID, typ, d, s)
		if err != nil {
			return err
		}
		return u.append(activity.Stream(id), x, events...)
	})
}

// checkOfferSport refuses an organisation that is not the application's and a sport
// that is not the organisation's (the refusal is kind's: activity or product).
func (u *unit) checkOfferSport(kind, organizationID string, sportID *string) error {
	o := organization.New(organizationID)
	if err := u.load(organization.Stream(organizationID), o); err != nil {
		return err
	}
	if !o.VisibleIn(u.meta.ApplicationID) {
		return &domain.NotFoundError{Kind: "organization", ID: organizationID}
	}
	if sportID == nil {
		return nil
	}
	if _, err := uuid.Parse(*sportID); err != nil {
		return nil // the domain names the field
	}
	if !slices.Contains(o.Profile.Sports, *sportID) {
		v := &domain.ValidationError{}
		v.Add("sport_id", kind+".sport_not_of_organization", nil)
		return v
	}
	return u.checkSports([]string{*sportID})
}

// UpdateActivity changes an activity's details; expected, when given, is the version
// the user edited.
func (a *App) UpdateActivity(ctx context.Context, meta Meta, id string, expected *uint64, d activity.Details) (Result, error) {
	return a.onActivity(ctx, meta, id, expected, func(u *unit, x *activity.Activity) ([]domain.Event, error) {
		if x.VisibleIn(meta.ApplicationID) && !eqSport(x.Details.SportID, d.SportID) {
			if err := u.checkOfferSport("activity", x.OrganizationID, d.SportID); err != nil {
				return nil, err
			}
		}
		if x.VisibleIn(meta.ApplicationID) {
			if err := u.checkOfferContacts(x.OrganizationID, d.Contacts, x.Details.Contacts); err != nil {
				return nil, err
			}
		}
		return x.Update(meta.ApplicationID, d)
	})
}

func eqSport(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// SetActivityLocation sets where an activity takes place.
func (a *App) SetActivityLocation(ctx context.Context, meta Meta, id string, locationID *string) (Result, error) {
	return a.onActivity(ctx, meta, id, nil, func(_ *unit, x *activity.Activity) ([]domain.Event, error) {
		return x.SetLocation(meta.ApplicationID, locationID)
	})
}

// ChangeActivitySettings sets an activity's booking switches.
func (a *App) ChangeActivitySettings(ctx context.Context, meta Meta, id string, s activity.Settings) (Result, error) {
	return a.onActivity(ctx, meta, id, nil, func(_ *unit, x *activity.Activity) ([]domain.Event, error) {
		return x.ChangeSettings(meta.ApplicationID, s)
	})
}

// ChangeActivityQuestions sets an activity's extra questions; a new question's id
// derives from the command id and its place, so a retry names it the same.
func (a *App) ChangeActivityQuestions(ctx context.Context, meta Meta, id string, qs []activity.Question) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	return a.onActivity(ctx, meta, id, nil, func(_ *unit, x *activity.Activity) ([]domain.Event, error) {
		n := 0
		return x.ChangeQuestions(meta.ApplicationID, qs, func() string {
			n++
			return uuid.NewSHA1(meta.CommandID, []byte{byte(n >> 8), byte(n)}).String()
		})
	})
}

// AssignActivityLabels sets an activity's labels.
func (a *App) AssignActivityLabels(ctx context.Context, meta Meta, id string, labels []string) (Result, error) {
	return a.onActivity(ctx, meta, id, nil, func(_ *unit, x *activity.Activity) ([]domain.Event, error) {
		return x.AssignLabels(meta.ApplicationID, labels)
	})
}

// DeleteActivity removes an activity; its sessions leave every list with it.
func (a *App) DeleteActivity(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return a.onActivity(ctx, meta, id, expected, func(_ *unit, x *activity.Activity) ([]domain.Event, error) {
		return x.Delete(meta.ApplicationID)
	})
}

// onActivity runs one decision on an activity and appends what it decides.
func (a *App) onActivity(ctx context.Context, meta Meta, id string, expected *uint64, decide func(*unit, *activity.Activity) ([]domain.Event, error)) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		x := activity.New(id)
		if err := u.load(activity.Stream(id), x); err != nil {
			return err
		}
		if err := u.checkVersion(activity.Stream(id), expected); err != nil {
			return err
		}
		u.meta.OrganizationID = x.OrganizationID
		events, err := decide(u, x)
		if err != nil {
			return err
		}
		return u.append(activity.Stream(id), x, events...)
	})
}
