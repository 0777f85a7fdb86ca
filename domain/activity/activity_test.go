package activity

import (
	"errors"
	"testing"

	"move/domain"
)

const app = "app"

func ids() func() string {
	return func() string { return "5d1c1e4e-8f43-4e2c-9d1a-2b7a0c3d4e5f" }
}

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

func created(t *testing.T) *Activity {
	t.Helper()
	a := New("a1")
	ev, err := a.Create(app, "org", TypeSession, Details{Name: " Yoga "}, Settings{HasWaitlist: true})
	if err != nil {
		t.Fatal(err)
	}
	a.Apply(ev[0])
	return a
}

func TestCreateChecksEveryField(t *testing.T) {
	age5, age3, age200 := 5, 3, 200
	d := Details{Name: "", SportID: ptr("not-a-uuid"), Gender: "x", Level: "pro", PriceDisplayMode: "dollars",
		PaymentURL: "ftp://x", AgeMin: &age5, AgeMax: &age3, CategoryIDs: []string{"nope"},
		Contacts: []Contact{{ContactID: "0b7e5f1a-3c2d-4e6f-8a9b-1c2d3e4f5a6b"}}}
	_, err := New("a").Create(app, "org", "course", d, Settings{})
	got := fields(err)
	want := map[string]string{"type": "validation.one_of", "name": "validation.required", "sport_id": "validation.invalid",
		"gender": "validation.one_of", "level": "validation.one_of", "price_display_mode": "validation.one_of",
		"payment_url": "validation.url", "age_max": "activity.age_range", "category_ids": "validation.invalid",
		"contacts.0.roles": "activity.contact_role"}
	for f, k := range want {
		if got[f] != k {
			t.Errorf("%s: got %q, want %q", f, got[f], k)
		}
	}
	d = Details{Name: "x", AgeMax: &age200}
	if _, err := New("a").Create(app, "org", TypeBundle, d, Settings{}); fields(err)["age_max"] != "validation.between" {
		t.Errorf("age above the limit: %v", err)
	}
}

func TestCreateCleansAndDefaults(t *testing.T) {
	a := created(t)
	if a.Details.Name != "Yoga" || a.Details.PriceDisplayMode != "eur" || a.Type != TypeSession || !a.Settings.HasWaitlist {
		t.Fatalf("%+v", a)
	}
	if ev, err := a.Update(app, Details{Name: "Yoga"}); err != nil || len(ev) != 0 {
		t.Fatalf("unchanged details decide nothing: %v %v", ev, err)
	}
	if _, err := a.Update("other", Details{Name: "Pilates"}); err == nil {
		t.Fatal("another application's activity is not found")
	}
}

func TestQuestions(t *testing.T) {
	a := created(t)
	qs := []Question{
		{Title: "T-shirt size", Type: "single_select", Options: []string{"S", "M", " M ", ""}},
		{Title: "", Type: "multi_select", Options: []string{"only one"}},
		{Title: "Remarks", Type: "free", HasURL: true, URL: "nope"},
	}
	got := fields(func() error { _, err := a.ChangeQuestions(app, qs, ids()); return err }())
	want := map[string]string{"questions.1.title": "validation.required", "questions.1.options": "activity.question_options",
		"questions.2.type": "validation.one_of", "questions.2.url": "validation.url"}
	for f, k := range want {
		if got[f] != k {
			t.Errorf("%s: got %q, want %q", f, got[f], k)
		}
	}
	ev, err := a.ChangeQuestions(app, []Question{qs[0], {Title: "Remarks", Type: "text", Options: []string{"x"}}}, ids())
	if err != nil {
		t.Fatal(err)
	}
	q := ev[0].(QuestionsChanged).Questions
	if len(q[0].Options) != 2 || q[0].ID == "" || len(q[1].Options) != 0 {
		t.Fatalf("%+v", q)
	}
}

func TestLocationSettingsLabelsDelete(t *testing.T) {
	a := created(t)
	loc := "0b7e5f1a-3c2d-4e6f-8a9b-1c2d3e4f5a6b"
	if ev, err := a.SetLocation(app, &loc); err != nil || len(ev) != 1 {
		t.Fatalf("%v %v", ev, err)
	}
	if _, err := a.SetLocation(app, ptr("x")); fields(err)["location_id"] != "validation.invalid" {
		t.Fatalf("%v", err)
	}
	if ev, _ := a.ChangeSettings(app, Settings{HasWaitlist: true}); len(ev) != 0 {
		t.Fatal("unchanged settings decide nothing")
	}
	ev, err := a.AssignLabels(app, []string{loc, loc})
	if err != nil || len(ev[0].(LabelsAssigned).LabelIDs) != 1 {
		t.Fatalf("%v %v", ev, err)
	}
	ev, _ = a.Delete(app)
	a.Apply(ev[0])
	if _, err := a.Delete(app); err == nil {
		t.Fatal("a deleted activity is not found")
	}
}

func ptr(s string) *string { return &s }
