package processes

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain/booking"
	"move/domain/series"
	"move/identity"
	"move/projections"
)

// Tables of the waitlist process: sessions whose waiting list may get a freed spot,
// and promoted participants not yet told.
const (
	PendingPromotions = "pending_promotions"
	PendingNotices    = "pending_promotion_notices"
)

const waitlistSchema = `
CREATE TABLE pending_promotions (
    session_id     uuid        PRIMARY KEY,
    application_id uuid        NOT NULL,
    waiting        integer     NOT NULL DEFAULT 0,
    freed_at       timestamptz
);
CREATE INDEX pending_promotions_due ON pending_promotions (freed_at) WHERE waiting > 0 AND freed_at IS NOT NULL;
` + `
CREATE TABLE pending_promotion_notices (
    booking_id     uuid        PRIMARY KEY,
    session_id     uuid        NOT NULL,
    application_id uuid        NOT NULL,
    promoted_at    timestamptz NOT NULL
);
`

func waitlistEventTypes() []string {
	return []string{booking.BookedV1, booking.Booked{}.EventType(), booking.Promoted{}.EventType(), booking.Cancelled{}.EventType(),
		booking.Removed{}.EventType(), booking.MovedOut{}.EventType(), booking.Notified{}.EventType(),
		series.OccurrenceChanged{}.EventType()}
}

// applyWaitlist keeps the waiting-list counts, marks a session when a spot may have
// freed (a spot given up; more spots), and lists promoted participants to tell.
func applyWaitlist(ctx context.Context, w projections.Writer, e projections.Event) error {
	session := strings.TrimPrefix(e.Stream, booking.StreamPrefix)
	freed := func() error {
		return w.Exec(ctx, `INSERT INTO pending_promotions (session_id, application_id, freed_at) VALUES ($1, $2, $3)
			ON CONFLICT (session_id) DO UPDATE SET freed_at = $3`, session, e.Metadata.ApplicationID, e.RecordedAt)
	}
	left := func(bookingID, from string) error {
		if err := w.Exec(ctx, `DELETE FROM pending_promotion_notices WHERE booking_id = $1`, bookingID); err != nil {
			return err
		}
		if from == booking.StatusWaitlisted {
			return w.Exec(ctx, `UPDATE pending_promotions SET waiting = waiting - 1 WHERE session_id = $1`, session)
		}
		return freed()
	}
	switch p := e.Payload.(type) {
	case booking.Booked:
		if p.Status != booking.StatusWaitlisted {
			return nil
		}
		return w.Exec(ctx, `INSERT INTO pending_promotions (session_id, application_id, waiting) VALUES ($1, $2, 1)
			ON CONFLICT (session_id) DO UPDATE SET waiting = pending_promotions.waiting + 1`, session, p.ApplicationID)
	case booking.Promoted:
		if err := w.Exec(ctx, `UPDATE pending_promotions SET waiting = waiting - 1, freed_at = NULL WHERE session_id = $1`, session); err != nil {
			return err
		}
		return w.Exec(ctx, `INSERT INTO pending_promotion_notices (booking_id, session_id, application_id, promoted_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT (booking_id) DO NOTHING`, p.BookingID, session, e.Metadata.ApplicationID, e.RecordedAt)
	case booking.Cancelled:
		return left(p.BookingID, p.FromStatus)
	case booking.Removed:
		return left(p.BookingID, p.FromStatus)
	case booking.MovedOut:
		return left(p.BookingID, p.FromStatus)
	case booking.Notified:
		return w.Exec(ctx, `DELETE FROM pending_promotion_notices WHERE booking_id = $1`, p.BookingID)
	case series.OccurrenceChanged:
		// More spots may have come: a session with a waiting list looks again.
		id := series.SessionID(strings.TrimPrefix(e.Stream, series.StreamPrefix), p.Occurrence)
		return w.Exec(ctx, `UPDATE pending_promotions SET freed_at = $2 WHERE session_id = $1`, id, e.RecordedAt)
	}
	return nil
}

type duePromotion struct{ application, session, series string }
type dueNotice struct{ application, session, series, booking, zone string }

// dueWaitlist reads the sessions whose waiting list has a free spot to fill (the spot
// counted from the sessions and participants read models, so a session whose spots were
// lowered meanwhile is not tried again and again) and the notices to send.
func (w *Worker) dueWaitlist(ctx context.Context, tx pgx.Tx, before time.Time) ([]duePromotion, []dueNotice, error) {
	rows, err := tx.Query(ctx, `SELECT p.application_id::text, p.session_id::text, s.series_id::text
		FROM readmodel.pending_promotions p JOIN readmodel.sessions s ON s.id = p.session_id
		WHERE p.waiting > 0 AND p.freed_at < $1 AND s.ends_at > $2
		  AND s.spots > (SELECT count(*) FROM readmodel.session_participants x
		                 WHERE x.session_id = p.session_id AND x.status IN ('held', 'confirmed'))
		ORDER BY p.freed_at LIMIT 100`, before, w.Now())
	if err != nil {
		return nil, nil, err
	}
	promotions, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (duePromotion, error) {
		var d duePromotion
		return d, r.Scan(&d.application, &d.session, &d.series)
	})
	if err != nil {
		return nil, nil, err
	}
	rows, err = tx.Query(ctx, `SELECT n.application_id::text, n.session_id::text, s.series_id::text, n.booking_id::text,
		coalesce(nullif(a.timezone, ''), $1)
		FROM readmodel.pending_promotion_notices n JOIN readmodel.sessions s ON s.id = n.session_id
		LEFT JOIN readmodel.identity_applications a ON a.id = n.application_id
		ORDER BY n.promoted_at LIMIT 100`, defaultZone)
	if err != nil {
		return nil, nil, err
	}
	notices, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (dueNotice, error) {
		var d dueNotice
		return d, r.Scan(&d.application, &d.session, &d.series, &d.booking, &d.zone)
	})
	return promotions, notices, err
}

// defaultZone is the calendar of an application without a time zone (decision 0405).
const defaultZone = "Europe/Amsterdam"

// promote fills freed spots from the waiting lists and tells the promoted.
func (w *Worker) promote(ctx context.Context, promotions []duePromotion, notices []dueNotice) (int, error) {
	done := 0
	for _, p := range promotions {
		_, promoted, err := w.App.PromoteWaiting(ctx, p.application, "", commands.SessionRef{SeriesID: p.series, SessionID: p.session})
		if err != nil {
			return done, err
		}
		if len(promoted) > 0 {
			w.Log.Info("promoted from a waiting list after a freed spot", "session_id", p.session, "promoted", len(promoted))
			w.resumed.WithLabelValues("waitlist-promotion").Inc()
			done++
		}
	}
	for _, n := range notices {
		ref := commands.SessionRef{SeriesID: n.series, SessionID: n.session}
		if _, err := w.App.NotifyPromotion(ctx, n.application, ref, n.booking, func(p commands.Promotion) error {
			return w.tellPromoted(ctx, p, n.zone)
		}); err != nil {
			return done, err
		}
		done++
	}
	return done, nil
}

// tellPromoted mails the participant that they have a spot (Dutch: the application's
// language).
func (w *Worker) tellPromoted(ctx context.Context, p commands.Promotion, zone string) error {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	return w.sendPromotion(ctx, p.Participant, p.ActivityName, "op "+p.Start.In(loc).Format("02-01-2006 15:04"))
}

// sendPromotion is the one promotion mail, of a session or a bundle: Dutch, the
// application's language (no participant's language is known yet). when is "op <date
// time>" for a session, "vanaf <date>" for a bundle.
func (w *Worker) sendPromotion(ctx context.Context, p booking.Participant, activityName, when string) error {
	if w.Mail == nil || p.Email == "" {
		return nil
	}
	return w.Mail.Send(ctx, identity.Mail{To: p.Email, Subject: "Je hebt een plek: " + activityName,
		Body: fmt.Sprintf("Hallo %s,\n\nEr is een plek vrijgekomen bij %s %s. Je staat niet meer op de wachtlijst: je bent ingeschreven.\n",
			p.FirstName, activityName, when)})
}
