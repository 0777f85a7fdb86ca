package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/activity"
	"move/domain/series"
)

// CreateSeries adds a series of sessions to an activity (a single session is a series
// without repetition), its rule in the time zone zone (the application's). The series id
// derives from the command id.
func (a *App) CreateSeries(ctx context.Context, meta Meta, activityID, zone string, sc series.Schedule) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("series")).String()
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		s := series.New(id)
		if err := u.load(series.Stream(id), s); err != nil {
			return err
		}
		x, err := u.loadActivity(activityID)
		if err != nil {
			return err
		}
		events, err := s.Create(meta.ApplicationID, x.OrganizationID, activityID, zone, sc, "", u.now)
		if err != nil {
			return err
		}
		return u.append(series.Stream(id), s, events...)
	})
}

// loadActivity reads an activity of the meta's application that sessions may belong to.
func (u *unit) loadActivity(id string) (*activity.Activity, error) {
	x := activity.New(id)
	if err := u.load(activity.Stream(id), x); err != nil {
		return nil, err
	}
	if !x.VisibleIn(u.meta.ApplicationID) {
		return nil, &domain.NotFoundError{Kind: "activity", ID: id}
	}
	u.meta.OrganizationID = x.OrganizationID
	return x, nil
}

// ChangeSession changes one future session of a series ("only this one").
func (a *App) ChangeSession(ctx context.Context, meta Meta, seriesID, sessionID string, next series.Session) (Result, error) {
	return a.onSeries(ctx, meta, seriesID, func(u *unit, s *series.Series) error {
		events, err := s.ChangeOne(meta.ApplicationID, sessionID, next, u.now)
		if err != nil {
			return err
		}
		return u.append(series.Stream(seriesID), s, events...)
	})
}

// ChangeFollowingSessions is "this and all later": the series ends at the session and a
// new series with the schedule sc takes over, both appended at once. The result names
// the new series.
func (a *App) ChangeFollowingSessions(ctx context.Context, meta Meta, seriesID, sessionID string, sc series.Schedule) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	nextID := uuid.NewSHA1(meta.CommandID, []byte("series")).String()
	res, err := a.onSeries(ctx, meta, seriesID, func(u *unit, s *series.Series) error {
		successor := series.New(nextID)
		if err := u.load(series.Stream(nextID), successor); err != nil {
			return err
		}
		this, next, err := s.ChangeFollowing(meta.ApplicationID, sessionID, sc, nextID, u.now)
		if err != nil {
			return err
		}
		if err := u.append(series.Stream(seriesID), s, this...); err != nil {
			return err
		}
		return u.append(series.Stream(nextID), successor, next...)
	})
	res.ID = nextID
	return res, err
}

// PreviewFollowingSessions answers what "this and all later" with sc would do to the
// series' sessions from the given one on, and appends nothing.
func (a *App) PreviewFollowingSessions(ctx context.Context, meta Meta, seriesID, sessionID string, sc series.Schedule) (series.Impact, error) {
	var impact series.Impact
	_, err := a.onSeries(ctx, meta, seriesID, func(u *unit, s *series.Series) error {
		_, next, err := s.ChangeFollowing(meta.ApplicationID, sessionID, sc, uuid.NewString(), u.now)
		if err != nil {
			return err
		}
		successor := series.New(uuid.NewString())
		successor.Apply(next[0])
		impact = series.ImpactOf(series.From(s.Occurrences(), sessionID), successor.Occurrences())
		return nil
	})
	return impact, err
}

// PreviewDeleteSessions answers the ids of the sessions DeleteSession would remove (the
// one, or it and every later one), refusing as it would, and appends nothing.
func (a *App) PreviewDeleteSessions(ctx context.Context, meta Meta, seriesID, sessionID string, following bool) ([]string, error) {
	var ids []string
	_, err := a.onSeries(ctx, meta, seriesID, func(u *unit, s *series.Series) error {
		decide := s.CancelOne
		if following {
			decide = s.CancelFollowing
		}
		if _, err := decide(meta.ApplicationID, sessionID, u.now); err != nil {
			return err
		}
		removed := series.From(s.Occurrences(), sessionID)
		if !following && len(removed) > 1 {
			removed = removed[:1]
		}
		for _, o := range removed {
			ids = append(ids, o.ID)
		}
		return nil
	})
	return ids, err
}

// DeleteSession removes one future session, or (following) it and every later one of
// its series. Participants are not touched (spec §4).
func (a *App) DeleteSession(ctx context.Context, meta Meta, seriesID, sessionID string, following bool) (Result, error) {
	return a.onSeries(ctx, meta, seriesID, func(u *unit, s *series.Series) error {
		decide := s.CancelOne
		if following {
			decide = s.CancelFollowing
		}
		events, err := decide(meta.ApplicationID, sessionID, u.now)
		if err != nil {
			return err
		}
		return u.append(series.Stream(seriesID), s, events...)
	})
}

// onSeries loads a series of the meta's application and runs a decision on it.
func (a *App) onSeries(ctx context.Context, meta Meta, id string, decide func(*unit, *series.Series) error) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		s := series.New(id)
		if err := u.load(series.Stream(id), s); err != nil {
			return err
		}
		if !s.Exists || s.ApplicationID != meta.ApplicationID {
			return &domain.NotFoundError{Kind: "session", ID: id}
		}
		u.meta.OrganizationID = s.OrganizationID
		return decide(u, s)
	})
}
