package offer

import (
	"encoding/json"
	"errors"
	"move/domain"
	"move/domain/series"
	"move/readapi/kernel"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
)

// sessionInScope reads the session of the path when the caller holds permission in its
// organisation; one of another organisation or application is not found.
func (s *Handlers) sessionInScope(r *http.Request, permission string) (sessionDetail, error) {
	id, err := kernel.UUIDParam(r, "id", "session")
	if err != nil {
		return sessionDetail{}, err
	}
	var d sessionDetail
	var schedule []byte
	var version int64
	err = s.InTenant(r, func(tx pgx.Tx) error {
		row := tx.QueryRow(r.Context(), `SELECT `+sessionColumns+`, z.time_zone, z.schedule, z.version`+sessionFrom+`
			JOIN readmodel.session_series z ON z.id = s.series_id WHERE s.application_id = $1 AND s.id = $2`, kernel.TenantFrom(r.Context()).ApplicationID, id)
		x := &d.sessionRow
		var starts, ends time.Time
		var from, until *time.Time
		if err := row.Scan(&x.ID, &x.SeriesID, &x.ActivityID, &x.ActivityName, &x.OrganizationID, &x.OrganizationName, &x.Occurrence,
			&x.Date, &x.StartTime, &x.EndTime, &starts, &ends, &x.Spots, &from, &until, &x.Repeats, &x.IsException,
			&d.TimeZone, &schedule, &version); err != nil {
			return err
		}
		x.StartsAt, x.EndsAt, x.SubscribeFrom, x.SubscribeUntil = kernel.Stamp(starts), kernel.Stamp(ends), kernel.StampOrNil(from), kernel.StampOrNil(until)
		return nil
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return d, &domain.NotFoundError{Kind: "session", ID: id}
	}
	if err != nil {
		return d, err
	}
	var sc series.Schedule
	if err := json.Unmarshal(schedule, &sc); err != nil {
		return d, err
	}
	d.Repetition, d.SeriesVersion = sc.Repetition, uint64(version)
	d.SubscribeRules.From, d.SubscribeRules.Until = sc.SubscribeFrom, sc.SubscribeUntil
	ok, err := s.AllowedIn(r, d.OrganizationID, permission)
	if err != nil {
		return d, err
	}
	if !ok {
		return d, &domain.NotFoundError{Kind: "session", ID: id}
	}
	return d, nil
}

// activityInScope reads the activity of the path when the caller holds permission in
// its organisation; one of another organisation or application is not found.
func (s *Handlers) activityInScope(r *http.Request, permission string) (activityRow, error) {
	id, err := activityPathID(r)
	if err != nil {
		return activityRow{}, err
	}
	var a activityRow
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var err error
		a, err = scanActivity(tx.QueryRow(r.Context(), `SELECT `+activityColumns+activityFrom+` WHERE a.application_id = $1 AND a.id = $2`, kernel.TenantFrom(r.Context()).ApplicationID, id))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return a, &domain.NotFoundError{Kind: "activity", ID: id}
	}
	if err != nil {
		return a, err
	}
	ok, err := s.AllowedIn(r, a.OrganizationID, permission)
	if err != nil {
		return a, err
	}
	if !ok {
		return a, &domain.NotFoundError{Kind: "activity", ID: id}
	}
	return a, nil
}
