package processes

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"move/commands"
	"move/domain/bundle"
	"move/projections"
)

// PendingBundleNotices lists the participants promoted from a bundle's waiting list
// and not yet told. A bundle promotes in the append that frees the spot (decision 0810),
// so only the telling is left to the worker.
const PendingBundleNotices = "pending_bundle_notices"

const bundleWaitlistSchema = `
CREATE TABLE pending_bundle_notices (
    booking_id     uuid        PRIMARY KEY,
    bundle_id      uuid        NOT NULL,
    application_id uuid        NOT NULL,
    promoted_at    timestamptz NOT NULL
);
CREATE INDEX pending_bundle_notices_by_age ON pending_bundle_notices (promoted_at);
`

func bundleWaitlistEventTypes() []string {
	return []string{bundle.Promoted{}.EventType(), bundle.BookingCancelled{}.EventType(),
		bundle.Notified{}.EventType(), bundle.Deleted{}.EventType()}
}

// applyBundleWaitlist lists promoted bundle participants to tell, until they are told,
// cancel, or the bundle is deleted.
func applyBundleWaitlist(ctx context.Context, w projections.Writer, e projections.Event) error {
	id := strings.TrimPrefix(e.Stream, bundle.StreamPrefix)
	switch p := e.Payload.(type) {
	case bundle.Promoted:
		return w.Exec(ctx, `INSERT INTO pending_bundle_notices (booking_id, bundle_id, application_id, promoted_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT (booking_id) DO NOTHING`, p.BookingID, id, e.Metadata.ApplicationID, e.RecordedAt)
	case bundle.BookingCancelled:
		return w.Exec(ctx, `DELETE FROM pending_bundle_notices WHERE booking_id = $1`, p.BookingID)
	case bundle.Notified:
		return w.Exec(ctx, `DELETE FROM pending_bundle_notices WHERE booking_id = $1`, p.BookingID)
	case bundle.Deleted:
		return w.Exec(ctx, `DELETE FROM pending_bundle_notices WHERE bundle_id = $1`, id)
	}
	return nil
}

type dueBundleNotice struct{ application, bundle, booking string }

// dueBundleNotices reads the promoted bundle participants to tell, of bundles not over
// yet: one of its sessions is still to end, or it has none and has not started. A
// promotion of a bundle that is over is not worth a mail (such as the promotions that
// happened before bundles told anyone, found again when the table was first built).
func (w *Worker) dueBundleNotices(ctx context.Context, tx pgx.Tx) ([]dueBundleNotice, error) {
	now := w.Now()
	rows, err := tx.Query(ctx, `SELECT n.application_id::text, n.bundle_id::text, n.booking_id::text
		FROM readmodel.pending_bundle_notices n JOIN readmodel.bundles b ON b.id = n.bundle_id
		LEFT JOIN readmodel.identity_applications a ON a.id = n.application_id
		WHERE EXISTS (SELECT 1 FROM readmodel.sessions s WHERE s.series_id = ANY(b.series_ids) AND s.ends_at > $1)
		   OR (cardinality(b.series_ids) = 0 AND b.start_date >= ($1 AT TIME ZONE coalesce(nullif(a.timezone, ''), $2))::date)
		ORDER BY n.promoted_at LIMIT 100`, now, defaultZone)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (dueBundleNotice, error) {
		var d dueBundleNotice
		return d, r.Scan(&d.application, &d.bundle, &d.booking)
	})
}

// tellBundlePromotions tells the promoted bundle participants, each once recorded.
func (w *Worker) tellBundlePromotions(ctx context.Context, notices []dueBundleNotice) (int, error) {
	done := 0
	for _, n := range notices {
		if _, err := w.App.NotifyBundlePromotion(ctx, n.application, n.bundle, n.booking, func(p commands.BundlePromotion) error {
			return w.tellBundlePromoted(ctx, p)
		}); err != nil {
			return done, err
		}
		done++
	}
	return done, nil
}

// tellBundlePromoted mails the participant that they have a spot in the bundle, with
// the session promotion's texts (tellPromoted): the activity (and bundle) and the date
// it starts.
func (w *Worker) tellBundlePromoted(ctx context.Context, p commands.BundlePromotion) error {
	when := p.StartDate
	if day, err := time.Parse(time.DateOnly, p.StartDate); err == nil {
		when = day.Format("02-01-2006")
	}
	name := p.ActivityName
	if p.BundleName != "" && p.BundleName != p.ActivityName {
		name += " (" + p.BundleName + ")"
	}
	return w.sendPromotion(ctx, p.Participant, name, "vanaf "+when)
}
