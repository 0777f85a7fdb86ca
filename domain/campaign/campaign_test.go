package campaign_test

import (
	"errors"
	"testing"

	"move/domain"
	"move/domain/campaign"
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

func TestCampaignRules(t *testing.T) {
	c := campaign.New("c1")
	_, err := c.Create("app", campaign.Fields{Title: " ", URL: "ftp://x", ImageID: ptr("../etc/passwd")})
	got := fieldsOf(err)
	if got["title"] != "validation.required" || got["url"] != "validation.url" || got["image_id"] != "validation.invalid" {
		t.Fatalf("refusals: %v", got)
	}
	if _, err := c.Create("app", campaign.Fields{Title: "Zomer", URL: ""}); fieldsOf(err)["url"] != "validation.required" {
		t.Fatalf("no url: %v", err)
	}
	events, err := c.Create("app", campaign.Fields{Title: "  Zomer  sport ", URL: " https://example.test/zomer ", ImageID: ptr("")})
	if err != nil || len(events) != 1 {
		t.Fatal(events, err)
	}
	created := events[0].(campaign.Created)
	if created.Title != "Zomer sport" || created.URL != "https://example.test/zomer" || created.ImageID != nil {
		t.Fatalf("cleaned: %+v", created)
	}
	c.Apply(created)
	if events, err := c.Update("app", created.Fields); err != nil || len(events) != 0 {
		t.Fatalf("unchanged decides nothing: %v %v", events, err)
	}
	var nf *domain.NotFoundError
	if _, err := c.Update("other", created.Fields); !errors.As(err, &nf) {
		t.Fatalf("another application's campaign: %v", err)
	}
	events, err = c.Delete("app")
	if err != nil || len(events) != 1 {
		t.Fatal(err)
	}
	c.Apply(events[0])
	if _, err := c.Delete("app"); !errors.As(err, &nf) {
		t.Fatalf("deleted twice: %v", err)
	}
}

func ptr(s string) *string { return &s }
