// Package buildservice is the port to the app build service, which builds an
// application's iOS and Android apps outside our system, and its real HTTP client
// (decision 1201):
//
//	POST /v1/builds {reference, application_id, platform, tag, version_name, build_number,
//	                 minimum_app_version, bundle_id, store{…}} → {id, status, artifact_url, failure_reason}
//	GET  /v1/builds/{id}                                     → {id, status, artifact_url, failure_reason}
//
// Statuses: queued, building, succeeded (artifact_url), failed (failure_reason). Every
// call carries "Authorization: Bearer {key}"; a submission carries Idempotency-Key = our
// build's id, so a retry after a crash or a lost answer never builds twice.
package buildservice

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"move/internal/jsonapi"
)

// Service is the build service's port.
type Service interface {
	Submit(ctx context.Context, in NewBuild) (Build, error)
	Get(ctx context.Context, serviceID string) (Build, error)
}

// NewBuild is a build to submit; Reference is our build's id (and the idempotency key).
type NewBuild struct {
	Reference         string `json:"reference"`
	ApplicationID     string `json:"application_id"`
	Platform          string `json:"platform"`
	Tag               string `json:"tag"`
	VersionName       string `json:"version_name"`
	BuildNumber       int    `json:"build_number"`
	MinimumAppVersion string `json:"minimum_app_version"`
	BundleID          string `json:"bundle_id"`
	Store             Store  `json:"store"`
}

// Store is what the app shows in the stores and on start.
type Store struct {
	AppName          string   `json:"app_name"`
	PromotionalText  string   `json:"promotional_text"`
	ShortDescription string   `json:"short_description"`
	LongDescription  string   `json:"long_description"`
	Keywords         []string `json:"keywords"`
	PrimaryColor     string   `json:"primary_color"`
	SecondaryColor   string   `json:"secondary_color"`
	SupportURL       string   `json:"support_url"`
	PrivacyURL       string   `json:"privacy_url"`
	MarketingURL     string   `json:"marketing_url"`
	// IconURL and SplashURL are where the service downloads the images (our public file route).
	IconURL   string `json:"icon_url"`
	SplashURL string `json:"splash_url"`
}

// Build is the service's build.
type Build struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	ArtifactURL   string `json:"artifact_url,omitempty"`
	FailureReason string `json:"failure_reason,omitempty"`
}

// ErrUnavailable: the service could not be reached or failed (5xx, 429); the call may
// be repeated with the same idempotency key.
var ErrUnavailable = errors.New("buildservice: service unavailable")

// RefusedError is the service's refusal (4xx): repeating will not help, the build is
// recorded failed with the service's reason.
type RefusedError struct {
	Status int
	Detail string
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("buildservice: refused (%d): %s", e.Status, e.Detail)
}

// Client is the build service's HTTP client.
type Client struct {
	BaseURL string
	APIKey  string
	HTTP    *http.Client
}

// NewClient makes a client with a bounded timeout: a hanging service must not hold the
// superadmin's request (the process submits again).
func NewClient(baseURL, apiKey string) *Client {
	return &Client{BaseURL: strings.TrimRight(baseURL, "/"), APIKey: apiKey, HTTP: &http.Client{Timeout: 10 * time.Second}}
}

// Submit implements Service.
func (c *Client) Submit(ctx context.Context, in NewBuild) (Build, error) {
	var out Build
	err := c.call(ctx, http.MethodPost, "/v1/builds", in.Reference, in, &out)
	return out, err
}

// Get implements Service.
func (c *Client) Get(ctx context.Context, serviceID string) (Build, error) {
	var out Build
	err := c.call(ctx, http.MethodGet, "/v1/builds/"+url.PathEscape(serviceID), "", nil, &out)
	return out, err
}

// call is jsonapi.Call with its outcome in this package's errors.
func (c *Client) call(ctx context.Context, method, path, idempotencyKey string, body, out any) error {
	err := jsonapi.Call(ctx, c.HTTP, c.BaseURL, c.APIKey, method, path, idempotencyKey, body, out)
	var refused *jsonapi.Refused
	switch {
	case errors.As(err, &refused):
		return &RefusedError{Status: refused.Status, Detail: refused.Detail}
	case errors.Is(err, jsonapi.ErrUnavailable):
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	return err
}
