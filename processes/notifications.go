package processes

import (
	"context"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/domain/identity"
	"move/domain/notification"
	movidentity "move/identity"
	"move/projections"
	"move/push"
)

// NotificationsName is the notification process's to-do projector's permanent name.
const NotificationsName = "notifications_process"

// PendingNotifications lists the scheduled notifications with the moment they are due
// (decision 1101): the worker sends those whose moment has come.
const PendingNotifications = "pending_notifications"

// NotificationsProjector keeps the notification process's to-do list: one row per
// scheduled notification, its send_at kept up to date by edits; a row leaves when the
// notification is sent or cancelled. The moment lives in the table, so a restarted
// server sends what was due while it was down.
func NotificationsProjector() projections.Projector { return notificationsProjector{} }

type notificationsProjector struct{}

func (notificationsProjector) Name() string     { return NotificationsName }
func (notificationsProjector) Version() int     { return 1 }
func (notificationsProjector) Tables() []string { return []string{PendingNotifications} }
func (notificationsProjector) EventTypes() []string {
	return notification.EventTypes()
}

func (notificationsProjector) Schema() string {
	return `
CREATE TABLE pending_notifications (
    notification_id uuid        PRIMARY KEY,
    application_id  uuid        NOT NULL,
    send_at         timestamptz NOT NULL
);
CREATE INDEX pending_notifications_due ON pending_notifications (send_at);
` + projections.InternalRLS(PendingNotifications)
}

func (notificationsProjector) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	id := strings.TrimPrefix(e.Stream, notification.StreamPrefix)
	switch p := e.Payload.(type) {
	case notification.Scheduled:
		return w.Exec(ctx, `INSERT INTO pending_notifications (notification_id, application_id, send_at) VALUES ($1, $2, $3)
			ON CONFLICT (notification_id) DO NOTHING`, id, p.ApplicationID, p.SendAt)
	case notification.Updated:
		return w.Exec(ctx, `UPDATE pending_notifications SET send_at = $2 WHERE notification_id = $1`, id, p.SendAt)
	case notification.Cancelled, notification.Sent:
		return w.Exec(ctx, `DELETE FROM pending_notifications WHERE notification_id = $1`, id)
	}
	return nil
}

type dueNotification struct{ id, application, appName string }

// dueNotifications reads the notifications whose moment has come by the worker's
// clock, oldest first (as the tables' owner, like due).
func (w *Worker) dueNotifications(ctx context.Context) ([]dueNotification, error) {
	var out []dueNotification
	err := pgx.BeginFunc(ctx, w.DB, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_projector`); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT p.notification_id::text, p.application_id::text, coalesce(a.name, '')
			FROM readmodel.pending_notifications p LEFT JOIN readmodel.identity_applications a ON a.id = p.application_id
			WHERE p.send_at <= $1 ORDER BY p.send_at LIMIT 20`, w.Now())
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (dueNotification, error) {
			var d dueNotification
			return d, r.Scan(&d.id, &d.application, &d.appName)
		})
		return err
	})
	return out, err
}

type recipient struct{ id, first, last string }

// recipients reads the application's customers with their names (decision 1101: the
// audience is every customer of the application when the notification is sent), in the
// tenant as the read API reads them (names under their row-level security).
func (w *Worker) recipients(ctx context.Context, applicationID string) ([]recipient, error) {
	var out []recipient
	err := movidentity.ReadInTenant(ctx, w.DB, applicationID, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT DISTINCT m.user_id::text, coalesce(p.first_name, ''), coalesce(p.last_name, '')
			FROM readmodel.identity_memberships m LEFT JOIN identity_personal_data p ON p.subject_id = m.user_id
			WHERE m.application_id = $1 AND m.role = $2 ORDER BY 1`, applicationID, identity.RoleCustomer)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (recipient, error) {
			var x recipient
			return x, r.Scan(&x.id, &x.first, &x.last)
		})
		return err
	})
	return out, err
}

// sendNotifications sends the due notifications, each to every customer with its
// variables filled, then records it (SendNotification). A push failing stops this
// notification's sending; the next pass sends it again, the service dropping the
// repeated keys.
func (w *Worker) sendNotifications(ctx context.Context) (int, error) {
	if w.Push == nil {
		return 0, nil
	}
	due, err := w.dueNotifications(ctx)
	if err != nil {
		return 0, err
	}
	done := 0
	for _, d := range due {
		now := w.Now()
		sent, err := w.App.SendNotification(ctx, d.application, d.id, now, func(n notification.Notification) (int, error) {
			people, err := w.recipients(ctx, d.application)
			if err != nil {
				return 0, err
			}
			for _, p := range people {
				r := notification.Recipient{FirstName: p.first, LastName: p.last, AppName: d.appName}
				if err := w.Push.Send(ctx, push.Message{IdempotencyKey: PushKey(d.id, p.id), ApplicationID: d.application, UserID: p.id,
					Title: notification.Render(n.Fields.Title, r), Body: notification.Render(n.Fields.Contents, r)}); err != nil {
					return 0, err
				}
			}
			return len(people), nil
		})
		if err != nil {
			w.Log.Error("sending a notification", "notification_id", d.id, "error", err)
			continue
		}
		if sent {
			w.Log.Info("sent a scheduled notification", "notification_id", d.id)
			done++
		}
	}
	return done, nil
}

// PushKey is the idempotency key of a notification's push to one customer.
func PushKey(notificationID, userID string) string {
	return uuid.NewSHA1(uuid.NameSpaceURL, []byte("notification:"+notificationID+":"+userID)).String()
}
