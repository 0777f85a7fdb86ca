// Package activities is the read model of activities and their sessions: the
// organisation's activity lists and forms, every materialised session of every series
// (one row per session, with its own id and spots, sized for millions of rows per
// application), the series' rules for the editor, and what the app may show
// (activities not in concept of approved organisations). Every table is tenant-owned,
// with forced row-level security (decision 0102).
package activities

import (
	"context"
	"encoding/json"
	"strings"

	"move/domain/activity"
	"move/domain/names"
	"move/domain/organization"
	"move/domain/series"
	"move/projections"
)

// Table names; Name is the projector's permanent name.
const (
	Name       = "activities"
	Activities = "activities"
	Sessions   = "sessions"
	Series     = "session_series"
	// Organizations is each organisation's approval, so the offer the app sees is
	// derived (approval shows an organisation's offer without touching it).
	Organizations = "activity_organizations"
)

// Projector builds the activity tables.
func Projector() projections.Projector { return projector{} }

type projector struct{}

func (projector) Name() string     { return Name }
func (projector) Version() int     { return 1 }
func (projector) Tables() []string { return []string{Activities, Sessions, Series, Organizations} }
func (projector) EventTypes() []string {
	return append(append(activity.EventTypes(), series.EventTypes()...),
		organization.Created{}.EventType(), organization.Approved{}.EventType(), organization.Rejected{}.EventType(),
		organization.Deleted{}.EventType())
}

// Schema. Sessions page by (application_id[, organization_id | activity_id], starts_at,
// id) indexes, so any page of the overview is one index range.
func (projector) Schema() string {
	return `
CREATE TABLE activities (
    id                   uuid        PRIMARY KEY,
    application_id       uuid        NOT NULL,
    organization_id      uuid        NOT NULL,
    type                 text        NOT NULL,
    name                 text        NOT NULL,
    name_key             text        NOT NULL,
    sport_id             uuid,
    description          text        NOT NULL DEFAULT '',
    notes                text        NOT NULL DEFAULT '',
    rate_id              uuid,
    gender               text        NOT NULL DEFAULT '',
    level                text        NOT NULL DEFAULT '',
    category_ids         uuid[]      NOT NULL DEFAULT '{}',
    tag_ids              uuid[]      NOT NULL DEFAULT '{}',
    payment_url          text        NOT NULL DEFAULT '',
    cancellation_term_id uuid,
    price_display_mode   text        NOT NULL,
    image_id             text,
    is_accessible        boolean     NOT NULL DEFAULT false,
    age_min              integer,
    age_max              integer,
    contacts             jsonb       NOT NULL DEFAULT '[]',
    concept              boolean     NOT NULL DEFAULT false,
    is_exclusive         boolean     NOT NULL DEFAULT false,
    has_waitlist         boolean     NOT NULL DEFAULT false,
    should_validate_age  boolean     NOT NULL DEFAULT false,
    no_signup_required   boolean     NOT NULL DEFAULT false,
    location_id          uuid,
    questions            jsonb       NOT NULL DEFAULT '[]',
    label_ids            uuid[]      NOT NULL DEFAULT '{}',
    version              bigint      NOT NULL,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL
);
CREATE INDEX activities_by_organization ON activities (application_id, organization_id, name_key, id);
CREATE INDEX activities_by_name ON activities (application_id, name_key, id);
CREATE INDEX activities_by_sport ON activities (organization_id, sport_id);
` + projections.TenantRLS(Activities) + `

CREATE TABLE session_series (
    id              uuid        PRIMARY KEY,
    application_id  uuid        NOT NULL,
    organization_id uuid        NOT NULL,
    activity_id     uuid        NOT NULL,
    time_zone       text        NOT NULL,
    schedule        jsonb       NOT NULL,
    ended_from      date,
    next_id         uuid,
    previous_id     uuid,
    version         bigint      NOT NULL
);
CREATE INDEX session_series_by_activity ON session_series (activity_id);
` + projections.TenantRLS(Series) + `

CREATE TABLE sessions (
    id              uuid        PRIMARY KEY,
    application_id  uuid        NOT NULL,
    organization_id uuid        NOT NULL,
    activity_id     uuid        NOT NULL,
    series_id       uuid        NOT NULL,
    occurrence      date        NOT NULL,
    date            date        NOT NULL,
    start_time      time        NOT NULL,
    end_time        time        NOT NULL,
    starts_at       timestamptz NOT NULL,
    ends_at         timestamptz NOT NULL,
    spots           integer     NOT NULL,
    subscribe_from  timestamptz,
    subscribe_until timestamptz,
    repeats         boolean     NOT NULL,
    is_exception    boolean     NOT NULL DEFAULT false
);
CREATE INDEX sessions_by_start ON sessions (application_id, starts_at, id);
CREATE INDEX sessions_by_organization ON sessions (application_id, organization_id, starts_at, id);
CREATE INDEX sessions_by_activity ON sessions (application_id, activity_id, starts_at, id);
CREATE INDEX sessions_by_series ON sessions (series_id, occurrence);
` + projections.TenantRLS(Sessions) + `

CREATE TABLE activity_organizations (
    id             uuid    PRIMARY KEY,
    application_id uuid    NOT NULL,
    approved       boolean NOT NULL
);
` + projections.TenantRLS(Organizations)
}

func (projector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	switch {
	case strings.HasPrefix(e.Stream, activity.StreamPrefix):
		return applyActivity(ctx, w, e, strings.TrimPrefix(e.Stream, activity.StreamPrefix))
	case strings.HasPrefix(e.Stream, series.StreamPrefix):
		return applySeries(ctx, w, e, strings.TrimPrefix(e.Stream, series.StreamPrefix))
	case strings.HasPrefix(e.Stream, organization.StreamPrefix):
		id := strings.TrimPrefix(e.Stream, organization.StreamPrefix)
		switch p := e.Payload.(type) {
		case organization.Created:
			return w.Exec(ctx, `INSERT INTO activity_organizations (id, application_id, approved) VALUES ($1, $2, false)
				ON CONFLICT (id) DO NOTHING`, id, p.ApplicationID)
		case organization.Approved:
			return w.Exec(ctx, `UPDATE activity_organizations SET approved = true WHERE id = $1`, id)
		case organization.Rejected:
			return w.Exec(ctx, `UPDATE activity_organizations SET approved = false WHERE id = $1`, id)
		case organization.Deleted:
			return w.Exec(ctx, `DELETE FROM activity_organizations WHERE id = $1`, id)
		}
	}
	return nil
}

func applyActivity(ctx context.Context, w projections.Writer, e projections.Event, id string) error {
	version := int64(e.Version)
	switch p := e.Payload.(type) {
	case activity.Created:
		d, s := p.Details, p.Settings
		contacts, err := json.Marshal(nonNil(d.Contacts))
		if err != nil {
			return err
		}
		return w.Exec(ctx, `
			INSERT INTO activities (id, application_id, organization_id, type, name, name_key, sport_id, description, notes, rate_id,
			       gender, level, category_ids, tag_ids, payment_url, cancellation_term_id, price_display_mode, image_id, is_accessible,
			       age_min, age_max, contacts, concept, is_exclusive, has_waitlist, should_validate_age, no_signup_required,
			       version, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
			       $24, $25, $26, $27, $28, $29, $29)
			ON CONFLICT (id) DO NOTHING`,
			id, p.ApplicationID, p.OrganizationID, p.Type, d.Name, names.Normalize(d.Name), d.SportID, d.Description, d.Notes, d.RateID,
			d.Gender, d.Level, nonNil(d.CategoryIDs), nonNil(d.TagIDs), d.PaymentURL, d.CancellationTermID, d.PriceDisplayMode, d.ImageID,
			d.IsAccessible, d.AgeMin, d.AgeMax, contacts, d.Concept, s.IsExclusive, s.HasWaitlist, s.ShouldValidateAge, s.NoSignupRequired,
			version, e.RecordedAt)
	case activity.Updated:
		d := p.Details
		contacts, err := json.Marshal(nonNil(d.Contacts))
		if err != nil {
			return err
		}
		return w.Exec(ctx, `
			UPDATE activities SET name = $2, name_key = $3, sport_id = $4, description = $5, notes = $6, rate_id = $7, gender = $8,
			       level = $9, category_ids = $10, tag_ids = $11, payment_url = $12, cancellation_term_id = $13, price_display_mode = $14,
			       image_id = $15, is_accessible = $16, age_min = $17, age_max = $18, contacts = $19, concept = $20,
			       version = $21, updated_at = $22
			 WHERE id = $1`,
			id, d.Name, names.Normalize(d.Name), d.SportID, d.Description, d.Notes, d.RateID, d.Gender, d.Level, nonNil(d.CategoryIDs),
			nonNil(d.TagIDs), d.PaymentURL, d.CancellationTermID, d.PriceDisplayMode, d.ImageID, d.IsAccessible, d.AgeMin, d.AgeMax,
			contacts, d.Concept, version, e.RecordedAt)
	case activity.LocationSet:
		return w.Exec(ctx, `UPDATE activities SET location_id = $2, version = $3, updated_at = $4 WHERE id = $1`,
			id, p.LocationID, version, e.RecordedAt)
	case activity.SettingsChanged:
		s := p.Settings
		return w.Exec(ctx, `UPDATE activities SET is_exclusive = $2, has_waitlist = $3, should_validate_age = $4, no_signup_required = $5,
			version = $6, updated_at = $7 WHERE id = $1`,
			id, s.IsExclusive, s.HasWaitlist, s.ShouldValidateAge, s.NoSignupRequired, version, e.RecordedAt)
	case activity.QuestionsChanged:
		questions, err := json.Marshal(nonNil(p.Questions))
		if err != nil {
			return err
		}
		return w.Exec(ctx, `UPDATE activities SET questions = $2, version = $3, updated_at = $4 WHERE id = $1`,
			id, questions, version, e.RecordedAt)
	case activity.LabelsAssigned:
		return w.Exec(ctx, `UPDATE activities SET label_ids = $2, version = $3, updated_at = $4 WHERE id = $1`,
			id, nonNil(p.LabelIDs), version, e.RecordedAt)
	case activity.Deleted:
		if err := w.Exec(ctx, `DELETE FROM sessions WHERE activity_id = $1`, id); err != nil {
			return err
		}
		if err := w.Exec(ctx, `DELETE FROM session_series WHERE activity_id = $1`, id); err != nil {
			return err
		}
		return w.Exec(ctx, `DELETE FROM activities WHERE id = $1`, id)
	}
	return nil
}

func applySeries(ctx context.Context, w projections.Writer, e projections.Event, id string) error {
	version := int64(e.Version)
	switch p := e.Payload.(type) {
	case series.Created:
		schedule, err := json.Marshal(p.Schedule)
		if err != nil {
			return err
		}
		if err := w.Exec(ctx, `
			INSERT INTO session_series (id, application_id, organization_id, activity_id, time_zone, schedule, previous_id, version)
			VALUES ($1, $2, $3, $4, $5, $6, nullif($7, '')::uuid, $8) ON CONFLICT (id) DO NOTHING`,
			id, p.ApplicationID, p.OrganizationID, p.ActivityID, p.TimeZone, schedule, p.Previous, version); err != nil {
			return err
		}
		// Every occurrence at once: the rule is bounded (series.MaxYears), so the horizon is its end.
		dates := series.RuleDates(p.Schedule)
		ids := make([]string, len(dates))
		for i, d := range dates {
			ids[i] = series.SessionID(id, d)
		}
		sc := p.Schedule
		return w.Exec(ctx, `
			INSERT INTO sessions (id, application_id, organization_id, activity_id, series_id, occurrence, date, start_time, end_time,
			       starts_at, ends_at, spots, subscribe_from, subscribe_until, repeats)
			SELECT s.id, $2, $3, $4, $5, s.date, s.date, $6::time, $7::time,
			       (s.date + $6::time) AT TIME ZONE $8, (s.date + $7::time) AT TIME ZONE $8, $9,
			       coalesce($10::timestamptz, (s.date + $6::time) AT TIME ZONE $8 - make_interval(mins => $11::int)),
			       coalesce($12::timestamptz, (s.date + $6::time) AT TIME ZONE $8 - make_interval(mins => $13::int)),
			       $14
			  FROM unnest($1::uuid[], $15::date[]) AS s(id, date)
			ON CONFLICT (id) DO NOTHING`,
			ids, p.ApplicationID, p.OrganizationID, p.ActivityID, id, sc.StartTime, sc.EndTime, p.TimeZone, sc.Spots,
			sc.SubscribeFrom.At, sc.SubscribeFrom.MinutesBefore, sc.SubscribeUntil.At, sc.SubscribeUntil.MinutesBefore,
			sc.Repetition != nil, dates)
	case series.OccurrenceChanged:
		s := p.Session
		if err := w.Exec(ctx, `UPDATE session_series SET version = $2 WHERE id = $1`, id, version); err != nil {
			return err
		}
		return w.Exec(ctx, `
			UPDATE sessions SET date = $2::date, start_time = $3::time, end_time = $4::time, spots = $5, is_exception = true,
			       starts_at = ($2::date + $3::time) AT TIME ZONE z.time_zone, ends_at = ($2::date + $4::time) AT TIME ZONE z.time_zone,
			       subscribe_from = coalesce($6::timestamptz, ($2::date + $3::time) AT TIME ZONE z.time_zone - make_interval(mins => $7::int)),
			       subscribe_until = coalesce($8::timestamptz, ($2::date + $3::time) AT TIME ZONE z.time_zone - make_interval(mins => $9::int))
			  FROM session_series z
			 WHERE z.id = $10 AND sessions.id = $1`,
			series.SessionID(id, p.Occurrence), s.Date, s.StartTime, s.EndTime, s.Spots,
			s.SubscribeFrom.At, s.SubscribeFrom.MinutesBefore, s.SubscribeUntil.At, s.SubscribeUntil.MinutesBefore, id)
	case series.OccurrenceCancelled:
		if err := w.Exec(ctx, `UPDATE session_series SET version = $2 WHERE id = $1`, id, version); err != nil {
			return err
		}
		return w.Exec(ctx, `DELETE FROM sessions WHERE id = $1`, series.SessionID(id, p.Occurrence))
	case series.Ended:
		if err := w.Exec(ctx, `UPDATE session_series SET ended_from = $2::date, next_id = nullif($3, '')::uuid, version = $4 WHERE id = $1`,
			id, p.From, p.Next, version); err != nil {
			return err
		}
		return w.Exec(ctx, `DELETE FROM sessions WHERE series_id = $1 AND occurrence >= $2::date`, id, p.From)
	}
	return nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
