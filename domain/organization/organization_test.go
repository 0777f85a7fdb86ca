package organization_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"move/domain"
	"move/domain/organization"
)

const app = "8a1b7e1e-3f4c-4c1e-9d7e-1d2c3b4a5f60"

var hash1, hash2 = strings.Repeat("a", 64), strings.Repeat("b", 64)

func created() organization.Created {
	return organization.Created{ApplicationID: app, ClientID: "client-1", SecretHash: hash1,
		Profile: organization.Profile{Name: "HC Utrecht", Sports: []string{}}}
}

func TestLifecycle(t *testing.T) {
	type when func(*organization.Organization) ([]domain.Event, error)
	cases := []struct {
		name    string
		given   []domain.Event
		when    when
		want    []domain.Event
		wantErr any
		key     string
	}{
		{name: "create is pending", when: func(o *organization.Organization) ([]domain.Event, error) {
			return o.Create(app, organization.Profile{Name: "  HC   Utrecht "}, "client-1", hash1, "")
		}, want: []domain.Event{created()}},
		{name: "create needs a name", when: func(o *organization.Organization) ([]domain.Event, error) {
			return o.Create(app, organization.Profile{}, "client-1", hash1, "")
		}, wantErr: &domain.ValidationError{}},
		{name: "create twice", given: []domain.Event{created()}, when: func(o *organization.Organization) ([]domain.Event, error) {
			return o.Create(app, organization.Profile{Name: "x"}, "c", hash1, "")
		}, wantErr: &domain.ConflictError{}, key: "organization.exists"},
		{name: "approve a pending one", given: []domain.Event{created()},
			when: func(o *organization.Organization) ([]domain.Event, error) { return o.Approve(app) },
			want: []domain.Event{organization.Approved{}}},
		{name: "approve twice", given: []domain.Event{created(), organization.Approved{}},
			when:    func(o *organization.Organization) ([]domain.Event, error) { return o.Approve(app) },
			wantErr: &domain.ConflictError{}, key: "organization.already_approved"},
		{name: "reject an approved one", given: []domain.Event{created(), organization.Approved{}},
			when:    func(o *organization.Organization) ([]domain.Event, error) { return o.Reject(app, "spam") },
			wantErr: &domain.ConflictError{}, key: "organization.approved_not_rejectable"},
		{name: "reject twice", given: []domain.Event{created(), organization.Rejected{Reason: "spam"}},
			when:    func(o *organization.Organization) ([]domain.Event, error) { return o.Reject(app, "spam") },
			wantErr: &domain.ConflictError{}, key: "organization.already_rejected"},
		{name: "reject needs a reason", given: []domain.Event{created()},
			when:    func(o *organization.Organization) ([]domain.Event, error) { return o.Reject(app, "  ") },
			wantErr: &domain.ValidationError{}},
		{name: "reject with a reason", given: []domain.Event{created()},
			when: func(o *organization.Organization) ([]domain.Event, error) { return o.Reject(app, " no KvK ") },
			want: []domain.Event{organization.Rejected{Reason: "no KvK"}}},
		{name: "a rejected one may be approved after all", given: []domain.Event{created(), organization.Rejected{Reason: "x"}},
			when: func(o *organization.Organization) ([]domain.Event, error) { return o.Approve(app) },
			want: []domain.Event{organization.Approved{}}},
		{name: "another application's organisation is not found", given: []domain.Event{created()},
			when:    func(o *organization.Organization) ([]domain.Event, error) { return o.Approve("other-app") },
			wantErr: &domain.NotFoundError{}},
		{name: "rotate the secret", given: []domain.Event{created()},
			when: func(o *organization.Organization) ([]domain.Event, error) { return o.RotateSecret(app, hash2) },
			want: []domain.Event{organization.APISecretRotated{SecretHash: hash2}}},
		{name: "rotate a deleted one", given: []domain.Event{created(), organization.Deleted{}},
			when:    func(o *organization.Organization) ([]domain.Event, error) { return o.RotateSecret(app, hash2) },
			wantErr: &domain.NotFoundError{}},
		{name: "an unchanged update decides nothing", given: []domain.Event{created()},
			when: func(o *organization.Organization) ([]domain.Event, error) {
				return o.Update(app, organization.Profile{Name: "HC Utrecht"})
			}},
		{name: "update validates every field", given: []domain.Event{created()},
			when: func(o *organization.Organization) ([]domain.Event, error) {
				return o.Update(app, organization.Profile{Name: "x", KVK: "1234", Email: "nope", Website: "javascript:alert(1)", Sports: []string{"tennis"}})
			}, wantErr: &domain.ValidationError{}},
		{name: "delete", given: []domain.Event{created()},
			when: func(o *organization.Organization) ([]domain.Event, error) { return o.Delete(app) },
			want: []domain.Event{organization.Deleted{}}},
		{name: "finance with a valid IBAN", given: []domain.Event{created()},
			when: func(o *organization.Organization) ([]domain.Event, error) {
				return o.SetFinance(app, organization.Finance{IBAN: "nl91 abna 0417 1643 00", AccountName: "HC Utrecht"})
			}, want: []domain.Event{organization.FinanceChanged{organization.Finance{IBAN: "NL91ABNA0417164300", AccountName: "HC Utrecht"}}}},
		{name: "finance with a wrong check digit", given: []domain.Event{created()},
			when: func(o *organization.Organization) ([]domain.Event, error) {
				return o.SetFinance(app, organization.Finance{IBAN: "NL92ABNA0417164300", AccountName: "HC Utrecht"})
			}, wantErr: &domain.ValidationError{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := organization.New("org-1")
			for _, e := range c.given {
				o.Apply(e)
			}
			got, err := c.when(o)
			if c.wantErr != nil {
				target := reflect.New(reflect.TypeOf(c.wantErr)).Interface()
				if !errors.As(err, target) {
					t.Fatalf("want %T, got %v", c.wantErr, err)
				}
				var conflict *domain.ConflictError
				if c.key != "" && (!errors.As(err, &conflict) || conflict.Key != c.key) {
					t.Fatalf("want key %s, got %v", c.key, err)
				}
				if got != nil {
					t.Fatalf("a refused command decides nothing, got %v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("want %#v\n got %#v", c.want, got)
			}
		})
	}
}

func TestValidationNamesEachField(t *testing.T) {
	_, err := organization.CleanProfile(organization.Profile{Name: "", KVK: "1234567a", Email: "a@", Phone: "abc",
		InstagramURL: "ftp://x", Address: organization.Address{Country: "nld"}})
	var v *domain.ValidationError
	if !errors.As(err, &v) {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range v.Fields {
		got[f.Field] = f.Key
	}
	want := map[string]string{"name": "validation.required", "kvk": "validation.kvk", "email": "validation.email",
		"phone": "validation.phone", "instagram_url": "validation.url", "country": "validation.country"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("want %v, got %v", want, got)
	}
}

// An address of only invisible characters is refused; a required text of them is
// missing.
func TestInvisibleTextsAreRefused(t *testing.T) {
	_, err := organization.CleanProfile(organization.Profile{Name: "Club", Address: organization.Address{Street: "\u200b", City: "\u3164"}})
	var v *domain.ValidationError
	if !errors.As(err, &v) {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range v.Fields {
		got[f.Field] = f.Key
	}
	if want := map[string]string{"street": "validation.invisible", "city": "validation.invisible"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("want %v, got %v", want, got)
	}
	_, err = organization.CleanFinance(organization.Finance{AccountName: "\u200b", IBAN: "NL91ABNA0417164300"})
	if !errors.As(err, &v) || len(v.Fields) != 1 || v.Fields[0].Field != "account_name" || v.Fields[0].Key != "validation.required" {
		t.Fatalf("an account name of a zero-width space: %v", err)
	}
}

func TestIBAN(t *testing.T) {
	for iban, ok := range map[string]bool{
		"NL91ABNA0417164300": true, "GB82 WEST 1234 5698 7654 32": true, "DE89370400440532013000": true,
		"NL91ABNA0417164301": false, "NL91": false, "": false, "XX00ABNA0417164300": false, "nl91-abna": false,
	} {
		if organization.ValidIBAN(iban) != ok {
			t.Errorf("%q: want %v", iban, ok)
		}
	}
}

func TestEventsRoundTrip(t *testing.T) {
	reg := domain.NewRegistry(organization.Register)
	for _, e := range []domain.Event{created(), organization.Rejected{Reason: "r"}, organization.APISecretRotated{SecretHash: hash2}} {
		typ, data, err := reg.Encode(e)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "secret\"") {
			t.Fatalf("a secret in an event: %s", data)
		}
		out, err := reg.Decode(typ, data)
		if err != nil || !reflect.DeepEqual(out, e) {
			t.Fatalf("round trip %s: %v %#v", typ, err, out)
		}
	}
}
