package product

import (
	"errors"
	"testing"

	"move/domain"
	"move/domain/offer"
)

const (
	app     = "app"
	typeID  = "7f0c1e4e-8f43-4e2c-9d1a-2b7a0c3d4e5f"
	labelID = "0b7e5f1a-3c2d-4e6f-8a9b-1c2d3e4f5a6b"
)

func fields(err error) map[string]string {
	var v *domain.ValidationError
	out := map[string]string{}
	if errors.As(err, &v) {
		for _, f := range v.Fields {
			out[f.Field] = f.Key
		}
	}
	return out
}

func ptr[T any](v T) *T { return &v }

func created(t *testing.T) *Product {
	t.Helper()
	p := New("p1")
	ev, err := p.Create(app, "org", Details{Name: " Locker ", ProductTypeID: typeID})
	if err != nil {
		t.Fatal(err)
	}
	p.Apply(ev[0])
	return p
}

func TestCreateChecksEveryField(t *testing.T) {
	d := Details{Name: " ", SportID: ptr("not-a-uuid"), Gender: "x", Level: "pro", PriceDisplayMode: "dollars",
		PaymentURL: "ftp://x", AgeMin: ptr(5), AgeMax: ptr(3), CategoryIDs: []string{"nope"}, Spots: ptr(-1),
		Contacts: []offer.Contact{{ContactID: labelID}}}
	_, err := New("p").Create(app, "org", d)
	got := fields(err)
	want := map[string]string{"name": "validation.required", "product_type_id": "product.type_required", "sport_id": "validation.invalid",
		"gender": "validation.one_of", "level": "validation.one_of", "price_display_mode": "validation.one_of",
		"payment_url": "validation.url", "age_max": "product.age_range", "category_ids": "validation.invalid",
		"contacts.0.roles": "product.contact_role", "spots": "product.spots"}
	for f, k := range want {
		if got[f] != k {
			t.Errorf("%s: got %q, want %q", f, got[f], k)
		}
	}
	if len(got) != len(want) {
		t.Errorf("refusals %v, want %v", got, want)
	}
	for _, d := range []Details{
		{Name: "x", ProductTypeID: "nope"},
		{Name: "x", ProductTypeID: typeID, Spots: ptr(MaxSpots + 1)},
		{Name: "x", ProductTypeID: typeID, ShouldValidateAge: true},
	} {
		if _, err := New("p").Create(app, "org", d); err == nil {
			t.Errorf("%+v: accepted", d)
		}
	}
	if f := fields(func() error {
		_, err := New("p").Create(app, "org", Details{Name: "x", ProductTypeID: typeID, ShouldValidateAge: true})
		return err
	}()); f["should_validate_age"] != "product.age_check_without_range" {
		t.Errorf("age check without a range: %v", f)
	}
}

func TestCreateCleansAndDefaults(t *testing.T) {
	p := created(t)
	if p.Details.Name != "Locker" || p.Details.PriceDisplayMode != "eur" || p.Details.Spots != nil || len(p.Details.Contacts) != 0 {
		t.Fatalf("cleaned: %+v", p.Details)
	}
	if _, err := p.Create(app, "org", Details{Name: "again", ProductTypeID: typeID}); err == nil {
		t.Fatal("created twice")
	}
}

func TestUpdateLocationQuestionsLabelsDelete(t *testing.T) {
	p := created(t)
	// Unchanged details decide nothing; changed ones one event.
	if ev, err := p.Update(app, Details{Name: "Locker", ProductTypeID: typeID}); err != nil || len(ev) != 0 {
		t.Fatalf("unchanged: %v %v", ev, err)
	}
	ev, err := p.Update(app, Details{Name: "Locker", ProductTypeID: typeID, Spots: ptr(10), Draft: true})
	if err != nil || len(ev) != 1 {
		t.Fatalf("update: %v %v", ev, err)
	}
	p.Apply(ev[0])
	if *p.Details.Spots != 10 || !p.Details.Draft {
		t.Fatalf("applied: %+v", p.Details)
	}
	// Another application's product is not found.
	var nf *domain.NotFoundError
	if _, err := p.Update("other", Details{Name: "x", ProductTypeID: typeID}); !errors.As(err, &nf) {
		t.Fatalf("another application: %v", err)
	}
	if _, err := p.SetLocation(app, ptr("nope")); fields(err)["location_id"] != "validation.invalid" {
		t.Fatalf("location: %v", err)
	}
	ev, _ = p.SetLocation(app, ptr(labelID))
	p.Apply(ev[0])
	if ev, _ := p.SetLocation(app, ptr(labelID)); len(ev) != 0 {
		t.Fatal("the same location twice")
	}
	if _, err := p.ChangeQuestions(app, []offer.Question{{Title: "Size", Type: "single_select", Options: []string{"M"}}}, func() string { return labelID }); fields(err)["questions.0.options"] != "product.question_options" {
		t.Fatalf("question options: %v", err)
	}
	ev, err = p.ChangeQuestions(app, []offer.Question{{Title: " Size ", Type: "single_select", Options: []string{"M", "L", "M"}}}, func() string { return labelID })
	if err != nil || ev[0].(QuestionsChanged).Questions[0].ID != labelID || len(ev[0].(QuestionsChanged).Questions[0].Options) != 2 {
		t.Fatalf("questions: %v %v", ev, err)
	}
	p.Apply(ev[0])
	ev, _ = p.AssignLabels(app, []string{labelID, labelID})
	if len(ev[0].(LabelsAssigned).LabelIDs) != 1 {
		t.Fatalf("labels once: %v", ev)
	}
	p.Apply(ev[0])
	ev, _ = p.Delete(app)
	p.Apply(ev[0])
	if _, err := p.Delete(app); !errors.As(err, &nf) {
		t.Fatalf("deleted twice: %v", err)
	}
}
