package notification_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"move/domain"
	"move/domain/notification"
)

func fieldsOf(err error) map[string]string {
	var v *domain.ValidationError
	out := map[string]string{}
	if errors.As(err, &v) {
		for _, f := range v.Fields {
			out[f.Field] = f.Key
		}
	}
	return out
}

func conflict(err error) string {
	var c *domain.ConflictError
	if errors.As(err, &c) {
		return c.Key
	}
	return ""
}

var now = time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)

// send_on lies in the calendar window (package bounds): year 9999 was accepted.
func TestSendOnWithinTheCalendarWindow(t *testing.T) {
	for _, on := range []string{"9999-12-31T23:59", "2036-11-28T00:00"} {
		_, err := notification.New("n1").Schedule("app", notification.Fields{Title: "Nieuw", Contents: "Hallo", SendOn: on, Zone: "Europe/Amsterdam"}, now)
		if got := fieldsOf(err); got["send_on"] != "validation.between" {
			t.Errorf("%s: %v", on, got)
		}
	}
	if _, err := notification.New("n1").Schedule("app", notification.Fields{Title: "Nieuw", Contents: "Hallo", SendOn: "2036-11-26T12:00", Zone: "Europe/Amsterdam"}, now); err != nil {
		t.Fatalf("the window's last day: %v", err)
	}
}

func TestScheduleRules(t *testing.T) {
	n := notification.New("n1")
	_, err := n.Schedule("app", notification.Fields{Title: "", Contents: strings.Repeat("x", notification.MaxContents+1), SendOn: "morgen", Zone: "Europe/Amsterdam"}, now)
	got := fieldsOf(err)
	if got["title"] != "validation.required" || got["contents"] != "validation.max_length" || got["send_on"] != "notification.send_on_format" {
		t.Fatalf("refusals: %v", got)
	}
	_, err = n.Schedule("app", notification.Fields{Title: "Hoi {voornaam}", Contents: "Hallo {first_name}", SendOn: "2026-11-26T10:59", Zone: "Europe/Amsterdam"}, now)
	got = fieldsOf(err)
	if got["title"] != "notification.unknown_variable" || got["send_on"] != "notification.send_on_past" || got["contents"] != "" {
		t.Fatalf("refusals: %v", got)
	}
	// 11:05 in Amsterdam (UTC+1 in November) is 10:05 UTC: after now.
	events, err := n.Schedule("app", notification.Fields{Title: "Nieuw", Contents: " Hallo {first_name} {last_name}, welkom bij {app_name}! ", SendOn: "2026-11-26T11:05", Zone: "Europe/Amsterdam"}, now)
	if err != nil {
		t.Fatal(err)
	}
	s := events[0].(notification.Scheduled)
	if !s.SendAt.Equal(time.Date(2026, 11, 26, 10, 5, 0, 0, time.UTC)) || s.Contents != "Hallo {first_name} {last_name}, welkom bij {app_name}!" {
		t.Fatalf("scheduled: %+v", s)
	}
	n.Apply(s)
	if got := notification.Render(s.Contents, notification.Recipient{FirstName: "Anna", LastName: "Jansen", AppName: "Sportief Zwolle"}); got != "Hallo Anna Jansen, welkom bij Sportief Zwolle!" {
		t.Fatalf("rendered: %q", got)
	}
	if got := notification.Render(s.Contents, notification.Recipient{AppName: "Move"}); got != "Hallo , welkom bij Move!" {
		t.Fatalf("rendered without a name: %q", got)
	}
	if n.Due(now) || !n.Due(s.SendAt) {
		t.Fatal("due at its moment, not before")
	}
	// Edit and cancel only before the moment; sent once.
	if _, err := n.Update("app", s.Fields, s.SendAt); conflict(err) != "notification.sending" {
		t.Fatalf("edit at the moment: %v", err)
	}
	if _, err := n.Cancel("app", s.SendAt.Add(-notification.EditMargin)); conflict(err) != "notification.sending" {
		t.Fatalf("cancel within the margin: %v", err)
	}
	if !n.Editable(s.SendAt.Add(-notification.EditMargin - time.Second)) {
		t.Fatal("not editable before the margin")
	}
	sent := n.MarkSent(3, s.SendAt)
	if len(sent) != 1 {
		t.Fatal("not sent")
	}
	n.Apply(sent[0])
	if len(n.MarkSent(3, s.SendAt.Add(time.Hour))) != 0 {
		t.Fatal("sent twice")
	}
	if _, err := n.Cancel("app", now); conflict(err) != "notification.already_sent" {
		t.Fatalf("cancel after sending: %v", err)
	}
	m := notification.New("n2")
	m.Apply(s)
	events, err = m.Cancel("app", now)
	if err != nil {
		t.Fatal(err)
	}
	m.Apply(events[0])
	if _, err := m.Update("app", s.Fields, now); conflict(err) != "notification.already_cancelled" {
		t.Fatalf("edit after cancelling: %v", err)
	}
	if len(m.MarkSent(1, s.SendAt)) != 0 {
		t.Fatal("a cancelled notification was sent")
	}
	var nf *domain.NotFoundError
	if _, err := m.Cancel("other", now); !errors.As(err, &nf) {
		t.Fatalf("another application's: %v", err)
	}
}
