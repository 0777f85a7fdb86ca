package offer_test

import (
	"context"
	"testing"

	domainidentity "move/domain/identity"
	"move/readapi/readapitest"
)

func TestContacts(t *testing.T) {
	w := readapitest.NewOfferWorld(t)
	staff := w.As(w.Users["organization"], w.AppA).En()
	base := "/v1/admin/organizations/" + w.OrgA + "/contacts"

	// Every contact needs a role (spec §5); a trainer user must be a trainer of the organisation.
	if got := readapitest.Field(staff.Want("POST", base, map[string]any{"name": "Ria", "roles": []string{}}, 422), "roles"); got != "Choose at least one role: mail, contact person or trainer" {
		t.Fatalf("no role: %q", got)
	}
	if got := readapitest.Field(staff.Want("POST", base, map[string]any{"name": "Ria", "roles": []string{"trainer"}, "trainer_user_id": w.Admin}, 422), "trainer_user_id"); got != "This user is not a trainer of this organisation" {
		t.Fatalf("not a trainer: %q", got)
	}
	otherTrainer := w.User("Tina", "Elders", &domainidentity.Grant{Role: domainidentity.RoleTrainer, ApplicationID: w.AppA, OrganizationID: w.OrgA2})
	staff.Want("POST", base, map[string]any{"name": "Tina", "roles": []string{"trainer"}, "trainer_user_id": otherTrainer}, 422)

	id := readapitest.Dig(staff.Want("POST", base, map[string]any{"name": "Ria de Vries", "email": "ria@example.org", "phone": "+31 6 1234 5678",
		"roles": []string{"trainer", "mail"}, "trainer_user_id": w.Users["trainer"]}, 201).Body, "data", "id").(string)
	w.Settle()
	list := staff.Want("GET", base, nil, 200)
	if readapitest.Total(list) != 1 || readapitest.Dig(readapitest.Rows(list)[0], "email") != "ria@example.org" || len(readapitest.Dig(readapitest.Rows(list)[0], "roles").([]any)) != 2 {
		t.Fatalf("list: %s", list.Raw)
	}
	// The search box finds a contact by any part of its name, whatever its case.
	for search, want := range map[string]int{"vries": 1, "+RIA+": 1, "jansen": 0} {
		if n := readapitest.Total(staff.Want("GET", base+"?search="+search, nil, 200)); n != want {
			t.Errorf("search %q: %d contacts, want %d", search, n, want)
		}
	}
	// The log holds the personal fields sealed, never in plain text.
	var plain int
	if err := w.Env.DB.QueryRow(context.Background(), `SELECT count(*) FROM eventstore_events WHERE stream = $1 AND data::text LIKE '%ria@example.org%'`,
		"contact-"+id).Scan(&plain); err != nil || plain != 0 {
		t.Fatalf("plain personal data in the log: %d (%v)", plain, err)
	}

	// A location names the organisation's contacts only.
	loc := locationBody("Hal")
	loc["contacts"] = []string{id}
	staff.Want("POST", "/v1/admin/organizations/"+w.OrgA+"/locations", loc, 201)
	staff.Want("POST", "/v1/admin/organizations/"+w.OrgA2+"/contacts", map[string]any{"name": "X", "roles": []string{"mail"}}, 404)
	w.As(w.StaffB, w.AppB).Want("GET", "/v1/admin/contacts/"+id, nil, 404)
	w.As(w.Users["trainer"], w.AppA).Want("GET", base, nil, 403)

	// Deleting a contact erases its personal data.
	staff.Want("DELETE", "/v1/admin/contacts/"+id, nil, 200)
	w.Settle()
	staff.Want("GET", "/v1/admin/contacts/"+id, nil, 404)
	var key int
	if err := w.Env.DB.QueryRow(context.Background(), `SELECT count(*) FROM personal_data_keys WHERE subject = $1`, "contact-"+id).Scan(&key); err != nil || key != 0 {
		t.Fatalf("the contact's key after delete: %d (%v)", key, err)
	}
}
