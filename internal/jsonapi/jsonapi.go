// Package jsonapi is the one JSON-over-HTTP call the clients of outside services make
// (the payment provider, the app build service): a bearer key, an idempotency key, and
// the answer sorted into unavailable (try again later) and refused (the service said no).
package jsonapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// ErrUnavailable: the service did not answer, answered 5xx or 429, or answered what does
// not decode. Repeating later may help.
var ErrUnavailable = errors.New("service unavailable")

// Refused is the service's refusal (4xx) with its problem detail: repeating will not help.
type Refused struct {
	Status int
	Detail string
}

func (e *Refused) Error() string { return fmt.Sprintf("refused (%d): %s", e.Status, e.Detail) }

// Call sends body (when not nil) as JSON to baseURL+path and decodes the answer into out.
func Call(ctx context.Context, client *http.Client, baseURL, apiKey, method, path, idempotencyKey string, body, out any) error {
	var reader io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, baseURL+path, reader)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+apiKey)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	switch {
	case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
		return fmt.Errorf("%w: %s %s answered %d", ErrUnavailable, method, path, resp.StatusCode)
	case resp.StatusCode >= 400:
		var problem struct {
			Detail string `json:"detail"`
		}
		_ = json.Unmarshal(data, &problem)
		return &Refused{Status: resp.StatusCode, Detail: problem.Detail}
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%w: %s %s: %v", ErrUnavailable, method, path, err)
	}
	return nil
}
