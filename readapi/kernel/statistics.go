package kernel

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// DefaultStatisticsZone is the time zone of the statistics' days for an application
// without a time zone setting: the product's home (decision 0405).
const DefaultStatisticsZone = "Europe/Amsterdam"

// StatisticsZone is the time zone whose days the application's statistics count in:
// its timezone setting, else DefaultStatisticsZone. A name that Go or this Postgres
// does not know (the two may carry different time zone databases) falls back to the
// default rather than failing the page.
func StatisticsZone(ctx context.Context, tx pgx.Tx, app string) (string, *time.Location, error) {
	var name *string
	err := tx.QueryRow(ctx, `SELECT timezone FROM readmodel.identity_applications WHERE id = $1`, app).Scan(&name)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return "", nil, err
	}
	if name != nil && *name != "" && *name != "Local" && *name != DefaultStatisticsZone {
		if loc, err := time.LoadLocation(*name); err == nil {
			known, err := postgresKnowsZone(ctx, tx, *name)
			if err != nil {
				return "", nil, err
			}
			if known {
				return *name, loc, nil
			}
		}
	}
	loc, err := time.LoadLocation(DefaultStatisticsZone)
	return DefaultStatisticsZone, loc, err
}

// pgZones remembers which zone names Postgres knows: pg_timezone_names reads the whole
// time zone database, too slow to ask on every request.
var pgZones sync.Map

func postgresKnowsZone(ctx context.Context, tx pgx.Tx, name string) (bool, error) {
	if v, ok := pgZones.Load(name); ok {
		return v.(bool), nil
	}
	var known bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = $1)`, name).Scan(&known); err != nil {
		return false, err
	}
	pgZones.Store(name, known)
	return known, nil
}

// StatisticsPeriod reads the period: days=N, the last N days up to today in loc (a
// preset: the caller's own today may be another day than the application's), or from
// and to (YYYY-MM-DD, days in the zone loc); by default the last 30 days up to today in
// loc; at most a year and a day. The answers are dates (midnight UTC stands for the
// day); the queries turn them into the zone's midnights.
func StatisticsPeriod(r *http.Request, loc *time.Location) (from, to time.Time, err error) {
	q := r.URL.Query()
	now := time.Now().In(loc)
	to = time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	if v := q.Get("days"); v != "" {
		days, err := strconv.Atoi(v)
		if err != nil || days < 1 || days > MaxStatisticsDays || q.Has("from") || q.Has("to") {
			return from, to, BadQuery("days")
		}
		return to.AddDate(0, 0, 1-days), to, nil
	}
	if v := q.Get("to"); v != "" {
		if to, err = time.Parse(time.DateOnly, v); err != nil {
			return from, to, BadQuery("to")
		}
	}
	from = to.AddDate(0, 0, -29)
	if v := q.Get("from"); v != "" {
		if from, err = time.Parse(time.DateOnly, v); err != nil {
			return from, to, BadQuery("from")
		}
	}
	if from.After(to) || to.Sub(from) > 366*24*time.Hour {
		return from, to, BadQuery("from")
	}
	return from, to, nil
}

// MaxStatisticsDays is the longest period days= names: a year and a day, as from–to.
const MaxStatisticsDays = 367
