package projections

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/domain/projection"
	"move/eventstore"
)

// ParkedStream is one stream a read model parked: its first parked event, with the
// error, and how many later events of the stream wait behind it.
type ParkedStream struct {
	Projector      string    `json:"projector"`
	ApplicationID  string    `json:"application_id"`
	Stream         string    `json:"stream"`
	EventID        string    `json:"event_id"`
	EventType      string    `json:"event_type"`
	Position       string    `json:"position"`
	Error          string    `json:"error"`
	FirstAttemptAt time.Time `json:"first_attempt_at"`
	LastAttemptAt  time.Time `json:"last_attempt_at"`
	Attempts       int       `json:"attempts"`
	Waiting        int       `json:"waiting"`
}

// MaxParkedListed caps the parked streams one listing answers (oldest first).
const MaxParkedListed = 500

// ReadParked answers every parked stream (up to MaxParkedListed), oldest first.
func ReadParked(ctx context.Context, db *pgxpool.Pool) ([]ParkedStream, error) {
	rows, err := db.Query(ctx, `
		SELECT projector, application_id, stream, event_id::text, event_type, commit_key, position,
		       coalesce(error, ''), first_attempt_at, last_attempt_at, attempts, waiting
		  FROM (SELECT DISTINCT ON (projector, stream) *, count(*) OVER (PARTITION BY projector, stream) - 1 AS waiting
		          FROM projection_parked ORDER BY projector, stream, commit_key, position) heads
		 ORDER BY first_attempt_at, projector, stream LIMIT $1`, MaxParkedListed)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (ParkedStream, error) {
		var s ParkedStream
		var commit, position int64
		err := row.Scan(&s.Projector, &s.ApplicationID, &s.Stream, &s.EventID, &s.EventType, &commit, &position,
			&s.Error, &s.FirstAttemptAt, &s.LastAttemptAt, &s.Attempts, &s.Waiting)
		s.Position = eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}.String()
		return s, err
	})
}

// ParkedCounts answers how many events each read model has parked (absent: none).
func ParkedCounts(ctx context.Context, db *pgxpool.Pool) (map[string]int64, error) {
	rows, err := db.Query(ctx, `SELECT projector, count(*) FROM projection_parked GROUP BY projector`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var name string
		var n int64
		if err := rows.Scan(&name, &n); err != nil {
			return nil, err
		}
		out[name] = n
	}
	return out, rows.Err()
}

// Skip is an operator's decision that a read model passes over an event it parked.
type Skip struct {
	Projector     string    `json:"projector"`
	EventID       string    `json:"event_id"`
	EventType     string    `json:"event_type"`
	Stream        string    `json:"stream"`
	ApplicationID string    `json:"application_id"`
	Position      string    `json:"position"`
	Error         string    `json:"error"`
	Reason        string    `json:"reason"`
	ActorID       string    `json:"actor_id"`
	SkippedAt     time.Time `json:"skipped_at"`
}

// ReadSkips answers the latest skip decisions, newest first, up to limit.
func ReadSkips(ctx context.Context, db *pgxpool.Pool, limit int) ([]Skip, error) {
	rows, err := db.Query(ctx, `
		SELECT projector, event_id::text, event_type, stream, application_id, position, error, reason, actor_id, skipped_at
		  FROM projection_skipped ORDER BY skipped_at DESC, projector, event_id LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Skip])
}

// RetryOutcome is what a retry did: events applied (and unparked), events still parked
// (the first failed again, with Error; the others wait behind it).
type RetryOutcome struct {
	Applied int    `json:"applied"`
	Parked  int    `json:"parked"`
	Error   string `json:"error,omitempty"`
}

// errParkedChanged: the stream's parked events changed between reading and retrying.
var errParkedChanged = errors.New("projections: the stream's parked events changed meanwhile")

// Retry applies a stream's parked events again, in order, with this code (after a
// deploy that fixes the handler). Those that succeed are unparked; from the first that
// fails again the stream stays parked, with the new error. It runs wherever it is
// asked (the server, the CLI), serialised with the live path by the parking lock.
func (r *Runner) Retry(ctx context.Context, name, stream string) (RetryOutcome, error) {
	p, ok := r.Find(name)
	if !ok {
		return RetryOutcome{}, ErrUnknownProjector
	}
	for attempt := 0; ; attempt++ {
		out, err := r.retry(ctx, p, stream)
		if !errors.Is(err, errParkedChanged) || attempt == 3 {
			return out, err
		}
	}
}

type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// parkedOf answers the ids of a stream's parked events in log order, and the stream
// version of the first.
func parkedOf(ctx context.Context, q querier, name, stream string) ([]uuid.UUID, uint64, error) {
	rows, err := q.Query(ctx, `SELECT event_id, stream_version FROM public.projection_parked
		WHERE projector = $1 AND stream = $2 ORDER BY commit_key, position`, name, stream)
	if err != nil {
		return nil, 0, err
	}
	var ids []uuid.UUID
	var first int64 = -1
	defer rows.Close()
	for rows.Next() {
		var id uuid.UUID
		var version int64
		if err := rows.Scan(&id, &version); err != nil {
			return nil, 0, err
		}
		if first < 0 {
			first = version
		}
		ids = append(ids, id)
	}
	return ids, uint64(max(first, 0)), rows.Err()
}

// readEvents reads the events with these ids from stream, from version on, in order.
func (r *Runner) readEvents(ctx context.Context, stream string, from uint64, ids []uuid.UUID) ([]eventstore.RecordedEvent, error) {
	const page = 1000
	var out []eventstore.RecordedEvent
	for len(out) < len(ids) {
		events, err := r.store.ReadStream(ctx, stream, eventstore.Forwards, from, page)
		if err != nil {
			return nil, err
		}
		for _, e := range events {
			if slices.Contains(ids, e.ID) {
				out = append(out, e)
			}
		}
		if len(events) < page {
			break
		}
		from = events[len(events)-1].Version + 1
	}
	if len(out) != len(ids) {
		return nil, errors.New("projections: parked events missing from their stream")
	}
	return out, nil
}

func (r *Runner) retry(ctx context.Context, p Projector, stream string) (RetryOutcome, error) {
	ids, from, err := parkedOf(ctx, r.db, p.Name(), stream)
	if err != nil {
		return RetryOutcome{}, err
	}
	if len(ids) == 0 {
		return RetryOutcome{}, ErrNotParked
	}
	events, err := r.readEvents(ctx, stream, from, ids)
	if err != nil {
		return RetryOutcome{}, err
	}
	dec, err := r.decodeEach(ctx, p, events, nil)
	if err != nil {
		return RetryOutcome{}, err
	}
	var out RetryOutcome
	err = pgx.BeginFunc(ctx, r.db, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, asProjector+`; SET LOCAL search_path = `+LiveSchema); err != nil {
			return err
		}
		if err := lockParking(ctx, tx, p.Name()); err != nil {
			return err
		}
		now, _, err := parkedOf(ctx, tx, p.Name(), stream)
		if err != nil {
			return err
		}
		if !slices.Equal(now, ids) {
			return errParkedChanged
		}
		parked, err := applyEvents(ctx, tx, p, events, dec, map[string]bool{}, true)
		if err != nil {
			return err
		}
		still := make([]uuid.UUID, len(parked))
		for i, pe := range parked {
			still[i] = pe.event.ID
		}
		if _, err := tx.Exec(ctx, `DELETE FROM public.projection_parked WHERE projector = $1 AND event_id = ANY($2) AND NOT event_id = ANY($3)`,
			p.Name(), ids, still); err != nil {
			return err
		}
		out = RetryOutcome{Applied: len(ids) - len(parked), Parked: len(parked)}
		if len(parked) > 0 {
			out.Error = *errorText(parked[0].cause)
			_, err = tx.Exec(ctx, `UPDATE public.projection_parked SET error = $3, attempts = attempts + 1, last_attempt_at = now()
				WHERE projector = $1 AND event_id = $2`, p.Name(), parked[0].event.ID, out.Error)
		}
		return err
	})
	if err != nil {
		return RetryOutcome{}, err
	}
	r.log.Info("parked events retried", "projector", p.Name(), "stream", stream, "applied", out.Applied, "still_parked", out.Parked, "error", out.Error)
	return out, nil
}

// ErrReasonRequired: a skip without a reason.
var ErrReasonRequired = errors.New("projections: a skip needs a reason")

// skipNamespace makes a skip's event id from the projector and the event skipped, so a
// skip asked again after a failure appends nothing twice.
var skipNamespace = uuid.MustParse("6c1f0f5e-4a8b-4f7e-9c1d-2b3a4d5e6f70")

// Skip is an operator's decision that projector name passes over the first parked event
// of stream: recorded in the log (projection.event_skipped.v1, with the actor in meta
// and the reason), remembered so a rebuild skips it too, and followed by a retry of the
// stream's other parked events.
func (r *Runner) Skip(ctx context.Context, name, stream, reason string, meta eventstore.Metadata) (RetryOutcome, error) {
	p, ok := r.Find(name)
	if !ok {
		return RetryOutcome{}, ErrUnknownProjector
	}
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return RetryOutcome{}, ErrReasonRequired
	}
	var head Skip
	var commit, position int64
	err := r.db.QueryRow(ctx, `SELECT event_id::text, event_type, application_id, commit_key, position, coalesce(error, '')
		  FROM projection_parked WHERE projector = $1 AND stream = $2 ORDER BY commit_key, position LIMIT 1`, p.Name(), stream).
		Scan(&head.EventID, &head.EventType, &head.ApplicationID, &commit, &position, &head.Error)
	if errors.Is(err, pgx.ErrNoRows) {
		return RetryOutcome{}, ErrNotParked
	}
	if err != nil {
		return RetryOutcome{}, err
	}
	head.Position = eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}.String()
	typ, data, err := r.registry.Encode(projection.EventSkipped{Projector: p.Name(), EventID: head.EventID, SkippedType: head.EventType,
		Stream: stream, Position: head.Position, ApplicationID: head.ApplicationID, Error: head.Error, Reason: reason})
	if err != nil {
		return RetryOutcome{}, err
	}
	id := uuid.NewSHA1(skipNamespace, []byte(p.Name()+"/"+head.EventID))
	if _, err := r.store.Append(ctx, projection.SkipStream(p.Name()), eventstore.Any,
		eventstore.EventData{ID: id, Type: typ, Data: data, Metadata: meta}); err != nil {
		return RetryOutcome{}, err
	}
	err = pgx.BeginFunc(ctx, r.db, func(tx pgx.Tx) error {
		if err := lockParking(ctx, tx, p.Name()); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM projection_parked WHERE projector = $1 AND event_id = $2`, p.Name(), head.EventID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrNotParked // a retry or another skip took it meanwhile
		}
		_, err = tx.Exec(ctx, `
			INSERT INTO projection_skipped (projector, event_id, stream, application_id, event_type, position, error, reason, actor_id, skipped_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now()) ON CONFLICT DO NOTHING`,
			p.Name(), head.EventID, stream, head.ApplicationID, head.EventType, head.Position, head.Error, reason, meta.ActorID)
		return err
	})
	if err != nil {
		return RetryOutcome{}, err
	}
	r.log.Info("parked event skipped by an operator", "projector", p.Name(), "stream", stream, "event_id", head.EventID,
		"actor_id", meta.ActorID, "reason", reason)
	out, err := r.Retry(ctx, p.Name(), stream)
	if errors.Is(err, ErrNotParked) {
		return RetryOutcome{}, nil // it was the stream's only parked event
	}
	return out, err
}
