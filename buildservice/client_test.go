package buildservice_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"move/buildservice"
	"move/buildservice/buildtest"
)

// The client against the local service: a submission repeated with its key is the same
// build; the status moves with the service's clock; an outage is ErrUnavailable and a
// refusal a RefusedError with the service's words.
func TestClientAgainstTheLocalService(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	service := buildtest.New("key", time.Minute)
	service.Now = func() time.Time { return now }
	t.Cleanup(service.Close)
	client := buildservice.NewClient(service.URL, "key")
	in := buildservice.NewBuild{Reference: "b-1", Platform: "android", Tag: "v1", VersionName: "1.0", BuildNumber: 1, BundleID: "nl.app"}

	first, err := client.Submit(ctx, in)
	if err != nil || first.ID == "" || first.Status != "queued" {
		t.Fatalf("submit %+v %v", first, err)
	}
	again, err := client.Submit(ctx, in)
	if err != nil || again.ID != first.ID || service.Submitted() != 1 {
		t.Fatalf("again %+v %v, %d submitted", again, err, service.Submitted())
	}
	now = now.Add(30 * time.Second)
	if got, _ := client.Get(ctx, first.ID); got.Status != "building" {
		t.Fatalf("after 30 s: %+v", got)
	}
	now = now.Add(time.Minute)
	got, err := client.Get(ctx, first.ID)
	if err != nil || got.Status != "succeeded" || got.ArtifactURL != service.URL+"/artifacts/"+first.ID+".aab" {
		t.Fatalf("done: %+v %v", got, err)
	}

	service.Down(true)
	if _, err := client.Get(ctx, first.ID); !errors.Is(err, buildservice.ErrUnavailable) {
		t.Fatalf("down: %v", err)
	}
	service.Down(false)
	var refused *buildservice.RefusedError
	if _, err := client.Get(ctx, "no-such-build"); !errors.As(err, &refused) || refused.Status != 404 || refused.Detail != "no such build" {
		t.Fatalf("unknown build: %v", err)
	}
	if _, err := buildservice.NewClient(service.URL, "wrong").Submit(ctx, in); !errors.As(err, &refused) || refused.Status != 401 {
		t.Fatalf("wrong key: %v", err)
	}
	if _, err := buildservice.NewClient("http://127.0.0.1:1", "key").Get(ctx, "x"); !errors.Is(err, buildservice.ErrUnavailable) {
		t.Fatalf("unreachable: %v", err)
	}

	failing := in
	failing.Reference, failing.Tag = "b-2", "v2"+buildtest.FailingTagSuffix
	b, _ := client.Submit(ctx, failing)
	now = now.Add(2 * time.Minute)
	if got, _ := client.Get(ctx, b.ID); got.Status != "failed" || got.FailureReason == "" {
		t.Fatalf("failing tag: %+v", got)
	}
}
