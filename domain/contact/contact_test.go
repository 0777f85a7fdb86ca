package contact_test

import (
	"errors"
	"reflect"
	"testing"

	"move/domain"
	"move/domain/contact"
)

func ptr[T any](v T) *T { return &v }

func keys(t *testing.T, err error) map[string]string {
	t.Helper()
	var v *domain.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("want a validation error, got %v", err)
	}
	out := map[string]string{}
	for _, f := range v.Fields {
		out[f.Field] = f.Key
	}
	return out
}

// TestContactRoles: every contact needs at least one role of mail, contact_person and
// trainer (spec §5); only a trainer links a trainer user.
func TestContactRoles(t *testing.T) {
	trainer := "7b0c7e4e-8f57-4a8f-9d4b-0b7c9b1e2f3a"
	cases := []struct {
		name  string
		roles []string
		user  *string
		want  map[string]string
		kept  []string
	}{
		{name: "one role", roles: []string{"mail"}, kept: []string{"mail"}},
		{name: "roles in the form's order, once", roles: []string{"trainer", "mail", "trainer"}, kept: []string{"mail", "trainer"}},
		{name: "a trainer with a user", roles: []string{"trainer"}, user: ptr(trainer), kept: []string{"trainer"}},
		{name: "no role", roles: nil, want: map[string]string{"roles": "contact.role_required"}},
		{name: "an unknown role", roles: []string{"coach"}, want: map[string]string{"roles": "contact.unknown_role"}},
		{name: "a trainer user without the trainer role", roles: []string{"mail"}, user: ptr(trainer),
			want: map[string]string{"trainer_user_id": "contact.trainer_needs_role"}},
		{name: "a trainer user that is no id", roles: []string{"trainer"}, user: ptr("x"),
			want: map[string]string{"trainer_user_id": "validation.invalid"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := contact.Clean(contact.Fields{Name: "Ria", Roles: c.roles, TrainerUserID: c.user})
			if c.want != nil {
				if got := keys(t, err); !reflect.DeepEqual(got, c.want) {
					t.Fatalf("got %v, want %v", got, c.want)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(f.Roles, c.kept) {
				t.Fatalf("roles %v, %v", f.Roles, err)
			}
		})
	}
}

func TestContactDetails(t *testing.T) {
	got := keys(t, func() error {
		_, err := contact.Clean(contact.Fields{Email: "not an address", Phone: "call me", Roles: []string{"mail"}})
		return err
	}())
	want := map[string]string{"name": "validation.required", "email": "validation.email", "phone": "validation.phone"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	c := contact.New("c1")
	events, err := c.Create("app", "org", contact.Fields{Name: " Ria  de Vries ", Email: "ria@example.org", Roles: []string{"contact_person"}})
	if err != nil || events[0].(contact.Created).Name != "Ria de Vries" {
		t.Fatalf("create: %v %v", events, err)
	}
	c.Apply(events[0])
	if e, err := c.Update("app", contact.Fields{Name: "Ria de Vries", Email: "ria@example.org", Roles: []string{"contact_person"}}); e != nil || err != nil {
		t.Fatalf("unchanged: %v %v", e, err)
	}
	if _, err := c.Delete("other"); !errors.As(err, new(*domain.NotFoundError)) {
		t.Fatalf("another application: %v", err)
	}
}
