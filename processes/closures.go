package processes

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/closure"
	"move/identity"
	"move/projections"
)

// Tables of the closures process (decision 1660): sessions of a planned closure not
// closed yet, and participants of closed sessions not told yet — their own bookings,
// and the bundle bookings that held the session (decision 1770: one row per session and
// booking, a bundle holder is told of each closed session of their bundle, while their
// bundle booking lasts: decision 1820).
const (
	PendingClosureSessions      = "pending_closure_sessions"
	PendingClosureNotices       = "pending_closure_notices"
	PendingClosureBundleNotices = "pending_closure_bundle_notices"
)

const closuresSchema = `
CREATE TABLE pending_closure_sessions (
    session_id     uuid        NOT NULL,
    closure_id     uuid        NOT NULL,
    application_id uuid        NOT NULL,
    planned_at     timestamptz NOT NULL,
    PRIMARY KEY (closure_id, session_id)
);
CREATE INDEX pending_closure_sessions_by_age ON pending_closure_sessions (planned_at);
` + `
CREATE TABLE pending_closure_notices (
    booking_id     uuid        PRIMARY KEY,
    closure_id     uuid        NOT NULL,
    session_id     uuid        NOT NULL,
    series_id      uuid        NOT NULL,
    application_id uuid        NOT NULL,
    closed_at      timestamptz NOT NULL
);
CREATE INDEX pending_closure_notices_by_age ON pending_closure_notices (closed_at);
` + `
CREATE TABLE pending_closure_bundle_notices (
    closure_id     uuid        NOT NULL,
    session_id     uuid        NOT NULL,
    booking_id     uuid        NOT NULL,
    series_id      uuid        NOT NULL,
    application_id uuid        NOT NULL,
    closed_at      timestamptz NOT NULL,
    PRIMARY KEY (closure_id, session_id, booking_id)
);
CREATE INDEX pending_closure_bundle_notices_by_age ON pending_closure_bundle_notices (closed_at);
CREATE INDEX pending_closure_bundle_notices_by_booking ON pending_closure_bundle_notices (booking_id);
`

func closuresEventTypes() []string {
	return []string{closure.Planned{}.EventType(), closure.SessionClosedV1, closure.SessionClosed{}.EventType(),
		closure.BundleHolderNotified{}.EventType(), closure.BundleHolderSkipped{}.EventType(), bundle.BookingCancelled{}.EventType(),
		booking.Notified{}.EventType()}
}

// applyClosures lists a planned closure's sessions until each is closed, each
// cancelled booking of a closed session until its participant is told, and each bundle
// booking that held a closed session until its participant is told, is skipped, or the
// bundle booking ends (decision 1820: a holder who cancelled is not told the bundle
// stays).
func applyClosures(ctx context.Context, w projections.Writer, e projections.Event) error {
	id := strings.TrimPrefix(e.Stream, closure.StreamPrefix)
	switch p := e.Payload.(type) {
	case closure.Planned:
		for _, s := range p.Sessions {
			if err := w.Exec(ctx, `INSERT INTO pending_closure_sessions (session_id, closure_id, application_id, planned_at)
				VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, s.SessionID, id, p.ApplicationID, e.RecordedAt); err != nil {
				return err
			}
		}
	case closure.SessionClosed:
		if err := w.Exec(ctx, `DELETE FROM pending_closure_sessions WHERE closure_id = $1 AND session_id = $2`, id, p.SessionID); err != nil {
			return err
		}
		for _, b := range p.Bookings {
			if err := w.Exec(ctx, `INSERT INTO pending_closure_notices (booking_id, closure_id, session_id, series_id, application_id, closed_at)
				VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (booking_id) DO NOTHING`,
				b, id, p.SessionID, p.SeriesID, e.Metadata.ApplicationID, e.RecordedAt); err != nil {
				return err
			}
		}
		for _, b := range p.BundleBookings {
			if err := w.Exec(ctx, `INSERT INTO pending_closure_bundle_notices (closure_id, session_id, booking_id, series_id, application_id, closed_at)
				VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
				id, p.SessionID, b.BookingID, p.SeriesID, e.Metadata.ApplicationID, e.RecordedAt); err != nil {
				return err
			}
		}
	case closure.BundleHolderNotified:
		return w.Exec(ctx, `DELETE FROM pending_closure_bundle_notices WHERE closure_id = $1 AND session_id = $2 AND booking_id = $3`,
			id, p.SessionID, p.BookingID)
	case closure.BundleHolderSkipped:
		return w.Exec(ctx, `DELETE FROM pending_closure_bundle_notices WHERE closure_id = $1 AND session_id = $2 AND booking_id = $3`,
			id, p.SessionID, p.BookingID)
	case bundle.BookingCancelled: // every closure's notice of the booking: a bundle booking id is the bundle's alone
		return w.Exec(ctx, `DELETE FROM pending_closure_bundle_notices WHERE booking_id = $1`, p.BookingID)
	case booking.Notified:
		if p.Reason == booking.NotifiedClosed {
			return w.Exec(ctx, `DELETE FROM pending_closure_notices WHERE booking_id = $1`, p.BookingID)
		}
	}
	return nil
}

type dueClosure struct {
	application, closure string
	bundles              commands.BundleIndex
}
type dueClosureNotice struct {
	application, closure, session, series, booking string
	bundle                                         bool // a bundle holder (decision 1770)
}

// dueClosures reads the closures with sessions the request that planned them left
// (older than the grace period) and the participants to tell.
func dueClosures(ctx context.Context, tx pgx.Tx, before time.Time) ([]dueClosure, []dueClosureNotice, error) {
	rows, err := tx.Query(ctx, `SELECT application_id::text, closure_id::text FROM readmodel.pending_closure_sessions
		WHERE planned_at < $1 GROUP BY application_id, closure_id ORDER BY min(planned_at) LIMIT 10`, before)
	if err != nil {
		return nil, nil, err
	}
	closures, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (dueClosure, error) {
		var d dueClosure
		return d, r.Scan(&d.application, &d.closure)
	})
	if err != nil {
		return nil, nil, err
	}
	for i, c := range closures { // the bundles of the sessions left: candidates the command checks on their streams
		closures[i].bundles = commands.BundleIndex{}
		rows, err := tx.Query(ctx, `SELECT DISTINCT s.series_id::text, b.id::text FROM readmodel.pending_closure_sessions p
			JOIN readmodel.sessions s ON s.id = p.session_id
			JOIN readmodel.bundles b ON b.application_id = s.application_id AND s.series_id = ANY (b.series_ids)
			WHERE p.closure_id = $1`, c.closure)
		if err != nil {
			return nil, nil, err
		}
		var series, bundleID string
		_, err = pgx.ForEachRow(rows, []any{&series, &bundleID}, func() error {
			closures[i].bundles[series] = append(closures[i].bundles[series], bundleID)
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	rows, err = tx.Query(ctx, `SELECT application_id::text, closure_id::text, session_id::text, series_id::text, booking_id::text
		FROM readmodel.pending_closure_notices ORDER BY closed_at LIMIT 100`)
	if err != nil {
		return nil, nil, err
	}
	notices, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (dueClosureNotice, error) {
		var d dueClosureNotice
		return d, r.Scan(&d.application, &d.closure, &d.session, &d.series, &d.booking)
	})
	if err != nil {
		return nil, nil, err
	}
	rows, err = tx.Query(ctx, `SELECT application_id::text, closure_id::text, session_id::text, series_id::text, booking_id::text
		FROM readmodel.pending_closure_bundle_notices ORDER BY closed_at LIMIT 100`)
	if err != nil {
		return nil, nil, err
	}
	held, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (dueClosureNotice, error) {
		d := dueClosureNotice{bundle: true}
		return d, r.Scan(&d.application, &d.closure, &d.session, &d.series, &d.booking)
	})
	return closures, append(notices, held...), err
}

// closeAndTell closes the sessions closures left and tells the participants of closed
// sessions.
func (w *Worker) closeAndTell(ctx context.Context, closures []dueClosure, notices []dueClosureNotice) (int, error) {
	done := 0
	for _, c := range closures {
		out, err := w.App.CloseSessions(ctx, commands.Meta{ApplicationID: c.application, ActorID: commands.ClosureActor}, c.closure, c.bundles)
		if err != nil {
			return done, err
		}
		w.Log.Info("closed the sessions a closure's request left", "closure_id", c.closure, "sessions", out.Sessions)
		w.resumed.WithLabelValues("closure-sessions").Inc()
		done++
	}
	for _, n := range notices {
		ref := closure.SessionRef{SeriesID: n.series, SessionID: n.session}
		tell := func(c commands.ClosureNotice) error { return w.tellClosed(ctx, c) }
		notify := w.App.NotifyClosure
		if n.bundle {
			notify = w.App.NotifyBundleClosure
		}
		if _, err := notify(ctx, n.application, n.closure, ref, n.booking, tell); err != nil {
			return done, err
		}
		done++
	}
	return done, nil
}

// tellClosed mails the participant that their session does not take place, in the
// language they booked in (decision 1711).
func (w *Worker) tellClosed(ctx context.Context, n commands.ClosureNotice) error {
	if w.Mail == nil || n.Participant.Email == "" {
		return nil
	}
	return w.Mail.Send(ctx, closedMail(n))
}

// closedMails are the closure mail's texts by language: subject (activity, day) and body
// (first name, activity, day, time, reason), then what happens to the booking: refunded
// in full, or for a bundle holder (the bundle's name) the bundle stays, without this
// session, and nothing is refunded (decisions 1711, 1770).
var closedMails = map[string]struct{ subject, body, refunded, bundle, dateLayout string }{
	"nl": {"Gaat niet door: %s op %s",
		"Hallo %s,\n\n%s op %s om %s gaat niet door: %s.\n",
		"Je inschrijving is geannuleerd; wat je betaalde krijg je volledig terug.\n",
		"Je bundel %s blijft geldig voor de andere sessies; voor deze sessie krijg je niets terug.\n",
		"02-01-2006"},
	"en": {"Cancelled: %s on %s",
		"Hello %s,\n\n%s on %s at %s does not take place: %s.\n",
		"Your booking is cancelled; you get back everything you paid.\n",
		"Your bundle %s stays valid for its other sessions; nothing is refunded for this session.\n",
		"2 January 2006"},
}

// mailLanguage is the language a participant is written to in: the one they booked in
// when the mails have it, else Dutch (the product's default; decision 1711).
func mailLanguage(language string) string {
	if _, ok := closedMails[language]; ok {
		return language
	}
	return "nl"
}

func closedMail(n commands.ClosureNotice) identity.Mail {
	text := closedMails[mailLanguage(n.Language)]
	when := n.Date
	if d, err := time.Parse(time.DateOnly, n.Date); err == nil {
		when = d.Format(text.dateLayout)
	}
	body := fmt.Sprintf(text.body, n.Participant.FirstName, n.ActivityName, when, n.StartTime, n.Reason)
	if n.BundleName != "" {
		body += fmt.Sprintf(text.bundle, n.BundleName)
	} else {
		body += text.refunded
	}
	return identity.Mail{To: n.Participant.Email, Subject: fmt.Sprintf(text.subject, n.ActivityName, when), Body: body}
}
