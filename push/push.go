// Package push is the port push notifications leave through, and its real HTTP client
// for a push service (decision 1101). The service knows the consumer app's devices by
// the customer's user id (the app registers them there); we send one message per
// customer:
//
//	POST /v1/messages {application_id, user_id, title, body} → 202 {id}
//
// with "Authorization: Bearer {key}" and an Idempotency-Key derived from the
// notification and the customer, so a send repeated after a crash reaches nobody twice
// at a service that keeps its keys (the local fake does).
package push

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// Message is one push to one customer's devices.
type Message struct {
	IdempotencyKey string
	ApplicationID  string
	UserID         string
	Title          string
	Body           string
}

// Sender is the push port.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrUnavailable: the service could not be reached or failed; the send may be repeated
// with the same key.
var ErrUnavailable = errors.New("push: service unavailable")

// Client is the push service's HTTP client.
type Client struct {
	BaseURL string
	APIKey  string
	HTTP    *http.Client
}

// NewClient makes a client with a bounded timeout.
func NewClient(baseURL, apiKey string) *Client {
	return &Client{BaseURL: strings.TrimRight(baseURL, "/"), APIKey: apiKey, HTTP: &http.Client{Timeout: 10 * time.Second}}
}

// Body is the service's message document.
type Body struct {
	ApplicationID string `json:"application_id"`
	UserID        string `json:"user_id"`
	Title         string `json:"title"`
	Body          string `json:"body"`
}

func (c *Client) Send(ctx context.Context, m Message) error {
	data, err := json.Marshal(Body{ApplicationID: m.ApplicationID, UserID: m.UserID, Title: m.Title, Body: m.Body})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/v1/messages", bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.APIKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", m.IdempotencyKey)
	res, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<16))
	switch {
	case res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests:
		return fmt.Errorf("%w: status %d", ErrUnavailable, res.StatusCode)
	case res.StatusCode >= 300:
		return fmt.Errorf("push: the service refused the message: status %d", res.StatusCode)
	}
	return nil
}

// LogSender writes pushes to the log instead of sending them (no PUSH_SERVICE_URL). It
// leaves the texts out: they hold the recipient's name, and a log is not erasable
// (decision 0511).
type LogSender struct{ Log *slog.Logger }

func (l LogSender) Send(_ context.Context, m Message) error {
	l.Log.Info("push (no PUSH_SERVICE_URL: not sent)", "user_id", m.UserID, "application_id", m.ApplicationID)
	return nil
}
