package themedpage_test

import (
	"errors"
	"strings"
	"testing"

	"move/domain"
	"move/domain/themedpage"
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

func ptr(s string) *string { return &s }

const token = "0123456789abcdef0123456789abcdef"

func TestPageRefusesBadContentPerField(t *testing.T) {
	p := themedpage.New("p1")
	_, err := p.Create("app", themedpage.Fields{
		Title:   themedpage.Text{NL: " ", EN: strings.Repeat("x", 101)},
		ImageID: ptr("../etc/passwd"),
		Blocks: []themedpage.Block{
			{Type: "heading", Text: themedpage.Text{EN: "Only English"}},
			{Type: "text", Text: themedpage.Text{NL: strings.Repeat("é", 5001)}},
			{Type: "image"},
			{Type: "button", Text: themedpage.Text{NL: "Boek"}, URL: ptr("javascript:alert(1)")},
			{Type: "video"},
			{Type: "button", Text: themedpage.Text{NL: "Boek"}},
			{Type: "heading", Text: themedpage.Text{NL: "\u200b"}},
		},
	})
	got := fieldsOf(err)
	want := map[string]string{
		"title.nl": "validation.required", "title.en": "validation.max_length", "image_id": "validation.invalid",
		"blocks.0.text.nl": "validation.required", "blocks.1.text.nl": "validation.max_length",
		"blocks.2.image_id": "validation.required", "blocks.3.url": "validation.url", "blocks.4.type": "themed_page.block_type",
		"blocks.5.url": "validation.required", "blocks.6.text.nl": "validation.required",
	}
	for field, key := range want {
		if got[field] != key {
			t.Errorf("%s: got %q, want %q (all: %v)", field, got[field], key, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("refusals: %v", got)
	}
	many := make([]themedpage.Block, themedpage.MaxBlocks+1)
	for i := range many {
		many[i] = themedpage.Block{Type: "heading", Text: themedpage.Text{NL: "Kop"}}
	}
	if _, err := p.Create("app", themedpage.Fields{Title: themedpage.Text{NL: "Over ons"}, Blocks: many}); fieldsOf(err)["blocks"] != "themed_page.too_many_blocks" {
		t.Fatalf("too many blocks: %v", err)
	}
	if _, err := p.Create("app", themedpage.Fields{Title: themedpage.Text{NL: "Over ons"}, Blocks: many[:themedpage.MaxBlocks]}); err != nil {
		t.Fatalf("the maximum of blocks: %v", err)
	}
}

func TestPageLifecycle(t *testing.T) {
	p := themedpage.New("p1")
	events, err := p.Create("app", themedpage.Fields{
		Title:   themedpage.Text{NL: "  Over   ons ", EN: ""},
		ImageID: ptr(" " + strings.ToUpper(token) + " "),
		Blocks: []themedpage.Block{
			{Type: "text", Text: themedpage.Text{NL: " Eerste alinea.\r\n\r\nTweede. ", EN: "First."}, URL: ptr("https://dropped.test"), ImageID: ptr(token)},
			{Type: "image", ImageID: ptr(token), Text: themedpage.Text{NL: "Het veld"}},
			{Type: "button", Text: themedpage.Text{NL: "Boek nu", EN: "Book now"}, URL: ptr(" https://example.test/boek ")},
		},
	})
	if err != nil || len(events) != 1 {
		t.Fatal(events, err)
	}
	created := events[0].(themedpage.Created)
	if created.Title.NL != "Over ons" || *created.ImageID != token || created.Blocks[0].Text.NL != "Eerste alinea.\n\nTweede." ||
		created.Blocks[0].URL != nil || created.Blocks[0].ImageID != nil || *created.Blocks[2].URL != "https://example.test/boek" {
		t.Fatalf("cleaned: %+v", created)
	}
	if created.Blocks[0].Text.In("en") != "First." || created.Blocks[1].Text.In("en") != "Het veld" || created.Title.In("nl") != "Over ons" {
		t.Fatal("English falls back to Dutch")
	}
	p.Apply(created)
	if _, err := p.Create("app", created.Fields); err == nil {
		t.Fatal("created twice")
	}
	if events, err := p.Update("app", created.Fields); err != nil || len(events) != 0 {
		t.Fatalf("unchanged decides nothing: %v %v", events, err)
	}
	var nf *domain.NotFoundError
	for _, decide := range []func(string) ([]domain.Event, error){
		func(app string) ([]domain.Event, error) { return p.Update(app, created.Fields) },
		p.Publish, p.Unpublish, p.Delete,
	} {
		if _, err := decide("other"); !errors.As(err, &nf) {
			t.Fatalf("another application's page: %v", err)
		}
	}
	if events, _ := p.Unpublish("app"); len(events) != 0 {
		t.Fatal("a draft unpublished")
	}
	events, _ = p.Publish("app")
	if len(events) != 1 {
		t.Fatal("publish")
	}
	p.Apply(events[0])
	if events, _ := p.Publish("app"); len(events) != 0 || !p.Published {
		t.Fatal("published twice")
	}
	changed := created.Fields
	changed.Title.EN = "About us"
	events, _ = p.Update("app", changed)
	p.Apply(events[0])
	if !p.Published || p.Fields.Title.EN != "About us" {
		t.Fatal("an edit keeps the page published")
	}
	events, _ = p.Delete("app")
	p.Apply(events[0])
	if _, err := p.Delete("app"); !errors.As(err, &nf) {
		t.Fatalf("deleted twice: %v", err)
	}
}

func TestOrder(t *testing.T) {
	o := themedpage.NewOrder("app")
	a, b := "6f1c1a7e-0000-4000-8000-000000000001", "6f1c1a7e-0000-4000-8000-000000000002"
	if _, err := o.Set([]string{a, a}); fieldsOf(err)["page_ids"] != "themed_page.order_twice" {
		t.Fatalf("twice: %v", err)
	}
	if _, err := o.Set([]string{"nope"}); fieldsOf(err)["page_ids"] != "validation.invalid" {
		t.Fatalf("not an id: %v", err)
	}
	events, err := o.Set([]string{b, strings.ToUpper(a)})
	if err != nil || len(events) != 1 || events[0].(themedpage.OrderSet).PageIDs[1] != a {
		t.Fatal(events, err)
	}
	o.Apply(events[0])
	if events, _ := o.Set([]string{b, a}); len(events) != 0 {
		t.Fatal("the same order decides nothing")
	}
	if _, err := o.Set(make([]string, themedpage.MaxPages+1)); fieldsOf(err)["page_ids"] != "themed_page.too_many_pages" {
		t.Fatalf("too many: %v", err)
	}
}
