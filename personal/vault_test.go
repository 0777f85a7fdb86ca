package personal_test

import (
	"context"
	"strings"
	"testing"

	"move/domain"
	"move/internal/testdb"
	"move/internal/testenv"
	"move/personal"
)

type participant struct {
	ID   string `json:"id" personal:"subject"`
	Name string `json:"name" personal:""`
	Age  int    `json:"age"`
}

type booked struct {
	Note         string        `json:"note" personal:""`
	Participants []participant `json:"participants"`
}

func (booked) EventType() string { return "test.booked.v1" }

// Each field is sealed with its subject's key — the stream's, or the one its struct
// names — the caller's event is left as it was, and erasing one participant leaves the
// others readable.
func TestSubjectsAndErasure(t *testing.T) {
	ctx := context.Background()
	vault := testenv.Vault(t, testdb.Pool(t, testdb.New(t)))
	in := booked{Note: "Belt na zessen", Participants: []participant{{ID: "participant-1", Name: "Anna", Age: 9}, {ID: "participant-2", Name: "Bram", Age: 11}}}
	sealed, err := vault.Seal(ctx, "booking-1", in)
	if err != nil {
		t.Fatal(err)
	}
	s := sealed.(booked)
	if in.Participants[0].Name != "Anna" || in.Note != "Belt na zessen" {
		t.Fatalf("sealing changed the caller's event: %+v", in)
	}
	if !strings.HasPrefix(s.Note, "pd1:booking-1:") || !strings.HasPrefix(s.Participants[0].Name, "pd1:participant-1:") ||
		!strings.HasPrefix(s.Participants[1].Name, "pd1:participant-2:") || s.Participants[1].Age != 11 || s.Participants[0].ID != "participant-1" {
		t.Fatalf("sealed: %+v", s)
	}
	opened, err := vault.Open(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	if o := opened.(booked); o.Note != in.Note || o.Participants[0].Name != "Anna" || o.Participants[1].Name != "Bram" {
		t.Fatalf("opened: %+v", o)
	}
	if deleted, err := vault.Erase(ctx, "participant-1"); err != nil || !deleted {
		t.Fatalf("erase: %v %v", deleted, err)
	}
	all, err := vault.OpenAll(ctx, []domain.Event{s, s})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range all {
		if o := e.(booked); o.Participants[0].Name != "" || o.Participants[1].Name != "Bram" || o.Note != in.Note {
			t.Fatalf("after erasing participant 1: %+v", o)
		}
	}
	plain, err := vault.Open(ctx, booked{Note: "written before sealing"})
	if err != nil || plain.(booked).Note != "written before sealing" {
		t.Fatalf("a plain value from before sealing stays readable: %+v %v", plain, err)
	}
}

// A key the secret cannot unwrap is an error (the wrong PERSONAL_DATA_KEY), never
// mistaken for an erasure.
func TestWrongSecretIsAnError(t *testing.T) {
	ctx := context.Background()
	db := testdb.Pool(t, testdb.New(t))
	sealed, err := testenv.Vault(t, db).Seal(ctx, "organization-1", booked{Note: "x"})
	if err != nil {
		t.Fatal(err)
	}
	other, err := personal.NewSecret(strings.Repeat("another secret ", 3))
	if err != nil {
		t.Fatal(err)
	}
	vault, err := personal.NewVault(db, other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := vault.Open(ctx, sealed); err == nil {
		t.Fatal("opened with the wrong secret")
	}
	if _, err := personal.NewSecret("short"); err == nil {
		t.Fatal("a short secret is refused")
	}
}
