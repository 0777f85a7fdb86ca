package commands

import (
	"context"
	"time"

	"move/domain"
	"move/domain/notification"
)

// Scheduled notifications belong to the meta's application (decision 1101). The read
// API gives the fields the application's time zone; the notification process sends
// them (SendNotification).

// NotificationActor is the actor of the notification process's commands.
const NotificationActor = "process:notifications"

// ScheduleNotification adds a notification to be sent at f.SendOn in f.Zone.
func (a *App) ScheduleNotification(ctx context.Context, meta Meta, f notification.Fields) (Result, error) {
	id, meta := newID(meta, "notification")
	return a.onNotification(ctx, meta, id, nil, func(u *unit, n *notification.Notification) ([]domain.Event, error) {
		return n.Schedule(meta.ApplicationID, f, u.now)
	})
}

// UpdateNotification replaces a scheduled notification's fields, before it is sent.
func (a *App) UpdateNotification(ctx context.Context, meta Meta, id string, expected *uint64, f notification.Fields) (Result, error) {
	return a.onNotification(ctx, meta, id, expected, func(u *unit, n *notification.Notification) ([]domain.Event, error) {
		return n.Update(meta.ApplicationID, f, u.now)
	})
}

// CancelNotification stops a scheduled notification from being sent.
func (a *App) CancelNotification(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return a.onNotification(ctx, meta, id, expected, func(u *unit, n *notification.Notification) ([]domain.Event, error) {
		return n.Cancel(meta.ApplicationID, u.now)
	})
}

// SendNotification sends a due notification: deliver pushes it to every recipient
// (idempotently: the push service drops a message whose key it has seen) and answers how
// many there were; then notification.sent.v1 is recorded. A stop between the two sends
// again on the next pass (at least once); once recorded it is never sent again. now is
// the process's clock. It answers whether this call sent it.
func (a *App) SendNotification(ctx context.Context, applicationID, id string, now time.Time, deliver func(notification.Notification) (int, error)) (bool, error) {
	meta := Meta{ActorID: NotificationActor, ApplicationID: applicationID}
	sent := false
	_, err := a.run.execute(ctx, meta, id, func(u *unit) error {
		sent = false
		n := notification.New(id)
		if err := u.load(notification.Stream(id), n); err != nil {
			return err
		}
		if n.ApplicationID != applicationID || !n.Due(now) {
			return nil
		}
		count, err := deliver(*n)
		if err != nil {
			return err
		}
		if a.afterPushed != nil {
			a.afterPushed()
		}
		sent = true
		return u.append(notification.Stream(id), n, n.MarkSent(count, now)...)
	})
	return sent && err == nil, err
}

// AfterPushed sets the failpoint between a notification's pushes and their record.
// Only the crash test sets it.
func (a *App) AfterPushed(f func()) { a.afterPushed = f }

func (a *App) onNotification(ctx context.Context, meta Meta, id string, expected *uint64,
	decide func(*unit, *notification.Notification) ([]domain.Event, error)) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		n := notification.New(id)
		stream := notification.Stream(id)
		if err := u.load(stream, n); err != nil {
			return err
		}
		if err := u.checkVersion(stream, expected); err != nil {
			return err
		}
		events, err := decide(u, n)
		if err != nil {
			return err
		}
		return u.append(stream, n, events...)
	})
}
