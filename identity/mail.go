package identity

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/smtp"
	"net/url"
	"strings"
)

// Mail is one message to one person.
type Mail struct {
	To      string
	Subject string
	Body    string
}

// Mailer is the port mail leaves through.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// LogMailer writes mail to the log instead of sending it (development: `make run`
// shows reset and invite links). It leaves the recipient's address out: a log is not
// erasable (decision 0511), and the links alone are what a developer follows.
type LogMailer struct{ Log *slog.Logger }

func (l LogMailer) Send(_ context.Context, m Mail) error {
	l.Log.Info("mail (outbox: SMTP_URL is not set)", "subject", m.Subject, "body", m.Body)
	return nil
}

// SMTPMailer sends through an SMTP server: smtp://user:password@host:port?from=addr.
type SMTPMailer struct {
	addr string
	auth smtp.Auth
	from string
}

// NewSMTPMailer reads the SMTP_URL. Errors never quote the URL (it holds a password).
func NewSMTPMailer(raw string) (*SMTPMailer, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "smtp" || u.Host == "" {
		return nil, fmt.Errorf("SMTP_URL: want smtp://user:password@host:port?from=address")
	}
	from := u.Query().Get("from")
	if from == "" {
		return nil, fmt.Errorf("SMTP_URL: want a from= address")
	}
	m := &SMTPMailer{addr: u.Host, from: from}
	if u.User != nil {
		password, _ := u.User.Password()
		host, _, _ := net.SplitHostPort(u.Host)
		m.auth = smtp.PlainAuth("", u.User.Username(), password, host)
	}
	return m, nil
}

func (m *SMTPMailer) Send(_ context.Context, mail Mail) error {
	if strings.ContainsAny(mail.To, "\r\n") || strings.ContainsAny(mail.Subject, "\r\n") {
		return fmt.Errorf("mail: header injection refused")
	}
	msg := "From: " + m.from + "\r\nTo: " + mail.To + "\r\nSubject: " + mail.Subject +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + mail.Body
	return smtp.SendMail(m.addr, m.auth, m.from, []string{mail.To}, []byte(msg))
}
